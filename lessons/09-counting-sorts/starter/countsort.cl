/*
 * countsort.cl - starter for counting-sort-kernel: it builds and runs, but
 * copies each block as it is. Make keys_out's block of each work-group
 * its block of keys (in [0, key_range)) sorted, stably, and from[j] the
 * index within the block of the key that lands at j. Without atomics,
 * whose order among equal keys is not fixed: in local memory, count the
 * block's keys of each value into hist (L ints, L >= key_range), scan
 * the counts, and find each key's rank among the equal keys before it
 * with a scan of flags in tmp; its place is the scan at its key plus its
 * rank. O(L log L) work and O(log L) depth a work-group for a fixed
 * key_range.
 */
kernel void countsort(global const int *keys, global int *keys_out, global int *from,
		      local int *hist, local int *tmp, uint n, int key_range)
{
	size_t i = get_global_id(0);
	(void)hist;
	(void)tmp;
	(void)key_range;
	if (i < n) {
		keys_out[i] = keys[i];
		from[i] = (int)get_local_id(0);
	}
}
