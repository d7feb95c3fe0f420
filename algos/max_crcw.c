/*
 * max_crcw.c - the maximum of n values in a constant number of steps with
 * n^2 processors on CRCW-common, the classic example of what concurrent
 * writes buy (JaJa, "An Introduction to Parallel Algorithms", 2.6).
 *
 * Step 1: processor i clears loser[i] (n processors).
 * Step 2: processor (i, j), numbered i n + j, for every i and j, reads x[i]
 *   and x[j] and, when x[j] > x[i], writes loser[i] = 1: x[i] is not the
 *   maximum (processor (i, i) compares x[i] with itself and never writes).
 *   Many processors read each x[i] and many write 1 to the same loser[i] in
 *   this step: concurrent reads, and concurrent writes of one value, which
 *   is what CRCW-common allows (n^2 processors).
 * Step 3: processor i reads loser[i] and, when it is still 0, writes x[i]
 *   to the result (n processors). Every survivor holds the maximum, so equal
 *   maxima write one value: CRCW-common again.
 *
 * So W = n + n^2 + n = n^2 + 2n and D = 3 for n >= 1 (W = D = 0 for no
 * input, whose maximum is the identity of max). Under EREW the second read
 * of one x[i] in step 2 is a violation, and under CREW the second write of
 * one loser[i] is: the program needs CRCW-common. The tree on EREW is
 * `reduce --op max`: W = n - 1, D = ceil(log2 n). So the concurrent writes
 * trade a factor of about n / log n in work for depth 3 instead of log n.
 * The simulator takes n <= 4096 (16.8 million processors in step 2,
 * about a second): the report's sweep simulates up to it and takes the
 * closed form beyond (algo.max_n).
 *
 * No kernels: n^2 work-items for n values is 10^12 of them at the sizes
 * the kernel tests run (n = 2^20); a GPU takes the maximum with reduce's
 * kernels.
 */
#include "common.h"

/* The largest n the simulator runs: n^2 = 2^24 processors in step 2
 * (processor ids must stay below 2^32 in any case). */
#define MAX_CRCW_N 4096u

static int max_crcw_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = n ? (uint64_t)n * n + 2 * (uint64_t)n : 0;
	*d = n ? 3 : 0;
	return 0;
}

static int max_crcw_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	out->vals[0] = pram_op_identity_v(PRAM_OP_MAX, in->type);
	if (n == 0)
		return 0;
	if (n > MAX_CRCW_N) {
		pram_fail(m, PRAM_EINVAL,
			  "max-crcw: n = %zu needs n^2 = %.3g processors; the simulator runs it "
			  "for n <= %u",
			  n, (double)n * (double)n, MAX_CRCW_N);
		return 0;
	}
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *loser = pram_array_new(m, "loser", n, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", 1, in->type);
	if (!x || !loser || !y)
		return 0;
	PRAM_STEP(m, "loser[i] = 0") {
		PRAM_FORALL(m, i, 0, n)
			pram_write(m, loser, i, 0);
	}
	int64_t nn = (int64_t)n;
	PRAM_STEP(m, "processor (i, j): if x[j] > x[i] then loser[i] = 1") {
		PRAM_FORALL(m, q, 0, nn * nn) {
			int64_t i = q / nn, j = q % nn;
			pram_value a = pram_read_v(m, x, i), b = pram_read_v(m, x, j);
			if (in->type == PRAM_INT ? b.i > a.i : b.f > a.f)
				pram_write(m, loser, i, 1);
		}
	}
	PRAM_STEP(m, "if loser[i] = 0 then y = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			if (pram_read(m, loser, i) == 0)
				pram_write_v(m, y, 0, pram_read_v(m, x, i));
		}
	}
	if (!pram_failed(m))
		out->vals[0] = pram_array_get_v(y, 0);
	return 0;
}

static void max_crcw_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	prog_acc acc;
	prog_acc_init(&acc, PRAM_OP_MAX, in->type);
	for (size_t i = 0; i < in->n; i++)
		prog_acc_add(&acc, in->vals[i]);
	out->vals[0] = prog_acc_get(&acc);
}

const algo algo_max_crcw = {
    .name = "max-crcw",
    .family = "crcw",
    .desc = "maximum in 3 steps with n^2 processors by concurrent writes (tree: reduce --op max)",
    .model = PRAM_CRCW_COMMON,
    .caps = ALGO_FLOAT,
    .work_o = "O(n^2)",
    .depth_o = "O(1)",
    .work_exact = "n^2 + 2n",
    .depth_exact = "3",
    .cost = max_crcw_cost,
    .out_len = prog_out_one,
    .simulate = max_crcw_simulate,
    .reference = max_crcw_reference,
    .max_n = MAX_CRCW_N,
};
