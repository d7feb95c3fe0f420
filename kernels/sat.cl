/*
 * sat.cl - the summed-area table (src/algos/sat.c) on a device.
 *
 * Every kernel works on a region of the w-wide image (pitch w): x0, y0, its
 * width rw and height rh, and flip (bit 0: its rows run right to left, bit 1:
 * its columns bottom up), so that one table is summed from the region's
 * corner: the whole image for --table plain and offset, each quadrant
 * from its image corner for quadrant (the tuned kernel finds the regions
 * itself). `mean` (one T, from sat_mean) is subtracted on the way in when
 * use_mean is set (--table offset).
 *
 * Teaching, the notes' algorithm with their remedy for coalescing
 * ("horizontal scan, transpose img., horiz. scan"):
 *   sat_rows       one work-group per row: the row's inclusive scan in
 *                  chunks of L with a running carry (group_scan_excl)
 *   sat_transpose  16 x 16 tiles through local memory
 * run as rows, transpose, rows, transpose back.
 *
 * Tuned, in one pass (the comment before sat_strips says how):
 *   sat_begin      the run's epoch and strip ticket (and a zero mean)
 *   sat_strips     a work-group per strip of PP rows, by ticket, walking
 *                  it in tiles of PP x C: each row's prefixes carried from
 *                  the left, each column's sum above by a look-back up
 *                  that column over the strips before
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

/* ---- tuned, in one pass: strips by ticket, a look-back per column ----
 *
 * SR = PP rows make a strip; a work-group takes the next strip by ticket
 * (so it only ever waits for groups that started before it) and walks it
 * left to right in tiles of SR x C. Work-item j owns column j of the tile
 * (and j + L, ... when the group is narrower than the tile):
 *   1. it loads its column's SR cells, consecutive work-items reading
 *      consecutive cells of a row, and keeps their running sum down the
 *      strip in local memory: t(y, x) = the column's sum from the strip's
 *      top row to y;
 *   2. the rows' prefixes across the tile: each row is cut into P segments
 *      of S = C / P, each scanned by one work-item in place (a pad word
 *      after each segment keeps the work-items of a warp on distinct
 *      banks), then each segment's offset, the segments before it plus the
 *      row's carry from the tiles to the left. Now t(y, x) plus the offset
 *      is T(y, x), the table of the strip alone;
 *   3. the strip's bottom row T(SR - 1, x) is its aggregate A_s(x) in
 *      column x; work-item j looks back up its own column, strip s - 1,
 *      s - 2, ..., for I_{s-1}(x), the table's value in the row above the
 *      strip (the sum of every cell above it and not to the right of x),
 *      publishing A_s(x) and then the inclusive I_s(x) = I_{s-1}(x) +
 *      A_s(x), and writes S(y, x) = I_{s-1}(x) + T(y, x) down the column.
 * Deferred, where local memory holds two tiles (the host decides, and says
 * so by `defer`): step 3 of tile k - 1 comes after steps 1 and 2 of tile k,
 * in the other half of t. A_s(x) goes out as soon as step 2 has it, and
 * work-item j reads strip s - 1's word of its column at the end of the
 * step before, so that a whole tile's sums hide the round trip to the L2
 * that the look-back would otherwise wait for: on an H100 at 16384 x 16384
 * in tiles of 32 x 128, 0.918 ms against 0.950 (2026-11-24). Tiles of 32 x
 * 256, the fastest before (0.954), do not fit twice in NVIDIA's 48 KiB.
 * The image is read once and the table written once; the status words
 * are one per strip and column (8 bytes per SR pixels), and the strip
 * below usually reads them from the cache soon after they are written.
 *
 * A status word holds its flag in the high half and its value in the low,
 * so that a reader never sees a flag without its value; it is written by
 * atom_xchg and read by atom_add of 0, 64-bit atomics, since OpenCL 1.2
 * promises nothing of plain accesses that race (sat_strips needs
 * cl_khr_int64_base_atomics; without it the host says so), and on NVIDIA
 * by relaxed 64-bit loads and stores (ST_LOAD and ST_STORE below). The flag
 * carries the run's epoch (sat_begin counts the runs), so that the words of
 * an earlier run read as "not yet": the status buffer is cleared only when
 * it is made. Quadrant tables run their four regions in the one launch,
 * the strips of one region after those of the one before. */

#define SR PP /* rows of a strip */

#define ST_AGG 1u /* the value is A_s(x), the strip's own */
#define ST_INC 2u /* the value is I_s(x), the strip's and all above */

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
 * cleared words' epoch), the strip ticket ctl[1] reset, and the mean zeroed
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
 * reader that polls costs the L2 no atomic. Elsewhere, and under
 * -DSAT_ATOMIC_STATUS=1 (to compare), by atom_add of 0 and
 * atom_xchg, since OpenCL 1.2 promises nothing of plain accesses that race. */
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

/* The look-back's settings, build options:
 *   SAT_WINDOW     strips one step reads at once, nearest first (8): the
 *                  words of strips k - 1 ... k - W are loaded together, so
 *                  that a look-back over aggregates costs a round trip to
 *                  the L2 per W strips rather than per strip;
 *   SAT_FIRST_ONE  1 (default): the first step reads strip s - 1's word
 *                  alone, which mostly settles it, and only then windows:
 *                  a whole window every time would read W words from the
 *                  L2 per column and strip, where one mostly does; 0: a
 *                  window from the first step;
 *   SAT_EAGER_AGG  1 (default): publish A_s(x) before the first read, so
 *                  that the strips below never wait on this one's
 *                  look-back (one more store per column and strip; on an
 *                  H100 at 16384 x 16384 0.947 ms against 1.093); 0:
 *                  only when the first read does not settle I_{s-1}(x);
 *   SAT_BACKOFF_NS on NVIDIA, sleep this long before reading again when a
 *                  step found nothing new (0, the default: no sleep);
 *   SAT_PREFETCH   1 (default): where the group has a work-item per
 *                  column of the tile, each loads its column of the next
 *                  tile into registers before the look-back (SR of them),
 *                  so that loads are in flight while it waits; 0: not;
 *   SAT_INC_EVERY  for the tests: only strips s with s % N == 0 publish
 *                  their inclusive value (the others their aggregate), so
 *                  that look-backs walk over aggregates and windows even
 *                  where work-groups run one after another (1, default);
 *   SAT_DEFER      1 (default): defer each tile's look-back past the next
 *                  tile's sums where the host gives two tiles' room; 0:
 *                  never (the tests run both).
 * Reading strip s - 1's word at the start of each tile, for the first step
 * to take, so that its wait would overlap the work in local memory, took
 * 1.138 ms against 0.946 on an H100 at 16384 x 16384 (read that early it
 * is mostly not there yet): not kept. */
#ifndef SAT_WINDOW
#define SAT_WINDOW 8
#endif
#ifndef SAT_FIRST_ONE
#define SAT_FIRST_ONE 1
#endif
#ifndef SAT_EAGER_AGG
#define SAT_EAGER_AGG 1
#endif
#ifndef SAT_BACKOFF_NS
#define SAT_BACKOFF_NS 0
#endif
#ifndef SAT_PREFETCH
#define SAT_PREFETCH 1
#endif
#ifndef SAT_INC_EVERY
#define SAT_INC_EVERY 1
#endif
#ifndef SAT_DEFER
#define SAT_DEFER 1
#endif

/* I_{s-1}(x), the table's value in column x just above strip s, by looking
 * back over the status words of column x (col[k * rw] for strip k) from
 * strip s - 1 up to the first inclusive one, adding the aggregates on the
 * way, SAT_WINDOW strips a step; publishes A_s(x) = a while it looks, and
 * I_s(x) at the end. A strip that has not published yet is read again from
 * there: it took its ticket earlier, so it is running. When strip s - 1's
 * inclusive word is there at the first read, as it mostly is, the
 * aggregate is never written (unless SAT_EAGER_AGG). Always inlined: a
 * C99 inline function that a compiler chose not to inline would have no
 * definition to call. */
__attribute__((always_inline)) inline T look_back(global ulong *col, uint rw, uint s, T a,
						  uint epoch, int told, int have_first,
						  ulong first)
{
	uint agg = epoch << 2 | ST_AGG, inc = epoch << 2 | ST_INC;
	ulong own = (ulong)agg << 32 | AS_U(a);
	T above = 0;
#if SAT_EAGER_AGG
	if (s > 0 && !told) {
		ST_STORE(&col[(size_t)s * rw], own);
		told = 1;
	}
#endif
	/* Strips 0 .. k - 1 are still to add, nearest (k - 1) first; the
	 * first step reads strip s - 1 alone under SAT_FIRST_ONE, or takes
	 * its word as read before (have_first). */
	uint n = SAT_FIRST_ONE || have_first ? 1 : SAT_WINDOW;
	for (uint k = s; k > 0; n = SAT_WINDOW, have_first = 0) {
		ulong v[SAT_WINDOW];
#pragma unroll
		for (uint i = 0; i < SAT_WINDOW; i++)
			v[i] = i < k && i < n ? (have_first ? first
							    : ST_LOAD(&col[(size_t)(k - 1 - i) * rw]))
					      : 0ul;
		/* Take the window's words in order up to the first inclusive
		 * one, or up to the first not yet published. */
		uint took = 0;
		int open = 1, done = 0;
#pragma unroll
		for (uint i = 0; i < SAT_WINDOW; i++) {
			uint f = (uint)(v[i] >> 32);
			if (open && i < k && i < n && (f == inc || f == agg)) {
				above += AS_T((uint)v[i]);
				took++;
				if (f == inc)
					done = 1, open = 0;
			} else {
				open = 0;
			}
		}
		k = done ? 0 : k - took;
		if (k > 0 && !told) {
			ST_STORE(&col[(size_t)s * rw], own);
			told = 1;
		}
#if defined(PRAM_NV_PTX) && SAT_BACKOFF_NS > 0
		if (k > 0 && took == 0)
			nv_nanosleep(SAT_BACKOFF_NS);
#endif
	}
#if SAT_INC_EVERY > 1
	if (s % SAT_INC_EVERY != 0) {
		if (!told)
			ST_STORE(&col[(size_t)s * rw], own);
		return above;
	}
#endif
	ST_STORE(&col[(size_t)s * rw], (ulong)inc << 32 | AS_U(above + a));
	return above;
}

/* The tuned table: a work-group of L work-items per strip (L <= C; the
 * host launches as many groups as the regions have strips). C and P = 2^lp
 * (the segments per row, P SR <= L where it can) are powers of two. t holds
 * the tile, SR rows of C + P words; aux the segments' totals and offsets
 * (SR P words each), twice: a tile's in one half, the tile before's in the
 * other, whose last segment's offset and total are the row's carry into
 * this tile (a carry of its own, written after the offsets by a loop over
 * the SR rows, came out zero on PoCL for strips of one row). status holds the
 * regions' words one after another, ctl the epoch and the ticket. */
kernel void sat_strips(global const T *src, global T *dst, global ulong *status, global uint *ctl,
		       global const T *mean, uint w, uint h, uint quad, uint C, uint lp,
		       uint use_mean, uint defer, local T *t, local T *aux)
{
	local uint ticket[1];
	uint lid = get_local_id(0), L = get_local_size(0);
	if (lid == 0)
		ticket[0] = atomic_inc(&ctl[1]);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint s = ticket[0], epoch = ctl[0];
	/* The region of the ticket: whole image, or the quadrants in turn. */
	uint wl = quad ? (w + 1) / 2 : w, hl = quad ? (h + 1) / 2 : h;
	uint x0 = 0, y0 = 0, rw = 0, rh = 0, flip = 0;
	size_t base = 0;
	for (uint q = 0; q < 4; q++) {
		rw = q & 1u ? w - wl : wl;
		rh = q & 2u ? h - hl : hl;
		uint strips = rw ? (rh + SR - 1) / SR : 0;
		if (s < strips) {
			x0 = q & 1u ? wl : 0;
			y0 = q & 2u ? hl : 0;
			flip = q;
			break;
		}
		s -= strips;
		base += (size_t)strips * rw;
	}
	T m = use_mean ? mean[0] : (T)0;
	/* P = 2^lp segments of S = 2^ls words per row (shifts, not divisions:
	 * one compiler turns a division and a remainder by the same number into
	 * an instruction Oclgrind's checks do not know). */
	uint P = 1u << lp, ls = 31 - clz(C) - lp, S = 1u << ls, RS = C + P;
	uint Y0 = s * SR, rows = min((uint)SR, rh - Y0);
	local T *segtot = aux, *off = aux + SR * P;                    /* this tile's */
	local T *psegtot = aux + 2 * SR * P, *poff = aux + 3 * SR * P; /* the one before's */
	/* Image index of the strip's top cell in region column 0, and the steps
	 * to the next row and column (negative where the region is flipped). */
	long step_y = flip & 2u ? -(long)w : (long)w, step_x = flip & 1u ? -1 : 1;
	long top = (long)cell(w, x0, y0, rw, rh, flip, Y0, 0);
	global ulong *st = status + base;
#if SAT_PREFETCH
	T pre[SR]; /* the next tile's cells of column lid, once loaded */
	int have = 0;
#endif
	/* Deferred (D = 1): tile k - 1 is finished (looked back and written)
	 * after tile k is summed in local memory, in the other half of t,
	 * and the word of strip s - 1 it looks back to first is read at the
	 * end of step k - 1, so that a whole tile's work hides the read. */
	uint D = SAT_DEFER && defer, tiles = (rw + C - 1) / C;
	ulong first = 0;  /* that word, column lid's, once read */
	int have_first = 0;
	for (uint k = 0; k < tiles + D; k++) {
		local T *swap = segtot;
		segtot = psegtot, psegtot = swap;
		swap = off, off = poff, poff = swap;
		uint X0 = k * C;
		local T *tt = t + (D && (k & 1u) ? SR * RS : 0u);
		if (k < tiles) {
			/* 1. The columns' running sums down the strip. */
			for (uint j = lid; j < C; j += L) {
				uint x = X0 + j;
				local T *tc = tt + j + (j >> ls);
				long at = top + (long)x * step_x;
				T v = 0;
#if SAT_PREFETCH
				if (have) { /* j == lid: the loads issued last tile */
#pragma unroll
					for (uint r = 0; r < SR; r++) {
						v += pre[r] - m;
						tc[r * RS] = v;
					}
					continue;
				}
#endif
				if (x < rw && rows == SR) {
#pragma unroll
					for (uint r = 0; r < SR; r++) {
						v += src[at + (long)r * step_y] - m;
						tc[r * RS] = v;
					}
				} else {
					for (uint r = 0; r < SR; r++) {
						if (x < rw && r < rows)
							v += src[at + (long)r * step_y] - m;
						tc[r * RS] = v;
					}
				}
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			/* 2. The rows' prefixes: segments in place, then their
			 * offsets. */
			for (uint q = lid; q < SR * P; q += L) {
				local T *seg = tt + (q >> lp) * RS + (q & (P - 1)) * (S + 1);
				T v = 0;
				for (uint i = 0; i < S; i++) {
					v += seg[i];
					seg[i] = v;
				}
				segtot[q] = v;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			for (uint q = lid; q < SR * P; q += L) {
				uint last = (q | (P - 1)); /* the row's last segment */
				T v = X0 ? poff[last] + psegtot[last] : (T)0;
				for (uint i = q & ~(P - 1); i < q; i++)
					v += segtot[i];
				off[q] = v;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			/* Deferred: the strip's aggregates out at once. (Written
			 * with the bounds in the loop's condition, PoCL 5's
			 * AVX-512 code for this loop corrupted its heap when the
			 * tile was not loaded ahead.) */
			for (uint j = lid; D && s > 0 && j < C; j += L) {
				uint x = X0 + j;
				if (x >= rw)
					break;
				T a = tt[(SR - 1) * RS + j + (j >> ls)] + off[(SR - 1) * P + (j >> ls)];
				ST_STORE(&st[(size_t)s * rw + x],
					 (ulong)(epoch << 2 | ST_AGG) << 32 | AS_U(a));
			}
#if SAT_PREFETCH
			/* The next tile's column, loaded now so that the loads
			 * are in flight during the look-back and the writes. */
			have = 0;
			if (L >= C && lid < C && X0 + C + lid < rw && rows == SR) {
				long at = top + (long)(X0 + C + lid) * step_x;
#pragma unroll
				for (uint r = 0; r < SR; r++)
					pre[r] = src[at + (long)r * step_y];
				have = 1;
			}
#endif
		}
		if (k >= D) {
			/* 3. The look-back up each column of tile k - D, then
			 * the column of the table. */
			uint F0 = X0 - D * C;
			local T *tf = D ? t + ((k - 1u) & 1u ? SR * RS : 0u) : tt;
			local T *of = D ? poff : off;
			for (uint j = lid; j < C; j += L) {
				uint x = F0 + j;
				if (x >= rw)
					break;
				local T *tc = tf + j + (j >> ls);
				local T *oc = of + (j >> ls);
				T a = tc[(SR - 1) * RS] + oc[(SR - 1) * P];
				T above = look_back(st + x, rw, s, a, epoch, (int)D,
						    have_first && j == lid, first);
				long at = top + (long)x * step_x;
				if (rows == SR) {
#pragma unroll
					for (uint r = 0; r < SR; r++)
						dst[at + (long)r * step_y] =
						    above + (tc[r * RS] + oc[r * P]);
				} else {
					for (uint r = 0; r < rows; r++)
						dst[at + (long)r * step_y] =
						    above + (tc[r * RS] + oc[r * P]);
				}
			}
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		/* Deferred: strip s - 1's word of column lid of tile k, for
		 * its look-back in the next step. */
		have_first = 0;
		if (D && k < tiles && L >= C && s > 0 && lid < C && X0 + lid < rw) {
			first = ST_LOAD(&st[(size_t)(s - 1) * rw + X0 + lid]);
			have_first = 1;
		}
	}
}
#endif /* cl_khr_int64_base_atomics */
