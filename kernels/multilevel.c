/*
 * multilevel.c - the driver of hierarchical passes (gpuint.h,
 * gpu__multilevel): the one place that turns a block pass into a pass over
 * any length, by recursion on the block totals and an optional add-back.
 *
 * A caller describes its pass with a gpu_multilevel (the block and add-back
 * kernels, their work-group sizes, the elements a block covers and two
 * argument builders) and calls gpu__multilevel once per run. The teaching
 * scans, the applications' scans and the segmented scan
 * (gpu_scan_common.c), the segment numbers (gpu_reduce_segmented.c), the
 * matrix scan (gpu_scan_matrix.c) and the teaching reduction
 * (gpu_reduce.c) all run on it.
 */
#include "gpuint.h"

/* Enqueue ml's kernel k (its arguments built by args) for level lv over
 * global work-items in groups of local. */
static int level_launch(gpu_ctx *c, const gpu_multilevel *ml, cl_kernel k, gpu_level_args args,
			const gpu_level *lv, size_t global, size_t local)
{
	if (args(c, ml, lv))
		return -1;
	return gpu__enqueue(c, k, 1, &global, &local);
}

int gpu__multilevel(gpu_ctx *c, const gpu_multilevel *ml, cl_mem src, cl_mem dst, size_t m,
		    cl_mem *top, gpu_levels *levels)
{
	gpu_level lv[GPU_MAX_LEVELS];
	unsigned n = 0;
	/* Without an add-back or a pyramid a level needs only the totals of
	 * the level below, so two slots serve all. */
	int keep = ml->add || ml->pyramid;
	if (ml->per_block < 2) {
		snprintf(c->err, c->errlen,
			 "blocks of %zu element never shrink the totals: the multi-level pass "
			 "needs blocks of 2 or more",
			 ml->per_block);
		return -1;
	}
	for (;;) {
		gpu_level *l = &lv[n];
		if (n == GPU_MAX_LEVELS) {
			snprintf(c->err, c->errlen, "more than %d levels of block totals",
				 GPU_MAX_LEVELS);
			return -1;
		}
		l->depth = n;
		l->src = n ? lv[n - 1].totals : src;
		l->dst = n ? l->src : dst;
		l->m = n ? lv[n - 1].blocks : m;
		l->blocks = l->m ? GPU_DIV_UP(l->m, ml->per_block) : 1;
		l->totals =
		    gpu__scratch(c, ml->slot + (keep ? n : n % 2), l->blocks * ml->total_words);
		if (!l->totals || level_launch(c, ml, ml->block, ml->block_args, l,
					       l->blocks * ml->lblock, ml->lblock))
			return -1;
		n++;
		if (l->blocks == 1)
			break;
	}
	/* The top level's one block is whole; every level below it gets the
	 * scanned totals of the level above back into its blocks. */
	for (unsigned d = n - 1; ml->add && d-- > 0;)
		if (level_launch(c, ml, ml->add, ml->add_args, &lv[d],
				 GPU_DIV_UP(lv[d].m, ml->ladd) * ml->ladd, ml->ladd))
			return -1;
	if (top)
		*top = lv[n - 1].totals;
	if (levels) {
		levels->n = n;
		for (unsigned d = 0; d < n; d++)
			levels->level[d] = lv[d];
	}
	return 0;
}
