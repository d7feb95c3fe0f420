/*
 * gpu_partition_offsets.c - the runner of "partition-offsets" (kernels in
 * partition_offsets.cl and pyramid.clh): the flags into level 0 of a
 * scratch pyramid, its build and traversal (gpu__pyramid, with the --fan
 * the user gave, else the gist's 4), the sizes. The traversal's size is the
 * number of partitions T, which the job's outputs already have room for
 * (the registry sized them from the flags, as for the histopyramid; a
 * program of its own would read the root back). The tuned runner finds the
 * offsets a flag word at a time from a scan of the words' counts.
 */
#include "gpuint.h"

extern const algo algo_partition_offsets;

#define PO_WG_CAP 256

static int partition_offsets(gpu_ctx *c)
{
	static const char *const names[] = {"po_mark", "po_sizes"};
	static const size_t local[] = {0, 0};
	cl_kernel k[2];
	size_t n = c->job->in[0].n, T = c->job->out[1].n;
	int64_t fan_given = gpu__param_given(c->job, "fan");
	unsigned fan = fan_given ? (unsigned)fan_given : 4;
	if (n == 0)
		return 0;
	/* The pyramid's cells, and where its root is. */
	size_t cells = 0;
	for (size_t len = n; len > 1; len = GPU_DIV_UP(len, fan))
		cells += len;
	size_t root = cells;
	cells++;
	size_t l = gpu__kernels(c, 2, names, local, PO_WG_CAP, k);
	cl_mem pyr = gpu__scratch(c, 0, cells);
	if (!l || !pyr ||
	    gpu__launch(c, k[0], GPU_DIV_UP(n, l) * l, l, "mmu", c->flags[0], pyr, (unsigned)n) ||
	    gpu__pyramid(c, pyr, n, fan, c->out[1], T))
		return -1;
	return gpu__launch(c, k[1], GPU_DIV_UP(T, l) * l, l, "mmmmuuu", c->out[1], c->out[2],
			   c->out[0], pyr, (unsigned)root, (unsigned)T, (unsigned)n);
}

/* Scratch slots of the tuned runner: the word counts, their scan, the
 * scan's levels from SLOT_LEVELS on. */
enum {
	SLOT_WCNT,
	SLOT_WPRE,
	SLOT_LEVELS
};

static int partition_offsets_tuned(gpu_ctx *c)
{
	static const char *const names[] = {"flag_word_counts", "po_offsets", "po_sizes"};
	static const size_t local[] = {0, 0, 0};
	cl_kernel k[3];
	size_t n = c->job->in[0].n, T = c->job->out[1].n, words = GPU_DIV_UP(n, 32);
	if (n == 0)
		return 0;
	size_t l = gpu__kernels(c, 3, names, local, PO_WG_CAP, k);
	cl_mem total, cnt = gpu__scratch(c, SLOT_WCNT, words),
		      wpre = gpu__scratch(c, SLOT_WPRE, words);
	if (!l || !cnt || !wpre ||
	    gpu__launch(c, k[0], GPU_DIV_UP(words, l) * l, l, "mmu", c->flags[0], cnt,
			(unsigned)words) ||
	    gpu__block_scan(c, "count_block", "count_add", 1, cnt, 0, wpre, words, SLOT_LEVELS,
			    &total) ||
	    gpu__launch(c, k[1], GPU_DIV_UP(words, l) * l, l, "mmmu", c->flags[0], wpre, c->out[1],
			(unsigned)n))
		return -1;
	/* The count is the scan's total, the first cell of its top level. */
	return gpu__launch(c, k[2], GPU_DIV_UP(T, l) * l, l, "mmmmuuu", c->out[1], c->out[2],
			   c->out[0], total, 0u, (unsigned)T, (unsigned)n);
}

const gpu_algo gpu_partition_offsets = {
    .algo = &algo_partition_offsets,
    .file = "partition_offsets.cl",
    .variant = {[GPU_TEACHING] = {.run = partition_offsets},
		[GPU_TUNED] = {.run = partition_offsets_tuned}},
    .out = GPU_OUT_DECL,
    .flags = 1,
};
