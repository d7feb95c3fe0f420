/*
 * scan.cl - prefix sums (scans) of n 32-bit elements, inclusive or
 * exclusive, for any associative and commutative operator of the build.
 *
 * Teaching kernels, one block per work-group, as in the notes:
 *   hs_block        Hillis-Steele: one element per work-item, log2(L)
 *                   doubling steps, double-buffered in local memory
 *                   (s holds 2L elements).
 *   blelloch_block  Blelloch: 2L elements per work-group, up-sweep, zero the
 *                   last element, down-sweep (s holds 2L elements).
 *   brent_block     Brent's f elements per work-item: PP consecutive
 *                   elements scanned in registers, a work-group scan of the
 *                   L item totals (tot holds L elements).
 * Each writes each block's total to sums[group]; the host scans sums the
 * same way (exclusive) and add_offsets adds sums[block] to every element of
 * the block ("Working on Arbitrary Length Input"). Built with -DREVERSE they
 * scan backward (the suffix scan).
 *
 * The tuned kernel, a single pass (Merrill and Garland's decoupled look-back):
 *   scan_onepass   each work-group takes the next tile of L*PP elements by
 *                  ticket, loads it with 4-wide vector loads into local
 *                  memory, each work-item scans its PP elements in
 *                  registers, a work-group scan of the item totals; then the
 *                  tile's prefix from the tiles before it, by looking back
 *                  over their published totals (onepass_init resets them).
 * The input is read once and the output written once: 2n words, as a copy.
 * It needs 64-bit atomics (cl_khr_int64_base_atomics).
 *
 * Build options: -DOP_SUM, -DOP_MAX or -DOP_MIN; -DIS_FLOAT for floats;
 * -DPP=k elements per work-item for scan_onepass and brent_block. L must
 * be a power of two.
 * OpenCL C 1.2.
 */

#include "common.clh"

/* With -DREVERSE the teaching kernels scan from the end: logical element i
 * of a buffer of m elements lives at m - 1 - i. Every global access goes
 * through AT, the block totals too, so the recursion over the totals and
 * the add-back need no other change: the backward (suffix) scan. */
#ifdef REVERSE
#define AT(i, m) ((m)-1 - (i))
#else
#define AT(i, m) (i)
#endif

#ifndef PP
#define PP 8
#endif

/* ---- teaching -------------------------------------------------------- */

kernel void hs_block(global const T *in, global T *out, global T *sums, uint n, int inclusive,
		     local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	uint pin = 0; /* which half of s holds the current values */
	s[lid] = i < n ? in[AT(i, n)] : IDENT;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < L; d <<= 1) {
		uint pout = 1 - pin;
		/* Reads come from one half and writes go to the other, so one
		 * barrier a step is enough. */
		s[pout * L + lid] =
		    lid >= d ? OP(s[pin * L + lid - d], s[pin * L + lid]) : s[pin * L + lid];
		barrier(CLK_LOCAL_MEM_FENCE);
		pin = pout;
	}
	T incl = s[pin * L + lid];
	if (i < n)
		out[AT(i, n)] = inclusive ? incl : (lid ? s[pin * L + lid - 1] : IDENT);
	if (lid == L - 1)
		sums[AT(get_group_id(0), get_num_groups(0))] = incl;
}

kernel void blelloch_block(global const T *in, global T *out, global T *sums, uint n, int inclusive,
			   local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0), B = 2 * L;
	size_t a = get_group_id(0) * (size_t)B + lid, b = a + L;
	T xa = a < n ? in[AT(a, n)] : IDENT, xb = b < n ? in[AT(b, n)] : IDENT;
	s[lid] = xa;
	s[lid + L] = xb;
	uint off = 1;
	/* Up-sweep: a reduction tree built in place. */
	for (uint d = L; d > 0; d >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
			s[bi] = OP(s[ai], s[bi]);
		}
		off <<= 1;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		sums[AT(get_group_id(0), get_num_groups(0))] = s[B - 1];
		s[B - 1] = IDENT;
	}
	/* Down-sweep: each node passes its prefix to the left child and the
	 * prefix plus the left subtree to the right child. */
	for (uint d = 1; d < B; d <<= 1) {
		off >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
			T t = s[ai];
			s[ai] = s[bi];
			s[bi] = OP(t, s[bi]);
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (a < n)
		out[AT(a, n)] = inclusive ? OP(s[lid], xa) : s[lid];
	if (b < n)
		out[AT(b, n)] = inclusive ? OP(s[lid + L], xb) : s[lid + L];
}

/* Brent's optimisation of the notes (the float4 trick with f = PP): each
 * work-item scans PP consecutive elements in registers, the work-group scans
 * the L item totals (tot holds L elements), and each item adds its prefix
 * to its own elements: blocks of L * PP elements, W = n (1 + 2/f) and
 * D = 2 log(n/f) + 2f in the notes' analysis. */
kernel void brent_block(global const T *in, global T *out, global T *sums, uint n, int inclusive,
			local T *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t base = (get_group_id(0) * (size_t)L + lid) * PP;
	T x[PP], acc = IDENT, total;
	for (uint j = 0; j < PP; j++) {
		x[j] = base + j < n ? in[AT(base + j, n)] : IDENT;
		acc = OP(acc, x[j]);
	}
	T pre = group_scan_excl(tot, acc, &total);
	for (uint j = 0; j < PP && base + j < n; j++) {
		T incl = OP(pre, x[j]);
		out[AT(base + j, n)] = inclusive ? incl : pre;
		pre = incl;
	}
	if (lid == 0)
		sums[AT(get_group_id(0), get_num_groups(0))] = total;
}

/* a[i] = offs[i / block] op a[i]: the scanned block totals added back. */
kernel void add_offsets(global T *a, global const T *offs, uint n, uint block)
{
	size_t i = get_global_id(0);
	if (i < n)
		a[AT(i, n)] = OP(offs[AT(i / block, (n + block - 1) / block)], a[AT(i, n)]);
}

/* ---- tuned ----------------------------------------------------------- */

/* Local index with one pad slot every 32 elements, so that work-items
 * reading PP consecutive elements each hit different banks. */
#define PAD(i) ((i) + ((i) >> 5))

#ifdef cl_khr_int64_base_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

/* Tiles one look-back step reads at once. */
#ifndef LOOKBACK
#define LOOKBACK 8
#endif

/* A tile's status word: its flag in the high half, a value in the low. */
#define ST_AGGREGATE 1ul /* the value is the tile's own total */
#define ST_INCLUSIVE 2ul /* the value is the total of the tile and all before it */

#ifdef IS_FLOAT
#define AS_T(u) as_float(u)
#define AS_U(v) as_uint(v)
#else
#define AS_T(u) ((T)(u))
#define AS_U(v) ((uint)(v))
#endif

/* Reset the status words and the tile ticket before every run. */
kernel void onepass_init(global ulong *status, global uint *ticket, uint tiles)
{
	size_t i = get_global_id(0);
	if (i < tiles)
		status[i] = 0;
	if (i == 0)
		*ticket = 0;
}

/* The single-pass scan: each work-group takes the next tile by ticket
 * (so every tile it waits for belongs to a group that is already running),
 * scans it in local memory and registers, publishes its total, and looks
 * back over the status words of the tiles before it, adding aggregates
 * until it meets an inclusive prefix; then it publishes its own inclusive
 * prefix and writes the tile. Flag and value travel in one 64-bit word, so
 * a reader never sees a flag without its value. */
kernel void scan_onepass(global const T *in, global T *out, global ulong *status,
			 global uint *ticket, uint n, int inclusive, local T *tile, local T *tot)
{
	local uint t_sh;
	local T prefix_sh;
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	if (lid == 0)
		t_sh = atomic_inc(ticket);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = t_sh, base = t * TILE, cnt = min(TILE, n - base);
	global const T4 *in4 = (global const T4 *)in;
	if (cnt == TILE && TILE % 4 == 0) {
		for (uint v = lid; v < TILE / 4; v += L) {
			T4 x = in4[base / 4 + v];
			tile[PAD(4 * v)] = x.s0;
			tile[PAD(4 * v + 1)] = x.s1;
			tile[PAD(4 * v + 2)] = x.s2;
			tile[PAD(4 * v + 3)] = x.s3;
		}
	} else {
		for (uint e = lid; e < TILE; e += L)
			tile[PAD(e)] = e < cnt ? in[base + e] : IDENT;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	T r[PP];
	T acc = IDENT, total;
	for (uint j = 0; j < PP; j++) {
		r[j] = tile[PAD(lid * PP + j)];
		acc = OP(acc, r[j]);
	}
	T pre = group_scan_excl(tot, acc, &total);
	if (lid == 0) {
		T before = IDENT;
		if (t == 0) {
			atom_xchg(&status[0], ST_INCLUSIVE << 32 | AS_U(total));
		} else {
			atom_xchg(&status[t], ST_AGGREGATE << 32 | AS_U(total));
			/* Look back in windows of LOOKBACK tiles: the status words of
			 * tiles j-1, j-2, ... are read at once (independent loads, so
			 * their latencies overlap) and added up from the nearest until
			 * an inclusive prefix; a tile that has not published yet ends
			 * the window, and the next starts there. A tile usually finds
			 * its prefix in one window: one round trip to global memory
			 * rather than one per tile walked. Past tile 0 lies the
			 * identity, as an inclusive prefix. */
			for (uint j = t; j > 0;) {
				ulong st[LOOKBACK];
				for (uint k = 0; k < LOOKBACK; k++)
					st[k] = k < j ? atom_add(&status[j - 1 - k],
								 0ul) /* an atomic read */
						      : ST_INCLUSIVE << 32 | AS_U(IDENT);
				uint k = 0;
				ulong flag = 0;
				while (k < LOOKBACK && (flag = st[k] >> 32) != 0) {
					before = OP(AS_T((uint)st[k]), before);
					k++;
					if (flag == ST_INCLUSIVE)
						break;
				}
				j = flag == ST_INCLUSIVE ? 0 : j - k;
			}
			atom_xchg(&status[t], ST_INCLUSIVE << 32 | AS_U(OP(before, total)));
		}
		prefix_sh = before;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	pre = OP(prefix_sh, pre);
	for (uint j = 0; j < PP; j++) {
		T incl = OP(pre, r[j]);
		tile[PAD(lid * PP + j)] = inclusive ? incl : pre;
		pre = incl;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Scalar stores: consecutive work-items write consecutive words, which
	 * coalesce as well as vectors do, and Oclgrind's uninitialised-value
	 * check misreads vectors built from parts. */
	for (uint e = lid; e < cnt; e += L)
		out[base + e] = tile[PAD(e)];
}
#endif /* cl_khr_int64_base_atomics */
