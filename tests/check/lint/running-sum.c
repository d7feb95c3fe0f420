/*
 * running-sum.c - a cheat: a running sum in a host variable, carried across
 * the processors of one step.
 * lint: 14: processor j adds into s, a variable of the host
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	int64_t s = 0;
	PRAM_STEP(m, "scan") {
		PRAM_FORALL(m, j, 0, (int64_t)n) {
			int64_t v = pram_read(m, x, j);
			s += v;
			pram_write(m, x, j, s);
		}
	}
}
