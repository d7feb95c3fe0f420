/*
 * gpu_scatter_blur.c - the runner of "scatter-blur" (kernels in
 * scatter_blur.cl): clear, scatter with atomic adds, then the table by rows
 * and by columns. The fixed point is 32 bits on the device, so the values
 * must lie within +-2^15 (the program's, in 64 bits, take +-2^31).
 */
#include <math.h>

#include "gpuint.h"

extern const algo algo_scatter_blur;

#define SB_WG_CAP 256

static int check(gpu_ctx *c)
{
	const gpu_job *j = c->job;
	if (j->in[1].n && (j->in[1].w != j->in[0].w || j->in[1].h != j->in[0].h)) {
		snprintf(c->err, c->errlen,
			 "scatter-blur: the radius image is %zu by %zu, the image %zu by %zu",
			 j->in[1].w, j->in[1].h, j->in[0].w, j->in[0].h);
		return -1;
	}
	const int32_t *r = j->in[1].data;
	for (size_t i = 0; i < j->in[1].n; i++)
		if (r[i] < 0) {
			snprintf(c->err, c->errlen, "scatter-blur: radius[%zu] is %d: give >= 0", i,
				 (int)r[i]);
			return -1;
		}
	for (size_t i = 0; i < j->in[0].n; i++) {
		double v = j->params->type == PRAM_INT ? ((const int32_t *)j->in[0].data)[i]
						       : ((const float *)j->in[0].data)[i];
		if (fabs(v) >= 32768) {
			snprintf(c->err, c->errlen,
				 "scatter-blur: image[%zu] is %g: the kernels' 32-bit fixed point "
				 "(2^16 a unit) takes values within +-2^15",
				 i, v);
			return -1;
		}
	}
	return 0;
}

static int sb_teaching(gpu_ctx *c)
{
	static const char *const names[] = {"sb_clear", "sb_scatter", "sb_rows", "sb_cols"};
	static const size_t local[] = {0, 0, 0, 0};
	const gpu_job *j = c->job;
	size_t w = j->in[0].w, h = j->in[0].h, n = w * h;
	if (c->runs == 0 && check(c))
		return -1;
	if (n == 0)
		return 0;
	cl_kernel k[4];
	size_t L = gpu__kernels(c, 4, names, local, SB_WG_CAP, k);
	cl_mem acc = gpu__scratch(c, 0, n);
	if (!L || !acc)
		return -1;
	int radius = (int)j->params->v[algo_param_index(&algo_scatter_blur, "radius")];
	size_t gn = GPU_DIV_UP(n, L) * L;
	return gpu__launch(c, k[0], gn, L, "mu", acc, (unsigned)n) ||
		       gpu__launch(c, k[1], gn, L, "mmuimuu", c->in[0], c->in[1],
				   (unsigned)(j->in[1].n > 0), radius, acc, (unsigned)w,
				   (unsigned)h) ||
		       gpu__launch(c, k[2], GPU_DIV_UP(h, L) * L, L, "muu", acc, (unsigned)w,
				   (unsigned)h) ||
		       gpu__launch(c, k[3], GPU_DIV_UP(w, L) * L, L, "mmuu", acc, c->out[0],
				   (unsigned)w, (unsigned)h)
		   ? -1
		   : 0;
}

const gpu_algo gpu_scatter_blur = {
    .algo = &algo_scatter_blur,
    .file = "scatter_blur.cl",
    .variant = {[GPU_TEACHING] = {.run = sb_teaching}},
    .sum_only = 1,
};
