/* max.cl - the reference solution of max-kernel: the maximum of each
 * work-group's block by a tree in local memory, the tree of max-tree on
 * the EREW PRAM. Each work-item loads one element, INT_MIN past n (the
 * identity of max, so that padding never wins); then at s = L / 2, ...,
 * 1 the work-items lid < s keep the larger of tmp[lid] and tmp[lid + s],
 * with a barrier between the levels. Every cell is touched by one
 * work-item a level (EREW): L - 1 comparisons in log2 L levels. */
kernel void reduce_max(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : INT_MIN;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = L / 2; s > 0; s /= 2) {
		if (lid < s)
			tmp[lid] = max(tmp[lid], tmp[lid + s]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
