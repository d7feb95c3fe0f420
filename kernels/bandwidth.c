/*
 * bandwidth.c - the yardsticks of `pram bench` (gpu.h): the device's copy
 * bandwidth, timed by copy.cl's copy kernel exactly as gpu_run times an
 * algorithm's kernels, and the device's memory, which bounds the sizes a
 * benchmark may ask for.
 */
#include <stdint.h>
#include <stdlib.h>

#include "gpuint.h"

/* Work-group size of the copy: 256 keeps several groups resident per
 * compute unit on GPUs, and it is only a copy. */
#define COPY_WG_CAP 256

/* The word the source holds at index i: distinct nearby words, so that a
 * copy that misplaces or drops one is seen. */
static cl_uint pattern(size_t i)
{
	return (cl_uint)i * 2654435761u + 1;
}

/* One copy: gpu__timed_runs's run. */
typedef struct copy_run {
	cl_kernel k;
	cl_mem in, out;
	size_t n, global, L;
} copy_run;

static int copy_once(gpu_ctx *c, void *arg)
{
	const copy_run *r = arg;
	return gpu__launch(c, r->k, r->global, r->L, "mmu", r->in, r->out, (unsigned)r->n);
}

int gpu_copy_bandwidth(clrt *rt, size_t n, unsigned reps, double *times_ms, int *verified,
		       char *err, size_t errlen)
{
	gpu_ctx c;
	cl_uint *host = NULL;
	int rc = -1;
	*verified = 0;
	if (n == 0 || n > (size_t)INT32_MAX || reps < 1 || !times_ms) {
		snprintf(err, errlen, "copy: bad request: n = %zu, %u runs", n, reps);
		return -1;
	}
	if (gpu__ctx_open(&c, rt, "copy.cl", "-cl-std=CL1.2", err, errlen))
		goto fail;
	if (!(host = malloc(n * sizeof *host))) {
		snprintf(err, errlen, "copy: out of memory for %zu words", n);
		goto fail;
	}
	for (size_t i = 0; i < n; i++)
		host[i] = pattern(i);
	cl_mem in = gpu__scratch(&c, 0, n), out = gpu__scratch(&c, 1, n);
	cl_kernel k = gpu__kernel(&c, "copy_words");
	size_t L = k ? gpu__lsize(&c, k, COPY_WG_CAP, 0) : 0;
	if (!in || !out || !L)
		goto fail;
	CL_CHECK(clEnqueueWriteBuffer(clrt_queue(rt), in, CL_TRUE, 0, n * sizeof *host, host, 0,
				      NULL, NULL),
		 err, errlen);
	copy_run run = {k, in, out, n, GPU_DIV_UP(GPU_DIV_UP(n, 4), L) * L, L};
	unsigned launches;
	if (gpu__timed_runs(&c, reps, copy_once, NULL, &run, times_ms, &launches))
		goto fail;
	CL_CHECK(clEnqueueReadBuffer(clrt_queue(rt), out, CL_TRUE, 0, n * sizeof *host, host, 0,
				     NULL, NULL),
		 err, errlen);
	*verified = 1;
	for (size_t i = 0; i < n && *verified; i++)
		*verified = host[i] == pattern(i);
	rc = 0;
fail:
	free(host);
	gpu__ctx_close(&c);
	return rc;
}

void gpu_device_memory(const clrt *rt, uint64_t *global, uint64_t *max_alloc, int *is_gpu)
{
	cl_ulong g = 0, m = 0;
	cl_device_type t = 0;
	cl_device_id d = clrt_device(rt);
	if (clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof g, &g, NULL) != CL_SUCCESS)
		g = 0;
	if (clGetDeviceInfo(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof m, &m, NULL) != CL_SUCCESS)
		m = 0;
	if (clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL) != CL_SUCCESS)
		t = 0;
	*global = g;
	*max_alloc = m;
	*is_gpu = (t & CL_DEVICE_TYPE_GPU) != 0;
}
