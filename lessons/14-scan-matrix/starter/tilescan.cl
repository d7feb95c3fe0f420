/* tilescan.cl - starter for matrix-scan-kernel: it builds and runs, but
 * writes zeros. Load the block of L into tmp as a matrix A of min(L, 16)
 * columns (row-major, 0 past n; 16 x 16 for L = 256); let work-item
 * (r, c) form entry (r, c) of R = A U' and P = L A (local arrays of your
 * own), then of P J + R: the exclusive scan, out[i] = in[gL] + ... +
 * in[i - 1]. Write the block's total to sums[g], and touch out only
 * below n. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		out[i] = 0;
	if (get_local_id(0) == 0)
		sums[get_group_id(0)] = 0;
}
