/*
 * jfa_reduce.cl - the kernels of "jfa-reduce" (src/algos/jfa_reduce.c has
 * the PRAM program and why its passes are right): the reduction of every
 * partition of a flagged stream by jump flooding, for the build's
 * operator.
 *
 *   count_block, count_add  the count scan of the packed flags (count.clh):
 *               f(i) = the flags set before i, so key(i) = f(i) + flag i is
 *               the number of partitions that start at or before i, the
 *               same for the elements of one partition and no other
 *   jfa_load    c(i) = x(i), or x(i) != 0 for a count
 *   jfa_pass    one launch per pass, steps s = b^(K-1), ..., 1 (b = 2 for
 *               3 samples, 4 for 7): each work-item reads the pairs i + t s,
 *               i - (b - t) s, t = 1 .. b - 1, that lie in its partition;
 *               max and min combine both of a pair, a sum (a count) only
 *               the first that lies there, since the two hold the same
 *               value. The PRAM program's two steps a pass (the samples,
 *               each a processor, then their combination) are one
 *               work-item's loop here.
 *   jfa_finish  y(i) = c(i); where a partition starts its value goes to
 *               out, at the partition's number
 *
 * A pass reads c, f and the packed flags and writes c: about 12 bytes in
 * and 4 out an element, the samples from the cache.
 *
 * Tuned, while the reach of all K passes, H = b^K - 1, is at most
 * JT_HALO_MAX (m <= 512 with 3 samples, 256 with 7), one pass over the
 * data; local memory stays under the 32 KiB every device has. jfa_tile loads a tile of
 * JT_TILE elements with H more on each side (the halo) into local memory,
 * numbers the partitions of that window by a work-group scan of its flags,
 * runs all K passes there and writes the tile's results: an element's
 * result depends only on elements within H of it, so the halo's own
 * (wrong, clipped) values never reach the tile. The partition numbers of
 * out come from flag_word_counts (count.clh) and a scan of the flag words' popcounts (n / 8
 * bytes each way). So x is read once (plus 2H / JT_TILE for the halos), y
 * written once: about 8 bytes an element. Element 0 starts a partition
 * whatever its bit says. OpenCL C 1.2.
 */
#include "count.clh"

/* The partitions that start at or before i, less one when bit 0 is clear
 * (element 0 starts one anyway): the number of i's partition, plus bit 0. */
uint jfa_key(global const uint *f, global const uint *flags, long i)
{
	return f[i] + flag_at(flags, i);
}

kernel void jfa_load(global const T *x, global T *c, uint n, int count)
{
	size_t i = get_global_id(0);
	if (i < n)
		c[i] = count ? (T)(x[i] != 0) : x[i];
}

/* dst(i) = src(i) combined with its samples at step s, base b; pick: a
 * sum, one element of each pair. */
kernel void jfa_pass(global const T *src, global T *dst, global const uint *f,
		     global const uint *flags, uint n, uint s, uint b, int pick)
{
	long i = get_global_id(0);
	if (i >= n)
		return;
	uint key = jfa_key(f, flags, i);
	T v = src[i];
	for (uint t = 1; t < b; t++) {
		long a = i + (long)t * s, z = i - (long)(b - t) * s;
		int ina = a < n && jfa_key(f, flags, a) == key;
		int inz = z >= 0 && jfa_key(f, flags, z) == key;
		if (ina)
			v = OP(v, src[a]);
		if (inz && !(pick && ina))
			v = OP(v, src[z]);
	}
	dst[i] = v;
}

kernel void jfa_finish(global const T *c, global const uint *f, global const uint *flags,
		       global T *y, global T *out, uint n)
{
	long i = get_global_id(0);
	if (i >= n)
		return;
	T v = c[i];
	y[i] = v;
	if (i == 0 || flag_at(flags, i))
		out[jfa_key(f, flags, i) - flag_at(flags, 0)] = v;
}

/* ---- tuned: every pass in local memory -------------------------------- */

#define JT_TILE     1024
#define JT_HALO_MAX 511
#define JT_WIN      (JT_TILE + 2 * JT_HALO_MAX + 2)
#define JT_WG_MAX   256

/* The tile get_group_id(0) of JT_TILE elements and its halo of H on each
 * side, K passes of base b (pick: a sum), in work-groups of at most
 * JT_WG_MAX; wpre holds the exclusive scan of flag_word_counts'. */
kernel void jfa_tile(global const T *x, global const uint *flags, global const uint *wpre,
		     global T *y, global T *out, uint n, uint H, uint K, uint b, int pick,
		     int count)
{
	local T v0[JT_WIN], v1[JT_WIN];
	local uint key[JT_WIN], part[JT_WG_MAX];
	uint lid = get_local_id(0), L = get_local_size(0);
	long w0 = (long)get_group_id(0) * JT_TILE - (long)H;
	uint win = JT_TILE + 2 * H, per = (win + L - 1) / L;
	/* Load a run of the window per work-item, counting its flags. */
	uint cnt = 0, e0 = min(lid * per, win), e1 = min(e0 + per, win);
	for (uint e = e0; e < e1; e++) {
		long g = w0 + e;
		T v = (T)0;
		if (g >= 0 && g < n) {
			v = x[g];
			if (count)
				v = (T)(v != (T)0);
			cnt += g == 0 ? 1u : flag_at(flags, g);
		}
		v0[e] = v;
		key[e] = cnt;
	}
	part[lid] = cnt;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < L; d <<= 1) {
		uint t = lid >= d ? part[lid - d] : 0u;
		barrier(CLK_LOCAL_MEM_FENCE);
		part[lid] += t;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	for (uint e = e0; e < e1; e++)
		key[e] += part[lid] - cnt;
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The passes, as jfa_pass on the window. */
	local T *src = v0, *dst = v1;
	uint s = 1;
	for (uint k = 1; k < K; k++)
		s *= b;
	for (uint p = 0; p < K; p++) {
		for (uint e = lid; e < win; e += L) {
			T v = src[e];
			uint k = key[e];
			for (uint t = 1; t < b; t++) {
				long ea = (long)e + (long)t * s, ez = (long)e - (long)(b - t) * s;
				int ina = ea < win && w0 + ea < n && key[ea] == k;
				int inz = ez >= 0 && w0 + ez >= 0 && key[ez] == k;
				if (ina)
					v = OP(v, src[ea]);
				if (inz && !(pick && ina))
					v = OP(v, src[ez]);
			}
			dst[e] = v;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		local T *tmp = src;
		src = dst;
		dst = tmp;
		s /= b;
	}
	for (uint e = H + lid; e < H + JT_TILE; e += L) {
		long g = w0 + e;
		if (g >= n)
			break;
		T v = src[e];
		y[g] = v;
		uint w = (uint)(g >> 5), word = flags[w] | (w == 0 ? 1u : 0u);
		if ((word >> (g & 31)) & 1u)
			out[wpre[w] + popcount(word & ((2u << (g & 31)) - 1u)) - 1] = v;
	}
}
