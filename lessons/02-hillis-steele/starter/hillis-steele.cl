/* hillis-steele.cl - starter for hillis-steele-kernel: it builds and runs,
 * but leaves every element alone (the state before the first doubling
 * step) and writes 0 as each block's total. Scan each block in tmp by
 * recursive doubling (inclusive: out[i] = in[gL] + ... + in[i]), write the
 * block's total to sums[g], and touch out only below n. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		out[i] = in[i];
	if (get_local_id(0) == 0)
		sums[get_group_id(0)] = 0;
}
