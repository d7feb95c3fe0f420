/* scan-kernel-no-barrier.cl - wrong on purpose: Hillis and Steele's scan
 * of the block with no barrier between the rounds.
 * expect: race 11
 */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0), i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int v = lid >= d ? tmp[lid - d] : 0;
		tmp[lid] += v;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (i < n)
		out[i] = lid ? tmp[lid - 1] : 0;
	if (lid == L - 1)
		sums[get_group_id(0)] = tmp[L - 1];
}
