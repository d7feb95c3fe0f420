/* gpu_segmented.c - placeholder: the runners of segmented.cl are being written. */
#include "gpuint.h"

int gpu__scan_segmented(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}

int gpu__reduce_segmented(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}
