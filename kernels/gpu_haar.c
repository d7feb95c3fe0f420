/*
 * gpu_haar.c - the runners of "haar" (kernels in haar.cl): sat's table
 * (teaching or tuned, gpu__sat) into a scratch buffer, then one work-item
 * per window position for the three features.
 */
#include "sat.h"
#include "gpuint.h"

extern const algo algo_haar;

#define HAAR_WG_CAP 256

static int haar_run(gpu_ctx *c, enum gpu_variant var)
{
	const gpu_job *j = c->job;
	size_t w = j->in[0].w, h = j->in[0].h;
	size_t s = (size_t)j->params->v[algo_param_index(&algo_haar, "window")];
	size_t pw = w >= s ? w - s + 1 : 0, np = pw * (h >= s ? h - s + 1 : 0);
	if (np == 0)
		return 0;
	cl_mem tab = gpu__scratch(c, 4, w * h);
	cl_kernel k = gpu__kernel(c, "haar_features");
	size_t L = k ? gpu__lsize(c, k, HAAR_WG_CAP, 0) : 0;
	if (!tab || !L || gpu__sat(c, var, SAT_PLAIN, c->in[0], tab, w, h))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(np, L) * L, L, "mmmmuuuu", tab, c->out[0], c->out[1],
			   c->out[2], (unsigned)w, (unsigned)pw, (unsigned)np, (unsigned)s);
}

static int haar_teaching(gpu_ctx *c)
{
	return haar_run(c, GPU_TEACHING);
}

static int haar_tuned(gpu_ctx *c)
{
	return haar_run(c, GPU_TUNED);
}

const gpu_algo gpu_haar = {
    .algo = &algo_haar,
    .file = "haar.cl",
    .variant = {[GPU_TEACHING] = {.run = haar_teaching}, [GPU_TUNED] = {.run = haar_tuned}},
    .out = GPU_OUT_DECL,
    .sum_only = 1,
};
