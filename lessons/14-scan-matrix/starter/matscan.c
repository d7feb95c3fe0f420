/*
 * matscan.c - starter for matrix-scan-pram: it builds and runs, but leaves
 * x as it is. Turn x[0..n) into its inclusive sum scan in place under
 * CREW, the notes' way: tiles of 256 values as 16 x 16 matrices A
 * (row-major), R = A U, P = L A and T = P J + R one step each (a processor
 * per entry, its 16 multiply-adds in one step), then, with more than one
 * tile, the tiles' totals scanned the same way and added back.
 * W = O(n), D = O(log n).
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	(void)m;
	(void)x;
	(void)n;
}
