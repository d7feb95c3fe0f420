/*
 * segscan.c - the inclusive segmented sum scan of x, segments starting
 * where x_flags[i] = 1, by the recursive doubling of the lesson on
 * (flag, value) pairs with the operator
 *
 *     (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a + b).
 *
 * y holds the value half and f the flag half; in the step of distance d
 * processor i >= d combines pair i - d into pair i. Pair i - d is read by
 * processor i - d too, as its own: concurrent reads, so CREW. W = O(n log
 * n), D = ceil(log2 n) + 1.
 */
#include "pram.h"

void segscan(pram *m, pram_array *x, pram_array *x_flags, pram_array *y, size_t n)
{
	if (n == 0)
		return;
	int64_t nn = (int64_t)n;
	pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
	PRAM_STEP(m, "the pairs: y[i] = x[i], f[i] = x_flags[i]") {
		PRAM_FORALL(m, i, 0, nn) {
			pram_write(m, y, i, pram_read(m, x, i));
			pram_write(m, f, i, pram_read(m, x_flags, i));
		}
	}
	for (int64_t d = 1; d < nn; d *= 2)
		PRAM_STEP(m, "pair i = pair i - d (+) pair i") {
			PRAM_FORALL(m, i, d, nn) {
				int64_t fb = pram_read(m, f, i), b = pram_read(m, y, i);
				if (!fb) {
					pram_write(m, y, i, pram_read(m, y, i - d) + b);
					pram_write(m, f, i, pram_read(m, f, i - d));
				}
			}
		}
}
