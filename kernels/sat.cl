/*
 * sat.cl - the summed-area table (src/algos/sat.c) on a device.
 *
 * Every kernel works on a region of the w-wide image (pitch w): x0, y0, its
 * width rw and height rh, and flip (bit 0: its rows run right to left, bit 1:
 * its columns bottom up), so that one table is summed from the region's
 * corner: the whole image for --table plain and offset, each quadrant
 * from its image corner for quadrant. `mean` (one T, from sat_mean) is
 * subtracted on the way in when use_mean is set (--table offset).
 *
 * Teaching, the notes' algorithm with their remedy for coalescing
 * ("horizontal scan, transpose img., horiz. scan"):
 *   sat_rows       one work-group per row: the row's inclusive scan in
 *                  chunks of L with a running carry (group_scan_excl)
 *   sat_transpose  16 x 16 tiles through local memory
 * run as rows, transpose, rows, transpose back.
 *
 * Tuned, in tiles of 32 x 32 (work-groups of up to 32 x 8, each work-item
 * taking the cells its place in the group repeats over):
 *   sat_tile_sums  reads the image once: each tile's row totals R (stored
 *                  [tile column][row]), column totals C ([tile row][column])
 *                  and total
 *   sat_scan_r     exclusive scan of R along the tile columns, an item a row
 *   sat_scan_c     exclusive scan of C along the tile rows, an item a column
 *   sat_scan_tt    one work-group: the exclusive 2-D table of the totals
 *   sat_tile_final reads the image again: the tile's own table in local
 *                  memory, plus the column prefix of its rows' left sums,
 *                  the row prefix of its columns' upper sums and the sum of
 *                  the tiles above and to the left
 * The light passes touch 1/32 of the image each. OpenCL C 1.2.
 */
#include "common.clh"

#define TS 32 /* a tuned tile's side */

/* Image index of cell (i, j) of a region (row i, column j from its corner). */
inline size_t cell(uint pitch, uint x0, uint y0, uint rw, uint rh, uint flip, uint i, uint j)
{
	uint y = y0 + ((flip & 2u) ? rh - 1u - i : i);
	uint x = x0 + ((flip & 1u) ? rw - 1u - j : j);
	return (size_t)y * pitch + x;
}

/* The mean of the n elements of src into mean[0]: one work-group. Integers:
 * floor(sum / n), as the program's. */
kernel void sat_mean(global const T *src, global T *mean, uint n, local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	T acc = 0;
	for (size_t i = lid; i < n; i += L)
		acc += src[i];
	group_reduce(s, acc);
	if (lid == 0) {
#ifdef IS_FLOAT
		mean[0] = s[0] / (float)n;
#else
		long tot = (int)s[0], q = tot / (long)n;
		if (q * (long)n > tot) /* rounded toward zero from below: floor */
			q--;
		mean[0] = (T)q;
#endif
	}
}

/* The inclusive scan of each of the region's rows, one work-group a row. */
kernel void sat_rows(global const T *src, global T *dst, uint pitch, uint x0, uint y0, uint rw,
		     uint rh, uint flip, global const T *mean, uint use_mean, local T *tmp)
{
	uint i = get_group_id(0), lid = get_local_id(0), L = get_local_size(0);
	T m = use_mean ? mean[0] : (T)0, carry = 0;
	for (uint c0 = 0; c0 < rw; c0 += L) {
		uint j = c0 + lid;
		size_t at = cell(pitch, x0, y0, rw, rh, flip, i, j < rw ? j : 0);
		T v = j < rw ? src[at] - m : (T)0, tot;
		T ex = group_scan_excl(tmp, v, &tot);
		if (j < rw)
			dst[at] = carry + ex + v;
		carry += tot;
	}
}

/* dst (w rows of h) = the transpose of src (h rows of w), in 16 x 16 tiles
 * through local memory, by work-groups of any shape. */
kernel void sat_transpose(global const T *src, global T *dst, uint w, uint h)
{
	local T t[16][17];
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint LX = get_local_size(0), LY = get_local_size(1);
	uint bx = get_group_id(0) * 16, by = get_group_id(1) * 16;
	for (uint r = ly; r < 16; r += LY)
		for (uint q = lx; q < 16; q += LX)
			if (bx + q < w && by + r < h)
				t[r][q] = src[(size_t)(by + r) * w + bx + q];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint r = ly; r < 16; r += LY)
		for (uint q = lx; q < 16; q += LX)
			if (by + q < h && bx + r < w)
				dst[(size_t)(bx + r) * h + by + q] = t[q][r];
}

/* Load tile (bx, by) of the region into t (zeros outside it), less m. */
inline void load_tile(local T t[TS][TS + 1], global const T *src, uint pitch, uint x0, uint y0,
		      uint rw, uint rh, uint flip, T m)
{
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint LX = get_local_size(0), LY = get_local_size(1);
	for (uint r = ly; r < TS; r += LY)
		for (uint q = lx; q < TS; q += LX) {
			uint i = get_group_id(1) * TS + r, j = get_group_id(0) * TS + q;
			t[r][q] = i < rh && j < rw
				      ? src[cell(pitch, x0, y0, rw, rh, flip, i, j)] - m
				      : (T)0;
		}
	barrier(CLK_LOCAL_MEM_FENCE);
}

/* Each tile's row totals R[bx][i], column totals C[by][j] and total
 * TT[by][bx] (nbx tile columns). */
kernel void sat_tile_sums(global const T *src, global T *R, global T *C, global T *TT, uint pitch,
			  uint x0, uint y0, uint rw, uint rh, uint flip, global const T *mean,
			  uint use_mean)
{
	local T t[TS][TS + 1];
	local T rows[TS];
	T m = use_mean ? mean[0] : (T)0;
	load_tile(t, src, pitch, x0, y0, rw, rh, flip, m);
	uint L = get_local_size(0) * get_local_size(1);
	uint lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
	uint bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
	for (uint u = lid; u < 2 * TS; u += L) {
		T s = 0;
		if (u < TS) { /* row u */
			for (uint q = 0; q < TS; q++)
				s += t[u][q];
			rows[u] = s;
			uint i = by * TS + u;
			if (i < rh)
				R[(size_t)bx * rh + i] = s;
		} else { /* column u - TS */
			for (uint r = 0; r < TS; r++)
				s += t[r][u - TS];
			uint j = bx * TS + u - TS;
			if (j < rw)
				C[(size_t)by * rw + j] = s;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		T s = 0;
		for (uint r = 0; r < TS; r++)
			s += rows[r];
		TT[(size_t)by * nbx + bx] = s;
	}
}
/* R[bx][i] = the sum of R[b][i] for b < bx: one item per row i. */
kernel void sat_scan_r(global T *R, uint rh, uint nbx)
{
	size_t i = get_global_id(0);
	if (i >= rh)
		return;
	T acc = 0;
	for (uint b = 0; b < nbx; b++) {
		T v = R[(size_t)b * rh + i];
		R[(size_t)b * rh + i] = acc;
		acc += v;
	}
}

/* C[by][j] = the sum of C[b][j] for b < by: one item per column j. */
kernel void sat_scan_c(global T *C, uint rw, uint nby)
{
	size_t j = get_global_id(0);
	if (j >= rw)
		return;
	T acc = 0;
	for (uint b = 0; b < nby; b++) {
		T v = C[(size_t)b * rw + j];
		C[(size_t)b * rw + j] = acc;
		acc += v;
	}
}

/* TT[by][bx] = the sum of the totals of the tiles above and to the left
 * (b < by, b' < bx): rows, then columns, in one work-group. */
kernel void sat_scan_tt(global T *TT, uint nbx, uint nby)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	for (uint by = lid; by < nby; by += L) {
		T acc = 0;
		for (uint bx = 0; bx < nbx; bx++) {
			T v = TT[(size_t)by * nbx + bx];
			TT[(size_t)by * nbx + bx] = acc;
			acc += v;
		}
	}
	barrier(CLK_GLOBAL_MEM_FENCE);
	for (uint bx = lid; bx < nbx; bx += L) {
		T acc = 0;
		for (uint by = 0; by < nby; by++) {
			T v = TT[(size_t)by * nbx + bx];
			TT[(size_t)by * nbx + bx] = acc;
			acc += v;
		}
	}
}

/* The final table of one tile: its own table, plus the column prefix of its
 * rows' sums to the left (R scanned), the row prefix of its columns' sums
 * above (C scanned) and the tiles above and to the left (TT scanned). */
kernel void sat_tile_final(global const T *src, global T *dst, global const T *R, global const T *C,
			   global const T *TT, uint pitch, uint x0, uint y0, uint rw, uint rh,
			   uint flip, global const T *mean, uint use_mean)
{
	local T t[TS][TS + 1];
	local T left[TS], up[TS];
	T m = use_mean ? mean[0] : (T)0;
	load_tile(t, src, pitch, x0, y0, rw, rh, flip, m);
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint LX = get_local_size(0), LY = get_local_size(1), L = LX * LY, lid = ly * LX + lx;
	uint bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
	for (uint u = lid; u < TS; u += L) { /* row u's running sum; the carries */
		T s = 0;
		for (uint q = 0; q < TS; q++) {
			s += t[u][q];
			t[u][q] = s;
		}
		uint i = by * TS + u, j = bx * TS + u;
		left[u] = i < rh ? R[(size_t)bx * rh + i] : (T)0;
		up[u] = j < rw ? C[(size_t)by * rw + j] : (T)0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint u = lid; u < TS; u += L) { /* column u's running sum */
		T s = 0;
		for (uint r = 0; r < TS; r++) {
			s += t[r][u];
			t[r][u] = s;
		}
	}
	if (lid == 0) { /* the prefixes of the carries */
		T s = 0, z = 0;
		for (uint r = 0; r < TS; r++) {
			s += left[r];
			left[r] = s;
			z += up[r];
			up[r] = z;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	T corner = TT[(size_t)by * nbx + bx];
	for (uint r = ly; r < TS; r += LY)
		for (uint q = lx; q < TS; q += LX) {
			uint i = by * TS + r, j = bx * TS + q;
			if (i < rh && j < rw)
				dst[cell(pitch, x0, y0, rw, rh, flip, i, j)] =
				    t[r][q] + left[r] + up[q] + corner;
		}
}
