/*
 * pyramid.c - the histopyramid's two phases, for the programs built on
 * one: the build (pairs summed, level by level) and the traversal (one
 * processor per output index walks from the root to a cell of level 0).
 * The layout is common.h's: level k of a pyramid over M = 2^L counts
 * starts at cell 2M - 2M / 2^k, so one array of 2M - 1 cells holds M +
 * M/2 + ... + 1 values (the post allocates 2M).
 */
#include "common.h"

size_t algos_pyramid_level(size_t M, unsigned k)
{
	return 2 * M - 2 * (M >> k);
}

void algos_pyramid_build(pram *m, pram_array *p, size_t M)
{
	unsigned L = algo_ceil_log2(M);
	for (unsigned k = 1; k <= L; k++) {
		int64_t below = (int64_t)algos_pyramid_level(M, k - 1),
			here = (int64_t)algos_pyramid_level(M, k);
		PRAM_STEP(m, "build: each cell of the next level is the sum of a pair below") {
			PRAM_FORALL(m, c, 0, M >> k) {
				int64_t a = pram_read(m, p, below + 2 * c);
				int64_t b = pram_read(m, p, below + 2 * c + 1);
				pram_write(m, p, here + c, a + b);
			}
		}
	}
}

void algos_pyramid_traverse(pram *m, pram_array *p, size_t M, size_t T, pram_array *node,
			    pram_array *rank, pram_array *dst)
{
	unsigned L = algo_ceil_log2(M);
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
	/* Step s decides between the two children, on level k = L - 1 - s, of
	 * the cell processor j stands on; at the root (s = 0) that cell and the
	 * rank are its registers' start values, so it reads neither. */
	for (unsigned s = 0; s < L; s++) {
		unsigned k = L - 1 - s;
		int64_t level = (int64_t)algos_pyramid_level(M, k);
		PRAM_STEP(
		    m, "traverse: rank < left child ? go left : (rank -= left child, go right)") {
			PRAM_FORALL(m, j, 0, T) {
				int64_t c = s == 0 ? 0 : pram_read(m, node, j);
				int64_t r = s == 0 ? j : pram_read(m, rank, j);
				int64_t left = pram_read(m, p, level + 2 * c);
				if (r < left) {
					c = 2 * c;
				} else {
					r -= left;
					c = 2 * c + 1;
				}
				pram_write(m, node, j, c);
				pram_write(m, rank, j, r);
				if (k == 0)
					pram_write(m, dst, j, c);
			}
		}
	}
}
