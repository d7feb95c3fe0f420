/*
 * scan_hillis_steele.c - the first scan of the lecture notes: recursive
 * doubling (Hillis-Steele) in place on one block. Fast in steps, not
 * work-efficient.
 */
#include "common.h"

/* Exclusive from inclusive: one more step in which processor i moves
 * x[i - 1] to y[i] (processor 0 writes the identity). */
static void shift_right(pram *m, pram_array *x, pram_array *y, size_t n, pram_op op)
{
	pram_value id = pram_op_identity_v(op, pram_array_type(x));
	PRAM_STEP(m, "shift right for the exclusive scan") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write_v(m, y, i, i == 0 ? id : pram_read_v(m, x, i - 1));
		}
	}
}

/* Hillis-Steele. In the step of distance d, processors d .. n-1 work, so
 * W = sum over d = 1, 2, 4, ... < n of (n - d), which is n*k - n + 1 for
 * n = 2^k, and D = ceil(log2 n). x[i] is read by processor i and by
 * processor i + d in one step: a concurrent read, so CREW is needed. */
static int hs_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = 0;
	*d = 0;
	for (size_t s = 1; s < n; s *= 2) {
		*w += n - s;
		++*d;
	}
	if (!p->inclusive && n > 0) {
		*w += n;
		++*d;
	}
	return 0;
}

static int hs_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	if (!x)
		return 0;
	for (size_t d = 1; d < n; d *= 2) {
		PRAM_STEP(m, "x[i] = x[i - d] + x[i]") {
			PRAM_FORALL(m, i, d, n) {
				pram_value a = pram_read_v(m, x, i - (int64_t)d);
				pram_value b = pram_read_v(m, x, i);
				pram_write_v(m, x, i, pram_op_apply_v(p->op, in->type, a, b));
			}
		}
	}
	if (p->inclusive || n == 0) {
		prog_store(x, out);
		return 0;
	}
	pram_array *y = pram_array_new(m, "y", n, in->type);
	if (!y)
		return 0;
	shift_right(m, x, y, n, p->op);
	prog_store(y, out);
	return 0;
}

const algo algo_scan_hillis_steele = {
    .name = "scan-hillis-steele",
    .family = "scan",
    .desc = "in-place inclusive scan by recursive doubling (Hillis-Steele)",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .default_inclusive = 1,
    .work_o = "O(n log n)",
    .depth_o = "O(log n)",
    .work_exact =
	"sum over d = 1, 2, 4, ... < n of (n - d); n*k - n + 1 for n = 2^k (+ n exclusive)",
    .depth_exact = "ceil(log2 n) (+ 1 exclusive)",
    .cost = hs_cost,
    .simulate = hs_simulate,
    .reference = prog_scan_reference,
};
