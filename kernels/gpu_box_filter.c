/*
 * gpu_box_filter.c - the runners of "box-filter" (kernels in box_filter.cl):
 * sat's table (teaching or tuned, gpu__sat) into a scratch buffer, then one
 * gather of w h work-items.
 */
#include "sat.h"
#include "gpuint.h"

extern const algo algo_box_filter;

#define BOX_WG_CAP 256

/* The radius image must have the image's shape and no negative radius. */
static int check_radius(gpu_ctx *c)
{
	const gpu_job *j = c->job;
	if (j->in[1].n == 0)
		return 0;
	if (j->in[1].w != j->in[0].w || j->in[1].h != j->in[0].h) {
		snprintf(c->err, c->errlen,
			 "box-filter: the radius image is %zu by %zu, the image %zu by %zu",
			 j->in[1].w, j->in[1].h, j->in[0].w, j->in[0].h);
		return -1;
	}
	const int32_t *r = j->in[1].data;
	for (size_t i = 0; i < j->in[1].n; i++)
		if (r[i] < 0) {
			snprintf(c->err, c->errlen, "box-filter: radius[%zu] is %d: give >= 0", i,
				 (int)r[i]);
			return -1;
		}
	return 0;
}

static int box_run(gpu_ctx *c, enum gpu_variant var)
{
	const gpu_job *j = c->job;
	size_t w = j->in[0].w, h = j->in[0].h;
	if (c->runs == 0 && check_radius(c))
		return -1;
	if (w == 0 || h == 0)
		return 0;
	cl_mem s = gpu__scratch(c, 4, w * h);
	cl_kernel k = gpu__kernel(c, "box_gather");
	size_t L = k ? gpu__lsize(c, k, BOX_WG_CAP, 0) : 0;
	if (!s || !L || gpu__sat(c, var, SAT_PLAIN, c->in[0], s, w, h))
		return -1;
	int radius = (int)j->params->v[algo_param_index(&algo_box_filter, "radius")];
	return gpu__launch(c, k, GPU_DIV_UP(w * h, L) * L, L, "mmuimuu", s, c->in[1],
			   (unsigned)(j->in[1].n > 0), radius, c->out[0], (unsigned)w, (unsigned)h);
}

static int box_teaching(gpu_ctx *c)
{
	return box_run(c, GPU_TEACHING);
}

static int box_tuned(gpu_ctx *c)
{
	return box_run(c, GPU_TUNED);
}

const gpu_algo gpu_box_filter = {
    .algo = &algo_box_filter,
    .file = "box_filter.cl",
    .variant = {[GPU_TEACHING] = {.run = box_teaching}, [GPU_TUNED] = {.run = box_tuned}},
    .sum_only = 1,
};
