/*
 * algo.c - what every registry entry shares: parameters, data vectors, the
 * default input generator, the comparison with the reference and the input
 * file reader.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"

const algo *algo_find(const char *name)
{
	for (size_t k = 0; algo_registry[k]; k++)
		if (strcmp(algo_registry[k]->name, name) == 0)
			return algo_registry[k];
	return NULL;
}

algo_params algo_default_params(const algo *a)
{
	algo_params p = {
	    .op = PRAM_OP_SUM,
	    .inclusive = a->default_inclusive,
	    .type = PRAM_INT,
	    .per_proc = 0,
	    .model = a->model,
	};
	return p;
}

size_t algo_out_len(const algo *a, size_t n, const algo_params *p)
{
	return a->out_len ? a->out_len(n, p) : n;
}

int algo_data_alloc(algo_data *d, size_t n, pram_type t, int with_flags)
{
	memset(d, 0, sizeof *d);
	d->n = n;
	d->type = t;
	d->vals = calloc(n ? n : 1, sizeof *d->vals);
	if (with_flags)
		d->flags = calloc(n ? n : 1, 1);
	if (!d->vals || (with_flags && !d->flags)) {
		algo_data_free(d);
		return -1;
	}
	return 0;
}

void algo_data_free(algo_data *d)
{
	free(d->vals);
	free(d->flags);
	d->vals = NULL;
	d->flags = NULL;
	d->n = 0;
}

uint64_t algo_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int algo_generate(const algo *a, algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	if (a->generate)
		return a->generate(in, n, p, seed);
	if (algo_data_alloc(in, n, p->type, (a->caps & ALGO_FLAGS) != 0))
		return -1;
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = algo_rand(&s);
		if (p->type == PRAM_INT)
			in->vals[i].i = (int64_t)(r % 100);
		else
			in->vals[i].f = (double)(r >> 11) * 0x1.0p-53;
		/* About one segment start in eight, and always one at 0. */
		if (in->flags)
			in->flags[i] = i == 0 || (r >> 60) < 2;
	}
	return 0;
}

long algo_compare(const algo_data *got, const algo_data *want, double tol, char *why, size_t whylen)
{
	if (got->n != want->n) {
		snprintf(why, whylen, "output has %zu elements, the reference %zu", got->n,
			 want->n);
		return 0;
	}
	for (size_t i = 0; i < want->n; i++) {
		if (want->type == PRAM_INT) {
			if (got->vals[i].i != want->vals[i].i) {
				snprintf(why, whylen,
					 "element %zu is %" PRId64 ", the reference says %" PRId64,
					 i, got->vals[i].i, want->vals[i].i);
				return (long)i;
			}
			continue;
		}
		double g = got->vals[i].f, w = want->vals[i].f;
		if (isinf(w) && g == w)
			continue;
		if (!(fabs(g - w) <= tol)) {
			snprintf(why, whylen,
				 "element %zu is %.9g, the reference says %.9g (tolerance %.3g)", i,
				 g, w, tol);
			return (long)i;
		}
	}
	return -1;
}

/* Parse one number token of a file. Returns 0 or -1. */
static int parse_number(const char *tok, pram_type type, pram_value *v)
{
	char *end;
	errno = 0;
	if (type == PRAM_INT) {
		long long x = strtoll(tok, &end, 10);
		if (errno || *end || end == tok)
			return -1;
		v->i = x;
	} else {
		double x = strtod(tok, &end);
		if (errno || *end || end == tok || !isfinite(x))
			return -1;
		v->f = x;
	}
	return 0;
}

static int push(algo_data *d, size_t *cap, pram_value v)
{
	if (d->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 1024;
		pram_value *nv = realloc(d->vals, ncap * sizeof *nv);
		if (!nv)
			return -1;
		d->vals = nv;
		*cap = ncap;
	}
	d->vals[d->n++] = v;
	return 0;
}

int algo_read_input(const char *path, pram_type type, algo_data *d, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *line = NULL;
	size_t linecap = 0, cap = 0, nflags = 0, flagcap = 0;
	long lineno = 0;
	memset(d, 0, sizeof *d);
	d->type = type;
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &linecap, f) >= 0) {
		lineno++;
		char *p = line;
		int is_flags = 0;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '#')
			continue;
		if (strncmp(p, "flags:", 6) == 0) {
			is_flags = 1;
			p += 6;
		}
		for (char *save = NULL, *tok = strtok_r(p, " \t\r\n,", &save); tok;
		     tok = strtok_r(NULL, " \t\r\n,", &save)) {
			pram_value v;
			int bad = is_flags
				      ? parse_number(tok, PRAM_INT, &v) || (v.i != 0 && v.i != 1)
				      : parse_number(tok, type, &v);
			if (bad) {
				snprintf(err, errlen, "%s:%ld: '%s' is not %s", path, lineno, tok,
					 is_flags           ? "a flag (0 or 1)"
					 : type == PRAM_INT ? "an integer"
							    : "a finite number");
				goto fail;
			}
			if (is_flags) {
				if (nflags == flagcap) {
					flagcap = flagcap ? flagcap * 2 : 1024;
					unsigned char *nf = realloc(d->flags, flagcap);
					if (!nf)
						goto oom;
					d->flags = nf;
				}
				d->flags[nflags++] = (unsigned char)v.i;
			} else if (push(d, &cap, v)) {
				goto oom;
			}
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
		goto fail;
	}
	if (d->flags && nflags != d->n) {
		snprintf(err, errlen, "%s: %zu flags for %zu values; give one flag per value", path,
			 nflags, d->n);
		goto fail;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return 0;
oom:
	snprintf(err, errlen, "%s:%ld: out of memory", path, lineno);
fail:
	free(line);
	if (f != stdin)
		fclose(f);
	algo_data_free(d);
	return -1;
}

double algo_float_tolerance(const algo_data *in, double eps)
{
	double abs_sum = 0;
	for (size_t i = 0; i < in->n; i++)
		abs_sum += fabs(in->vals[i].f);
	/* Any summation order of n terms errs by at most (n - 1) eps sum|a|; the
	 * tree orders of scans and reductions by ceil(log2 n) eps sum|a|. Allow
	 * two more levels for the last rounding of each side. */
	return (algo_ceil_log2(in->n) + 2) * eps * abs_sum;
}

unsigned algo_ceil_log2(size_t n)
{
	unsigned k = 0;
	while (((size_t)1 << k) < n)
		k++;
	return k;
}

size_t algo_next_pow2(size_t n)
{
	return (size_t)1 << algo_ceil_log2(n);
}
