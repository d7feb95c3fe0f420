/* reduce-divergent-barrier.cl - wrong on purpose: the barrier is inside the
 * if, so only the work-items below s reach it.
 * expect: barrier-divergence 13
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0), i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = L / 2; s > 0; s /= 2) {
		if (lid < s) {
			tmp[lid] += tmp[lid + s];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
