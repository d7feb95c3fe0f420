/*
 * gpu_compact.c - the runners of "compact" (kernels in compact.cl), stream
 * compaction:
 *   teaching  as the notes put it: the scan of the flags (the count scan,
 *             gpu__count_scan), then compact_scatter. The count scan leaves
 *             the number kept first in its top level's totals.
 *   tuned     one pass with decoupled look-back (compact_onepass): each
 *             tile counts its flags, looks back for the kept elements
 *             before it and writes its kept values in place; the last tile
 *             writes the number kept.
 * gpu_run reads the number kept through c->count.
 */
#include "gpuint.h"

extern const algo algo_compact;

/* The tuned pass's work-group size at most (--max-group lowers it) and its
 * elements per work-item, a multiple of 4 from 4 to 32: tiles of 4096. A
 * build may set others (CPPFLAGS=-DCOMPACT_PP=32). On a GPU, try
 * work-groups of 128, 256 and 512 with 8, 16 and 32 elements per
 * work-item: larger tiles mean fewer look-backs, smaller ones more groups
 * resident to hide them (local memory: L (PP + 3) words a group). */
#ifndef COMPACT_WG_CAP
#define COMPACT_WG_CAP 256
#endif
#ifndef COMPACT_PP
#define COMPACT_PP 16
#endif

/* The tuned pass's scratch slot of the number kept (its look-back's are
 * gpu__lookback_epoch's). */
#define SLOT_COUNT 0

static int compact(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, l;
	cl_mem f;
	if (n == 0)
		return 0;
	cl_kernel k = gpu__kernel(c, "compact_scatter");
	if (!k || !(l = gpu__lsize(c, k, GPU_SCAN_WG_CAP, 0)) ||
	    gpu__count_scan(c, c->flags[0], GPU_COUNT_FLAGS, &f, &c->count))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in[0], c->flags[0], f,
			   c->out[0], (unsigned)n);
}

static int compact_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, pp = c->per_proc;
	if (n == 0)
		return 0;
	if (!gpu__has_lookback(c, "the one-pass compaction"))
		return -1;
	if (pp % 4 || pp > 32) {
		snprintf(c->err, c->errlen,
			 "the one-pass compaction takes a multiple of 4 elements per "
			 "work-item, at most 32 (one word of flags); %zu was asked for",
			 pp);
		return -1;
	}
	cl_kernel k = gpu__kernel(c, "compact_onepass");
	if (!k)
		return -1;
	/* A group holds its tile's kept values (L pp words) and three words a
	 * work-item: its chunk's place, flags and the scan's slot. */
	size_t L = gpu__lsize(c, k, COMPACT_WG_CAP, (pp + 3) * 4);
	if (!L)
		return -1;
	size_t tiles = GPU_DIV_UP(n, L * pp);
	gpu_lookback lb;
	cl_mem count = gpu__scratch(c, SLOT_COUNT, 1);
	if (!count || gpu__lookback_epoch(c, tiles, 1, &lb) ||
	    gpu__launch(c, k, tiles * L, L, "mmmmmmuuull", c->in[0], c->flags[0], c->out[0], count,
			lb.status, lb.ticket, lb.base, lb.epoch, (unsigned)n, L * pp * 4,
			3 * L * 4))
		return -1;
	c->count = count;
	return 0;
}

/* The teaching count scan takes 16 elements per work-item, as the other
 * applications of scan (gpu_line_of_sight.c says why). */
const gpu_algo gpu_compact = {
    .algo = &algo_compact,
    .file = "compact.cl",
    .variant = {[GPU_TEACHING] = {.run = compact, .default_pp = 16},
		[GPU_TUNED] = {.run = compact_tuned, .default_pp = COMPACT_PP, .fit_pp = 1}},
    .out = GPU_OUT_UPTO,
    .flags = 1,
};
