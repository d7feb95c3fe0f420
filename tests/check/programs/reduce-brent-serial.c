/*
 * A cheat on reduce-brent-pram: one processor adds every element into its
 * sum, one a step. Right and EREW, and W = n as the exercise asks; but
 * its n steps are D = n, the time of one processor, not the n / p + log p
 * of p = ceil(sqrt n) of them.
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
	for (size_t e = 0; e < n; e++) {
		PRAM_STEP(m, "y[0] += x[e]") {
			PRAM_FORALL(m, j, 0, 1) {
				int64_t v = pram_read(m, x, (int64_t)e);
				if (e > 0)
					v += pram_read(m, y, 0);
				pram_write(m, y, 0, v);
			}
		}
	}
}
