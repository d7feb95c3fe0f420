/*
 * spmv.c - y = M x for M in compressed sparse rows, by the notes' four
 * steps on CREW. The n non-zeros are values[0..n) with their columns;
 * row i holds values[R[i]] .. values[R[i+1] - 1], R = row_starts (one
 * more entry than there are rows, pram_array_len(y)).
 *
 *   multiply  p[j] = values[j] * x[columns[j]], and the flag f[j] = 0
 *   flags     f[R[i]] = 1 for every non-empty row i: a 1 where a row starts
 *   scan      the inclusive segmented scan of p, by Hillis-Steele doubling
 *             on (flag, value) pairs: (fa, a) + (fb, b) = (fa | fb,
 *             fb ? b : a + b), so no sum crosses a row start
 *   gather    y[i] = the scan at the row's last element (0 for an empty row)
 *
 * W = O(n log n + rows), D = O(log n). The reads of x (a column shared by
 * several rows) and of R[i+1] (by rows i and i + 1) are concurrent: CREW.
 * An empty row sets no flag: its R[i] is the next row's start, which that
 * row flags, so no cell is written twice.
 */
#include "pram.h"

void spmv(pram *m, pram_array *values, pram_array *columns, pram_array *row_starts,
	  pram_array *x, pram_array *y, size_t n)
{
	int64_t k = (int64_t)n, rows = (int64_t)pram_array_len(y);
	if (k > 0) {
		pram_array *p = pram_array_new(m, "p", n, PRAM_INT);
		pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
		pram_array *s = pram_array_new(m, "s", n, PRAM_INT);
		pram_array *g = pram_array_new(m, "g", n, PRAM_INT);
		PRAM_STEP(m, "multiply: p[j] = values[j] * x[columns[j]]; f[j] = 0") {
			PRAM_FORALL(m, j, 0, k) {
				int64_t c = pram_read(m, columns, j);
				pram_write(m, p, j, pram_read(m, values, j) * pram_read(m, x, c));
				pram_write(m, f, j, 0);
			}
		}
		PRAM_STEP(m, "flags: f[R[i]] = 1 where a non-empty row starts") {
			PRAM_FORALL(m, i, 0, rows) {
				int64_t b = pram_read(m, row_starts, i);
				if (b < pram_read(m, row_starts, i + 1))
					pram_write(m, f, b, 1);
			}
		}
		/* The first doubling step copies (f, p) into (g, s); the others
		 * work in place: every read sees the step's old memory. */
		PRAM_STEP(m, "segmented scan, d = 1") {
			PRAM_FORALL(m, j, 0, k) {
				int64_t fl = pram_read(m, f, j), v = pram_read(m, p, j);
				if (j > 0 && !fl) {
					v += pram_read(m, p, j - 1);
					fl = pram_read(m, f, j - 1);
				}
				pram_write(m, s, j, v);
				pram_write(m, g, j, fl);
			}
		}
		for (int64_t d = 2; d < k; d *= 2) {
			PRAM_STEP(m, "segmented scan, d = 2, 4, ...") {
				PRAM_FORALL(m, j, d, k) {
					if (!pram_read(m, g, j)) {
						pram_write(m, s, j,
							   pram_read(m, s, j - d) + pram_read(m, s, j));
						pram_write(m, g, j, pram_read(m, g, j - d));
					}
				}
			}
		}
		PRAM_STEP(m, "gather: y[i] = s[R[i+1] - 1], 0 for an empty row") {
			PRAM_FORALL(m, i, 0, rows) {
				int64_t b = pram_read(m, row_starts, i);
				int64_t e = pram_read(m, row_starts, i + 1);
				pram_write(m, y, i, b < e ? pram_read(m, s, e - 1) : 0);
			}
		}
	} else {
		PRAM_STEP(m, "no non-zeros: y = 0") {
			PRAM_FORALL(m, i, 0, rows) {
				pram_write(m, y, i, 0);
			}
		}
	}
}
