/*
 * serial_sum.cl - work-item 0 sums its group's L elements in a loop between
 * two barriers, for the PRAM view's tests: the load is step 1 (one read and
 * one write a work-item), the loop step 2, in which work-item 0 makes L
 * reads of tmp and one write of sums. Charged as the simulator charges, its
 * L + 1 accesses cost ceil((L + 1) / K) units of work and of time: the
 * group's depth grows as L, never stays at 2.
 */
kernel void serial_sum(global const int *in, global int *out, global int *sums, local int *tmp,
		       uint n)
{
	uint lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	uint i = g * L + lid;
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		int s = 0;
		for (uint k = 0; k < L; k++)
			s += tmp[k];
		sums[g] = s;
	}
}
