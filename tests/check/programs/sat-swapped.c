/*
 * A cheat on sat-pram, or a slip: the lesson's solution with w and h
 * swapped in its signature. On a square image it is right; on any other
 * its rows are the wrong length.
 */
#include "pram.h"

void sat(pram *m, pram_array *image, pram_array *S, size_t h, size_t w)
{
	int64_t W = (int64_t)w, n = (int64_t)(w * h);
	PRAM_STEP(m, "copy: S = image") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, S, i, pram_read(m, image, i));
		}
	}
	for (int64_t d = 1; d < W; d *= 2) {
		PRAM_STEP(m, "rows: S[r][c] += S[r][c - d]") {
			PRAM_FORALL(m, i, 0, n) {
				if (i % W >= d)
					pram_write(m, S, i, pram_read(m, S, i - d) + pram_read(m, S, i));
			}
		}
	}
	for (int64_t d = 1; d < (int64_t)h; d *= 2) {
		PRAM_STEP(m, "columns: S[r][c] += S[r - d][c]") {
			PRAM_FORALL(m, i, d * W, n) {
				pram_write(m, S, i, pram_read(m, S, i - d * W) + pram_read(m, S, i));
			}
		}
	}
}
