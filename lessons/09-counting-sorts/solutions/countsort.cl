/*
 * countsort.cl - the stable counting sort of each work-group's block of L
 * keys in [0, key_range), in local memory and without atomics, the way a
 * GPU must place equal keys when the order among them matters (a radix
 * sort's pass): a key's place in its block is
 *
 *     place = (the block's keys smaller than it) + (its equal keys before it)
 *
 * the exclusive scan of the block's histogram at the key, plus the key's
 * rank among equal keys. For each key value v the block's flags (key ==
 * v) are scanned (Hillis-Steele, inclusive, in place in tmp: each
 * work-item reads its neighbour's partial sum into a register, then all
 * write after a barrier): a key equal to v reads its rank there, and the
 * scan's last cell is hist[v], the count. Then hist's first key_range
 * cells are scanned the same way. from gets each key's index in its
 * block. The contract runs it with L >= key_range, so hist holds every
 * count. W = O(key_range L log L), D = O(key_range log L) a work-group.
 */
kernel void countsort(global const int *keys, global int *keys_out, global int *from,
		      local int *hist, local int *tmp, uint n, int key_range)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t lo = get_group_id(0) * L, i = lo + lid;
	size_t m = (size_t)key_range;
	int key = i < n ? keys[i] : -1; /* past n: no key, equal to no v */
	int rank = 0;                   /* equal keys before this one */
	for (int v = 0; v < key_range; v++) {
		int flag = key == v;
		tmp[lid] = flag;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (size_t d = 1; d < L; d *= 2) {
			int add = lid >= d ? tmp[lid - d] : 0;
			barrier(CLK_LOCAL_MEM_FENCE);
			tmp[lid] += add;
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		if (flag)
			rank = tmp[lid] - 1;
		if (lid == L - 1)
			hist[v] = tmp[lid]; /* the block's keys equal to v */
		/* No barrier here: the next value's flag overwrites only the
		 * cell this work-item has just read itself. */
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* hist[0..m) into its inclusive scan, by the first m work-items. */
	for (size_t d = 1; d < m; d *= 2) {
		int add = lid < m && lid >= d ? hist[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < m)
			hist[lid] += add;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n) {
		int smaller = key > 0 ? hist[key - 1] : 0; /* the exclusive scan at key */
		size_t to = lo + (size_t)(smaller + rank);
		keys_out[to] = key;
		from[to] = (int)lid;
	}
}
