/*
 * gpu_scan_segmented.c - the runners of "scan-segmented". Teaching
 * (kernels and their analysis in segmented.clh): seg_block scans each block
 * of L (flag, value) pairs with segmented Hillis-Steele and keeps the
 * block's carry and head, the carries are scanned the same way (in place,
 * their heads as flags, by the multi-level driver) and seg_add applies them
 * to the elements before each block's head (gpu__seg_scan). Tuned
 * (segmented_onepass.clh): segscan_onepass, one pass over the data with
 * decoupled look-back, in tiles of --group work-items of --per-proc
 * elements.
 */
#include "gpuint.h"

extern const algo algo_scan_segmented;

static int scan_segmented(gpu_ctx *c)
{
	/* seg_block holds 2L values and 2L flags; seg_add finds its block by
	 * its group, so both run in groups of one size. */
	static const char *const names[] = {"seg_block", "seg_add"};
	static const size_t local[] = {4 * 4, 0};
	cl_kernel k[2];
	size_t L;
	if (c->job->in[0].n == 0)
		return 0;
	if (!(L = gpu__kernels(c, 2, names, local, GPU_SCAN_WG_CAP, k)))
		return -1;
	/* Exclusive: the inclusive scan of the shifted input (segmented.clh). */
	return gpu__seg_scan(c, k[0], k[1], L, c->out[0], c->job->params->inclusive ? 0 : 1, 0);
}

static int scan_segmented_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	gpu_segpass sp = {.sets = 1}; /* one launch a run: the words carry the epoch */
	if (n == 0)
		return 0;
	if (gpu__segpass(c, "segscan_onepass", 0, &sp))
		return -1;
	return gpu__launch(c, sp.k, sp.tiles * sp.L, sp.L, "mmmmmuuuillll", c->in[0], c->out[0],
			   c->flags[0], sp.lb.status, sp.lb.ticket, sp.lb.base, sp.lb.epoch,
			   (unsigned)n, c->job->params->inclusive ? 1 : 0, sp.ltile, sp.lflags,
			   sp.lscan, sp.lscan);
}

const gpu_algo gpu_scan_segmented = {
    .algo = &algo_scan_segmented,
    .file = "scan_segmented.cl",
    .variant = {[GPU_TEACHING] = {.run = scan_segmented},
		[GPU_TUNED] = {.run = scan_segmented_tuned, .takes_per_proc = 1}},
    .flags = 1,
};
