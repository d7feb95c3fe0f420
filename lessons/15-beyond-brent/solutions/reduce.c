/*
 * reduce.c - the reference solution of reduce-brent-pram: the sum of
 * x[0..n) into y[0] on the EREW PRAM with p = ceil(sqrt n) processors,
 * Brent's schedule of the tree written out, as a GPU's reduction runs it.
 *
 *   1. In r = ceil(n / p) steps, processor i adds x[jp + i] into its own
 *      partial sum t[i], j = 0, 1, ..., r - 1: a strided run, so that in
 *      step j the p processors read the p neighbouring cells jp ..
 *      jp + p - 1 (on a GPU, coalesced loads). Processor i < p <= n has
 *      at least x[i].
 *   2. A tree over the p partial sums: at stride s = 1, 2, 4, ...
 *      processor j adds t[2sj + s] into t[2sj] while that partner exists.
 *   3. t[0] to y[0].
 *
 * Every cell is touched by one processor a step: EREW. W = n + p and
 * D = ceil(n / p) + ceil(log2 p) + 1: O(n) and O(sqrt n), the bound
 * W / p + D of Brent's theorem for the tree on p processors. An empty x
 * sums to 0.
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
	size_t p = 1;
	while (p * p < n)
		p++;
	size_t r = (n + p - 1) / p; /* the steps of the longest run */
	pram_array *t = pram_array_new(m, "t", p, PRAM_INT);

	/* Phase 1: each processor sums its strided run, one element a step. */
	for (size_t j = 0; j < r; j++) {
		PRAM_STEP(m, "t[i] += x[jp + i]") {
			PRAM_FORALL(m, i, 0, p) {
				size_t e = j * p + (size_t)i;
				if (e >= n)
					continue;
				int64_t v = pram_read(m, x, (int64_t)e);
				if (j > 0)
					v += pram_read(m, t, i);
				pram_write(m, t, i, v);
			}
		}
	}

	/* Phase 2: the tree over the p partial sums. */
	for (size_t s = 1; s < p; s *= 2) {
		size_t procs = (p - s + 2 * s - 1) / (2 * s); /* those with 2sj + s < p */
		PRAM_STEP(m, "t[2sj] += t[2sj + s]") {
			PRAM_FORALL(m, j, 0, procs) {
				int64_t k = (int64_t)(2 * s) * j;
				pram_write(m, t, k,
					   pram_read(m, t, k) + pram_read(m, t, k + (int64_t)s));
			}
		}
	}

	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, pram_read(m, t, 0));
		}
	}
}
