/*
 * gpu_reduce_atomic.c - the runner of "reduce-atomic" (kernels in
 * reduce_atomic.cl): an initialising launch of one work-item, then one
 * work-item per element, each with its atomic on the one result cell.
 */
#include "gpuint.h"

extern const algo algo_reduce_atomic;

#define ATOMIC_WG_CAP 256

static int reduce_atomic_teaching(gpu_ctx *c)
{
	cl_kernel init = gpu__kernel(c, "reduce_atomic_init"), k = gpu__kernel(c, "reduce_atomic");
	if (!init || !k)
		return -1;
	size_t L = gpu__lsize(c, k, ATOMIC_WG_CAP, 0), n = c->job->in[0].n;
	if (L == 0 || gpu__launch(c, init, 1, 1, "m", c->out[0]))
		return -1;
	if (n == 0)
		return 0;
	return gpu__launch(c, k, GPU_DIV_UP(n, L) * L, L, "mmu", c->in[0], c->out[0], (unsigned)n);
}

const gpu_algo gpu_reduce_atomic = {
    .algo = &algo_reduce_atomic,
    .file = "reduce_atomic.cl",
    .variant = {[GPU_TEACHING] = {.run = reduce_atomic_teaching}},
    .out = GPU_OUT_ONE,
};
