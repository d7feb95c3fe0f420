/*
 * reduce.c - the reference solution of reduce-pram: the sum of x[0..n)
 * into y[0] by a tree on the EREW PRAM. The first step adds the pairs
 * x[2j] + x[2j + 1] into a scratch array t of ceil(n / 2) cells (an odd
 * last element goes alone); then at stride s = 1, 2, 4, ... processor j
 * adds t[2sj + s] into t[2sj], as long as that partner exists; the last
 * step copies t[0] to y[0]. Every cell is touched by one processor a step,
 * so each step is EREW; W < n + n/2 + 1 and D = ceil(log2 n) + 1. An empty
 * x sums to 0.
 */
#include "pram.h"

void reduce(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0) {
		PRAM_STEP(m, "the empty sum") {
			PRAM_FORALL(m, j, 0, 1) {
				pram_write(m, y, 0, 0);
			}
		}
		return;
	}
	size_t len = (n + 1) / 2; /* the partial sums after the first level */
	pram_array *t = pram_array_new(m, "t", len, PRAM_INT);
	PRAM_STEP(m, "t[j] = x[2j] + x[2j + 1]") {
		PRAM_FORALL(m, j, 0, len) {
			int64_t v = pram_read(m, x, 2 * j);
			if ((size_t)(2 * j + 1) < n)
				v += pram_read(m, x, 2 * j + 1);
			pram_write(m, t, j, v);
		}
	}
	for (size_t s = 1; s < len; s *= 2) {
		/* Processor j has a partner when 2sj + s < len. */
		size_t procs = (len - s + 2 * s - 1) / (2 * s);
		PRAM_STEP(m, "t[2sj] += t[2sj + s]") {
			PRAM_FORALL(m, j, 0, procs) {
				int64_t i = (int64_t)(2 * s) * j;
				pram_write(m, t, i, pram_read(m, t, i) + pram_read(m, t, i + (int64_t)s));
			}
		}
	}
	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, pram_read(m, t, 0));
		}
	}
}
