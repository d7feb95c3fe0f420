/*
 * histopyramid.cl - the histopyramid of the counting-sort post
 * (algos/histopyramid.c): the sum pyramid of m counts and its
 * traversal, which expands the counts into a stream.
 *
 *   histopyramid_load  M = 2^L work-items: level 0 is the counts, padded
 *                      with zeros to M
 *   pyramid_level      the build, one launch per level (pyramid.clh)
 *   pyramid_traverse   one work-item per output index: the input cell
 *                      whose stretch of the expansion holds it
 *
 * OpenCL C 1.2.
 */
#include "pyramid.clh"

kernel void histopyramid_load(global const int *counts, global int *pyr, uint m, uint M)
{
	size_t i = get_global_id(0);
	if (i < M)
		pyr[i] = i < m ? counts[i] : 0;
}
