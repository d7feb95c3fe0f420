/*
 * split.c - radix sort's split by bit 0 on the scan model: the keys whose
 * bit 0 is 0 first, then those whose bit is 1, each group in its order.
 *
 * The notes compute d_i = f_i for a 0 bit and d_i = F + (i - f_i) for a
 * 1 bit, f the exclusive 0-scan and F the number of 0 bits; every
 * processor reading F would be a concurrent read. F + (i - f_i) is also
 * n - g_i, g_i the number of 1 bits among x_i .. x_(n-1): a backward
 * inclusive scan, here a forward scan of the bits laid out in reverse.
 * Steps: the bits (n), two scans (n each), the scatter (n): W = 4n, D = 4,
 * every access exclusive.
 */
#include "pram.h"

void split(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0)
		return;
	pram_array *zero = pram_array_new(m, "zero", n, PRAM_INT); /* 1 - bit */
	pram_array *rev = pram_array_new(m, "rev", n, PRAM_INT);   /* bits, reversed */
	pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
	pram_array *g = pram_array_new(m, "g", n, PRAM_INT);
	PRAM_STEP(m, "bits: zero[i] = 1 - bit, rev[n - 1 - i] = bit") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t bit = pram_read(m, x, i) & 1;
			pram_write(m, zero, i, 1 - bit);
			pram_write(m, rev, (int64_t)n - 1 - i, bit);
		}
	}
	/* f[i]: the 0 bits before i; g[j]: the 1 bits among the last j + 1. */
	PRAM_SCAN_PRIM(m, f, zero, n, PRAM_OP_SUM, 0);
	PRAM_SCAN_PRIM(m, g, rev, n, PRAM_OP_SUM, 1);
	PRAM_STEP(m, "scatter: y[bit ? n - g[n - 1 - i] : f[i]] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t v = pram_read(m, x, i);
			int64_t d = v & 1 ? (int64_t)n - pram_read(m, g, (int64_t)n - 1 - i)
					  : pram_read(m, f, i);
			pram_write(m, y, d, v);
		}
	}
}
