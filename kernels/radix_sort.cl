/*
 * radix_sort.cl - the kernels of "radix-sort", LSD radix sort
 * (gpu_radix_sort.c runs them). Keys and values are only moved, so they
 * travel as uint bits; the keys are whole numbers below 2^31.
 *
 * The teaching kernels, one pass per digit t in base r, as the notes and
 * the PRAM program (src/algos/radix_sort.c) have it: a counting sort by one
 * scan, stable, so that the passes from the low digit up sort the keys.
 *   radix_digit    each key's digit, (key / r^t) mod r: the row of its 1 in
 *                  the r x n flag matrix, which is never written;
 *   radix_block,   the blocked exclusive sum scan (blockscan.clh) of that
 *   radix_add      matrix in row-major order, whose first level reads
 *                  flag[v n + i] as digit[i] == v, the notes' "native
 *                  0-scan": pos[v n + i] = (keys of a smaller digit) + (keys
 *                  of digit v before key i). For r = 2 the first half of pos
 *                  is the notes' 0-scan f, the second F + (i - f_i);
 *   radix_scatter  keys'[pos[digit[i] n + i]] = keys[i], and its value (or
 *                  the index i in the first pass without --pairs).
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the scan. OpenCL C 1.2.
 */

#include "blockscan.clh"

/* The scan's load: mode 0 reads the words themselves (the block totals of
 * the levels above the first); mode m > 0 reads element e of the flag
 * matrix whose rows are m keys long from the m digits in src: 1 when key
 * e mod m has digit e / m. */
uint radix_load(global const uint *src, uint mode, size_t e)
{
	if (mode)
		return src[e % mode] == e / mode;
	return src[e];
}

#define RADIX_ADD(a, b) ((a) + (b))
SCAN_KERNELS(radix, uint, 0u, RADIX_ADD)

/* digit[i] = digit t of key i in base r, rt = r^t. */
kernel void radix_digit(global const uint *keys, global uint *digit, uint n, uint rt, uint r)
{
	size_t i = get_global_id(0);
	if (i < n)
		digit[i] = keys[i] / rt % r;
}

/* pos: the exclusive scan of the r x n flag matrix. Without values (iota)
 * each key takes its input index along. */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint iota)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint at = pos[digit[i] * (size_t)n + i];
	keys_out[at] = keys[i];
	if (iota)
		vals_out[at] = (uint)i;
	else
		vals_out[at] = vals[i];
}
