/*
 * gpu_counting_sort_scan.c - the runner of "counting-sort-scan" (kernels in
 * counting_sort_scan.cl): clear, count, the blocked scan of the histograms
 * (gpu__block_scan over count.clh's kernels, in place), and the stable
 * scatter. The input is cut into q tiles of a whole number of rounds of L
 * keys, q at most ceil(n / L) (a tile is a round or more) and at most
 * ceil(n / m), so that the q m cells of the histograms stay within n + m:
 * with 256 keys and groups of 256, one round per tile and a tile per
 * group; with many more keys than n, one tile, and one work-group places
 * the keys round by round.
 */
#include "gpuint.h"

extern const algo algo_counting_sort_scan;

/* Cap on the work-group size: a round of L keys costs each of them L
 * comparisons. */
#define CSCAN_WG_CAP 256

static int cscan(gpu_ctx *c)
{
	static const char *const names[] = {"cs_clear", "cs_count", "cs_scatter"};
	static const size_t local[] = {0, 0, 4};
	cl_kernel k[3];
	cl_mem total;
	size_t n = c->job->in[0].n;
	size_t m = (size_t)c->job->params->v[algo_param_index(c->job->algo, "key-range")];
	if (n == 0)
		return 0;
	size_t L = gpu__kernels(c, 3, names, local, CSCAN_WG_CAP, k);
	if (!L)
		return -1;
	size_t q = GPU_DIV_UP(n, L) < GPU_DIV_UP(n, m) ? GPU_DIV_UP(n, L) : GPU_DIV_UP(n, m);
	size_t tile = GPU_DIV_UP(GPU_DIV_UP(n, q), L) * L;
	q = GPU_DIV_UP(n, tile);
	size_t cells = m * q;
	cl_mem hist = gpu__scratch(c, 0, cells);
	if (!hist ||
	    gpu__launch(c, k[0], GPU_DIV_UP(cells, L) * L, L, "mu", hist, (unsigned)cells) ||
	    gpu__launch(c, k[1], GPU_DIV_UP(n, L) * L, L, "mmuuuu", c->in[0], hist, (unsigned)n,
			(unsigned)m, (unsigned)q, (unsigned)tile) ||
	    gpu__block_scan(c, "count_block", "count_add", 1, hist, GPU_COUNT_WORDS, hist, cells, 1,
			    &total))
		return -1;
	return gpu__launch(c, k[2], q * L, L, "mmmmuuuul", c->in[0], hist, c->out[0], c->out[1],
			   (unsigned)n, (unsigned)m, (unsigned)q, (unsigned)tile, L * 4);
}

/* 16 elements per work-item of the scan, as the other applications of scan
 * (gpu_line_of_sight.c says why). */
const gpu_algo gpu_counting_sort_scan = {
    .algo = &algo_counting_sort_scan,
    .file = "counting_sort_scan.cl",
    .variant = {[GPU_TEACHING] = {.run = cscan, .default_pp = 16}},
};
