/*
 * gpu_scan_brent.c - the runners of "scan-brent" (kernels in scan_brent.cl):
 * teaching, Brent's f = c->per_proc elements per work-item in each block,
 * the blocks joined by the multi-level driver (gpu__scan_blocks); tuned,
 * the single-pass scan (gpu__scan_onepass), which takes f elements per
 * work-item too.
 */
#include "gpuint.h"

extern const algo algo_scan_brent;

static int scan_brent(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "brent_block", c->per_proc, 0);
}

const gpu_algo gpu_scan_brent = {
    .algo = &algo_scan_brent,
    .file = "scan_brent.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_brent,
				  .takes_per_proc = 1,
				  .default_pp = 4}, /* the notes' float4 */
		[GPU_TUNED] =
		    {.run = gpu__scan_onepass, .takes_per_proc = 1, .default_pp = 16, .fit_pp = 1}},
};
