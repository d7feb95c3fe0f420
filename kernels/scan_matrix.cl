/*
 * scan_matrix.cl - the kernels of "scan-matrix": the sum scan as 16 x 16
 * matrix products, the notes' tensor-core formulation (algos/ has the
 * PRAM program of it).
 *
 * A tile of 256 elements is loaded row-major into a 16 x 16 matrix A. With
 * U the ones on and above the diagonal, L the ones strictly below it and J
 * all ones:
 *
 *     A U       row-wise inclusive scans (each row on its own)
 *     L A       column-wise exclusive sums: row r holds the sum of rows < r
 *     L A J     in every entry of row r, the sum of all elements of rows < r
 *
 *     A U + L A J = the inclusive scan of the tile, and with U' = U less its
 *     diagonal, A U' + L A J the exclusive one.
 *
 * matrix_tile does one tile per work-group in local memory, in the three
 * products of the PRAM program: R = A U and P = L A in one phase (both read
 * only A and constants), then S = P J + R. Each entry is an explicit 16-term
 * dot product, as a tensor core's MMA would form it, so a tile costs
 * 3 * 256 * 16 multiply-adds where a scan needs 255 additions: about 48 per
 * element against Blelloch's 2. The products are the point, not the speed.
 * Multiplying by the constants' zeros and ones is exact, in floats too, so
 * the only roundings are those of the additions.
 *
 * The whole array, as the notes' "Working on Arbitrary Length Input": every
 * tile writes its total to sums[tile]; the host scans sums the same way
 * (exclusive, in place, recursively while there is more than one tile) and
 * matrix_add adds sums[i / 256] to element i. W = O(n) (about 50n operations
 * with the products' constant), log_256 n levels, each of three barrier
 * phases and an add-back.
 *
 * A work-group of L work-items (any power of two up to 256, 1 included)
 * handles entries lid, lid + L, ... of the tile: every loop over entries has
 * the same trip count in all work-items and every barrier is outside those
 * loops, so all work-items reach each barrier. The tail tile is padded with
 * zeros, which add nothing.
 *
 * Build options: -DOP_SUM (the kernels add; the host refuses the others),
 * -DIS_FLOAT for floats. OpenCL C 1.2.
 */

#include "matrix.clh"

/* The scan of tile get_group_id(0) of in[0..n) into out (which may be in:
 * each work-item writes only the elements it read itself, after the barriers
 * that follow the reads), inclusive or exclusive; the tile's total into
 * sums[get_group_id(0)]. */
kernel void matrix_tile(global const T *in, global T *out, global T *sums, uint n, int inclusive)
{
	/* A, the constants and the two products R and P: 6 KiB, fixed, so
	 * the host sees it in CL_KERNEL_LOCAL_MEM_SIZE. */
	local T a[TILE], u[TILE], lo[TILE], j[TILE], r[TILE], p[TILE];
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t base = get_group_id(0) * (size_t)TILE;

	/* Load A (zeros past n) and build the constants. For the exclusive
	 * scan U' replaces U, so that every output is a sum of exactly the
	 * elements before it. The other way, the inclusive value less the
	 * element itself, is exact for ints but in floats loses what was
	 * rounded away when a large element was added to a small prefix (the
	 * prefix 1e-3 before an element 1e6 would come back as 0 or as
	 * noise); a shift by one place would need the neighbouring tile's
	 * last value. U' costs nothing more than U. */
	for (uint e = lid; e < TILE; e += L) {
		uint row = e / SIDE, col = e % SIDE;
		a[e] = base + e < n ? in[base + e] : (T)0;
		u[e] = (T)(inclusive ? row <= col : row < col);
		lo[e] = (T)(row > col);
		j[e] = (T)1;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* R = A U (or A U'): entry (row, col) is row `row` of A against
	 * column `col` of U, the row's scan up to col.
	 * P = L A: row `row` of L against column `col` of A, the sum of the
	 * entries above (row, col) in its column. */
	for (uint e = lid; e < TILE; e += L) {
		uint row = e / SIDE, col = e % SIDE;
		r[e] = dot16(a + row * SIDE, 1, u + col, SIDE);
		p[e] = dot16(lo + row * SIDE, 1, a + col, SIDE);
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* S = P J + R: row `row` of P against a column of J is the sum of all
	 * rows before `row`, the same in every column. S needs no local
	 * copy: each work-item stores its own entries. */
	for (uint e = lid; e < TILE; e += L) {
		uint row = e / SIDE, col = e % SIDE;
		T s = dot16(p + row * SIDE, 1, j + col, SIDE) + r[e];
		if (base + e < n)
			out[base + e] = s;
		/* The tile's total is the last inclusive value; the exclusive
		 * last value lacks the last element. */
		if (e == TILE - 1)
			sums[get_group_id(0)] = inclusive ? s : s + a[e];
	}
}

/* a[i] += offs[i / TILE]: the scanned tile totals added back. */
kernel void matrix_add(global T *a, global const T *offs, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		a[i] = offs[i / TILE] + a[i];
}
