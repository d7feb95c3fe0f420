/*
 * scan.c - the reference solution of scan-pram: the work-efficient
 * inclusive scan in place (Brent and Kung's tree). Up: at distance d = 1,
 * 2, 4, ... processor j adds x[k - d] into x[k] for k = 2d(j + 1) - 1; down:
 * at d = ..., 2, 1 it adds x[k - d] into x[k] for k = 2d(j + 1) + d - 1.
 * Each processor touches its own two cells, so every step is EREW; W < 2n
 * and D < 2 log2 n. n need not be a power of two.
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	size_t d = 1;
	for (; 2 * d <= n; d *= 2)
		PRAM_STEP(m, "up") {
			PRAM_FORALL(m, j, 0, n / (2 * d)) {
				int64_t k = (int64_t)(2 * d) * (j + 1) - 1;
				pram_write(m, x, k,
					   pram_read(m, x, k) + pram_read(m, x, k - (int64_t)d));
			}
		}
	for (d /= 2; d >= 1; d /= 2) {
		if (n > d && (n - d) / (2 * d) > 0)
			PRAM_STEP(m, "down") {
				PRAM_FORALL(m, j, 0, (n - d) / (2 * d)) {
					int64_t k = (int64_t)(2 * d) * (j + 1) + (int64_t)d - 1;
					pram_write(m, x, k,
						   pram_read(m, x, k) +
						       pram_read(m, x, k - (int64_t)d));
				}
			}
	}
}
