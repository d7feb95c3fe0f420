/*
 * reduce.c - starter for reduce-brent-pram: it builds and runs, but
 * writes 0 into y[0]. Write the sum x[0] + ... + x[n - 1] into y[0] (0
 * when n is 0) on the EREW PRAM with p = ceil(sqrt n) processors, as
 * Brent's theorem schedules a tree on p of them: processor i first sums
 * its own run x[i], x[p + i], x[2p + i], ... into a cell of a scratch
 * array (pram_array_new), one element a step, so that each step's p reads
 * are neighbours; then a tree adds the p partial sums. W = O(n) and
 * D = ceil(n / p) + O(log p) = O(sqrt n): the checker measures both, and
 * a plain tree on n / 2 processors is as wrong for it as one processor
 * doing everything.
 */
#include "pram.h"

void reduce(pram *m, pram_array *x, pram_array *y, size_t n)
{
	(void)x;
	(void)n;
	PRAM_STEP(m, "y[0] = 0") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, 0);
		}
	}
}
