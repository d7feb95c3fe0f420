/*
 * gpu_matrix.c - the runner of "scan-matrix" (kernels in matrix.cl): the sum
 * scan with each 256-element tile scanned as matrix products,
 * A U + L A J (A U' + L A J when exclusive), one tile per work-group.
 *
 * The whole array as the notes' "Working on Arbitrary Length Input", like
 * the teaching scans of gpu_scan.c: scan every tile, keeping its total;
 * scan the totals the same way (exclusive, in place, recursively while
 * there is more than one tile); add the scanned total of tile t to every
 * element of tile t. Up to 2^31 elements that is at most four levels.
 */
#include "gpuint.h"

/* Elements per tile: the 16 x 16 matrix of matrix.cl. */
#define MATRIX_TILE 256

/* A work-item per tile entry at most; fewer (down to 1) loop over the
 * entries, so any power of two works. */
#define MATRIX_WG_CAP MATRIX_TILE

/* The scan of m elements of src into dst (they may be the same buffer),
 * inclusive or not; the tile totals go to scratch slot `level`. tile runs
 * in groups of L, add in groups of la. */
static int matrix_level(gpu_ctx *c, cl_kernel tile, cl_kernel add, size_t L, size_t la, cl_mem src,
			cl_mem dst, size_t m, int inclusive, unsigned level)
{
	size_t tiles = GPU_DIV_UP(m, MATRIX_TILE);
	cl_mem sums = gpu__scratch(c, level, tiles);
	if (!sums ||
	    gpu__launch(c, tile, tiles * L, L, "mmmui", src, dst, sums, (unsigned)m, inclusive))
		return -1;
	if (tiles == 1)
		return 0; /* the one tile's scan is the answer; its total goes unused */
	if (matrix_level(c, tile, add, L, la, sums, sums, tiles, 0, level + 1))
		return -1;
	return gpu__launch(c, add, GPU_DIV_UP(m, la) * la, la, "mmu", dst, sums, (unsigned)m);
}

int gpu__scan_matrix(gpu_ctx *c)
{
	if (c->job->n == 0)
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
	return matrix_level(c, tile, add, L, la, c->in, c->out, c->job->n,
			    c->job->inclusive ? 1 : 0, 0);
}
