/* blelloch.cl - starter for blelloch-kernel: it builds and runs, but
 * copies each element and writes 0 for every total. Replace the body with
 * Blelloch's exclusive scan of the block in tmp (out[i] = in[gL] + ... +
 * in[i - 1], 0 past n): an up-sweep of partial sums, the block's total to
 * sums[g] and the root cleared, a down-sweep; a barrier after each level.
 * Touch out only below n. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		out[i] = in[i];
	if (get_local_id(0) == 0)
		sums[get_group_id(0)] = 0;
}
