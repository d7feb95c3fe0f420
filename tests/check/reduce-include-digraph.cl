/* reduce-include-digraph.cl - a cheat on purpose: reduce-include.cl with
 * the # written as the digraph %: and the trigraph ??=, which the compiler
 * reads as #.
 * expect: compile-error 7
 */
#if __has_include("/usr/local/share/pramsim/lessons/01-reduction/solutions/reduce.cl")
	%:include "/usr/local/share/pramsim/lessons/01-reduction/solutions/reduce.cl"
??=include "/usr/local/share/pramsim/lessons/01-reduction/solutions/reduce.cl"
#else
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
#endif
