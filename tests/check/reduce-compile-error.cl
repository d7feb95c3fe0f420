/* reduce-compile-error.cl - wrong on purpose: a semicolon is missing.
 * expect: compile-error 7
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0 barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
