/*
 * jfa_reduce.cl - the kernels of "jfa-reduce" (algos/jfa_reduce.c has
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
 * Tuned, while the reach of all K passes, H = b^K - 1, leaves a tile of at
 * least H between the halos of a window of PP L elements (L the group's
 * work-items), one pass over the data. jfa_tile loads the window (the tile
 * and H more on each side) into registers and local memory, finds each
 * element's partition within it from the flag words, runs all K passes
 * there, each only over what the passes after it still need, and writes
 * the tile's results: an element's result depends only on elements within
 * H of it, so the halo's own (wrong, clipped) values never reach the tile.
 * The partition numbers of out come from flag_word_counts (count.clh) and
 * a scan of the flag words' popcounts (n / 8 bytes each way). So x is read
 * once (plus 2H / TL for the halos), y written once: about 8 bytes an
 * element. Element 0 starts a partition whatever its bit says. OpenCL C
 * 1.2.
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

/* The number of trailing zeros of x != 0 (OpenCL C 1.2 has no ctz). */
inline uint jt_ctz(uint x)
{
	return 31u - clz(x & (0u - x));
}

/* The start bits of the window's word w: bit i says that window element
 * 32 w + i starts a partition, global element g = w0 + 32 w + i. Elements
 * at or before 0 and from n on (and past the window's W) count as starts,
 * each its own partition: their values never reach a real element. */
inline uint jt_word(global const uint *flags, long w0, uint w, uint W, uint n)
{
	long g0 = w0 + 32 * (long)w;
	if (g0 > 0 && g0 + 31 < (long)n && 32 * w + 31 < W) {
		uint sh = (uint)(g0 & 31);
		size_t fw = (size_t)(g0 >> 5);
		uint bits = flags[fw] >> sh;
		if (sh)
			bits |= flags[fw + 1] << (32 - sh);
		return bits;
	}
	uint bits = 0;
	for (uint i = 0; i < 32; i++) {
		long g = g0 + i;
		int st = g <= 0 || g >= (long)n || 32 * w + i >= W || flag_at(flags, g);
		bits |= (uint)st << i;
	}
	return bits;
}

/* c, element e's value, combined with its samples at step s, base b, those
 * in its partition [lo, hi]; pick: a sum, the pair's first element in the
 * partition, never both (as jfa_pass). */
inline T jt_samples(T c, local const T *val, int e, int s, int lo, int hi, int b, int pick)
{
	for (int t = 1; t < b; t++) {
		int ea = e + t * s, ez = e - (b - t) * s;
		int ina = ea <= hi, inz = ez >= lo;
		if (pick) {
			if (ina || inz)
				c = OP(c, val[ina ? ea : ez]);
		} else {
			if (ina)
				c = OP(c, val[ea]);
			if (inz)
				c = OP(c, val[ez]);
		}
	}
	return c;
}

/*
 * The window: W = PP L elements, work-item lid owning e = lid, lid + L, ...,
 * lid + (PP - 1) L (coalesced loads and stores, and conflict-free local
 * reads at e +- t s). The tile is its middle TL = W - 2 H elements, global
 * get_group_id(0) TL on, with H = b^K - 1, the reach of all K passes, on
 * each side.
 *
 * Once a tile: the start bits of the window, 32 to a word (wb), and by a
 * work-group scan of the words each element's partition, clipped to the
 * window: lo, the last start at or before it, and hi, one before the next
 * start after it, in registers. A sample e + d then lies in e's partition
 * iff lo <= e + d <= hi: a compare, not two key reads. Clipping does no
 * harm: every sample a tile element's result depends on lies within H of
 * it, and a partition is at most b^K = H + 1 long.
 *
 * The passes keep every owned value in a register; local memory (val)
 * holds the last pass's values for the samples. The pass of step s need
 * only be right within s - 1 of the tile (the reach of the passes after
 * it, (b - 1)(s / b + ... + 1)), so it computes only there, and reads
 * within b s - 1 = the previous pass's range. Two barriers a pass: one
 * before the values go back into val, one after.
 *
 * Local memory: val, W values; words, 5 ceil(W / 32) uints (wb and two
 * buffers each of the scans). Arguments: H, K, b as in jfa_pass, pick (a
 * sum), count (c = x != 0), TL = W - 2 H > 0; wpre the exclusive scan of
 * flag_word_counts', for out.
 */
kernel void jfa_tile(global const T *x, global const uint *flags, global const uint *wpre,
		     global T *y, global T *out, uint n, uint H, uint K, uint b, int pick,
		     int count, uint TL, local T *val, local uint *words)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	int W = (int)(PP * L);
	uint nw = ((uint)W + 31) / 32;
	long w0 = (long)get_group_id(0) * TL - (long)H;
	local uint *wb = words, *a0 = words + nw, *a1 = a0 + nw, *b0 = a1 + nw, *b1 = b0 + nw;
	T v[PP];
	int lo[PP], hi[PP];
	/* The values, into registers and val. */
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		int e = (int)(lid + j * L);
		long g = w0 + e;
		T t = (T)0;
		if (g >= 0 && g < (long)n) {
			t = x[g];
			if (count)
				t = (T)(t != (T)0);
		}
		v[j] = t;
		val[e] = t;
	}
	/* The start bits; a0[w] the last start in word w (0: none, which
	 * clips to the window's start as well), b0[w] the first (W: none). */
	for (uint w = lid; w < nw; w += L) {
		uint bits = jt_word(flags, w0, w, (uint)W, n);
		wb[w] = bits;
		a0[w] = bits ? 32 * w + 31 - clz(bits) : 0u;
		b0[w] = bits ? 32 * w + jt_ctz(bits) : (uint)W;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Inclusive max-scan of a from the left and min-scan of b from the
	 * right, Hillis and Steele over the nw words. */
	for (uint d = 1; d < nw; d <<= 1) {
		for (uint w = lid; w < nw; w += L) {
			a1[w] = w >= d ? max(a0[w], a0[w - d]) : a0[w];
			b1[w] = w + d < nw ? min(b0[w], b0[w + d]) : b0[w];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		local uint *t = a0;
		a0 = a1;
		a1 = t;
		t = b0;
		b0 = b1;
		b1 = t;
	}
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		uint e = lid + j * L, w = e / 32, i = e % 32, bits = wb[w];
		uint below = bits & (0xffffffffu >> (31 - i));
		uint above = i == 31 ? 0u : bits & (0xfffffffeu << i);
		lo[j] = below ? (int)(32 * w + 31 - clz(below)) : w ? (int)a0[w - 1] : 0;
		hi[j] = (above ? (int)(32 * w + jt_ctz(above)) : w + 1 < nw ? (int)b0[w + 1] : W) - 1;
	}
	/* The passes: steps b^(K-1), ..., 1. */
	int s = 1;
	for (uint k = 1; k < K; k++)
		s *= (int)b;
	for (uint p = 0; p < K; p++) {
		int r0 = (int)H - (s - 1), r1 = (int)(H + TL) + s - 1;
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			int e = (int)(lid + j * L);
			if (e < r0 || e >= r1)
				continue;
			/* b a constant in each call, so that the compiler
			 * unrolls the samples. */
			v[j] = b == 2 ? jt_samples(v[j], val, e, s, lo[j], hi[j], 2, pick)
				      : jt_samples(v[j], val, e, s, lo[j], hi[j], 4, pick);
		}
		if (p + 1 == K)
			break;
		barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			int e = (int)(lid + j * L);
			if (e >= r0 && e < r1)
				val[e] = v[j];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		s /= (int)b;
	}
	/* The tile's results; where a partition starts, its value to out. */
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		uint e = lid + j * L;
		long g = w0 + e;
		if (e < H || e >= H + TL || g >= (long)n)
			continue;
		y[g] = v[j];
		uint w = (uint)(g >> 5), word = flags[w] | (w == 0 ? 1u : 0u);
		if ((word >> (g & 31)) & 1u)
			out[wpre[w] + popcount(word & ((2u << (g & 31)) - 1u)) - 1] = v[j];
	}
}
