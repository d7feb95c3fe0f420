/*
 * gpu_histopyramid.c - the runner of "histopyramid" (kernels in
 * histopyramid.cl and pyramid.clh): the counts loaded into level 0 of the
 * pyramid output, padded to M = 2^L; the build, one launch per level; the
 * traversal, one work-item per output index. The traversal's size is the
 * total T of the counts, which the job's second output already has room
 * for (the registry sized it from the counts; a program of its own would
 * read the root back). gpu__pyramid, the build and the traversal, serves
 * the counting sort by a histopyramid too.
 */
#include "gpuint.h"

extern const algo algo_histopyramid;

/* Cap on the work-group size: nothing here is shared within a group. */
#define PYRAMID_WG_CAP 256

/* The most counts a pyramid takes: its cell numbers are 32-bit. */
#define PYRAMID_MAX ((size_t)1 << 30)

int gpu__pyramid(gpu_ctx *c, cl_mem pyr, size_t n, unsigned fan, cl_mem out, size_t T)
{
	static const char *const names[] = {"pyramid_level", "pyramid_traverse"};
	static const size_t local[] = {0, 0};
	cl_kernel k[2];
	unsigned L = 0;
	if (n > PYRAMID_MAX) {
		snprintf(c->err, c->errlen,
			 "a pyramid over %zu counts: the kernels take at most %zu", n, PYRAMID_MAX);
		return -1;
	}
	size_t l = gpu__kernels(c, 2, names, local, PYRAMID_WG_CAP, k);
	if (!l)
		return -1;
	for (size_t len = n; len > 1; len = GPU_DIV_UP(len, fan)) {
		L++;
		size_t cells = GPU_DIV_UP(len, fan);
		if (gpu__launch(c, k[0], GPU_DIV_UP(cells, l) * l, l, "muuu", pyr, (unsigned)n, fan,
				L))
			return -1;
	}
	if (T == 0)
		return 0;
	return gpu__launch(c, k[1], GPU_DIV_UP(T, l) * l, l, "mmuuuu", pyr, out, (unsigned)n, fan,
			   L, (unsigned)T);
}

static int histopyramid(gpu_ctx *c)
{
	size_t m = c->job->in[0].n, M = 1;
	if (m == 0)
		return 0;
	while (M < m)
		M *= 2;
	if (c->job->out[0].n != 2 * M - 1) {
		snprintf(c->err, c->errlen, "the pyramid output has %zu cells for %zu counts",
			 c->job->out[0].n, m);
		return -1;
	}
	cl_kernel k = gpu__kernel(c, "histopyramid_load");
	size_t l = k ? gpu__lsize(c, k, PYRAMID_WG_CAP, 0) : 0;
	if (!l || gpu__launch(c, k, GPU_DIV_UP(M, l) * l, l, "mmuu", c->in[0], c->out[0],
			      (unsigned)m, (unsigned)M))
		return -1;
	return gpu__pyramid(c, c->out[0], M, 2, c->out[1], c->job->out[1].n);
}

const gpu_algo gpu_histopyramid = {
    .algo = &algo_histopyramid,
    .file = "histopyramid.cl",
    .variant = {[GPU_TEACHING] = {.run = histopyramid}},
    .out = GPU_OUT_DECL,
};
