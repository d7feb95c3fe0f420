/*
 * ref.c - the reference of the GPU tests: a sequential reduction or scan
 * (integers in wrapping 32-bit arithmetic, floats in double) and the
 * comparison with the kernels' output.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref.h"

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void ref_fill(void *data, size_t n, int is_float, uint64_t seed)
{
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = splitmix(&s);
		if (is_float)
			((float *)data)[i] = (float)((double)(r >> 40) / (double)(1u << 23) - 1.0);
		else
			((uint32_t *)data)[i] = (uint32_t)r;
	}
}

static uint32_t apply_i(pram_op op, uint32_t a, uint32_t b)
{
	int32_t x = (int32_t)a, y = (int32_t)b;
	if (op == PRAM_OP_SUM)
		return a + b; /* unsigned: wraps modulo 2^32 as the device does */
	if (op == PRAM_OP_MAX)
		return (uint32_t)(x > y ? x : y);
	return (uint32_t)(x < y ? x : y);
}

static double apply_f(pram_op op, double a, double b)
{
	if (op == PRAM_OP_SUM)
		return a + b;
	if (op == PRAM_OP_MAX)
		return a > b ? a : b;
	return a < b ? a : b;
}

static uint32_t ident_i(pram_op op)
{
	return op == PRAM_OP_SUM ? 0 : op == PRAM_OP_MAX ? (uint32_t)INT32_MIN : (uint32_t)INT32_MAX;
}

static double ident_f(pram_op op)
{
	return op == PRAM_OP_SUM ? 0 : op == PRAM_OP_MAX ? -INFINITY : INFINITY;
}

/*
 * The float tolerance. The reference sums in double, so its own error is
 * negligible; the kernels add float32 partial sums along a tree. Each
 * addition rounds by at most u |s| <= u * sum|a| (u = FLT_EPSILON / 2), and
 * an input takes part in at most depth additions on its way to an output,
 * so the first-order bound is depth * u * sum|a| (Higham, "Accuracy and
 * Stability of Numerical Algorithms", 4.2). The trees here have depth
 * log2(n) plus a few levels (shift, add-back), hence
 *     tol_i = (log2(n) + 2) * FLT_EPSILON * sum_{j <= i} |a_j|,
 * where FLT_EPSILON = 2u leaves a factor 2 for the sequential runs of the
 * tuned scan (its per-item runs and chunk carries); with inputs of random
 * sign those errors grow like a random walk and stay far below the bound.
 * max and min round nothing and are compared exactly.
 */
static double tolerance(pram_op op, size_t n, double abs_prefix)
{
	if (op != PRAM_OP_SUM)
		return 0;
	return (log2((double)(n > 1 ? n : 1)) + 2) * FLT_EPSILON * abs_prefix;
}

static int is_scan(const gpu_job *job)
{
	return strncmp(job->algo, "scan", 4) == 0;
}

int ref_check(const gpu_job *job, char *why, size_t whylen)
{
	size_t n = job->n;
	int scan = is_scan(job);
	if (job->is_float) {
		const float *in = job->input, *out = job->output;
		double acc = ident_f(job->op), absacc = 0;
		for (size_t i = 0; i <= n; i++) {
			double before = acc, abs_before = absacc;
			if (i < n) {
				acc = apply_f(job->op, acc, in[i]);
				absacc += fabs(in[i]);
			}
			int at = scan ? (i < n) : (i == n);
			if (!at)
				continue;
			size_t k = scan ? i : 0;
			double want = scan && !job->inclusive ? before : acc;
			double abs_want = scan && !job->inclusive ? abs_before : absacc;
			double tol = tolerance(job->op, n, abs_want);
			double got = out[k];
			if (!(got == want || fabs(got - want) <= tol)) {
				snprintf(why, whylen, "element %zu: got %.9g expected %.9g (tolerance %.3g)",
					 k, got, want, tol);
				return -1;
			}
		}
	} else {
		const uint32_t *in = job->input, *out = job->output;
		uint32_t acc = ident_i(job->op);
		for (size_t i = 0; i <= n; i++) {
			uint32_t before = acc;
			if (i < n)
				acc = apply_i(job->op, acc, in[i]);
			int at = scan ? (i < n) : (i == n);
			if (!at)
				continue;
			size_t k = scan ? i : 0;
			uint32_t want = scan && !job->inclusive ? before : acc;
			if (out[k] != want) {
				snprintf(why, whylen, "element %zu: got %d expected %d", k, (int32_t)out[k],
					 (int32_t)want);
				return -1;
			}
		}
	}
	return 0;
}
