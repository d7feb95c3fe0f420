/*
 * reduce.c - tree reduction: in step s, processor j combines x[2sj] and
 * x[2sj + s] into x[2sj]. Every combination removes one partial result, so
 * W = n - 1 for any n >= 1, and the partial results halve each step, so
 * D = ceil(log2 n). No cell is touched by two processors: legal under EREW.
 */
#include "common.h"

static int reduce_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = n ? n - 1 : 0;
	*d = algo_ceil_log2(n);
	return 0;
}

static int reduce_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0) {
		out->vals[0] = pram_op_identity_v(p->op, in->type);
		return 0;
	}
	pram_array *x = prog_load(m, "x", in, n, NULL);
	if (!x)
		return 0;
	for (size_t s = 1; s < n; s *= 2) {
		/* Processors j with 2sj + s < n have a partner. */
		size_t procs = (n - s + 2 * s - 1) / (2 * s);
		PRAM_STEP(m, "combine pairs at stride s") {
			PRAM_FORALL(m, j, 0, procs) {
				int64_t i = (int64_t)(2 * s) * j;
				pram_value a = pram_read_v(m, x, i);
				pram_value b = pram_read_v(m, x, i + (int64_t)s);
				pram_write_v(m, x, i, pram_op_apply_v(p->op, in->type, a, b));
			}
		}
	}
	out->vals[0] = pram_array_get_v(x, 0);
	return 0;
}

static void reduce_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	/* Compensated for float sums: a plain left-to-right sum may err by more
	 * than the tolerance of the tree's order (algo_float_tolerance). */
	prog_acc acc;
	prog_acc_init(&acc, p->op, in->type);
	for (size_t i = 0; i < in->n; i++)
		prog_acc_add(&acc, in->vals[i]);
	out->vals[0] = prog_acc_get(&acc);
}

const algo algo_reduce = {
    .name = "reduce",
    .family = "reduce",
    .desc = "binary tree reduction (sum, max or min of n values)",
    .model = PRAM_EREW,
    .caps = ALGO_OP | ALGO_FLOAT,
    .work_o = "O(n)",
    .depth_o = "O(log n)",
    .work_exact = "n - 1",
    .depth_exact = "ceil(log2 n)",
    .cost = reduce_cost,
    .out_len = prog_out_one,
    .simulate = reduce_simulate,
    .reference = reduce_reference,
};
