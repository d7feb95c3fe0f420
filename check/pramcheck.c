/*
 * pramcheck.c - the check of a PRAM-program exercise (contract
 * pram-inplace: void ENTRY(pram *m, pram_array *x, size_t n) turns x[0..n)
 * into its scan in place): compile the student's file against libpram (the
 * build tree's before install, the installed one after) with a driver of
 * ours, in a contained child, in a folder where the file has its own name
 * so that the compiler's messages and the simulator's step locations name
 * it; run the cases in contained children; compare with the registry's
 * reference; report the simulator's violations (model, unwritten cells,
 * bounds); and measure W and D over a sweep of n against the exercise's
 * bounds, classifying their growth with the report's fitting code.
 *
 * The driver allocates through wrappers of malloc, calloc and realloc
 * (ld --wrap), so a runaway allocation is reported as out of memory at
 * the limit rather than as whatever a null pointer does next.
 */
#include <errno.h>
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
#include "files.h"
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
#ifndef INCLUDEDIR
#define INCLUDEDIR "/usr/local/include"
#endif

/* The driver: "./student case|sweep FD:NONCE N:DIST:SEED..." runs the
 * cases (or the sweep's sizes), each on a machine sealed while the
 * student's function runs on it (pram_seal: no host accessor). It reports
 * on the grading channel (channel.h: the file FD, each line behind the
 * nonce), never on the standard output, which is the student's: "begin K",
 * "viol K STATUS LINE MESSAGE" for each violation, "wd K W D STEPS",
 * "out K v0 v1 ..." and "end K"; "oom BYTES STEPS" when an allocation
 * fails (STEPS: the steps the machine had taken). */
static const char driver_fmt[] =
    "/* the checker's driver */\n"
    "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n"
    "#include \"pram.h\"\n"
    "void %s(pram *m, pram_array *x, size_t n);\n"
    "static FILE *rep; static char nonce[40];\n"
    "#define R(...) (fprintf(rep, \"%%s \", nonce), fprintf(rep, __VA_ARGS__), fflush(rep))\n"
    "void *__real_malloc(size_t);\nvoid *__real_calloc(size_t, size_t);\n"
    "void *__real_realloc(void *, size_t);\n"
    "static int repfd = -1; static pram *cur;\n"
    "static void oom(size_t s) { char b[128]; int l = snprintf(b, sizeof b, \"%%s oom %%zu "
    "%%llu\\n\", nonce, s, cur ? (unsigned long long)pram_get_totals(cur).steps : 0ull); if "
    "(repfd >= 0 && l > 0) { ssize_t w = write(repfd, b, (size_t)l); (void)w; } _exit(4); }\n"
    "void *__wrap_malloc(size_t s) { void *p = __real_malloc(s); if (!p && s) oom(s); return "
    "p; }\n"
    "void *__wrap_calloc(size_t a, size_t b) { void *p = __real_calloc(a, b); if (!p && a && "
    "b) oom(a * b); return p; }\n"
    "void *__wrap_realloc(void *q, size_t s) { void *p = __real_realloc(q, s); if (!p && s) "
    "oom(s); return p; }\n"
    "int main(int argc, char **argv) {\n"
    "  int fd = -1;\n"
    "  if (argc < 4 || sscanf(argv[2], \"%%d:%%39s\", &fd, nonce) != 2) return 2;\n"
    "  if (!(rep = fdopen(fd, \"w\"))) return 2;\n"
    "  repfd = fd;\n"
    "  for (int k = 3; k < argc; k++) {\n"
    "    size_t n = strtoull(argv[k], NULL, 10);\n"
    "    unsigned long long seed = 0; int dist = 0; char *c = strchr(argv[k], ':');\n"
    "    if (c) sscanf(c + 1, \"%%d:%%llu\", &dist, &seed);\n"
    "    int64_t *v = calloc(n ? n : 1, sizeof *v);\n"
    "    unsigned long long s = seed * 2654435761u + 1;\n"
    "    for (size_t i = 0; i < n; i++) {\n"
    "      unsigned long long z = (s += 0x9e3779b97f4a7c15ull);\n"
    "      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull; z = (z ^ (z >> 27)) * "
    "0x94d049bb133111ebull; z ^= z >> 31;\n"
    "      static const int64_t ext[] = {2147483647, -2147483647 - 1, 2147483646, "
    "-2147483647, -1, 1};\n"
    "      v[i] = dist == 1 ? 7 : dist == 3 ? 1 : dist == 2 ? ext[z %% 6] : (int64_t)(z "
    "%% 2001) - 1000;\n"
    "    }\n"
    "    R(\"begin %%d\\n\", k - 3);\n"
    "    pram *m = pram_new(&(pram_config){.model = (pram_model)%d});\n"
    "    pram_array *x = pram_array_new(m, \"x\", n, PRAM_INT);\n"
    "    if (!m || !x) oom(0);\n"
    "    pram_array_load_i(x, v, n);\n"
    "    pram_seal(m, 1); cur = m;\n"
    "    %s(m, x, n);\n"
    "    pram_seal(m, 0); cur = NULL;\n"
    "    for (size_t j = 0; j < pram_violation_count(m); j++) {\n"
    "      const pram_violation *vi = pram_violation_at(m, j); char buf[512];\n"
    "      pram_violation_format(vi, buf, sizeof buf);\n"
    "      R(\"viol %%d %%s %%d %%s\\n\", k - 3, pram_status_name(vi->status), vi->line, buf);\n"
    "    }\n"
    "    if (pram_failed(m) && pram_violation_count(m) == 0)\n"
    "      R(\"viol %%d %%s 0 %%s\\n\", k - 3, pram_status_name(pram_status_of(m)), "
    "pram_errmsg(m));\n"
    "    pram_totals t = pram_get_totals(m);\n"
    "    R(\"wd %%d %%llu %%llu %%llu\\n\", k - 3, (unsigned long long)t.work, (unsigned long "
    "long)t.depth, (unsigned long long)t.steps);\n"
    "    if (strcmp(argv[1], \"case\") == 0) {\n"
    "      fprintf(rep, \"%%s out %%d\", nonce, k - 3);\n"
    "      for (size_t i = 0; i < n; i++) fprintf(rep, \" %%lld\", (long "
    "long)pram_array_get_i(x, i));\n"
    "      fprintf(rep, \"\\n\");\n"
    "    }\n"
    "    R(\"end %%d\\n\", k - 3);\n"
    "    pram_free(m); free(v);\n"
    "  }\n"
    "  return 0;\n"
    "}\n";

/* Where libpram's header and library are: the build tree's when this pram
 * runs from it, else the installed ones. */
static void libpram_paths(char *inc, size_t ilen, char *lib, size_t llen)
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

typedef struct pcase {
	size_t n;
	int dist;
	uint64_t seed;
	const char *why;
} pcase;

static void pcase_desc(const pcase *c, char *buf, size_t len)
{
	snprintf(buf, len, "n = %zu%s%s%s, %s input, seed %" PRIu64, c->n, c->why ? " (" : "",
		 c->why ? c->why : "", c->why ? ")" : "", ck_dist_name(c->dist), c->seed);
}

/* Run the driver on cases [start, nc) in a child; fills the per-case
 * results; returns the index of the case it died in, or -1. */
typedef struct pres {
	int done;     /* the case reported its end */
	int violated; /* the simulator stopped it (a violation is the diagnosis) */
	uint64_t w, d, steps;
	int bad;   /* mismatch */
	size_t at; /* first mismatching index */
	int64_t want, got;
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

/* Parse the driver's lines for cases (or sweep points) cs; the dying case
 * goes to *died. */
static void parse_driver(const ck_exercise *ex, const char *out, const char *shown, const pcase *cs,
			 size_t nc, pres *res, long *died, unsigned long long oom[2], ck_result *r)
{
	const algo *a = algo_find(ex->reference);
	algo_params p = a ? algo_default_params(a) : (algo_params){0};
	char perr_[256];
	if (a && ck_reference_params(ex, a, &p, perr_, sizeof perr_) != 0)
		ck_note(r, "%s", perr_);
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
				ck_kind kind = viol_kind(st, msg);
				res[k].violated = 1;
				ck_diag_add(r, kind,
					    kind == CK_DISCIPLINE ? CK_CRIT_BUILD : CK_CRIT_MODEL,
					    shown, ln, desc, viol_hint(kind, ex->model), "%.*s",
					    len, line + off);
			}
		} else if (sscanf(line, "out %zu", &k) == 1 && k < nc && a) {
			const pcase *c = &cs[k];
			algo_data din = {0}, dout = {0};
			int64_t *v = calloc(c->n ? c->n : 1, sizeof *v);
			if (v && algo_data_alloc(&din, c->n, PRAM_INT, 0) == 0 &&
			    algo_alloc_outputs(a, &din, &p, &dout) == 0) {
				ck_fill(v, c->n, c->dist, c->seed);
				for (size_t i = 0; i < c->n; i++)
					din.vals[i].i = v[i];
				if (c->n)
					a->reference(&din, &dout, &p);
				const char *q = line + 4;
				char *e;
				strtoull(q, &e, 10);
				q = e;
				for (size_t i = 0; i < c->n; i++) {
					long long got = strtoll(q, &e, 10);
					if (e == q)
						break;
					q = e;
					if (got != dout.vals[i].i && !res[k].bad) {
						res[k].bad = 1;
						res[k].at = i;
						res[k].want = dout.vals[i].i;
						res[k].got = got;
					}
				}
			}
			free(v);
			algo_data_free(&din);
			algo_data_free(&dout);
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
static int run_driver(const ck_exercise *ex, const char *dir, const char *shown, const char *mode,
		      const pcase *cs, size_t nc, pres *res, int show, ck_result *r)
{
	int deaths = 0;
	size_t start = 0;
	char err[256];
	ck_channel ch;
	if (ck_channel_open(&ch, err, sizeof err) != 0) {
		ck_note(r, "cannot run the program: %s", err);
		return 0;
	}
	while (start < nc && deaths < 2) {
		char *argv[CK_MAX_LIST + 8];
		char args[CK_MAX_LIST + 4][64];
		size_t a = 0;
		argv[a++] = "./student";
		argv[a++] = (char *)mode;
		argv[a++] = ch.arg;
		for (size_t k = start; k < nc && a < CK_MAX_LIST + 6; k++) {
			snprintf(args[k - start], sizeof args[0], "%zu:%d:%" PRIu64, cs[k].n,
				 cs[k].dist, cs[k].seed);
			argv[a++] = args[k - start];
		}
		argv[a] = NULL;
		ck_limits lim = {
		    .wall_s = ex->time_limit, .mem_bytes = ex->mem_limit, .cwd = dir, .sandbox = 1};
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
		parse_driver(ex, lines ? lines : "", shown, cs + start, nc - start, res + start,
			     &died, oom, r);
		free(lines);
		size_t next = nc;
		if (died >= 0 || (p.exited && p.status != 0) || p.signal || p.timed_out) {
			size_t k = died >= 0 ? start + (size_t)died : start;
			char desc[256];
			pcase_desc(&cs[k], desc, sizeof desc);
			diag_death(ex, &p, oom, cs[k].n, shown, desc, r);
			r->cases_run++; /* run, and not right */
			deaths++;
			next = k + 1;
		}
		ck_proc_free(&p);
		start = next;
	}
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

/* A new temporary folder dir with the student's file under its own name,
 * shown, and our driver beside it. Returns 0, or -1 with a note (dir is
 * then "" when it was not made). */
static int make_workdir(const ck_exercise *ex, const char *src, const char *shown, char *dir,
			size_t dirlen, ck_result *r)
{
	if (files_tempdir("pramcheck", dir, dirlen) != 0) {
		ck_note(r, "cannot make a temporary folder: %s", strerror(errno));
		dir[0] = '\0';
		return -1;
	}
	char p1[PATH_MAX], p2[PATH_MAX];
	files_path(p1, sizeof p1, "%s/%s", dir, shown);
	files_path(p2, sizeof p2, "%s/pramcheck_driver.c", dir);
	char *drv = ck_strf(driver_fmt, ex->entry, ex->model, ex->entry);
	int bad = write_file(p1, src) != 0;
	bad |= write_file(p2, drv ? drv : "") != 0;
	free(drv);
	if (bad) {
		ck_note(r, "cannot write into %s", dir);
		return -1;
	}
	return 0;
}

/* Remove what make_workdir and the build put in dir, and dir. */
static void remove_workdir(const char *dir, const char *shown)
{
	const char *made[] = {shown, "pramcheck_driver.c", "student"};
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
static void compile_diag(ck_result *r, const char *shown, const char *out)
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
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, line, NULL, NULL, "%.*s",
			    e ? (int)(e - hit) : (int)strlen(hit), hit);
	} else {
		/* an undefined entry point is a link error: name it */
		ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, 0, NULL,
			    strstr(out, "undefined reference")
				? "the file must define the contract's function"
				: NULL,
			    "the program does not build:\n%.1500s", out);
	}
}

/* Compile the student's file and the driver in dir against libpram, in a
 * contained child, into dir/student. Returns 0 when it built, 1 when it
 * did not (diagnosed), -1 when the build could not run (a note). */
static int build_program(const char *dir, const char *shown, ck_result *r)
{
	char err[1024], inc[4096], lib[4096];
	libpram_paths(inc, sizeof inc, lib, sizeof lib);
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
			(char *)shown,
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
		compile_diag(r, shown, p.out);
	ck_proc_free(&p);
	return built ? 0 : 1;
}

/* Run the cases (the edges, the exercise's sizes, all-equal and extreme
 * values) and diagnose the first wrong result. */
static void check_cases(const ck_exercise *ex, const char *dir, const char *shown, ck_result *r)
{
	pcase cs[CK_MAX_LIST + 8];
	size_t nc = 0;
	static const size_t edge[] = {0, 1, 2, 3, 5, 7, 100};
	static const char *const edgewhy[] = {"empty",
					      "one element",
					      NULL,
					      "not a power of two",
					      "not a power of two",
					      "not a power of two",
					      NULL};
	for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++)
		cs[nc++] = (pcase){edge[k], CK_DIST_RANDOM, nc + 1, edgewhy[k]};
	for (size_t k = 0; k < ex->nsizes && nc < CK_MAX_LIST + 4; k++)
		cs[nc++] = (pcase){ex->sizes[k], CK_DIST_RANDOM, nc + 1, NULL};
	cs[nc++] = (pcase){100, CK_DIST_EQUAL, nc + 1, NULL};
	cs[nc++] = (pcase){100, CK_DIST_EXTREME, nc + 1, NULL};
	pres res[CK_MAX_LIST + 8];
	memset(res, 0, sizeof res);
	r->ran[CK_CRIT_RESULTS] = r->ran[CK_CRIT_MODEL] = CK_RAN_CHECKED;
	run_driver(ex, dir, shown, "case", cs, nc, res, 1, r);
	for (size_t k = 0; k < nc; k++) {
		if (!res[k].done)
			continue;
		r->cases_run++;
		/* a violation that stopped the simulator is the diagnosis */
		if (res[k].violated)
			continue;
		/* right without a step: nothing of the machine computed it */
		if (!res[k].bad && res[k].steps == 0 && cs[k].n >= 2) {
			char desc[256];
			pcase_desc(&cs[k], desc, sizeof desc);
			ck_diag_add(r, CK_DISCIPLINE, CK_CRIT_RESULTS, shown, 0, desc,
				    "a PRAM program computes by its processors, in steps: "
				    "PRAM_STEP and PRAM_FORALL",
				    "the program took no step, yet x holds its scan: the machine "
				    "did not compute it");
			continue;
		}
		if (!res[k].bad) {
			r->cases_passed++;
			continue;
		}
		if (r->failed[CK_CRIT_RESULTS] && ck_has_kind(r, CK_WRONG_RESULT))
			continue;
		char desc[256];
		pcase_desc(&cs[k], desc, sizeof desc);
		ck_diag_add(r, CK_WRONG_RESULT, CK_CRIT_RESULTS, shown, 0, desc, NULL,
			    "x[%zu] = %" PRId64 ", expected %" PRId64 " (the %s %s scan)",
			    res[k].at, res[k].got, res[k].want,
			    ex->inclusive ? "inclusive" : "exclusive",
			    pram_op_name((pram_op)ex->op));
	}
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
	ck_crit_note(r, c, "%c grows as %s%s%s: %c(%g) = %g; bound O(%s)", name, ck_growth_name(g),
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
		ck_diag_add(r, CK_NOT_WORK_EFFICIENT, CK_CRIT_WORK, shown, 0, NULL,
			    "a work-efficient scan does O(n) work: sweep up a "
			    "tree of sums, then down (Blelloch), instead of "
			    "adding at every distance in every step",
			    "W grows as %s: not work-efficient (W(%g) = %g, "
			    "%.1f per element; the exercise asks for O(%s))",
			    ck_growth_name(g), nl, v[m - 1], v[m - 1] / nl, ck_growth_name(bound));
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
static void check_sweep(const ck_exercise *ex, const char *dir, const char *shown, ck_result *r)
{
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
	pcase sw[CK_MAX_LIST];
	pres sres[CK_MAX_LIST];
	memset(sres, 0, sizeof sres);
	for (size_t k = 0; k < ex->nsweep; k++)
		sw[k] = (pcase){ex->sweep[k], CK_DIST_RANDOM, 100 + k, NULL};
	ck_result scratch;
	ck_result_init(&scratch, ex, r->submission);
	run_driver(ex, dir, shown, "sweep", sw, ex->nsweep, sres, 0, &scratch);
	ck_result_free(&scratch);
	double ns[CK_MAX_LIST], w[CK_MAX_LIST], d[CK_MAX_LIST];
	size_t m = 0, died = 0;
	char left[256] = "";
	for (size_t k = 0; k < ex->nsweep; k++)
		if (sres[k].done && !sres[k].violated && sres[k].w > 0 && sres[k].d > 0) {
			ns[m] = (double)sw[k].n;
			w[m] = (double)sres[k].w;
			d[m] = (double)sres[k].d;
			m++;
		} else if (!sres[k].done) {
			snprintf(left + strlen(left), sizeof left - strlen(left), "%s%zu",
				 died++ ? ", " : "", sw[k].n);
		}
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
	libpram_paths(inc, sizeof inc, lib, sizeof lib);
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
	const char *shown = ck_basename(path);
	char *src = ck_slurp(path, NULL, err, sizeof err);
	if (!src) {
		ck_note(r, "%s", err);
		return -1;
	}
	char dir[PATH_MAX] = "";
	int ret = -1;
	if (make_workdir(ex, src, shown, dir, sizeof dir, r) == 0) {
		int built = build_program(dir, shown, r);
		/* a program outside the PRAM's discipline is not graded further:
		 * its results and counts would not be the PRAM's */
		if (built == 0 && check_discipline(dir, shown, r) == 0) {
			check_cases(ex, dir, shown, r);
			check_sweep(ex, dir, shown, r);
		}
		ret = built < 0 ? -1 : 0;
	}
	if (dir[0])
		remove_workdir(dir, shown);
	free(src);
	return ret;
}
