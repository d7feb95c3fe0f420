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
    .out = "inclusive: y[i] = a[i] + x[i]",
};

static int backward_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	return prog_blelloch_scan(m, in, out, p, 1, &backward_labels);
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
    PROG_BLELLOCH_DECL,
    .simulate = backward_simulate,
    .reference = backward_reference,
};
