/*
 * histopyramid.c - starter for histopyramid-pram: it builds and runs, but
 * writes neither output. On CREW, in O(log n) steps:
 *
 * - build the pyramid of the counts: level 0, cells [0, M), is counts
 *   padded with zeros to M, the power of two at or above n; level k, from
 *   cell 2M - 2M / 2^k, holds the sums of the pairs of level k - 1, one
 *   step a level, up to the root, cell 2M - 2, the total T;
 * - expand it: from has T cells; processor j, for every j < T, walks from
 *   the root down with rank j (below the left child's count, go left; else
 *   subtract it and go right), keeping its cell and rank in arrays of your
 *   own between steps, and writes the level-0 cell it reaches to from[j].
 *
 * pram_array_len(from) gives T. A processor that scans the counts in a
 * loop takes as many steps as there are counts: the checker measures it.
 */
#include "pram.h"

void histopyramid(pram *m, pram_array *counts, pram_array *pyramid, pram_array *from, size_t n)
{
	(void)m;
	(void)counts;
	(void)pyramid;
	(void)from;
	(void)n;
}
