/* reduce.cl - starter for reduce-access: it builds, runs and gets every
 * maximum right (INT_MIN past n), with the same W and D as the solution,
 * and loses the access points: read the report's problems and fix the two
 * lines they name. Each work-item loads the element of its transposed
 * place in the block (8 rows of L / 8), and the tree halves with
 * interleaved addressing, k = 2 s lid. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t j = L >= 8 ? (lid % 8) * (L / 8) + lid / 8 : lid;
	size_t i = get_group_id(0) * L + j;
	tmp[lid] = i < n ? in[i] : INT_MIN;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = 1; s < L; s *= 2) {
		size_t k = 2 * s * lid;
		if (k < L)
			tmp[k] = max(tmp[k], tmp[k + s]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
