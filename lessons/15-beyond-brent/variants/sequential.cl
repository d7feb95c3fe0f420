/* sequential.cl - the tree reduction of lesson 1 as a GPU likes it:
 * work-item lid loads element gL + lid (a sub-group of 32 reads 32
 * neighbouring words, 4 sectors of 32 bytes), and the tree halves with
 * sequential addressing: at distance s the work-items lid < s add tmp[lid
 * + s] into tmp[lid], neighbouring work-items on neighbouring words, so 32
 * of them touch 32 banks. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
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
