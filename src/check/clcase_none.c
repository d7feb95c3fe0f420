/*
 * clcase_none.c - clcase.h in a pram built without OpenCL: the kernel
 * checks cannot run, and say why.
 */
#include <stdio.h>

#include "clcase.h"

ck_cl *ck_cl_open(const char *src, const char *shown, const char *entry, const char *options,
		  int *build_failed, char *err, size_t errlen)
{
	(void)src;
	(void)shown;
	(void)entry;
	(void)options;
	*build_failed = 0;
	snprintf(
	    err, errlen,
	    "pram was built without OpenCL, so kernels cannot be checked (Debian: apt-get "
	    "install ocl-icd-opencl-dev opencl-headers pocl-opencl-icd, then configure again)");
	return NULL;
}

int ck_cl_run(ck_cl *c, int scan, const int32_t *in, size_t nin, size_t n, size_t L, int32_t *out,
	      size_t nout, int32_t *sums, size_t nsums, char *err, size_t errlen)
{
	(void)c, (void)scan, (void)in, (void)nin, (void)n, (void)L, (void)out, (void)nout;
	(void)sums, (void)nsums;
	snprintf(err, errlen, "pram was built without OpenCL");
	return -1;
}

void ck_cl_close(ck_cl *c)
{
	(void)c;
}
