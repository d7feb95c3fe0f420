/*
 * gpu_scan_hillis_steele.c - the runner of "scan-hillis-steele" (kernels in
 * scan_hillis_steele.cl): Hillis-Steele in each block, one element per
 * work-item, the blocks joined by the multi-level driver
 * (gpu__scan_blocks).
 */
#include "gpuint.h"

extern const algo algo_scan_hillis_steele;

static int scan_hillis_steele(gpu_ctx *c)
{
	return gpu__scan_blocks(c, "hs_block", 1, 0);
}

const gpu_algo gpu_scan_hillis_steele = {
    .algo = &algo_scan_hillis_steele,
    .file = "scan_hillis_steele.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_hillis_steele}},
};
