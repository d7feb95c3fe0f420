/*
 * matrix.c - the 16 x 16 matrix products of the notes' tensor-core
 * section, for the programs built on them (scan-matrix, reduce-matrix):
 * the constant matrices and one product D = X Y (+ C) over every tile of
 * 256 elements, one processor per entry.
 */
#include "common.h"

pram_array *prog_mat_constant(pram *m, const char *name, pram_type t, int kind)
{
	pram_array *a = pram_array_new(m, name, PROG_TILE, t);
	if (!a)
		return NULL;
	pram_value vals[PROG_TILE];
	for (int e = 0; e < PROG_TILE; e++) {
		int r = e / PROG_SIDE, c = e % PROG_SIDE;
		int one = kind == PROG_MAT_U    ? r <= c
			  : kind == PROG_MAT_UX ? r < c
			  : kind == PROG_MAT_L  ? r > c
			  : kind == PROG_MAT_P  ? r == 0
						: 1;
		vals[e] = prog_value(t, one);
	}
	pram_array_load_v(a, vals, PROG_TILE);
	return a;
}

static pram_value mul_add(pram_type t, pram_value acc, pram_value a, pram_value b)
{
	if (t == PRAM_INT)
		acc.i += a.i * b.i;
	else
		acc.f += a.f * b.f;
	return acc;
}

void prog_mma(pram *m, const char *label, pram_array *out, pram_array *x, pram_array *y,
	      pram_array *c, size_t pad, int xconst, int ycol)
{
	pram_type t = pram_array_type(out);
	/* One entry of a tile product by design: a row and a column of
	 * PROG_SIDE, the addend and the result, 2 * 16 + 2 accesses in one
	 * step (the notes' tensor-core operation), more than the default K. */
	PRAM_STEP_K(m, label, 2 * PROG_SIDE + 2) {
		PRAM_FORALL(m, e, 0, pad) {
			int64_t base = e / PROG_TILE * PROG_TILE, r = e % PROG_TILE / PROG_SIDE,
				col = e % PROG_SIDE;
			pram_value acc = c ? pram_read_v(m, c, e) : prog_value(t, 0);
			for (int64_t k = 0; k < PROG_SIDE; k++) {
				pram_value a =
				    pram_read_v(m, x, (xconst ? 0 : base) + r * PROG_SIDE + k);
				int64_t yi = ycol ? col * PROG_SIDE + k : k * PROG_SIDE + col;
				pram_value b = pram_read_v(m, y, (xconst ? base : 0) + yi);
				acc = mul_add(t, acc, a, b);
			}
			pram_write_v(m, out, e, acc);
		}
	}
}
