/*
 * reduce_segmented.cl - the kernels of "reduce-segmented": one value per
 * segment (flags packed as in segmented.clh), for the build's operator.
 * The tuned kernels (segreduce_onepass, segreduce_warp and
 * segreduce_tile_heads, whose counts usum_block and usum_add scan) are in
 * segmented_onepass.clh, after lookback.clh's onepass_init; here follow
 * the tuned ones of --carry fixup, in which no work-group waits on another
 * (segreduce_fixpass or segreduce_fixstream, then segreduce_fixup or, for
 * --numbering deferred, segreduce_place, after segpair_block's and
 * segpair_add's scan over the tiles), and then the teaching ones.
 *
 * The segmented reduction scans inclusively into scratch; each segment's
 * last element i (i = n - 1, or flag i + 1 set) gives its value to
 * out[seg(i)], seg(i) its segment's number, from the packed flags by
 * popcount:
 *   seg(i) = wpre[i / 32] + popcount(word i / 32, bits 0 .. i % 32) - 1,
 * with element 0's flag counted as set and wpre the exclusive sum-scan of
 * the words' popcounts:
 *   usum_block, usum_add  a plain uint sum-scan, whatever the build's
 *               operator is, in the same multi-level shape, of nw = n / 32
 *               words: W ~ nw (log2 L + 2), independent of the segmented
 *               scan and shallower, so on the PRAM it runs alongside.
 *   seg_ends    one work-item per flag word writes the ends among its 32
 *               elements, one after the other, and the last word's the
 *               number of segments: W = nw + nseg, D <= 32.
 * So W = the scan's + n/32 (log2 L + 3) + nseg and D = the scan's + 32 at
 * most. Both rely on the host's clear bits past n in the last flag word.
 *
 * Build options: those of common.clh. L must be a power of two.
 * OpenCL C 1.2.
 */

#include "segmented.clh"
#include "segmented_onepass.clh"

/* ---- the counted reduction with a fix-up: no tile waits --------------- */

#ifdef cl_khr_int64_base_atomics
/* --carry fixup: tile t (its work-group's number, no ticket) writes every
 * end of its work-items with the value running from the tile's first
 * element, at the segment numbers tilepre gives (the exclusive sum-scan of
 * segreduce_tile_heads' counts). So every segment whose head lies in the
 * tile is written whole, and so is each one whose end lies there and whose
 * head does not: that one, numbered tilepre[t] - 1 and present only when
 * the tile's first element is no head, gets the tile's leading partial
 * alone. Work-item 0 leaves the tile's pair for the fix-up in pair[t]: its
 * heads and its value from its last head to its end (all of it without a
 * head), as a uint2 (count, value's bits). segpair_block and segpair_add
 * scan the pairs inclusively with the group scan's operator
 *     (ca, a) (+) (cb, b) = (ca + cb, cb ? b : a OP b),
 * which gives at tile u the heads up to its end and the value running out
 * of it, and segreduce_fixup adds that of tile u - 1 to each leading
 * partial. Nothing waits on another work-group, so any order of tiles is
 * fine.
 *
 * With deferred (--numbering deferred) the pass needs no counts before it:
 * it numbers from its first element into a scratch (segfix_pre), and
 * segreduce_place, after the scan (whose counts then give the tiles'
 * numbers), moves the segments to their places and completes the ones
 * running into a tile; the flags are read once, at the cost of writing
 * and moving every segment's value once more. */
/* Pair i := (c, v), as two words: a vector built from two scalars starts
 * from an undefined one, which Oclgrind's check takes for uninitialised
 * data written. */
void segpair_put(global uint2 *pair, size_t i, uint c, uint v)
{
	global uint *w = (global uint *)(pair + i);
	w[0] = c;
	w[1] = v;
}

void segfix_leave(global uint2 *pair, uint t, uint tc, T tv)
{
	if (get_local_id(0) == 0)
		segpair_put(pair, t, tc, SEG_AS_U(tv));
}

/* The segment number the pass counts from: the heads before the tile
 * (counted), or with deferred its first element's index, so that its
 * segments go to slots t TILE - 1 + j of a scratch of n, j the heads of
 * the tile up to the segment's (0: the one running into it), which
 * segreduce_place moves to their places once the pairs are scanned. The
 * counted pass's last tile writes the number of segments. */
uint segfix_pre(global const uint *tilepre, int deferred, uint t, uint tile)
{
	return deferred ? t * tile : tilepre[t];
}

/* The tile through local memory, as segreduce_onepass (--load local):
 * coalesced 4-wide loads of the tile, the work-items' walks over their PP
 * consecutive elements in local memory. Local memory as
 * segreduce_onepass's. */
kernel void segreduce_fixpass(global const T *in, global const uint *flags, global T *out,
			      global uint *count, global const uint *tilepre, int deferred,
			      global uint2 *pair, uint n, local T *tile, local uint *fl,
			      local uint *sc, local T *sv)
{
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint t = get_group_id(0), base = t * TILE, cnt = min(TILE, n - base);
	seg_load(in, flags, n, base, cnt, tile, fl);
	barrier(CLK_LOCAL_MEM_FENCE);
	segm heads, ends;
	seg_item_flags(fl, base, cnt, &heads, &ends);
	uint pc, tc;
	T pv, tv;
	seg_group_scan(sc, sv, (uint)popcount(heads), seg_item_total_ends(tile, heads, ends), &pc,
		       &pv, &tc, &tv);
	uint pre = segfix_pre(tilepre, deferred, t, TILE);
	segfix_leave(pair, t, tc, tv);
	if (!deferred && lid == 0 && t + 1 == get_num_groups(0))
		*count = pre + tc;
	seg_write_ends(tile, out, heads, ends, pre + pc, pv);
}

/* 32 flags from element i on, read from global memory: the packed words
 * with element 0's flag set, a flag at n (so that element n - 1 ends a
 * segment) and none past it. */
uint segfix_gbits(global const uint *flags, uint n, uint i)
{
	uint w = i >> 5, wlast = (n - 1) >> 5, wend = n >> 5;
	uint a = w <= wlast ? flags[w] : 0u, b = w + 1 <= wlast ? flags[w + 1] : 0u;
	if (w == wend)
		a |= 1u << (n & 31);
	if (w + 1 == wend)
		b |= 1u << (n & 31);
	if (w == 0)
		a |= 1u;
	return (uint)((((ulong)b << 32) | a) >> (i & 31));
}

/* --load direct: each work-item reads its PP consecutive elements straight
 * into registers (PP / 4 vector loads issued together when PP is a
 * multiple of 4) and its flags from the global words (a word or two, which
 * the work-items that share it read at once), with no local tile and no
 * barrier but the group scan's: the pass streams as a plain reduction's
 * does. Its walks are unrolled over the registers: one for the work-item's
 * (heads, value) pair, one after the group scan that writes the ends.
 * Local memory: sc and sv, 2L each. */
kernel void segreduce_fixstream(global const T *in, global const uint *flags, global T *out,
				global uint *count, global const uint *tilepre, int deferred,
				global uint2 *pair, uint n, local uint *sc, local T *sv)
{
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint t = get_group_id(0), base = t * TILE;
	uint e0 = base + lid * PP;
	T x[PP];
	if (e0 < n && n - e0 >= PP) {
#if PP % 4 == 0
		global const T4 *p = (global const T4 *)in + e0 / 4;
		T4 v[PP / 4];
#pragma unroll
		for (uint q = 0; q < PP / 4; q++)
			v[q] = p[q];
#pragma unroll
		for (uint q = 0; q < PP / 4; q++) {
			x[4 * q] = v[q].s0;
			x[4 * q + 1] = v[q].s1;
			x[4 * q + 2] = v[q].s2;
			x[4 * q + 3] = v[q].s3;
		}
#else
#pragma unroll
		for (uint j = 0; j < PP; j++)
			x[j] = in[e0 + j];
#endif
	} else {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			x[j] = e0 < n && j < n - e0 ? in[e0 + j] : IDENT;
	}
	/* Elements past n are no heads and no ends. */
	uint nv = e0 < n ? min(n - e0, (uint)PP) : 0u;
	segm valid = nv == PP ? SEG_ALL : ((segm)1 << nv) - 1;
	segm heads = 0, ends = 0;
	if (nv) {
		heads = segfix_gbits(flags, n, e0);
		ends = segfix_gbits(flags, n, e0 + 1);
#if PP >= 32
		heads |= (segm)segfix_gbits(flags, n, e0 + 32) << 32;
		ends |= (segm)segfix_gbits(flags, n, e0 + 33) << 32;
#endif
		heads &= valid;
		ends &= valid;
	}
	T acc = IDENT;
#pragma unroll
	for (uint j = 0; j < PP; j++)
		acc = (heads >> j) & 1 ? x[j] : OP(acc, x[j]);
	uint pc, tc;
	T pv, tv;
	seg_group_scan(sc, sv, (uint)popcount(heads), acc, &pc, &pv, &tc, &tv);
	uint pre = segfix_pre(tilepre, deferred, t, TILE);
	segfix_leave(pair, t, tc, tv);
	if (!deferred && lid == 0 && t + 1 == get_num_groups(0))
		*count = pre + tc;
	/* seg: the number of the segment running (the heads so far, less 1;
	 * it wraps before element 0, whose head brings it back to 0). */
	uint seg = pre + pc - 1;
	T run = pv;
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		uint h = (heads >> j) & 1;
		seg += h;
		run = h ? x[j] : OP(run, x[j]);
		if ((ends >> j) & 1)
			out[seg] = run;
	}
}

/* The inclusive scan of m pairs (count, value's bits) block by block with
 * the segmented operator, the blocks' pairs to totals (in and out may be
 * the same). Local memory: sc and sv, 2L each, as seg_group_scan's. */
kernel void segpair_block(global const uint2 *in, global uint2 *out, global uint2 *totals, uint m,
			  local uint *sc, local T *sv)
{
	size_t i = get_global_id(0);
	uint c = 0;
	T v = IDENT;
	if (i < m) {
		uint2 p = in[i];
		c = p.x;
		v = SEG_AS_T(p.y);
	}
	uint pc, tc;
	T pv, tv;
	seg_group_scan(sc, sv, c, v, &pc, &pv, &tc, &tv);
	if (i < m)
		segpair_put(out, i, pc + c, SEG_AS_U(c ? v : OP(pv, v)));
	if (get_local_id(0) == 0)
		segpair_put(totals, get_group_id(0), tc, SEG_AS_U(tv));
}

/* a[i] (+)= the scanned pair of the blocks before i's, in work-groups of
 * segpair_block's L: a pair with a head of its own in its block (count
 * above 0) keeps its value. */
kernel void segpair_add(global uint2 *a, global const uint2 *totals, uint m)
{
	size_t i = get_global_id(0);
	uint g = get_group_id(0);
	if (i >= m || g == 0)
		return;
	uint2 p = a[i], q = totals[g - 1];
	segpair_put(a, i, p.x + q.x, p.x ? p.y : SEG_AS_U(OP(SEG_AS_T(q.y), SEG_AS_T(p.y))));
}

/* Tile u's flag of its first element (u > 0, u * tile < n). */
uint segfix_head0(global const uint *flags, uint u, uint tile)
{
	uint b = u * tile;
	return (flags[b >> 5] >> (b & 31)) & 1u;
}

/* The fix-up, a work-item per tile u > 0 of `tile` elements: when the
 * segment running into u from the tiles before ends in u, the pass wrote
 * only u's part of it at tilepre[u] - 1; the scanned value of tile u - 1
 * (the value running out of it) goes before it. That segment ends in u
 * when u's first element is no head and u has a head (its scanned count
 * is above u - 1's), or is the last tile, or the tile after it starts with
 * a head. */
kernel void segreduce_fixup(global const uint *flags, global T *out, global const uint *tilepre,
			    global const uint2 *pair, uint tile, uint tiles)
{
	uint u = get_global_id(0);
	if (u == 0 || u >= tiles || segfix_head0(flags, u, tile))
		return;
	uint2 q = pair[u - 1];
	if (pair[u].x == q.x && u + 1 < tiles && !segfix_head0(flags, u + 1, tile))
		return;
	uint at = tilepre[u] - 1;
	out[at] = OP(SEG_AS_T(q.y), out[at]);
}

/* Tile t's part of the move (segreduce_place and segreduce_place1), by
 * work-item k of the K that share the tile: its slots j = 0 .. tc of the
 * scratch, t tile - 1 + j, to segments pre - 1 + j as segreduce_place
 * says, slot 0 completed with before, the value running into the tile;
 * the last tile writes the number of segments to *count. */
inline void segfix_move(global const uint *flags, global const T *scratch, global T *out,
			global uint *count, uint tile, uint tiles, uint t, uint pre, uint tc,
			T before, uint k, uint K)
{
	uint b = t * tile, last = t + 1 == tiles;
	uint head0 = t ? segfix_head0(flags, t, tile) : 1u;
	uint next0 = last ? 1u : segfix_head0(flags, t + 1, tile);
	if (last && k == 0)
		*count = pre + tc;
	if (k == 0 && !head0 && (tc || next0))
		out[pre - 1] = OP(before, scratch[b - 1]);
	/* Slots 1 .. tc - 1, and tc when its segment ends here. */
	uint whole = tc && !next0 ? tc - 1 : tc;
	for (uint j = 1 + k; j <= whole; j += K)
		out[pre - 1 + j] = scratch[b - 1 + j];
}

/* --numbering deferred, after the scan of the pairs: tile t's segments
 * from its slots of the scratch (segfix_pre) to out, by SEG_PLACE_P
 * work-items a tile (the group size is free: a tile's work-items need not
 * share a group). With pre the heads before the tile (the scanned count of
 * tile t - 1) and tc its own, slot j (0 .. tc) holds segment pre - 1 + j:
 * j = 0 the tile's part of the segment running into it, completed with
 * the scanned value of tile t - 1 when its end lies in the tile, as
 * segreduce_fixup; 1 .. tc - 1 whole; tc whole when its end lies in the
 * tile (the tile is the last, or the next starts with a head), else a
 * later tile's slot 0 completes it. The last tile writes the number of
 * segments. */
#define SEG_PLACE_P 32
kernel void segreduce_place(global const uint *flags, global const T *scratch, global T *out,
			    global uint *count, global const uint2 *pair, uint tile, uint tiles)
{
	uint t = get_global_id(0) / SEG_PLACE_P, lane = get_global_id(0) % SEG_PLACE_P;
	if (t >= tiles)
		return;
	uint pre = t ? pair[t - 1].x : 0u;
	segfix_move(flags, scratch, out, count, tile, tiles, t, pre, pair[t].x - pre,
		    t ? SEG_AS_T(pair[t - 1].y) : IDENT, lane, SEG_PLACE_P);
}

/* segreduce_place for few tiles, with no scan before it: a work-group per
 * tile t folds the unscanned pairs of the tiles before it itself (each
 * work-item a run of them in order, then the group scan's total), which
 * reads t pairs a tile, t^2 / 2 in all: one launch in place of the scan's
 * and the move's two or more, for a small input (the host's choice).
 * Then its work-items move the tile's segments as segreduce_place's.
 * Local memory: sc and sv, 2L each. */
kernel void segreduce_place1(global const uint *flags, global const T *scratch, global T *out,
			     global uint *count, global const uint2 *pair, uint tile, uint tiles,
			     local uint *sc, local T *sv)
{
	uint lid = get_local_id(0), L = get_local_size(0), t = get_group_id(0);
	uint per = (t + L - 1) / L, j0 = min(lid * per, t), j1 = min(j0 + per, t);
	uint c = 0;
	T v = IDENT;
	for (uint j = j0; j < j1; j++) {
		uint2 p = pair[j];
		v = p.x ? SEG_AS_T(p.y) : OP(v, SEG_AS_T(p.y));
		c += p.x;
	}
	uint pc, pre;
	T pv, before;
	seg_group_scan(sc, sv, c, v, &pc, &pv, &pre, &before);
	segfix_move(flags, scratch, out, count, tile, tiles, t, pre, pair[t].x, before, lid, L);
}
#endif /* cl_khr_int64_base_atomics */

/* ---- the segments by their offsets: a work-group a segment ----------- */

/* --segments offsets: segment s is in[off[s]] .. in[off[s + 1] - 1]
 * (off[0] = 0, off[m] = n; an empty segment gives IDENT), as CUB's
 * DeviceSegmentedReduce takes them. Work-group g takes segments g, g + G,
 * g + 2G, ... (G groups): its work-items fold the segment's elements
 * L apart, four loads issued before their sum (reduce_items' reason),
 * group_reduce combines the L partials and work-item 0 writes out[s]. No
 * group waits on another and each segment is read once, but a segment
 * takes one group however long it is: a few long segments leave the rest
 * of the device idle (the flags' kernels balance their tiles instead).
 * Work-item 0 of group 0 writes the number of segments, m, to count. */
kernel void segreduce_offsets(global const T *in, global const uint *off, global T *out,
			      global uint *count, uint m, local T *s)
{
	uint L = (uint)get_local_size(0), lid = (uint)get_local_id(0);
	uint G = (uint)get_num_groups(0);
	if (get_global_id(0) == 0)
		*count = m;
	for (uint seg = (uint)get_group_id(0); seg < m; seg += G) {
		uint end = off[seg + 1], i = off[seg] + lid;
		T acc = IDENT;
		for (; i + 3 * L < end; i += 4 * L) {
			T a = in[i], b = in[i + L], c = in[i + 2 * L], d = in[i + 3 * L];
			acc = OP(acc, OP(OP(a, b), OP(c, d)));
		}
		for (; i < end; i += L)
			acc = OP(acc, in[i]);
		group_reduce(s, acc);
		if (lid == 0)
			out[seg] = s[0];
		/* s[0] read before the next segment's group_reduce writes s. */
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

/* ---- segment numbers: a uint sum-scan of flag counts ------------------ */

/* Exclusive sum-scan of m uints block by block (Hillis-Steele, s holds 2L),
 * block totals to sums. With popc the elements are the popcounts of the
 * packed flag words in `in`, element 0's flag counted as set. */
kernel void usum_block(global const uint *in, global uint *out, global uint *sums, uint m, int popc,
		       local uint *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	uint x = 0;
	if (i < m)
		x = popc ? popcount(in[i] | (i == 0 ? 1u : 0u)) : in[i];
	s[lid] = x;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint pin = 0;
	for (uint d = 1; d < L; d <<= 1) {
		uint a = pin * L + lid, b = (1 - pin) * L + lid;
		s[b] = lid >= d ? s[a - d] + s[a] : s[a];
		barrier(CLK_LOCAL_MEM_FENCE);
		pin = 1 - pin;
	}
	uint incl = s[pin * L + lid];
	if (i < m)
		out[i] = incl - x;
	if (lid == L - 1)
		sums[get_group_id(0)] = incl;
}

/* a[i] += sums[block of i]: the exclusively scanned block totals, in
 * work-groups of usum_block's L as seg_add. */
kernel void usum_add(global uint *a, global const uint *sums, uint m)
{
	size_t i = get_global_id(0);
	if (i < m)
		a[i] += sums[get_group_id(0)];
}

/* One work-item per flag word w, for the 32 elements it covers: each
 * segment end i among them (i = n - 1, or flag i + 1 set) writes its value
 * (the inclusive segmented scan at i) to out[seg(i)]. Reading the scan at
 * the ends only moves about 3n/32 + 2 nseg words, where a work-item per
 * element would read 2n. The last word's work-item also writes the number
 * of segments to count[0]. wpre holds the exclusive sum-scan of the words'
 * popcounts (element 0's flag counted as set). */
kernel void seg_ends(global const T *scan, global const uint *flags, global const uint *wpre,
		     global T *out, global uint *count, uint n)
{
	uint w = get_global_id(0), nw = (n + 31) / 32;
	if (w >= nw)
		return;
	uint word = flags[w];
	/* Bit b: element 32w + b ends a segment. Bits past n - 1 stay clear,
	 * for the host leaves the packed words' unused bits clear. */
	uint ends = word >> 1;
	if (w + 1 < nw)
		ends |= flags[w + 1] << 31;
	else
		ends |= 1u << ((n - 1) & 31);
	if (w == 0)
		word |= 1u;
	while (ends) {
		uint b = 31 - clz(ends & (0u - ends)); /* the lowest end; OpenCL 1.2 has no ctz */
		/* Bits 0..b: 2u << 31 is 0 in unsigned arithmetic, so the mask
		 * of bit 31 is all ones. */
		uint seg = wpre[w] + popcount(word & ((2u << b) - 1u)) - 1;
		out[seg] = scan[32 * w + b];
		ends &= ends - 1;
	}
	if (w == nw - 1)
		count[0] = wpre[w] + popcount(word);
}
