/*
 * result.h - what a check found and how it is reported (report.c): the
 * diagnoses, one per problem, each of a stable kind and costing one
 * criterion; per criterion whether it was checked, failed, and what was
 * measured; the notes; the PRAM view of a kernel and what a GPU makes of
 * its accesses line by line; the score; and the report as text for the
 * student, as JSON (the schema of doc/pram.1), as TAP and
 * as Gradescope's results.json. The report functions print to the FILE
 * they are given; nothing else here prints, and nothing exits.
 *
 *     ck_result r;
 *     ck_result_init(&r, &ex, "reduce.cl");
 *     ck_diag_add(&r, CK_RACE, CK_CRIT_MEMORY, "reduce.cl", 12, "n = 5, L = 4",
 *                 "a barrier is missing?", "Oclgrind: %s", head);
 *     ck_note(&r, "Oclgrind ran %d cases", 1);
 *     ck_report_text(stdout, &r);        // or _json, _tap, _gradescope
 *     ck_result_free(&r);
 */
#ifndef PRAM_RESULT_H
#define PRAM_RESULT_H

#include <stddef.h>
#include <stdio.h>

#include "exercise.h"

/* The kinds of diagnosis, as --json spells them (a stable list). */
#define CK_KIND_MAP(X)                              \
	X(COMPILE_ERROR, "compile-error")           \
	X(WRONG_RESULT, "wrong-result")             \
	X(RACE, "race")                             \
	X(BARRIER_DIVERGENCE, "barrier-divergence") \
	X(OUT_OF_BOUNDS, "out-of-bounds")           \
	X(UNINITIALIZED, "uninitialized")           \
	X(WORK_GROUP_SIZE, "work-group-size")       \
	X(TIMEOUT, "timeout")                       \
	X(CRASH, "crash")                           \
	X(OUT_OF_MEMORY, "out-of-memory")           \
	X(MODEL_VIOLATION, "model-violation")       \
	X(UNWRITTEN_READ, "unwritten-read")         \
	X(NOT_WORK_EFFICIENT, "not-work-efficient") \
	X(DEPTH, "depth")                           \
	X(DISCIPLINE, "discipline")                 \
	X(BELOW_BOUND, "below-bound")               \
	X(UNCOALESCED, "uncoalesced")               \
	X(BANK_CONFLICT, "bank-conflict")

typedef enum {
#define CK_X_ENUM(e, s) CK_##e,
	CK_KIND_MAP(CK_X_ENUM)
#undef CK_X_ENUM
	CK_KIND_COUNT
} ck_kind;

const char *ck_kind_name(ck_kind k);

/* One problem found. Strings are owned by the result. */
typedef struct ck_diag {
	ck_kind kind;
	ck_crit crit;   /* the criterion it costs */
	char *file;     /* the student's file, or NULL */
	int line;       /* its line, or 0 */
	char *message;  /* one or more lines */
	char *hint;     /* what to look at, or NULL */
	char *casedesc; /* the case that showed it ("n = 5, L = 4, random"), or NULL */
} ck_diag;

/* One launch of a kernel under the Oclgrind plugin (grindview.h): one
 * work-group of L work-items on n = L elements. */
typedef struct ck_pview {
	size_t L;
	unsigned long long work; /* work-items that accessed memory, summed over the steps */
	size_t depth;            /* barrier intervals */
	int access;              /* gv_class: 0 EREW, 1 CREW, 2 CRCW */
	unsigned line;           /* the access that made the class (0: none) */
	char array[64];          /* its local array, "" for none */
} ck_pview;

/* What a GPU makes of the requests of one source line of a kernel to one
 * memory space, in the PRAM view's largest launch (grind.h,
 * ck_grind_memory; the counts are grindview.h's gv_memory). */
typedef struct ck_memline {
	unsigned line;
	int local;                       /* 0: global memory, 1: local memory */
	unsigned long long requests;     /* sub-groups' requests */
	unsigned long long transactions; /* sectors (global), bank turns (local) */
	unsigned long long least;        /* the fewest, had the bytes been packed */
	unsigned long long worst;        /* the most of one request: sectors, or the
					    bank-conflict degree (1: conflict-free) */
	size_t step;                     /* the barrier interval of worst, from 1 */
	long long stride;                /* elements a local id between work-items there */
	char array[64];                  /* "" when unknown */
	char note[400];                  /* what it costs and the hint, "" for a line that
					    costs no more than it must */
} ck_memline;

#define CK_MAX_MEMLINES 48

/* The conditional branches of one source line: the sub-groups' executions
 * and the divergent ones (some work-items went each way). */
typedef struct ck_branchline {
	unsigned line;
	unsigned long long requests, divergent;
} ck_branchline;

/* Whether a criterion was checked: ran[] of a result. Only a criterion
 * CK_RAN_CHECKED can pass (failed[] says whether it did); one
 * CK_RAN_NOT_HERE is left out of the score, one CK_RAN_NOT_REACHED counts
 * as lost. */
typedef enum ck_ran {
	CK_RAN_NOT_HERE = -1,   /* this machine cannot check it (Oclgrind is not installed,
				   or the PRAM view's plugin is not built) */
	CK_RAN_NOT_REACHED = 0, /* not checked: an earlier failure stopped it (no build, a
				   time-out), or too little was measured to judge */
	CK_RAN_CHECKED = 1,     /* checked */
} ck_ran;

typedef struct ck_result {
	const ck_exercise *ex;
	char *submission; /* the file name as given */
	ck_diag *diags;
	size_t ndiag, cap;
	ck_ran ran[CK_CRIT_COUNT];      /* whether the criterion was checked */
	int failed[CK_CRIT_COUNT];      /* ... and failed */
	char *crit_note[CK_CRIT_COUNT]; /* what was measured ("W = 2n - 2 ..."), or NULL */
	char *notes[16];                /* facts about the run ("Oclgrind not found") */
	ck_pview pview[CK_MAX_LIST];    /* the PRAM view of a kernel, one launch per L */
	size_t npview;
	/* W and D as measured (a PRAM program's sweep over n, a kernel's PRAM
	 * view over L), for a figure */
	double wd_x[CK_MAX_LIST], wd_w[CK_MAX_LIST], wd_d[CK_MAX_LIST];
	size_t nwd;
	const char *wd_xname; /* "n" or "L" */
	size_t nnotes;
	int cases_run, cases_passed;
	/* A kernel's cases of work-group size reversed_L run again with each
	 * group's work-items numbered in reverse (none run: reversed_run 0);
	 * not in cases_run. */
	int reversed_run, reversed_passed;
	size_t reversed_L;
	/* What a GPU makes of the kernel's accesses (ck_grind_memory): the
	 * launch they come from (mem_groups work-groups of mem_L, the counts
	 * summed over them: one, or a blocks exercise's view; mem_L 0: none)
	 * and the GPU's sub-group size, banks, bank width and sector size. */
	size_t mem_L, mem_groups;
	unsigned mem_subgroup, mem_banks, mem_bank_bytes, mem_sector_bytes;
	ck_memline mem[CK_MAX_MEMLINES]; /* by line, global before local */
	size_t nmem;
	ck_branchline branch[CK_MAX_MEMLINES]; /* the lines with a divergent branch */
	size_t nbranch;
} ck_result;

void ck_result_init(ck_result *r, const ck_exercise *ex, const char *submission);
void ck_result_free(ck_result *r);
/* Add a diagnosis; file may be NULL, line 0, hint and casedesc NULL.
 * A diagnosis equal in kind, file and line to one already there is dropped
 * (one per problem). Marks crit failed. */
void ck_diag_add(ck_result *r, ck_kind kind, ck_crit crit, const char *file, int line,
		 const char *casedesc, const char *hint, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 8, 9)))
#endif
    ;
/* Set ran of the criteria the PRAM view judges, the work and depth the
 * exercise bounds and a kernel's access criterion when it has points, to
 * ran: why they were not judged. */
void ck_bounds_ran(ck_result *r, int ran);
/* A fact about the run, for the report's notes (16 at most; more are
 * dropped). */
void ck_note(ck_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* What a submission printed (its standard output and error), kept in a
 * note shortened to 300 bytes: who is "the program", "the kernel". */
void ck_note_output(ck_result *r, const char *who, const char *out);
/* What was measured for criterion c, shown beside it (replaces the last). */
void ck_crit_note(ck_result *r, ck_crit c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
int ck_has_kind(const ck_result *r, ck_kind k);

/* Score: the sum of the points of the criteria that ran and did not fail. */
/* The points criterion c earns: its points when it passed, for memory,
 * model, work and depth in proportion to the cases whose results were right
 * (where the exercise grades results), 0 otherwise. */
double ck_crit_points(const ck_result *r, int c);
double ck_score(const ck_result *r);
double ck_max_score(const ck_result *r);
int ck_passed(const ck_result *r);

/* The report. */
void ck_report_text(FILE *f, const ck_result *r);
void ck_report_json(FILE *f, const ck_result *r);
/* TAP: a test per graded criterion ("ok 3 - EXERCISE FILE results"),
 * numbered on from *n, so that several files make one stream; the plan
 * once, after the last. */
void ck_report_tap(FILE *f, const ck_result *r, int *n);
void ck_report_tap_plan(FILE *f, int n);
/* What was measured for criterion c and its diagnoses, as text (a new
 * string, NULL when out of memory). */
char *ck_crit_text(const ck_result *r, int c);
/* PrairieLearn's external grader's results.json: gradable (0 when the
 * check itself could not run, with why as the message), score from 0 to
 * 1, the text report as output, a test per graded criterion, and the
 * measured W and D drawn by gnuplot as a data: URI image (left out, with
 * a note in the output, where gnuplot cannot draw). */
void ck_report_prairielearn(FILE *f, const ck_result *r, int gradable, const char *why);
/* JUnit XML: a <testsuite> per file, a <testcase> per graded criterion
 * (a <failure> with its diagnoses, <skipped> where not checked here),
 * inside the caller's <testsuites>. */
void ck_report_junit(FILE *f, const ck_result *r);
/* Gradescope's results.json: {"score", "tests": [{"name", "score",
 * "max_score", "status", "output"}], ...}. */
void ck_report_gradescope(FILE *f, const ck_result *r);

#endif
