/*
 * jfa.c - starter for jfa-pram: it builds and runs, but writes nothing
 * into y and out. x_flags[i] is 1 where a partition of the stream x
 * starts (always at 0). Write into y[i] the sum of i's partition and into
 * out[t] the sum of partition t, on CREW, in O(log n) steps: number the
 * partitions by a scan of the flags, then jump flood with 3 samples a
 * pass, steps s = the largest power of two below n, ..., 2, 1: each
 * element adds the one at i + s when it lies in its partition, else the
 * one at i - s when that does (never both: a sum is not a max).
 */
#include "pram.h"

void jfa_sum(pram *m, pram_array *x, pram_array *x_flags, pram_array *y, pram_array *out,
	     size_t n)
{
	(void)m;
	(void)x;
	(void)x_flags;
	(void)y;
	(void)out;
	(void)n;
}
