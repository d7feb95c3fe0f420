/*
 * contracts.h - the check of each contract, which ck_run (check.h) picks
 * by the exercise's contract: kernels (kernelcheck.c), PRAM programs
 * (pramcheck.c) and predictions (predict.c); and the growth class of a
 * measured W or D (check.c), which the kernel and PRAM-program checks judge
 * against the exercise's bounds. Each check adds what it finds to r and
 * prints nothing.
 *
 *     double n[] = {16, 32, 64, 128}, w[] = {30, 62, 126, 254};
 *     if (ck_growth_classify(n, w, 4) > ex.work)
 *         ... not work-efficient ...
 *     int rc = ck_pram_check(&ex, "scan.c", &r);   // -1: could not run
 */
#ifndef PRAM_CONTRACTS_H
#define PRAM_CONTRACTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "exercise.h"
#include "result.h"

/* Check a submission (path as given) against ex, adding to r. Returns 0,
 * or -1 when the check itself could not run (message in r's notes). */
int ck_kernel_check(const ck_exercise *ex, const char *path, ck_result *r);
int ck_pram_check(const ck_exercise *ex, const char *path, ck_result *r);
int ck_predict_check(const ck_exercise *ex, const char *path, ck_result *r);

/* pram gpu EXERCISE --program FILE.cl: the kernel at path, of exercise
 * ex's kernel contract, on one case of n elements from the reference's
 * generator (seed), in work-groups of L (0: the largest power of two the
 * device runs it in, at most 256), run reps times on the device named
 * (clrt's spec; NULL the default), its first run judged as pram check
 * judges a case, its kernel time measured by OpenCL's events; the result
 * printed to f, as text or a JSON line. Returns 0 when right, 1 when
 * wrong, -1 with why in err when it could not run (a build log: the
 * compiler's messages). */
typedef struct ck_time_opts {
	const char *device;
	size_t n, L;
	uint64_t seed;
	unsigned reps;
	int json;
} ck_time_opts;
int ck_kernel_time(const ck_exercise *ex, const char *path, const ck_time_opts *o, FILE *f,
		   char *err, size_t errlen);

/* Where libpram's header folder and static library are: the build tree's
 * when this pram runs from it, else the installed ones. */
void ck_libpram_paths(char *inc, size_t ilen, char *lib, size_t llen);

/* The growth class of v_k over the increasing sizes n_k (m >= 3, all
 * positive): the slope of log v against log n over the upper half of the
 * points (fit_growth_exponent); above 1.5 faster than n log n, above 0.6
 * n or n log n (told apart by the slope of v / n against log n), else 1,
 * log n or log^2 n by the slope of log v against log log n. CK_GROW_COUNT
 * when it cannot be told. For W and D of PRAM programs, and of kernels
 * through the PRAM view. */
ck_growth ck_growth_classify(const double *n, const double *v, size_t m);

#endif
