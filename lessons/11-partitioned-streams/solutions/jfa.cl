/*
 * jfa.cl - the sum of every partition of each work-group's block of L
 * elements by jump flooding, 3 samples a pass, in local memory: y[i] gets
 * the sum of i's partition, and out, one cell a partition, the blocks'
 * partition sums one block after the other. Element i starts a partition
 * when bit i % 32 of x_flags[i / 32] is set, and the block's first element
 * always does, as the block is reduced alone.
 *
 *   base    the partitions of the blocks before this one, where its sums
 *           go in out: the set bits below the block, and the earlier
 *           blocks whose first bit is clear (each starts one all the
 *           same); the work-items share the words and the blocks, then
 *           add their counts by a tree in p. (A GPU's second pass would
 *           take this from a scan of the blocks' counts instead.)
 *   part    p = the inclusive scan of the block's start flags
 *           (Hillis-Steele): i and j share a partition when p[i] = p[j]
 *   passes  steps s = L/2, L/4, ..., 1: c[i] += c[i + s] when i + s is in
 *           i's partition, else c[i - s] when that is. After the pass of
 *           step s, c[i] is the sum of the elements of i's partition
 *           congruent to i modulo s; i + s and i - s hold the same class
 *           modulo 2s, so a sum takes one of them, never both. Before the
 *           first pass, modulo L, every class is one element.
 *   finish  y[i] = c[i]; a partition's first element writes out.
 *
 * Every pass reads into registers, then writes after a barrier, so no
 * work-item reads a cell another changes in the same interval. W = O(L
 * log L), D = O(log L) a work-group (and O(n / 32L) more for the base).
 */
kernel void jfa_sum(global const int *x, global const uint *x_flags, global int *y,
		    global int *out, local int *p, local int *c, uint n, uint out_len)
{
	size_t lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	size_t lo = g * L, i = lo + lid;
	int start = lid == 0 || (i < n && ((x_flags[i / 32] >> (i % 32)) & 1u));

	/* base: the partitions before this block, counted by all work-items */
	uint k = 0;
	for (size_t w = lid; w < lo / 32; w += L)
		k += popcount(x_flags[w]);
	if (lid == 0 && lo % 32)
		k += popcount(x_flags[lo / 32] & ((1u << (lo % 32)) - 1u));
	for (size_t h = lid; h < g; h += L)
		k += ((x_flags[h * L / 32] >> (h * L % 32)) & 1u) ^ 1u;
	p[lid] = (int)k;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = L / 2; d > 0; d /= 2) {
		if (lid < d)
			p[lid] += p[lid + d];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int base = p[0];
	barrier(CLK_LOCAL_MEM_FENCE);

	/* part: the partition numbers of the block, from 1 */
	p[lid] = start;
	c[lid] = i < n ? x[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int add = lid >= d ? p[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		p[lid] += add;
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	/* passes: one sample of the pair i + s, i - s in the partition */
	int me = p[lid];
	for (size_t s = L / 2; s > 0; s /= 2) {
		int v = c[lid];
		if (lid + s < L && p[lid + s] == me)
			v += c[lid + s];
		else if (lid >= s && p[lid - s] == me)
			v += c[lid - s];
		barrier(CLK_LOCAL_MEM_FENCE);
		c[lid] = v;
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (i < n) {
		y[i] = c[lid];
		size_t t = (size_t)base + (size_t)me - 1;
		if (start && t < out_len)
			out[t] = c[lid];
	}
}
