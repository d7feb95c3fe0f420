/*
 * gputest.h - what the GPU test programs share: the device they run on, or
 * the TAP plan that skips them where there is none. Header-only: each test
 * program is one file.
 */
#ifndef PRAMSIM_GPUTEST_H
#define PRAMSIM_GPUTEST_H

#include <stdio.h>

#include "clrt.h"

/* The default device, with standard output line-buffered so that the
 * compiler's messages on standard error do not land inside a TAP line; or
 * NULL, after the plan that skips the whole test, naming why (err). */
static inline clrt *gputest_open(char *err, size_t errlen)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	clrt *rt = clrt_open(NULL, err, errlen);
	if (!rt)
		printf("1..0 # SKIP no OpenCL device: %s\n", err);
	return rt;
}

#endif
