/*
 * split.cl - radix sort's split by bit 0 of each work-group's block of L
 * keys, in local memory, the way a GPU's radix sort splits a tile: the
 * block's 0-flags are scanned (Hillis-Steele, inclusive, in place in tmp:
 * each work-item reads its neighbour's partial sum into a register, then
 * all write after a barrier), which gives every key with bit 0 clear its
 * place among the zeros; a key with bit 0 set goes after all the block's
 * zeros, behind the ones before it (its index minus the zeros before it).
 * Stable. W = O(L log L), D = O(log L) a work-group.
 */
kernel void split(global const int *x, global int *y, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t lo = get_group_id(0) * L, i = lo + lid;
	size_t m = n > lo ? (n - lo < L ? n - lo : L) : 0; /* this block's keys */
	int key = i < n ? x[i] : 0;
	int zero = i < n && (key & 1) == 0;
	tmp[lid] = zero;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		int add = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += add;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (i < n) {
		int zeros = tmp[m - 1];           /* the block's zeros */
		int before = tmp[lid] - zero;     /* zeros before this key */
		size_t to = zero ? (size_t)before : (size_t)zeros + lid - (size_t)before;
		y[lo + to] = key;
	}
}
