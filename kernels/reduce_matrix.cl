/*
 * reduce_matrix.cl - the kernels of "reduce-matrix": the sum of every
 * 16-element segment, the notes' Reduction16 (algos/ has the PRAM
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
 *   reduce16     tuned: the bandwidth form of it. A work-item loads PP
 *                quarter segments (16 bytes each), the group's lanes on
 *                consecutive ones, every load issued before the first
 *                addition; four neighbouring lanes then add their
 *                quarters into a segment (shuffles on NVIDIA, local
 *                memory elsewhere or in groups under 32). One pass over the data. The product's
 *                zeros cost a GPU without tensor cores for floats more
 *                than they save.
 *
 * The tail tile and the tail segment are padded with zeros, which add
 * nothing. Build options: -DOP_SUM (the host refuses the others),
 * -DIS_FLOAT for floats, -DPP the tuned kernel's loads per work-item.
 * OpenCL C 1.2.
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

/* The quarter segment q: in[4q .. 4q + 3], zeros past n, added pairwise. */
inline T quarter(global const T *in, size_t q, uint n)
{
	if (4 * q + 3 < n) {
		T4 v = ((global const T4 *)in)[q];
		return (v.x + v.y) + (v.z + v.w);
	}
	size_t g = 4 * q;
	T x = g < n ? in[g] : (T)0, y = g + 1 < n ? in[g + 1] : (T)0;
	T z = g + 2 < n ? in[g + 2] : (T)0, w = g + 3 < n ? in[g + 3] : (T)0;
	return (x + y) + (z + w);
}

/* out[s] = in[16 s] + ... + in[16 s + 15] (what lies below n) for the
 * ns = ceil(n / 16) segments. A work-group of L work-items takes PP L
 * quarter segments (16 bytes each, 64 PP L bytes): work-item lid the
 * quarters lid, lid + L, ... of them, so each of its PP loads is one
 * coalesced sweep of the group, all of them issued before the first
 * addition (PP * 16 bytes in flight a work-item). Four neighbouring lanes
 * hold a segment's quarters: on NVIDIA (L >= 32) two shuffles add them,
 * elsewhere local memory (part, PP L values) and one barrier. The order of the
 * additions is the same both ways: ((q0 + q1) + (q2 + q3)), each quarter
 * (x + y) + (z + w). No work-item returns early: the shuffles need every
 * lane. */
kernel void reduce16(global const T *in, global T *out, uint n, local T *part)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t q0 = get_group_id(0) * (size_t)PP * L;
	size_t nq = ((size_t)n + 3) / 4, ns = ((size_t)n + SIDE - 1) / SIDE;
	T s[PP];
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		size_t q = q0 + j * L + lid;
		s[j] = q < nq ? quarter(in, q, n) : (T)0;
	}
#ifdef PRAM_NV_PTX
	if (L >= 32) {
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			T v = s[j];
			v = v + NV_T(nv_shfl_down(NV_U(v), 1));
			v = v + NV_T(nv_shfl_down(NV_U(v), 2));
			size_t q = q0 + j * L + lid;
			if ((lid & 3) == 0 && q / 4 < ns)
				out[q / 4] = v;
		}
		return;
	}
#endif
#pragma unroll
	for (uint j = 0; j < PP; j++)
		part[j * L + lid] = s[j];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint o = lid; o < PP * L / 4; o += L) {
		size_t seg = q0 / 4 + o;
		if (seg < ns)
			out[seg] = (part[4 * o] + part[4 * o + 1]) + (part[4 * o + 2] + part[4 * o + 3]);
	}
}
