/*
 * pingpong.c - the driver of iterated passes over two buffers (gpuint.h,
 * gpu__pingpong): which buffer a pass reads and writes, in one place, so
 * that a caller writes only its pass and finds its result where the last
 * pass left it.
 */
#include <assert.h>

#include "gpuint.h"

int gpu__pingpong(gpu_ctx *c, unsigned passes, gpu_pass_fn fn, const void *user, cl_mem src,
		  cl_mem a, cl_mem b, cl_mem *result)
{
	assert(src != b && a != b);
	cl_mem from = src;
	for (unsigned k = 0; k < passes; k++) {
		cl_mem to = k % 2 ? a : b;
		if (fn(c, k, from, to, user))
			return -1;
		from = to;
	}
	*result = from;
	return 0;
}
