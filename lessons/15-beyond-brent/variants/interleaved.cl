/* interleaved.cl - the same tree with interleaved addressing, as the notes
 * draw it: at distance s the work-item lid adds tmp[k + s] into tmp[k], k =
 * 2 s lid, for k < L. The same additions in the same steps: W and D do not
 * change. But neighbouring work-items now touch words 2s apart, and 32
 * banks of 4 bytes serve word w from bank w mod 32: at s = 1 two of the
 * 32 work-items of a sub-group meet in every even bank, and at s = 2 two
 * in every fourth. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = 1; s < L; s *= 2) {
		size_t k = 2 * s * lid;
		if (k < L)
			tmp[k] += tmp[k + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
