/*
 * sat.cl - the summed-area table (algos/sat.c) on a device.
 *
 * Every kernel works on a region of the w-wide image (pitch w): x0, y0, its
 * width rw and height rh, and flip (bit 0: its rows run right to left, bit 1:
 * its columns bottom up), so that one table is summed from the region's
 * corner: the whole image for --table plain and offset, each quadrant
 * from its image corner for quadrant (the tuned kernel finds the regions
 * itself). `mean` (one T, from sat_partial and sat_mean) is subtracted on
 * the way in when use_mean is set (--table offset).
 *
 * Teaching, the notes' algorithm with their remedy for coalescing
 * ("horizontal scan, transpose img., horiz. scan"):
 *   sat_rows       one work-group per row: the row's inclusive scan in
 *                  chunks of L with a running carry (group_scan_excl)
 *   sat_transpose  16 x 16 tiles through local memory
 * run as rows, transpose, rows, transpose back.
 *
 * Tuned, in one pass (the comment before sat_tiles says how):
 *   sat_begin      the run's epoch and tile ticket (and a zero mean)
 *   sat_tiles      a work-group per tile of PP x C, by ticket in rows of
 *                  tiles: the sums left of it by a look-back along each
 *                  row, the table's row above from the tile above
 *   sat_clear      zero a new status buffer
 * The image is read once and the table written once. OpenCL C 1.2; the
 * tuned kernel needs cl_khr_int64_base_atomics.
 */
#include "common.clh"

/* Image index of cell (i, j) of a region (row i, column j from its corner). */
inline size_t cell(uint pitch, uint x0, uint y0, uint rw, uint rh, uint flip, uint i, uint j)
{
	uint y = y0 + ((flip & 2u) ? rh - 1u - i : i);
	uint x = x0 + ((flip & 1u) ? rw - 1u - j : j);
	return (size_t)y * pitch + x;
}

/* The mean of the n elements of src, in two launches: sat_partial's
 * work-groups each sum a share of src (grid-stride) into part[group], then
 * sat_mean's one work-group sums the parts into mean[0] and divides.
 * Integers: floor(sum / n), as the program's. */
kernel void sat_partial(global const T *src, global T *part, uint n, local T *s)
{
	size_t stride = get_global_size(0);
	T acc = 0;
	for (size_t i = get_global_id(0); i < n; i += stride)
		acc += src[i];
	group_reduce(s, acc);
	if (get_local_id(0) == 0)
		part[get_group_id(0)] = s[0];
}

kernel void sat_mean(global const T *part, global T *mean, uint parts, uint n, local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	T acc = 0;
	for (uint i = lid; i < parts; i += L)
		acc += part[i];
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

/* ---- tuned, in one pass: tiles by ticket, three look-ups ----
 *
 * Each region is cut into tiles of SR = PP rows by C columns, and a
 * work-group takes the next tile by ticket in the order of a row-major
 * walk over the tiles: left to right along a strip of SR rows, strip after
 * strip down the region (so it only ever waits for groups that started
 * before it). For tile (s, k), rows Y0 = s SR .. and columns X0 = k C ..,
 * the table S splits into four sums over disjoint rectangles:
 *
 *   S(y, x) = K + U(x) + G(y) + T(y, x)
 *
 *   T(y, x)  the tile's own table: its cells in rows Y0 .. y and columns
 *            X0 .. x. Work-item j loads column j down the tile
 *            (consecutive work-items on consecutive cells of a row)
 *            keeping its running sum in local memory, then each row's
 *            prefixes across: each row cut into P segments of S = C / P,
 *            each scanned by one work-item in place (a pad word after each
 *            segment keeps a warp's work-items on distinct banks), then
 *            the segments' offsets;
 *   U(x)     the cells above the tile in columns X0 .. x: a decoupled
 *            look-back up column x over the tiles above in the same
 *            column of tiles, whose aggregates are their own bottom rows
 *            T(SR - 1, x);
 *   G(y)     the cells left of the tile in rows Y0 .. y: a decoupled
 *            look-back along row y over the tiles to the left in the same
 *            strip, whose aggregates are their own last columns T(y, C - 1);
 *   K        the corner, every cell above and to the left: S(Y0 - 1,
 *            X0 - 1), which tile (s - 1, k - 1) publishes as it finishes.
 *            It took its ticket a strip of tiles earlier, so it is mostly
 *            there at the first read.
 *
 * Each aggregate depends on the tile's own cells only, so a tile publishes
 * both at once and no tile waits for another tile's look-back: the waits
 * along the rows are those of a one-dimensional decoupled look-back, and
 * those down the columns are short, the tile above having started a strip
 * of tiles earlier. The image is read once and the table written once, in
 * rows of tiles, in the order of memory. The status words are one per
 * column and tile (down), one per row and tile (across) and one per tile
 * (the corner): 8 bytes per SR and per C pixels, mostly read from the
 * cache soon after they are written. (Until 2026-11-25 a work-group walked
 * a whole strip, with a look-back up each column; its 512 strips of a
 * 16384-row image waited on each other down the image: 0.914 ms on an
 * H100, against 0.844 for this kernel in tiles of 64 x 128;
 * bench/h100/tuning.md says what else was tried.)
 *
 * A status word holds its flag in the high half and its value in the low,
 * so that a reader never sees a flag without its value; it is written by
 * atom_xchg and read by atom_add of 0, 64-bit atomics, since OpenCL 1.2
 * promises nothing of plain accesses that race (sat_tiles needs
 * cl_khr_int64_base_atomics; without it the host says so), and on NVIDIA
 * by relaxed 64-bit loads and stores (ST_LOAD and ST_STORE below). The flag
 * carries the run's epoch (sat_begin counts the runs), so that the words of
 * an earlier run read as "not yet": the status buffer is cleared only when
 * it is made. Quadrant tables run their four regions in the one launch,
 * the tiles of one region after those of the one before. */

#define SR PP /* rows of a tile, and of a strip of tiles */

#define ST_AGG 1u /* the value is the tile's own */
#define ST_INC 2u /* the value is the tile's and all before it */

#ifdef IS_FLOAT
#define AS_U(v) as_uint(v)
#define AS_T(u) as_float(u)
#else
#define AS_U(v) (v)
#define AS_T(u) (u)
#endif

/* Zero n words (a new status buffer; the mean where there is none). */
kernel void sat_clear(global uint *words, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		words[i] = 0;
}

/* Before each run: the next epoch in ctl[0] (1 to 2^30 - 1, never 0, the
 * cleared words' epoch), the tile ticket ctl[1] reset, and the mean zeroed
 * when the table subtracts none. One work-item. */
kernel void sat_begin(global uint *ctl, global T *mean, uint zero_mean)
{
	if (get_global_id(0) != 0)
		return;
	uint e = ctl[0];
	ctl[0] = e >= 0x3fffffffu ? 1u : e + 1u;
	ctl[1] = 0;
	if (zero_mean)
		mean[0] = 0;
}

#ifdef cl_khr_int64_base_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

/* How the status words are read and written. On NVIDIA (PRAM_NV_PTX) by
 * relaxed loads and stores at the device's scope: each word carries its
 * flag and its value together, so no read-modify-write is needed, and a
 * reader that polls costs the L2 no atomic (on an H100 at 16384 x 16384
 * 0.844 ms against 0.998 with atomics). Elsewhere, and under
 * -DSAT_ATOMIC_STATUS=1 (to compare), by atom_add of 0 and atom_xchg,
 * since OpenCL 1.2 promises nothing of plain accesses that race. */
#ifndef SAT_ATOMIC_STATUS
#define SAT_ATOMIC_STATUS 0
#endif
#if defined(PRAM_NV_PTX) && !SAT_ATOMIC_STATUS
#define ST_LOAD(p)     nv_ld_relaxed64((volatile global ulong *)(p))
#define ST_STORE(p, v) nv_st_relaxed64((volatile global ulong *)(p), (v))
#else
#define ST_LOAD(p)     atom_add((p), 0ul)
#define ST_STORE(p, v) ((void)atom_xchg((p), (v)))
#endif

/* The look-backs' settings, build options (bench/h100/tuning.md has the
 * measurements):
 *   SAT_WINDOW     tiles one step reads at once, nearest first (8; 4 and
 *                  16 were slower): the words of tiles i - 1 ... i - W are
 *                  loaded together, so that a look-back over aggregates
 *                  costs a round trip to the L2 per W tiles, not per tile;
 *   SAT_FIRST_ONE  1 (default): the first step reads the nearest tile's
 *                  word alone, which mostly settles it, and only then
 *                  windows; 0: a window from the first step;
 *   SAT_BACKOFF_NS on NVIDIA, sleep this long before reading again when a
 *                  step found nothing new (0, the default: no sleep);
 *   SAT_INC_EVERY  for the tests: only tiles i with i % N == 0 publish
 *                  their inclusive words (the others their aggregates), so
 *                  that look-backs walk over aggregates and windows even
 *                  where work-groups run one after another (1, default);
 *   SAT_SKELETON   for measurements only: 1 skips every look-back and the
 *                  corner, so that the kernel times its loads, sums and
 *                  stores alone (its table is wrong, and says so). */
#ifndef SAT_WINDOW
#define SAT_WINDOW 8
#endif
#ifndef SAT_FIRST_ONE
#define SAT_FIRST_ONE 1
#endif
#ifndef SAT_BACKOFF_NS
#define SAT_BACKOFF_NS 0
#endif
#ifndef SAT_INC_EVERY
#define SAT_INC_EVERY 1
#endif
#ifndef SAT_SKELETON
#define SAT_SKELETON 0
#endif

/* The sum before tile i along a line of tiles (a row of a strip, or a
 * column of a column of tiles), by looking back over the line's status
 * words, line[d * stride] for tile d, from tile i - 1 to the first
 * inclusive one, adding the aggregates on the way, SAT_WINDOW tiles a
 * step; then publishes tile i's inclusive word, that sum plus a, the
 * tile's own (its aggregate the caller has published). A tile that has not
 * published yet is read again from there: it took its ticket earlier, so
 * it is running. Always inlined: a C99 inline function that a compiler
 * chose not to inline would have no definition to call. */
__attribute__((always_inline)) inline T look_back(global ulong *line, uint stride, uint i, T a,
						  uint epoch)
{
	uint agg = epoch << 2 | ST_AGG, inc = epoch << 2 | ST_INC;
	T before = 0;
	/* Tiles 0 .. d - 1 are still to add, nearest (d - 1) first. */
	for (uint d = SAT_SKELETON ? 0 : i, n = SAT_FIRST_ONE ? 1 : SAT_WINDOW; d > 0;
	     n = SAT_WINDOW) {
		ulong v[SAT_WINDOW];
#pragma unroll
		for (uint e = 0; e < SAT_WINDOW; e++)
			v[e] = e < d && e < n ? ST_LOAD(&line[(size_t)(d - 1 - e) * stride]) : 0ul;
		/* Take the window's words in order up to the first inclusive
		 * one, or up to the first not yet published. */
		uint took = 0;
		int open = 1, done = 0;
#pragma unroll
		for (uint e = 0; e < SAT_WINDOW; e++) {
			uint f = (uint)(v[e] >> 32);
			if (open && e < d && e < n && (f == inc || f == agg)) {
				before += AS_T((uint)v[e]);
				took++;
				if (f == inc)
					done = 1, open = 0;
			} else {
				open = 0;
			}
		}
		d = done ? 0 : d - took;
#if defined(PRAM_NV_PTX) && SAT_BACKOFF_NS > 0
		if (d > 0 && took == 0)
			nv_nanosleep(SAT_BACKOFF_NS);
#endif
	}
	if (SAT_INC_EVERY == 1 || i % SAT_INC_EVERY == 0)
		ST_STORE(&line[(size_t)i * stride], (ulong)inc << 32 | AS_U(before + a));
	return before;
}

/* T(y, x), the tile's own table, once step 2 of sat_tiles has made it: the
 * row's segment sums in place (rows of RS words, a pad word after each
 * segment of 2^ls) plus the segment's offset (P a row). Always inlined,
 * as look_back. */
__attribute__((always_inline)) inline T tile_at(local const T *t, local const T *off, uint RS,
						uint P, uint ls, uint y, uint x)
{
	return t[y * RS + x + (x >> ls)] + off[y * P + (x >> ls)];
}

/* The tuned table: a work-group of L work-items per tile (L <= C; the host
 * launches as many groups as the regions have tiles). C and P = 2^lp (the
 * segments per row, P SR <= L where it can) are powers of two. t holds the
 * tile, SR rows of C + P words; aux the segments' totals and offsets (SR P
 * words each), G and K (SR + 1 words) and U (C words). status holds, each
 * part the regions' words one after another: the words down, one per
 * column and strip; from word hoff on the words across, one per row and
 * tile; from word coff on the corners, one per tile. ctl holds the epoch
 * and the ticket. */
kernel void sat_tiles(global const T *src, global T *dst, global ulong *status, global uint *ctl,
		      global const T *mean, uint w, uint h, uint quad, uint C, uint lp,
		      uint use_mean, uint hoff, uint coff, local T *t, local T *aux)
{
	local uint ticket[1];
	uint lid = get_local_id(0), L = get_local_size(0);
	if (lid == 0)
		ticket[0] = atomic_inc(&ctl[1]);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint n = ticket[0], epoch = ctl[0];
	/* P = 2^lp segments of S = 2^ls words per row, C = 2^lc (shifts, not
	 * divisions: one compiler turns a division and a remainder by the same
	 * number into an instruction Oclgrind's checks do not know). */
	uint lc = 31 - clz(C), P = 1u << lp, ls = lc - lp, RS = C + P;
	/* The region of the ticket, whole image or the quadrants in turn, and
	 * the tile in it. */
	uint wl = quad ? (w + 1) / 2 : w, hl = quad ? (h + 1) / 2 : h;
	uint x0 = 0, y0 = 0, rw = 0, rh = 0, flip = 0, tiles = 0;
	size_t vbase = 0, hbase = hoff, cbase = coff;
	for (uint q = 0; q < 4; q++) {
		rw = q & 1u ? w - wl : wl;
		rh = q & 2u ? h - hl : hl;
		tiles = (rw + C - 1) >> lc;
		uint strips = rw ? (rh + SR - 1) / SR : 0;
		if (n < strips * tiles) {
			x0 = q & 1u ? wl : 0;
			y0 = q & 2u ? hl : 0;
			flip = q;
			break;
		}
		n -= strips * tiles;
		vbase += (size_t)strips * rw;
		hbase += (size_t)strips * tiles * SR;
		cbase += (size_t)strips * tiles;
	}
	uint s = n / tiles, k = n - s * tiles;
	uint Y0 = s * SR, X0 = k << lc, rows = min((uint)SR, rh - Y0);
	T m = use_mean ? mean[0] : (T)0;
	local T *segtot = aux, *off = aux + SR * P, *G = aux + 2 * SR * P, *U = G + SR + 1;
	/* Image index of the tile's top left cell, and the steps to the next
	 * row and column (negative where the region is flipped). */
	long step_y = flip & 2u ? -(long)w : (long)w, step_x = flip & 1u ? -1 : 1;
	long top = (long)cell(w, x0, y0, rw, rh, flip, Y0, X0);
	/* 1. The columns' running sums down the tile. */
	for (uint j = lid; j < C; j += L) {
		local T *tc = t + j + (j >> ls);
		long at = top + (long)j * step_x;
		T v = 0;
		if (X0 + j < rw && rows == SR) {
#pragma unroll
			for (uint r = 0; r < SR; r++) {
				v += src[at + (long)r * step_y] - m;
				tc[r * RS] = v;
			}
		} else {
			for (uint r = 0; r < SR; r++) {
				if (X0 + j < rw && r < rows)
					v += src[at + (long)r * step_y] - m;
				tc[r * RS] = v;
			}
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* 2. The rows' prefixes: segments in place, then their offsets. Now
	 * T(y, x) = tile_at(t, off, ..., y, x). */
	for (uint q = lid; q < SR * P; q += L) {
		local T *seg = t + (q >> lp) * RS + (q & (P - 1)) * ((1u << ls) + 1);
		T v = 0;
		for (uint i = 0; i < (1u << ls); i++) {
			v += seg[i];
			seg[i] = v;
		}
		segtot[q] = v;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint q = lid; q < SR * P; q += L) {
		T v = 0;
		for (uint i = q & ~(P - 1); i < q; i++)
			v += segtot[i];
		off[q] = v;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* 3. The aggregates out at once (the columns past the region's edge
	 * add nothing to a row's last one): across, T(y, C - 1) of each row;
	 * down, T(SR - 1, x) of each column. Then the look-backs: U(x) up
	 * each column (measured faster first, bench/h100/tuning.md), G(y)
	 * along each row, and the corner K of tile (s - 1, k - 1). */
	uint inc = epoch << 2 | ST_INC, agg = epoch << 2 | ST_AGG;
	/* The status words: down, column X0 of strip 0; across, row Y0 of
	 * tile 0 of the strip; the corners, tile 0 of strip 0. (Worked out
	 * here, not before the loads: on an H100 0.840 ms against 0.859 with
	 * the same 128 registers.) */
	global ulong *down = status + vbase + X0, *across = status + hbase + (size_t)s * tiles * SR;
	global ulong *corner = status + cbase;
	for (uint y = lid; k > 0 && y < rows; y += L) {
		T a = tile_at(t, off, RS, P, ls, y, C - 1);
		ST_STORE(&across[(size_t)k * SR + y], (ulong)agg << 32 | AS_U(a));
	}
	for (uint j = lid; s > 0 && j < C && X0 + j < rw; j += L) {
		T a = tile_at(t, off, RS, P, ls, SR - 1, j);
		ST_STORE(&down[(size_t)s * rw + j], (ulong)agg << 32 | AS_U(a));
	}
	ulong kw = lid == 0 && s > 0 && k > 0 ? ST_LOAD(&corner[(size_t)(s - 1) * tiles + k - 1])
					      : 0ul;
	for (uint j = lid; j < C && X0 + j < rw; j += L) {
		T a = tile_at(t, off, RS, P, ls, SR - 1, j);
		U[j] = look_back(down + j, rw, s, a, epoch);
	}
	for (uint y = lid; y < rows; y += L) {
		T a = tile_at(t, off, RS, P, ls, y, C - 1);
		G[y] = look_back(across + y, SR, k, a, epoch);
	}
	if (lid == 0) {
#if SAT_SKELETON
		int wait = 0;
#else
		int wait = s > 0 && k > 0;
#endif
		while (wait && (uint)(kw >> 32) != inc)
			kw = ST_LOAD(&corner[(size_t)(s - 1) * tiles + k - 1]);
		G[SR] = wait ? AS_T((uint)kw) : (T)0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* 4. The table; the tile's bottom right value is the corner of tile
	 * (s + 1, k + 1). */
	T K = G[SR];
	for (uint j = lid; j < C; j += L) {
		if (X0 + j >= rw)
			break;
		T V = K + U[j];
		local T *tc = t + j + (j >> ls);
		local T *oc = off + (j >> ls);
		long at = top + (long)j * step_x;
		if (rows == SR) {
			if (j == C - 1)
				ST_STORE(&corner[(size_t)s * tiles + k],
					 (ulong)inc << 32 |
					     AS_U(V + (G[SR - 1] + (tc[(SR - 1) * RS] + oc[(SR - 1) * P]))));
#pragma unroll
			for (uint r = 0; r < SR; r++)
				dst[at + (long)r * step_y] = V + (G[r] + (tc[r * RS] + oc[r * P]));
		} else {
			for (uint r = 0; r < rows; r++)
				dst[at + (long)r * step_y] = V + (G[r] + (tc[r * RS] + oc[r * P]));
		}
	}
}
#endif /* cl_khr_int64_base_atomics */
