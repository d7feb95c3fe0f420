/*
 * scan-oob.c - wrong on purpose: the up-sweep runs k past the end when n is
 * not a power of two.
 * expect: out-of-bounds 14
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	size_t p = 1;
	while (p < n)
		p *= 2;
	for (size_t d = 1; d < p; d *= 2)
		PRAM_STEP(m, "up") {
			PRAM_FORALL(m, j, 0, p / (2 * d)) {
				int64_t k = (int64_t)(2 * d) * (j + 1) - 1;
				pram_write(m, x, k,
					   pram_read(m, x, k) + pram_read(m, x, k - (int64_t)d));
			}
		}
}
