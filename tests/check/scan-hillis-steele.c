/*
 * scan-hillis-steele.c - wrong on purpose: Hillis and Steele's scan, legal
 * under EREW (each round copies x first, so no cell is read twice in a
 * step) and right, but it adds at every distance in every round:
 * W = O(n log n), where the exercise asks for a work-efficient scan.
 * expect: not-work-efficient
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	pram_array *y = pram_array_new(m, "y", n ? n : 1, PRAM_INT);
	for (size_t d = 1; d < n; d *= 2) {
		PRAM_STEP(m, "copy") {
			PRAM_FORALL(m, i, 0, n)
				pram_write(m, y, i, pram_read(m, x, i));
		}
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, i, d, n)
				pram_write(m, x, i,
					   pram_read(m, x, i) + pram_read(m, y, i - (int64_t)d));
		}
	}
}
