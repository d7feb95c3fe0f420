/*
 * gpu_scan.c - the runners of the scans (kernels in scan.cl).
 *
 * The teaching scans (Hillis-Steele, Blelloch, the blocked scan, Brent's f
 * per work-item, the backward scan) follow the notes' "Working on Arbitrary
 * Length Input":
 * scan each block in a work-group, keep each block's total, scan the totals
 * the same way (recursively, exclusive, in place) and add the scanned totals
 * back to their blocks. The tuned scan is a single pass with decoupled
 * look-back: each tile's prefix comes from the totals the tiles before it
 * publish, so the data cross global memory once each way.
 */
#include "gpuint.h"

#define SCAN_WG_CAP 256

/* Scan m elements of src into dst (they may be the same buffer) with blk,
 * which scans blocks of per_block elements in groups of L; the block totals
 * go to scratch slot `level`. */
static int scan_level(gpu_ctx *c, cl_kernel blk, cl_kernel add, size_t L, size_t per_block,
		      cl_mem src, cl_mem dst, size_t m, int inclusive, unsigned level)
{
	size_t blocks = GPU_DIV_UP(m, per_block);
	cl_mem sums = gpu__scratch(c, level, blocks);
	if (!sums || gpu__launch(c, blk, blocks * L, L, "mmmuil", src, dst, sums, (unsigned)m,
				 inclusive, 2 * L * 4))
		return -1;
	if (blocks == 1)
		return 0;
	if (scan_level(c, blk, add, L, per_block, sums, sums, blocks, 0, level + 1))
		return -1;
	return gpu__launch(c, add, GPU_DIV_UP(m, L) * L, L, "mmuu", dst, sums, (unsigned)m,
			   (unsigned)per_block);
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
	return scan_level(c, blk, add, L, L * per_item, c->in, c->out, c->job->n,
			  c->job->inclusive ? 1 : 0, 0);
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
