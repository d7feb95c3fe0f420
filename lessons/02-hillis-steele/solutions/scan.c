/*
 * scan.c - the reference solution of hillis-steele-pram: the inclusive
 * scan by recursive doubling on the CREW PRAM. The first step writes
 * y[i] = x[i - 1] + x[i] (y[0] = x[0]); then at distance d = 2, 4, ...,
 * while d < n, processor i >= d adds y[i - d] into y[i], in place: a step
 * reads memory as it began, so every processor sees the previous level.
 * y[i - d] is read by processors i - d and i in one step, a concurrent
 * read, so the program needs CREW. D = ceil(log2 n) and W = n +
 * (n - 2) + (n - 4) + ..., about n log2 n: not work-efficient.
 */
#include "pram.h"

void scan(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0)
		return;
	PRAM_STEP(m, "y[i] = x[i - 1] + x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t v = pram_read(m, x, i);
			if (i > 0)
				v += pram_read(m, x, i - 1);
			pram_write(m, y, i, v);
		}
	}
	for (size_t d = 2; d < n; d *= 2) {
		PRAM_STEP(m, "y[i] = y[i - d] + y[i]") {
			PRAM_FORALL(m, i, d, n) {
				pram_write(m, y, i, pram_read(m, y, i - (int64_t)d) + pram_read(m, y, i));
			}
		}
	}
}
