/*
 * reduce_atomic.c - reduction by atomics: every processor adds its element
 * to one shared cell with an atomic read-modify-write, the "global atomics"
 * of the histogram post taken to one bin.
 *
 * Step 1: one processor sets the accumulator to the operator's identity.
 * Step 2: processor i reads x[i] and applies acc = acc op x[i] atomically.
 * So W = n + 1 and D = 2 (D = 1 for n = 0): constant depth, which no tree
 * reaches. The price is in D_serial: the n atomics of step 2 all go to one
 * cell, and a machine that serialises concurrent atomics on one cell (a
 * GPU's memory does) takes n of its time units for that step, so D_serial =
 * n + 1. Concurrent atomics on one cell are legal in the CRCW models only
 * (they apply in processor-id order): the program needs CRCW; under EREW or
 * CREW the second atomic is a violation. Integers only: the atomics are
 * integer operations, as OpenCL's are.
 */
#include "common.h"

static int atomic_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = (uint64_t)n + 1;
	*d = n ? 2 : 1;
	return 0;
}

static int atomic_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *acc = pram_array_new(m, "acc", 1, PRAM_INT);
	if (!x || !acc)
		return 0;
	PRAM_STEP(m, "acc = identity") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, acc, 0, pram_op_identity_i(p->op));
		}
	}
	if (n > 0)
		PRAM_STEP(m, "atomically acc = acc op x[i]") {
			PRAM_FORALL(m, i, 0, n) {
				pram_atomic(m, acc, 0, p->op, pram_read(m, x, i));
			}
		}
	out->vals[0].i = pram_array_get_i(acc, 0);
	return 0;
}

static void atomic_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	int64_t acc = pram_op_identity_i(p->op);
	for (size_t i = 0; i < in->n; i++)
		acc = pram_op_apply_i(p->op, acc, in->vals[i].i);
	out->vals[0].i = acc;
}

const algo algo_reduce_atomic = {
    .name = "reduce-atomic",
    .family = "reduce",
    .desc = "reduction by one atomic per element on one cell (constant depth, D_serial n)",
    .model = PRAM_CRCW_COMMON,
    .caps = ALGO_OP,
    .work_o = "O(n)",
    .depth_o = "O(1)",
    .work_exact = "n + 1",
    .depth_exact = "2 (1 for n = 0); D_serial = n + 1",
    .cost = atomic_cost,
    .out_len = prog_out_one,
    .simulate = atomic_simulate,
    .reference = atomic_reference,
};
