/* scan.cl - a solution of the tests' scan-max exercise: Blelloch's scan
 * with max for + and INT_MIN, max's identity, for 0. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : INT_MIN;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		size_t k = (lid + 1) * 2 * d - 1;
		if (k < L)
			tmp[k] = max(tmp[k], tmp[k - d]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0) {
		sums[get_group_id(0)] = tmp[L - 1];
		tmp[L - 1] = INT_MIN;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = L / 2; d > 0; d /= 2) {
		size_t k = (lid + 1) * 2 * d - 1;
		if (k < L) {
			int t = tmp[k - d];
			tmp[k - d] = tmp[k];
			tmp[k] = max(tmp[k], t);
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n)
		out[i] = tmp[lid];
}
