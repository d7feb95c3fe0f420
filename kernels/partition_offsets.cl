/*
 * partition_offsets.cl - the kernels of "partition-offsets"
 * (algos/partition_offsets.c): the partitions of a flagged stream by a
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
 * Tuned, one pass over the flags, which are all the data there is:
 *
 *   flag_word_counts, count_block, count_add  each flag word's count of
 *                     borders and their exclusive scan (count.clh): the
 *                     number of the first partition starting in each word
 *   po_offsets        one work-item per flag word writes the offsets of the
 *                     partitions starting in it
 *   po_sizes          as above, the count from the scan's total
 *
 * n / 8 bytes of flags read twice and n / 8 bytes of counts, against the
 * pyramid's n + n / 3 cells of 4 bytes written and read; then 12 bytes a
 * partition. Flags packed as common.clh says; the host leaves the bits past
 * n clear. OpenCL C 1.2.
 */
#include "count.clh"
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

/* The offsets of the partitions that start in flag word w: the set bits,
 * numbered from wpre[w], the exclusive scan of the words' counts. */
kernel void po_offsets(global const uint *flags, global const uint *wpre, global int *offset,
		       uint n)
{
	uint w = get_global_id(0), nw = (n + 31) / 32;
	if (w >= nw)
		return;
	uint word = flags[w] | (w == 0 ? 1u : 0u), j = wpre[w];
	while (word) {
		uint b = 31 - clz(word & (0u - word)); /* the lowest set bit */
		offset[j++] = (int)(32 * w + b);
		word &= word - 1;
	}
}
