/*
 * gpu_scan_blocked.c - the runners of "scan-blocked" (kernels in
 * scan_blocked.cl): teaching, the notes' scan of any length with blocks of
 * the params' block = 2^k elements; tuned, the single-pass scan
 * (gpu__scan_onepass).
 */
#include "gpuint.h"

extern const algo algo_scan_blocked;

/* Blelloch in each block (2^(k-1) work-items), the partial sums scanned the
 * same way, the add-back. Without a block size, the largest block fits. */
static int scan_blocked(gpu_ctx *c)
{
	unsigned b = (unsigned)gpu__param_given(c->job, "block");
	if (b && (b < 2 || (b & (b - 1)))) {
		snprintf(c->err, c->errlen, "block size %u is not a power of two of at least 2", b);
		return -1;
	}
	return gpu__scan_blocks(c, "blelloch_block", 2, b / 2);
}

const gpu_algo gpu_scan_blocked = {
    .algo = &algo_scan_blocked,
    .file = "scan_blocked.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_blocked},
		[GPU_TUNED] =
		    {.run = gpu__scan_onepass, .takes_per_proc = 1, .default_pp = 16, .fit_pp = 1}},
};
