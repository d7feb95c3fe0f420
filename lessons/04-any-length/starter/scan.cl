/* scan.cl - starter for scan-kernel: it builds and runs, but writes zeros.
 * Scan each block in tmp (exclusive: out[i] = in[gL] + ... + in[i - 1]),
 * write the block's total to sums[g], and touch out only below n. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		out[i] = 0;
	if (get_local_id(0) == 0)
		sums[get_group_id(0)] = 0;
}
