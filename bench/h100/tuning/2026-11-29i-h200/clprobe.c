/* OpenCL on NVIDIA: what its events say of an empty kernel and of a copy,
 * one at a time and back to back behind a gate. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
    "kernel void empty(global uint *a) { if (get_global_id(0) == (size_t)-1) a[0] = 1; }\n"
    "kernel void copy(global const uint4 *a, global uint4 *b, uint n) {\n"
    "  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) b[i] = a[i]; }\n";
#define CK(x)                                                \
	do {                                                 \
		cl_int e_ = (x);                             \
		if (e_) {                                    \
			fprintf(stderr, "%s: %d\n", #x, e_); \
			exit(1);                             \
		}                                            \
	} while (0)
static cl_command_queue q;
static double ev_ns(cl_event e, int which)
{
	cl_ulong t;
	CK(clGetEventProfilingInfo(e, which ? CL_PROFILING_COMMAND_END : CL_PROFILING_COMMAND_START,
				   8, &t, NULL));
	return (double)t;
}
static int cmp(const void *a, const void *b)
{
	double x = *(double *)a, y = *(double *)b;
	return x < y ? -1 : x > y;
}
static double med(double *v, int n)
{
	qsort(v, n, sizeof *v, cmp);
	return v[n / 2];
}
static void launch(cl_kernel k, size_t g, size_t l, cl_event *e)
{
	CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, e));
}
int main(void)
{
	cl_platform_id p[8];
	cl_uint np;
	cl_device_id d;
	cl_int rc;
	CK(clGetPlatformIDs(8, p, &np));
	int pi = -1;
	for (cl_uint i = 0; i < np; i++) {
		char nm[256];
		clGetPlatformInfo(p[i], CL_PLATFORM_NAME, 256, nm, NULL);
		if (strstr(nm, "NVIDIA"))
			pi = i;
	}
	if (pi < 0) {
		fprintf(stderr, "no NVIDIA\n");
		return 1;
	}
	CK(clGetDeviceIDs(p[pi], CL_DEVICE_TYPE_GPU, 1, &d, NULL));
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
	CK(rc);
	q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &rc);
	CK(rc);
	cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
	CK(rc);
	CK(clBuildProgram(pr, 1, &d, "", NULL, NULL));
	cl_kernel ke = clCreateKernel(pr, "empty", &rc);
	CK(rc);
	cl_kernel kc = clCreateKernel(pr, "copy", &rc);
	CK(rc);
	size_t big = (size_t)1 << 28;
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, big * 4, NULL, &rc);
	CK(rc);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, big * 4, NULL, &rc);
	CK(rc);
	CK(clSetKernelArg(ke, 0, sizeof a, &a));
	CK(clSetKernelArg(kc, 0, sizeof a, &a));
	CK(clSetKernelArg(kc, 1, sizeof b, &b));
	enum {
		R = 50
	};
	double t[R];
	cl_event ev[R];
	for (int lg = 0; lg <= 28; lg += 4) {
		int empty = lg == 0;
		size_t n = ((size_t)1 << (empty ? 20 : lg)) / 4;
		cl_uint nu = (cl_uint)n;
		CK(clSetKernelArg(kc, 2, 4, &nu));
		size_t g = n < 132 * 2048 ? ((n + 255) / 256) * 256 : 132 * 2048;
		cl_kernel k = empty ? ke : kc;
		size_t gg = empty ? 256 : g;
		if (!empty && lg < 12)
			continue;
		/* one at a time */
		for (int r = 0; r < R; r++) {
			launch(k, gg, 256, &ev[r]);
			CK(clFinish(q));
			t[r] = ev_ns(ev[r], 1) - ev_ns(ev[r], 0);
			clReleaseEvent(ev[r]);
		}
		double one = med(t, R);
		/* back to back behind a gate of four copies of 2^28 words */
		nu = (cl_uint)(big / 4);
		CK(clSetKernelArg(kc, 2, 4, &nu));
		for (int i = 0; i < 4; i++)
			launch(kc, 132 * 2048, 256, NULL);
		CK(clFlush(q));
		nu = (cl_uint)n;
		CK(clSetKernelArg(kc, 2, 4, &nu));
		for (int r = 0; r < R; r++)
			launch(k, gg, 256, &ev[r]);
		CK(clFinish(q));
		double sum = 0, span = ev_ns(ev[R - 1], 1) - ev_ns(ev[0], 0);
		for (int r = 0; r < R; r++) {
			sum += ev_ns(ev[r], 1) - ev_ns(ev[r], 0);
			clReleaseEvent(ev[r]);
		}
		printf("opencl %s 2^%d words: one at a time %.2f us; back to back: span/R %.2f us, "
		       "sum/R %.2f us\n",
		       empty ? "empty" : "copy", empty ? 0 : lg, one / 1e3, span / R / 1e3,
		       sum / R / 1e3);
	}
	return 0;
}
