/*
 * scan-alloc.c - wrong on purpose: makes arrays of the machine in a loop,
 * without bound.
 * expect: out-of-memory
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (;;)
		pram_array_new(m, "more", 1 << 20, PRAM_INT);
	(void)x;
	(void)n;
}
