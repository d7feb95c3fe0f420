/*
 * split.cl - starter for split-kernel: it builds and runs, but copies each
 * block as it is. Make y's block of each work-group its block of x split
 * by bit 0, stably: the keys with bit 0 clear first, in their order, then
 * those with bit 0 set, in theirs. Scan the block's 0-flags in tmp (L
 * ints of local memory) to find each key's place; O(L log L) work and
 * O(log L) depth a work-group.
 */
kernel void split(global const int *x, global int *y, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	(void)tmp;
	if (i < n)
		y[i] = x[i];
}
