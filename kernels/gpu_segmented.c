/*
 * gpu_segmented.c - the runners of the segmented scan and the segmented
 * reduction (kernels and their analysis in segmented.cl).
 *
 * The scan follows the teaching scans of gpu_scan.c: seg_block scans each
 * block of L (flag, value) pairs with segmented Hillis-Steele and keeps the
 * block's carry and head, the carries are scanned the same way (recursively,
 * in place, their heads as flags) and seg_add applies them to the elements
 * before each block's head. The reduction runs the inclusive scan into a
 * scratch buffer, an exclusive sum-scan of the flag words' popcounts (the
 * segment numbers, in the same recursive shape) and seg_ends, which writes
 * each segment's last value to its place and the number of segments to a
 * scratch word that gpu_run reads through c->count.
 */
#include "gpuint.h"

#define SEG_WG_CAP 256

/* Scratch slots of the reduction; the levels of both its scans start at
 * SLOT_LEVELS, the count scan reusing the segmented scan's buffers after it
 * in the queue. The scan alone starts its levels at 0. */
enum { SLOT_COUNT, SLOT_SCAN, SLOT_WPRE, SLOT_LEVELS };

typedef struct seg_kernels {
	cl_kernel blk, add; /* seg_block, seg_add */
	size_t L;
} seg_kernels;

/* The work-group size every kernel of the run can take: the local memory of
 * seg_block (2L values, 2L flags) and usum_block (2L) and the add-backs'. */
static int pick_kernels(gpu_ctx *c, seg_kernels *k, const char *const *more, size_t nmore,
			cl_kernel *mk)
{
	if (!(k->blk = gpu__kernel(c, "seg_block")) || !(k->add = gpu__kernel(c, "seg_add")))
		return -1;
	size_t L = gpu__lsize(c, k->blk, SEG_WG_CAP, 4 * 4), l;
	if (!L || !(l = gpu__lsize(c, k->add, SEG_WG_CAP, 0)))
		return -1;
	L = l < L ? l : L;
	for (size_t j = 0; j < nmore; j++) {
		if (!(mk[j] = gpu__kernel(c, more[j])) || !(l = gpu__lsize(c, mk[j], SEG_WG_CAP, 2 * 4)))
			return -1;
		L = l < L ? l : L;
	}
	k->L = L;
	return 0;
}

/* Segmented scan of m elements of src into dst with the given flags; level
 * `slot` keeps its block carries and heads in that scratch slot. */
static int seg_level(gpu_ctx *c, const seg_kernels *k, cl_mem src, cl_mem dst, cl_mem flags,
		     size_t foff, int packed, size_t m, int shift, unsigned slot)
{
	size_t L = k->L, blocks = GPU_DIV_UP(m, L);
	cl_mem carry = gpu__scratch(c, slot, 2 * blocks);
	if (!carry ||
	    gpu__launch(c, k->blk, blocks * L, L, "mmmuimuill", src, dst, flags, (unsigned)foff,
			packed, carry, (unsigned)m, shift, 2 * L * 4, 2 * L * 4))
		return -1;
	if (blocks == 1)
		return 0;
	/* The carries become the next level's elements, their heads its flags. */
	if (seg_level(c, k, carry, carry, carry, blocks, 0, blocks, 0, slot + 1))
		return -1;
	return gpu__launch(c, k->add, blocks * L, L, "mmuu", dst, carry, (unsigned)m, (unsigned)L);
}

/* Exclusive sum-scan of m uints (popcounts of flag words when popc). */
static int usum_level(gpu_ctx *c, cl_kernel blk, cl_kernel add, size_t L, cl_mem src,
		      cl_mem dst, size_t m, int popc, unsigned slot)
{
	size_t blocks = GPU_DIV_UP(m, L);
	cl_mem sums = gpu__scratch(c, slot, blocks);
	if (!sums ||
	    gpu__launch(c, blk, blocks * L, L, "mmmuil", src, dst, sums, (unsigned)m, popc,
			2 * L * 4))
		return -1;
	if (blocks == 1)
		return 0;
	if (usum_level(c, blk, add, L, sums, sums, blocks, 0, slot + 1))
		return -1;
	return gpu__launch(c, add, blocks * L, L, "mmuu", dst, sums, (unsigned)m, (unsigned)L);
}

int gpu__scan_segmented(gpu_ctx *c)
{
	seg_kernels k;
	size_t n = c->job->n;
	if (n == 0)
		return 0;
	if (pick_kernels(c, &k, NULL, 0, NULL))
		return -1;
	return seg_level(c, &k, c->in, c->out, c->flags, 0, 1, n, c->job->inclusive ? 0 : 1, 0);
}

int gpu__reduce_segmented(gpu_ctx *c)
{
	static const char *const more[] = {"usum_block", "usum_add", "seg_ends"};
	cl_kernel mk[3];
	seg_kernels k;
	size_t n = c->job->n, words = GPU_DIV_UP(n, 32);
	if (n == 0)
		return 0;
	if (pick_kernels(c, &k, more, 3, mk))
		return -1;
	cl_mem count = gpu__scratch(c, SLOT_COUNT, 1), scan = gpu__scratch(c, SLOT_SCAN, n),
	       wpre = gpu__scratch(c, SLOT_WPRE, words);
	if (!count || !scan || !wpre ||
	    seg_level(c, &k, c->in, scan, c->flags, 0, 1, n, 0, SLOT_LEVELS) ||
	    usum_level(c, mk[0], mk[1], k.L, c->flags, wpre, words, 1, SLOT_LEVELS) ||
	    gpu__launch(c, mk[2], GPU_DIV_UP(n, k.L) * k.L, k.L, "mmmmmu", scan, c->flags, wpre,
			c->out, count, (unsigned)n))
		return -1;
	c->count = count;
	return 0;
}
