/*
 * gpu_scan_backward.c - the runner of "scan-backward" (kernels in
 * scan_backward.cl, which defines REVERSE): Blelloch's teaching scan from
 * the end, run as the forward one is (gpu__scan_blocks).
 */
#include "gpuint.h"

extern const algo algo_scan_backward;

static int scan_backward(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "blelloch_block", 2, 0);
}

const gpu_algo gpu_scan_backward = {
    .algo = &algo_scan_backward,
    .file = "scan_backward.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_backward}},
};
