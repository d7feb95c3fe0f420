/*
 * reduce_segmented.c - segmented reduction: one value per segment of a flagged
 * vector, by the segmented doubling steps and a step at the segment ends.
 * The steps and their costs are described in segmented.c.
 */
#include "common.h"

extern const algo algo_reduce_segmented;

static int segreduce_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = *d = 0;
	if (n == 0)
		return 0;
	prog_segmented_cost(n, w, d);
	*w += 2 * (uint64_t)n;
	*d += 2;
	return 0;
}

static int segreduce_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, nseg = prog_segments(in);
	out->n = nseg;
	if (n == 0)
		return 0;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *flags = prog_load_flags(m, "flags", in);
	pram_array *run = pram_array_new(m, "run", prog_flag_words(n), PRAM_INT);
	pram_array *idx = pram_array_new(m, "seg", n, PRAM_INT);
	pram_array *r = pram_array_new(m, "out", nseg, in->type);
	if (!x || !flags || !run || !idx || !r)
		return 0;
	PRAM_STEP(m, "unpack: seg[i] = flag i") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, idx, i, prog_read_flag(m, flags, i));
		}
	}
	prog_segmented_doubling(m, x, flags, run, idx, n, p->op);
	PRAM_STEP(m, "segment ends: out[seg[i] - 1] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			if ((size_t)i == n - 1 || prog_read_flag(m, flags, i + 1))
				pram_write_v(m, r, pram_read(m, idx, i) - 1, pram_read_v(m, x, i));
		}
	}
	prog_store(r, out);
	return 0;
}

static void segreduce_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t k = 0;
	prog_acc acc;
	for (size_t i = 0; i < in->n; i++) {
		if (prog_flag(in, i)) {
			if (i > 0)
				out->vals[k++] = prog_acc_get(&acc);
			prog_acc_init(&acc, p->op, in->type);
		}
		prog_acc_add(&acc, in->vals[i]);
	}
	if (in->n > 0)
		out->vals[k++] = prog_acc_get(&acc);
	out->n = k;
}

/* The bytes a run moves: the values read and one per segment written, and
 * the segments as the kernel reads them: the packed flags (n / 8 bytes),
 * or with --segments offsets the m + 1 offsets of 4 bytes (as
 * bench/vendor.cu counts CUB's). */
static uint64_t segreduce_bytes(const algo_data *in, const algo_data *out, const algo_params *p)
{
	uint64_t n = in->n, m = out->n;
	int offsets = p->v[algo_param_index(&algo_reduce_segmented, "segments")] == 1;
	return 4 * n + 4 * m + (offsets ? 4 * (m + 1) : 4 * ((n + 31) / 32));
}

const algo algo_reduce_segmented = {
    .name = "reduce-segmented",
    .family = "reduce",
    .desc = "one reduction per segment (packed flags; segmented Hillis-Steele, then the ends)",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_OUT_DATA,
    .inputs = prog_flagged_input,
    .params = prog_segreduce_params,
    .work_o = "O(n log n)",
    .depth_o = "O(log n)",
    .work_exact = "the segmented scan's (inclusive) + 2n",
    .depth_exact = "ceil(log2 n) + 2",
    .cost = segreduce_cost,
    .simulate = segreduce_simulate,
    .reference = segreduce_reference,
    .bytes = segreduce_bytes,
};
