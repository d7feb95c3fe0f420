/* strided.cl - the sequential tree, fed by strided loads: the block seen
 * as 8 rows of L / 8 elements, work-item lid loads the element of row lid
 * mod 8, column lid / 8, j = (lid mod 8) L / 8 + lid / 8, and keeps it in
 * tmp[lid]. Every element of the block is still read once, so the sums,
 * W and D are the reduction's. But a sub-group of 32 now reads 4 words
 * from each of 8 rows: at L = 64, words 0-3, 8-11, ..., 56-59 of its
 * block, 8 sectors of 32 bytes for 128 bytes that 4 would hold. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t j = L >= 8 ? (lid % 8) * (L / 8) + lid / 8 : lid;
	size_t i = get_group_id(0) * L + j;
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = L / 2; s > 0; s /= 2) {
		if (lid < s)
			tmp[lid] += tmp[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
