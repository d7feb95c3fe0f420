/*
 * gpu_compact.c - the runner of "compact" (kernels in compact.cl), stream
 * compaction as the notes put it: the scan of the flags (the count scan,
 * gpu__count_scan), then compact_scatter. The count scan leaves the number
 * kept first in its top level's totals, which gpu_run reads through
 * c->count.
 */
#include "gpuint.h"

extern const algo algo_compact;

static int compact(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, l;
	cl_mem f;
	if (n == 0)
		return 0;
	cl_kernel k = gpu__kernel(c, "compact_scatter");
	if (!k || !(l = gpu__lsize(c, k, GPU_SCAN_WG_CAP, 0)) ||
	    gpu__count_scan(c, c->flags[0], GPU_COUNT_FLAGS, &f, &c->count))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in[0], c->flags[0], f,
			   c->out[0], (unsigned)n);
}

/* 16 elements per work-item, as the other applications of scan
 * (gpu_line_of_sight.c says why). */
const gpu_algo gpu_compact = {
    .algo = &algo_compact,
    .file = "compact.cl",
    .variant = {[GPU_TEACHING] = {.run = compact, .default_pp = 16}},
    .out = GPU_OUT_UPTO,
    .flags = 1,
};
