/* reduce-include.cl - a cheat on purpose: the lesson's solution included by
 * the path where an installed pramsim would keep it, or where it is not
 * there, a right kernel of its own, so that only the refusal of the
 * #include can fail it.
 * expect: compile-error 8
 */
#if __has_include("/usr/local/share/pramsim/lessons/01-reduction/solutions/reduce.cl")
#include "/usr/local/share/pramsim/lessons/01-reduction/solutions/reduce.cl"
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
