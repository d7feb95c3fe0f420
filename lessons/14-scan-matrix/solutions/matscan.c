/*
 * matscan.c - the reference solution of matrix-scan-pram: the inclusive
 * scan in place by the notes' tile products. x is copied into A, padded
 * with zeros to whole tiles of 256 (each a 16 x 16 matrix, row-major);
 * per tile R = A U (row scans), P = L A (exclusive column scans) and
 * T = P J + R, one step each, every processor forming one entry from a row
 * and a column (16 multiply-adds, the ones of U, L and J left implicit).
 * With more than one tile the tiles' totals are gathered, scanned the same
 * way (exclusively, recursively) and added back. Rows of A and P are read
 * by 16 processors at once: CREW. W = O(n), D = 5 L for L levels of tiles.
 */
#include "pram.h"

#define SIDE 16
#define TILE 256

static size_t tiles(size_t len)
{
	return (len + TILE - 1) / TILE;
}

/* The scan of a[0..len) (a padded to whole tiles, every cell written) into
 * out[0..len): inclusive or exclusive. */
static void tile_scan(pram *m, pram_array *a, size_t len, int inclusive, pram_array *out)
{
	size_t nt = tiles(len), pad = nt * TILE;
	pram_array *r = pram_array_new(m, "AU", pad, PRAM_INT);
	pram_array *p = pram_array_new(m, "LA", pad, PRAM_INT);
	pram_array *t = pram_array_new(m, "tile", pad, PRAM_INT);
	if (!r || !p || !t)
		return;
	PRAM_STEP(m, "R = A U: row-wise scans") {
		PRAM_FORALL(m, i, 0, pad) {
			int64_t row = i - i % SIDE, c = i % SIDE, s = 0;
			for (int64_t k = 0; k < c + (inclusive ? 1 : 0); k++)
				s += pram_read(m, a, row + k);
			pram_write(m, r, i, s);
		}
	}
	PRAM_STEP(m, "P = L A: column-wise exclusive scans") {
		PRAM_FORALL(m, i, 0, pad) {
			int64_t base = i - i % TILE, rr = (i % TILE) / SIDE, c = i % SIDE, s = 0;
			for (int64_t k = 0; k < rr; k++)
				s += pram_read(m, a, base + k * SIDE + c);
			pram_write(m, p, i, s);
		}
	}
	PRAM_STEP(m, "T = P J + R: the rows before, plus the row scan") {
		PRAM_FORALL(m, i, 0, pad) {
			int64_t row = i - i % SIDE, s = pram_read(m, r, i);
			for (int64_t k = 0; k < SIDE; k++)
				s += pram_read(m, p, row + k);
			pram_write(m, t, i, s);
		}
	}
	pram_array *src = t, *pre = NULL;
	if (nt > 1) {
		size_t pad2 = tiles(nt) * TILE;
		pram_array *sums = pram_array_new(m, "sums", pad2, PRAM_INT);
		pre = pram_array_new(m, "pre", nt, PRAM_INT);
		if (!sums || !pre)
			return;
		PRAM_STEP(m, "gather the tiles' totals") {
			PRAM_FORALL(m, g, 0, pad2) {
				int64_t v = 0;
				if ((size_t)g < nt) {
					int64_t last = g * TILE + TILE - 1;
					v = pram_read(m, t, last);
					if (!inclusive)
						v += pram_read(m, a, last);
				}
				pram_write(m, sums, g, v);
			}
		}
		tile_scan(m, sums, nt, 0, pre);
	}
	PRAM_STEP(m, "write out, adding the scanned totals") {
		PRAM_FORALL(m, i, 0, len) {
			int64_t v = pram_read(m, src, i);
			if (pre)
				v += pram_read(m, pre, i / TILE);
			pram_write(m, out, i, v);
		}
	}
}

void scan(pram *m, pram_array *x, size_t n)
{
	if (n == 0)
		return;
	size_t pad = tiles(n) * TILE;
	pram_array *a = pram_array_new(m, "A", pad, PRAM_INT);
	if (!a)
		return;
	PRAM_STEP(m, "load x into the tiles, zeros pad") {
		PRAM_FORALL(m, i, 0, pad) {
			pram_write(m, a, i, (size_t)i < n ? pram_read(m, x, i) : 0);
		}
	}
	tile_scan(m, a, n, 1, x);
}
