/*
 * scan-crew.c - wrong on purpose: Hillis and Steele in place, where
 * processors i and i + d both read x[i] in one step: concurrent reads,
 * illegal under EREW.
 * expect: model-violation 12
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, i, d, n)
				pram_write(m, x, i,
					   pram_read(m, x, i) + pram_read(m, x, i - (int64_t)d));
		}
}
