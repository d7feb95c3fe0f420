/*
 * student.c - a student's kernel on the OpenCL device: build it from its own
 * text (with a #line directive, so the compiler's messages name the
 * student's file, never a temporary one), and run one case of a block
 * contract with a given work-group size. Runs in a contained child
 * (kernelcheck.c); uses the kernels' runtime (clrt) for the device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "student.h"
#include "clrtint.h"

struct student_cl {
	clrt *rt;
	cl_program prog;
	cl_kernel kern;
};

void student_cl_close(student_cl *c)
{
	if (!c)
		return;
	if (c->kern)
		clReleaseKernel(c->kern);
	if (c->prog)
		clReleaseProgram(c->prog);
	clrt_close(c->rt);
	free(c);
}

student_cl *student_cl_open(const char *src, const char *shown, const char *entry,
			    const char *options, int *build_failed, char *err, size_t errlen)
{
	student_cl *c = calloc(1, sizeof *c);
	char *text = NULL;
	*build_failed = 0;
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->rt = clrt_open(NULL, err, errlen);
	if (!c->rt)
		goto fail;
	/* the name as a string literal: a quote or a newline in a file's name
	 * would end the #line, and what followed it would be source */
	size_t tlen = 2 * strlen(shown) + strlen(src) + 16;
	text = malloc(tlen);
	if (text) {
		size_t k = (size_t)snprintf(text, tlen, "#line 1 \"");
		for (const char *q = shown; *q; q++) {
			if (*q == '"' || *q == '\\')
				text[k++] = '\\';
			text[k++] = (unsigned char)*q < 0x20 ? '?' : *q;
		}
		snprintf(text + k, tlen - k, "\"\n%s", src);
	}
	if (!text) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	cl_int rc;
	const char *s = text;
	c->prog = clCreateProgramWithSource(clrt_context(c->rt), 1, &s, NULL, &rc);
	CL_CHECK_RC(rc, "clCreateProgramWithSource", err, errlen);
	cl_device_id dev = clrt_device(c->rt);
	rc = clBuildProgram(c->prog, 1, &dev, options, NULL, NULL);
	if (rc != CL_SUCCESS) {
		size_t n = 0;
		clGetProgramBuildInfo(c->prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
		char *log = malloc(n + 1);
		if (log) {
			clGetProgramBuildInfo(c->prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
			log[n] = '\0';
			snprintf(err, errlen, "%s", log);
			free(log);
		} else {
			snprintf(err, errlen, "the build failed: %s", clrt_errname(rc));
		}
		*build_failed = 1;
		goto fail;
	}
	c->kern = clCreateKernel(c->prog, entry, &rc);
	if (rc != CL_SUCCESS) {
		snprintf(err, errlen, "%s:1: error: no kernel named '%s' (%s)", shown, entry,
			 clrt_errname(rc));
		*build_failed = 1;
		goto fail;
	}
	free(text);
	return c;
fail:
	free(text);
	student_cl_close(c);
	return NULL;
}

int student_cl_run(student_cl *c, int scan, const int32_t *in, size_t nin, size_t n, size_t L,
		   int32_t *out, size_t nout, int32_t *sums, size_t nsums, char *err, size_t errlen)
{
	cl_context ctx = clrt_context(c->rt);
	cl_command_queue q = clrt_queue(c->rt);
	cl_mem bin = NULL, bout = NULL, bsums = NULL;
	size_t groups = n ? (n + L - 1) / L : 1;
	size_t global = L * groups;
	cl_uint un = (cl_uint)n;
	int ret = -1;
	cl_int rc;
	bin =
	    clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4 * nin, (void *)in, &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", err, errlen);
	bout = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4 * nout, out, &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", err, errlen);
	cl_uint a = 0;
	CL_CHECK(clSetKernelArg(c->kern, a++, sizeof bin, &bin), err, errlen);
	CL_CHECK(clSetKernelArg(c->kern, a++, sizeof bout, &bout), err, errlen);
	if (scan) {
		bsums = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4 * nsums,
				       sums, &rc);
		CL_CHECK_RC(rc, "clCreateBuffer", err, errlen);
		CL_CHECK(clSetKernelArg(c->kern, a++, sizeof bsums, &bsums), err, errlen);
	}
	CL_CHECK(clSetKernelArg(c->kern, a++, 4 * L, NULL), err, errlen);
	CL_CHECK(clSetKernelArg(c->kern, a++, sizeof un, &un), err, errlen);
	CL_CHECK(clEnqueueNDRangeKernel(q, c->kern, 1, NULL, &global, &L, 0, NULL, NULL), err,
		 errlen);
	CL_CHECK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, 4 * nout, out, 0, NULL, NULL), err,
		 errlen);
	if (scan)
		CL_CHECK(clEnqueueReadBuffer(q, bsums, CL_TRUE, 0, 4 * nsums, sums, 0, NULL, NULL),
			 err, errlen);
	ret = 0;
fail:
	if (bin)
		clReleaseMemObject(bin);
	if (bout)
		clReleaseMemObject(bout);
	if (bsums)
		clReleaseMemObject(bsums);
	return ret;
}
