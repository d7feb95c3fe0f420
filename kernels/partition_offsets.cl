/*
 * partition_offsets.cl - the kernels of "partition-offsets"
 * (src/algos/partition_offsets.c): the partitions of a flagged stream by a
 * histopyramid over its border flags.
 *
 *   po_mark           n work-items: level 0 of the pyramid is the border
 *                     flags (element 0 always starts a partition)
 *   pyramid_level     the build, one launch per level, fan-in 4 as the
 *                     gist's (pyramid.clh)
 *   pyramid_traverse  one work-item per partition j: the j-th border, the
 *                     partition's offset
 *   po_sizes          one work-item per partition: its size, the next
 *                     offset (n for the last) less its own; work-item 0
 *                     copies the root, the number of partitions
 *
 * Flags packed as common.clh says. OpenCL C 1.2.
 */
#include "common.clh"
#include "pyramid.clh"

kernel void po_mark(global const uint *flags, global int *pyr, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		pyr[i] = i == 0 ? 1 : (int)flag_at(flags, i);
}

kernel void po_sizes(global const int *offset, global int *size, global int *count,
		     global const int *pyr, uint root, uint T, uint n)
{
	size_t j = get_global_id(0);
	if (j >= T)
		return;
	int end = j + 1 < T ? offset[j + 1] : (int)n;
	size[j] = end - offset[j];
	if (j == 0)
		count[0] = pyr[root];
}
