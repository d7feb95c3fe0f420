/*
 * segmented.cl - segmented scan and segmented reduction of n 32-bit
 * elements: flags mark where segments start (packed 32 to a uint, flag_at
 * in common.clh; element 0 always starts one) and the scan or reduction runs
 * within each segment, for the build's operator (sum, max or min).
 *
 * The notes' segmented scan, in the shape of their "Working on Arbitrary
 * Length Input", on (flag, value) pairs with the segmented operator
 *
 *     (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a OP b)
 *
 * which is associative, so Hillis-Steele's doubling applies to it:
 *   seg_block   one element per work-item: segmented Hillis-Steele over the
 *               L pairs of the block, double-buffered in local memory (s
 *               holds 2L values, sf 2L flags). Each block writes its carry
 *               (the value since its last flag) and its head (the offset of
 *               its first flag, or NO_HEAD) to the level's scratch buffer.
 *               The exclusive scan is the inclusive scan of x' with the
 *               same flags, x'[i] = flag i ? IDENT : x[i - 1] (shift = 1).
 *   seg_add     the carries, scanned the same way, go back: element i of
 *               block g > 0 that comes before the block's head becomes
 *               carry[g - 1] OP element i; elements from the head on
 *               belong to segments that start inside the block.
 * A level's scratch buffer holds its m carries, then their m heads: one
 * uint a block rather than packed bits, for they are only n / L words and
 * the head is what seg_add needs. The next level reads a head != NO_HEAD
 * as its element's flag (packed = 0), and its own element 0 counts as
 * flagged, which changes nothing there: nothing comes before it.
 *
 * With L work-items a block, a level of m elements does m log2 L pair
 * operations (the notes' Hillis-Steele count, L log2 L - L + 1 a block)
 * and m add-backs, and the levels shrink by L: W ~ n (log2 L + 1) L/(L-1),
 * O(n log L), work-efficient for a fixed L, while the flat segmented
 * Hillis-Steele of the PRAM program does n log2 n. D = log2 L + 1 steps
 * a level times ceil(log_L n) levels, about log2 n + log_L n. The
 * exclusive shift is part of the load and costs no step.
 *
 * The segmented reduction scans inclusively into scratch; each segment's
 * last element i (i = n - 1, or flag i + 1 set) gives its value to
 * out[seg(i)], seg(i) its segment's number, from the packed flags by
 * popcount:
 *   seg(i) = wpre[i / 32] + popcount(word i / 32, bits 0 .. i % 32) - 1,
 * with element 0's flag counted as set and wpre the exclusive sum-scan of
 * the words' popcounts:
 *   usum_block, usum_add  a plain uint sum-scan, whatever the build's
 *               operator is, in the same recursive shape, of nw = n / 32
 *               words: W ~ nw (log2 L + 2), independent of the segmented
 *               scan and shallower, so on the PRAM it runs alongside.
 *   seg_ends    one work-item per flag word writes the ends among its 32
 *               elements, one after the other, and the last word's the
 *               number of segments: W = nw + nseg, D <= 32.
 * So W = the scan's + n/32 (log2 L + 3) + nseg and D = the scan's + 32 at
 * most. Both rely on the host's clear bits past n in the last flag word.
 *
 * Build options: -DOP_SUM, -DOP_MAX or -DOP_MIN; -DIS_FLOAT for floats.
 * L must be a power of two. OpenCL C 1.2.
 */

#include "common.clh"

/* The head of a block without a flag: no offset is as large. */
#define NO_HEAD 0xffffffffu

/* Element i's flag: bit i of the packed words at level 0, a head of the
 * level below otherwise. */
uint seg_flag(global const uint *flags, uint foff, int packed, size_t i)
{
	if (i == 0)
		return 1;
	return packed ? flag_at(flags, i) : flags[foff + i] != NO_HEAD;
}

/* in and out may be the same buffer (levels above 0, where shift is 0 and
 * each work-item reads only its own element). carry has room for 2 *
 * get_num_groups(0) elements. */
kernel void seg_block(global const T *in, global T *out, global const uint *flags, uint foff,
		      int packed, global T *carry, uint n, int shift, local T *s, local uint *sf)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	/* size_t, not uint: uint i - 1 may wrap, so PoCL's vectoriser cannot
	 * tell that consecutive work-items read consecutive words, and the
	 * kernel ran twice as long. */
	size_t g = get_group_id(0), i = get_global_id(0);
	uint f = 0;
	T x = IDENT; /* the padding of the last block: (0, IDENT) changes nothing */
	if (i < n) {
		f = seg_flag(flags, foff, packed, i);
		x = !shift ? in[i] : f ? IDENT : in[i - 1];
	}
	s[lid] = x;
	sf[lid] = f;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint pin = 0; /* which half of s and sf holds the current pairs */
	for (uint d = 1; d < L; d <<= 1) {
		uint a = pin * L + lid, b = (1 - pin) * L + lid;
		/* Reads from one half, writes to the other: one barrier a step. */
		T y = s[a];
		uint fy = sf[a];
		if (lid >= d) {
			y = fy ? y : OP(s[a - d], y);
			fy |= sf[a - d];
		}
		s[b] = y;
		sf[b] = fy;
		barrier(CLK_LOCAL_MEM_FENCE);
		pin = 1 - pin;
	}
	T v = s[pin * L + lid];
	uint fi = sf[pin * L + lid]; /* a flag at or before lid in the block */
	if (i < n)
		out[i] = v;
	global uint *heads = (global uint *)(carry + get_num_groups(0));
	/* The head is where the running flag turns on; the last work-item
	 * says when it never does. Either way one work-item writes. */
	if (fi && (lid == 0 || !sf[pin * L + lid - 1]))
		heads[g] = lid;
	if (lid == L - 1) {
		carry[g] = v;
		if (!fi)
			heads[g] = NO_HEAD;
	}
}

/* a holds n elements scanned block by block, carry their blocks' carries
 * (scanned) and then heads. Run in work-groups of seg_block's L, so that
 * group g is block g: no division, which a CPU does not vectorise. */
kernel void seg_add(global T *a, global const T *carry, uint n)
{
	size_t i = get_global_id(0);
	uint g = get_group_id(0);
	global const uint *heads = (global const uint *)(carry + get_num_groups(0));
	if (i < n && g > 0 && get_local_id(0) < heads[g])
		a[i] = OP(carry[g - 1], a[i]);
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
