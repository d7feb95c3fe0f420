/*
 * A cheat on reduce-brent-pram: the sum carried by the host. p processors
 * read their runs as the exercise asks, but each adds what it reads into
 * one variable of the host's, and one processor writes it out at the
 * end: the steps' counts look right while the additions happen outside
 * the machine, where no processor could share them. The static check
 * refuses a processor's write of anything but its own locals.
 */
#include "pram.h"

void reduce(pram *m, pram_array *x, pram_array *y, size_t n)
{
	int64_t total = 0;
	size_t p = 1;
	while (p * p < n)
		p++;
	for (size_t j = 0; j * p < n; j++) {
		PRAM_STEP(m, "total += x[jp + i]") {
			PRAM_FORALL(m, i, 0, p) {
				size_t e = j * p + (size_t)i;
				if (e < n)
					total += pram_read(m, x, (int64_t)e);
			}
		}
	}
	for (size_t s = 1; s < p; s *= 2) {
		PRAM_STEP(m, "a tree's worth of steps") {
			PRAM_FORALL(m, i, 0, 1) {
				pram_local(m, 1);
			}
		}
	}
	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, total);
		}
	}
}
