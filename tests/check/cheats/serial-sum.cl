/*
 * serial-sum.cl - a cheat: right, but work-item 0 sums its group's
 * block in a loop inside one barrier interval; the PRAM view charges its L
 * accesses, so D grows as L. tests/check.sh grades it (reduce-kernel).
 */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		int s = 0;
		for (size_t k = 0; k < L; k++)
			s += tmp[k];
		out[get_group_id(0)] = s;
	}
}
