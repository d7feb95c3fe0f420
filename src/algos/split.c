/*
 * split.c - two permutations computed by scans: the split of radix sort and
 * stream compaction. Both work through algos_scan, so a scan costs one step
 * under --model scan and a Blelloch scan elsewhere; with S(n) = (S_W, S_D)
 * the cost of one scan of n (common.h) and S'(n) that of a backward one.
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
 *
 * Stream compaction ("list packing") keeps the elements whose flag is 1 and
 * packs them to the front in order: the exclusive scan of the flags gives
 * each kept element its position, and one step scatters them. The flags
 * are the predicate's values, one cell each (a' in the notes), read by their
 * own processor only: EREW. W = S_W(n) + n, D = S_D(n) + 1. The output
 * length is the number of kept elements (ALGO_OUT_DATA).
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
	algos_scan_cost(n, p->model, 0, w, d);
	algos_scan_cost(n, p->model, 1, w, d);
	return 0;
}

static int split_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_array *a = algos_load(m, "a", in, n, NULL);
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
	algos_scan(m, f, zero, n, PRAM_OP_SUM, 0);
	algos_scan_rev(m, g, one, n, PRAM_OP_SUM, 1);
	PRAM_STEP(m, "scatter: y[bit ? n - g[i] : f[i]] = a[i]") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t v = pram_read(m, a, i);
			int64_t dst = v & 1 ? (int64_t)n - pram_read(m, g, i) : pram_read(m, f, i);
			pram_write(m, y, dst, v);
		}
	}
	algos_store(y, out);
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
    .kernel = "split",
};

/* Compaction keeps i when its flag is 1; unlike a segment flag, element 0
 * has no flag of its own. */
static int kept(const algo_data *in, size_t i)
{
	return in->flags && in->flags[i];
}

static int compact_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = n;
	*d = 1;
	algos_scan_cost(n, p->model, 0, w, d);
	return 0;
}

static int compact_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n, nk = 0;
	for (size_t i = 0; i < n; i++)
		nk += kept(in, i);
	out->n = nk;
	if (n == 0)
		return 0;
	pram_array *a = algos_load(m, "a", in, n, NULL);
	pram_array *keep = pram_array_new(m, "keep", n, PRAM_INT);
	pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", nk ? nk : 1, in->type);
	if (!a || !keep || !f || !y)
		return 0;
	int64_t *flags = malloc(n * sizeof *flags);
	if (!flags) {
		pram_fail(m, PRAM_ENOMEM, "out of memory for %zu flags", n);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		flags[i] = kept(in, i);
	pram_array_load_i(keep, flags, n);
	free(flags);
	algos_scan(m, f, keep, n, PRAM_OP_SUM, 0);
	PRAM_STEP(m, "scatter: keep[i] ? y[f[i]] = a[i]") {
		PRAM_FORALL(m, i, 0, n) {
			if (pram_read(m, keep, i))
				pram_write_v(m, y, pram_read(m, f, i), pram_read_v(m, a, i));
		}
	}
	algos_store(y, out);
	return 0;
}

static void compact_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t k = 0;
	for (size_t i = 0; i < in->n; i++)
		if (kept(in, i))
			out->vals[k++] = in->vals[i];
	out->n = k;
}

const algo algo_compact = {
    .name = "compact",
    .family = "sort",
    .desc = "stream compaction: keep the flagged elements, packed in order (scan, scatter)",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT | ALGO_FLAGS | ALGO_OUT_DATA,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* O(1) under --model scan */
    .work_exact = "3m - 1 + 2n, m = 2^ceil(log2 n); 2n under --model scan",
    .depth_exact = "2 ceil(log2 n) + 4; 2 under --model scan",
    .cost = compact_cost,
    .simulate = compact_simulate,
    .reference = compact_reference,
    .kernel = "compact",
};
