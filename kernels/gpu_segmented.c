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
 * in the (in-order) queue. The scan alone starts its levels at 0. */
enum {
	SLOT_COUNT,
	SLOT_SCAN,
	SLOT_WPRE,
	SLOT_LEVELS
};

/* The kernels, the scan's first, with the local memory a work-item of each
 * needs: seg_block holds 2L values and 2L flags, usum_block 2L counts. */
enum {
	K_BLOCK,
	K_ADD,
	K_USUM,
	K_UADD,
	K_ENDS,
	K_COUNT
};
static const struct {
	const char *name;
	size_t local;
} kinfo[K_COUNT] = {
    [K_BLOCK] = {"seg_block", 4 * 4}, [K_ADD] = {"seg_add", 0},   [K_USUM] = {"usum_block", 2 * 4},
    [K_UADD] = {"usum_add", 0},       [K_ENDS] = {"seg_ends", 0},
};

/* Create kernels 0 .. nk - 1 into k and return the work-group size all of
 * them take: the add-backs find their block by their group, so they must
 * run in groups as large as the block kernels'. 0 with a message. */
static size_t get_kernels(gpu_ctx *c, cl_kernel *k, unsigned nk)
{
	size_t L = SEG_WG_CAP;
	for (unsigned j = 0; j < nk; j++) {
		if (!(k[j] = gpu__kernel(c, kinfo[j].name)))
			return 0;
		size_t l = gpu__lsize(c, k[j], SEG_WG_CAP, kinfo[j].local);
		if (!l)
			return 0;
		L = l < L ? l : L;
	}
	return L;
}

/* Segmented scan of m elements of src into dst with the given flags, in
 * blocks of L; level `slot` keeps its carries and heads in that scratch
 * slot and the levels above it in the slots after it. */
static int seg_level(gpu_ctx *c, const cl_kernel *k, size_t L, cl_mem src, cl_mem dst, cl_mem flags,
		     size_t foff, int packed, size_t m, int shift, unsigned slot)
{
	size_t blocks = GPU_DIV_UP(m, L);
	cl_mem carry = gpu__scratch(c, slot, 2 * blocks);
	if (!carry ||
	    gpu__launch(c, k[K_BLOCK], blocks * L, L, "mmmuimuill", src, dst, flags, (unsigned)foff,
			packed, carry, (unsigned)m, shift, 2 * L * 4, 2 * L * 4))
		return -1;
	if (blocks == 1)
		return 0;
	/* The carries become the next level's elements, their heads its flags. */
	if (seg_level(c, k, L, carry, carry, carry, blocks, 0, blocks, 0, slot + 1))
		return -1;
	return gpu__launch(c, k[K_ADD], blocks * L, L, "mmu", dst, carry, (unsigned)m);
}

/* Exclusive sum-scan of m uints of src into dst (the popcounts of flag
 * words when popc), in blocks of L, levels in slots from `slot` on. */
static int usum_level(gpu_ctx *c, const cl_kernel *k, size_t L, cl_mem src, cl_mem dst, size_t m,
		      int popc, unsigned slot)
{
	size_t blocks = GPU_DIV_UP(m, L);
	cl_mem sums = gpu__scratch(c, slot, blocks);
	if (!sums || gpu__launch(c, k[K_USUM], blocks * L, L, "mmmuil", src, dst, sums, (unsigned)m,
				 popc, 2 * L * 4))
		return -1;
	if (blocks == 1)
		return 0;
	if (usum_level(c, k, L, sums, sums, blocks, 0, slot + 1))
		return -1;
	return gpu__launch(c, k[K_UADD], blocks * L, L, "mmu", dst, sums, (unsigned)m);
}

int gpu__scan_segmented(gpu_ctx *c)
{
	cl_kernel k[K_COUNT];
	size_t n = c->job->n, L;
	if (n == 0)
		return 0;
	if (!(L = get_kernels(c, k, K_ADD + 1)))
		return -1;
	/* Exclusive: the inclusive scan of the shifted input (segmented.cl). */
	return seg_level(c, k, L, c->in, c->out, c->flags, 0, 1, n, c->job->inclusive ? 0 : 1, 0);
}

int gpu__reduce_segmented(gpu_ctx *c)
{
	cl_kernel k[K_COUNT];
	size_t n = c->job->n, words = GPU_DIV_UP(n, 32), L;
	if (n == 0)
		return 0;
	if (!(L = get_kernels(c, k, K_COUNT)))
		return -1;
	cl_mem count = gpu__scratch(c, SLOT_COUNT, 1), scan = gpu__scratch(c, SLOT_SCAN, n),
	       wpre = gpu__scratch(c, SLOT_WPRE, words);
	if (!count || !scan || !wpre ||
	    seg_level(c, k, L, c->in, scan, c->flags, 0, 1, n, 0, SLOT_LEVELS) ||
	    usum_level(c, k, L, c->flags, wpre, words, 1, SLOT_LEVELS) ||
	    gpu__launch(c, k[K_ENDS], GPU_DIV_UP(words, L) * L, L, "mmmmmu", scan, c->flags, wpre,
			c->out, count, (unsigned)n))
		return -1;
	c->count = count; /* gpu_run reads the number of segments from it */
	return 0;
}
