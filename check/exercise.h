/*
 * exercise.h - the exercises of pram check (exercise.c): what a
 * lessons/NN-topic/NAME.exercise file declares (lessons/README.md has the
 * format), read, found by name in the lesson folders and listed; the
 * contracts, the graded criteria and the growth classes they are written
 * with; and the parameters of the reference algorithm the exercise names.
 * Nothing here prints to the terminal but ck_exercise_list, to the FILE it
 * is given, and nothing exits.
 *
 *     ck_exercise ex;
 *     char err[1024];
 *     if (ck_exercise_find("reduce-kernel", &ex, err, sizeof err) != 0)
 *         ... err says why ...
 *     ... ex.file, ex.contract, ex.points[CK_CRIT_RESULTS], ex.work ...
 *     ck_exercise_free(&ex);
 */
#ifndef PRAM_EXERCISE_H
#define PRAM_EXERCISE_H

#include <stddef.h>
#include <stdio.h>

/* Contract kinds: how a submission is called and what it must compute. */
typedef enum {
	CK_KERNEL_REDUCE_BLOCKS, /* out[g] = sum of block g */
	CK_KERNEL_SCAN_BLOCKS,   /* out[i] exclusive within the block, sums[g] its total */
	CK_PRAM_INPLACE,         /* void f(pram *m, pram_array *x, size_t n): x scanned in place */
	CK_PREDICTION,           /* W(n) = ... and D(n) = ... of the reference (predict.c) */
	CK_PRAM_PROGRAM,         /* void f(pram *m, the reference's ports..., n, params...) */
	CK_KERNEL_PROGRAM,       /* kernel void f(its ports..., local arrays, n, params...) */
	CK_KERNEL_STAGE,         /* one kernel of the reference's teaching kernels, the
				  * project's own running the others */
	CK_CONTRACT_COUNT
} ck_contract;

/* A contract's name as the exercise files write it ("pram-inplace"). */
const char *ck_contract_name(ck_contract c);
/* Whether a contract's submission is a kernel, or a PRAM program. */
static inline int ck_contract_kernel(ck_contract c)
{
	return c == CK_KERNEL_REDUCE_BLOCKS || c == CK_KERNEL_SCAN_BLOCKS ||
	       c == CK_KERNEL_PROGRAM || c == CK_KERNEL_STAGE;
}
static inline int ck_contract_pram(ck_contract c)
{
	return c == CK_PRAM_INPLACE || c == CK_PRAM_PROGRAM;
}

/* Criteria a report gives points for. */
typedef enum {
	CK_CRIT_BUILD,   /* it compiles */
	CK_CRIT_RESULTS, /* right results on every case */
	CK_CRIT_SIZES,   /* every work-group size (kernels) */
	CK_CRIT_MEMORY,  /* Oclgrind: no race, divergence, out-of-bounds, uninitialised read */
	CK_CRIT_MODEL,   /* PRAM programs: no model violation or unwritten read */
	CK_CRIT_WORK,    /* W within the exercise's bound */
	CK_CRIT_DEPTH,   /* D within the exercise's bound */
	CK_CRIT_ACCESS,  /* kernels: no access costs a GPU more than its bytes need (coalesced
			  * global loads and stores, local memory free of bank conflicts) */
	CK_CRIT_COUNT
} ck_crit;

/* "build", "results", ... as points: lines and the reports name them. */
const char *ck_crit_name(ck_crit c);

/* Growth classes of the bounds on W and D, slowest first. */
typedef enum {
	CK_GROW_CONST,
	CK_GROW_LOG,
	CK_GROW_LOG2,
	CK_GROW_ROOT, /* n^(1/k), k >= 3 */
	CK_GROW_SQRT,
	CK_GROW_LINEAR,
	CK_GROW_NLOGN,
	CK_GROW_POLY, /* faster than n log n */
	CK_GROW_COUNT
} ck_growth;

const char *ck_growth_name(ck_growth g); /* "log n", "n log n", ... */
/* The class a work: or depth: line names ("log^2 n"); 0, or -1 when s is
 * none of them. */
int ck_growth_parse(const char *s, ck_growth *g);

#define CK_MAX_LIST  32
/* The largest work-group size an exercise may name (a device may allow
 * less: the checker tries only what the device runs). */
#define CK_MAX_LOCAL 65536

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
	/* criteria that may go unchecked where the grader lacks what checks
	 * them (Oclgrind, the plugin), left out of max_score then; and
	 * whether the PRAM discipline's static check may (no libclang) */
	int may_skip[CK_CRIT_COUNT];
	int may_skip_discipline;
	struct {
		int reference, points, solution, starter;
	} line_of; /* the lines that gave these keys (0: none), for the teacher's errors */
	ck_contract contract;
	int inclusive;                   /* scans: the reference's inclusiveness */
	int op;                          /* pram_op: sum (default), max or min */
	char *args;                      /* the reference's own options ("--samples 7"), or NULL */
	char *processors;                /* PRAM programs: the machine's processors as an
					  * expression in n ("ceil(n^(1/2))"), or NULL:
					  * no step may do more work than they do in its
					  * time */
	char *atomics;                   /* PRAM programs: the most atomics one cell may
					  * take in a step, an expression in n, or NULL */
	char *params;                    /* program contracts: the reference's parameters passed
					  * after the sizes ("bins"), or NULL */
	char *locals;                    /* kernel-program: its local arrays of L ints ("tmp") */
	char *lengths;                   /* kernel-program: the outputs whose lengths it is
					  * passed after the sizes ("y"), or NULL */
	int launch;                      /* kernel-program: 0 a work-item per element, 1 per
					  * cell of the first input's grid (2-D) */
	int blocks;                      /* kernel-program: the reference runs on each
					  * work-group's block of L elements alone */
	int model;                       /* pram_model of PRAM programs */
	int model_given;                 /* model: was given (else the reference's own) */
	size_t local_sizes[CK_MAX_LIST]; /* work-group sizes tried (kernels); none:
					  * every power of two the device runs */
	size_t nlocal;
	size_t sizes[CK_MAX_LIST]; /* n of the random cases */
	size_t nsizes;
	size_t sweep[CK_MAX_LIST]; /* n of the W and D sweep (PRAM programs) */
	size_t nsweep;
	size_t grind_max;              /* the largest n run under Oclgrind */
	ck_growth work, depth;         /* bounds (CK_GROW_COUNT: none) */
	ck_growth work_min, depth_min; /* lower bounds, work-at-least: and depth-at-least:
					  (CK_GROW_COUNT: none) */
	double points[CK_CRIT_COUNT];  /* per criterion; 0: not graded */
	double time_limit;             /* seconds per child process */
	size_t mem_limit;              /* bytes per child process */
} ck_exercise;

/* The folders lessons and exercises are looked for in, in order, into
 * dirs: PRAM_LESSONS_DIR when set, the source tree's lessons/, the
 * installed package data's lessons/. Returns how many. */
size_t ck_lesson_dirs(const char *dirs[3]);
/* The exercise called name (or the .exercise file name is a path to), in
 * the first of ck_lesson_dirs that has exercises. Returns 0, or -1 with
 * what went wrong in err. */
int ck_exercise_find(const char *name, ck_exercise *ex, char *err, size_t errlen);
/* A may-skip list ("memory, work, depth", "discipline"), from an exercise
 * or the command line, added to ex. Returns 0, or -1 with why. */
int ck_may_skip_parse(const char *list, ck_exercise *ex, char *why, size_t whylen);
/* Read one .exercise file. Returns 0, or -1 with "file:line: what" in err. */
int ck_exercise_read(const char *path, ck_exercise *ex, char *err, size_t errlen);
void ck_exercise_free(ck_exercise *ex);
/* Print every exercise found: name, contract file, title. */
void ck_exercise_list(FILE *f);

/* The reference's parameters for ex: its defaults, the exercise's op and
 * inclusiveness where it takes them, model: when given, then args: through
 * algo_set_option. Returns 0, or -1 with "file: args: what" in err. */
struct algo;
struct algo_params;
int ck_reference_params(const ck_exercise *ex, const struct algo *a, struct algo_params *p,
			char *err, size_t errlen);

#endif
