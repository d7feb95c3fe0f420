/*
 * all_write.cl - every work-item writes the same cell of a local variable
 * in step 1: a concurrent write (CRCW), which the PRAM view must report
 * with this line. Step 2 has work-item 0 copy the cell out: 2 steps, work
 * L + 1.
 */
kernel void all_write(global const int *in, global int *out, global int *sums, local int *tmp,
		      uint n)
{
	local int cell[2];
	uint lid = get_local_id(0);
	cell[0] = (int)lid; /* concurrent write */
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		sums[get_group_id(0)] = cell[0];
}
