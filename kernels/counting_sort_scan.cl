/*
 * counting_sort_scan.cl - counting sort by a histogram, a scan and a
 * scatter (algos/counting_sort_scan.c), the form the counting-sort post
 * quotes from Wikipedia, made stable:
 *
 *   cs_clear    every cell of the q histograms is 0
 *   cs_count    n work-items: atomic_inc(hist[key q + g]), g = i / tile,
 *               the count of key in tile g of consecutive keys
 *   (scan)      pos = the exclusive sum scan of hist, key-major
 *               (count_block and count_add, count.clh), in place:
 *               pos[key q + g] is where tile g's first key equal to key
 *               goes, after the smaller keys and the equal ones of the
 *               tiles before g
 *   cs_scatter  one work-group per tile, L keys a round, in input order:
 *               y[k] = key, from[k] = i with k = pos[key q + g] plus the
 *               equal keys before it in the round, and the last of them
 *               moves pos[key q + g] past the round's
 *
 * The post's scatter, output[atomic_inc(&pos[x])] = x, hands the positions
 * of equal keys out in the order the atomics land, which a GPU does not
 * fix: the keys come out sorted, but the second output, from, the input
 * index of each sorted key, would differ from run to run. The reference
 * and the simulator are stable (equal keys keep their input order), so
 * here the atomic_inc of the scatter is replaced by what it would return
 * if the atomics of a key landed in input order: the count of equal keys
 * before it. Across tiles that count comes from the scan, so the one
 * histogram of the program becomes q, one per tile (q m cells: the host
 * keeps q m within n + m); within a tile, from the round's keys in local
 * memory, L comparisons per key. The count keeps the post's atomics: the
 * result does not depend on their order. Keys outside [0, m) are counted
 * and placed nowhere. Work-group sizes are powers of two. OpenCL C 1.2.
 */
#include "count.clh"

kernel void cs_clear(global uint *hist, uint cells)
{
	size_t i = get_global_id(0);
	if (i < cells)
		hist[i] = 0;
}

kernel void cs_count(global const int *keys, global uint *hist, uint n, uint m, uint q, uint tile)
{
	size_t i = get_global_id(0);
	if (i < n) {
		int k = keys[i];
		if (k >= 0 && k < (int)m)
			atomic_inc(&hist[(size_t)k * q + i / tile]);
	}
}

kernel void cs_scatter(global const int *keys, global uint *pos, global int *y, global int *from,
		       uint n, uint m, uint q, uint tile, local int *s)
{
	uint lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	for (uint r = 0; r < tile; r += L) {
		size_t i = (size_t)g * tile + r + lid;
		int k = i < n ? keys[i] : -1;
		if (k >= (int)m)
			k = -1;
		s[lid] = k;
		/* The global fence makes the last round's pos visible. */
		barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
		uint before = 0, last = 1, at = 0;
		if (k >= 0) {
			for (uint l = 0; l < L; l++) {
				int o = s[l];
				before += l < lid && o == k;
				last &= l <= lid || o != k;
			}
			at = pos[(size_t)k * q + g] + before;
		}
		/* Every work-item has read pos before the last ones move it, and
		 * s before the next round writes it. */
		barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
		if (k >= 0) {
			y[at] = k;
			from[at] = (int)i;
			if (last)
				pos[(size_t)k * q + g] = at + 1;
		}
	}
}
