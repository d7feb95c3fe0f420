/* scan.cl - the reference solution of scan-kernel: Blelloch's scan of the
 * work-group's block in local memory (0 past n): up-sweep, the total to
 * sums[g], the root cleared, down-sweep; a barrier between the levels. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		size_t k = (lid + 1) * 2 * d - 1;
		if (k < L)
			tmp[k] += tmp[k - d];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0) {
		sums[get_group_id(0)] = tmp[L - 1];
		tmp[L - 1] = 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = L / 2; d > 0; d /= 2) {
		size_t k = (lid + 1) * 2 * d - 1;
		if (k < L) {
			int t = tmp[k - d];
			tmp[k - d] = tmp[k];
			tmp[k] += t;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n)
		out[i] = tmp[lid];
}
