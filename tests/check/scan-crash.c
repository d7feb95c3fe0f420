/*
 * scan-crash.c - wrong on purpose: a recursion without end when the input
 * is empty (depth(-1) never reaches 0), so the stack overflows.
 * expect: crash
 */
#include "pram.h"

static int64_t depth(int64_t k)
{
	return k == 0 ? 0 : 1 + depth(k - 1);
}

void scan(pram *m, pram_array *x, size_t n)
{
	if (n == 0)
		pram_fail(m, PRAM_EINVAL, "depth %lld", (long long)depth(-1));
	(void)x;
}
