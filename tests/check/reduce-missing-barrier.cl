/* reduce-missing-barrier.cl - wrong on purpose: no barrier between the
 * levels of the tree, so a work-item reads a partial sum before its
 * neighbour has written it.
 * expect: race 9
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0), i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	for (size_t s = L / 2; s > 0; s /= 2)
		if (lid < s)
			tmp[lid] += tmp[lid + s];
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
