/*
 * scan-hang.c - wrong on purpose: d starts at 0, so d *= 2 never moves it
 * and the loop never ends.
 * expect: timeout
 * args: --time-limit 3
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	volatile size_t steps = 0;
	for (size_t d = 0; d < n; d *= 2)
		steps++;
	(void)m;
	(void)x;
}
