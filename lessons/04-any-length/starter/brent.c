/*
 * brent.c - starter for brent-pram: it builds and runs, but writes 0
 * everywhere. Write the exclusive scan y[i] = x[0] + ... + x[i - 1] (y[0]
 * = 0) on the EREW PRAM with q = ceil(n / f) processors, f = per_proc
 * (the checker passes 4), each owning the chunk x[fi .. fi + f): each
 * scans its chunk one element a step and keeps its total; an exclusive
 * Blelloch scan of the totals (padded to a power of two) gives each chunk
 * its offset; each adds it to its chunk, one element a step. W = O(n),
 * D = O(f + log n).
 */
#include "pram.h"

void scan(pram *m, pram_array *x, pram_array *y, size_t n, long per_proc)
{
	(void)x;
	(void)per_proc;
	PRAM_STEP(m, "y[i] = 0") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, y, i, 0);
		}
	}
}
