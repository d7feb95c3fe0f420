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
 * With L work-items a block: W = n log2 L + n per level, levels of
 * n, n/L, n/L^2, ..., so W = O(n log L) and D = (log2 L + 1) log_L n
 * = log2 n + log_L n pair steps.
 *
 * The segmented reduction scans inclusively and then writes the value of
 * each segment's last element i (i = n - 1, or flag i + 1 set) to
 * out[seg(i)], the segment's number, from the packed flags by popcount:
 *   seg(i) = wpre[i / 32] + popcount(word & bits 0..i%32 of it) - 1,
 * where wpre is the exclusive sum-scan of the words' popcounts (n / 32 of
 * them; usum_block and usum_add, a plain uint sum whatever the build's
 * operator is). seg_ends also writes the number of segments. W = the
 * scan's + n/32 (log2 L + 2) + n, D = the scan's + the count scan's
 * (log2 L + 1) log_L (n/32) + 1; the count scan runs independently of the
 * segmented scan.
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
		if (lid >= d) {
			s[b] = sf[a] ? s[a] : OP(s[a - d], s[a]);
			sf[b] = sf[a - d] | sf[a];
		} else {
			s[b] = s[a];
			sf[b] = sf[a];
		}
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

/* a holds n elements scanned block by block (blocks of `block`); carry
 * their blocks' carries, scanned, then the heads. */
kernel void seg_add(global T *a, global const T *carry, uint n, uint block)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint g = i / block;
	global const uint *heads = (global const uint *)(carry + (n + block - 1) / block);
	if (g > 0 && i - (size_t)g * block < heads[g])
		a[i] = OP(carry[g - 1], a[i]);
}

/* ---- segment numbers: a uint sum-scan of flag counts ------------------ */

/* Exclusive sum-scan of m uints block by block (Hillis-Steele, s holds 2L),
 * block totals to sums. With popc the elements are the popcounts of the
 * packed flag words in `in`, element 0's flag counted as set. */
kernel void usum_block(global const uint *in, global uint *out, global uint *sums, uint m,
		       int popc, local uint *s)
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

/* a[i] += sums[i / block]: the exclusively scanned block totals. */
kernel void usum_add(global uint *a, global const uint *sums, uint m, uint block)
{
	size_t i = get_global_id(0);
	if (i < m)
		a[i] += sums[i / block];
}

/* Each segment's last element i writes the segment's value (the inclusive
 * segmented scan at i) to out[seg(i)]; element n - 1 also writes the number
 * of segments to count[0]. wpre holds the exclusive sum-scan of the words'
 * popcounts. */
kernel void seg_ends(global const T *scan, global const uint *flags, global const uint *wpre,
		     global T *out, global uint *count, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	size_t w = i >> 5;
	uint word = flags[w] | (w == 0 ? 1u : 0u);
	/* Bits 0..i%32: 2u << 31 is 0 in unsigned arithmetic, so the mask of
	 * bit 31 is all ones. */
	uint below = word & ((2u << (i & 31)) - 1u);
	uint seg = wpre[w] + popcount(below) - 1;
	if (i == n - 1) {
		out[seg] = scan[i];
		count[0] = seg + 1;
	} else if (flag_at(flags, i + 1)) {
		out[seg] = scan[i];
	}
}
