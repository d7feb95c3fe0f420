/* gpu_apps.c - placeholder: the runners of apps.cl are being written. */
#include "gpuint.h"

int gpu__line_of_sight(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}

int gpu__split(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}

int gpu__compact(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}
