/* scan-kernel-no-sums.cl - wrong on purpose: the block scan is right, but
 * the block's total is its last element's exclusive sum, one short.
 * expect: wrong-result
 */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0), i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int v = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += v;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int excl = lid ? tmp[lid - 1] : 0;
	if (i < n)
		out[i] = excl;
	if (lid == L - 1)
		sums[get_group_id(0)] = excl;
}
