/* reduce.cl - the reference solution of reduce-access: work-item lid loads
 * element gL + lid (a sub-group's 32 loads fill 4 sectors of 32 bytes),
 * and the tree halves with sequential addressing, the work-items lid < s
 * keeping max(tmp[lid], tmp[lid + s]): neighbouring work-items on
 * neighbouring words, one bank each. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
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
