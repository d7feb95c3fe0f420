/* max.cl - starter for max-kernel: it builds and runs, but writes only
 * each block's first element. Replace the body with a tree in tmp:
 * out[g] = the largest of in[gL], ..., in[gL + L - 1], elements at n and
 * beyond counting as INT_MIN; halve the active work-items at each level,
 * with a barrier between the levels, in log2 L levels. */
kernel void reduce_max(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = i < n ? in[i] : INT_MIN;
}
