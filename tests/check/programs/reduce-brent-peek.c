/*
 * A cheat on reduce-brent-pram: the host adds between steps. The p
 * processors copy their elements into t, one row of p a step, and the
 * host reads each row back with the machine's accessor and adds it up,
 * then has one processor write the total. The static check refuses the
 * host accessor; without it, the machine is sealed while the program
 * runs, and the first read fails it.
 */
#include "pram.h"

void reduce(pram *m, pram_array *x, pram_array *y, size_t n)
{
	int64_t total = 0;
	size_t p = 1;
	while (p * p < n)
		p++;
	pram_array *t = pram_array_new(m, "t", p ? p : 1, PRAM_INT);
	for (size_t j = 0; j * p < n; j++) {
		PRAM_STEP(m, "t[i] = x[jp + i]") {
			PRAM_FORALL(m, i, 0, p) {
				size_t e = j * p + (size_t)i;
				if (e < n)
					pram_write(m, t, i, pram_read(m, x, (int64_t)e));
			}
		}
		for (size_t i = 0; i < p && j * p + i < n; i++)
			total += pram_array_get_i(t, i);
	}
	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, total);
		}
	}
}
