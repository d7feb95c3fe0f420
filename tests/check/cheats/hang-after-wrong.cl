/*
 * hang-after-wrong.cl - wrong at L = 1, and its loop never ends at L = 2:
 * after two time-outs no other work-group size runs, and sizes that did
 * not run are not called correct. tests/check.sh grades it
 * (reduce-kernel, --time-limit 2).
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = L / 2; s > 0; s = L == 2 ? s : s / 2) {
		if (lid < s)
			tmp[lid] += tmp[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0] + (L == 1);
}
