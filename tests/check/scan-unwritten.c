/*
 * scan-unwritten.c - wrong on purpose: the up-sweep goes to a new array
 * whose first cell is never written, then read.
 * expect: unwritten-read 15
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	pram_array *t = pram_array_new(m, "t", n ? n : 1, PRAM_INT);
	PRAM_STEP(m, "copy") {
		PRAM_FORALL(m, i, 1, n)
			pram_write(m, t, i, pram_read(m, x, i));
	}
	PRAM_STEP(m, "back") {
		PRAM_FORALL(m, i, 0, n)
			pram_write(m, x, i, pram_read(m, t, i));
	}
}
