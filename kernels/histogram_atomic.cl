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
 *                           and only the bins a group saw added to a
 *                           scratch of global counts, which the last group
 *                           to finish moves to the output: one launch, no
 *                           clear.
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

/* Vector loads a work-item of histogram_atomic_tuned has in flight: on an
 * H200 at 2^28 records in 256 bins, uniform, 0.262 ms with 4 against
 * 0.264 with 2 and 0.277 with 1 (all equal: 0.253, 0.251, 0.261). */
#ifndef HIST_LOADS
#define HIST_LOADS 4
#endif

/* A work-item's records, grid-stride, HIST_LOADS vectors at a time, into
 * its copy mine: pow2 (a constant) says whether m is a power of two, so
 * that the loop holds no test of it. */
__attribute__((always_inline)) inline void tally_all(global const R *x, uint n, uint m,
						     local uint *mine, uint copies, const int pow2)
{
	uint gid = get_global_id(0), stride = get_global_size(0);
	int run_bin = -1;
	uint run = 0, n4 = n / 4;
	/* Buffers start aligned far beyond 16 bytes, so element 0 starts an R4.
	 * Scalar work on the vector's parts, as reduce.cl says why. */
	global const R4 *x4 = (global const R4 *)x;
	for (uint v = gid; v < n4; v += HIST_LOADS * stride) {
		/* Every load issued before any record is counted, so that
		 * their latencies overlap. */
		R4 r[HIST_LOADS];
#pragma unroll
		for (uint u = 0; u < HIST_LOADS; u++)
			if (v + u * stride < n4)
				r[u] = x4[v + u * stride];
#pragma unroll
		for (uint u = 0; u < HIST_LOADS; u++)
			if (v + u * stride < n4) {
				tally(mine, copies, record_bin_as(r[u].s0, m, pow2), &run_bin, &run);
				tally(mine, copies, record_bin_as(r[u].s1, m, pow2), &run_bin, &run);
				tally(mine, copies, record_bin_as(r[u].s2, m, pow2), &run_bin, &run);
				tally(mine, copies, record_bin_as(r[u].s3, m, pow2), &run_bin, &run);
			}
	}
	for (uint i = 4 * n4 + gid; i < n; i += stride)
		tally(mine, copies, record_bin_as(x[i], m, pow2), &run_bin, &run);
	if (run)
		atomic_add(&mine[(uint)run_bin * copies], run);
}

/* acc holds spread copies of m counts and done one word, zero when made
 * and left zero: each group adds its counts into copy group % spread of
 * acc and counts itself done; the last to count moves the sum of the
 * copies into counts and sets acc and done back to 0 (device_fence, as
 * reduce_onepass), so that the counts need no launch to clear them. The
 * copies spread the groups' atomics on one bin, which the memory applies
 * one after another, over spread words on as many lines (m words apart):
 * a wave of groups ends together, and their atomics on one word would
 * make its tail. -DHIST_SPREAD=S uses at most S of the copies (to
 * compare). */
kernel void histogram_atomic_tuned(global const R *x, global uint *counts, uint n, uint m,
				   uint copies, local uint *hist, global uint *acc,
				   global uint *done, uint spread)
{
	local uint last_sh;
	uint lid = get_local_id(0), L = get_local_size(0);
#ifdef HIST_SPREAD
	spread = min(spread, (uint)HIST_SPREAD);
#endif
	global uint *mine_acc = acc + (size_t)(get_group_id(0) % spread) * m;
	for (uint c = lid; c < m * copies; c += L)
		hist[c] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	local uint *mine = hist + (lid & (copies - 1));
#ifdef IS_FLOAT
	if (popcount(m) == 1u)
		tally_all(x, n, m, mine, copies, 1);
	else
#endif
		tally_all(x, n, m, mine, copies, 0);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < m; b += L) {
		uint sum = 0;
		for (uint c = 0; c < copies; c++)
			sum += hist[b * copies + c];
		if (sum)
			atomic_add(&mine_acc[b], sum);
	}
	device_fence();
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		last_sh = atomic_inc(done) == get_num_groups(0) - 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (!last_sh)
		return;
	device_fence();
	for (uint b = lid; b < m; b += L) {
		uint sum = 0;
		for (uint c = 0; c < spread; c++)
			sum += atomic_xchg(&acc[(size_t)c * m + b], 0u);
		counts[b] = sum;
	}
	if (lid == 0)
		atomic_xchg(done, 0u);
}
