/*
 * compact.cl - the kernels of "compact", stream compaction, an application
 * of scan from the notes.
 *
 * Teaching (compact_scatter after a count scan): the count scan of the
 * packed flags gives each kept element its place; the total, the output's
 * length, is again the top level's block total.
 *
 * Tuned (compact_onepass, one launch a run): one pass with decoupled
 * look-back (lookback.clh) over the tiles' kept counts; each tile counts
 * its flags, finds the kept elements before it and writes its own kept
 * values at their final places. Left out without 64-bit atomics, and
 * unless PP is a multiple of 4 and at most 32 (a chunk's flags fill at
 * most one word); the host refuses the job then, saying why.
 *
 * The elements are only moved, so they travel as uint bits, whatever the
 * data type. Build options: those of common.clh and -DPP=k elements per
 * work-item (of the count scan, or of the tuned pass). OpenCL C 1.2.
 */

#include "count.clh"
#include "lookback.clh"

/* ---- teaching --------------------------------------------------------- */

/* f: the exclusive scan of the flags, so a kept element's place. */
kernel void compact_scatter(global const uint *in, global const uint *flags, global const uint *f,
			    global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && flag_at(flags, i))
		out[f[i]] = in[i];
}

/* ---- tuned: one pass -------------------------------------------------- */

#if defined(HAVE_LOOKBACK) && PP % 4 == 0 && PP <= 32
#define HAVE_COMPACT_ONEPASS 1

/* count_publish and count_lookback: the look-back over kept counts. */
#define AS_COUNT(x) ((uint)(x))
LOOKBACK_FUNCTIONS(count, uint, 0u, COUNT_ADD, AS_COUNT, AS_COUNT)

/* The keep flags of elements s .. s + len - 1 (len from 1 to 32) as the low
 * bits of one word: at most two words of the packed flags, since s need not
 * start a word. */
uint flag_bits(global const uint *flags, uint s, uint len)
{
	uint w = s >> 5, sh = s & 31, m = flags[w] >> sh;
	if (sh + len > 32) /* then sh > 0 */
		m |= flags[w + 1] << (32 - sh);
	return len < 32 ? m & ((1u << len) - 1) : m;
}

/* The one-pass compaction. Each work-group takes the next tile of L*PP
 * elements by ticket (lookback.clh). Work-item lid owns the chunk of PP
 * consecutive elements from lid*PP: its keep flags are one word of bits
 * (mask[lid]), so its count is a popcount, and a work-group scan of the
 * counts gives each chunk's first place in the tile (pre[lid]). The tile's
 * count is published as soon as it is known; the values, loaded before
 * the scan with 4-wide loads in the coalesced order (element 4 (lid + kL)
 * + j), arrive while the work-group scans. Each kept value then goes to
 * its place in the tile, pre of its chunk plus the kept elements before it
 * in the chunk (a popcount of the mask below it), in local memory, and
 * only then does the first warp look back for the kept elements before
 * the tile (it once looked back first), so that after the wait the
 * tile's kept values just leave, in one contiguous run of coalesced stores
 * (0.560 against 0.663 ms on an H100, n = 2^28, half kept). The last tile
 * writes the number kept to count[0]. Reads n values and n/32
 * flag words, writes the kept values: for half kept, 1.53 n words. */
kernel void compact_onepass(global const uint *in, global const uint *flags, global uint *out,
			    global uint *count, global ulong *status, global uint *ticket, uint base0,
			    uint epoch, uint n, local uint *keep, local uint *meta)
{
	local uint t_sh, prefix_sh;
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	local uint *pre = meta, *mask = meta + L, *tot = meta + 2 * L;
	uint t = onepass_tile(ticket, base0, &t_sh), base = t * TILE, cnt = min(TILE, n - base), first = lid * PP;
	uint m = first < cnt ? flag_bits(flags, base + first, min((uint)PP, cnt - first)) : 0;
	uint x[PP];
	if (cnt == TILE) {
		global const uint4 *in4 = (global const uint4 *)in;
		for (uint k = 0; k < PP / 4; k++) {
			uint4 v = in4[base / 4 + lid + k * L];
			x[4 * k] = v.s0;
			x[4 * k + 1] = v.s1;
			x[4 * k + 2] = v.s2;
			x[4 * k + 3] = v.s3;
		}
	} else {
		for (uint k = 0; k < PP / 4; k++)
			for (uint j = 0; j < 4; j++) {
				uint e = 4 * (lid + k * L) + j;
				x[4 * k + j] = e < cnt ? in[base + e] : 0u;
			}
	}
	uint total, p = group_count_excl(tot, popcount(m), &total);
	pre[lid] = p;
	mask[lid] = m;
	if (lid == 0)
		count_publish(status, t, total, epoch);
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Elements past cnt have no bit in their chunk's mask. */
	for (uint k = 0; k < PP / 4; k++)
		for (uint j = 0; j < 4; j++) {
			uint e = 4 * (lid + k * L) + j, c = e / PP, b = e % PP, mc = mask[c];
			if ((mc >> b) & 1u)
				keep[pre[c] + popcount(mc & ((1u << b) - 1))] = x[4 * k + j];
		}
	count_lookback_group(status, t, total, epoch, &prefix_sh);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint prefix = prefix_sh;
	for (uint j = lid; j < total; j += L)
		out[prefix + j] = keep[j];
	if (lid == 0 && base + cnt == n)
		*count = prefix + total;
}
#endif /* HAVE_COMPACT_ONEPASS */
