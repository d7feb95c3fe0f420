/*
 * check.c - the checker's entry point and what its parts share: ck_run,
 * which picks the check of the exercise's contract (check.h); the growth
 * class of a measured W or D (contracts.h); and the small helpers of
 * ckutil.h (a file read whole, strings, the build tree, the cases' input
 * distributions).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algo.h"
#include "check.h"
#include "ckutil.h"
#include "contain.h"
#include "contracts.h"
#include "exercise.h"
#include "fit.h"
#include "grind.h"
#include "grindview.h"
#include "result.h"

#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR "."
#endif

int ck_run(const ck_exercise *ex, const char *path, ck_result *r)
{
	if (access(path, R_OK) != 0) {
		ck_note(r, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (ck_contract_pram(ex->contract))
		return ck_pram_check(ex, path, r);
	if (ex->contract == CK_PREDICTION)
		return ck_predict_check(ex, path, r);
	return ck_kernel_check(ex, path, r);
}

/* One thing this machine lacks, for the criteria it would check, added to
 * why unless the exercise lets them all be skipped. */
static void lack(const ck_exercise *ex, const int *crits, size_t nc, const char *what, char *why,
		 size_t len)
{
	char names[128] = "";
	for (size_t k = 0; k < nc; k++)
		if (ex->points[crits[k]] > 0 && !ex->may_skip[crits[k]])
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 names[0] ? ", " : "", ck_crit_name(crits[k]));
	if (names[0])
		snprintf(why + strlen(why), len - strlen(why), "%s%s (%s)", why[0] ? "; " : "",
			 what, names);
}

int ck_can_grade(const ck_exercise *ex, char *why, size_t len)
{
	char buf[600], path[4096];
	why[0] = '\0';
	if (ck_contract_kernel(ex->contract)) {
		static const int wd[] = {CK_CRIT_WORK, CK_CRIT_DEPTH, CK_CRIT_ACCESS},
				 all[] = {CK_CRIT_MEMORY, CK_CRIT_WORK, CK_CRIT_DEPTH,
					  CK_CRIT_ACCESS};
		if (!ck_oclgrind())
			lack(ex, all, 4,
			     "Oclgrind is not installed (Debian: apt-get install oclgrind)", why,
			     len);
		else if (!ck_grind_case_path(buf, sizeof buf))
			lack(ex, all, 4, buf, why, len);
		if (!gv_plugin_path())
			lack(ex, wd, 3,
			     getenv("PRAM_GRIND_PLUGIN")
				 ? "the pramsim Oclgrind plugin named by PRAM_GRIND_PLUGIN cannot "
				   "be read"
				 : "the pramsim Oclgrind plugin is not built (Debian: apt-get "
				   "install "
				   "g++ liboclgrind-dev llvm-dev, then configure again)",
			     why, len);
	} else if (ck_contract_pram(ex->contract) && !ex->may_skip_discipline &&
		   !ck_helper_path("pram-lint", "PRAM_LINT", path, sizeof path, buf, sizeof buf)) {
		snprintf(why + strlen(why), len - strlen(why),
			 "%sthe static check of the PRAM discipline cannot run: %s (Debian: "
			 "apt-get install libclang-dev, then configure again) (discipline)",
			 why[0] ? "; " : "", buf);
	}
	return why[0] == '\0';
}

ck_growth ck_growth_classify(const double *ns, const double *v, size_t m)
{
	double e = fit_growth_exponent(ns, v, m);
	if (!(e == e))
		return CK_GROW_COUNT;
	if (e > 1.5)
		return CK_GROW_POLY;
	double lg[FIT_MAX_POINTS], q[FIT_MAX_POINTS];
	for (size_t k = 0; k < m; k++) {
		lg[k] = log2(ns[k]);
		q[k] = v[k] / ns[k];
	}
	if (e > 0.6)
		return fit_growth_exponent(lg, q, m) > 0.5 ? CK_GROW_NLOGN : CK_GROW_LINEAR;
	/* against log log n a polylog grows with its power, a root of n with
	 * log n: log^2 n has slope 2 there, sqrt n about 3 to 5 */
	double e3 = fit_growth_exponent(lg, v, m);
	if (e3 > 2.5)
		return e > 0.4 ? CK_GROW_SQRT : CK_GROW_ROOT;
	return e3 > 1.5 ? CK_GROW_LOG2 : e3 > 0.5 ? CK_GROW_LOG : CK_GROW_CONST;
}

char *ck_strf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	char *s = malloc((size_t)n + 1);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

const char *ck_basename(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

char *ck_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			if (cap > ((size_t)64 << 20)) {
				snprintf(err, errlen, "%s: larger than 64 MiB", path);
				goto fail;
			}
			char *nb = realloc(buf, cap);
			if (!nb) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, 4096, f);
		n += got;
		if (got < 4096)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	free(buf);
	fclose(f);
	return NULL;
}

int ck_from_build_tree(void)
{
	const char *self = ck_self_exe();
	size_t len = strlen(ABS_TOP_BUILDDIR);
	return self && strncmp(self, ABS_TOP_BUILDDIR, len) == 0 && self[len] == '/';
}

static const char *const dist_names[CK_DIST_COUNT] = {"random", "all equal", "extreme values",
						      "all ones"};

const char *ck_dist_name(int dist)
{
	return dist >= 0 && dist < CK_DIST_COUNT ? dist_names[dist] : "?";
}

/* splitmix64: the cases' seeded generator. */
static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void ck_vary_case(const algo *a, algo_data *in, int halve, int one_segment)
{
	const algo_data *d = &in[0];
	size_t w = d->w, h = d->h;
	if (halve && h >= 2 && w >= 2)
		for (size_t k = 0; k < algo_nin(a); k++) {
			algo_data *g = &in[k];
			if (g->h == h && g->w == w) {
				g->h /= 2;
				g->n = g->w * g->h;
			}
		}
	if (one_segment)
		for (size_t k = 0; k < algo_nin(a); k++)
			if (in[k].flags && in[k].n)
				memset(in[k].flags + 1, 0, in[k].n - 1);
}

void ck_fill(int64_t *v, size_t n, int dist, uint64_t seed)
{
	uint64_t s = seed * 2654435761u + 1;
	for (size_t i = 0; i < n; i++) {
		switch (dist) {
		case CK_DIST_EQUAL:
			v[i] = 7;
			break;
		case CK_DIST_ONES:
			v[i] = 1;
			break;
		case CK_DIST_EXTREME: {
			static const int64_t ext[] = {INT32_MAX,     INT32_MIN, INT32_MAX - 1,
						      INT32_MIN + 1, -1,        1};
			v[i] = ext[mix(&s) % 6];
			break;
		}
		default:
			v[i] = (int64_t)(mix(&s) % 2001) - 1000;
		}
	}
}
