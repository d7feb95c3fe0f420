/*
 * scan.c - starter for scan-pram: it builds and runs, but leaves x as it
 * is. Turn x[0..n) into its inclusive sum scan in place, under EREW, with
 * W = O(n) and D = O(log n): sweep sums up a tree, then back down.
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	(void)m;
	(void)x;
	(void)n;
}
