/*
 * gpu_scan.c - the runners of the scans (kernels in scan.cl).
 *
 * The teaching scans (Hillis-Steele, Blelloch, the blocked scan, Brent's f
 * per work-item, the backward scan) follow the notes' "Working on Arbitrary
 * Length Input" through the multi-level driver (multilevel.c): scan each
 * block in a work-group, keep each block's total, scan the totals the same
 * way (exclusive, in place) and add the scanned totals back to their
 * blocks. The tuned scan is a single pass with decoupled look-back: each
 * tile's prefix comes from the totals the tiles before it publish, so the
 * data cross global memory once each way.
 */
#include "gpuint.h"

#define SCAN_WG_CAP 256

/* The block scans' arguments: in, out, sums, n, inclusive (the levels above
 * the first scan their totals exclusively) and 2L elements of local memory. */
static int block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmuil", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 lv->depth           ? 0
			 : c->job->inclusive ? 1
					     : 0,
			 2 * ml->lblock * 4);
}

/* add_offsets: a, the scanned block totals, n and the block size. */
static int add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmuu", lv->dst, lv->totals, (unsigned)lv->m,
			 (unsigned)ml->per_block);
}

/* The teaching scans differ only in the block kernel and how many elements
 * a work-item takes: 1 for Hillis-Steele, 2 for Blelloch, f for Brent.
 * groups_cap, when not 0, caps the work-group size (a block size asked for). */
static int scan_teaching(gpu_ctx *c, const char *block_kernel, size_t per_item, size_t groups_cap)
{
	if (c->job->n == 0)
		return 0;
	cl_kernel blk = gpu__kernel(c, block_kernel), add = gpu__kernel(c, "add_offsets");
	if (!blk || !add)
		return -1;
	size_t L = gpu__lsize(c, blk, groups_cap ? groups_cap : SCAN_WG_CAP, 2 * 4);
	if (L == 0)
		return -1;
	size_t la = gpu__lsize(c, add, SCAN_WG_CAP, 0);
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
			     .block_args = block_args,
			     .add = add,
			     .ladd = L,
			     .add_args = add_args};
	return gpu__multilevel(c, &ml, c->in, c->out, c->job->n, NULL, NULL);
}

int gpu__scan_hillis_steele(gpu_ctx *c)
{
	return scan_teaching(c, "hs_block", 1, 0);
}

int gpu__scan_blelloch(gpu_ctx *c)
{
	return scan_teaching(c, "blelloch_block", 2, 0);
}

/* The notes' scan of any length with blocks of job->block = 2^k elements:
 * Blelloch in each block (2^(k-1) work-items), the partial sums scanned the
 * same way, the add-back. Without a block size, the largest block fits. */
int gpu__scan_blocked(gpu_ctx *c)
{
	unsigned b = c->job->block;
	if (b && (b < 2 || (b & (b - 1)))) {
		snprintf(c->err, c->errlen, "block size %u is not a power of two of at least 2", b);
		return -1;
	}
	return scan_teaching(c, "blelloch_block", 2, b / 2);
}

int gpu__scan_brent(gpu_ctx *c)
{
	return scan_teaching(c, "brent_block", c->per_proc, 0);
}

/* Built with -DREVERSE: Blelloch's teaching scan from the end. */
int gpu__scan_backward(gpu_ctx *c)
{
	return scan_teaching(c, "blelloch_block", 2, 0);
}

int gpu__scan_tuned(gpu_ctx *c)
{
	size_t n = c->job->n, pp = c->per_proc;
	if (n == 0)
		return 0;
	if (!clrt_has_extension(c->rt, "cl_khr_int64_base_atomics")) {
		snprintf(c->err, c->errlen,
			 "the single-pass scan needs 64-bit atomics "
			 "(cl_khr_int64_base_atomics), which this device lacks; "
			 "the teaching kernels run without them");
		return -1;
	}
	cl_kernel init = gpu__kernel(c, "onepass_init"), scan = gpu__kernel(c, "scan_onepass");
	if (!init || !scan)
		return -1;
	/* scan_onepass holds a padded tile of L*pp elements and L item totals. */
	size_t L = gpu__lsize(c, scan, SCAN_WG_CAP, (pp + (pp + 31) / 32 + 2) * 4);
	size_t li = gpu__lsize(c, init, SCAN_WG_CAP, 0);
	if (!L || !li)
		return -1;
	size_t tile = L * pp, tiles = GPU_DIV_UP(n, tile);
	/* Status words are 64-bit: two scratch elements each, and one more for
	 * the ticket. */
	cl_mem status = gpu__scratch(c, 0, 2 * tiles), ticket = gpu__scratch(c, 1, 1);
	if (!status || !ticket)
		return -1;
	if (gpu__launch(c, init, GPU_DIV_UP(tiles, li) * li, li, "mmu", status, ticket,
			(unsigned)tiles) ||
	    gpu__launch(c, scan, tiles * L, L, "mmmmuill", c->in, c->out, status, ticket,
			(unsigned)n, c->job->inclusive ? 1 : 0, (tile + tile / 32 + 1) * 4, L * 4))
		return -1;
	return 0;
}
