/*
 * scan-alloc.c - wrong on purpose: allocates in a loop and never frees,
 * without bound.
 * lint: 17: p (char *) in host code
 * lint: 17: calls malloc
 * lint: 18: calls memset
 * expect: out-of-memory
 */
#include <stdlib.h>
#include <string.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (;;) {
		char *p = malloc(1 << 20);
		memset(p, 1, 1 << 20);
	}
	(void)m;
	(void)x;
	(void)n;
}
