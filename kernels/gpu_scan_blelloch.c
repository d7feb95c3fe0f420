/*
 * gpu_scan_blelloch.c - the runners of "scan-blelloch" (kernels in
 * scan_blelloch.cl): teaching, Blelloch's up-sweep and down-sweep in each
 * block of 2L elements, the blocks joined by the multi-level driver
 * (gpu__scan_blocks); tuned, the single-pass scan (gpu__scan_onepass).
 */
#include "gpuint.h"

extern const algo algo_scan_blelloch;

int gpu__scan_blelloch(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "blelloch_block", 2, 0);
}

const gpu_algo gpu_scan_blelloch = {
    .algo = &algo_scan_blelloch,
    .file = "scan_blelloch.cl",
    .variant = {[GPU_TEACHING] = {.run = gpu__scan_blelloch},
		[GPU_TUNED] =
		    {.run = gpu__scan_onepass, .takes_per_proc = 1, .default_pp = 16, .fit_pp = 1}},
};
