/*
 * gpu_segmented.c - the runners of the segmented scan and the segmented
 * reduction (kernels and their analysis in segmented.cl).
 *
 * The scan follows the teaching scans of gpu_scan.c: seg_block scans each
 * block of L (flag, value) pairs with segmented Hillis-Steele and keeps the
 * block's carry and head, the carries are scanned the same way (in place,
 * their heads as flags, by the multi-level driver of multilevel.c) and
 * seg_add applies them to the elements before each block's head. The
 * reduction runs the inclusive scan into a scratch buffer, an exclusive
 * sum-scan of the flag words' popcounts (the segment numbers, in the same
 * multi-level shape) and seg_ends, which writes each segment's last value to
 * its place and the number of segments to a scratch word that gpu_run reads
 * through c->count.
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

/* seg_block: in, out, the flags, their offset, whether they are packed, the
 * carries and heads, n, the shift and 2L values and 2L flags of local
 * memory. The first level reads the job's packed flags and shifts for the
 * exclusive scan (user points to the shift); the levels above scan the
 * carries below them, whose heads (after the m carries) are their flags. */
static int seg_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	int top = lv->depth > 0, shift = *(const int *)ml->user;
	size_t L = ml->lblock;
	return gpu__args(c, ml->block, "mmmuimuill", lv->src, lv->dst, top ? lv->src : c->flags,
			 top ? (unsigned)lv->m : 0u, top ? 0 : 1, lv->totals, (unsigned)lv->m,
			 top ? 0 : shift, 2 * L * 4, 2 * L * 4);
}

/* usum_block: in, out, sums, m, popc (the popcounts of the flag words at
 * the first level, the totals as they are above it) and 2L counts of local
 * memory. */
static int usum_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmuil", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 lv->depth ? 0 : 1, 2 * ml->lblock * 4);
}

/* seg_add and usum_add: a, the scanned totals, m. */
static int add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmu", lv->dst, lv->totals, (unsigned)lv->m);
}

/* The segmented scan of the job's n elements of src into dst, in blocks of
 * L, its levels from scratch slot `slot` on; shift 1 for the exclusive scan.
 * Each level's totals are a carry and a head per block. */
static int seg_scan(gpu_ctx *c, const cl_kernel *k, size_t L, cl_mem dst, const int *shift,
		    unsigned slot)
{
	gpu_multilevel ml = {.block = k[K_BLOCK],
			     .lblock = L,
			     .per_block = L,
			     .total_words = 2,
			     .block_args = seg_block_args,
			     .add = k[K_ADD],
			     .ladd = L,
			     .add_args = add_args,
			     .slot = slot,
			     .user = shift};
	return gpu__multilevel(c, &ml, c->in, dst, c->job->n, NULL, NULL);
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
	int shift = c->job->inclusive ? 0 : 1;
	return seg_scan(c, k, L, c->out, &shift, 0);
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
	static const int no_shift = 0;
	/* The segment numbers: the exclusive sum-scan of the flag words'
	 * popcounts, in the same shape. */
	gpu_multilevel usum = {.block = k[K_USUM],
			       .lblock = L,
			       .per_block = L,
			       .total_words = 1,
			       .block_args = usum_block_args,
			       .add = k[K_UADD],
			       .ladd = L,
			       .add_args = add_args,
			       .slot = SLOT_LEVELS};
	if (!count || !scan || !wpre || seg_scan(c, k, L, scan, &no_shift, SLOT_LEVELS) ||
	    gpu__multilevel(c, &usum, c->flags, wpre, words, NULL, NULL) ||
	    gpu__launch(c, k[K_ENDS], GPU_DIV_UP(words, L) * L, L, "mmmmmu", scan, c->flags, wpre,
			c->out, count, (unsigned)n))
		return -1;
	c->count = count; /* gpu_run reads the number of segments from it */
	return 0;
}
