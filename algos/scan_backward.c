/*
 * scan_backward.c - the backward (suffix) scan: "what comes after me?".
 * Inclusive: out[i] = a[i] + a[i+1] + ... + a[n-1]; exclusive: out[i] =
 * a[i+1] + ... + a[n-1], the identity for i = n - 1.
 *
 * The program is Blelloch's up-sweep and down-sweep with every index k
 * mirrored to m - 1 - k, on m = 2^ceil(log2 n) cells (the input padded at
 * the end with the identity, which the mirror puts first). The mirror is a
 * bijection, so the steps stay exclusive (EREW) and cost what the forward
 * scan costs: up-sweep m - 1, the root 1, down-sweep m - 1, so W = 2m - 1
 * and D = 2 ceil(log2 n) + 1; the inclusive form adds one step of n that
 * combines each element into its exclusive result.
 */
#include "common.h"

static const prog_scan_labels backward_labels = {
    .up = "up-sweep (mirrored): x[m-1-k'] = x[m-1-k] + x[m-1-k']",
    .root = "clear the first element",
    .down = "down-sweep (mirrored): swap and add",
};

static int backward_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 2 * (uint64_t)algo_next_pow2(n) - 1 + (p->inclusive ? n : 0);
	*d = 2 * (uint64_t)algo_ceil_log2(n) + 1 + (p->inclusive ? 1 : 0);
	return 0;
}

static int backward_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	size_t len = algo_next_pow2(n);
	pram_type t = in->type;
	pram_value id = pram_op_identity_v(p->op, t);
	/* The padding with the identity is part of the input layout. */
	pram_array *x = prog_load(m, "x", in, len, &id);
	if (!x)
		return 0;
	prog_blelloch(m, x, len, p->op, 1, &backward_labels);
	if (!p->inclusive) {
		prog_store(x, out);
		return 0;
	}
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!a || !y)
		return 0;
	PRAM_STEP(m, "inclusive: y[i] = a[i] + x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_value e = pram_read_v(m, x, i);
			pram_write_v(m, y, i, pram_op_apply_v(p->op, t, pram_read_v(m, a, i), e));
		}
	}
	prog_store(y, out);
	return 0;
}

static void backward_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	prog_acc acc;
	prog_acc_init(&acc, p->op, in->type);
	for (size_t i = in->n; i-- > 0;) {
		pram_value after = prog_acc_get(&acc);
		prog_acc_add(&acc, in->vals[i]);
		out->vals[i] = p->inclusive ? prog_acc_get(&acc) : after;
	}
}

const algo algo_scan_backward = {
    .name = "scan-backward",
    .family = "scan",
    .desc = "backward (suffix) scan by a mirrored Blelloch up-sweep and down-sweep",
    .model = PRAM_EREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .default_inclusive = 0,
    .work_o = "O(n)",
    .depth_o = "O(log n)",
    .work_exact = "2m - 1 for m = 2^ceil(log2 n) (+ n inclusive)",
    .depth_exact = "2 ceil(log2 n) + 1 (+ 1 inclusive)",
    .cost = backward_cost,
    .simulate = backward_simulate,
    .reference = backward_reference,
};
