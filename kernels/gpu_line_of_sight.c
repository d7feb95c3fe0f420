/*
 * gpu_line_of_sight.c - the runners of "line-of-sight" (kernels in
 * line_of_sight.cl):
 *   teaching  the notes' three steps: los_angles, the exclusive max-scan of
 *             the angles (the blocked scan of doubles, gpu__block_scan with
 *             angle_block and angle_add), los_test;
 *   tuned     the three in one pass with decoupled look-back (los_onepass).
 * Both compare angles in double precision (line_of_sight.cl says why).
 */
#include "gpuint.h"

extern const algo algo_line_of_sight;

/* The tuned pass's work-group size at most, when --group does not give
 * one (--max-group lowers it), and its points per work-item when
 * --per-proc does not: tiles of 4096 heights. A build may set others
 * (CPPFLAGS=-DLOS_PP=16). On an H100 at n = 2^28 (bench/h100/tuning.md):
 * 32 points in groups of 128 0.878 to 0.887 ms; 24 in 128 0.914, 16 in
 * 128 or 256 1.018 and 1.074, 64 in 64 1.367. On a GPU try --group 64 to
 * 256 with --per-proc 16 to 64, each also with PRAM_CL_OPTIONS=-DLOS_TOP=k
 * (line_of_sight.cl says what it keeps). */
#ifndef LOS_WG_CAP
#define LOS_WG_CAP 128
#endif
#ifndef LOS_PP
#define LOS_PP 32
#endif

/* On NVIDIA the tuned pass is built to hold at most 64 registers a
 * work-item. With two status words a tile and all of a work-item's angles
 * in registers ptxas took 66 unasked, and the cap brought the pass on an
 * H100 at n = 2^28 from 1.83 ms to 1.44; it holds 51 now, under the cap
 * (48 spills a little, 0.873 ms against 0.879). */
#ifndef LOS_NV_OPTIONS
#define LOS_NV_OPTIONS "-cl-nv-maxrregcount=64"
#endif

/* Scratch slots: the teaching kernels' scanned angles, angles and the
 * scan's levels; the tuned pass's status words and ticket. */
enum {
	SLOT_AMAX,
	SLOT_ANGLE,
	SLOT_LEVELS
};
enum {
	SLOT_STATUS,
	SLOT_TICKET
};

/* line_of_sight.cl builds its kernels only with cl_khr_fp64. */
static int lacks_fp64(gpu_ctx *c)
{
	if (clrt_has_extension(c->rt, "cl_khr_fp64"))
		return 0;
	snprintf(c->err, c->errlen,
		 "line of sight compares angles in double precision, "
		 "which this device lacks (cl_khr_fp64)");
	return 1;
}

static int line_of_sight(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, la, lt;
	cl_mem total;
	if (n == 0)
		return 0;
	if (lacks_fp64(c))
		return -1;
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

static int line_of_sight_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, pp = c->per_proc;
	if (n == 0)
		return 0;
	if (lacks_fp64(c))
		return -1;
	if (!gpu__has_lookback(c, "the one-pass line of sight"))
		return -1;
	cl_kernel init = gpu__kernel(c, "onepass_init"), k = gpu__kernel(c, "los_onepass");
	if (!init || !k)
		return -1;
	/* A padded tile of heights and a double of the scan a work-item. */
	size_t L = gpu__group(c, k, LOS_WG_CAP, (pp + (pp + 31) / 32 + 1) * 4 + 8, pp, "points");
	size_t li = L ? gpu__lsize(c, init, GPU_SCAN_WG_CAP, 0) : 0;
	if (!L || !li)
		return -1;
	size_t tile = L * pp, tiles = GPU_DIV_UP(n, tile);
	/* The kernel numbers points with 32-bit words: the last tile's end
	 * must still have one. */
	if (tiles * tile > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "n = %zu in tiles of %zu is more than 32-bit indices allow", n, tile);
		return -1;
	}
	cl_mem status, ticket;
	if (gpu__lookback_start(c, init, li, tiles, SLOT_STATUS, &status, &ticket) ||
	    gpu__launch(c, k, tiles * L, L, "mmmmull", c->in[0], c->out[0], status, ticket,
			(unsigned)n, (tile + tile / 32 + 1) * 4, L * 8))
		return -1;
	return 0;
}

/* The applications scan 16 elements per work-item (on an H100 at n = 2^28,
 * compaction takes 5.4 ms with 16 and 7.3 ms with 32). */
const gpu_algo gpu_line_of_sight = {
    .algo = &algo_line_of_sight,
    .file = "line_of_sight.cl",
    .variant = {[GPU_TEACHING] = {.run = line_of_sight, .default_pp = 16},
		[GPU_TUNED] = {.run = line_of_sight_tuned,
			       .default_pp = LOS_PP,
			       .takes_per_proc = 1,
			       .fit_pp = 1,
			       .nv_options = LOS_NV_OPTIONS}},
};
