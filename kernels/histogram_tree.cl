/*
 * histogram_tree.cl - the histogram by one tree reduction per bin
 * (algos/histogram_tree.c), the post's "hierarchical reduction":
 *
 *   histogram_tree_count  the post's reduce kernel for one bin: each
 *                         work-item puts 1 in local memory when its record
 *                         falls in the bin and 0 otherwise, a binomial tree
 *                         halves the local sums each step, and work-item 0
 *                         writes the group's count to sums[group]
 *   histogram_tree_sum    the same tree over the group counts, level by
 *                         level (the post adds them on the host)
 *   histogram_tree_store  one work-item: counts[bin] = the total
 *
 * The host launches them once per bin, m times: every record is read m
 * times, which is why this loses to the atomic histogram. The post reads
 * x[gid] before it checks gid < n; here the check comes first. Work-group
 * sizes are powers of two; s holds one count per work-item. OpenCL C 1.2.
 */
#include "common.clh"
#include "histogram.clh"

/* The sum of the group's values in s (one a work-item, lid's at s[lid]) by
 * the binomial tree that halves them each step, written by work-item 0 to
 * sums[group]. */
inline void binomial_sum(local uint *s, uint lid, global uint *sums)
{
	for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < stride)
			s[lid] += s[lid + stride];
	}
	if (lid == 0)
		sums[get_group_id(0)] = s[0];
}

kernel void histogram_tree_count(global const R *x, global uint *sums, uint n, uint m, int bin,
				 local uint *s)
{
	size_t gid = get_global_id(0);
	uint lid = get_local_id(0);
	s[lid] = gid < n && record_bin(x[gid], m) == bin ? 1u : 0u;
	binomial_sum(s, lid, sums);
}

kernel void histogram_tree_sum(global const uint *in, global uint *sums, uint n, local uint *s)
{
	size_t gid = get_global_id(0);
	uint lid = get_local_id(0);
	s[lid] = gid < n ? in[gid] : 0u;
	binomial_sum(s, lid, sums);
}

kernel void histogram_tree_store(global const uint *total, global uint *counts, uint bin)
{
	counts[bin] = total[0];
}
