/*
 * reduce_segmented.cl - the kernels of "reduce-segmented": one value per
 * segment (flags packed as in segmented.clh), for the build's operator.
 * The tuned kernels (segreduce_onepass, segreduce_warp and
 * segreduce_tile_heads, whose counts usum_block and usum_add scan) are in
 * segmented_onepass.clh, after lookback.clh's onepass_init; the teaching
 * ones follow.
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
