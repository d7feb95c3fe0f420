/*
 * max.c - starter for max-crcw-pram: it builds and runs, but writes
 * nothing into y. On CRCW-common, where processors may write one cell in
 * the same step if they all write the same value, set y[0] to the largest
 * of x[0..n) in a constant number of steps, whatever n: clear an array of
 * n "loser" marks; let processor (i, j), one for each of the n^2 pairs,
 * mark x[i] a loser when x[j] is larger; then let each x[i] that no one
 * marked write itself into y[0]. A loop over the elements, in one
 * processor or around PRAM_STEP, takes more steps as n grows: the
 * checker measures the depth.
 */
#include "pram.h"

void maximum(pram *m, pram_array *x, pram_array *y, size_t n)
{
	(void)m;
	(void)x;
	(void)y;
	(void)n;
}
