/*
 * pramdriver.c - the checker's driver of a PRAM-program exercise
 * (check/pramcheck.c). pram check compiles it with the student's file,
 * which a glue file of its own includes after the contract's prototype (so
 * that a function of another type is a compile error at the student's
 * line), and which defines pramdriver_call: the student's function called
 * with the contract's arguments (check/ports.h).
 *
 *     ./student case|sweep FD:NONCE CASEFILE
 *
 * CASEFILE holds the cases, each
 *
 *     case K N W H            (K from 0; N the first input's length, W and H
 *                              its sides when it is a grid)
 *     array NAME ROLE TYPE LEN   (one per array argument, in order; ROLE in,
 *                              out or inout, TYPE i or f; in and inout
 *                              arrays are followed by a line of LEN values)
 *     params V ...            (the parameters passed, as long)
 *     end
 *
 * Each case runs on a machine of its own, sealed while the student's
 * function runs (pram_seal: no host accessor). The driver reports on the
 * grading channel (check/channel.h: the file FD, each line behind the
 * nonce), never on its standard output, which is the student's: "begin
 * K", "viol K STATUS LINE MESSAGE" for each violation, "wd K W D STEPS",
 * in case mode "out K A V..." for each out or inout array A (its index
 * among the case's arrays; floats in C99's hexadecimal form, exact), then
 * "end K"; "oom BYTES STEPS" when an allocation fails (ld --wrap of
 * malloc, calloc and realloc), so that a runaway allocation is reported at
 * the limit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pram.h"

#define MAX_ARRAYS 24
#define MAX_PARAMS 12

void pramdriver_call(pram *m, pram_array *const *a, const size_t *sizes, const long *params);

static FILE *rep;
static int repfd = -1;
static char nonce[40];
static pram *cur;

#define R(...) (fprintf(rep, "%s ", nonce), fprintf(rep, __VA_ARGS__), fflush(rep))

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);

/* Out of memory: said with write(2), which needs none, and the process
 * ends. */
static void oom(size_t s)
{
	char b[128];
	int l = snprintf(b, sizeof b, "%s oom %zu %llu\n", nonce, s,
			 cur ? (unsigned long long)pram_get_totals(cur).steps : 0ull);
	if (repfd >= 0 && l > 0) {
		ssize_t w = write(repfd, b, (size_t)l);
		(void)w;
	}
	_exit(4);
}

void *__wrap_malloc(size_t s)
{
	void *p = __real_malloc(s);
	if (!p && s)
		oom(s);
	return p;
}

void *__wrap_calloc(size_t a, size_t b)
{
	void *p = __real_calloc(a, b);
	if (!p && a && b)
		oom(a * b);
	return p;
}

void *__wrap_realloc(void *q, size_t s)
{
	void *p = __real_realloc(q, s);
	if (!p && s)
		oom(s);
	return p;
}

/* The case file is the checker's: a line it did not write ends the run. */
static void bad_file(const char *what)
{
	R("error the case file: %s\n", what);
	exit(3);
}

typedef struct arr {
	char name[64], role[8], type;
	size_t len;
	pram_array *a;
} arr;

/* Read the values of a and load them. */
static void load(FILE *f, arr *a)
{
	size_t n = a->len ? a->len : 1;
	if (a->type == 'i') {
		int64_t *v = calloc(n, sizeof *v);
		for (size_t i = 0; i < a->len; i++) {
			long long x;
			if (fscanf(f, "%lld", &x) != 1)
				bad_file("a value is missing");
			v[i] = x;
		}
		pram_array_load_i(a->a, v, a->len);
		free(v);
	} else {
		double *v = calloc(n, sizeof *v);
		for (size_t i = 0; i < a->len; i++)
			if (fscanf(f, "%la", &v[i]) != 1)
				bad_file("a value is missing");
		pram_array_load_f(a->a, v, a->len);
		free(v);
	}
}

static void report_violations(pram *m, int k)
{
	for (size_t j = 0; j < pram_violation_count(m); j++) {
		const pram_violation *vi = pram_violation_at(m, j);
		char buf[512];
		pram_violation_format(vi, buf, sizeof buf);
		R("viol %d %s %d %s\n", k, pram_status_name(vi->status), vi->line, buf);
	}
	if (pram_failed(m) && pram_violation_count(m) == 0)
		R("viol %d %s 0 %s\n", k, pram_status_name(pram_status_of(m)), pram_errmsg(m));
}

/* The first step beyond the machine the exercise gives: one that p
 * processors cannot run in its time (its work more than p times it), or
 * one whose atomics on one cell are more than a. */
static void report_wide(pram *m, int k, unsigned long long p, unsigned long long a)
{
	for (size_t j = 0; (p || a) && j < pram_step_count(m); j++) {
		const pram_step_stats *s = pram_step_at(m, j);
		if (a && s->max_atomic > a) {
			R("viol %d EATOMICS %d step %zu (%s) makes %llu atomics on one cell, more "
			  "than the exercise's %llu: they take turns\n",
			  k, s->line, j + 1, s->label ? s->label : "",
			  (unsigned long long)s->max_atomic, a);
			return;
		}
		if (p && s->work > p * s->time) {
			R("viol %d EPROCS %d step %zu (%s) does W = %llu in time %llu, more than "
			  "the machine's p = %llu processors can (p t = %llu)\n",
			  k, s->line, j + 1, s->label ? s->label : "", (unsigned long long)s->work,
			  (unsigned long long)s->time, p, p * (unsigned long long)s->time);
			return;
		}
	}
}

static void report_output(const arr *as, size_t na, int k)
{
	for (size_t i = 0; i < na; i++) {
		if (strcmp(as[i].role, "in") == 0)
			continue;
		fprintf(rep, "%s out %d %zu", nonce, k, i);
		for (size_t j = 0; j < as[i].len; j++)
			if (as[i].type == 'i')
				fprintf(rep, " %lld", (long long)pram_array_get_i(as[i].a, j));
			else
				fprintf(rep, " %a", pram_array_get_f(as[i].a, j));
		fprintf(rep, "\n");
	}
	fflush(rep);
}

int main(int argc, char **argv)
{
	int fd = -1;
	if (argc != 4 || sscanf(argv[2], "%d:%39s", &fd, nonce) != 2)
		return 2;
	if (!(rep = fdopen(fd, "w")))
		return 2;
	repfd = fd;
	int show = strcmp(argv[1], "case") == 0;
	/* The channel's number and nonce leave the command line, which
	 * /proc/self/cmdline would show the student's code, and the cases are
	 * read into memory and their file removed: the program sees its
	 * arrays, nothing else of the case. */
	memset(argv[2], 0, strlen(argv[2]));
	FILE *cf = fopen(argv[3], "r");
	if (!cf)
		bad_file("cannot be opened");
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
	for (size_t got; (got = fread(text + len, 1, cap - len, cf)) > 0;)
		if ((len += got) == cap && !(text = realloc(text, cap *= 2)))
			oom(cap);
	fclose(cf);
	unlink(argv[3]);
	FILE *f = fmemopen(text, len ? len : 1, "r");
	if (!f)
		bad_file("cannot be read");
	int model = 0;
	if (fscanf(f, " model %d", &model) != 1)
		bad_file("no model line");
	int k;
	size_t sizes[3];
	while (fscanf(f, " case %d %zu %zu %zu", &k, &sizes[0], &sizes[1], &sizes[2]) == 4) {
		arr as[MAX_ARRAYS];
		long params[MAX_PARAMS] = {0};
		size_t na = 0, np = 0;
		unsigned long long procs = 0, atomics = 0;
		char word[16];
		R("begin %d\n", k);
		pram *m = pram_new(&(pram_config){.model = (pram_model)model});
		if (!m)
			oom(0);
		while (fscanf(f, " %15s", word) == 1 && strcmp(word, "end") != 0) {
			if (strcmp(word, "array") == 0 && na < MAX_ARRAYS) {
				arr *a = &as[na++];
				if (fscanf(f, " %63s %7s %c %zu", a->name, a->role, &a->type,
					   &a->len) != 4)
					bad_file("an array line is short");
				a->a = pram_array_new(m, a->name, a->len,
						      a->type == 'i' ? PRAM_INT : PRAM_FLOAT);
				if (!a->a)
					oom(0);
				if (strcmp(a->role, "out") != 0)
					load(f, a);
			} else if (strcmp(word, "procs") == 0) {
				if (fscanf(f, " %llu", &procs) != 1)
					bad_file("a procs line is not a number");
			} else if (strcmp(word, "atomics") == 0) {
				if (fscanf(f, " %llu", &atomics) != 1)
					bad_file("an atomics line is not a number");
			} else if (strcmp(word, "params") == 0) {
				int c;
				while ((c = fgetc(f)) != '\n' && c != EOF)
					if (c != ' ') {
						ungetc(c, f);
						if (np >= MAX_PARAMS ||
						    fscanf(f, "%ld", &params[np++]) != 1)
							bad_file("a parameter is not a number");
					}
			} else {
				bad_file("an unknown line");
			}
		}
		pram_array *a[MAX_ARRAYS];
		for (size_t i = 0; i < na; i++)
			a[i] = as[i].a;
		pram_seal(m, 1);
		cur = m;
		pramdriver_call(m, a, sizes, params);
		pram_seal(m, 0);
		cur = NULL;
		report_violations(m, k);
		report_wide(m, k, procs, atomics);
		pram_totals t = pram_get_totals(m);
		R("wd %d %llu %llu %llu\n", k, (unsigned long long)t.work,
		  (unsigned long long)t.depth, (unsigned long long)t.steps);
		if (show)
			report_output(as, na, k);
		R("end %d\n", k);
		pram_free(m);
	}
	fclose(f);
	free(text);
	return 0;
}
