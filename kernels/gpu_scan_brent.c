/*
 * gpu_scan_brent.c - the runners of "scan-brent" (kernels in scan_brent.cl):
 * teaching, Brent's f = c->per_proc elements per work-item in each block,
 * the blocks joined by the multi-level driver (gpu__scan_blocks); tuned,
 * the single-pass scan (gpu__scan_onepass), which takes f elements per
 * work-item too.
 */
#include "gpuint.h"

int gpu__scan_brent(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "brent_block", c->per_proc, 0);
}
