/*
 * jfa-serial-base.cl - a cheat of jfa-kernel: the block's sums as the
 * solution makes them, but the partitions before the block (where its sums
 * go in out) counted by work-item 0 alone, flag by flag: right everywhere,
 * and D grows as the blocks before the last one hold elements. A PRAM view
 * of one work-group with n = L has no block before it, so only the view of
 * several blocks sees the loop.
 */
kernel void jfa_sum(global const int *x, global const uint *x_flags, global int *y,
		    global int *out, local int *p, local int *c, uint n, uint out_len)
{
	size_t lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	size_t lo = g * L, i = lo + lid;
	int start = lid == 0 || (i < n && ((x_flags[i / 32] >> (i % 32)) & 1u));

	/* base: the partitions before this block, counted by work-item 0
	 * alone, flag by flag */
	if (lid == 0) {
		uint k = 0;
		for (size_t e = 0; e < lo; e++)
			k += (x_flags[e / 32] >> (e % 32)) & 1u;
		for (size_t h = 0; h < g; h++)
			k += ((x_flags[h * L / 32] >> (h * L % 32)) & 1u) ^ 1u;
		p[0] = (int)k;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
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
