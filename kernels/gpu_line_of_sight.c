/*
 * gpu_line_of_sight.c - the runner of "line-of-sight" (kernels in
 * line_of_sight.cl), the notes' three steps: los_angles, the exclusive
 * max-scan of the angles (the blocked scan of doubles, gpu__block_scan with
 * angle_block and angle_add), los_test.
 */
#include "gpuint.h"

extern const algo algo_line_of_sight;

/* Scratch slots: the scanned angles, the angles, the scan's levels. */
enum {
	SLOT_AMAX,
	SLOT_ANGLE,
	SLOT_LEVELS
};

static int line_of_sight(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, la, lt;
	cl_mem total;
	if (n == 0)
		return 0;
	/* line_of_sight.cl builds its kernels only with cl_khr_fp64. */
	if (!clrt_has_extension(c->rt, "cl_khr_fp64")) {
		snprintf(c->err, c->errlen,
			 "line of sight compares angles in double precision, "
			 "which this device lacks (cl_khr_fp64)");
		return -1;
	}
	cl_kernel ka = gpu__kernel(c, "los_angles"), kt = gpu__kernel(c, "los_test");
	cl_mem angle = gpu__scratch(c, SLOT_ANGLE, 2 * n), amax = gpu__scratch(c, SLOT_AMAX, 2 * n);
	if (!ka || !kt || !angle || !amax || !(la = gpu__lsize(c, ka, GPU_SCAN_WG_CAP, 0)) ||
	    !(lt = gpu__lsize(c, kt, GPU_SCAN_WG_CAP, 0)))
		return -1;
	if (gpu__launch(c, ka, GPU_DIV_UP(n, la) * la, la, "mmu", c->in[0], angle, (unsigned)n) ||
	    gpu__block_scan(c, "angle_block", "angle_add", 2, angle, 0, amax, n, SLOT_LEVELS,
			    &total))
		return -1;
	return gpu__launch(c, kt, GPU_DIV_UP(n, lt) * lt, lt, "mmmu", angle, amax, c->out[0],
			   (unsigned)n);
}

/* The applications scan 16 elements per work-item (on an H100 at n = 2^28,
 * compaction takes 5.4 ms with 16 and 7.3 ms with 32). */
const gpu_algo gpu_line_of_sight = {
    .algo = &algo_line_of_sight,
    .file = "line_of_sight.cl",
    .variant = {[GPU_TEACHING] = {.run = line_of_sight, .default_pp = 16}},
};
