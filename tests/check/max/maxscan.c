/*
 * maxscan.c - a solution of the tests' scan-max-pram exercise: the
 * work-efficient inclusive scan in place with max for +.
 */
#include "pram.h"

static int64_t max2(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

void scan(pram *m, pram_array *x, size_t n)
{
	size_t d = 1;
	for (; 2 * d <= n; d *= 2)
		PRAM_STEP(m, "up") {
			PRAM_FORALL(m, j, 0, n / (2 * d)) {
				int64_t k = (int64_t)(2 * d) * (j + 1) - 1;
				pram_write(
				    m, x, k,
				    max2(pram_read(m, x, k), pram_read(m, x, k - (int64_t)d)));
			}
		}
	for (d /= 2; d >= 1; d /= 2) {
		if (n > d && (n - d) / (2 * d) > 0)
			PRAM_STEP(m, "down") {
				PRAM_FORALL(m, j, 0, (n - d) / (2 * d)) {
					int64_t k = (int64_t)(2 * d) * (j + 1) + (int64_t)d - 1;
					pram_write(m, x, k,
						   max2(pram_read(m, x, k),
							pram_read(m, x, k - (int64_t)d)));
				}
			}
	}
}
