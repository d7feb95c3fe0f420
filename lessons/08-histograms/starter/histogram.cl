/*
 * The atomic histogram (lesson 8): count the n records x[0..n), bin numbers
 * in [0, bins), into counts[0..bins), which starts at 0.
 *
 * Keep a private histogram per work-group in the local array hist (L ints:
 * it holds the bins below min(bins, L)), clear it, count each record with
 * atomic_inc, then add each local count into counts with one atomic_add.
 * A group may be smaller than the histogram: count the records of the bins
 * it cannot hold in counts directly. Mind the barriers.
 */
kernel void histogram(global const int *x, global int *counts, local int *hist, uint n, int bins)
{
	size_t gid = get_global_id(0);
	int lid = get_local_id(0), L = get_local_size(0);
	int mine = bins < L ? bins : L;
	if (lid < mine)
		hist[lid] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	/* TODO: count x[gid] (when gid < n), then merge hist into counts */
	(void)gid;
	(void)x;
	(void)counts;
	(void)n;
}
