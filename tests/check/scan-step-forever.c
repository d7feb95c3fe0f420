/*
 * scan-step-forever.c - wrong on purpose: the loop around PRAM_STEP never
 * ends (d counts up to a bound it never reaches), so the machine's record
 * of its steps fills the memory before the clock runs out. A time-out that
 * names the steps, not an allocation to look for.
 * expect: timeout
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d > 0; d++)
		PRAM_STEP(m, "again") {
			PRAM_FORALL(m, j, 0, n) {
				pram_write(m, x, j, pram_read(m, x, j));
			}
		}
}
