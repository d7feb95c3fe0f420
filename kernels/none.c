/*
 * none.c - the OpenCL runtime of a pram built without OpenCL (configure
 * --without-opencl, or no OpenCL found): the public functions of clrt.h and
 * gpu.h, each failing with a message that says how to get OpenCL, and an
 * empty table of algorithms with kernels. The commands build against the
 * same headers either way and need no #ifdef.
 */
#include <stdio.h>

#include "clrt.h"
#include "gpu.h"
#include "student.h"

#define NO_OPENCL                                                          \
	"this pram was built without OpenCL; install ocl-icd-opencl-dev, " \
	"opencl-headers and pocl-opencl-icd and run configure again"

const gpu_algo *const gpu_algos[] = {NULL};

clrt *clrt_open(const char *spec, char *err, size_t errlen)
{
	(void)spec;
	snprintf(err, errlen, "%s", NO_OPENCL);
	return NULL;
}

/* clrt_open never gives a runtime, so these never see one. */
void clrt_close(clrt *rt)
{
	(void)rt;
}

const char *clrt_device_name(const clrt *rt)
{
	(void)rt;
	return "";
}

const char *clrt_platform_name(const clrt *rt)
{
	(void)rt;
	return "";
}

unsigned clrt_compute_units(const clrt *rt)
{
	(void)rt;
	return 0;
}

int clrt_ptx(const clrt *rt)
{
	(void)rt;
	return 0;
}

void clrt_set_wg_cap(clrt *rt, size_t cap)
{
	(void)rt;
	(void)cap;
}

void clrt_set_batch(clrt *rt, unsigned batch)
{
	(void)rt;
	(void)batch;
}

unsigned clrt_batch(const clrt *rt)
{
	(void)rt;
	return 1;
}

char *clrt_kernel_text(const char *file, char *err, size_t errlen)
{
	(void)file;
	snprintf(err, errlen, "%s", NO_OPENCL);
	return NULL;
}

int clrt_print_devices(FILE *out, int json)
{
	if (json)
		fprintf(out, "[]\n");
	else
		fprintf(out, "%s\n", NO_OPENCL);
	return -1;
}

int gpu_run(clrt *rt, gpu_job *job, char *err, size_t errlen)
{
	(void)rt;
	(void)job;
	snprintf(err, errlen, "%s", NO_OPENCL);
	return -1;
}

unsigned long gpu_lanes(const clrt *rt)
{
	(void)rt;
	return 0;
}

int gpu_copy_bandwidth(clrt *rt, size_t n, unsigned reps, double *times_ms, int *verified,
		       char *err, size_t errlen)
{
	(void)rt;
	(void)n;
	(void)reps;
	(void)times_ms;
	*verified = 0;
	snprintf(err, errlen, "%s", NO_OPENCL);
	return -1;
}

void gpu_device_memory(const clrt *rt, uint64_t *global, uint64_t *max_alloc, int *is_gpu)
{
	(void)rt;
	*global = *max_alloc = 0;
	*is_gpu = 0;
}

/* pram check cannot build a student's kernel either. */
student_cl *student_cl_open(const char *device, const char *src, const char *shown,
			    const char *entry, const char *options, int *build_failed, char *err,
			    size_t errlen)
{
	(void)device;
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

int student_cl_launch(student_cl *c, const student_arg *args, size_t nargs, size_t L, size_t w,
		      size_t h, char *err, size_t errlen)
{
	(void)c, (void)args, (void)nargs, (void)L, (void)w, (void)h;
	snprintf(err, errlen, "pram was built without OpenCL");
	return -1;
}

size_t student_cl_args(const student_cl *c, char *quals, size_t len)
{
	(void)c;
	if (len)
		quals[0] = '\0';
	return 0;
}

int student_cl_stage(student_cl *c, const algo *a, const algo_params *p, const algo_data *in,
		     size_t L, int *verified, unsigned *ran, size_t *ran_L, char *why,
		     size_t whylen, char *err, size_t errlen)
{
	(void)c, (void)a, (void)p, (void)in, (void)L, (void)why, (void)whylen;
	*verified = 0;
	*ran = 0;
	*ran_L = 0;
	snprintf(err, errlen, "pram was built without OpenCL");
	return -1;
}

size_t student_cl_max_wg(const student_cl *c)
{
	(void)c;
	return 0;
}

double student_cl_last_ms(const student_cl *c)
{
	(void)c;
	return 0;
}

const char *student_cl_device(const student_cl *c)
{
	(void)c;
	return "none";
}

void student_cl_close(student_cl *c)
{
	(void)c;
}
