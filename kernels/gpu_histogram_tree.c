/*
 * gpu_histogram_tree.c - the runner of "histogram-tree" (kernels in
 * histogram_tree.cl): for each of the m bins, the post's reduce kernel over
 * the n records (one count per work-group), the same tree over the group
 * counts by the multi-level driver until one is left, and a store of it
 * into counts[bin]. That is m (levels + 1) launches, each reading what the
 * one before wrote. For n = 0 each bin's one group counts nothing.
 */
#include "gpuint.h"

extern const algo algo_histogram_tree;

/* Cap on the work-group size, as the reduction's (gpu_reduce.c). */
#define TREE_WG_CAP 256

/* histogram_tree_sum: in, the group sums, n and L counts of local memory. */
static int sum_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmul", lv->src, lv->totals, (unsigned)lv->m,
			 ml->lblock * 4);
}

static int tree_teaching(gpu_ctx *c)
{
	static const char *const names[] = {"histogram_tree_count", "histogram_tree_sum",
					    "histogram_tree_store"};
	static const size_t local[] = {4, 4, 0};
	cl_kernel k[3];
	size_t n = c->job->in[0].n;
	unsigned m = (unsigned)c->job->params->v[algo_param_index(c->job->algo, "bins")];
	if (c->job->out[0].n != m) {
		snprintf(c->err, c->errlen, "the output has %zu counts for %u bins",
			 c->job->out[0].n, m);
		return -1;
	}
	size_t L = gpu__kernels(c, 3, names, local, TREE_WG_CAP, k);
	if (L == 0)
		return -1;
	if (L < 2) {
		snprintf(c->err, c->errlen, "the tree reduction needs work-groups of 2 or more");
		return -1;
	}
	size_t groups = n ? GPU_DIV_UP(n, L) : 1;
	cl_mem sums = gpu__scratch(c, 0, groups);
	if (!sums)
		return -1;
	/* The group counts' levels alternate scratch slots 1 and 2. */
	gpu_multilevel ml = {.block = k[1],
			     .lblock = L,
			     .per_block = L,
			     .total_words = 1,
			     .block_args = sum_args,
			     .slot = 1};
	for (unsigned b = 0; b < m; b++) {
		cl_mem total = sums;
		if (gpu__launch(c, k[0], groups * L, L, "mmuuil", c->in[0], sums, (unsigned)n, m,
				(int)b, L * 4) ||
		    (groups > 1 && gpu__multilevel(c, &ml, sums, NULL, groups, &total, NULL)) ||
		    gpu__launch(c, k[2], 1, 1, "mmu", total, c->out[0], b))
			return -1;
	}
	return 0;
}

const gpu_algo gpu_histogram_tree = {
    .algo = &algo_histogram_tree,
    .file = "histogram_tree.cl",
    .variant = {[GPU_TEACHING] = {.run = tree_teaching}},
    .out = GPU_OUT_DECL,
};
