/* reduce-cross-group.cl - wrong on purpose: each work-group adds the
 * previous group's result to its own, reading a cell another work-group
 * writes, which no barrier orders.
 * expect: race 18
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0), i = get_global_id(0);
	size_t g = get_group_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = L / 2; s > 0; s /= 2) {
		if (lid < s)
			tmp[lid] += tmp[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[g] = tmp[0] + (g > 0 ? out[g - 1] : 0);
}
