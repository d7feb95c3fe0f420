/*
 * countsort-atomic-slot.cl - a cheat of counting-sort-kernel: the block's
 * histogram by local atomics and its scan, then each key's slot taken by
 * atomic_inc on its value's counter. The sort is stable only where a
 * work-group's work-items run in the order of their ids, as on PoCL and
 * under Oclgrind; on a GPU from[] comes out in any order among equal keys
 * (on an H200, pram gpu counting-sort-kernel --program with --device
 * nvidia: from[0] = 185, expected 6).
 */
kernel void countsort(global const int *keys, global int *keys_out, global int *from,
		      local int *hist, local int *tmp, uint n, int key_range)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t lo = get_group_id(0) * L, i = lo + lid;
	size_t m = (size_t)key_range;
	int key = i < n ? keys[i] : -1;
	for (size_t v = lid; v < m; v += L)
		hist[v] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (key >= 0)
		atomic_inc(&hist[key]);
	barrier(CLK_LOCAL_MEM_FENCE);
	/* hist into its exclusive scan, by work-item 0 (key_range values) */
	if (lid == 0)
		for (size_t v = 0, at = 0; v < m; v++) {
			int c = hist[v];
			hist[v] = (int)at;
			at += (size_t)c;
		}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (key >= 0) {
		int slot = atomic_inc(&hist[key]);
		keys_out[lo + (size_t)slot] = key;
		from[lo + (size_t)slot] = (int)lid;
	}
}
