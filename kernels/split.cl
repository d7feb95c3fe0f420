/*
 * split.cl - the kernels of "split", an application of scan from the notes:
 * radix sort's stable split by bit 0. The 0-scan f_i = number of 0 bits
 * among a_0 .. a_(i-1), F the total of 0 bits; a_i goes to f_i when its bit
 * is 0 and to F + (i - f_i) when it is 1, since i - f_i ones precede it.
 *
 * Teaching (split_scatter after a count scan): the 0-scan is the count scan
 * of the inverted bits, read straight from the keys (the notes' "native
 * 0-scan", no array of bits in between); F is the top level's block total.
 *
 * Tuned (split_count, split_place): no 1-element can be
 * placed before F is known, and F depends on every key, so one pass cannot
 * both find F and write a key. (Writing the ones from the end does not
 * help: n minus the ones at or after i needs the total as much.) Two
 * passes over the tiles of L*PP keys, then:
 *   split_count  reads the keys once, each tile counting its 0 bits, and
 *                the tiles' counts are scanned by decoupled look-back
 *                (lookback.clh): at its end every tile's status word holds
 *                the 0 bits up to and including it, the last one F. Only
 *                reads, and a group holds no tile, so many run at once to
 *                cover the look-back's latency.
 *   split_place  reads the keys again and moves them: each tile finds its
 *                zeros' and ones' first places from the status words
 *                (nothing to wait for), splits itself in local memory (a
 *                work-group scan of its chunks' 0 counts) and writes its
 *                two runs, zeros and ones, with coalesced stores.
 * 3n words in all (n read, n read and written), where one scan and a
 * scatter after a separate reduction would move as many but wait on a
 * look-back in the pass that holds a tile in local memory.
 *
 * The keys are only moved, so they travel as uint bits. Build options:
 * those of common.clh and -DPP=k elements per work-item (of the count scan
 * or the tuned passes). The tuned kernels need 64-bit atomics; without
 * them they are left out and the host says so. OpenCL C 1.2.
 */

#include "count.clh"
#include "lookback.clh"

/* ---- teaching --------------------------------------------------------- */

/* f: the exclusive 0-scan; total[0]: F, the number of 0 bits. */
kernel void split_scatter(global const uint *in, global const uint *f, global const uint *total,
			  global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint a = in[i], fi = f[i];
	out[a & 1u ? total[0] + ((uint)i - fi) : fi] = a;
}

/* ---- tuned: a counting pass, then a placing pass ---------------------- */

#ifdef HAVE_LOOKBACK

/* count_publish and count_lookback: the look-back over 0 counts. */
#define AS_COUNT(x) ((uint)(x))
LOOKBACK_FUNCTIONS(count, uint, 0u, COUNT_ADD, AS_COUNT, AS_COUNT)

/* Pass 1: tile t (by ticket) counts its 0 bits with 4-wide loads and a
 * work-group reduction in red (L words); work-item 0 publishes the count
 * and looks back, leaving the inclusive count in status[t]. */
kernel void split_count(global const uint *in, global ulong *status, global uint *ticket, uint base0,
			uint epoch, uint n, local uint *red)
{
	local uint t_sh, prefix_sh; /* the prefix is not needed: split_place reads F */
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint t = onepass_tile(ticket, base0, &t_sh), base = t * TILE, cnt = min(TILE, n - base), z = 0;
	if (cnt == TILE && TILE % 4 == 0) {
		global const uint4 *in4 = (global const uint4 *)in + base / 4;
		/* Component by component: Oclgrind's uninitialised-value check
		 * crashes on the vector operations. With PP a multiple of 4 every
		 * load is issued before the first add, which waits for it
		 * (lookback.clh's LOAD_TILE says why). */
		if (PP % 4 == 0) {
			uint4 x[PP / 4 > 0 ? PP / 4 : 1];
			for (uint q = 0; q < PP / 4; q++)
				x[q] = in4[q * L + lid];
			for (uint q = 0; q < PP / 4; q++)
				z += (~x[q].s0 & 1u) + (~x[q].s1 & 1u) + (~x[q].s2 & 1u) +
				     (~x[q].s3 & 1u);
		} else {
			for (uint v = lid; v < TILE / 4; v += L) {
				uint4 x = in4[v];
				z += (~x.s0 & 1u) + (~x.s1 & 1u) + (~x.s2 & 1u) + (~x.s3 & 1u);
			}
		}
	} else {
		for (uint e = lid; e < cnt; e += L)
			z += ~in[base + e] & 1u;
	}
	red[lid] = z;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = L / 2; s > 0; s >>= 1) {
		if (lid < s)
			red[lid] += red[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	count_publish_lookback(status, t, red[0], epoch, &prefix_sh);
}

/* Pass 2: tile t (by group: it waits for nothing) reads its zeros' first
 * place zb and F from split_count's inclusive counts, loads its keys into
 * local memory, each work-item counts the 0 bits of its PP consecutive
 * keys, a work-group scan of those counts gives each chunk's first zero
 * and first one in the tile, the keys go to their places in the split tile
 * (zeros, then ones), and the tile leaves as two runs: zeros from zb, ones
 * from F plus the ones before the tile. L*PP + L*PP/32 + 1 words of local
 * memory in tile, L in tot. */
kernel void split_place(global const uint *in, global uint *out, global const ulong *status, uint n,
			uint tiles, local uint *tile, local uint *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint t = get_group_id(0), base = t * TILE, cnt = min(TILE, n - base);
	uint zb = t ? (uint)status[t - 1] : 0u, F = (uint)status[tiles - 1];
	LOAD_TILE(tile, in, uint4, base, cnt, TILE, lid, L, 0u);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint r[PP], first = lid * PP, z = 0;
	for (uint j = 0; j < PP; j++) {
		r[j] = tile[PAD(first + j)];
		z += first + j < cnt ? ~r[j] & 1u : 0u;
	}
	/* Every work-item has read its keys before the scan's first barrier,
	 * so the tile is free to take the split keys after it. */
	uint Z, zp = group_count_excl(tot, z, &Z), op = Z + first - zp;
	for (uint j = 0; j < PP; j++) {
		if (first + j >= cnt)
			break;
		uint to = r[j] & 1u ? op++ : zp++;
		tile[PAD(to)] = r[j];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	uint ob = F + (base - zb); /* the first one's place: F plus the ones before the tile */
	for (uint e = lid; e < cnt; e += L)
		out[e < Z ? zb + e : ob + (e - Z)] = tile[PAD(e)];
}
#endif /* HAVE_LOOKBACK */
