/*
 * gpu_scan_matrix.c - the runner of "scan-matrix" (kernels in
 * scan_matrix.cl): the sum scan with each 256-element tile scanned as
 * matrix products, A U + L A J (A U' + L A J when exclusive), one tile per
 * work-group.
 *
 * The whole array as the notes' "Working on Arbitrary Length Input", like
 * the teaching scans (gpu_scan_common.c), by the multi-level driver: scan
 * every tile, keeping its total; scan the totals the same way (exclusive,
 * in place, while there is more than one tile); add the scanned total of
 * tile t to every element of tile t. Up to 2^31 elements that is at most
 * four levels.
 */
#include "gpuint.h"

extern const algo algo_scan_matrix;

/* Elements per tile: the 16 x 16 matrix of scan_matrix.cl. */
#define MATRIX_TILE 256

/* A work-item per tile entry at most; fewer (down to 1) loop over the
 * entries, so any power of two works. */
#define MATRIX_WG_CAP MATRIX_TILE

/* matrix_tile: in, out, sums, n and inclusive (the levels above the first
 * scan their totals exclusively). */
static int tile_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmui", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 !lv->depth && c->job->params->inclusive);
}

/* matrix_add: a, the scanned tile totals, n. */
static int add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmu", lv->dst, lv->totals, (unsigned)lv->m);
}

static int scan_matrix(gpu_ctx *c)
{
	if (c->job->in[0].n == 0)
		return 0;
	cl_kernel tile = gpu__kernel(c, "matrix_tile"), add = gpu__kernel(c, "matrix_add");
	if (!tile || !add)
		return -1;
	/* matrix_tile's local memory is fixed (the kernel declares it), so
	 * no bytes per work-item. */
	size_t L = gpu__lsize(c, tile, MATRIX_WG_CAP, 0);
	size_t la = gpu__lsize(c, add, MATRIX_WG_CAP, 0);
	if (L == 0 || la == 0)
		return -1;
	gpu_multilevel ml = {.block = tile,
			     .lblock = L,
			     .per_block = MATRIX_TILE,
			     .total_words = 1,
			     .block_args = tile_args,
			     .add = add,
			     .ladd = la,
			     .add_args = add_args};
	return gpu__multilevel(c, &ml, c->in[0], c->out[0], c->job->in[0].n, NULL, NULL);
}

const gpu_algo gpu_scan_matrix = {
    .algo = &algo_scan_matrix,
    .file = "scan_matrix.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_matrix}},
    .sum_only = 1,
};
