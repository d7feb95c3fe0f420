/*
 * gpu_counting_sort_histopyramid.c - the runner of
 * "counting-sort-histopyramid" (kernels in counting_sort_histopyramid.cl
 * and pyramid.clh): the post's passes, each a launch, the pyramid's build
 * one launch per level (gpu__pyramid, gpu_histopyramid.c). The pyramid of
 * 2m - 1 cells is scratch; the traversal writes the sorted keys.
 */
#include "gpuint.h"

extern const algo algo_counting_sort_histopyramid;

/* Cap on the work-group size: nothing here is shared within a group. */
#define CHP_WG_CAP 256

static int chp(gpu_ctx *c)
{
	static const char *const names[] = {"chp_clear", "chp_count"};
	static const size_t local[] = {0, 0};
	cl_kernel k[2];
	size_t n = c->job->in[0].n;
	size_t m = (size_t)c->job->params->v[algo_param_index(c->job->algo, "key-range")];
	if (n == 0)
		return 0;
	if (m & (m - 1)) {
		snprintf(c->err, c->errlen, "--key-range %zu: the pyramid needs a power of two", m);
		return -1;
	}
	size_t l = gpu__kernels(c, 2, names, local, CHP_WG_CAP, k), cells = 2 * m - 1;
	cl_mem pyr = gpu__scratch(c, 0, cells);
	if (!l || !pyr ||
	    gpu__launch(c, k[0], GPU_DIV_UP(cells, l) * l, l, "mu", pyr, (unsigned)cells) ||
	    gpu__launch(c, k[1], GPU_DIV_UP(n, l) * l, l, "mmuu", c->in[0], pyr, (unsigned)n,
			(unsigned)m))
		return -1;
	return gpu__pyramid(c, pyr, m, 2, c->out[0], n);
}

const gpu_algo gpu_counting_sort_histopyramid = {
    .algo = &algo_counting_sort_histopyramid,
    .file = "counting_sort_histopyramid.cl",
    .variant = {[GPU_TEACHING] = {.run = chp}},
};
