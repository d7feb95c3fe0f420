/*
 * reduce_tree.cl - an EREW tree reduction of each work-group's L elements
 * (L a power of two) into sums[group], for the PRAM view's tests. The load
 * is step 1 and each halving one more, the last one writing the sum, so a
 * group runs log2 L + 1 steps with work L + (L/2 + ... + 1) = 2L - 1: each
 * step's active work-items touch disjoint cells of tmp.
 */
kernel void reduce_tree(global const int *in, global int *out, global int *sums, local int *tmp,
			uint n)
{
	uint lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	uint i = g * L + lid;
	tmp[lid] = i < n ? in[i] : 0;
	for (uint s = L / 2; s > 0; s >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < s)
			tmp[lid] += tmp[lid + s];
	}
	if (lid == 0)
		sums[g] = tmp[0];
}
