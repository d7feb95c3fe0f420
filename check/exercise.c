/*
 * exercise.c - exercises as data (exercise.h): reading
 * lessons/NN-topic/NAME.exercise (a "key: value" file, lessons/README.md),
 * the names its lines use (contracts, criteria, growth classes), the
 * reference's parameters it sets, and finding an exercise by name in the
 * lesson folders.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "algo.h"
#include "ckutil.h"
#include "clrt.h"
#include "exercise.h"
#include "expr.h"
#include "gpu.h"
#include "ports.h"
#include "pram.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/pramsim"
#endif
#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR "."
#endif

static const char *const grow_names[CK_GROW_COUNT] = {
    "1", "log n", "log^2 n", "n^(1/k)", "sqrt n", "n", "n log n", "faster than n log n"};

const char *ck_growth_name(ck_growth g)
{
	return g < CK_GROW_COUNT ? grow_names[g] : "unbounded";
}

int ck_growth_parse(const char *s, ck_growth *g)
{
	for (int k = 0; k < CK_GROW_POLY; k++)
		if (strcmp(s, grow_names[k]) == 0) {
			*g = (ck_growth)k;
			return 0;
		}
	return -1;
}

static const char *const crit_names[CK_CRIT_COUNT] = {"build", "results", "sizes", "memory",
						      "model", "work",    "depth", "access"};

const char *ck_crit_name(ck_crit c)
{
	return c < CK_CRIT_COUNT ? crit_names[c] : "?";
}

static const char *const contract_names[CK_CONTRACT_COUNT] = {
    "kernel-reduce-blocks", "kernel-scan-blocks", "pram-inplace", "prediction",
    "pram-program",         "kernel-program",     "kernel-stage"};

const char *ck_contract_name(ck_contract c)
{
	return c < CK_CONTRACT_COUNT ? contract_names[c] : "?";
}

/* Parse a list of sizes: "0 1 3 100" or "2^1 .. 2^12" (powers of two). */
static int parse_sizes(const char *v, size_t *out, size_t *nout, char *why, size_t whylen)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", v);
	*nout = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t,", &save); t; t = strtok_r(NULL, " \t,", &save)) {
		if (strcmp(t, "..") == 0) {
			/* powers of two from the last one to the next one */
			char *u = strtok_r(NULL, " \t,", &save);
			unsigned long long hi;
			if (!u || *nout == 0 || sscanf(u, "%llu", &hi) != 1) {
				snprintf(why, whylen, "'..' needs a size before and after it");
				return -1;
			}
			for (size_t x = out[*nout - 1] * 2; x <= hi && x; x *= 2) {
				if (*nout >= CK_MAX_LIST) {
					snprintf(why, whylen, "more than %d sizes", CK_MAX_LIST);
					return -1;
				}
				out[(*nout)++] = x;
			}
			continue;
		}
		char *end;
		errno = 0;
		unsigned long long x = strtoull(t, &end, 10);
		if (*end || errno || t[0] == '-' || x > (1ull << 26)) {
			snprintf(why, whylen, "'%s' is not a size from 0 to 2^26", t);
			return -1;
		}
		if (*nout >= CK_MAX_LIST) {
			snprintf(why, whylen, "more than %d sizes", CK_MAX_LIST);
			return -1;
		}
		out[(*nout)++] = (size_t)x;
	}
	if (*nout == 0) {
		snprintf(why, whylen, "no size given");
		return -1;
	}
	return 0;
}

static int parse_points(const char *v, double *pts, char *why, size_t whylen)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", v);
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char name[64];
		double p;
		if (sscanf(t, " %63s %lf", name, &p) != 2 || p < 0 || p > 1000) {
			snprintf(why, whylen, "'%s': give a criterion and its points", t);
			return -1;
		}
		int k;
		for (k = 0; k < CK_CRIT_COUNT; k++)
			if (strcmp(name, crit_names[k]) == 0)
				break;
		if (k == CK_CRIT_COUNT) {
			snprintf(why, whylen,
				 "unknown criterion '%s' (build, results, sizes, memory, model, "
				 "work, depth, access)",
				 name);
			return -1;
		}
		pts[k] = p;
	}
	return 0;
}

int ck_may_skip_parse(const char *list, ck_exercise *ex, char *why, size_t whylen)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", list);
	char *save = NULL;
	for (char *t = strtok_r(buf, ", \t", &save); t; t = strtok_r(NULL, ", \t", &save)) {
		int k;
		for (k = 0; k < CK_CRIT_COUNT; k++)
			if (strcmp(t, crit_names[k]) == 0)
				break;
		if (k < CK_CRIT_COUNT && (k == CK_CRIT_MEMORY || k == CK_CRIT_WORK ||
					  k == CK_CRIT_DEPTH || k == CK_CRIT_ACCESS)) {
			ex->may_skip[k] = 1;
		} else if (strcmp(t, "discipline") == 0) {
			ex->may_skip_discipline = 1;
		} else {
			snprintf(why, whylen,
				 "'%s' cannot be skipped (memory, work, depth, access or "
				 "discipline may: "
				 "what a machine without Oclgrind, its plugin or libclang cannot "
				 "check)",
				 t);
			return -1;
		}
	}
	return 0;
}

static int parse_bytes(const char *v, size_t *out)
{
	char *end;
	unsigned long long x = strtoull(v, &end, 10);
	while (*end == ' ')
		end++;
	unsigned long long mul = 1;
	if (strcmp(end, "K") == 0 || strcmp(end, "KiB") == 0)
		mul = 1ull << 10;
	else if (strcmp(end, "M") == 0 || strcmp(end, "MiB") == 0)
		mul = 1ull << 20;
	else if (strcmp(end, "G") == 0 || strcmp(end, "GiB") == 0)
		mul = 1ull << 30;
	else if (*end)
		return -1;
	if (x == 0 || x > (1ull << 40) / mul)
		return -1;
	*out = (size_t)(x * mul);
	return 0;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

void ck_exercise_free(ck_exercise *ex)
{
	free(ex->name);
	free(ex->title);
	free(ex->dir);
	free(ex->path);
	free(ex->file);
	free(ex->entry);
	free(ex->signature);
	free(ex->processors);
	free(ex->atomics);
	free(ex->reference);
	free(ex->solution);
	free(ex->starter);
	free(ex->args);
	free(ex->params);
	free(ex->locals);
	free(ex->lengths);
	memset(ex, 0, sizeof *ex);
}

/* The field of a key whose value is kept as written, or NULL. */
static char **string_field(ck_exercise *ex, const char *key)
{
	static const char *const keys[] = {
	    "name",    "title", "file",   "entry", "signature", "reference",  "solution",
	    "starter", "args",  "params", "local", "lengths",   "processors", "atomics"};
	char **const fields[] = {&ex->name,       &ex->title,     &ex->file,     &ex->entry,
				 &ex->signature,  &ex->reference, &ex->solution, &ex->starter,
				 &ex->args,       &ex->params,    &ex->locals,   &ex->lengths,
				 &ex->processors, &ex->atomics};
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (strcmp(key, keys[k]) == 0)
			return fields[k];
	return NULL;
}

/* local-sizes:, sizes: or sweep: (key), a list of sizes; local sizes are
 * powers of two from 1 to CK_MAX_LOCAL. */
static int read_list(ck_exercise *ex, const char *path, const char *key, const char *val, char *err,
		     size_t errlen)
{
	char why[256];
	size_t *lst = key[0] == 'l' ? ex->local_sizes : key[1] == 'i' ? ex->sizes : ex->sweep;
	size_t *cnt = key[0] == 'l' ? &ex->nlocal : key[1] == 'i' ? &ex->nsizes : &ex->nsweep;
	if (parse_sizes(val, lst, cnt, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s: %s", path, key, why);
		return -1;
	}
	if (key[0] == 'l')
		for (size_t k = 0; k < *cnt; k++)
			if (lst[k] == 0 || lst[k] > CK_MAX_LOCAL || (lst[k] & (lst[k] - 1))) {
				snprintf(err, errlen,
					 "%s: local-sizes: %zu is not a power of two from 1 to %d",
					 path, lst[k], CK_MAX_LOCAL);
				return -1;
			}
	return 0;
}

/* One "key: value" line of the file path, but for the keys of
 * string_field. Returns 0, or -1 with "file: what" in err. */
static int read_key(ck_exercise *ex, const char *path, const char *key, const char *val, char *err,
		    size_t errlen)
{
	char why[256];
	if (strcmp(key, "contract") == 0) {
		int k;
		for (k = 0; k < CK_CONTRACT_COUNT; k++)
			if (strcmp(val, contract_names[k]) == 0)
				break;
		if (k == CK_CONTRACT_COUNT) {
			snprintf(err, errlen,
				 "%s: contract '%s': one of kernel-reduce-blocks, "
				 "kernel-scan-blocks, kernel-program, kernel-stage, "
				 "pram-inplace, pram-program, prediction",
				 path, val);
			return -1;
		}
		ex->contract = (ck_contract)k;
	} else if (strcmp(key, "launch") == 0) {
		if (strcmp(val, "elements") != 0 && strcmp(val, "grid") != 0) {
			snprintf(err, errlen,
				 "%s: launch '%s': elements (a work-item per element) or grid (a "
				 "work-item per cell of the first input's grid)",
				 path, val);
			return -1;
		}
		ex->launch = strcmp(val, "grid") == 0;
	} else if (strcmp(key, "blocks") == 0) {
		if (strcmp(val, "yes") != 0 && strcmp(val, "no") != 0) {
			snprintf(err, errlen, "%s: blocks '%s': yes or no", path, val);
			return -1;
		}
		ex->blocks = strcmp(val, "yes") == 0;
	} else if (strcmp(key, "inclusive") == 0) {
		ex->inclusive = strcmp(val, "yes") == 0;
	} else if (strcmp(key, "op") == 0) {
		pram_op op;
		if (pram_op_parse(val, &op) != 0 ||
		    (op != PRAM_OP_SUM && op != PRAM_OP_MAX && op != PRAM_OP_MIN)) {
			snprintf(err, errlen, "%s: op '%s': one of sum, max, min", path, val);
			return -1;
		}
		ex->op = (int)op;
	} else if (strcmp(key, "model") == 0) {
		pram_model m;
		if (pram_model_parse(val, &m) != 0) {
			snprintf(err, errlen, "%s: model '%s' is not a PRAM model", path, val);
			return -1;
		}
		ex->model = (int)m;
		ex->model_given = 1;
	} else if (strcmp(key, "local-sizes") == 0 || strcmp(key, "sizes") == 0 ||
		   strcmp(key, "sweep") == 0) {
		return read_list(ex, path, key, val, err, errlen);
	} else if (strcmp(key, "grind-max") == 0) {
		size_t one[CK_MAX_LIST], n1;
		if (parse_sizes(val, one, &n1, why, sizeof why) != 0 || n1 != 1) {
			snprintf(err, errlen, "%s: grind-max: give one size", path);
			return -1;
		}
		ex->grind_max = one[0];
	} else if (strcmp(key, "work") == 0 || strcmp(key, "depth") == 0 ||
		   strcmp(key, "work-at-least") == 0 || strcmp(key, "depth-at-least") == 0) {
		int min = strchr(key, '-') != NULL;
		ck_growth *g = key[0] == 'w' ? (min ? &ex->work_min : &ex->work)
					     : (min ? &ex->depth_min : &ex->depth);
		if (ck_growth_parse(val, g) != 0) {
			snprintf(
			    err, errlen,
			    "%s: %s '%s': one of 1, log n, log^2 n, n^(1/k), sqrt n, n, n log n",
			    path, key, val);
			return -1;
		}
	} else if (strcmp(key, "points") == 0) {
		if (parse_points(val, ex->points, why, sizeof why) != 0) {
			snprintf(err, errlen, "%s: points: %s", path, why);
			return -1;
		}
	} else if (strcmp(key, "may-skip") == 0) {
		if (ck_may_skip_parse(val, ex, why, sizeof why) != 0) {
			snprintf(err, errlen, "%s: may-skip: %s", path, why);
			return -1;
		}
	} else if (strcmp(key, "time-limit") == 0) {
		char *end;
		double t = strtod(val, &end);
		if (*end || !(t > 0 && t <= 600)) {
			snprintf(err, errlen, "%s: time-limit '%s': seconds from 0 to 600", path,
				 val);
			return -1;
		}
		ex->time_limit = t;
	} else if (strcmp(key, "memory-limit") == 0) {
		/* below 64 MiB a right program (or PoCL's compiler) dies for want
		 * of memory, and the student would be blamed */
		if (parse_bytes(val, &ex->mem_limit) != 0 || ex->mem_limit < ((size_t)64 << 20) ||
		    ex->mem_limit > ((size_t)64 << 30)) {
			snprintf(err, errlen,
				 "%s: memory-limit '%s': from 64M to 64G (bytes, K, M or G)", path,
				 val);
			return -1;
		}
	} else {
		snprintf(err, errlen, "%s: unknown key '%s'", path, key);
		return -1;
	}
	return 0;
}

/* The criteria each contract grades. */
static int graded(ck_contract c, int crit)
{
	switch (c) {
	case CK_KERNEL_REDUCE_BLOCKS:
	case CK_KERNEL_SCAN_BLOCKS:
		return crit != CK_CRIT_MODEL;
	case CK_KERNEL_PROGRAM:
	case CK_KERNEL_STAGE:
		return crit != CK_CRIT_MODEL;
	case CK_PRAM_INPLACE:
	case CK_PRAM_PROGRAM:
		return crit != CK_CRIT_SIZES && crit != CK_CRIT_MEMORY && crit != CK_CRIT_ACCESS;
	default:
		return crit == CK_CRIT_WORK || crit == CK_CRIT_DEPTH;
	}
}

/* The edit distance of a and b, for "did you mean". */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];
	if (la >= 63 || lb >= 63)
		return 64;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* The points: on criteria the contract grades, work and depth with a bound
 * to judge them by (but for predictions, which compare exactly), and some
 * points in all. Returns 0, or -1 with "where: what" in err. */
static int check_points(const ck_exercise *ex, const char *where, char *err, size_t errlen)
{
	double total = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (ex->points[c] <= 0)
			continue;
		total += ex->points[c];
		if (!graded(ex->contract, c)) {
			snprintf(err, errlen,
				 "%s: points: a %s exercise does not grade '%s', so its points "
				 "could never be had",
				 where, contract_names[ex->contract], crit_names[c]);
			return -1;
		}
		ck_growth bound = c == CK_CRIT_WORK    ? ex->work
				  : c == CK_CRIT_DEPTH ? ex->depth
						       : CK_GROW_COUNT;
		if ((c == CK_CRIT_WORK || c == CK_CRIT_DEPTH) && ex->contract != CK_PREDICTION &&
		    bound == CK_GROW_COUNT) {
			snprintf(err, errlen, "%s: points: '%s' has points but no '%s:' bound",
				 where, crit_names[c], crit_names[c]);
			return -1;
		}
	}
	if (total <= 0) {
		snprintf(err, errlen, "%s: points: no criterion has points", where);
		return -1;
	}
	return 0;
}

/* A program contract's arguments, and the signature: line, when given,
 * the one they make. Returns 0, or -1 with "file: what" in err. */
static int check_program(const ck_exercise *ex, const char *path, char *err, size_t errlen)
{
	if (ex->contract != CK_PRAM_PROGRAM && ex->contract != CK_KERNEL_PROGRAM &&
	    ex->contract != CK_PRAM_INPLACE) {
		const char *only = ex->params    ? "params"
				   : ex->locals  ? "local"
				   : ex->lengths ? "lengths"
				   : ex->blocks  ? "blocks"
						 : NULL;
		if (only) {
			snprintf(err, errlen, "%s: %s: only a program contract takes it", path,
				 only);
			return -1;
		}
		return 0;
	}
	ck_arg args[CK_MAX_ARGS];
	size_t nargs;
	char why[512], sig[1024];
	if (ex->blocks) {
		const algo *a = algo_find(ex->reference);
		const algo_port *in = algo_inputs(a), *out = algo_outputs(a);
		const char *bad = NULL;
		for (size_t k = 0; k < algo_nin(a); k++)
			if (in[k].shape != ALGO_VECTOR)
				bad = in[k].name;
		for (size_t k = 0; k < algo_nout(a); k++)
			if (out[k].shape != ALGO_VECTOR)
				bad = out[k].name;
		if (ex->contract != CK_KERNEL_PROGRAM || ex->launch || bad || a->check) {
			snprintf(err, errlen,
				 "%s: blocks: a kernel-program of elements whose reference has "
				 "vectors only and one right output%s%s%s",
				 path, bad ? " (" : "", bad ? bad : "", bad ? " is a grid)" : "");
			return -1;
		}
	}
	if (ck_contract_args(ex, args, &nargs, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	ck_contract_signature(ex, args, nargs, sig, sizeof sig);
	if (ex->signature && !ck_signature_same(ex->signature, sig)) {
		snprintf(err, errlen,
			 "%s: signature: the contract's arguments make '%s', not '%s' (or leave "
			 "signature: out)",
			 path, sig, ex->signature);
		return -1;
	}
	return 0;
}

/* The signature of kernel entry in the kernel file text, "kernel void
 * ENTRY(ARGS)" as the file writes it, into sig. Returns 0, or -1 when the
 * file defines no such kernel. */
static int kernel_signature(const char *text, const char *entry, char *sig, size_t len)
{
	size_t el = strlen(entry);
	for (const char *p = text; (p = strstr(p, entry)); p += el) {
		const char *after = p + el, *before = p;
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		while (isspace((unsigned char)*after))
			after++;
		if (*after != '(')
			continue;
		/* back over "void" and "kernel" (or "__kernel") */
		while (before > text && isspace((unsigned char)before[-1]))
			before--;
		if (before - text < 4 || strncmp(before - 4, "void", 4) != 0)
			continue;
		before -= 4;
		while (before > text && isspace((unsigned char)before[-1]))
			before--;
		const char *kw = before;
		while (kw > text && (isalnum((unsigned char)kw[-1]) || kw[-1] == '_'))
			kw--;
		if ((size_t)(before - kw) != 6 && (size_t)(before - kw) != 8)
			continue;
		if (strncmp(kw, "kernel", 6) != 0 && strncmp(kw, "__kernel", 8) != 0)
			continue;
		const char *close = strchr(after, ')');
		if (!close)
			return -1;
		snprintf(sig, len, "%.*s", (int)(close + 1 - kw), kw);
		return 0;
	}
	return -1;
}

/* A kernel-stage exercise: the reference has teaching kernels, and one of
 * them is the entry, with the signature: line's arguments. Without OpenCL
 * no reference has kernels, and the stage is not looked for (its check
 * says why it cannot run). Returns 0, or -1 with "file: what" in err. */
static int check_stage(const ck_exercise *ex, const char *path, char *err, size_t errlen)
{
	if (ex->contract != CK_KERNEL_STAGE)
		return 0;
	if (!ex->signature) {
		snprintf(err, errlen,
			 "%s: no 'signature:' line (a kernel-stage exercise shows the project's "
			 "kernel it replaces)",
			 path);
		return -1;
	}
	if (!gpu_algos[0])
		return 0;
	const algo *a = algo_find(ex->reference);
	const gpu_algo *g = gpu_for(a);
	if (!gpu_has_variant(g, GPU_TEACHING)) {
		snprintf(err, errlen,
			 "%s: reference: %s has no teaching kernels, so it has no stage to write",
			 path, ex->reference);
		return -1;
	}
	char why[1024], sig[1024];
	char *text = clrt_kernel_text(g->file, why, sizeof why);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	int found = kernel_signature(text, ex->entry, sig, sizeof sig) == 0;
	free(text);
	if (!found) {
		snprintf(err, errlen, "%s: entry: %s's kernels (%s) have no kernel named '%s'",
			 path, ex->reference, g->file, ex->entry);
		return -1;
	}
	if (!ck_signature_same(sig, ex->signature)) {
		snprintf(err, errlen, "%s: signature: the project's kernel in %s is '%s', not '%s'",
			 path, g->file, sig, ex->signature);
		return -1;
	}
	return 0;
}

/* A bound of a PRAM program's machine (key: processors or atomics, its
 * expression val in n), 1 or more at every n the cases and the sweep
 * take. Returns 0, or -1 with "file: KEY: what" in err. */
static int check_bound(const ck_exercise *ex, const char *path, const char *key, const char *val,
		       char *err, size_t errlen)
{
	if (!val)
		return 0;
	if (!ck_contract_pram(ex->contract)) {
		snprintf(err, errlen, "%s: %s: only a PRAM program's machine has it", path, key);
		return -1;
	}
	size_t col;
	char why[256];
	ck_expr *e = ck_expr_parse(val, &col, why, sizeof why);
	if (!e) {
		snprintf(err, errlen, "%s: %s '%s', column %zu: %s", path, key, val, col, why);
		return -1;
	}
	int rc = 0;
	for (int list = 0; list < 2 && rc == 0; list++) {
		const size_t *ns = list ? ex->sweep : ex->sizes;
		size_t m = list ? ex->nsweep : ex->nsizes;
		for (size_t k = 0; k < m && rc == 0; k++) {
			int64_t p = 0;
			int bad = ck_expr_eval(e, (int64_t)ns[k], &p, why, sizeof why) != 0;
			if (bad || p < 1) {
				snprintf(err, errlen, "%s: %s '%s' at n = %zu: %s", path, key, val,
					 ns[k], bad ? why : "fewer than 1");
				rc = -1;
			}
		}
	}
	ck_expr_free(e);
	return rc;
}

/* What a complete exercise must have, once every line is read: the keys
 * every contract needs, the lists its contract needs, a reference of the
 * registry, points that can be had, and options the reference takes.
 * Returns 0, or -1 with "file[:line]: what" in err. */
static int check_complete(const ck_exercise *ex, const char *path, char *err, size_t errlen)
{
	const char *missing = !ex->name                                     ? "name"
			      : !ex->file                                   ? "file"
			      : !ex->entry && ex->contract != CK_PREDICTION ? "entry"
			      : !ex->reference                              ? "reference"
			      : ex->contract == CK_CONTRACT_COUNT           ? "contract"
									    : NULL;
	if (missing) {
		snprintf(err, errlen, "%s: no '%s:' line", path, missing);
		return -1;
	}
	if (ex->nsizes == 0) {
		snprintf(err, errlen, "%s: no 'sizes:' line", path);
		return -1;
	}
	if (ck_contract_pram(ex->contract) && ex->nsweep < 3 &&
	    (ex->work != CK_GROW_COUNT || ex->depth != CK_GROW_COUNT)) {
		snprintf(err, errlen, "%s: bounds on W and D need a 'sweep:' of 3 sizes or more",
			 path);
		return -1;
	}
	const algo *ref = algo_find(ex->reference);
	if (!ref) {
		const char *near = NULL;
		size_t best = 4; /* a typo: a few letters off */
		for (const algo *const *a = algo_registry; *a; a++) {
			size_t d = distance(ex->reference, (*a)->name);
			if (d < best) {
				best = d;
				near = (*a)->name;
			}
		}
		snprintf(err, errlen,
			 "%s:%d: reference '%s' is not an algorithm of the registry%s%s%s (pram "
			 "list names them)",
			 path, ex->line_of.reference, ex->reference, near ? "; did you mean '" : "",
			 near ? near : "", near ? "'?" : "");
		return -1;
	}
	char where[PATH_MAX + 16];
	snprintf(where, sizeof where, "%s:%d", path, ex->line_of.points);
	if (check_points(ex, ex->line_of.points ? where : path, err, errlen) != 0)
		return -1;
	/* the reference's options are checked here, once, not per case */
	algo_params p;
	if (ck_reference_params(ex, ref, &p, err, errlen) != 0)
		return -1;
	if (check_stage(ex, path, err, errlen) != 0 ||
	    check_bound(ex, path, "processors", ex->processors, err, errlen) != 0 ||
	    check_bound(ex, path, "atomics", ex->atomics, err, errlen) != 0)
		return -1;
	return check_program(ex, path, err, errlen);
}

int ck_exercise_read(const char *path, ck_exercise *ex, char *err, size_t errlen)
{
	size_t len;
	char *text = ck_slurp(path, &len, err, errlen);
	if (!text)
		return -1;
	memset(ex, 0, sizeof *ex);
	ex->contract = CK_CONTRACT_COUNT;
	ex->work = ex->depth = ex->work_min = ex->depth_min = CK_GROW_COUNT;
	ex->time_limit = 20;
	ex->mem_limit = (size_t)1 << 30;
	ex->grind_max = 64;
	ex->path = strdup(path);
	const char *slash = strrchr(path, '/');
	ex->dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	int lineno = 0;
	char where[PATH_MAX + 16];
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		snprintf(where, sizeof where, "%s:%d", path, lineno);
		char *l = trim(line);
		if (*l == '#' || *l == '\0')
			continue;
		char *colon = strchr(l, ':');
		if (!colon) {
			snprintf(err, errlen, "%s: '%.60s': expected 'key: value'", where, l);
			goto fail;
		}
		*colon = '\0';
		char *key = trim(l), *val = trim(colon + 1);
		int *at = strcmp(key, "reference") == 0  ? &ex->line_of.reference
			  : strcmp(key, "points") == 0   ? &ex->line_of.points
			  : strcmp(key, "solution") == 0 ? &ex->line_of.solution
			  : strcmp(key, "starter") == 0  ? &ex->line_of.starter
							 : NULL;
		if (at)
			*at = lineno;
		char **str = string_field(ex, key);
		if (str) {
			free(*str);
			*str = strdup(val);
		} else if (read_key(ex, where, key, val, err, errlen) != 0) {
			goto fail;
		}
	}
	if (check_complete(ex, path, err, errlen) != 0)
		goto fail;
	if (!ex->signature &&
	    (ex->contract == CK_PRAM_PROGRAM || ex->contract == CK_KERNEL_PROGRAM)) {
		/* the one the arguments make, for the report and the lesson pages */
		ck_arg args[CK_MAX_ARGS];
		size_t nargs;
		char sig[1024];
		if (ck_contract_args(ex, args, &nargs, sig, sizeof sig) == 0) {
			ck_contract_signature(ex, args, nargs, sig, sizeof sig);
			ex->signature = strdup(sig);
		}
	}
	free(text);
	return 0;
fail:
	free(text);
	ck_exercise_free(ex);
	return -1;
}

/* The reference's parameters: its defaults, the exercise's op and
 * inclusiveness where it takes them, then args: through the same setter
 * as the command line. */
int ck_reference_params(const ck_exercise *ex, const algo *a, algo_params *p, char *err,
			size_t errlen)
{
	*p = algo_default_params(a);
	if (a->caps & ALGO_OP)
		p->op = (pram_op)ex->op;
	if (a->caps & ALGO_INCLUSIVE)
		p->inclusive = ex->inclusive;
	if (ex->model_given)
		p->model = (pram_model)ex->model;
	if (!ex->args)
		return 0;
	char buf[512];
	snprintf(buf, sizeof buf, "%s", ex->args);
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (strncmp(t, "--", 2) != 0) {
			snprintf(err, errlen, "%s: args: '%s' is not an option (--NAME [VALUE])",
				 ex->path, t);
			return -1;
		}
		char *name = t + 2, *value = NULL, *eq = strchr(name, '=');
		int takes = 0;
		if (eq) {
			*eq = '\0';
			value = eq + 1;
		} else if (algo_option_known(name, &takes) && takes) {
			value = strtok_r(NULL, " \t", &save);
			if (!value) {
				snprintf(err, errlen, "%s: args: --%s needs a value", ex->path,
					 name);
				return -1;
			}
		}
		char why[256];
		if (algo_set_option(a, p, name, value, why, sizeof why) != 0) {
			snprintf(err, errlen, "%s: args: %s", ex->path, why);
			return -1;
		}
	}
	return 0;
}

size_t ck_lesson_dirs(const char *dirs[3])
{
	size_t k = 0;
	const char *env = getenv("PRAM_LESSONS_DIR");
	if (env && *env)
		dirs[k++] = env;
	dirs[k++] = ABS_TOP_SRCDIR "/lessons";
	dirs[k++] = PKGDATADIR "/lessons";
	return k;
}

static int not_hidden(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* Call fn on each NAME.exercise under the folders' NN-topic/ subfolders, in
 * the order of the lessons and, within one, of the names. */
static int each_exercise(int (*fn)(const char *path, const char *name, void *ud), void *ud)
{
	const char *dirs[3];
	size_t nd = ck_lesson_dirs(dirs);
	for (size_t k = 0; k < nd; k++) {
		struct dirent **sub = NULL;
		int nsub = scandir(dirs[k], &sub, not_hidden, alphasort);
		int found = 0, stop = 0;
		for (int i = 0; i < nsub; i++) {
			char dir[PATH_MAX + 512];
			snprintf(dir, sizeof dir, "%s/%s", dirs[k], sub[i]->d_name);
			struct dirent **ent = NULL;
			int nent = stop ? 0 : scandir(dir, &ent, not_hidden, alphasort);
			for (int j = 0; j < nent; j++) {
				const char *f = ent[j]->d_name;
				size_t l = strlen(f);
				if (!stop && l > 9 && strcmp(f + l - 9, ".exercise") == 0) {
					char p[2 * PATH_MAX + 8], name[256];
					snprintf(p, sizeof p, "%s/%s", dir, f);
					snprintf(name, sizeof name, "%.*s", (int)(l - 9), f);
					found = 1;
					stop = fn(p, name, ud);
				}
				free(ent[j]);
			}
			free(ent);
			free(sub[i]);
		}
		free(sub);
		if (stop)
			return 1;
		if (found)
			return 0; /* the first folder that has exercises is the one */
	}
	return 0;
}

struct find_ud {
	const char *want;
	char path[PATH_MAX];
};

static int find_one(const char *path, const char *name, void *ud)
{
	struct find_ud *f = ud;
	if (strcmp(name, f->want) != 0)
		return 0;
	snprintf(f->path, sizeof f->path, "%s", path);
	return 1;
}

int ck_exercise_find(const char *name, ck_exercise *ex, char *err, size_t errlen)
{
	struct find_ud f = {.want = name, .path = ""};
	struct stat st;
	/* a path to an .exercise file is taken as it is */
	if (strstr(name, ".exercise") && stat(name, &st) == 0)
		return ck_exercise_read(name, ex, err, errlen);
	each_exercise(find_one, &f);
	if (!f.path[0]) {
		const char *dirs[3];
		size_t nd = ck_lesson_dirs(dirs);
		snprintf(err, errlen,
			 "unknown exercise '%s' (pram check --list names them; looked in", name);
		for (size_t k = 0; k < nd; k++)
			snprintf(err + strlen(err), errlen - strlen(err), " %s", dirs[k]);
		snprintf(err + strlen(err), errlen - strlen(err), ")");
		return -1;
	}
	return ck_exercise_read(f.path, ex, err, errlen);
}

/* The listing's columns: the widest name and file name. */
struct list_ud {
	FILE *f; /* NULL: measure the columns */
	int namew, filew;
};

static int list_one(const char *path, const char *name, void *ud)
{
	struct list_ud *u = ud;
	ck_exercise ex;
	char err[512];
	if (ck_exercise_read(path, &ex, err, sizeof err) != 0) {
		if (u->f)
			fprintf(u->f, "  %-*s (unreadable: %s)\n", u->namew, name, err);
		else if ((int)strlen(name) > u->namew)
			u->namew = (int)strlen(name);
		return 0;
	}
	if (u->f) {
		fprintf(u->f, "  %-*s  %-*s  %s\n", u->namew, ex.name, u->filew, ex.file,
			ex.title ? ex.title : "");
	} else {
		if ((int)strlen(ex.name) > u->namew)
			u->namew = (int)strlen(ex.name);
		if ((int)strlen(ex.file) > u->filew)
			u->filew = (int)strlen(ex.file);
	}
	ck_exercise_free(&ex);
	return 0;
}

void ck_exercise_list(FILE *f)
{
	struct list_ud u = {.f = NULL, .namew = 8, .filew = 4};
	each_exercise(list_one, &u);
	u.f = f;
	each_exercise(list_one, &u);
}
