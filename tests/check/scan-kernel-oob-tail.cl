/* scan-kernel-oob-tail.cl - wrong on purpose: a correct block scan that
 * writes out[i] for every work-item, past n in the last work-group.
 * expect: out-of-bounds 22
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
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == L - 1)
		sums[get_group_id(0)] = tmp[L - 1];
	/* the bug: no i < n */
	{
		out[i] = excl;
	}
}
