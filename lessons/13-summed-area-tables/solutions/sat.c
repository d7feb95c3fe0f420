/*
 * sat.c - the summed-area table of a w by h image (stored row by row),
 * S(r, c) = the sum of the image over rows 0 .. r and columns 0 .. c, by
 * the notes' two passes: an inclusive scan of every row, then of every
 * column of the result, each pass all lines at once.
 *
 * A scan here is Hillis-Steele's, in place: at distance d every cell adds
 * the one d before it on its line (d cells left in a row, d rows up in a
 * column). Reads of a step see the memory of its start, so the update is
 * safe; cell i is read by its own processor and by the one d after it, a
 * concurrent read: CREW. ceil(log2 w) + ceil(log2 h) + 1 steps of at most
 * w h processors: W = O(n log n), D = O(log n) for n = w h pixels.
 */
#include "pram.h"

void sat(pram *m, pram_array *image, pram_array *S, size_t w, size_t h)
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
