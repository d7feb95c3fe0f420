/*
 * histopyramid.c - the histopyramid of n counts and its traversal, as the
 * lesson builds them. Level 0 of the pyramid is the counts padded with
 * zeros to M = 2^L cells; level k, from cell 2M - 2M / 2^k, holds the sums
 * of the pairs of level k - 1, up to the root, cell 2M - 2, the total T.
 * Then processor j, one for each output index j < T (from has T cells),
 * walks from the root down with rank j: below the left child's count it
 * goes left, else it subtracts that count and goes right; the level-0
 * cell it reaches is from[j]. All processors read the root's left child
 * in the first step of the walk, and many share cells after: CREW.
 * W = 2M - 1 + T L, D = 1 + 2L (T > 0, L > 0).
 */
#include "pram.h"

void histopyramid(pram *m, pram_array *counts, pram_array *pyramid, pram_array *from, size_t n)
{
	if (n == 0)
		return;
	int64_t M = 1, L = 0;
	while (M < (int64_t)n) {
		M *= 2;
		L++;
	}
	int64_t T = (int64_t)pram_array_len(from);
	PRAM_STEP(m, "level 0: the counts, padded with zeros to M") {
		PRAM_FORALL(m, i, 0, M) {
			pram_write(m, pyramid, i, i < (int64_t)n ? pram_read(m, counts, i) : 0);
		}
	}
	for (int64_t k = 1; k <= L; k++) {
		int64_t below = 2 * M - (2 * M >> (k - 1)), here = 2 * M - (2 * M >> k);
		PRAM_STEP(m, "build: each cell of level k is the sum of a pair below") {
			PRAM_FORALL(m, c, 0, M >> k) {
				pram_write(m, pyramid, here + c,
					   pram_read(m, pyramid, below + 2 * c) +
					       pram_read(m, pyramid, below + 2 * c + 1));
			}
		}
	}
	if (T == 0)
		return;
	if (L == 0) {
		PRAM_STEP(m, "one cell: every output comes from it") {
			PRAM_FORALL(m, j, 0, T) {
				pram_write(m, from, j, 0);
			}
		}
		return;
	}
	/* node[j] and rank[j] carry processor j's place from step to step. */
	pram_array *node = pram_array_new(m, "node", (size_t)T, PRAM_INT);
	pram_array *rank = pram_array_new(m, "rank", (size_t)T, PRAM_INT);
	for (int64_t k = L - 1; k >= 0; k--) {
		int64_t level = 2 * M - (2 * M >> k);
		PRAM_STEP(m, "walk: rank < left child ? go left : (rank -= left child, go right)") {
			PRAM_FORALL(m, j, 0, T) {
				int64_t c = k == L - 1 ? 0 : pram_read(m, node, j);
				int64_t r = k == L - 1 ? j : pram_read(m, rank, j);
				int64_t left = pram_read(m, pyramid, level + 2 * c);
				if (r < left) {
					c = 2 * c;
				} else {
					r -= left;
					c = 2 * c + 1;
				}
				if (k == 0) {
					pram_write(m, from, j, c);
				} else {
					pram_write(m, node, j, c);
					pram_write(m, rank, j, r);
				}
			}
		}
	}
}
