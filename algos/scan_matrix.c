/*
 * scan_matrix.c - scan as matrix products, the notes' tensor-core
 * formulation, and the scan of a whole array built on it.
 *
 * In the notes' words: load 256 values V into a 16 x 16 matrix A in row-major
 * order. With U the upper-right matrix of ones, A U holds the row-wise
 * inclusive scans; with L the lower-left matrix of ones (zero diagonal),
 * L A holds the column-wise exclusive scans, and with J the matrix of ones,
 * L A J holds in every entry of row r the sum of all rows before r. So
 *
 *     A U + L A J = the inclusive prefix sum of the 256 values.
 *
 * With U' = U less its diagonal, A U' + L A J is the exclusive one. A tensor
 * core computes D = X Y + C in one instruction; on the simulator each such
 * product is one step in which processor (r, c) of every tile forms one
 * output entry from row r of X and column c of Y: 16 multiply-adds and 32
 * shared reads, a constant, so still the O(1) operations per processor and
 * step that the PRAM allows (a generous constant, as the hardware's is).
 * Three steps per tile: R = A U, P = L A, T = P J + R. Row r of A is read by
 * the 16 processors of that row, and the constant matrices by every tile,
 * in the same step: concurrent reads, so the program needs CREW.
 *
 * The whole array, as the notes' PrefixSumN: scan every 256-element tile (all
 * tiles in the same three steps), gather each tile's sum into an array padded
 * to a multiple of 256, scan that array exclusively the same way (again
 * tiles, recursively while there is more than one), and add the scanned sum
 * of tile t to every element of tile t. With nt = ceil(len / 256) tiles and
 * P = 256 nt:
 *
 *     C(len) = (3P, 3)                                   when nt = 1
 *     C(len) = (3P + P2 + len, 5) + C(nt)                 else,
 *
 * P2 = 256 ceil(nt / 256) (work, depth); the gather and the add-back are the
 * two extra steps. So W is about 4n + O(n / 256), O(n), and D = 5L - 2 for
 * L levels of tiles, O(log n / log 256): 3 for n <= 256, 8 for n <= 65536,
 * 13 up to 2^24.
 */
#include "common.h"

#define SIDE PROG_SIDE
#define TILE PROG_TILE

static size_t tiles(size_t len)
{
	return (len + TILE - 1) / TILE;
}

static void cost_rec(size_t len, uint64_t *w, uint64_t *d)
{
	uint64_t nt = tiles(len), pad = nt * TILE;
	*w += 3 * pad;
	*d += 3;
	if (nt == 1)
		return;
	*w += tiles(nt) * TILE + len;
	*d += 2;
	cost_rec(nt, w, d);
}

static int matrix_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = *d = 0;
	if (n > 0)
		cost_rec(n, w, d);
	return 0;
}

/* The constant matrices of the products, in row-major order. */
typedef struct mats {
	pram_array *u;  /* ones on and above the diagonal (inclusive row scans) */
	pram_array *ux; /* ones above the diagonal (exclusive row scans) */
	pram_array *l;  /* ones below the diagonal */
	pram_array *j;  /* all ones */
} mats;

/* The scan of the len values in a (padded with zeros to whole tiles, every
 * cell written). Returns the array holding it in cells [0, len), or NULL
 * when the machine failed. */
static pram_array *matrix_scan(pram *m, const mats *k, pram_array *a, size_t len, int inclusive)
{
	pram_type t = pram_array_type(a);
	size_t nt = tiles(len), pad = nt * TILE;
	pram_array *r = pram_array_new(m, "AU", pad, t);
	pram_array *p = pram_array_new(m, "LA", pad, t);
	pram_array *s = pram_array_new(m, "tile", pad, t);
	if (!r || !p || !s)
		return NULL;
	prog_mma(m, "tiles: R = A U (row-wise scans)", r, a, inclusive ? k->u : k->ux, NULL, pad, 0,
		 0);
	prog_mma(m, "tiles: P = L A (column-wise exclusive scans)", p, k->l, a, NULL, pad, 1, 0);
	prog_mma(m, "tiles: T = P J + R (sum of the rows before, plus the row scan)", s, p, k->j, r,
		 pad, 0, 0);
	if (nt == 1)
		return s;
	size_t pad2 = tiles(nt) * TILE;
	pram_array *sums = pram_array_new(m, "tilesums", pad2, t);
	pram_array *y = pram_array_new(m, "y", len, t);
	if (!sums || !y)
		return NULL;
	PRAM_STEP(m, "gather the tile sums (zeros pad to a whole tile)") {
		PRAM_FORALL(m, g, 0, pad2) {
			pram_value v = prog_value(t, 0);
			if ((size_t)g < nt) {
				int64_t last = g * TILE + TILE - 1;
				v = pram_read_v(m, s, last);
				if (!inclusive)
					v = pram_op_apply_v(PRAM_OP_SUM, t, v,
							    pram_read_v(m, a, last));
			}
			pram_write_v(m, sums, g, v);
		}
	}
	pram_array *pre = matrix_scan(m, k, sums, nt, 0);
	if (!pre)
		return NULL;
	PRAM_STEP(m, "add-back: y[i] = T[i] + scanned tile sum [i / 256]") {
		PRAM_FORALL(m, i, 0, len) {
			pram_value v = pram_op_apply_v(
			    PRAM_OP_SUM, t, pram_read_v(m, pre, i / TILE), pram_read_v(m, s, i));
			pram_write_v(m, y, i, v);
		}
	}
	return y;
}

static int matrix_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_value zero = prog_value(t, 0);
	mats k = {
	    .u = prog_mat_constant(m, "U", t, PROG_MAT_U),
	    .ux = prog_mat_constant(m, "U'", t, PROG_MAT_UX),
	    .l = prog_mat_constant(m, "L", t, PROG_MAT_L),
	    .j = prog_mat_constant(m, "J", t, PROG_MAT_J),
	};
	/* The zeros that fill the last tile are part of the input layout. */
	pram_array *a = prog_load(m, "A", in, tiles(n) * TILE, &zero);
	if (!k.u || !k.ux || !k.l || !k.j || !a)
		return 0;
	pram_array *y = matrix_scan(m, &k, a, n, p->inclusive);
	if (y)
		prog_store(y, out);
	return 0;
}

static void matrix_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	prog_ref_scan(in, out, PRAM_OP_SUM, p->inclusive);
}

const algo algo_scan_matrix = {
    .name = "scan-matrix",
    .family = "scan",
    .desc =
	"sum scan by 16x16 matrix products per 256-element tile (A U + L A J), tiles recursively",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT | ALGO_INCLUSIVE,
    .default_inclusive = 1,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* log_256 n levels */
    .work_exact = "C(n): 3P for one tile, else 3P + P2 + len + C(nt); nt = ceil(len/256), "
		  "P = 256 nt, P2 = 256 ceil(nt/256)",
    .depth_exact = "5 L - 2 for L tile levels (3 for n <= 256, 8 for n <= 65536)",
    .cost = matrix_cost,
    .simulate = matrix_simulate,
    .reference = matrix_reference,
};
