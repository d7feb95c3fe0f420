/*
 * histogram_atomic.cl - the histogram by atomic increments
 * (algos/histogram_atomic.c), the post's "reduction based on the
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
 * them.
 *
 *   histogram_atomic_tuned  the same two levels, for a 256-bin histogram on
 *                           a GPU: one wave of work-groups, each work-item
 *                           reading the records four at a time (R4 loads,
 *                           grid-stride); `copies` private histograms per
 *                           group, interleaved (bin b of copy c at
 *                           b copies + c), work-item lid counting into copy
 *                           lid % copies, so that the lanes of a warp that
 *                           meet one bin spread over copies cells in
 *                           different banks; equal records in a row of a
 *                           work-item's own sequence merged into one
 *                           atomic_add of the run's length, so that all
 *                           records equal cost a work-item one atomic, not
 *                           one per record; the copies summed at the end
 *                           and only the bins a group saw added to the
 *                           global counts.
 *
 * OpenCL C 1.2 (its 32-bit local and global atomics are core).
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

/* Add one record of bin b to a work-item's run: a record of the run's bin
 * lengthens it, another bin sends the run to the work-item's copy (at
 * mine[bin copies]) and starts a new one. Records in no bin are skipped. */
void tally(local uint *mine, uint copies, int b, int *run_bin, uint *run)
{
	if (b < 0)
		return;
	if (b == *run_bin) {
		(*run)++;
		return;
	}
	if (*run)
		atomic_add(&mine[(uint)*run_bin * copies], *run);
	*run_bin = b;
	*run = 1;
}

kernel void histogram_atomic_tuned(global const R *x, global uint *counts, uint n, uint m,
				   uint copies, local uint *hist)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	uint gid = get_global_id(0), stride = get_global_size(0);
	for (uint c = lid; c < m * copies; c += L)
		hist[c] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	local uint *mine = hist + (lid & (copies - 1));
	int run_bin = -1;
	uint run = 0, n4 = n / 4;
	/* Buffers start aligned far beyond 16 bytes, so element 0 starts an R4.
	 * Scalar work on the vector's parts, as reduce.cl says why. */
	global const R4 *x4 = (global const R4 *)x;
	for (uint v = gid; v < n4; v += stride) {
		R4 r = x4[v];
		tally(mine, copies, record_bin(r.s0, m), &run_bin, &run);
		tally(mine, copies, record_bin(r.s1, m), &run_bin, &run);
		tally(mine, copies, record_bin(r.s2, m), &run_bin, &run);
		tally(mine, copies, record_bin(r.s3, m), &run_bin, &run);
	}
	for (uint i = 4 * n4 + gid; i < n; i += stride)
		tally(mine, copies, record_bin(x[i], m), &run_bin, &run);
	if (run)
		atomic_add(&mine[(uint)run_bin * copies], run);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < m; b += L) {
		uint sum = 0;
		for (uint c = 0; c < copies; c++)
			sum += hist[b * copies + c];
		if (sum)
			atomic_add(&counts[b], sum);
	}
}
