/* OpenCL on NVIDIA: does the queue's profiling cost the launch cadence?
 * Wall-clock cadence of R kernels behind a gate, on a profiling queue and on
 * a plain one; and a device timer read by inline PTX as a batch's clock. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static const char *src =
    "kernel void empty(global uint *a) { if (get_global_id(0) == (size_t)-1) a[0] = 1; }\n"
    "kernel void copy(global const uint4 *a, global uint4 *b, uint n) {\n"
    "  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) b[i] = a[i]; }\n";
static const char *stamp_src =
    "kernel void stamp(global ulong *o, uint i) { ulong t;\n"
    "  asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t));\n"
    "  if (get_global_id(0) == 0) o[i] = t; }\n";
#define CK(x)                                                \
	do {                                                 \
		cl_int e_ = (x);                             \
		if (e_) {                                    \
			fprintf(stderr, "%s: %d\n", #x, e_); \
			exit(1);                             \
		}                                            \
	} while (0)
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
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
static cl_kernel kc, ke, ks;
static cl_mem a, b, o;
static void launch(cl_command_queue q, cl_kernel k, size_t g, size_t l, cl_event *e)
{
	CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, e));
}
static void gate(cl_command_queue q, int copies)
{
	cl_uint nu = (cl_uint)(((size_t)1 << 28) / 4);
	CK(clSetKernelArg(kc, 2, 4, &nu));
	for (int i = 0; i < copies; i++)
		launch(q, kc, 132 * 2048, 256, NULL);
	CK(clFlush(q));
}
/* one batch: gate, R kernels of size lg (0: empty); returns wall ns */
static double batch(cl_command_queue q, int lg, int R, double *enq, int stamps, double *dev)
{
	size_t n = lg ? ((size_t)1 << lg) / 4 : 1;
	cl_uint nu = (cl_uint)n;
	size_t g = n < 132 * 2048 ? ((n + 255) / 256) * 256 : 132 * 2048;
	double t0 = now();
	gate(q, 16);
	cl_uint z = 0, one = 1;
	if (stamps) {
		CK(clSetKernelArg(ks, 1, 4, &z));
		launch(q, ks, 32, 32, NULL);
	}
	CK(clSetKernelArg(kc, 2, 4, &nu));
	double t1 = now();
	for (int r = 0; r < R; r++)
		launch(q, lg ? kc : ke, lg ? g : 256, 256, NULL);
	if (stamps) {
		CK(clSetKernelArg(ks, 1, 4, &one));
		launch(q, ks, 32, 32, NULL);
	}
	*enq = R ? (now() - t1) / R : 0;
	CK(clFinish(q));
	double t = now() - t0;
	if (stamps) {
		cl_ulong s[2];
		CK(clEnqueueReadBuffer(q, o, CL_TRUE, 0, 16, s, 0, NULL, NULL));
		*dev = (double)(s[1] - s[0]);
	}
	return t;
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
	cl_command_queue qp = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &rc);
	CK(rc);
	cl_command_queue qn = clCreateCommandQueue(ctx, d, 0, &rc);
	CK(rc);
	cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
	CK(rc);
	CK(clBuildProgram(pr, 1, &d, "", NULL, NULL));
	ke = clCreateKernel(pr, "empty", &rc);
	CK(rc);
	kc = clCreateKernel(pr, "copy", &rc);
	CK(rc);
	cl_program ps = clCreateProgramWithSource(ctx, 1, &stamp_src, NULL, &rc);
	CK(rc);
	int have_stamp = clBuildProgram(ps, 1, &d, "", NULL, NULL) == CL_SUCCESS;
	if (!have_stamp) {
		char log[4096] = "";
		clGetProgramBuildInfo(ps, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		printf("inline PTX stamp does not build:\n%s\n", log);
	} else {
		ks = clCreateKernel(ps, "stamp", &rc);
		CK(rc);
		printf("inline PTX stamp builds\n");
	}
	size_t big = (size_t)1 << 28;
	a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, big * 4, NULL, &rc);
	CK(rc);
	b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, big * 4, NULL, &rc);
	CK(rc);
	o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &rc);
	CK(rc);
	CK(clSetKernelArg(ke, 0, sizeof a, &a));
	CK(clSetKernelArg(kc, 0, sizeof a, &a));
	CK(clSetKernelArg(kc, 1, sizeof b, &b));
	if (have_stamp)
		CK(clSetKernelArg(ks, 0, sizeof o, &o));
	enum { REP = 9, R = 200 };
	int lgs[] = {0, 12, 16, 20, 24};
	for (int qi = 0; qi < 2; qi++) {
		cl_command_queue q = qi ? qn : qp;
		batch(q, 20, R, &(double){0}, 0, NULL); /* warm */
		for (size_t li = 0; li < sizeof lgs / sizeof *lgs; li++) {
			int lg = lgs[li];
			double t0[REP], tr[REP], eq[REP], dv[REP], de = 0;
			for (int r = 0; r < REP; r++) {
				t0[r] = batch(q, lg, 0, &de, 0, NULL);
				tr[r] = batch(q, lg, R, &eq[r], 0, NULL);
			}
			double m0 = med(t0, REP), mr = med(tr, REP), me = med(eq, REP);
			printf("%s queue, %s 2^%d words: wall (T(%d)-T(0))/%d %.2f us; host enqueue %.2f "
			       "us; gate alone %.2f ms",
			       qi ? "plain" : "profiling", lg ? "copy" : "empty", lg, R, R,
			       (mr - m0) / R / 1e3, me / 1e3, m0 / 1e6);
			if (have_stamp) {
				for (int r = 0; r < REP; r++)
					batch(q, lg, R, &de, 1, &dv[r]);
				double d1 = med(dv, REP);
				for (int r = 0; r < REP; r++)
					batch(q, lg, 0, &de, 1, &dv[r]);
				double d0 = med(dv, REP);
				printf("; device timer span/%d %.2f us (stamps alone %.2f us)", R,
				       (d1 - d0) / R / 1e3, d0 / 1e3);
			}
			printf("\n");
			fflush(stdout);
		}
	}
	return 0;
}
