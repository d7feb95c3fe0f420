/*
 * gpu_sandwich.c - the kernels of "sandwich": its cuts are the inclusive
 * sum scan of the slices' widths, so it runs the plain scan's kernels
 * (scan_blelloch.cl) with the plain scan's runners, teaching and tuned.
 */
#include "gpuint.h"

extern const algo algo_sandwich;

const gpu_algo gpu_sandwich = {
    .algo = &algo_sandwich,
    .file = "scan_blelloch.cl",
    .variant = {[GPU_TEACHING] = {.run = gpu__scan_blelloch},
		[GPU_TUNED] = {.run = gpu__scan_onepass, .takes_per_proc = 1}},
};
