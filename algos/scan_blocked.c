/*
 * scan_blocked.c - the scan of any length, done the way a GPU must do it
 * because a barrier synchronises only the threads of one block.
 *
 * In the notes' words: partition the array into blocks of B = 2^k cells
 * (padding the last with the identity), scan every block, let each block
 * write the sum of its partition into a PartialSums array, run a prefix sum
 * on PartialSums, and add PartialSums[b] to every element of block b. On the
 * simulator these are three phases, each step labelled with its phase:
 *
 *   phase 1  Blelloch inside every block, all blocks in the same steps:
 *            k up-sweep steps (nb (B - 1) work), one step in which block b
 *            moves its root (its sum) to sums[b] and clears it (nb), k
 *            down-sweep steps (nb (B - 1));
 *   phase 2  the exclusive scan of the nb partial sums (prog_scan: the
 *            Blelloch steps, or one primitive step under the scan model);
 *   phase 3  the add-back, one step of n processors.
 *
 * So, with nb = ceil(n / B) blocks, W = 2 nb (B - 1) + nb + W2(nb) + n and
 * D = 2k + 1 + D2(nb) + 1, where W2(m) = 3 m' - 1 + m and D2(m) =
 * 2 ceil(log2 m) + 3 (m' = the next power of two >= m). The add-back has B
 * processors read the one partial sum of their block in the same step, as a
 * GPU block reads it from shared memory: a concurrent read, so the program
 * needs CREW (an EREW machine would spend log2 B more steps broadcasting it).
 */
#include "common.h"

/* The parameters, by index. */
enum {
	P_BLOCK
};

static const algo_param blocked_params[] = {
    [P_BLOCK] = {.name = "block",
		 .metavar = "B",
		 .min = 2,
		 .max = 1 << 20,
		 .def = 8,
		 .props = ALGO_PARAM_POW2,
		 .help = "elements per block"},
    {0},
};

static const prog_scan_labels phase2_labels = {
    .copy = "phase 2, partial sums: copy in",
    .up = "phase 2, partial sums: up-sweep",
    .root = "phase 2, partial sums: clear the root",
    .down = "phase 2, partial sums: down-sweep",
    .out = "phase 2, partial sums: copy out",
};

static size_t block_of(const algo_params *p)
{
	return (size_t)p->v[P_BLOCK];
}

static int blocked_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	uint64_t b = block_of(p), nb = (n + b - 1) / b, k = algo_ceil_log2(b);
	*w = 2 * nb * (b - 1) + nb + n;
	*d = 2 * k + 2;
	prog_scan_cost(nb, p->model, 0, w, d);
	return 0;
}

static int blocked_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, b = block_of(p);
	if (n == 0)
		return 0;
	if (b & (b - 1)) {
		pram_fail(m, PRAM_EINVAL, "block size %zu is not a power of two", b);
		return 0;
	}
	size_t nb = (n + b - 1) / b;
	pram_type t = in->type;
	pram_value id = pram_op_identity_v(p->op, t);
	/* The last block padded with the identity is part of the input layout. */
	pram_array *x = prog_load(m, "x", in, nb * b, &id);
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *sums = pram_array_new(m, "sums", nb, t);
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!x || !a || !sums || !y)
		return 0;
	/* Phase 1: processor j of the step works in block j / per, on pair
	 * j % per of that block's tree level. */
	for (size_t s = 1; s < b; s *= 2) {
		size_t per = b / (2 * s);
		PRAM_STEP(m, "phase 1, blocks: up-sweep") {
			PRAM_FORALL(m, j, 0, nb * per) {
				int64_t base = (int64_t)((size_t)j / per * b);
				int64_t k = base + (int64_t)(2 * s * ((size_t)j % per));
				int64_t l = k + (int64_t)s - 1, r = k + 2 * (int64_t)s - 1;
				pram_value u = pram_read_v(m, x, l);
				pram_value v = pram_read_v(m, x, r);
				pram_write_v(m, x, r, pram_op_apply_v(p->op, t, u, v));
			}
		}
	}
	PRAM_STEP(m, "phase 1, blocks: block sums to the partial sums, clear the roots") {
		PRAM_FORALL(m, j, 0, nb) {
			int64_t root = (j + 1) * (int64_t)b - 1;
			pram_write_v(m, sums, j, pram_read_v(m, x, root));
			pram_write_v(m, x, root, id);
		}
	}
	for (size_t s = b / 2; s >= 1; s /= 2) {
		size_t per = b / (2 * s);
		PRAM_STEP(m, "phase 1, blocks: down-sweep") {
			PRAM_FORALL(m, j, 0, nb * per) {
				int64_t base = (int64_t)((size_t)j / per * b);
				int64_t k = base + (int64_t)(2 * s * ((size_t)j % per));
				int64_t l = k + (int64_t)s - 1, r = k + 2 * (int64_t)s - 1;
				pram_value left = pram_read_v(m, x, l);
				pram_value right = pram_read_v(m, x, r);
				pram_write_v(m, x, l, right);
				pram_write_v(m, x, r, pram_op_apply_v(p->op, t, right, left));
			}
		}
	}
	/* Phase 2: sums[b] becomes the combination of all blocks before b. */
	prog_scan_labelled(m, sums, sums, nb, p->op, 0, &phase2_labels);
	/* Phase 3. */
	PRAM_STEP(m, "phase 3, add-back: y[i] = sums[i / B] + x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_value e = pram_op_apply_v(
			    p->op, t, pram_read_v(m, sums, i / (int64_t)b), pram_read_v(m, x, i));
			if (p->inclusive)
				e = pram_op_apply_v(p->op, t, e, pram_read_v(m, a, i));
			pram_write_v(m, y, i, e);
		}
	}
	prog_store(y, out);
	return 0;
}

const algo algo_scan_blocked = {
    .name = "scan-blocked",
    .family = "scan",
    .desc = "scan of any length: Blelloch in blocks of B, scan of the block sums, add-back",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE,
    .params = blocked_params,
    .default_inclusive = 0,
    .work_o = "O(n)",
    .depth_o = "O(log n)",
    .work_exact = "2 nb (B - 1) + nb + n + W2(nb), nb = ceil(n/B), W2(m) = 3 m' - 1 + m "
		  "(m' = 2^ceil(log2 m); m under --model scan)",
    .depth_exact = "2 log2 B + 2 + D2(nb), D2(m) = 2 ceil(log2 m) + 3 (1 under --model scan)",
    .cost = blocked_cost,
    .simulate = blocked_simulate,
    .reference = prog_scan_reference,
};
