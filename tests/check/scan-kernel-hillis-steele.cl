/* scan-kernel-hillis-steele.cl - a wrong solution of scan-kernel: right
 * results, but Hillis and Steele's scan, which adds at every distance in
 * every step with all L work-items busy: W grows as L log L in a
 * work-group, not work-efficient, and its reads are concurrent (CREW).
 * expect: not-work-efficient */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int t = tmp[lid];
		if (lid >= d)
			t += tmp[lid - d];
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] = t;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n)
		out[i] = lid ? tmp[lid - 1] : 0;
	if (lid == 0)
		sums[get_group_id(0)] = tmp[L - 1];
}
