/*
 * brent.c - the reference solution of brent-pram: the exclusive scan with
 * f = per_proc elements per processor on the EREW PRAM, in three phases
 * over q = ceil(n / f) processors, processor i owning the chunk
 * x[fi .. fi + f).
 *
 *   1. In f steps, processor i forms the inclusive scan of its chunk in t,
 *      one element a step, and writes the chunk's total to s[i]. The chunk
 *      sums are padded with zeros to Q = 2^ceil(log2 q) cells.
 *   2. Blelloch's exclusive scan of s: up-sweep, the root cleared,
 *      down-sweep; s[i] is then the sum of every chunk before chunk i.
 *   3. In f steps, processor i writes y[fi + j] = s[i] + t[fi + j - 1]
 *      (s[i] alone for j = 0).
 *
 * Every cell is touched by one processor a step: EREW. W = 2n + O(n / f)
 * and D = 2f + 2 log2(n / f) + 1: O(n) and, with f fixed, O(log n).
 */
#include "pram.h"

void scan(pram *m, pram_array *x, pram_array *y, size_t n, long per_proc)
{
	if (n == 0)
		return;
	size_t f = per_proc > 0 ? (size_t)per_proc : 1;
	size_t q = (n + f - 1) / f, qq = 1;
	while (qq < q)
		qq *= 2;
	size_t steps = f < n ? f : n; /* the longest chunk */
	pram_array *t = pram_array_new(m, "t", n, PRAM_INT);
	pram_array *s = pram_array_new(m, "s", qq, PRAM_INT);

	/* Phase 1: each chunk's inclusive scan, and its total. */
	for (size_t j = 0; j < steps; j++) {
		PRAM_STEP(m, "phase 1: t[fi + j] = t[fi + j - 1] + x[fi + j]") {
			PRAM_FORALL(m, i, 0, j == 0 ? qq : q) {
				size_t e = (size_t)i * f + j;
				if ((size_t)i >= q) {
					pram_write(m, s, i, 0); /* padding */
					continue;
				}
				if (e >= n)
					continue;
				int64_t v = pram_read(m, x, (int64_t)e);
				if (j > 0)
					v += pram_read(m, t, (int64_t)e - 1);
				pram_write(m, t, (int64_t)e, v);
				if (j == f - 1 || e == n - 1)
					pram_write(m, s, i, v);
			}
		}
	}

	/* Phase 2: Blelloch's exclusive scan of the Q chunk sums. */
	size_t d;
	for (d = 1; d < qq; d *= 2) {
		PRAM_STEP(m, "phase 2: up-sweep") {
			PRAM_FORALL(m, j, 0, qq / (2 * d)) {
				int64_t k = (int64_t)(2 * d) * (j + 1) - 1;
				pram_write(m, s, k, pram_read(m, s, k) + pram_read(m, s, k - (int64_t)d));
			}
		}
	}
	PRAM_STEP(m, "phase 2: clear the root") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, s, (int64_t)qq - 1, 0);
		}
	}
	for (d = qq / 2; d >= 1; d /= 2) {
		PRAM_STEP(m, "phase 2: down-sweep") {
			PRAM_FORALL(m, j, 0, qq / (2 * d)) {
				int64_t k = (int64_t)(2 * d) * (j + 1) - 1;
				int64_t left = pram_read(m, s, k - (int64_t)d);
				int64_t right = pram_read(m, s, k);
				pram_write(m, s, k - (int64_t)d, right);
				pram_write(m, s, k, right + left);
			}
		}
	}

	/* Phase 3: the chunk's offset plus the scan within the chunk. */
	for (size_t j = 0; j < steps; j++) {
		PRAM_STEP(m, "phase 3: y[fi + j] = s[i] + t[fi + j - 1]") {
			PRAM_FORALL(m, i, 0, q) {
				size_t e = (size_t)i * f + j;
				if (e >= n)
					continue;
				int64_t v = pram_read(m, s, i);
				if (j > 0)
					v += pram_read(m, t, (int64_t)e - 1);
				pram_write(m, y, (int64_t)e, v);
			}
		}
	}
}
