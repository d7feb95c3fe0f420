/*
 * The atomic histogram (lesson 8), right for every work-group size L.
 *
 * Each work-group keeps a private histogram of the bins below
 * mine = min(bins, L) in its local array (L ints): work-item b < mine
 * clears count b, every work-item atomic_inc's the count of its record's
 * bin, and after a barrier work-item b adds count b into the global one
 * with a single atomic_add. A record of a bin at or past L (only when the
 * group is smaller than the histogram) is counted in the global histogram
 * directly. counts starts at 0.
 */
kernel void histogram(global const int *x, global int *counts, local int *hist, uint n, int bins)
{
	size_t gid = get_global_id(0);
	int lid = get_local_id(0), L = get_local_size(0);
	int mine = bins < L ? bins : L;
	if (lid < mine)
		hist[lid] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (gid < n) {
		int b = x[gid];
		if (b >= 0 && b < mine)
			atomic_inc(&hist[b]);
		else if (b >= mine && b < bins)
			atomic_inc(&counts[b]);
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid < mine && hist[lid] != 0)
		atomic_add(&counts[lid], hist[lid]);
}
