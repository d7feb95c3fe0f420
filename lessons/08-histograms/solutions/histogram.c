/*
 * histogram.c - the histogram of n records x[i] in [0, bins), by the
 * atomic program of the lesson: the processors form q = ceil(n / group)
 * groups of `group`, and group g counts its records into a private row
 * local[g bins .. (g + 1) bins) with atomic increments, which only its
 * own processors touch; then processor (g, b) adds count b of row g into
 * the global counts[b] with one atomic add. Two records of one bin in one
 * group increment one cell in one step, and every group adds into every
 * global count: concurrent atomics, legal on CRCW-common (no plain
 * concurrent write). W = n + (2q + 1) bins, D = 3.
 */
#include "pram.h"

void histogram(pram *m, pram_array *x, pram_array *counts, size_t n, long bins, long group)
{
	int64_t nb = bins, q = ((int64_t)n + group - 1) / group;
	pram_array *local = q ? pram_array_new(m, "local", (size_t)(q * nb), PRAM_INT) : NULL;
	PRAM_STEP(m, "clear: every group's row of local counts, and the global counts") {
		PRAM_FORALL(m, k, 0, (q + 1) * nb) {
			if (k < q * nb)
				pram_write(m, local, k, 0);
			else
				pram_write(m, counts, k - q * nb, 0);
		}
	}
	if (n == 0)
		return;
	PRAM_STEP(m, "count: atomic_inc(local[g bins + x[i]]), g = i / group") {
		PRAM_FORALL(m, i, 0, (int64_t)n) {
			pram_atomic_inc(m, local, i / group * nb + pram_read(m, x, i));
		}
	}
	PRAM_STEP(m, "merge: processor (g, b) adds local[g bins + b] into counts[b]") {
		PRAM_FORALL(m, k, 0, q * nb) {
			pram_fetch_add(m, counts, k % nb, pram_read(m, local, k));
		}
	}
}
