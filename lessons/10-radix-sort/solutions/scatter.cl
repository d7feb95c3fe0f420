/*
 * scatter.cl - a solution of radix-scatter: the scatter of one pass of
 * LSD radix sort. Key i has digit d = digit[i]; pos, the exclusive scan of
 * the r x n flag matrix in row-major order, holds at pos[d n + i] the
 * number of keys of a smaller digit plus those of digit d before key i:
 * key i's place in the pass's output. One work-item a key, every write to
 * a place of its own, so W = O(n) and D = O(1).
 */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint at = pos[digit[i] * (size_t)n + i];
	keys_out[at] = keys[i];
	if (vmode == 0)
		vals_out[at] = vals[i];
	else if (vmode == 1)
		vals_out[at] = (uint)i;
}
