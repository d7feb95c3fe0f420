/*
 * gpu_leader_crcw.c - the runner of "leader-crcw" (kernels in leader_crcw.cl): an
 * initialising launch of one work-item, then one work-item per element, each
 * storing to the one result cell where its element says so.
 */
#include "gpuint.h"

extern const algo algo_leader_crcw;

#define LEADER_CRCW_WG_CAP 256

static int leader_crcw_teaching(gpu_ctx *c)
{
	cl_kernel init = gpu__kernel(c, "leader_crcw_init"), k = gpu__kernel(c, "leader_crcw");
	if (!init || !k)
		return -1;
	size_t L = gpu__lsize(c, k, LEADER_CRCW_WG_CAP, 0), n = c->job->in[0].n;
	if (L == 0 || gpu__launch(c, init, 1, 1, "m", c->out[0]))
		return -1;
	if (n == 0)
		return 0;
	return gpu__launch(c, k, GPU_DIV_UP(n, L) * L, L, "mmu", c->in[0], c->out[0], (unsigned)n);
}

const gpu_algo gpu_leader_crcw = {
    .algo = &algo_leader_crcw,
    .file = "leader_crcw.cl",
    .variant = {[GPU_TEACHING] = {.run = leader_crcw_teaching}},
    .out = GPU_OUT_ONE,
};
