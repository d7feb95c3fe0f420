/*
 * scan.c - starter for hillis-steele-pram: it builds and runs, but only
 * copies x into y. Turn it into the inclusive scan, y[i] = x[0] + ... +
 * x[i], by recursive doubling on the CREW PRAM: at distance d = 1, 2, 4,
 * ... every processor i >= d adds the value d places to its left, in
 * ceil(log2 n) steps. A step's reads see memory as the step began, so
 * the levels can stay in y.
 */
#include "pram.h"

void scan(pram *m, pram_array *x, pram_array *y, size_t n)
{
	PRAM_STEP(m, "y[i] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, y, i, pram_read(m, x, i));
		}
	}
}
