/*
 * histogram_atomic.cl - the histogram by atomic increments
 * (src/algos/histogram_atomic.c), the post's "reduction based on the
 * atomic operation":
 *
 *   histogram_atomic_clear  counts[b] = 0 (the post's host clears them)
 *   histogram_atomic        the post's reduce_count: the work-group clears
 *                           its private histogram of m counts in local
 *                           memory, each work-item atomic_inc's the local
 *                           count of its record's bin, and after a barrier
 *                           the group atomic_add's its counts into the
 *                           global ones. The post clears and merges with
 *                           the first numBins work-items, so it needs
 *                           groups of m or more; here each work-item takes
 *                           the bins lid, lid + L, ..., so any L serves.
 *   histogram_atomic_direct every work-item atomic_inc's the global count
 *                           itself: the same kernel without its local
 *                           level, for m counts that do not fit a
 *                           work-group's local memory.
 *
 * The atomics of one group on one local count, and of the groups on one
 * global count, are serialised: a repeated record costs a group's worth of
 * them. OpenCL C 1.2 (its 32-bit local and global atomics are core).
 */
#include "common.clh"
#include "histogram.clh"

kernel void histogram_atomic_clear(global uint *counts, uint m)
{
	size_t b = get_global_id(0);
	if (b < m)
		counts[b] = 0;
}

kernel void histogram_atomic(global const R *x, global uint *counts, uint n, uint m,
			     local uint *hist)
{
	size_t gid = get_global_id(0);
	uint lid = get_local_id(0), L = get_local_size(0);
	for (uint b = lid; b < m; b += L)
		hist[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (gid < n) {
		int b = record_bin(x[gid], m);
		if (b >= 0)
			atomic_inc(&hist[b]);
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < m; b += L)
		atomic_add(&counts[b], hist[b]);
}

kernel void histogram_atomic_direct(global const R *x, global uint *counts, uint n, uint m)
{
	size_t gid = get_global_id(0);
	if (gid < n) {
		int b = record_bin(x[gid], m);
		if (b >= 0)
			atomic_inc(&counts[b]);
	}
}
