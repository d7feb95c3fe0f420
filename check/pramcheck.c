/*
 * pramcheck.c - the check of a PRAM-program exercise (contracts
 * pram-program: the student's function takes the reference's ports as
 * pram arrays, the sizes and the parameters the exercise passes, as
 * ports.h lists them; and pram-inplace, its instance void ENTRY(pram *m,
 * pram_array *x, size_t n) that turns x[0..n) into its scan in place):
 * compile the student's file against libpram (the build tree's before
 * install, the installed one after) with our driver (pramdriver.c) and a
 * glue file that includes it after the contract's prototype, in a
 * contained child, in a folder where the file has its own name so that the
 * compiler's messages and the simulator's step locations name it; make
 * each case's inputs with the registry's generator (pram-inplace: integers
 * from ck_fill) and hand them to the driver in a case file; run the cases
 * in contained children; compare with the registry's reference (its check
 * where more than one output is right, floats within its tolerance);
 * report the simulator's violations (model, unwritten cells, bounds); and
 * measure W and D over a sweep of n against the exercise's bounds,
 * classifying their growth with the report's fitting code.
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "algo.h"
#include "channel.h"
#include "ckutil.h"
#include "contain.h"
#include "contracts.h"
#include "exercise.h"
#include "expr.h"
#include "files.h"
#include "ports.h"
#include "grind.h"
#include "result.h"

#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR "."
#endif
#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR "."
#endif
#ifndef LIBDIR
#define LIBDIR "/usr/local/lib"
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/pramsim"
#endif
#ifndef INCLUDEDIR
#define INCLUDEDIR "/usr/local/include"
#endif

/* Where libpram's header and library are: the build tree's when this pram
 * runs from it, else the installed ones. */
void ck_libpram_paths(char *inc, size_t ilen, char *lib, size_t llen)
{
	struct stat st;
	snprintf(lib, llen, "%s/sim/.libs/libpram.a", ABS_TOP_BUILDDIR);
	if (ck_from_build_tree() && stat(lib, &st) == 0) {
		snprintf(inc, ilen, "%s/sim", ABS_TOP_SRCDIR);
		return;
	}
	snprintf(inc, ilen, "%s", INCLUDEDIR);
	snprintf(lib, llen, "%s/libpram.a", LIBDIR);
}

/* One case: its size and inputs, the reference's outputs, and what the
 * program gave. */
typedef struct pcase {
	size_t n;
	int dist;
	uint64_t seed;
	const char *why;
	algo_data in[ALGO_MAX_PORTS];   /* made by make_case */
	algo_data want[ALGO_MAX_PORTS]; /* the reference's outputs (case mode) */
	algo_data got[ALGO_MAX_PORTS];  /* the program's, as the driver reported them */
} pcase;

/* What a check shares: the exercise, its reference and parameters, the
 * contract's arguments, and where the program lives. */
typedef struct pctx {
	const ck_exercise *ex;
	const algo *a;
	algo_params p;
	ck_arg args[CK_MAX_ARGS];
	size_t nargs;
	const char *dir, *shown;
	ck_result *r;
	ck_expr *procs;   /* the exercise's processors: in n, or NULL */
	ck_expr *atomics; /* its atomics: (the most on one cell in a step), or NULL */
	int wide;         /* a step beyond the machine was diagnosed */
} pctx;

static void pcase_desc(const pcase *c, char *buf, size_t len)
{
	const algo_data *d = &c->in[0];
	char size[64];
	if (d->h)
		snprintf(size, sizeof size, "%zu by %zu", d->w, d->h);
	else
		snprintf(size, sizeof size, "n = %zu", d->vals || d->n ? d->n : c->n);
	snprintf(buf, len, "%s%s%s%s, %s input, seed %" PRIu64, size, c->why ? " (" : "",
		 c->why ? c->why : "", c->why ? ")" : "", ck_dist_name(c->dist), c->seed);
}

static void pcase_free(pcase *c)
{
	algo_data_free_all(c->in, ALGO_MAX_PORTS);
	algo_data_free_all(c->want, ALGO_MAX_PORTS);
	algo_data_free_all(c->got, ALGO_MAX_PORTS);
}

/* The inputs of case c (and, with want, the reference's outputs):
 * pram-inplace's integers from ck_fill; else the registry's generator, the
 * first input all one value for an all-equal case and the extreme values
 * for an algorithm with an operator. Returns 0, or -1 (a note says why). */
static int make_case(pctx *x, pcase *c, int want)
{
	const algo *a = x->a;
	if (x->ex->contract == CK_PRAM_INPLACE) {
		if (algo_data_alloc(&c->in[0], c->n, PRAM_INT, 0) != 0)
			return -1;
		int64_t *v = calloc(c->n ? c->n : 1, sizeof *v);
		if (!v)
			return -1;
		ck_fill(v, c->n, c->dist, c->seed);
		for (size_t i = 0; i < c->n; i++)
			c->in[0].vals[i].i = v[i];
		free(v);
	} else {
		if (algo_generate(a, c->in, c->n, &x->p, c->seed) != 0) {
			ck_note(x->r, "the reference %s cannot make an input of n = %zu", a->name,
				c->n);
			return -1;
		}
		algo_data *d = &c->in[0];
		/* every other case not square (the sweep's stay square, their
		 * sizes growing); the sweep and every third case one segment */
		ck_vary_case(a, c->in, want && c->seed % 2 == 0, !want || c->seed % 3 == 0);
		if (c->dist == CK_DIST_EQUAL)
			for (size_t i = 1; i < d->n; i++)
				d->vals[i] = d->vals[0];
		if (c->dist == CK_DIST_EXTREME && d->type == PRAM_INT) {
			int64_t *v = calloc(d->n ? d->n : 1, sizeof *v);
			if (!v)
				return -1;
			ck_fill(v, d->n, c->dist, c->seed);
			for (size_t i = 0; i < d->n; i++)
				d->vals[i].i = v[i];
			free(v);
		}
	}
	if (!want)
		return 0;
	if (algo_alloc_outputs(a, c->in, &x->p, c->want) != 0)
		return -1;
	if (c->in[0].n)
		a->reference(c->in, c->want, &x->p);
	return 0;
}

/* The output arrays' lengths of a case: the reference's outputs' where it
 * made them, else (a sweep) what algo_alloc_outputs would give. */
static size_t out_len(pctx *x, pcase *c, size_t port)
{
	if (c->want[port].vals || c->want[port].n)
		return c->want[port].n;
	algo_data tmp[ALGO_MAX_PORTS] = {{0}};
	size_t n = 0;
	if (algo_alloc_outputs(x->a, c->in, &x->p, tmp) == 0)
		n = tmp[port].n;
	algo_data_free_all(tmp, ALGO_MAX_PORTS);
	return n;
}

static void put_vals(FILE *f, const algo_data *d)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->type == PRAM_INT)
			fprintf(f, "%s%" PRId64, i ? " " : "", d->vals[i].i);
		else
			fprintf(f, "%s%a", i ? " " : "", d->vals[i].f);
	fputc('\n', f);
}

/* The case file the driver reads (pramdriver.c), cases [start, nc),
 * numbered from 0. Returns 0, or -1. */
static int write_cases(pctx *x, pcase *cs, size_t start, size_t nc, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	int model = x->ex->model_given || x->ex->contract == CK_PRAM_INPLACE ? x->ex->model
									     : (int)x->a->model;
	fprintf(f, "model %d\n", model);
	for (size_t k = start; k < nc; k++) {
		pcase *c = &cs[k];
		const algo_data *d0 = &c->in[0];
		fprintf(f, "case %zu %zu %zu %zu\n", k - start, d0->n, d0->w, d0->h);
		int64_t bound = 0;
		char why[256];
		if (x->procs &&
		    ck_expr_eval(x->procs, (int64_t)d0->n, &bound, why, sizeof why) == 0 &&
		    bound >= 1)
			fprintf(f, "procs %" PRId64 "\n", bound);
		if (x->atomics &&
		    ck_expr_eval(x->atomics, (int64_t)d0->n, &bound, why, sizeof why) == 0 &&
		    bound >= 1)
			fprintf(f, "atomics %" PRId64 "\n", bound);
		for (size_t i = 0; i < x->nargs; i++) {
			const ck_arg *g = &x->args[i];
			const algo_data *d = &c->in[g->port];
			switch (g->kind) {
			case CK_ARG_IN:
			case CK_ARG_INOUT:
				fprintf(f, "array %s %s %c %zu\n", g->name,
					g->kind == CK_ARG_IN ? "in" : "inout",
					d->type == PRAM_INT ? 'i' : 'f', d->n);
				put_vals(f, d);
				break;
			case CK_ARG_FLAGS:
				fprintf(f, "array %s in i %zu\n", g->name, d->n);
				for (size_t j = 0; j < d->n; j++)
					fprintf(f, "%s%d", j ? " " : "",
						d->flags ? d->flags[j] != 0 : j == 0);
				fputc('\n', f);
				break;
			case CK_ARG_OUT:
				fprintf(f, "array %s out %c %zu\n", g->name,
					g->type == PRAM_INT ? 'i' : 'f', out_len(x, c, g->port));
				break;
			default:
				break;
			}
		}
		fprintf(f, "params");
		for (size_t i = 0; i < x->nargs; i++)
			if (x->args[i].kind == CK_ARG_PARAM)
				fprintf(f, " %" PRId64, x->p.v[x->args[i].param]);
		fprintf(f, "\nend\n");
	}
	return fclose(f) != 0 ? -1 : 0;
}

typedef struct pres {
	int done;     /* the case reported its end */
	int violated; /* the simulator stopped it (a violation is the diagnosis) */
	uint64_t w, d, steps;
} pres;

static const char *viol_hint(ck_kind k, int model)
{
	switch (k) {
	case CK_UNWRITTEN_READ:
		return "a processor reads a cell no step has written: check the index (a "
		       "padding cell past n, or a cell of the wrong level)";
	case CK_OUT_OF_BOUNDS:
		return "an index past the array's end: n need not be a power of two";
	case CK_DISCIPLINE:
		return "the driver loads x and reads the result; the program reads and writes "
		       "the machine only by its processors (pram_read, pram_write in a step)";
	default:
		return model == PRAM_EREW || model == PRAM_SCAN
			   ? "under EREW no two processors may touch one cell in the same step: "
			     "split the step, or give each processor its own cell"
		       : model == PRAM_CREW
			   ? "under CREW processors may read a cell together, but no two may "
			     "write one in the same step: give each processor its own cell"
			   : "under this CRCW model concurrent writes must agree as it says: "
			     "give each processor its own cell, or write one value";
	}
}

static ck_kind viol_kind(const char *status, const char *msg)
{
	if (strcmp(status, "ESTEP") == 0 && strstr(msg, "while the machine is sealed"))
		return CK_DISCIPLINE;
	if (strcmp(status, "EUNWRITTEN") == 0)
		return CK_UNWRITTEN_READ;
	if (strcmp(status, "EBOUNDS") == 0)
		return CK_OUT_OF_BOUNDS;
	return CK_MODEL_VIOLATION;
}

/* An "out K A V..." line: the values of argument A of case c. */
static void parse_out(pctx *x, pcase *c, const char *line)
{
	size_t k, ai;
	int off = 0;
	if (sscanf(line, "out %zu %zu%n", &k, &ai, &off) != 2 || ai >= x->nargs)
		return;
	const ck_arg *g = &x->args[ai];
	if (g->kind != CK_ARG_OUT && g->kind != CK_ARG_INOUT)
		return;
	size_t port = g->port;
	algo_data *d = &c->got[port];
	if (d->vals)
		return; /* the first report of an array stands */
	size_t n = c->want[port].n;
	if (algo_data_alloc(d, n, c->want[port].type, 0) != 0)
		return;
	if (c->want[port].h)
		d->w = c->want[port].w, d->h = c->want[port].h;
	const char *q = line + off;
	char *e;
	size_t i = 0;
	for (; i < n; i++) {
		if (d->type == PRAM_INT)
			d->vals[i].i = strtoll(q, &e, 10);
		else
			d->vals[i].f = strtod(q, &e);
		if (e == q)
			break;
		q = e;
	}
	d->n = i;
}

/* Parse the driver's lines for cases (or sweep points) cs; the dying case
 * goes to *died. */
static void parse_driver(pctx *x, const char *out, pcase *cs, size_t nc, pres *res, long *died,
			 unsigned long long oom[2], ck_result *r)
{
	const ck_exercise *ex = x->ex;
	long cur = -1;
	const char *line = out;
	while (line && *line) {
		const char *nl = strchr(line, '\n');
		size_t k;
		if (sscanf(line, "begin %zu", &k) == 1 && k < nc) {
			cur = (long)k;
		} else if (sscanf(line, "wd %zu", &k) == 1 && k < nc) {
			unsigned long long w, d, st;
			if (sscanf(line, "wd %zu %llu %llu %llu", &k, &w, &d, &st) == 4) {
				res[k].w = w;
				res[k].d = d;
				res[k].steps = st;
			}
		} else if (sscanf(line, "end %zu", &k) == 1 && k < nc) {
			res[k].done = 1;
			cur = -1;
		} else if (sscanf(line, "oom %llu %llu", &oom[0], &oom[1]) >= 1) {
			/* run_driver diagnoses it with the case it died in */
		} else if (strncmp(line, "error ", 6) == 0) {
			ck_note(r, "the checker's driver: %.*s", nl ? (int)(nl - line - 6) : 200,
				line + 6);
		} else if (strncmp(line, "viol ", 5) == 0) {
			char st[32];
			int ln, off = 0;
			if (sscanf(line, "viol %zu %31s %d %n", &k, st, &ln, &off) == 3 && off &&
			    k < nc) {
				char desc[256];
				pcase_desc(&cs[k], desc, sizeof desc);
				int len = nl ? (int)(nl - line - off) : (int)strlen(line + off);
				char msg[600];
				snprintf(msg, sizeof msg, "%.*s", len, line + off);
				int procs = strcmp(st, "EPROCS") == 0;
				if (procs || strcmp(st, "EATOMICS") == 0) {
					/* the run went on: a result, on a larger machine */
					if (!x->wide++)
						ck_diag_add(
						    r, CK_MODEL_VIOLATION, CK_CRIT_MODEL, x->shown,
						    ln, desc,
						    procs ? "give each processor its share of the "
							    "elements (a loop over steps) and keep "
							    "the others idle"
							  : "atomics on one cell take turns: "
							    "spread them over cells of their own "
							    "(a group's private counts) and add "
							    "those up",
						    "%s", msg);
					line = nl ? nl + 1 : NULL;
					continue;
				}
				ck_kind kind = viol_kind(st, msg);
				res[k].violated = 1;
				ck_diag_add(r, kind,
					    kind == CK_DISCIPLINE ? CK_CRIT_BUILD : CK_CRIT_MODEL,
					    x->shown, ln, desc, viol_hint(kind, ex->model), "%.*s",
					    len, line + off);
			}
		} else if (sscanf(line, "out %zu", &k) == 1 && k < nc) {
			parse_out(x, &cs[k], line);
		}
		line = nl ? nl + 1 : NULL;
	}
	*died = cur;
}

/* Why a case died (of size n; oom: the bytes of a failed allocation and
 * the steps taken by then), in words that point at the cause. */
static void diag_death(const ck_exercise *ex, const ck_proc *p, const unsigned long long oom[2],
		       size_t n, const char *shown, const char *desc, ck_result *r)
{
	char how[160];
	ck_proc_describe(p, how, sizeof how);
	const char *as = strstr(p->out, "Assertion `");
	if (p->timed_out)
		ck_diag_add(r, CK_TIMEOUT, CK_CRIT_RESULTS, shown, 0, desc,
			    "a loop whose bound never changes? (d *= 2 with d = 0, "
			    "or a step count that does not shrink)",
			    "the program did not finish within %g s", ex->time_limit);
	else if (oom[0] && oom[1] > 16 * ((unsigned long long)n + 64))
		/* the simulator keeps a record of every step: steps without end
		 * fill the memory before the clock runs out */
		ck_diag_add(r, CK_TIMEOUT, CK_CRIT_RESULTS, shown, 0, desc,
			    "a loop around PRAM_STEP whose bound never changes? (d *= 2 with d = "
			    "0, or d++ on a bound that is never reached)",
			    "the program took %llu steps on n = %zu and did not stop: the "
			    "machine's record of its steps filled the memory limit (%zu MiB)",
			    oom[1], n, ex->mem_limit >> 20);
	else if (oom[0])
		ck_diag_add(r, CK_OUT_OF_MEMORY, CK_CRIT_RESULTS, shown, 0, desc,
			    "an allocation in a loop that never frees, or a size computed "
			    "wrong?",
			    "an allocation of %llu bytes failed: the program ran into its "
			    "memory limit (%zu MiB)",
			    oom[0], ex->mem_limit >> 20);
	else if (p->signal == SIGABRT && as) {
		const char *e = strchr(as, '\n');
		int line = 0;
		const char *at = strstr(p->out, shown);
		if (at && at < as)
			sscanf(at + strlen(shown), ":%d", &line);
		ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, line, desc,
			    "the assertion's condition is false for this case",
			    "an assertion failed: %.*s", e ? (int)(e - as) : (int)strlen(as), as);
	} else if (p->signal == SIGABRT)
		ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, 0, desc,
			    "abort() ends the program: return from the function instead",
			    "the program called abort() (%s)", how);
	else if (p->exited)
		ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, 0, desc,
			    "exit() ends the whole program, the checker's driver with it: return "
			    "from the function instead",
			    "the program ended in the middle of the case (it %s), before the "
			    "driver had its result: a call of exit()?",
			    how);
	else
		ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, 0, desc,
			    "an index out of a C array's bounds, a null pointer, or a recursion "
			    "without end?",
			    "the program %s", how);
}

/* Run the driver over cs in contained children, going on after one dies;
 * the cases report on a grading channel of their own (channel.h), the
 * program's output is kept apart (show: said in the report). Returns the
 * number of cases that died. */
static int run_driver(pctx *x, const char *mode, pcase *cs, size_t nc, pres *res, int show,
		      ck_result *r)
{
	const ck_exercise *ex = x->ex;
	int deaths = 0;
	size_t start = 0;
	char err[256], cases[PATH_MAX];
	ck_channel ch;
	if (files_path(cases, sizeof cases, "%s/cases.txt", x->dir) != 0 ||
	    ck_channel_open(&ch, err, sizeof err) != 0) {
		ck_note(r, "cannot run the program: %s", err);
		return 0;
	}
	while (start < nc && deaths < 2) {
		if (write_cases(x, cs, start, nc, cases) != 0) {
			ck_note(r, "cannot write the cases into %s", x->dir);
			break;
		}
		char *argv[] = {"./student", (char *)mode, ch.arg, "cases.txt", NULL};
		ck_limits lim = {.wall_s = ex->time_limit,
				 .mem_bytes = ex->mem_limit,
				 .cwd = x->dir,
				 .sandbox = 1,
				 .keep_fd = fileno(ch.f)};
		ck_proc p;
		if (ck_contain_exec(argv, &lim, &p, err, sizeof err) != 0) {
			ck_note(r, "cannot run the program: %s", err);
			break;
		}
		char *lines = ck_channel_read(&ch);
		if (show && start == 0)
			ck_note_output(r, "the program", p.out);
		/* the driver numbers cases from 0 for each run */
		long died = -1;
		unsigned long long oom[2] = {0, 0};
		parse_driver(x, lines ? lines : "", cs + start, nc - start, res + start, &died, oom,
			     r);
		free(lines);
		size_t next = nc;
		if (died >= 0 || (p.exited && p.status != 0) || p.signal || p.timed_out) {
			size_t k = died >= 0 ? start + (size_t)died : start;
			char desc[256];
			pcase_desc(&cs[k], desc, sizeof desc);
			diag_death(ex, &p, oom, cs[k].in[0].n, x->shown, desc, r);
			r->cases_run++; /* run, and not right */
			deaths++;
			next = k + 1;
		}
		ck_proc_free(&p);
		start = next;
	}
	unlink(cases);
	if (start < nc && show) {
		char left[512] = "";
		for (size_t k = start; k < nc; k++)
			snprintf(left + strlen(left), sizeof left - strlen(left), "%s%zu",
				 k > start ? ", " : "", cs[k].n);
		ck_note(r, "%zu case%s not run after two deaths: n = %s", nc - start,
			nc - start == 1 ? " was" : "s were", left);
	}
	ck_channel_close(&ch);
	return deaths;
}

/* "n - 1", "2n - 2" when v is a n + b exactly on every point; else "". */
static void exact_linear(const double *ns, const double *v, size_t m, char *buf, size_t len)
{
	buf[0] = '\0';
	if (m < 2)
		return;
	double a = (v[m - 1] - v[m - 2]) / (ns[m - 1] - ns[m - 2]);
	double b = v[m - 1] - a * ns[m - 1];
	if (a != floor(a) || b != floor(b) || a == 0)
		return;
	for (size_t k = 0; k < m; k++)
		if (a * ns[k] + b != v[k])
			return;
	snprintf(buf, len, "%s%gn%s%g", "", a, b < 0 ? " - " : b > 0 ? " + " : "", b < 0 ? -b : b);
	if (b == 0)
		snprintf(buf, len, "%gn", a);
	if (a == 1)
		memmove(buf, buf + 1, strlen(buf));
}

/* Write text into the file path; 0, or -1. */
static int write_file(const char *path, const char *text)
{
	FILE *f = path[0] ? fopen(path, "w") : NULL;
	if (!f)
		return -1;
	int bad = fputs(text, f) < 0;
	return fclose(f) != 0 || bad ? -1 : 0;
}

/* Where the driver's source is: the source tree's when this pram runs
 * from the build tree, else the installed one. */
static void driver_path(char *buf, size_t len)
{
	if (ck_from_build_tree())
		snprintf(buf, len, "%s/check/pramdriver.c", ABS_TOP_SRCDIR);
	else
		snprintf(buf, len, "%s/check/pramdriver.c", PKGDATADIR);
}

/* A new temporary folder dir with the student's file under its own name,
 * shown, and our driver and glue beside it. Returns 0, or -1 with a note
 * (dir is then "" when it was not made). */
static int make_workdir(const pctx *x, const char *src, char *dir, size_t dirlen, ck_result *r)
{
	if (files_tempdir("pramcheck", dir, dirlen) != 0) {
		ck_note(r, "cannot make a temporary folder: %s", strerror(errno));
		dir[0] = '\0';
		return -1;
	}
	char p1[PATH_MAX], p2[PATH_MAX], p3[PATH_MAX], from[PATH_MAX], err[256];
	files_path(p1, sizeof p1, "%s/%s", dir, x->shown);
	files_path(p2, sizeof p2, "%s/pramcheck_driver.c", dir);
	files_path(p3, sizeof p3, "%s/pramcheck_glue.c", dir);
	driver_path(from, sizeof from);
	char *drv = ck_slurp(from, NULL, err, sizeof err);
	if (!drv) {
		ck_note(r, "the checker's driver is missing (%s): install pramsim again", err);
		return -1;
	}
	char *glue = ck_program_glue(x->ex, x->args, x->nargs, x->shown);
	int bad = write_file(p1, src) != 0;
	bad |= write_file(p2, drv) != 0;
	bad |= write_file(p3, glue ? glue : "") != 0;
	free(drv);
	free(glue);
	if (bad) {
		ck_note(r, "cannot write into %s", dir);
		return -1;
	}
	return 0;
}

/* Remove what make_workdir and the build put in dir, and dir. */
static void remove_workdir(const char *dir, const char *shown)
{
	const char *made[] = {shown, "pramcheck_driver.c", "pramcheck_glue.c", "student",
			      "cases.txt"};
	for (size_t k = 0; k < sizeof made / sizeof made[0]; k++) {
		char q[PATH_MAX];
		if (files_path(q, sizeof q, "%s/%s", dir, made[k]) == 0)
			unlink(q);
	}
	rmdir(dir);
}

/* The compiler's output out of a build that failed, as one diagnosis: the
 * first "scan.c:LINE:COL: error:" (or "fatal error:") line, else the whole output (with a hint
 * when the entry point is undefined, a link error). */
static void compile_diag(ck_result *r, const char *shown, const char *sig, const char *out)
{
	const char *q = out;
	int line = 0;
	size_t sl = strlen(shown);
	const char *hit = NULL;
	while ((q = strstr(q, shown))) {
		int ln, col;
		char what[16];
		if ((q == out || q[-1] == '\n' || q[-1] == ' ' || q[-1] == '/') &&
		    sscanf(q + sl, ":%d:%d: %15[a-z]", &ln, &col, what) == 3 &&
		    (strcmp(what, "error") == 0 || strcmp(what, "fatal") == 0)) {
			line = ln;
			hit = q;
			break;
		}
		q += sl;
	}
	if (hit) {
		const char *e = strchr(hit, '\n');
		int len = e ? (int)(e - hit) : (int)strlen(hit);
		/* the glue declares the contract's function before the file */
		char hint[1200] = "";
		if (memmem(hit, (size_t)len, "conflicting types", 17))
			snprintf(hint, sizeof hint, "the contract's function is %s", sig);
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, line, NULL,
			    hint[0] ? hint : NULL, "%.*s", len, hit);
	} else {
		/* an undefined entry point is a link error: name it */
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, 0, NULL,
			    strstr(out, "undefined reference")
				? "the file must define the contract's function"
				: NULL,
			    "the program does not build:\n%.1500s", out);
	}
}

/* Compile the glue (the student's file within it) and the driver in dir
 * against libpram, in a contained child, into dir/student; sig is the
 * contract's function, for the hint of a mismatch. Returns 0 when it
 * built, 1 when it did not (diagnosed), -1 when the build could not run (a
 * note). */
static int build_program(const char *dir, const char *shown, const char *sig, ck_result *r)
{
	char err[1024], inc[4096], lib[4096];
	ck_libpram_paths(inc, sizeof inc, lib, sizeof lib);
	char hdr[4200];
	struct stat st;
	snprintf(hdr, sizeof hdr, "%s/pram.h", inc);
	if (stat(hdr, &st) != 0 || stat(lib, &st) != 0) {
		ck_note(r,
			"libpram is not where this pram looks for it (%s, %s): install "
			"pramsim (make install), or run the pram of the build tree",
			hdr, lib);
		return -1;
	}
	char incf[4200];
	snprintf(incf, sizeof incf, "-I%s", inc);
	const char *cc = getenv("CC");
	if (!cc || !*cc)
		cc = "cc";
	char *argv[] = {(char *)cc,
			"-std=gnu11",
			"-O1",
			"-fdiagnostics-color=never",
			incf,
			"-o",
			"student",
			"-x",
			"c",
			"pramcheck_glue.c",
			"pramcheck_driver.c",
			"-x",
			"none",
			lib,
			"-lm",
			"-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc",
			NULL};
	ck_limits lim = {.wall_s = 60, .mem_bytes = (size_t)2 << 30, .cwd = dir, .sandbox = 1};
	ck_proc p;
	r->ran[CK_CRIT_BUILD] = CK_RAN_CHECKED;
	if (ck_contain_exec(argv, &lim, &p, err, sizeof err) != 0) {
		ck_note(r, "cannot run the compiler %s: %s", cc, err);
		return -1;
	}
	int built = p.exited && p.status == 0;
	if (!built)
		compile_diag(r, shown, sig, p.out);
	ck_proc_free(&p);
	return built ? 0 : 1;
}

/* Judge the outputs of a case that finished: -1 when right, else the
 * first bad index with what is wrong in why. */
static long judge_case(pctx *x, pcase *c, char *why, size_t len)
{
	const algo *a = x->a;
	size_t nout = x->ex->contract == CK_PRAM_INPLACE ? 1 : algo_nout(a);
	for (size_t k = 0; k < nout; k++)
		if (!c->got[k].vals && c->want[k].n) {
			snprintf(why, len, "the driver got no values of %s", a->name);
			return 0;
		}
	const char *name = "";
	for (size_t i = 0; i < x->nargs; i++)
		if (x->args[i].kind == CK_ARG_OUT || x->args[i].kind == CK_ARG_INOUT) {
			name = x->args[i].name;
			break;
		}
	if (x->ex->contract == CK_PRAM_INPLACE) {
		const algo_data *g = &c->got[0], *w = &c->want[0];
		for (size_t i = 0; i < w->n; i++)
			if (i >= g->n || g->vals[i].i != w->vals[i].i) {
				snprintf(why, len,
					 "%s[%zu] = %" PRId64 ", expected %" PRId64
					 " (the %s %s scan)",
					 name, i, i < g->n ? g->vals[i].i : 0, w->vals[i].i,
					 x->ex->inclusive ? "inclusive" : "exclusive",
					 pram_op_name((pram_op)x->ex->op));
				return (long)i;
			}
		return -1;
	}
	char what[400];
	size_t port = 0;
	double tol = algo_tolerance(a, c->in, &x->p, DBL_EPSILON);
	long bad = algo_verify(a, c->in, c->got, c->want, &x->p, tol, &port, what, sizeof what);
	if (bad < 0)
		return -1;
	for (size_t i = 0; i < x->nargs; i++)
		if (x->args[i].kind == CK_ARG_OUT && x->args[i].port == port)
			name = x->args[i].name;
	snprintf(why, len, "%s%s%s (the reference: %s)", a->check ? "" : name, a->check ? "" : ": ",
		 what, a->name);
	return bad;
}

/* Run the cases (the edges, the exercise's sizes, all-equal and extreme
 * values) and diagnose the first wrong result. */
static void check_cases(pctx *x)
{
	const ck_exercise *ex = x->ex;
	ck_result *r = x->r;
	static pcase cs[CK_MAX_LIST + 8];
	size_t nc = 0;
	static const size_t edge[] = {0, 1, 2, 3, 5, 7, 100};
	static const char *const edgewhy[] = {"empty",
					      "one element",
					      NULL,
					      "not a power of two",
					      "not a power of two",
					      "not a power of two",
					      NULL};
	size_t max = x->a->max_n ? x->a->max_n : SIZE_MAX;
	memset(cs, 0, sizeof cs);
	/* case k has seed k + 1, the same in every run */
#define ADD(N, D, WHY)                                                                 \
	do {                                                                           \
		cs[nc] = (pcase){.n = (N), .dist = (D), .seed = nc + 1, .why = (WHY)}; \
		nc++;                                                                  \
	} while (0)
	for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++)
		if (edge[k] <= max)
			ADD(edge[k], CK_DIST_RANDOM, edgewhy[k]);
	for (size_t k = 0; k < ex->nsizes && nc < CK_MAX_LIST + 4; k++)
		if (ex->sizes[k] <= max)
			ADD(ex->sizes[k], CK_DIST_RANDOM, NULL);
	size_t mid = max < 100 ? max : 100;
	ADD(mid, CK_DIST_EQUAL, NULL);
	if (ex->contract == CK_PRAM_INPLACE || (x->a->caps & ALGO_OP))
		ADD(mid, CK_DIST_EXTREME, NULL);
#undef ADD
	size_t made = 0;
	while (made < nc && make_case(x, &cs[made], 1) == 0)
		made++;
	nc = made;
	pres res[CK_MAX_LIST + 8];
	memset(res, 0, sizeof res);
	r->ran[CK_CRIT_RESULTS] = r->ran[CK_CRIT_MODEL] = CK_RAN_CHECKED;
	run_driver(x, "case", cs, nc, res, 1, r);
	size_t stopped = 0;
	for (size_t k = 0; k < nc; k++) {
		if (!res[k].done)
			continue;
		r->cases_run++;
		/* a violation that stopped the simulator is the diagnosis; the
		 * case has no result, so it is not right */
		if (res[k].violated) {
			stopped++;
			continue;
		}
		char why[600], desc[256];
		long bad = judge_case(x, &cs[k], why, sizeof why);
		pcase_desc(&cs[k], desc, sizeof desc);
		/* right without a step: nothing of the machine computed it */
		if (bad < 0 && res[k].steps == 0 && cs[k].in[0].n >= 2) {
			ck_diag_add(r, CK_DISCIPLINE, CK_CRIT_RESULTS, x->shown, 0, desc,
				    "a PRAM program computes by its processors, in steps: "
				    "PRAM_STEP and PRAM_FORALL",
				    "the program took no step, yet its result is right: the "
				    "machine did not compute it");
			continue;
		}
		if (bad < 0) {
			r->cases_passed++;
			continue;
		}
		if (r->failed[CK_CRIT_RESULTS] && ck_has_kind(r, CK_WRONG_RESULT))
			continue;
		ck_diag_add(r, CK_WRONG_RESULT, CK_CRIT_RESULTS, x->shown, 0, desc, NULL, "%s",
			    why);
	}
	if (stopped) {
		r->failed[CK_CRIT_RESULTS] = 1;
		ck_crit_note(r, CK_CRIT_RESULTS,
			     "%zu case%s stopped at a violation, with no result", stopped,
			     stopped == 1 ? "" : "s");
	}
	for (size_t k = 0; k < nc; k++)
		pcase_free(&cs[k]);
}

/* W (or D, with depth) measured over the sweep, v at the sizes ns, judged
 * against the exercise's bound. */
static void judge_growth(const ck_exercise *ex, const char *shown, int depth, const double *ns,
			 const double *v, size_t m, ck_result *r)
{
	ck_growth bound = depth ? ex->depth : ex->work;
	if (bound == CK_GROW_COUNT)
		return;
	ck_crit c = depth ? CK_CRIT_DEPTH : CK_CRIT_WORK;
	char name = depth ? 'D' : 'W';
	ck_growth g = ck_growth_classify(ns, v, m);
	char x[64];
	exact_linear(ns, v, m, x, sizeof x);
	double nl = ns[m - 1];
	r->ran[c] = CK_RAN_CHECKED;
	ck_crit_note(r, c, "%c grows %s%s%s%s: %c(%g) = %g; bound O(%s)", name,
		     g == CK_GROW_POLY ? "" : "as ", ck_growth_name(g),
		     x[0] ? (depth ? ", D = " : ", W = ") : "", x, name, nl, v[m - 1],
		     ck_growth_name(bound));
	ck_growth least = depth ? ex->depth_min : ex->work_min;
	if (least != CK_GROW_COUNT && g < least) {
		ck_diag_add(
		    r, CK_BELOW_BOUND, c, shown, 0, NULL,
		    depth ? "a tree of two-input operations over n values needs log n "
			    "levels: fewer steps means work done outside the machine's steps"
			  : "the program must read each of its n inputs: less work means "
			    "work the machine did not count",
		    "%c grows as %s, below the exercise's lower bound (%c = Omega(%s)): "
		    "%c(%g) = %g",
		    name, ck_growth_name(g), name, ck_growth_name(least), name, nl, v[m - 1]);
		return;
	}
	if (g <= bound)
		return;
	if (!depth) {
		const algo *a = algo_find(ex->reference);
		int scan = a && strcmp(a->family, "scan") == 0 && bound == CK_GROW_LINEAR;
		ck_diag_add(r, CK_NOT_WORK_EFFICIENT, CK_CRIT_WORK, shown, 0, NULL,
			    scan ? "a work-efficient scan does O(n) work: sweep up a "
				   "tree of sums, then down (Blelloch), instead of "
				   "adding at every distance in every step"
				 : "count the operations each element costs: a processor that "
				   "walks many cells, or a step for every distance, multiplies "
				   "them",
			    "W grows %s%s: not work-efficient (W(%g) = %g, "
			    "%.1f per element; the exercise asks for O(%s))",
			    g == CK_GROW_POLY ? "" : "as ", ck_growth_name(g), nl, v[m - 1],
			    v[m - 1] / nl, ck_growth_name(bound));
		return;
	}
	const char *word = g == CK_GROW_LINEAR  ? "linearly"
			   : g == CK_GROW_NLOGN ? "as n log n"
						: "faster than allowed";
	ck_diag_add(r, CK_DEPTH, CK_CRIT_DEPTH, shown, 0, NULL,
		    "the steps must do the work of many elements at "
		    "once: a loop over the elements around PRAM_STEP "
		    "makes one step per element",
		    "D grows %s: %s%s steps (D(%g) = %g; the exercise "
		    "asks for O(%s))",
		    word, x[0] ? x : "", x[0] ? "" : "many", nl, v[m - 1], ck_growth_name(bound));
}

/* W and D over the exercise's sweep, of a program that keeps to the
 * model: measured on the sizes that ran (a size that dies is left out and
 * named), judged when three or more did. */
static void check_sweep(pctx *x)
{
	const ck_exercise *ex = x->ex;
	const char *shown = x->shown;
	ck_result *r = x->r;
	if (r->failed[CK_CRIT_MODEL]) {
		ck_note(r, "W and D are not judged: the program breaks the model, and the "
			   "simulator stops at the first violation");
		return;
	}
	if (ex->nsweep < 3)
		return;
	if (ck_has_kind(r, CK_TIMEOUT)) {
		/* a crash leaves the sweep to measure W and D; a hang would cost
		 * the student's time again at each size */
		ck_note(r, "W and D are not measured: the program did not finish a case in time");
		ck_bounds_ran(r, CK_RAN_NOT_REACHED);
		return;
	}
	static pcase sw[CK_MAX_LIST];
	pres sres[CK_MAX_LIST];
	memset(sres, 0, sizeof sres);
	memset(sw, 0, sizeof sw);
	size_t nsw = 0;
	for (size_t k = 0; k < ex->nsweep; k++) {
		sw[nsw] = (pcase){.n = ex->sweep[k], .dist = CK_DIST_RANDOM, .seed = 100 + k};
		if (x->a->max_n && ex->sweep[k] > x->a->max_n)
			continue;
		if (make_case(x, &sw[nsw], 0) != 0)
			break;
		nsw++;
	}
	ck_result scratch;
	ck_result_init(&scratch, ex, r->submission);
	run_driver(x, "sweep", sw, nsw, sres, 0, &scratch);
	ck_result_free(&scratch);
	double ns[CK_MAX_LIST], w[CK_MAX_LIST], d[CK_MAX_LIST];
	size_t m = 0, died = 0;
	char left[256] = "";
	for (size_t k = 0; k < nsw; k++)
		if (sres[k].done && !sres[k].violated && sres[k].w > 0 && sres[k].d > 0) {
			ns[m] = (double)sw[k].in[0].n;
			w[m] = (double)sres[k].w;
			d[m] = (double)sres[k].d;
			m++;
		} else if (!sres[k].done) {
			snprintf(left + strlen(left), sizeof left - strlen(left), "%s%zu",
				 died++ ? ", " : "", sw[k].n);
		}
	for (size_t k = 0; k < nsw; k++)
		pcase_free(&sw[k]);
	if (died)
		ck_note(r, "W and D leave out n = %s, where the program did not finish", left);
	if (m < 3) {
		ck_note(r, "W and D could not be measured: %s",
			died ? "fewer than three sizes of the sweep finished"
			     : "the program did no work");
		ck_bounds_ran(r, CK_RAN_NOT_REACHED);
		return;
	}
	for (size_t k = 0; k < m; k++) {
		r->wd_x[k] = ns[k];
		r->wd_w[k] = w[k];
		r->wd_d[k] = d[k];
	}
	r->nwd = m;
	r->wd_xname = "n";
	judge_growth(ex, shown, 0, ns, w, m, r);
	judge_growth(ex, shown, 1, ns, d, m, r);
}

/* The static check, by the checker's helper pram-lint (pramlint.h), in a
 * contained child: libclang parses what a student wrote, outside this
 * process (it brings an LLVM of its own, which must not meet PoCL's). Its
 * findings become diagnoses of the build. Returns how many. */
static int check_discipline(const char *dir, const char *shown, ck_result *r)
{
	char inc[4096], lib[4096], path[PATH_MAX], tool[PATH_MAX], why[512], err[256];
	const char *lint =
	    ck_helper_path("pram-lint", "PRAM_LINT", tool, sizeof tool, why, sizeof why);
	if (!lint) {
		ck_note(r,
			"the static check of the PRAM discipline did not run: %s; the "
			"simulator's charges and its sealed machine stand without it",
			why);
		return 0;
	}
	ck_libpram_paths(inc, sizeof inc, lib, sizeof lib);
	if (files_path(path, sizeof path, "%s/%s", dir, shown) != 0)
		return 0;
	char *argv[] = {(char *)lint, path, (char *)shown, inc, NULL};
	ck_limits lim = {.wall_s = 30, .mem_bytes = (size_t)1 << 30, .cwd = dir, .sandbox = 1};
	ck_proc p;
	if (ck_contain_exec(argv, &lim, &p, err, sizeof err) != 0) {
		ck_note(r, "cannot run the static check: %s", err);
		return 0;
	}
	int found = 0;
	size_t sl = strlen(shown);
	for (char *line = p.out, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		int ln, off = 0;
		if (strncmp(line, shown, sl) == 0 && sscanf(line + sl, ":%d: %n", &ln, &off) == 1 &&
		    off) {
			ck_diag_add(r, CK_DISCIPLINE, CK_CRIT_BUILD, shown, ln, NULL, NULL, "%s",
				    line + sl + off);
			found++;
		} else if (strncmp(line, "pram-lint: ", 11) == 0) {
			ck_note(r, "the static check: %s", line + 11);
		}
	}
	if (!p.exited || (p.status != 0 && p.status != 1))
		ck_note(r, "the static check ended early (it %s)",
			p.timed_out ? "timed out" : "died");
	ck_proc_free(&p);
	return found;
}

int ck_pram_check(const ck_exercise *ex, const char *path, ck_result *r)
{
	char err[1024];
	pctx x = {.ex = ex, .a = algo_find(ex->reference), .shown = ck_basename(path), .r = r};
	if (!x.a || ck_reference_params(ex, x.a, &x.p, err, sizeof err) != 0 ||
	    ck_contract_args(ex, x.args, &x.nargs, err, sizeof err) != 0) {
		ck_note(r, "%s: %s", ex->path, x.a ? err : "the reference is not in the registry");
		return -1;
	}
	if (strpbrk(x.shown, "\"\\\n")) {
		ck_note(r,
			"%s: a file name with a quote, a backslash or a line break cannot be "
			"compiled as a submission: rename it %s",
			path, ex->file);
		return -1;
	}
	char *src = ck_slurp(path, NULL, err, sizeof err);
	if (!src) {
		ck_note(r, "%s", err);
		return -1;
	}
	size_t col;
	if ((ex->processors && !(x.procs = ck_expr_parse(ex->processors, &col, err, sizeof err))) ||
	    (ex->atomics && !(x.atomics = ck_expr_parse(ex->atomics, &col, err, sizeof err)))) {
		ck_note(r, "%s: %s: %s", ex->path,
			x.procs || !ex->processors ? "atomics" : "processors", err);
		ck_expr_free(x.procs);
		free(src);
		return -1;
	}
	char dir[PATH_MAX] = "";
	int ret = -1;
	if (make_workdir(&x, src, dir, sizeof dir, r) == 0) {
		x.dir = dir;
		char sig[1024];
		ck_contract_signature(ex, x.args, x.nargs, sig, sizeof sig);
		int built = build_program(dir, x.shown, sig, r);
		/* a program outside the PRAM's discipline is not graded further:
		 * its results and counts would not be the PRAM's */
		if (built == 0 && check_discipline(dir, x.shown, r) == 0) {
			check_cases(&x);
			check_sweep(&x);
		}
		ret = built < 0 ? -1 : 0;
	}
	if (dir[0])
		remove_workdir(dir, x.shown);
	ck_expr_free(x.procs);
	ck_expr_free(x.atomics);
	free(src);
	return ret;
}
