/*
 * scan_brent.c - the scan with f elements per processor, the notes' float4
 * optimisation, and what Brent's theorem says about it.
 *
 * In the notes' words: each thread i loads f values x[0..f-1], stores their
 * sum in a[i], the threads compute the exclusive prefix sum of a, and thread
 * i stores A[f i + j] = a^[i] + x[0] + ... + x[j]. On the simulator q =
 * ceil(n / f) processors do this; each of their sequential element
 * operations is a step of its own, so the f-element loops appear in the
 * depth as the notes count them:
 *
 *   phase 1  f steps: in step j processor i forms y[f i + j], the prefix of
 *            its chunk up to element j (n work in all); in the step of its
 *            chunk's last element it also writes the chunk sum s[i]. Step 0
 *            also sets the Q - q cells that pad s to Q = 2^ceil(log2 q) to
 *            the identity.
 *   phase 2  Blelloch's exclusive scan of s: 2Q - 1 work, 2 log2 Q + 1 steps.
 *   phase 3  f steps: in step j processor i writes s[i] + y[f i + j]
 *            (inclusive) or s[i] + y[f i + j - 1] (exclusive); n work.
 *
 * Exactly: W = 2n + (Q - q) + 2Q - 1 and D = 2 min(f, n) + 2 log2 Q + 1; for
 * n = f 2^k, W = 2n + 2n/f - 1 and D = 2 log2(n/f) + 2f + 1.
 *
 * The notes write W2 = 2n/f + n (f) = n(1 + 2/f) and D2 = 2 log(n/f) + 2f.
 * The depth agrees up to the step that clears the root. The work does not:
 * the notes count the f-element loop once, but phase 1 and phase 3 each
 * touch every element, and the simulator counts both, so W = n(2 + 2/f)
 * - 1. Hence Brent's T_p ~ W/p (n/p >> D) gives a speedup of
 * W(1)/W(f) = 2f/(f + 1) over f = 1 on the PRAM; the notes' 2f/(f + 2)
 * is 2n / (W(f) - n), their count with the second loop left out (the loop
 * that runs in registers on the GPU). Every step is exclusive: EREW.
 */
#include "common.h"

/* The parameters, by index. */
enum {
	P_PER_PROC
};

static const algo_param brent_params[] = {
    [P_PER_PROC] = {.name = "per-proc",
		    .metavar = "F",
		    .min = 1,
		    .max = 4096,
		    .def = 4, /* the notes' float4 */
		    .props = ALGO_PARAM_SWEEP,
		    .help = "elements per processor (Brent's f)"},
    {0},
};

static const prog_scan_labels brent_labels = {
    .up = "phase 2, chunk sums: up-sweep",
    .root = "phase 2, chunk sums: clear the root",
    .down = "phase 2, chunk sums: down-sweep",
};

static size_t per_proc(const algo_params *p)
{
	return (size_t)p->v[P_PER_PROC];
}

static int brent_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	uint64_t f = per_proc(p), q = (n + f - 1) / f, qq = algo_next_pow2(q);
	*w = 2 * (uint64_t)n + (qq - q) + 2 * qq - 1;
	*d = 2 * (f < n ? f : n) + 2 * (uint64_t)algo_ceil_log2(q) + 1;
	return 0;
}

static int brent_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, f = per_proc(p);
	if (n == 0)
		return 0;
	size_t q = (n + f - 1) / f, qq = algo_next_pow2(q);
	pram_type t = in->type;
	pram_value id = pram_op_identity_v(p->op, t);
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *y = pram_array_new(m, "y", n, t);
	pram_array *s = pram_array_new(m, "s", qq, t);
	pram_array *z = pram_array_new(m, "out", n, t);
	if (!a || !y || !s || !z)
		return 0;
	for (size_t j = 0; j < f && j < n; j++) {
		PRAM_STEP(m, "phase 1, per processor: y[fi+j] = y[fi+j-1] + a[fi+j]") {
			PRAM_FORALL(m, i, 0, j == 0 ? qq : q) {
				size_t e = (size_t)i * f + j;
				if ((size_t)i >= q) {
					pram_write_v(m, s, i, id);
					continue;
				}
				if (e >= n)
					continue;
				pram_value v = pram_read_v(m, a, (int64_t)e);
				if (j > 0)
					v = pram_op_apply_v(p->op, t,
							    pram_read_v(m, y, (int64_t)e - 1), v);
				pram_write_v(m, y, (int64_t)e, v);
				if (j == f - 1 || e == n - 1)
					pram_write_v(m, s, i, v);
			}
		}
	}
	prog_blelloch(m, s, qq, p->op, 0, &brent_labels);
	for (size_t j = 0; j < f && j < n; j++) {
		PRAM_STEP(m, "phase 3, per processor: out[fi+j] = s[i] + y[fi+j]") {
			PRAM_FORALL(m, i, 0, q) {
				size_t e = (size_t)i * f + j;
				if (e >= n)
					continue;
				pram_value v = pram_read_v(m, s, i);
				if (p->inclusive)
					v = pram_op_apply_v(p->op, t, v,
							    pram_read_v(m, y, (int64_t)e));
				else if (j > 0)
					v = pram_op_apply_v(p->op, t, v,
							    pram_read_v(m, y, (int64_t)e - 1));
				pram_write_v(m, z, (int64_t)e, v);
			}
		}
	}
	prog_store(z, out);
	return 0;
}

const algo algo_scan_brent = {
    .name = "scan-brent",
    .family = "scan",
    .desc = "scan with f elements per processor (the float4 trick; Brent's 2f/(f+2))",
    .model = PRAM_EREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .params = brent_params,
    .default_inclusive = 0,
    .work_o = "O(n)",
    .depth_o = "O(log n + f)",
    .work_exact = "2n + (Q - q) + 2Q - 1, q = ceil(n/f), Q = 2^ceil(log2 q); "
		  "n(2 + 2/f) - 1 for n = f 2^k (the notes' n(1 + 2/f) counts one element pass)",
    .depth_exact = "2 min(f, n) + 2 ceil(log2 q) + 1; 2 log2(n/f) + 2f + 1 for n = f 2^k",
    .cost = brent_cost,
    .simulate = brent_simulate,
    .reference = prog_scan_reference,
};
