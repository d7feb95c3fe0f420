/*
 * split.c - the split of radix sort: a permutation computed by scans. It
 * works through prog_scan, so a scan costs one step under --model scan and
 * a Blelloch scan elsewhere; with S(n) = (S_W, S_D) the cost of one scan of
 * n (common.h) and S'(n) that of a backward one.
 *
 * Split by bit 0 of integer keys (radix sort applies it to bit 0, 1, 2, ...,
 * low to high; it is stable, which radix sort needs). In the notes' words:
 * compute the exclusive "0"-scan f_i = the number of 0 bits among a_0 ..
 * a_(i-1), F = the total number of 0 bits, and move a_i to d_i = f_i when its
 * bit is 0 and to d_i = F + (i - f_i) when it is 1. F would have every
 * processor read one cell (CREW); Blelloch's split avoids it with a backward
 * scan: F + (i - f_i) = n - (the number of 1 bits among a_i .. a_(n-1)), so
 * one forward exclusive 0-scan and one backward inclusive 1-scan give every
 * position with exclusive reads only (EREW). Steps: the bits (n), the two
 * scans, the scatter (n): W = 2n + S_W(n) + S'_W(n), D = 2 + S_D(n) + S'_D(n);
 * on EREW W = 4n + 6m - 2, D = 4 ceil(log2 n) + 8, m =
 * 2^ceil(log2 n); under the scan model W = 6n, D = 6.
 */
#include <stdlib.h>

#include "common.h"

static int split_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 2 * (uint64_t)n;
	*d = 2;
	prog_scan_cost(n, p->model, 0, w, d);
	prog_scan_cost(n, p->model, 1, w, d);
	return 0;
}

static int split_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *zero = pram_array_new(m, "zero", n, PRAM_INT);
	pram_array *one = pram_array_new(m, "one", n, PRAM_INT);
	pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
	pram_array *g = pram_array_new(m, "g", n, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	if (!a || !zero || !one || !f || !g || !y)
		return 0;
	PRAM_STEP(m, "bits: zero[i] = 1 - bit 0 of a[i], one[i] = bit 0") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t bit = pram_read(m, a, i) & 1;
			pram_write(m, zero, i, 1 - bit);
			pram_write(m, one, i, bit);
		}
	}
	prog_scan(m, f, zero, n, PRAM_OP_SUM, 0);
	prog_scan_rev(m, g, one, n, PRAM_OP_SUM, 1);
	PRAM_STEP(m, "scatter: y[bit ? n - g[i] : f[i]] = a[i]") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t v = pram_read(m, a, i);
			int64_t dst = v & 1 ? (int64_t)n - pram_read(m, g, i) : pram_read(m, f, i);
			pram_write(m, y, dst, v);
		}
	}
	prog_store(y, out);
	return 0;
}

static void split_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t k = 0;
	for (int bit = 0; bit < 2; bit++)
		for (size_t i = 0; i < in->n; i++)
			if ((in->vals[i].i & 1) == bit)
				out->vals[k++] = in->vals[i];
}

const algo algo_split = {
    .name = "split",
    .family = "sort",
    .desc = "radix sort's split by bit 0 (0-scan, backward 1-scan, scatter); stable",
    .model = PRAM_EREW,
    .caps = 0,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* O(1) under --model scan */
    .work_exact = "4n + 6m - 2, m = 2^ceil(log2 n); 6n under --model scan",
    .depth_exact = "4 ceil(log2 n) + 8; 6 under --model scan",
    .cost = split_cost,
    .simulate = split_simulate,
    .reference = split_reference,
};
