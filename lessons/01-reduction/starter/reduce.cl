/* reduce.cl - starter for reduce-kernel: it builds and runs, but only
 * copies each block's first element. Replace the body with a tree
 * reduction in tmp: out[g] = in[gL] + ... + in[gL + L - 1], 0 past n. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = i < n ? in[i] : 0;
}
