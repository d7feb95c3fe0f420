/*
 * scatter.cl - starter for radix-scatter: it builds and runs, but copies
 * each key (and its value) to its own index, so no pass moves anything.
 *
 * Write the scatter of one pass of LSD radix sort. Before it, the
 * project's kernels have put each key's digit in digit[i] and the
 * exclusive scan of the r x n flag matrix (row v: 1 where digit[i] == v)
 * in pos, row-major: pos[v n + i] counts the keys of a digit below v and
 * those of digit v before key i. Put key i at its place in keys_out, and
 * with it, by vmode: 0 its value vals[i], 1 its input index i (the first
 * pass of a sort that returns the keys' indices), 2 nothing. One
 * work-item a key: O(n) work and O(1) depth.
 */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	size_t i = get_global_id(0);
	(void)digit;
	(void)pos;
	if (i >= n)
		return;
	keys_out[i] = keys[i];
	if (vmode == 0)
		vals_out[i] = vals[i];
	else if (vmode == 1)
		vals_out[i] = (uint)i;
}
