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
 * Tuned kernels, reduce-then-scan in three passes:
 *   tile_reduce    group g reduces its chunk [g*chunk, (g+1)*chunk) with
 *                  4-wide vector loads: one total per group.
 *   scan_partials  one work-group scans the group totals (exclusive).
 *   scan_tiles     group g walks its chunk tile by tile (L*PP elements):
 *                  vector loads into local memory, each work-item scans its
 *                  PP elements in registers, a work-group scan of the
 *                  work-item totals, and coalesced stores, carrying the running
 *                  prefix from tile to tile.
 * The input is read twice and the output written once.
 *
 * Build options: -DOP_SUM, -DOP_MAX or -DOP_MIN; -DIS_FLOAT for floats;
 * -DPP=k elements per work-item for scan_tiles. L must be a power of two.
 * OpenCL C 1.2.
 */

#include "common.clh"

/* With -DREVERSE the teaching kernels scan from the end: logical element i
 * of a buffer of m elements lives at m - 1 - i. Every global access goes
 * through AT, the block totals too, so the recursion over the totals and
 * the add-back need no other change: the backward (suffix) scan. */
#ifdef REVERSE
#define AT(i, m) ((m) - 1 - (i))
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
		s[pout * L + lid] = lid >= d ? OP(s[pin * L + lid - d], s[pin * L + lid])
					     : s[pin * L + lid];
		barrier(CLK_LOCAL_MEM_FENCE);
		pin = pout;
	}
	T incl = s[pin * L + lid];
	if (i < n)
		out[AT(i, n)] = inclusive ? incl : (lid ? s[pin * L + lid - 1] : IDENT);
	if (lid == L - 1)
		sums[AT(get_group_id(0), get_num_groups(0))] = incl;
}

kernel void blelloch_block(global const T *in, global T *out, global T *sums, uint n,
			   int inclusive, local T *s)
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
kernel void brent_block(global const T *in, global T *out, global T *sums, uint n,
			int inclusive, local T *tot)
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

/* The host makes chunk a multiple of 4, so every chunk starts a T4. */
kernel void tile_reduce(global const T *in, global T *sums, uint n, uint chunk, local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	uint start = get_group_id(0) * chunk, end = min(n, start + chunk);
	global const T4 *in4 = (global const T4 *)in;
	uint v1 = end / 4;
	T acc = IDENT; /* scalar parts: see reduce.cl */
	for (uint v = start / 4 + lid; v < v1; v += L) {
		T4 x = in4[v];
		acc = OP(acc, OP(OP(x.s0, x.s1), OP(x.s2, x.s3)));
	}
	for (uint i = 4 * v1 + lid; i < end; i += L)
		acc = OP(acc, in[i]);
	group_reduce(s, acc);
	if (lid == 0)
		sums[get_group_id(0)] = s[0];
}

/* One work-group: a[0..m) becomes its exclusive scan. Each work-item takes a
 * contiguous run of ceil(m / L) elements. */
kernel void scan_partials(global T *a, uint m, local T *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	uint per = (m + L - 1) / L;
	uint b = min(m, lid * per), e = min(m, b + per);
	T acc = IDENT, total;
	for (uint i = b; i < e; i++)
		acc = OP(acc, a[i]);
	T pre = group_scan_excl(tot, acc, &total);
	for (uint i = b; i < e; i++) {
		T x = a[i];
		a[i] = pre;
		pre = OP(pre, x);
	}
}

/* Local index with one pad slot every 32 elements, so that work-items
 * reading PP consecutive elements each hit different banks. */
#define PAD(i) ((i) + ((i) >> 5))

kernel void scan_tiles(global const T *in, global T *out, global const T *offs, uint n,
		       uint chunk, int inclusive, local T *tile, local T *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint start = get_group_id(0) * chunk, end = min(n, start + chunk);
	global const T4 *in4 = (global const T4 *)in;
	T carry = offs[get_group_id(0)];
	for (uint base = start; base < end; base += TILE) {
		uint cnt = min(TILE, end - base);
		int full = cnt == TILE && TILE % 4 == 0;
		if (full) {
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
		T pre = OP(carry, group_scan_excl(tot, acc, &total));
		for (uint j = 0; j < PP; j++) {
			if (inclusive) {
				pre = OP(pre, r[j]);
				tile[PAD(lid * PP + j)] = pre;
			} else {
				tile[PAD(lid * PP + j)] = pre;
				pre = OP(pre, r[j]);
			}
		}
		carry = OP(carry, total);
		barrier(CLK_LOCAL_MEM_FENCE);
		/* Scalar stores: consecutive work-items write consecutive words,
		 * which coalesce as well as vectors do, and Oclgrind's
		 * uninitialised-value check misreads vectors built from parts. */
		for (uint e = lid; e < cnt; e += L)
			out[base + e] = tile[PAD(e)];
		barrier(CLK_LOCAL_MEM_FENCE); /* the next tile overwrites tile */
	}
}
