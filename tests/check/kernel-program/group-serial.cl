/* expect: depth
 * A cheat that looks parallel: a work-item per group counts the group's
 * records into local memory alone, and merges them alone. Right counts,
 * but a loop over the group's L records in one work-item. */
kernel void histogram(global const int *x, global int *counts, local int *hist, uint n,
		      int bins)
{
	size_t base = get_group_id(0) * get_local_size(0);
	int L = get_local_size(0);
	if (get_local_id(0) != 0)
		return;
	for (int i = 0; i < L && base + i < n; i++)
		if (x[base + i] >= 0 && x[base + i] < bins)
			atomic_inc(&counts[x[base + i]]);
}
