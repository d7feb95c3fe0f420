/*
 * pyramid.c - the histopyramid's two phases, for the programs built on
 * one: the build (groups of fan cells summed, level by level) and the
 * traversal (one processor per output index walks from the root to a cell
 * of level 0).
 *
 * The layout packs the levels in one array: level 0 is the n counts, cells
 * [0, n); level k holds ceil(n_(k-1) / fan) cells, each the sum of up to fan
 * cells of level k - 1, right after level k - 1; the top level, the root,
 * has one cell. With fan 2 over M = 2^L counts this is the histopyramid
 * post's layout: level k starts at cell 2M - 2M / 2^k, and the array has
 * 2M - 1 cells (the post allocates 2M). With fan 4 over the 40 border flags
 * of the partitioned-streams gist it is the gist's: 40, then 10, 3 and 1
 * cells, no padding.
 */
#include "common.h"

unsigned prog_pyramid_height(size_t n, unsigned fan)
{
	unsigned L = 0;
	for (size_t len = n; len > 1; len = (len + fan - 1) / fan)
		L++;
	return L;
}

size_t prog_pyramid_size(size_t n, unsigned fan, unsigned k)
{
	size_t len = n;
	for (unsigned j = 0; j < k; j++)
		len = (len + fan - 1) / fan;
	return len;
}

size_t prog_pyramid_start(size_t n, unsigned fan, unsigned k)
{
	size_t start = 0, len = n;
	for (unsigned j = 0; j < k; j++) {
		start += len;
		len = (len + fan - 1) / fan;
	}
	return start;
}

size_t prog_pyramid_cells(size_t n, unsigned fan)
{
	unsigned L = prog_pyramid_height(n, fan);
	return n ? prog_pyramid_start(n, fan, L) + 1 : 0;
}

size_t prog_pyramid_level(size_t M, unsigned k)
{
	return prog_pyramid_start(M, 2, k);
}

void prog_pyramid_build_fan(pram *m, pram_array *p, size_t n, unsigned fan)
{
	unsigned L = prog_pyramid_height(n, fan);
	for (unsigned k = 1; k <= L; k++) {
		int64_t below = (int64_t)prog_pyramid_start(n, fan, k - 1),
			nbelow = (int64_t)prog_pyramid_size(n, fan, k - 1),
			here = (int64_t)prog_pyramid_start(n, fan, k);
		const char *label =
		    fan == 2 ? "build: each cell of the next level is the sum of a pair below"
			     : "build: each cell of the next level is the sum of its (up to) fan "
			       "cells below";
		/* fan reads and a write: a fan above 7 is more than the
		 * default K, by the program's design. */
		PRAM_STEP_K(m, label, fan + 1) {
			PRAM_FORALL(m, c, 0, prog_pyramid_size(n, fan, k)) {
				int64_t s = 0;
				for (int64_t t = fan * c; t < fan * (c + 1) && t < nbelow; t++)
					s += pram_read(m, p, below + t);
				pram_write(m, p, here + c, s);
			}
		}
	}
}

void prog_pyramid_build(pram *m, pram_array *p, size_t M)
{
	prog_pyramid_build_fan(m, p, M, 2);
}

void prog_pyramid_traverse_fan(pram *m, pram_array *p, size_t n, unsigned fan, size_t T,
			       pram_array *node, pram_array *rank, pram_array *dst)
{
	unsigned L = prog_pyramid_height(n, fan);
	if (T == 0)
		return;
	if (L == 0) {
		/* One cell: every output index maps to it, no decision to make. */
		PRAM_STEP(m, "traverse: a pyramid of one cell maps every index to it") {
			PRAM_FORALL(m, j, 0, T) {
				pram_write(m, node, j, 0);
				pram_write(m, rank, j, j);
				pram_write(m, dst, j, 0);
			}
		}
		return;
	}
	/* Step s chooses among the children, on level k = L - 1 - s, of the
	 * cell processor j stands on; at the root (s = 0) that cell and the
	 * rank are its registers' start values, so it reads neither. It reads
	 * the children's counts left to right, subtracting each one its rank
	 * passes, and stops at the first that holds the rank; the last child
	 * is never read (with fan 2, only the left one is). */
	const char *label =
	    fan == 2 ? "traverse: rank < left child ? go left : (rank -= left child, go right)"
		     : "traverse: rank < child ? go there : (rank -= child, next child)";
	for (unsigned s = 0; s < L; s++) {
		unsigned k = L - 1 - s;
		int64_t level = (int64_t)prog_pyramid_start(n, fan, k),
			len = (int64_t)prog_pyramid_size(n, fan, k);
		/* The node and the rank, up to fan - 1 children, three
		 * writes: fan + 4 accesses, more than the default K from a
		 * fan of 5, by the program's design. */
		PRAM_STEP_K(m, label, fan + 4) {
			PRAM_FORALL(m, j, 0, T) {
				int64_t c = s == 0 ? 0 : pram_read(m, node, j);
				int64_t r = s == 0 ? j : pram_read(m, rank, j);
				int64_t first = fan * c, last = fan * c + fan - 1;
				if (last >= len)
					last = len - 1;
				int64_t t = first;
				for (; t < last; t++) {
					int64_t here = pram_read(m, p, level + t);
					if (r < here)
						break;
					r -= here;
				}
				pram_write(m, node, j, t);
				pram_write(m, rank, j, r);
				if (k == 0)
					pram_write(m, dst, j, t);
			}
		}
	}
}

void prog_pyramid_traverse(pram *m, pram_array *p, size_t M, size_t T, pram_array *node,
			   pram_array *rank, pram_array *dst)
{
	prog_pyramid_traverse_fan(m, p, M, 2, T, node, rank, dst);
}
