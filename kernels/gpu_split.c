/*
 * gpu_split.c - the runner of "split" (kernels in split.cl), radix sort's
 * stable split by bit 0, as the notes put it: the 0-scan of the keys (the
 * count scan, gpu__count_scan), then split_scatter. The count scan leaves
 * F, the number of 0 bits, first in its top level's totals.
 */
#include "gpuint.h"

extern const algo algo_split;

static int split(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, l;
	cl_mem f, total;
	if (n == 0)
		return 0;
	if (c->job->params->type == PRAM_FLOAT) {
		snprintf(c->err, c->errlen,
			 "split sorts integer keys by their bit 0; the data are float");
		return -1;
	}
	cl_kernel k = gpu__kernel(c, "split_scatter");
	if (!k || !(l = gpu__lsize(c, k, GPU_SCAN_WG_CAP, 0)) ||
	    gpu__count_scan(c, c->in[0], GPU_COUNT_ZEROS, &f, &total))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in[0], f, total, c->out[0],
			   (unsigned)n);
}

/* 16 elements per work-item, as the other applications of scan
 * (gpu_line_of_sight.c says why). */
const gpu_algo gpu_split = {
    .algo = &algo_split,
    .file = "split.cl",
    .variant = {[GPU_TEACHING] = {.run = split, .default_pp = 16}},
};
