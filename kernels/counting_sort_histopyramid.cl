/*
 * counting_sort_histopyramid.cl - counting sort by a histopyramid
 * (algos/counting_sort_histopyramid.c), the counting-sort post's
 * parallel program, in its passes:
 *
 *   chp_clear         2m - 1 work-items: every cell of the frequency
 *                     histogram and the pyramid above it is 0
 *   chp_count         n work-items: atomic_inc(pyramid[keys[i]]), the
 *                     frequency histogram (level 0)
 *   pyramid_level     the build, one launch per level (pyramid.clh)
 *   pyramid_traverse  n work-items, one per output index: the cell it
 *                     ends on is its key
 *
 * Keys outside [0, m) are counted nowhere. OpenCL C 1.2.
 */
#include "pyramid.clh"

kernel void chp_clear(global int *pyr, uint cells)
{
	size_t i = get_global_id(0);
	if (i < cells)
		pyr[i] = 0;
}

kernel void chp_count(global const int *keys, global int *pyr, uint n, uint m)
{
	size_t i = get_global_id(0);
	if (i < n) {
		int k = keys[i];
		if (k >= 0 && k < (int)m)
			atomic_inc(&pyr[k]);
	}
}
