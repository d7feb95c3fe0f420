/* expect: race 16
 * No barrier between the counting and the merge: a work-item reads its
 * bin's local count while others may still increment it. */
kernel void histogram(global const int *x, global int *counts, local int *hist, uint n,
		      int bins)
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
		else if (b >= 0 && b < bins)
			atomic_inc(&counts[b]);
	}
	if (lid < mine && hist[lid] != 0)
		atomic_add(&counts[lid], hist[lid]);
}
