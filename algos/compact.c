/*
 * compact.c - stream compaction, a permutation computed by a scan (through
 * prog_scan: one step under --model scan, a Blelloch scan elsewhere; S(n) =
 * (S_W, S_D) is the cost of one scan of n, common.h).
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

static const algo_port compact_inputs[] = {
    {.name = "x",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .props = ALGO_PORT_FLAGS | ALGO_PORT_NEEDS_FLAGS,
     .help = "the values, with flag 1 on each element to keep"},
    {0},
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
	prog_scan_cost(n, p->model, 0, w, d);
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
	pram_array *a = prog_load(m, "a", in, n, NULL);
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
	prog_scan(m, f, keep, n, PRAM_OP_SUM, 0);
	PRAM_STEP(m, "scatter: keep[i] ? y[f[i]] = a[i]") {
		PRAM_FORALL(m, i, 0, n) {
			if (pram_read(m, keep, i))
				pram_write_v(m, y, pram_read(m, f, i), pram_read_v(m, a, i));
		}
	}
	prog_store(y, out);
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
    .caps = ALGO_FLOAT | ALGO_OUT_DATA,
    .inputs = compact_inputs,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* O(1) under --model scan */
    .work_exact = "3m - 1 + 2n, m = 2^ceil(log2 n); 2n under --model scan",
    .depth_exact = "2 ceil(log2 n) + 4; 2 under --model scan",
    .cost = compact_cost,
    .simulate = compact_simulate,
    .reference = compact_reference,
};
