/*
 * scan-compile-error.c - wrong on purpose: an undeclared variable.
 * expect: compile-error 10
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		steps++;
	(void)m;
	(void)x;
}
