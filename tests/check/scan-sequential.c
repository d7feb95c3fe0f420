/*
 * scan-sequential.c - wrong on purpose: right and work-efficient, but one
 * step per element, so D = n - 1 where the exercise asks for O(log n).
 * expect: depth
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		PRAM_STEP(m, "next") {
			pram_proc(m, 0);
			pram_write(m, x, (int64_t)i,
				   pram_read(m, x, (int64_t)i) + pram_read(m, x, (int64_t)i - 1));
		}
}
