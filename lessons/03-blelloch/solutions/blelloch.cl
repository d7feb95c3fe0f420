/* blelloch.cl - the reference solution of blelloch-kernel: Blelloch's
 * work-efficient exclusive scan of the work-group's block in local memory.
 * Each work-item loads its element (0 past n). The up-sweep builds a tree
 * of partial sums in place: at distance d = 1, 2, 4, ..., the L / 2d
 * work-items lid < L / 2d add tmp[k - d] into tmp[k], k = 2d(lid + 1) - 1.
 * Work-item 0 then takes the block's total from the root into sums[g] and
 * clears the root. The down-sweep walks the tree back, d = L / 2, ..., 1:
 * the left child gets its parent's value, the right child the parent's
 * plus the old left child. A barrier closes every level, since the next
 * level reads what another work-item wrote. About 2L additions and
 * 2 log2 L + 1 levels: W = O(L), D = O(log L) per work-group. */
kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Up-sweep: only the work-items that have a pair at this level work. */
	for (size_t d = 1; d < L; d *= 2) {
		if (lid < L / (2 * d)) {
			size_t k = 2 * d * (lid + 1) - 1;
			tmp[k] += tmp[k - d];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	/* The root holds the block's total; the exclusive scan starts at 0. */
	if (lid == 0) {
		sums[get_group_id(0)] = tmp[L - 1];
		tmp[L - 1] = 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Down-sweep: each parent passes its prefix to its left child and adds
	 * the left child's subtotal for its right child. */
	for (size_t d = L / 2; d >= 1; d /= 2) {
		if (lid < L / (2 * d)) {
			size_t k = 2 * d * (lid + 1) - 1;
			int left = tmp[k - d];
			tmp[k - d] = tmp[k];
			tmp[k] += left;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (i < n)
		out[i] = tmp[lid];
}
