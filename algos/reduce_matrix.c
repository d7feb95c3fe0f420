/*
 * reduce_matrix.c - the regular segmented reduction of 16-element
 * segments as one matrix product per 256-element tile: the notes'
 * tensor-core section, "Algorithm for regular 16-segmented reduction"
 * (Reduction16), beside scan-matrix.
 *
 * In the notes' words: a reduction is a matrix product, P times a matrix
 * whose first column holds the values, P having ones in its first row and
 * zeros elsewhere. "Each warp loads parts of input array of size 256 = 16
 * segments of size 16, then performs a warp-level MMA":
 *
 *     Reduction16(in array A, out array R):
 *       fragment_a <- init matrix P
 *       idx = global offset into A for each warp
 *       fragment_b <- load tile A[idx..idx+255] in column major
 *       M = P.A + 0
 *       if lane index < 16: R[idx/16 + lane-index] = M[lane-index]
 *
 * Loaded column-major, column c of the tile's matrix is segment c, so row 0
 * of P A holds the 16 segment sums (its other rows are zeros: the product
 * costs what a tensor core's does, all 256 entries). The array is padded
 * with zeros to whole tiles (the input's layout, as scan-matrix's), so a
 * last segment shorter than 16 sums what it has: out has ceil(n / 16)
 * values.
 *
 * The program, nt = ceil(n / 256) tiles, ns = ceil(n / 16) segments:
 *
 *   M = P A   one processor per entry of every tile (matrix.c: 16
 *             multiply-adds each); every tile reads P's first row, so
 *             CREW. 256 nt work, 1 step.
 *   write     one processor per segment: R[s] = M[tile(s), row 0, column
 *             s mod 16] (the notes' lanes below 16). ns work, 1 step.
 *
 * So W = 256 ceil(n / 256) + ceil(n / 16) and D = 2 (0 for n = 0). Sums
 * only: the product is multiply-add.
 */
#include "common.h"

/* The tuned kernel's shape, for sweeping it on a GPU; the PRAM program
 * and the teaching kernel have no use for them. */
static const algo_param rm_params[] = {
    {.name = "per-proc",
     .metavar = "F",
     .min = 1,
     .max = 16,
     .def = 8,
     .props = ALGO_PARAM_POW2,
     .help = "16-byte loads per work-item of the tuned kernel (4 make a segment), all issued "
	     "before the first addition"},
    PROG_PARAM_GROUP("256"),
    {0},
};

static size_t segments(size_t n)
{
	return (n + PROG_SIDE - 1) / PROG_SIDE;
}

static size_t padded(size_t n)
{
	return (n + PROG_TILE - 1) / PROG_TILE * PROG_TILE;
}

static int rm_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = n ? padded(n) + segments(n) : 0;
	*d = n ? 2 : 0;
	return 0;
}

static size_t rm_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)port;
	(void)p;
	return segments(in->n);
}

static int rm_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n, ns = segments(n), pad = padded(n);
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_value zero = prog_value(t, 0);
	pram_array *pm = prog_mat_constant(m, "P", t, PROG_MAT_P);
	/* The zeros that fill the last tile are part of the input layout. */
	pram_array *a = prog_load(m, "A", in, pad, &zero);
	pram_array *mm = pram_array_new(m, "M", pad, t);
	pram_array *r = pram_array_new(m, "R", ns, t);
	if (!pm || !a || !mm || !r)
		return 0;
	prog_mma(m, "tiles: M = P A, A loaded column-major (row 0: the 16 segment sums)", mm, pm, a,
		 NULL, pad, 1, 1);
	PRAM_STEP(m, "lanes < 16: R[idx / 16 + lane] = M[lane]") {
		PRAM_FORALL(m, s, 0, ns) {
			int64_t e = s / PROG_SIDE * PROG_TILE + s % PROG_SIDE;
			pram_write_v(m, r, s, pram_read_v(m, mm, e));
		}
	}
	prog_store(r, out);
	return 0;
}

static void rm_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	for (size_t s = 0; s < segments(in->n); s++) {
		prog_acc acc;
		prog_acc_init(&acc, PRAM_OP_SUM, in->type);
		for (size_t i = s * PROG_SIDE; i < in->n && i < (s + 1) * PROG_SIDE; i++)
			prog_acc_add(&acc, in->vals[i]);
		out->vals[s] = prog_acc_get(&acc);
	}
}

const algo algo_reduce_matrix = {
    .name = "reduce-matrix",
    .family = "reduce",
    .desc = "sum of every 16-element segment by one matrix product P A per 256-element tile",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT,
    .params = rm_params,
    .work_o = "O(n)",
    .depth_o = "O(1)",
    .work_exact = "256 ceil(n/256) + ceil(n/16)",
    .depth_exact = "2 (0 for n = 0)",
    .cost = rm_cost,
    .out_len = rm_out_len,
    .simulate = rm_simulate,
    .reference = rm_reference,
};
