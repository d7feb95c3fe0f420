/*
 * reduce.c - starter for reduce-pram: it builds and runs, but writes 0
 * into y[0]. Write the sum x[0] + ... + x[n - 1] into y[0] (0 when n is 0)
 * on the EREW PRAM, with PRAM_STEP and PRAM_FORALL, in W = O(n) and
 * D = O(log n): add pairs, then pairs of pairs, in a tree whose every
 * cell one processor touches per step (a scratch array from
 * pram_array_new keeps x as it is).
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
