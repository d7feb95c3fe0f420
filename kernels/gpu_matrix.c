/* gpu_matrix.c - placeholder: the runners of matrix.cl are being written. */
#include "gpuint.h"

int gpu__scan_matrix(gpu_ctx *c)
{
	snprintf(c->err, c->errlen, "not written yet");
	return -1;
}
