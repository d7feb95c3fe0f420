/*
 * reduce_matrix.cl - the kernels of "reduce-matrix": the sum of every
 * 16-element segment, the notes' Reduction16 (src/algos/ has the PRAM
 * program of it).
 *
 *   reduce_tile  teaching: one tile of 256 elements per work-group, loaded
 *                column-major into a 16 x 16 matrix A in local memory (so
 *                column c is segment c), with P the ones of the first row:
 *                M = P A, each entry an explicit 16-term dot product as a
 *                tensor core's MMA would form it (matrix.clh), and the
 *                entries of row 0, the notes' "lane index < 16", written
 *                out. 256 * 16 multiply-adds a tile where 240 additions
 *                would do: the product is the point, not the speed.
 *   reduce16     tuned: one work-item per segment reads its 16 elements
 *                (64 contiguous bytes) and adds them pairwise (a tree of
 *                depth 4, like dot16): one pass over the data, 64 bytes in
 *                and 4 out a work-item, neighbouring work-items on
 *                neighbouring 64-byte pieces, so the loads coalesce. The
 *                product's zeros cost a GPU without tensor cores for floats
 *                more than they save; this is the bandwidth form of it.
 *
 * The tail tile and the tail segment are padded with zeros, which add
 * nothing. Build options: -DOP_SUM (the host refuses the others),
 * -DIS_FLOAT for floats. OpenCL C 1.2.
 */

#include "matrix.clh"

/* R[16 t + c] = the sum of segment 16 t + c, t = get_group_id(0), for the
 * ns = ceil(n / 16) segments. A work-group of L work-items (a power of two
 * up to 256) takes entries lid, lid + L, ... of the tile; every barrier is
 * outside those loops. */
kernel void reduce_tile(global const T *in, global T *out, uint n)
{
	/* A and P: 2 KiB, fixed, so the host sees it in
	 * CL_KERNEL_LOCAL_MEM_SIZE. */
	local T a[TILE], p[TILE];
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t base = get_group_id(0) * (size_t)TILE;
	uint ns = (n + SIDE - 1) / SIDE;
	/* fragment_b <- the tile in column major: A[k][c] = in[base + 16c + k];
	 * fragment_a <- P. */
	for (uint e = lid; e < TILE; e += L) {
		uint row = e / SIDE, col = e % SIDE;
		size_t g = base + col * SIDE + row;
		a[e] = g < n ? in[g] : (T)0;
		p[e] = (T)(row == 0);
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* M = P A: entry (row, col) is row `row` of P against column `col` of
	 * A; only row 0 is written ("if lane index < 16"), but every entry is
	 * formed, as the MMA forms them. */
	for (uint e = lid; e < TILE; e += L) {
		uint row = e / SIDE, col = e % SIDE;
		T m = dot16(p + row * SIDE, 1, a + col, SIDE);
		size_t s = get_group_id(0) * (size_t)SIDE + col;
		if (row == 0 && s < ns)
			out[s] = m;
	}
}

/* out[s] = in[16 s] + ... + in[16 s + 15] (what lies below n), one
 * work-item per segment s < ns. */
kernel void reduce16(global const T *in, global T *out, uint n)
{
	size_t s = get_global_id(0);
	uint ns = (n + SIDE - 1) / SIDE;
	if (s >= ns)
		return;
	size_t base = s * SIDE;
	/* Zeros past n; then pairwise, a tree of depth 4, like dot16. */
	T t[SIDE];
	for (uint k = 0; k < SIDE; k++)
		t[k] = base + k < n ? in[base + k] : (T)0;
	for (uint w = SIDE / 2; w > 0; w >>= 1)
		for (uint k = 0; k < w; k++)
			t[k] = t[k] + t[k + w];
	T r = t[0];
	out[s] = r;
}
