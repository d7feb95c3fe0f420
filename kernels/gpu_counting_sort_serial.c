/*
 * gpu_counting_sort_serial.c - the runner of "counting-sort-serial"
 * (kernels in counting_sort_serial.cl): the post's scalar loops on one
 * work-item, the histogram of key-range cells in scratch. One lane of the
 * device does all the work: its time is the serial baseline.
 */
#include "gpuint.h"

extern const algo algo_counting_sort_serial;

static int serial(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	unsigned m = (unsigned)c->job->params->v[algo_param_index(c->job->algo, "key-range")];
	if (n == 0)
		return 0;
	cl_kernel k = gpu__kernel(c, "counting_sort_serial");
	cl_mem hist = gpu__scratch(c, 0, m);
	if (!k || !hist)
		return -1;
	return gpu__launch(c, k, 1, 1, "mmmuu", c->in[0], hist, c->out[0], (unsigned)n, m);
}

const gpu_algo gpu_counting_sort_serial = {
    .algo = &algo_counting_sort_serial,
    .file = "counting_sort_serial.cl",
    .variant = {[GPU_TEACHING] = {.run = serial}},
};
