/*
 * A cheat on segscan-pram: every processor walks back from its element to
 * its segment's start, summing, all in one step. With a segment every few
 * elements its walks are short and it looks logarithmic; with one long
 * segment a processor reads n cells, and a step's time grows with them.
 */
#include "pram.h"

void segscan(pram *m, pram_array *x, pram_array *x_flags, pram_array *y, size_t n)
{
	PRAM_STEP(m, "each walks back to its segment's start") {
		PRAM_FORALL(m, i, 0, (int64_t)n) {
			int64_t s = 0;
			for (int64_t j = i; j >= 0; j--) {
				s += pram_read(m, x, j);
				if (pram_read(m, x_flags, j))
					break;
			}
			pram_write(m, y, i, s);
		}
	}
}
