/*
 * scan_segmented.c - segmented scan: a scan within each segment of a flagged vector,
 * by the segmented Hillis-Steele doubling on (flag, value) pairs.
 * The steps and their costs are described in segmented.c.
 */
#include "common.h"

static int segscan_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	prog_segmented_cost(n, w, d);
	if (!p->inclusive && n > 0) {
		*w += n;
		++*d;
	}
	return 0;
}

static int segscan_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *flags = prog_load_flags(m, "flags", in);
	pram_array *run = pram_array_new(m, "run", prog_flag_words(n), PRAM_INT);
	if (!x || !flags || !run)
		return 0;
	prog_segmented_doubling(m, x, flags, run, NULL, n, p->op);
	if (p->inclusive) {
		prog_store(x, out);
		return 0;
	}
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!y)
		return 0;
	pram_value id = pram_op_identity_v(p->op, t);
	PRAM_STEP(m, "exclusive: y[i] = flag i ? identity : x[i - 1]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write_v(m, y, i,
				     prog_read_flag(m, flags, i) ? id : pram_read_v(m, x, i - 1));
		}
	}
	prog_store(y, out);
	return 0;
}

static void segscan_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	prog_acc acc;
	for (size_t i = 0; i < in->n; i++) {
		if (prog_flag(in, i))
			prog_acc_init(&acc, p->op, in->type);
		pram_value before = prog_acc_get(&acc);
		prog_acc_add(&acc, in->vals[i]);
		out->vals[i] = p->inclusive ? prog_acc_get(&acc) : before;
	}
}

const algo algo_scan_segmented = {
    .name = "scan-segmented",
    .family = "scan",
    .desc = "segmented scan (packed flags; segmented Hillis-Steele on (flag, value) pairs)",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .inputs = prog_flagged_input,
    .params = prog_segscan_params,
    .default_inclusive = 1,
    .work_o = "O(n log n)",
    .depth_o = "O(log n)",
    .work_exact = "sum over d = 1, 2, 4, ... < n of (n - d + e_d), e_d = the flag words "
		  "below id d rebuilt in that step (+ n exclusive)",
    .depth_exact = "ceil(log2 n) (+ 1 exclusive)",
    .cost = segscan_cost,
    .simulate = segscan_simulate,
    .reference = segscan_reference,
};
