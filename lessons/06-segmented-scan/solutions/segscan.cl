/*
 * segscan.cl - the inclusive segmented sum scan of each work-group's block
 * of L elements, by the lesson's doubling on (flag, value) pairs,
 *
 *     (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a + b),
 *
 * in local memory: v holds the values, f the flags, unpacked from x_flags
 * (bit i % 32 of word i / 32 is element i's). At distance d each
 * work-item reads the pair d before it into registers, then all combine
 * after a barrier. The block's first element starts a segment, as the
 * block is scanned alone. W = O(L log L), D = O(log L) a work-group.
 */
kernel void segscan(global const int *x, global const uint *x_flags, global int *y, local int *v,
		    local int *f, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_group_id(0) * L + lid;
	v[lid] = i < n ? x[i] : 0;
	f[lid] = i < n ? (int)((x_flags[i / 32] >> (i % 32)) & 1u) : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int a = 0, fa = 0;
		if (lid >= d) {
			a = v[lid - d];
			fa = f[lid - d];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid >= d) {
			if (!f[lid])
				v[lid] += a;
			f[lid] |= fa;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n)
		y[i] = v[lid];
}
