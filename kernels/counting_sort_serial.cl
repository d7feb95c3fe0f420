/*
 * counting_sort_serial.cl - counting sort as the counting-sort post writes
 * it for a scalar processor (algos/counting_sort_serial.c), on one
 * work-item: the baseline the parallel counting sorts are measured
 * against.
 *
 *     histogram[] := allocate max cells, initialize to 0
 *     foreach input as x: histogram[x]++
 *     foreach histogram as (index, x): for 0 to x: emit index
 *
 * hist holds the m = key-range cells; keys outside [0, m) are counted
 * nowhere. OpenCL C 1.2.
 */

kernel void counting_sort_serial(global const int *keys, global uint *hist, global int *y, uint n,
				 uint m)
{
	for (uint k = 0; k < m; k++)
		hist[k] = 0;
	for (uint i = 0; i < n; i++) {
		int x = keys[i];
		if (x >= 0 && x < (int)m)
			hist[x]++;
	}
	uint o = 0;
	for (uint k = 0; k < m; k++)
		for (uint c = hist[k]; c > 0; c--)
			y[o++] = (int)k;
}
