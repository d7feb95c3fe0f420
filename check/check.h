/*
 * check.h - the checker behind `pram check`: exercises read from lessons/
 * (exercise.c), containment of every student build and run in a child
 * process (contain.c), the kernel checks (kernelcheck.c, and kernels/student.c for the device), the
 * Oclgrind diagnostics (grind.c), the PRAM-program checks (pramcheck.c) and
 * the reports (report.c). Nothing here prints to the terminal except the
 * report functions, to the FILE they are given, and nothing exits.
 *
 *     ck_exercise ex;
 *     if (ck_exercise_find("reduce-kernel", &ex, err, sizeof err) == 0) {
 *         ck_result r;
 *         ck_result_init(&r, &ex, "reduce.cl");
 *         ck_run(&ex, "reduce.cl", &r);
 *         ck_report_text(stdout, &r);
 *         ck_result_free(&r);
 *         ck_exercise_free(&ex);
 *     }
 */
#ifndef PRAM_CHECK_H
#define PRAM_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
	X(DEPTH, "depth")

typedef enum {
#define CK_X_ENUM(e, s) CK_##e,
	CK_KIND_MAP(CK_X_ENUM)
#undef CK_X_ENUM
	CK_KIND_COUNT
} ck_kind;

const char *ck_kind_name(ck_kind k);

/* Contract kinds: how a submission is called and what it must compute. */
typedef enum {
	CK_KERNEL_REDUCE_BLOCKS, /* out[g] = sum of block g */
	CK_KERNEL_SCAN_BLOCKS,   /* out[i] exclusive within the block, sums[g] its total */
	CK_PRAM_INPLACE,         /* void f(pram *m, pram_array *x, size_t n): x scanned in place */
	CK_PREDICTION,           /* W(n) = ... and D(n) = ... of the reference (predict.c) */
	CK_CONTRACT_COUNT
} ck_contract;

/* Criteria a report gives points for. */
typedef enum {
	CK_CRIT_BUILD,   /* it compiles */
	CK_CRIT_RESULTS, /* right results on every case */
	CK_CRIT_SIZES,   /* every work-group size (kernels) */
	CK_CRIT_MEMORY,  /* Oclgrind: no race, divergence, out-of-bounds, uninitialised read */
	CK_CRIT_MODEL,   /* PRAM programs: no model violation or unwritten read */
	CK_CRIT_WORK,    /* W within the exercise's bound */
	CK_CRIT_DEPTH,   /* D within the exercise's bound */
	CK_CRIT_COUNT
} ck_crit;

const char *ck_crit_name(ck_crit c);

/* Growth classes of the bounds on W and D, slowest first. */
typedef enum {
	CK_GROW_CONST,
	CK_GROW_LOG,
	CK_GROW_LOG2,
	CK_GROW_LINEAR,
	CK_GROW_NLOGN,
	CK_GROW_POLY, /* faster than n log n */
	CK_GROW_COUNT
} ck_growth;

const char *ck_growth_name(ck_growth g); /* "log n", "n log n", ... */
/* The growth class of v_k over the increasing sizes n_k (m >= 3, all
 * positive): the slope of log v against log n over the upper half of the
 * points (fit_growth_exponent); above 1.5 faster than n log n, above 0.6
 * n or n log n (told apart by the slope of v / n against log n), else 1,
 * log n or log^2 n by the slope of log v against log log n. CK_GROW_COUNT
 * when it cannot be told. For W and D of PRAM programs, and of kernels
 * through the PRAM view. */
ck_growth ck_growth_classify(const double *n, const double *v, size_t m);
int ck_growth_parse(const char *s, ck_growth *g);

#define CK_MAX_LIST 32

/* An exercise, as lessons/NN-topic/NAME.exercise declares it
 * (lessons/README.md has the format). */
typedef struct ck_exercise {
	char *name;      /* "reduce-kernel" */
	char *title;     /* one line */
	char *dir;       /* the folder of the .exercise file */
	char *path;      /* the .exercise file */
	char *file;      /* the contract's file name: "reduce.cl" */
	char *entry;     /* the kernel or function name: "reduce" */
	char *signature; /* the contract's signature, as the student sees it */
	char *reference; /* an algorithm of the registry */
	char *solution;  /* the reference solution, relative to dir (may be NULL) */
	char *starter;   /* the starter file, relative to dir (may be NULL) */
	ck_contract contract;
	int inclusive;                   /* scans: the reference's inclusiveness */
	int op;                          /* pram_op: sum (default), max or min */
	char *args;                      /* the reference's own options ("--samples 7"), or NULL */
	int model;                       /* pram_model of PRAM programs */
	int model_given;                 /* model: was given (else the reference's own) */
	size_t local_sizes[CK_MAX_LIST]; /* work-group sizes tried (kernels) */
	size_t nlocal;
	size_t sizes[CK_MAX_LIST]; /* n of the random cases */
	size_t nsizes;
	size_t sweep[CK_MAX_LIST]; /* n of the W and D sweep (PRAM programs) */
	size_t nsweep;
	size_t grind_max;             /* the largest n run under Oclgrind */
	ck_growth work, depth;        /* bounds (CK_GROW_COUNT: none) */
	double points[CK_CRIT_COUNT]; /* per criterion; 0: not graded */
	double time_limit;            /* seconds per child process */
	size_t mem_limit;             /* bytes per child process */
} ck_exercise;

/* The folders lessons and exercises are looked for in, in order, into
 * dirs: PRAM_LESSONS_DIR when set, the source tree's lessons/, the
 * installed package data's lessons/. Returns how many. */
size_t ck_lesson_dirs(const char *dirs[3]);
/* A contract's name as the exercise files write it ("pram-inplace"). */
const char *ck_contract_name(ck_contract c);
/* The folders exercises are looked for in: ck_lesson_dirs. */
int ck_exercise_find(const char *name, ck_exercise *ex, char *err, size_t errlen);
/* Read one .exercise file. Returns 0, or -1 with "file:line: what" in err. */
int ck_exercise_read(const char *path, ck_exercise *ex, char *err, size_t errlen);
void ck_exercise_free(ck_exercise *ex);
/* Print every exercise found: name, contract file, title. */
void ck_exercise_list(FILE *f);

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

typedef struct ck_result {
	const ck_exercise *ex;
	char *submission; /* the file name as given */
	ck_diag *diags;
	size_t ndiag, cap;
	int ran[CK_CRIT_COUNT];         /* the criterion was checked */
	int failed[CK_CRIT_COUNT];      /* ... and failed */
	char *crit_note[CK_CRIT_COUNT]; /* what was measured ("W = 2n - 2 ..."), or NULL */
	char *notes[16];                /* facts about the run ("Oclgrind not found") */
	ck_pview pview[CK_MAX_LIST];    /* the PRAM view of a kernel, one launch per L */
	size_t npview;
	size_t nnotes;
	int cases_run, cases_passed;
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
void ck_note(ck_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void ck_crit_note(ck_result *r, ck_crit c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
int ck_has_kind(const ck_result *r, ck_kind k);

/* Score: the sum of the points of the criteria that ran and did not fail. */
double ck_score(const ck_result *r);
double ck_max_score(const ck_result *r);
int ck_passed(const ck_result *r);

/* Check a submission (path as given) against ex, adding to r. Returns 0, or
 * -1 when the check itself could not run (message in r's notes). */
int ck_run(const ck_exercise *ex, const char *path, ck_result *r);

/* Outputs (report.c). */
void ck_report_text(FILE *f, const ck_result *r);
void ck_report_json(FILE *f, const ck_result *r);
void ck_report_tap(FILE *f, const ck_result *r);
/* Gradescope's results.json: {"score", "tests": [{"name", "score",
 * "max_score", "status", "output"}], ...}. */
void ck_report_gradescope(FILE *f, const ck_result *r);

/* Containment (contain.c). */
typedef struct ck_limits {
	double wall_s;    /* wall-clock seconds; the process group is killed after */
	double cpu_s;     /* RLIMIT_CPU; 0: wall_s */
	size_t mem_bytes; /* RLIMIT_DATA (malloc, brk and private mappings) */
	const char *cwd;  /* the child's working folder, or NULL */
	int session;      /* the child starts a session of its own, and at the end (or the
			     limit) every process of the session is killed: the process
			     groups of the children it contained too (--class) */
} ck_limits;

typedef struct ck_proc {
	int exited; /* it exited, with status */
	int status;
	int signal;    /* it was killed by this signal (not ours) */
	int timed_out; /* we killed it at the wall-clock limit, or it ran out of CPU time */
	char *out;     /* its standard output and error, merged; NUL-ended */
	size_t outlen;
	double seconds; /* wall-clock */
} ck_proc;

/* Run fn(arg) in a forked child (its own process group, limits, no
 * network when the system allows it, no core dump), capturing what it
 * writes to standard output and error. Returns 0 with *p filled, or -1
 * with a message in err when the child could not be started. */
int ck_contain_fn(int (*fn)(void *), void *arg, const ck_limits *lim, ck_proc *p, char *err,
		  size_t errlen);
/* The same for a program: argv[0] is looked for in PATH. */
int ck_contain_exec(char *const argv[], const ck_limits *lim, ck_proc *p, char *err, size_t errlen);
void ck_proc_free(ck_proc *p);
/* Whether children run without network ("no network" in the report), and
 * when not, why. Decided by the first child. */
int ck_contain_isolated(const char **why);
/* The process's own executable, for re-running pram in a child (Oclgrind). */
const char *ck_self_exe(void);
/* What a finished child's end was, in words ("killed by SIGSEGV
 * (segmentation fault)"). */
void ck_proc_describe(const ck_proc *p, char *buf, size_t len);

/* The kernel check (kernelcheck.c), the PRAM-program check (pramcheck.c). */
int ck_kernel_check(const ck_exercise *ex, const char *path, ck_result *r);
int ck_pram_check(const ck_exercise *ex, const char *path, ck_result *r);

/* `pram check --internal-case`: run kernel cases on the default device
 * and print the outputs, for Oclgrind (kernelcheck.c): ns and Ls are lists
 * of equal length ("5" and "4", or "2,4,8" and "2,4,8"), one case (and one
 * launch) per pair, in order. Returns an exit status. */
int ck_internal_case(const char *exercise, const char *path, const char *ns, const char *Ls,
		     int dist, uint64_t seed);

/* Predictions (predict.c, its expressions in expr.h). The check of a
 * prediction exercise. */
int ck_predict_check(const ck_exercise *ex, const char *path, ck_result *r);
/* The reference's parameters for ex: its defaults, the exercise's op and
 * inclusiveness where it takes them, model: when given, then args: through
 * algo_set_option. Returns 0, or -1 with "file: args: what" in err. */
struct algo;
struct algo_params;
int ck_reference_params(const ck_exercise *ex, const struct algo *a, struct algo_params *p,
			char *err, size_t errlen);

/* Oclgrind (grind.c): the oclgrind program, or NULL when not installed. */
const char *ck_oclgrind(void);
/* Parse Oclgrind's messages in log into diagnoses of r for the student's
 * file (shown as shown, its text src). Returns how many problems it found. */
int ck_grind_parse(const char *log, const char *shown, const char *src, const char *casedesc,
		   ck_result *r);

/* Read a whole file; NULL with a message in err. Caller frees. */
char *ck_slurp(const char *path, size_t *len, char *err, size_t errlen);
/* printf into a new string (NULL when out of memory). */
char *ck_strf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* The last path component of path. */
const char *ck_basename(const char *path);

/* Input distributions of the cases. */
enum {
	CK_DIST_RANDOM,  /* integers in [-1000, 1000] */
	CK_DIST_EQUAL,   /* all 7 */
	CK_DIST_EXTREME, /* INT_MAX, INT_MIN and neighbours: sums wrap */
	CK_DIST_ONES,    /* all 1 */
	CK_DIST_COUNT
};
const char *ck_dist_name(int dist);
/* Fill v[0..n) with distribution dist (values fit int32). */
void ck_fill(int64_t *v, size_t n, int dist, uint64_t seed);

#endif
