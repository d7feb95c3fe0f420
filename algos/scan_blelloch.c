/*
 * scan_blelloch.c - the work-efficient scan of the lecture notes: Blelloch's
 * up-sweep and down-sweep on one block.
 */
#include "common.h"

/* Blelloch on m = 2^k >= n cells (the input padded with the identity):
 * up-sweep k steps of m/2, m/4, ..., 1 processors (m - 1 in all), one step
 * that clears the root, down-sweep k steps of 1, 2, ..., m/2 (m - 1).
 * So W = 2m - 1 and D = 2k + 1; the inclusive form adds a step of n. */
static int blelloch_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	if (n == 0) {
		*w = *d = 0;
		return 0;
	}
	size_t m = algo_next_pow2(n);
	*w = 2 * (uint64_t)m - 1 + (p->inclusive ? n : 0);
	*d = 2 * (uint64_t)algo_ceil_log2(n) + 1 + (p->inclusive ? 1 : 0);
	return 0;
}

static int blelloch_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
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
	for (size_t s = 1; s < len; s *= 2) {
		PRAM_STEP(m, "up-sweep: x[k+2s-1] = x[k+s-1] + x[k+2s-1]") {
			PRAM_FORALL(m, j, 0, len / (2 * s)) {
				int64_t k = (int64_t)(2 * s) * j;
				pram_value a = pram_read_v(m, x, k + (int64_t)s - 1);
				pram_value b = pram_read_v(m, x, k + 2 * (int64_t)s - 1);
				pram_write_v(m, x, k + 2 * (int64_t)s - 1,
					     pram_op_apply_v(p->op, t, a, b));
			}
		}
	}
	PRAM_STEP(m, "clear the last element") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write_v(m, x, (int64_t)len - 1, id);
		}
	}
	for (size_t s = len / 2; s >= 1; s /= 2) {
		PRAM_STEP(m, "down-sweep: swap and add") {
			PRAM_FORALL(m, j, 0, len / (2 * s)) {
				int64_t k = (int64_t)(2 * s) * j;
				int64_t l = k + (int64_t)s - 1, r = k + 2 * (int64_t)s - 1;
				pram_value left = pram_read_v(m, x, l);
				pram_value right = pram_read_v(m, x, r);
				pram_write_v(m, x, l, right);
				pram_write_v(m, x, r, pram_op_apply_v(p->op, t, right, left));
			}
		}
	}
	if (!p->inclusive) {
		prog_store(x, out);
		return 0;
	}
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!a || !y)
		return 0;
	PRAM_STEP(m, "inclusive: y[i] = x[i] + a[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_value e = pram_read_v(m, x, i);
			pram_write_v(m, y, i, pram_op_apply_v(p->op, t, e, pram_read_v(m, a, i)));
		}
	}
	prog_store(y, out);
	return 0;
}

const algo algo_scan_blelloch = {
    .name = "scan-blelloch",
    .family = "scan",
    .desc = "work-efficient exclusive scan by up-sweep and down-sweep (Blelloch)",
    .model = PRAM_EREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .default_inclusive = 0,
    .work_o = "O(n)",
    .depth_o = "O(log n)",
    .work_exact = "2m - 1 for m = 2^ceil(log2 n) (+ n inclusive)",
    .depth_exact = "2 ceil(log2 n) + 1 (+ 1 inclusive)",
    .cost = blelloch_cost,
    .simulate = blelloch_simulate,
    .reference = prog_scan_reference,
};
