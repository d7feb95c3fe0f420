/*
 * scan-crash.c - wrong on purpose: writes through a null pointer when the
 * input is empty.
 * lint: 14: p (volatile int *volatile) in host code
 * lint: 16: the host assigns *p through a pointer
 * expect: crash
 */
#include <stddef.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	volatile int *volatile p = NULL;
	if (n == 0)
		*p = 1;
	(void)m;
	(void)x;
}
