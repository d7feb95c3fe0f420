/*
 * jfa.cl - starter for jfa-kernel: it builds and runs, but copies x to y
 * and leaves out alone. Make y[i] the sum of i's partition within its
 * work-group's block of L elements (element i starts a partition when bit
 * i % 32 of x_flags[i / 32] is set; the block's first element always
 * does), and out the partition sums, the blocks' one after the other
 * (count the partitions of the blocks before yours, all work-items
 * sharing the words). Number the block's partitions by a scan of its
 * start flags in p, then jump-flood the sums in c with steps L/2, L/4,
 * ..., 1: add c[i + s] when it is in i's partition, else c[i - s] when
 * that is, never both, with a barrier between reading and writing.
 * O(L log L) work and O(log L) depth a work-group.
 */
kernel void jfa_sum(global const int *x, global const uint *x_flags, global int *y,
		    global int *out, local int *p, local int *c, uint n, uint out_len)
{
	size_t i = get_global_id(0);
	(void)x_flags, (void)out, (void)p, (void)c, (void)out_len;
	if (i < n)
		y[i] = x[i];
}
