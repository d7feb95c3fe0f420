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
 * Tuned, in one pass over 32 x 32 tiles (work-groups of up to 32 x 8, each
 * work-item taking the cells its place in the group repeats over):
 *   sat_clear      zero the look-back flags and the strip counter
 *   sat_strips     a work-group per strip of 32 rows, left to right, each
 *                  tile's own table in local memory plus its carries: the
 *                  rows' sums to its left (kept by the group), the columns'
 *                  sums above (a look-back up the column of tiles) and the
 *                  sum above and to the left (kept by the group)
 * The image is read once and the table written once. OpenCL C 1.2.
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

/* ---- tuned, in one pass: strips and a look-back up the tile columns ----
 *
 * Each work-group takes a strip of TS rows (its number from an atomic
 * counter, so that a group only ever waits for groups that started before
 * it) and walks it left to right, tile by tile, keeping in local memory
 * each row's sum left of the tile and the sum of everything above and to
 * the left. What it needs from above, each column's sum over all the rows
 * above the strip, comes by a decoupled look-back up the tile's column of
 * tiles: each tile publishes its column totals (flag 1), then, once it has
 * the sums above, its inclusive column sums (flag 2); a tile adds totals
 * upward until it meets an inclusive one. So the image is read once and the
 * table written once. The flags are atomics; the values they announce are
 * written before a global fence and the flag, and read, after the flag and
 * a fence, through volatile loads. */

#ifdef IS_FLOAT
#define BITS(v)   as_uint(v)
#define UNBITS(u) as_float(u)
#else
#define BITS(v)   (v)
#define UNBITS(u) (u)
#endif

/* Zero the flags of every tile and the strip counter. */
kernel void sat_clear(global uint *flags, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		flags[i] = 0;
}

kernel void sat_strips(global const T *src, global T *dst, global uint *agg, global uint *inc,
		       global uint *flags, uint counter_at, uint pitch, uint x0, uint y0, uint rw,
		       uint rh, uint flip, global const T *mean, uint use_mean)
{
	local T t[TS][TS + 1];
	local T left[TS], up[TS], colsum[TS], rowpre[TS], uppre[TS];
	local T corner[1];
	local uint strip[1];
	uint lx = get_local_id(0), ly = get_local_id(1);
	uint LX = get_local_size(0), LY = get_local_size(1), L = LX * LY, lid = ly * LX + lx;
	uint nbx = (rw + TS - 1) / TS;
	T m = 0;
	if (use_mean)
		m = mean[0];
	if (lid == 0) {
		strip[0] = atomic_inc(&flags[counter_at]);
		corner[0] = 0;
	}
	for (uint u = lid; u < TS; u += L)
		left[u] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint k = strip[0], Y0 = k * TS;
	for (uint bx = 0; bx < nbx; bx++) {
		uint X0 = bx * TS;
		for (uint r = ly; r < TS; r += LY)
			for (uint q = lx; q < TS; q += LX) {
				uint i = Y0 + r, j = X0 + q;
				T v = 0;
				if (i < rh && j < rw)
					v = src[cell(pitch, x0, y0, rw, rh, flip, i, j)] - m;
				t[r][q] = v;
			}
		barrier(CLK_LOCAL_MEM_FENCE);
		/* The tile's column totals, published at once. */
		for (uint u = lid; u < TS; u += L) {
			T s = 0;
			for (uint r = 0; r < TS; r++)
				s += t[r][u];
			colsum[u] = s;
			if (X0 + u < rw)
				agg[(size_t)k * rw + X0 + u] = BITS(s);
		}
		barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
		if (lid == 0) {
			mem_fence(CLK_GLOBAL_MEM_FENCE); /* the totals before the flag */
			atomic_xchg(&flags[(size_t)k * nbx + bx], 1u);
		}
		/* The look-back: each column's sum over the rows above. */
		for (uint u = lid; u < TS; u += L) {
			T s = 0;
			for (uint j = k; j-- > 0;) {
				uint f;
				while ((f = atomic_or(&flags[(size_t)j * nbx + bx], 0u)) == 0)
					;
				mem_fence(CLK_GLOBAL_MEM_FENCE); /* the flag before the values */
				if (X0 + u < rw)
					s += UNBITS(
					    ((volatile global uint
						  *)(f == 2 ? inc : agg))[(size_t)j * rw + X0 + u]);
				if (f == 2)
					break;
			}
			up[u] = s;
			if (X0 + u < rw)
				inc[(size_t)k * rw + X0 + u] = BITS(s + colsum[u]);
		}
		barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
		if (lid == 0) {
			mem_fence(CLK_GLOBAL_MEM_FENCE);
			atomic_xchg(&flags[(size_t)k * nbx + bx], 2u);
		}
		/* The tile's own table: rows, then columns. */
		for (uint u = lid; u < TS; u += L) {
			T s = 0;
			for (uint q = 0; q < TS; q++) {
				s += t[u][q];
				t[u][q] = s;
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint u = lid; u < TS; u += L) {
			T s = 0;
			for (uint r = 0; r < TS; r++) {
				s += t[r][u];
				t[r][u] = s;
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid == 0) { /* the prefixes of the carries */
			T a = 0, b = 0;
			for (uint r = 0; r < TS; r++) {
				a += left[r];
				rowpre[r] = a;
				b += up[r];
				uppre[r] = b;
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		T c0 = corner[0];
		for (uint r = ly; r < TS; r += LY)
			for (uint q = lx; q < TS; q += LX) {
				uint i = Y0 + r, j = X0 + q;
				if (i < rh && j < rw)
					dst[cell(pitch, x0, y0, rw, rh, flip, i, j)] =
					    t[r][q] + rowpre[r] + uppre[q] + c0;
			}
		barrier(CLK_LOCAL_MEM_FENCE);
		/* Carry to the next tile: each row's sum so far, and the corner. */
		for (uint u = lid; u < TS; u += L)
			left[u] += t[u][TS - 1] - (u ? t[u - 1][TS - 1] : (T)0);
		if (lid == 0)
			corner[0] = c0 + uppre[TS - 1];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
