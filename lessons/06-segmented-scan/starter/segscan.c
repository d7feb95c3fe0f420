/*
 * segscan.c - starter for segscan-pram: it builds and runs, but writes
 * nothing into y. On CREW, set y[i] to the sum of x[s..i], where s is the
 * start of i's segment (the last j <= i with x_flags[j] = 1; element 0
 * always starts one), in O(log n) steps: copy the pairs (x_flags[i],
 * x[i]) into arrays of your own, then at each distance d = 1, 2, 4, ...
 * let processor i >= d combine pair i - d into pair i with the lesson's
 * operator (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a + b). Walking back
 * to the segment's start in one processor costs as many steps as the
 * longest segment is long.
 */
#include "pram.h"

void segscan(pram *m, pram_array *x, pram_array *x_flags, pram_array *y, size_t n)
{
	(void)m;
	(void)x;
	(void)x_flags;
	(void)y;
	(void)n;
}
