/*
 * gpu_scan_common.c - the host side of the scans that several algorithms'
 * runners share (gpuint.h), as the .clh headers share their kernels:
 *
 *   gpu__scan_blocks   the teaching scans (scan.clh): a block scan joined by
 *                      the multi-level driver, the notes' "Working on
 *                      Arbitrary Length Input" (Hillis-Steele, Blelloch, the
 *                      blocked scan, Brent's f per work-item, the backward
 *                      scan);
 *   gpu__scan_onepass  the tuned single-pass scan with decoupled look-back
 *                      (scan_onepass.clh): each tile's prefix comes from the
 *                      totals the tiles before it publish, so the data cross
 *                      global memory once each way;
 *   gpu__block_scan    the applications' typed blocked exclusive scan
 *                      (blockscan.clh; gpu__count_scan for count.clh's);
 *   gpu__seg_scan      the segmented scan (segmented.clh);
 *   gpu__segpass       the launch of the tuned segmented scan and reduction
 *                      (segmented_onepass.clh), one pass with look-back.
 *
 * Each multi-level scan leaves its block totals, scanned, in place, and the
 * total of all its elements first in the top level's totals.
 */
#include <stdint.h>
#include <string.h>

#include "gpuint.h"

/* ---- the teaching scans ----------------------------------------------- */

/* The block scans' arguments: in, out, sums, n, inclusive (the levels above
 * the first scan their totals exclusively) and 2L elements of local memory. */
static int blocks_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmuil", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 !lv->depth && c->job->params->inclusive, 2 * ml->lblock * 4);
}

/* add_offsets: a, the scanned block totals, n and the block size. */
static int offsets_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmuu", lv->dst, lv->totals, (unsigned)lv->m,
			 (unsigned)ml->per_block);
}

int gpu__scan_blocks(gpu_ctx *c, const char *block_kernel, size_t per_item, size_t groups_cap)
{
	if (c->job->in[0].n == 0)
		return 0;
	cl_kernel blk = gpu__kernel(c, block_kernel), add = gpu__kernel(c, "add_offsets");
	if (!blk || !add)
		return -1;
	size_t L = gpu__lsize(c, blk, groups_cap ? groups_cap : GPU_SCAN_WG_CAP, 2 * 4);
	if (L == 0)
		return -1;
	size_t la = gpu__lsize(c, add, GPU_SCAN_WG_CAP, 0);
	if (la == 0)
		return -1;
	if (la < L)
		L = la;
	if (groups_cap && L != groups_cap) {
		snprintf(c->err, c->errlen,
			 "a block of %zu elements needs work-groups of %zu; this "
			 "device and kernel allow at most %zu",
			 groups_cap * per_item, groups_cap, L);
		return -1;
	}
	gpu_multilevel ml = {.block = blk,
			     .lblock = L,
			     .per_block = L * per_item,
			     .total_words = 1,
			     .block_args = blocks_args,
			     .add = add,
			     .ladd = L,
			     .add_args = offsets_args};
	return gpu__multilevel(c, &ml, c->in[0], c->out[0], c->job->in[0].n, NULL, NULL);
}

/* ---- the tuned scan --------------------------------------------------- */

int gpu__scan_onepass(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, pp = c->per_proc;
	if (n == 0)
		return 0;
	if (!gpu__has_lookback(c, "the single-pass scan"))
		return -1;
	cl_kernel scan = gpu__kernel(c, "scan_onepass");
	if (!scan)
		return -1;
	/* scan_onepass holds a padded tile of L*pp elements and L item totals. */
	size_t L = gpu__lsize(c, scan, GPU_SCAN_WG_CAP, (pp + (pp + 31) / 32 + 2) * 4);
	if (!L)
		return -1;
	size_t tile = L * pp, tiles = GPU_DIV_UP(n, tile);
	gpu_lookback lb;
	if (gpu__lookback_epoch(c, tiles, 1, &lb) ||
	    gpu__launch(c, scan, tiles * L, L, "mmmmuuuill", c->in[0], c->out[0], lb.status,
			lb.ticket, lb.base, lb.epoch, (unsigned)n,
			c->job->params->inclusive ? 1 : 0, (tile + tile / 32 + 1) * 4, L * 4))
		return -1;
	return 0;
}

/* ---- the applications' typed scans ------------------------------------ */

/* <prefix>_block: src, the mode (user points to the first level's; the
 * levels above read their totals as they are, GPU_COUNT_WORDS), dst, sums,
 * n, and an element per work-item of local memory. */
static int typed_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	unsigned mode = lv->depth ? GPU_COUNT_WORDS : *(const unsigned *)ml->user;
	return gpu__args(c, ml->block, "mummul", lv->src, mode, lv->dst, lv->totals,
			 (unsigned)lv->m, ml->lblock * ml->total_words * 4);
}

int gpu__block_scan(gpu_ctx *c, const char *block, const char *add, size_t words, cl_mem src,
		    unsigned mode, cl_mem dst, size_t m, unsigned slot, cl_mem *total)
{
	gpu_multilevel ml = {.block = gpu__kernel(c, block),
			     .add = gpu__kernel(c, add),
			     .total_words = words,
			     .block_args = typed_block_args,
			     .add_args = offsets_args,
			     .slot = slot,
			     .user = &mode};
	if (!ml.block || !ml.add)
		return -1;
	ml.lblock = gpu__lsize(c, ml.block, GPU_SCAN_WG_CAP, words * 4);
	ml.ladd = gpu__lsize(c, ml.add, GPU_SCAN_WG_CAP, 0);
	if (!ml.lblock || !ml.ladd)
		return -1;
	ml.per_block = ml.lblock * c->per_proc;
	/* A block of one element would never shrink the totals. */
	if (ml.per_block < 2) {
		snprintf(c->err, c->errlen,
			 "blocks of %zu element cannot scan: work-groups of %zu, "
			 "%u elements per work-item",
			 ml.per_block, ml.lblock, c->per_proc);
		return -1;
	}
	return gpu__multilevel(c, &ml, src, dst, m, total, NULL);
}

int gpu__count_scan(gpu_ctx *c, cl_mem src, enum gpu_count mode, cl_mem *f, cl_mem *total)
{
	size_t n = c->job->in[0].n;
	if (!(*f = gpu__scratch(c, 0, n)))
		return -1;
	return gpu__block_scan(c, "count_block", "count_add", 1, src, mode, *f, n, 1, total);
}

/* ---- the segmented scan ----------------------------------------------- */

/* seg_block: in, out, the flags, their offset, whether they are packed, the
 * carries and heads, n, the shift and 2L values and 2L flags of local
 * memory. The first level reads the job's packed flags and shifts for the
 * exclusive scan (user points to the shift); the levels above scan the
 * carries below them, whose heads (after the m carries) are their flags. */
/* What the first level reads besides its elements (gpu__seg_scan_of). */
typedef struct seg_first {
	int shift;
	cl_mem flags;
} seg_first;

static int seg_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	const seg_first *first = ml->user;
	int top = lv->depth > 0, shift = first->shift;
	size_t L = ml->lblock;
	return gpu__args(c, ml->block, "mmmuimuill", lv->src, lv->dst, top ? lv->src : first->flags,
			 top ? (unsigned)lv->m : 0u, top ? 0 : 1, lv->totals, (unsigned)lv->m,
			 top ? 0 : shift, 2 * L * 4, 2 * L * 4);
}

/* seg_add: a, the scanned carries and heads, n. */
static int seg_add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmu", lv->dst, lv->totals, (unsigned)lv->m);
}

int gpu__seg_scan(gpu_ctx *c, cl_kernel block, cl_kernel add, size_t L, cl_mem dst, int shift,
		  unsigned slot)
{
	return gpu__seg_scan_of(c, block, add, L, c->in[0], c->flags[0], c->job->in[0].n, dst,
				shift, slot);
}

int gpu__seg_scan_of(gpu_ctx *c, cl_kernel block, cl_kernel add, size_t L, cl_mem src, cl_mem flags,
		     size_t n, cl_mem dst, int shift, unsigned slot)
{
	seg_first first = {.shift = shift, .flags = flags};
	gpu_multilevel ml = {.block = block,
			     .lblock = L,
			     .per_block = L,
			     .total_words = 2,
			     .block_args = seg_block_args,
			     .add = add,
			     .ladd = L,
			     .add_args = seg_add_args,
			     .slot = slot,
			     .user = &first};
	return gpu__multilevel(c, &ml, src, dst, n, NULL, NULL);
}

/* ---- the tuned segmented kernels -------------------------------------- */

int gpu__segpass(gpu_ctx *c, const char *kernel, unsigned slot, gpu_segpass *sp)
{
	size_t pp = c->per_proc;
	if (!gpu__has_lookback(c, "the single-pass segmented kernels"))
		return -1;
	if (!(sp->k = gpu__kernel(c, kernel)))
		return -1;
	/* Local memory a work-item brings: its pp values and their pad slots,
	 * its flag words, two counts and two values of the work-group scan,
	 * and room for the few words a tile has beyond those. */
	size_t words = (pp + 31) / 32, per_item = (pp + 2 * words + 4 + 5) * 4;
	sp->L = gpu__group(c, sp->k, sp->cap ? sp->cap : GPU_SCAN_WG_CAP, per_item, pp, "elements");
	if (!sp->L)
		return -1;
	sp->tile = sp->L * pp;
	sp->ltile = (sp->tile + sp->tile / 32 + 1) * 4;
	sp->lflags = (sp->tile / 32 + 4) * 4; /* SEG_FLW */
	sp->lscan = 2 * sp->L * 4;
	return gpu__segpass_start(c, slot, sp);
}

int gpu__segpass_start(gpu_ctx *c, unsigned slot, gpu_segpass *sp)
{
	size_t n = c->job->in[0].n;
	sp->tiles = GPU_DIV_UP(n, sp->tile);
	/* The kernels index with 32-bit words: the tile past the last must
	 * still have a number. */
	if (sp->tiles * sp->tile > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "n = %zu in tiles of %zu is more than 32-bit indices allow", n, sp->tile);
		return -1;
	}
	/* Status words are 64-bit: two scratch elements each. */
	if (sp->sets)
		return gpu__lookback_epoch(c, sp->tiles, sp->sets, &sp->lb);
	cl_kernel init = gpu__kernel(c, "onepass_init");
	size_t li = init ? gpu__lsize(c, init, GPU_SCAN_WG_CAP, 0) : 0;
	if (!li)
		return -1;
	return gpu__lookback_start(c, init, li, sp->tiles, slot, &sp->lb.status, &sp->lb.ticket);
}
