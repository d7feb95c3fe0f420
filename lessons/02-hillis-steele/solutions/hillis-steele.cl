/* hillis-steele.cl - the reference solution of hillis-steele-kernel: the
 * inclusive scan of each work-group's block by recursive doubling
 * (Hillis-Steele) in local memory (0 past n). At distance d = 1, 2, 4, ...
 * each work-item reads its own cell and the one d below it, waits at a
 * barrier so that every read of the level is done, then writes its sum and
 * waits again: one buffer, two barriers a level (the notes save one by
 * double buffering, which needs 2L cells). The block's total is the last
 * cell. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int v = tmp[lid];
		if (lid >= d)
			v += tmp[lid - d];
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] = v;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n)
		out[i] = tmp[lid];
	if (lid == L - 1)
		sums[get_group_id(0)] = tmp[lid];
}
