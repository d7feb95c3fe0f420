/*
 * gpu_reduce_matrix.c - the runners of "reduce-matrix" (kernels in
 * reduce_matrix.cl): the teaching one, a tile of 256 elements per
 * work-group reduced by the product M = P A, and the tuned one, PP
 * (--per-proc) 16-byte loads a work-item in groups of --group.
 */
#include "gpuint.h"

extern const algo algo_reduce_matrix;

/* Elements per tile, and per segment: reduce_matrix.cl's. */
#define RM_TILE 256
#define RM_SIDE 16
/* The most elements: the kernels' indices are 32-bit. */
#define RM_MAX  ((size_t)UINT32_MAX - RM_TILE)

static int check_n(gpu_ctx *c, size_t n)
{
	if (n > RM_MAX) {
		snprintf(c->err, c->errlen, "reduce-matrix of %zu elements: the kernels take %zu",
			 n, RM_MAX);
		return -1;
	}
	return 0;
}

static int reduce_matrix_teaching(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	if (n == 0)
		return 0;
	if (check_n(c, n))
		return -1;
	cl_kernel k = gpu__kernel(c, "reduce_tile");
	/* A work-item per tile entry at most; fewer loop over the entries. */
	size_t L = k ? gpu__lsize(c, k, RM_TILE, 0) : 0;
	if (!L)
		return -1;
	size_t tiles = GPU_DIV_UP(n, RM_TILE);
	return gpu__launch(c, k, tiles * L, L, "mmu", c->in[0], c->out[0], (unsigned)n);
}

static int reduce_matrix_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	if (n == 0)
		return 0;
	if (check_n(c, n))
		return -1;
	cl_kernel k = gpu__kernel(c, "reduce16");
	/* The group's partial sums, PP a work-item, where there are no
	 * shuffles. */
	size_t PP = c->per_proc;
	size_t L = k ? gpu__group(c, k, 256, PP * 4, PP, "loads") : 0;
	if (!L)
		return -1;
	if (PP * L < 4) {
		snprintf(
		    c->err, c->errlen,
		    "reduce-matrix tuned: work-groups of %zu work-items of %zu loads each hold "
		    "less than a segment's four",
		    L, PP);
		return -1;
	}
	/* PP L quarter segments a group. */
	size_t groups = GPU_DIV_UP(GPU_DIV_UP(n, 4), PP * L);
	return gpu__launch(c, k, groups * L, L, "mmul", c->in[0], c->out[0], (unsigned)n,
			   PP * L * 4);
}

const gpu_algo gpu_reduce_matrix = {
    .algo = &algo_reduce_matrix,
    .file = "reduce_matrix.cl",
    .variant = {[GPU_TEACHING] = {.run = reduce_matrix_teaching},
		[GPU_TUNED] = {.run = reduce_matrix_tuned, .takes_per_proc = 1, .default_pp = 8}},
    .out = GPU_OUT_DECL,
    .sum_only = 1,
};
