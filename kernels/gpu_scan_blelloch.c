/*
 * gpu_scan_blelloch.c - the runners of "scan-blelloch" (kernels in
 * scan_blelloch.cl): teaching, Blelloch's up-sweep and down-sweep in each
 * block of 2L elements, the blocks joined by the multi-level driver
 * (gpu__scan_blocks); tuned, the single-pass scan (gpu__scan_onepass).
 */
#include "gpuint.h"

int gpu__scan_blelloch(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "blelloch_block", 2, 0);
}
