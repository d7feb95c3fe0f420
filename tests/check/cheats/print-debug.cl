/*
 * print-debug.cl - right, and prints as it goes (a student's debugging
 * output): the printing is shown in a note and costs nothing.
 * tests/check.sh grades it (reduce-kernel).
 */
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
	if (lid == 0) {
		out[get_group_id(0)] = tmp[0];
		if (get_group_id(0) == 0)
			printf("bad 0 0 1 2 out\ngroup 0 of L = %u: %d\n", (uint)L, tmp[0]);
	}
}
