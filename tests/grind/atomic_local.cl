/*
 * atomic_local.cl - every work-item increments one local counter with an
 * atomic, for the PRAM view's tests. An atomic is a read and a write of its
 * cell, so two on one cell in one step are a concurrent write (CRCW), as in
 * the simulator. Step 1: work-item 0 clears the counter; step 2: all L
 * increment it; step 3: work-item 0 stores it. Work 1 + L + 1.
 */
kernel void atomic_local(global const int *in, global int *out, global int *sums, local int *tmp,
			 uint n)
{
	local int count;
	uint lid = get_local_id(0);
	if (lid == 0)
		count = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&count);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		sums[get_group_id(0)] = count;
}
