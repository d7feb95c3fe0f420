/*
 * test-drivers.c - the host runtime's drivers (kernels/gpuint.h) run with
 * the tiny kernels of tests/gpu/drivers.cl on the default device (PoCL):
 * the ping-pong driver (which buffer each pass reads and writes, where the
 * result ends), the 2-D launch (every work-item of the range, the shape of
 * the groups) and the multi-level driver's pyramid, its two alternating
 * slots and its add-back. Each check compares with the same computation on
 * the host. Prints TAP.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gpuint.h"
#include "gputest.h"
#include "../tap.h"

static char err[16384];

/* Upload n uints into a new buffer (or one of n zeros when v is NULL). */
static cl_mem upload(clrt *rt, const cl_uint *v, size_t n)
{
	cl_int rc;
	cl_mem m = clCreateBuffer(clrt_context(rt), CL_MEM_READ_WRITE, n * sizeof *v, NULL, &rc);
	if (rc != CL_SUCCESS)
		return NULL;
	cl_uint *zero = v ? NULL : calloc(n, sizeof *zero);
	if (!v && !zero)
		return NULL;
	rc = clEnqueueWriteBuffer(clrt_queue(rt), m, CL_TRUE, 0, n * sizeof *v, v ? v : zero, 0,
				  NULL, NULL);
	free(zero);
	if (rc != CL_SUCCESS) {
		clReleaseMemObject(m);
		return NULL;
	}
	return m;
}

/* Read n uints of m into v. Returns 0 or -1. */
static int download(clrt *rt, cl_mem m, cl_uint *v, size_t n)
{
	return clEnqueueReadBuffer(clrt_queue(rt), m, CL_TRUE, 0, n * sizeof *v, v, 0, NULL,
				   NULL) == CL_SUCCESS
		   ? 0
		   : -1;
}

/* The first index where got and want differ, or -1. */
static long first_diff(const cl_uint *got, const cl_uint *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			return (long)i;
	return -1;
}

/* ---- ping-pong ------------------------------------------------------- */

#define PP_N 1000

typedef struct step_pass {
	cl_kernel k;
	unsigned calls; /* passes the driver asked for */
	int order_ok;   /* they came numbered 0, 1, 2, ... */
} step_pass;

static int step_fn(gpu_ctx *c, unsigned pass, cl_mem src, cl_mem dst, const void *user)
{
	step_pass *sp = (step_pass *)user;
	sp->order_ok &= pass == sp->calls;
	sp->calls++;
	size_t L = 64;
	return gpu__launch(c, sp->k, GPU_DIV_UP(PP_N, L) * L, L, "mmuu", src, dst, (unsigned)PP_N,
			   pass);
}

/* What `passes` passes of step make of v. */
static void step_host(cl_uint *v, size_t n, unsigned passes)
{
	for (unsigned k = 0; k < passes; k++)
		for (size_t i = 0; i < n; i++)
			v[i] = 3u * v[i] + k + 1u;
}

static void test_pingpong(clrt *rt, gpu_ctx *c)
{
	static cl_uint init[PP_N], want[PP_N], got[PP_N];
	for (size_t i = 0; i < PP_N; i++)
		init[i] = (cl_uint)(i * 2654435761u);
	cl_mem in = upload(rt, init, PP_N), a = upload(rt, NULL, PP_N), b = upload(rt, NULL, PP_N);
	step_pass sp = {.k = gpu__kernel(c, "pingpong_step")};
	if (!in || !a || !b || !sp.k) {
		TAP_OK(0, "ping-pong: set up: %s", err);
		goto done;
	}
	for (unsigned passes = 0; passes <= 5; passes++) {
		cl_mem result = NULL;
		sp.calls = 0;
		sp.order_ok = 1;
		int rc = gpu__pingpong(c, passes, step_fn, &sp, in, a, b, &result);
		rc = rc || gpu__ctx_finish(c, NULL) || download(rt, result, got, PP_N);
		TAP_OK(rc == 0, "ping-pong: %u passes run%s%s", passes, rc ? ": " : "",
		       rc ? err : "");
		TAP_OK(sp.calls == passes && sp.order_ok,
		       "ping-pong: %u passes numbered 0 to %u in order (got %u calls)", passes,
		       passes ? passes - 1 : 0, sp.calls);
		cl_mem expect = passes == 0 ? in : passes % 2 ? b : a;
		TAP_OK(result == expect, "ping-pong: after %u passes the result is in %s", passes,
		       passes == 0  ? "the input"
		       : passes % 2 ? "b"
				    : "a");
		memcpy(want, init, sizeof want);
		step_host(want, PP_N, passes);
		long bad = first_diff(got, want, PP_N);
		TAP_OK(bad < 0, "ping-pong: %u passes give the host's values", passes);
		if (bad >= 0)
			printf("# at %ld: got %u, expected %u\n", bad, got[bad], want[bad]);
	}
	TAP_OK(download(rt, in, got, PP_N) == 0 && first_diff(got, init, PP_N) < 0,
	       "ping-pong: the input buffer is left alone");

	/* The input is a itself: a and b just swap. */
	cl_mem result = NULL;
	int rc = clEnqueueWriteBuffer(clrt_queue(rt), a, CL_TRUE, 0, sizeof init, init, 0, NULL,
				      NULL) != CL_SUCCESS;
	sp.calls = 0;
	sp.order_ok = 1;
	rc = rc || gpu__pingpong(c, 3, step_fn, &sp, a, a, b, &result) ||
	     gpu__ctx_finish(c, NULL) || download(rt, result, got, PP_N);
	memcpy(want, init, sizeof want);
	step_host(want, PP_N, 3);
	TAP_OK(rc == 0 && result == b && first_diff(got, want, PP_N) < 0,
	       "ping-pong: 3 passes from a itself end in b with the host's values");
done:
	if (b)
		clReleaseMemObject(b);
	if (a)
		clReleaseMemObject(a);
	if (in)
		clReleaseMemObject(in);
}

/* ---- 2-D launch ------------------------------------------------------ */

static void test_launch_2d(clrt *rt, gpu_ctx *c)
{
	static const struct {
		unsigned w, h;
		size_t lx, ly;
	} shapes[] = {{37, 19, 4, 2}, {5, 3, 1, 1}, {64, 8, 16, 4}, {3, 40, 1, 8}};
	cl_kernel k = gpu__kernel(c, "coords");
	TAP_OK(k != NULL, "2-D: the kernel is there%s%s", k ? "" : ": ", k ? "" : err);
	if (!k)
		return;
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		unsigned w = shapes[s].w, h = shapes[s].h;
		size_t local[2] = {shapes[s].lx, shapes[s].ly};
		size_t global[2] = {GPU_DIV_UP(w, local[0]) * local[0],
				    GPU_DIV_UP(h, local[1]) * local[1]};
		size_t n = (size_t)w * h;
		cl_uint *got = malloc(n * sizeof *got), shape[5] = {0};
		cl_mem out = upload(rt, NULL, n), sh = upload(rt, NULL, 5);
		int rc = !got || !out || !sh ||
			 gpu__launch_2d(c, k, global, local, "mmuu", out, sh, w, h) ||
			 gpu__ctx_finish(c, NULL) || download(rt, out, got, n) ||
			 download(rt, sh, shape, 5);
		TAP_OK(rc == 0, "2-D: %u x %u in groups of %zu x %zu runs%s%s", w, h, local[0],
		       local[1], rc ? ": " : "", rc ? err : "");
		long bad = -1;
		for (size_t i = 0; !rc && i < n && bad < 0; i++)
			if (got[i] != ((cl_uint)(i / w) << 16 | (cl_uint)(i % w)))
				bad = (long)i;
		TAP_OK(!rc && bad < 0, "2-D: every work-item of %u x %u writes its (x, y)", w, h);
		TAP_EQ_I(shape[4], 2, "2-D: the kernel sees 2 dimensions");
		TAP_OK(shape[0] == local[0] && shape[1] == local[1],
		       "2-D: groups of %zu x %zu (got %u x %u)", local[0], local[1], shape[0],
		       shape[1]);
		TAP_OK(shape[2] == global[0] / local[0] && shape[3] == global[1] / local[1],
		       "2-D: %zu x %zu groups (got %u x %u)", global[0] / local[0],
		       global[1] / local[1], shape[2], shape[3]);
		if (sh)
			clReleaseMemObject(sh);
		if (out)
			clReleaseMemObject(out);
		free(got);
	}
}

/* ---- multi-level ----------------------------------------------------- */

#define ML_L 4 /* elements a block: small, so that 1000 elements make 5 levels */

static int sum_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmul", lv->src, lv->totals, (unsigned)lv->m,
			 ml->lblock * 4);
}

static int scan_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmu", lv->src, lv->dst, lv->totals, (unsigned)lv->m);
}

static int add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmuu", lv->dst, lv->totals, (unsigned)lv->m,
			 (unsigned)ml->per_block);
}

/* The block sums of v's n elements into t, as block_sum makes them;
 * returns their number. */
static size_t host_sums(const cl_uint *v, size_t n, cl_uint *t)
{
	size_t blocks = n ? GPU_DIV_UP(n, ML_L) : 1;
	for (size_t g = 0; g < blocks; g++) {
		t[g] = 0;
		for (size_t j = g * ML_L; j < n && j < (g + 1) * ML_L; j++)
			t[g] += v[j];
	}
	return blocks;
}

static void test_multilevel(clrt *rt, gpu_ctx *c)
{
	enum {
		N = 1000
	};
	static cl_uint v[N], level[N], want[N], got[N];
	for (size_t i = 0; i < N; i++)
		v[i] = (cl_uint)(i * i % 997);
	cl_mem in = upload(rt, v, N), out = upload(rt, NULL, N);
	gpu_multilevel sum = {.block = gpu__kernel(c, "block_sum"),
			      .lblock = ML_L,
			      .per_block = ML_L,
			      .total_words = 1,
			      .block_args = sum_args,
			      .pyramid = 1};
	gpu_levels lv;
	if (!in || !out || !sum.block) {
		TAP_OK(0, "multi-level: set up: %s", err);
		goto done;
	}

	/* The pyramid: every level's block sums, each in its own buffer. */
	int rc = gpu__multilevel(c, &sum, in, NULL, N, NULL, &lv) || gpu__ctx_finish(c, NULL);
	TAP_OK(rc == 0, "multi-level: the pyramid of %d elements runs%s%s", N, rc ? ": " : "",
	       rc ? err : "");
	TAP_EQ_I(rc ? 0 : lv.n, 5, "multi-level: %d elements in blocks of %d make 5 levels", N,
		 ML_L);
	memcpy(level, v, sizeof v);
	size_t m = N;
	for (unsigned d = 0; !rc && d < lv.n; d++) {
		size_t blocks = host_sums(level, m, want);
		int ok = lv.level[d].m == m && lv.level[d].blocks == blocks &&
			 download(rt, lv.level[d].totals, got, blocks) == 0 &&
			 first_diff(got, want, blocks) < 0;
		TAP_OK(ok, "multi-level: pyramid level %u keeps the %zu sums of its %zu elements",
		       d, blocks, m);
		for (unsigned e = 0; e < d; e++)
			ok &= lv.level[e].totals != lv.level[d].totals;
		TAP_OK(ok, "multi-level: pyramid level %u has a buffer of its own", d);
		memcpy(level, want, blocks * sizeof *want);
		m = blocks;
	}
	cl_uint total = 0;
	for (size_t i = 0; i < N; i++)
		total += v[i];
	TAP_OK(!rc && m == 1 && level[0] == total, "multi-level: the top is the sum of all");

	/* No pyramid and no add-back: two slots, taken in turn. */
	cl_mem top = NULL;
	sum.pyramid = 0;
	rc = gpu__multilevel(c, &sum, in, NULL, N, &top, &lv) || gpu__ctx_finish(c, NULL) ||
	     download(rt, top, got, 1);
	TAP_OK(rc == 0 && got[0] == total, "multi-level: without a pyramid the top holds %u (%u)",
	       total, rc ? 0 : got[0]);
	TAP_OK(!rc && lv.n == 5 && lv.level[0].totals == lv.level[2].totals &&
		   lv.level[2].totals == lv.level[4].totals &&
		   lv.level[1].totals == lv.level[3].totals &&
		   lv.level[0].totals != lv.level[1].totals,
	       "multi-level: without a pyramid the levels alternate two buffers");

	/* No elements: one block, whose sum is 0. */
	rc = gpu__multilevel(c, &sum, in, NULL, 0, &top, &lv) || gpu__ctx_finish(c, NULL) ||
	     download(rt, top, got, 1);
	TAP_OK(rc == 0 && lv.n == 1 && got[0] == 0, "multi-level: 0 elements make one level of 0");

	/* A scan with an add-back, from in to out. */
	gpu_multilevel scan = {.block = gpu__kernel(c, "block_scan"),
			       .lblock = ML_L,
			       .per_block = ML_L,
			       .total_words = 1,
			       .block_args = scan_args,
			       .add = gpu__kernel(c, "add_back"),
			       .ladd = 8,
			       .add_args = add_args,
			       .slot = 10};
	cl_uint acc = 0;
	for (size_t i = 0; i < N; i++) {
		want[i] = acc;
		acc += v[i];
	}
	rc = !scan.block || !scan.add || gpu__multilevel(c, &scan, in, out, N, &top, &lv) ||
	     gpu__ctx_finish(c, NULL) || download(rt, out, got, N);
	long bad = rc ? 0 : first_diff(got, want, N);
	TAP_OK(rc == 0 && bad < 0, "multi-level: block scans and add-backs make the scan of %d", N);
	if (!rc && bad >= 0)
		printf("# at %ld: got %u, expected %u\n", bad, got[bad], want[bad]);
	TAP_OK(!rc && download(rt, top, got, 1) == 0 && got[0] == total,
	       "multi-level: the scan's top total is the sum of all");
	TAP_OK(!rc && download(rt, in, got, N) == 0 && first_diff(got, v, N) < 0,
	       "multi-level: the scan leaves its input alone");

	/* Blocks of one element would never end. */
	scan.per_block = 1;
	TAP_OK(gpu__multilevel(c, &scan, in, out, N, NULL, NULL) != 0,
	       "multi-level: blocks of one element are refused");
	TAP_CONTAINS(err, "blocks of 1", "multi-level: and the error says so");
done:
	if (out)
		clReleaseMemObject(out);
	if (in)
		clReleaseMemObject(in);
}

/* gpu__lsize sizes a work-group by the local memory left beside the
 * kernel's own; OpenCL's count of a kernel's local memory also holds the
 * sizes its local arguments were last given, so a kernel run once with a
 * large tile would find its next run's group cut down (a runner sizes its
 * group before it sets the arguments): the size must not depend on them. */
static void test_lsize(clrt *rt, gpu_ctx *c)
{
	cl_kernel k = gpu__kernel(c, "block_sum");
	unsigned long lmem = clrt_local_mem(rt);
	size_t per_item = lmem / 1024 > 4 ? lmem / 1024 : 4;
	size_t before = k ? gpu__lsize(c, k, 1024, per_item) : 0;
	/* Three quarters of the local memory to the local argument, as a run
	 * with a large tile would leave it. */
	int rc = k ? gpu__args(c, k, "mmul", (cl_mem)NULL, (cl_mem)NULL, 0u,
			       (size_t)(lmem / 4 * 3))
		   : -1;
	size_t after = rc ? 0 : gpu__lsize(c, k, 1024, per_item);
	TAP_OK(before > 0 && rc == 0, "lsize: block_sum sized and its local argument set%s%s",
	       before && !rc ? "" : ": ", before && !rc ? "" : err);
	TAP_OK(after == before,
	       "lsize: %zu bytes a work-item take groups of %zu before the local argument is "
	       "set to 3/4 of the local memory and %zu after",
	       per_item, before, after);
}

int main(void)
{
	clrt *rt = gputest_open(err, sizeof err);
	if (!rt)
		return 0;
	printf("# device: %s (%s)\n", clrt_device_name(rt), clrt_platform_name(rt));
	/* drivers.cl lies beside this test, not among the installed kernels. */
	setenv("PRAM_KERNEL_DIR", ABS_TOP_SRCDIR "/tests/gpu", 1);
	gpu_ctx c;
	if (gpu__ctx_open(&c, rt, "drivers.cl", "-cl-std=CL1.2", err, sizeof err)) {
		TAP_OK(0, "drivers.cl builds: %s", err);
	} else {
		test_pingpong(rt, &c);
		test_launch_2d(rt, &c);
		test_multilevel(rt, &c);
		test_lsize(rt, &c);
	}
	gpu__ctx_close(&c);
	clrt_close(rt);
	return tap_done();
}
