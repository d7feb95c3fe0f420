/*
 * gpu_split.c - the runners of "split" (kernels in split.cl), radix sort's
 * stable split by bit 0:
 *   teaching  as the notes put it: the 0-scan of the keys (the count scan,
 *             gpu__count_scan), then split_scatter. The count scan leaves
 *             F, the number of 0 bits, first in its top level's totals.
 *   tuned     split_count (each tile's 0 bits, scanned over the tiles by
 *             decoupled look-back, F at the end) then split_place (each
 *             tile splits itself and writes its zeros and ones in place);
 *             split.cl says why it takes two passes.
 */
#include "gpuint.h"

extern const algo algo_split;

/* The tuned passes' work-group size at most (--max-group lowers it) and
 * their elements per work-item: tiles of 4096 keys. A build may set others
 * (CPPFLAGS=-DSPLIT_PP=32). On a GPU, try work-groups of 128, 256 and 512
 * with 8, 16 and 32 elements per work-item (local memory of split_place:
 * about L (PP + 1) words a group). */
#ifndef SPLIT_WG_CAP
#define SPLIT_WG_CAP 256
#endif
#ifndef SPLIT_PP
#define SPLIT_PP 16
#endif

static int split_refuses(gpu_ctx *c)
{
	if (c->job->params->type == PRAM_FLOAT) {
		snprintf(c->err, c->errlen,
			 "split sorts integer keys by their bit 0; the data are float");
		return 1;
	}
	return 0;
}

static int split(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, l;
	cl_mem f, total;
	if (n == 0)
		return 0;
	if (split_refuses(c))
		return -1;
	cl_kernel k = gpu__kernel(c, "split_scatter");
	if (!k || !(l = gpu__lsize(c, k, GPU_SCAN_WG_CAP, 0)) ||
	    gpu__count_scan(c, c->in[0], GPU_COUNT_ZEROS, &f, &total))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in[0], f, total, c->out[0],
			   (unsigned)n);
}

static int split_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, pp = c->per_proc;
	if (n == 0)
		return 0;
	if (split_refuses(c))
		return -1;
	if (!gpu__has_lookback(c, "the tuned split (its counts scanned by look-back)"))
		return -1;
	static const char *const names[] = {"split_count", "split_place"};
	/* split_place holds a padded tile and a scan slot per work-item. */
	const size_t local[] = {4, (pp + (pp + 31) / 32 + 2) * 4};
	cl_kernel k[2];
	size_t L = gpu__kernels(c, 2, names, local, SPLIT_WG_CAP, k);
	if (!L)
		return -1;
	size_t tile = L * pp, tiles = GPU_DIV_UP(n, tile);
	gpu_lookback lb;
	if (gpu__lookback_epoch(c, tiles, 1, &lb) ||
	    gpu__launch(c, k[0], tiles * L, L, "mmmuuul", c->in[0], lb.status, lb.ticket, lb.base,
			lb.epoch, (unsigned)n, L * 4) ||
	    gpu__launch(c, k[1], tiles * L, L, "mmmuull", c->in[0], c->out[0], lb.status,
			(unsigned)n, (unsigned)tiles, (tile + tile / 32 + 1) * 4, L * 4))
		return -1;
	return 0;
}

/* The teaching count scan takes 16 elements per work-item, as the other
 * applications of scan (gpu_line_of_sight.c says why). */
const gpu_algo gpu_split = {
    .algo = &algo_split,
    .file = "split.cl",
    .variant = {[GPU_TEACHING] = {.run = split, .default_pp = 16},
		[GPU_TUNED] = {.run = split_tuned, .default_pp = SPLIT_PP, .fit_pp = 1}},
};
