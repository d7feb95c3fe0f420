/*
 * gpu.c - gpu_run (gpu.h): the table of the algorithms with kernels (each
 * gpu_algo lives in its algorithm's gpu_X.c), the build options that pick
 * the operator and the type, buffers, the warm-up and timed runs, and the
 * helpers the runners share (gpuint.h).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gpuint.h"

/* Elements per work-item of the tuned scan when the job does not say: 32
 * makes tiles of 8192 elements in groups of 256, few enough that the
 * single-pass scan's look-back costs little (on an H100 at n = 2^28: 2.52 ms
 * with 4, 1.57 with 8, 1.12 with 16, 1.08 with 32). */
#define GPU_DEFAULT_PER_PROC 32
#define GPU_MAX_PER_PROC     64

/* The table of gpu.h, made from the registry's list (algos/list.h) in
 * its order: every algorithm marked KERNELS there has its gpu_STEM,
 * defined in kernels/gpu_STEM.c beside kernels/STEM.cl. */
#define GPU_DECLARE_KERNELS(stem) extern const gpu_algo gpu_##stem;
#define GPU_DECLARE_NONE(stem)
#define X(stem, kernels) GPU_DECLARE_##kernels(stem)
#include "list.h"
#undef X

#define GPU_ENTRY_KERNELS(stem) &gpu_##stem,
#define GPU_ENTRY_NONE(stem)
const gpu_algo *const gpu_algos[] = {
#define X(stem, kernels) GPU_ENTRY_##kernels(stem)
#include "list.h"
#undef X
    NULL,
};

/* The build option of each operator the kernels have; NULL: not there. */
static const char *const op_define[PRAM_OP_COUNT] = {
    [PRAM_OP_SUM] = "-DOP_SUM",
    [PRAM_OP_MAX] = "-DOP_MAX",
    [PRAM_OP_MIN] = "-DOP_MIN",
};

unsigned long gpu_lanes(const clrt *rt)
{
	return (unsigned long)clrt_compute_units(rt) * clrt_simd_width(rt);
}

/* The index of the job's parameter name when the user gave it, else -1. */
static int given_index(const gpu_job *job, const char *name)
{
	int k = algo_param_index(job->algo, name);
	return k >= 0 && (job->params->given & (1u << k)) ? k : -1;
}

int gpu__param_is_given(const gpu_job *job, const char *name)
{
	return given_index(job, name) >= 0;
}

int64_t gpu__param_given(const gpu_job *job, const char *name)
{
	int k = given_index(job, name);
	return k >= 0 ? job->params->v[k] : 0;
}

/* ---- helpers for the runners ----------------------------------------- */

cl_kernel gpu__kernel(gpu_ctx *c, const char *name)
{
	for (unsigned k = 0; k < c->nkern; k++)
		if (strcmp(c->kname[k], name) == 0)
			return c->kern[k];
	if (c->nkern == GPU_MAX_KERNELS) {
		snprintf(c->err, c->errlen, "too many kernels (%d) for one algorithm",
			 GPU_MAX_KERNELS);
		return NULL;
	}
	cl_int rc;
	/* a stage put in the place of this kernel (clrt_set_stage) */
	cl_program sp;
	size_t sl;
	const char *stage = clrt_stage(c->rt, &sp, &sl);
	int staged = stage && strcmp(stage, name) == 0;
	cl_kernel k = clCreateKernel(staged ? sp : c->prog, name, &rc);
	if (rc != CL_SUCCESS) {
		clrt_report(c->err, c->errlen, __FILE__, __LINE__, "clCreateKernel", rc);
		return NULL;
	}
	if (staged)
		c->stage = k;
	/* Before any argument is set, so without the local arguments of a run. */
	cl_ulong used = 0;
	clGetKernelWorkGroupInfo(k, clrt_device(c->rt), CL_KERNEL_LOCAL_MEM_SIZE, sizeof used,
				 &used, NULL);
	c->kname[c->nkern] = name;
	c->klocal[c->nkern] = used;
	c->kern[c->nkern++] = k;
	return k;
}

int gpu__has_lookback(gpu_ctx *c, const char *what)
{
	if (clrt_has_extension(c->rt, "cl_khr_int64_base_atomics"))
		return 1;
	snprintf(c->err, c->errlen,
		 "%s needs 64-bit atomics (cl_khr_int64_base_atomics), which this device lacks; "
		 "the teaching kernels run without them",
		 what);
	return 0;
}

int gpu__lookback_start(gpu_ctx *c, cl_kernel init, size_t li, size_t tiles, unsigned slot,
			cl_mem *status, cl_mem *ticket)
{
	*status = gpu__scratch(c, slot, 2 * tiles);
	*ticket = gpu__scratch(c, slot + 1, 1);
	if (!*status || !*ticket)
		return -1;
	return gpu__launch(c, init, GPU_DIV_UP(tiles, li) * li, li, "mmu", *status, *ticket,
			   (unsigned)tiles);
}

static cl_mem scratch(gpu_ctx *c, unsigned slot, size_t elems, int zero);

int gpu__lookback_epoch(gpu_ctx *c, size_t tiles, unsigned sets, gpu_lookback *lb)
{
	unsigned s = GPU_SLOT_LOOKBACK;
	int fresh = !c->scratch[s + 1];
	lb->status = scratch(c, s, 2 * sets * tiles, 1);
	lb->ticket = scratch(c, s + 1, 1, 1);
	if (!lb->status || !lb->ticket)
		return -1;
	/* A status buffer made larger is zero again: any epoch goes on. */
	if (fresh) {
		c->lb_epoch = 0;
		c->lb_taken = 0;
	} else if (c->lb_lost || c->lb_epoch == GPU_LB_EPOCH_MAX) {
		if (gpu__fill(c, lb->status, 0, c->scratch_n[s]) || gpu__fill(c, lb->ticket, 0, 1))
			return -1;
		c->lb_epoch = 0;
		c->lb_taken = 0;
	}
	c->lb_lost = 0;
	lb->epoch = ++c->lb_epoch;
	lb->base = c->lb_taken;
	c->lb_taken += (uint32_t)tiles;
	return 0;
}

cl_mem gpu__scratch(gpu_ctx *c, unsigned slot, size_t elems)
{
	return scratch(c, slot, elems, 0);
}

cl_mem gpu__scratch_zeroed(gpu_ctx *c, unsigned slot, size_t elems)
{
	return scratch(c, slot, elems, 1);
}

static cl_mem scratch(gpu_ctx *c, unsigned slot, size_t elems, int zero)
{
	if (slot >= GPU_MAX_SCRATCH) {
		snprintf(c->err, c->errlen, "more than %d scratch buffers needed", GPU_MAX_SCRATCH);
		return NULL;
	}
	if (elems == 0)
		elems = 1;
	if (c->scratch[slot] && c->scratch_n[slot] >= elems)
		return c->scratch[slot];
	if (c->scratch[slot])
		clReleaseMemObject(c->scratch[slot]);
	cl_int rc;
	void *zeros = zero ? calloc(elems, 4) : NULL;
	if (zero && !zeros) {
		snprintf(c->err, c->errlen, "out of memory");
		return NULL;
	}
	c->scratch[slot] = clCreateBuffer(clrt_context(c->rt),
					  CL_MEM_READ_WRITE | (zero ? CL_MEM_COPY_HOST_PTR : 0),
					  elems * 4, zeros, &rc);
	free(zeros);
	if (rc != CL_SUCCESS) {
		c->scratch[slot] = NULL;
		clrt_report(c->err, c->errlen, __FILE__, __LINE__, "clCreateBuffer", rc);
		return NULL;
	}
	c->scratch_n[slot] = elems;
	return c->scratch[slot];
}

int gpu__write(gpu_ctx *c, cl_mem m, const uint32_t *words, size_t n)
{
	CL_CHECK(clEnqueueWriteBuffer(clrt_queue(c->rt), m, CL_TRUE, 0, n * sizeof *words, words, 0,
				      NULL, NULL),
		 c->err, c->errlen);
	return 0;
fail:
	return -1;
}

int gpu__fill(gpu_ctx *c, cl_mem m, uint32_t word, size_t words)
{
	/* Host writes of a block of at most 1 MiB: Oclgrind takes the words
	 * that clEnqueueFillBuffer writes for uninitialised when a kernel
	 * reads them, and its reads of these for what they are. */
	size_t chunk = words < ((size_t)1 << 18) ? words : (size_t)1 << 18;
	cl_uint *block = malloc((chunk ? chunk : 1) * sizeof *block);
	if (!block) {
		snprintf(c->err, c->errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < chunk; i++)
		block[i] = word;
	for (size_t at = 0; at < words; at += chunk) {
		size_t len = words - at < chunk ? words - at : chunk;
		CL_CHECK(clEnqueueWriteBuffer(clrt_queue(c->rt), m, CL_TRUE, at * sizeof *block,
					      len * sizeof *block, block, 0, NULL, NULL),
			 c->err, c->errlen);
	}
	free(block);
	return 0;
fail:
	free(block);
	return -1;
}

/* gpu__lsize, and with warps the whole-warp sizes of gpu__kernels_warps. */
static size_t lsize(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item, int warps)
{
	size_t lim = cap, kwg = 0;
	size_t dev = clrt_max_wg(c->rt), user = clrt_wg_cap(c->rt);
	cl_ulong used = 0;
	if (dev && dev < lim)
		lim = dev;
	if (user && user < lim)
		lim = user;
	if (clGetKernelWorkGroupInfo(k, clrt_device(c->rt), CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg,
				     &kwg, NULL) == CL_SUCCESS &&
	    kwg && kwg < lim)
		lim = kwg;
	unsigned j = 0;
	while (j < c->nkern && c->kern[j] != k)
		j++;
	if (j < c->nkern)
		used = c->klocal[j];
	else
		clGetKernelWorkGroupInfo(k, clrt_device(c->rt), CL_KERNEL_LOCAL_MEM_SIZE,
					 sizeof used, &used, NULL);
	unsigned long lmem = clrt_local_mem(c->rt);
	size_t free_local = lmem > used ? (size_t)(lmem - used) : 0;
	if (bytes_per_item && free_local / bytes_per_item < lim)
		lim = free_local / bytes_per_item;
	size_t l = 1;
	while (2 * l <= lim)
		l *= 2;
	if (warps && lim >= 32)
		l = lim / 32 * 32;
	if (lim == 0) {
		snprintf(c->err, c->errlen,
			 "no work-group size fits: %zu bytes of local memory per "
			 "work-item, %lu free",
			 bytes_per_item, (unsigned long)free_local);
		return 0;
	}
	/* the stage's own work-group size, where it fits */
	cl_program sp;
	size_t sl = 0;
	if (c->stage && k == c->stage && clrt_stage(c->rt, &sp, &sl)) {
		l = sl && sl <= lim ? sl : l;
		clrt_stage_note(c->rt, l);
	}
	return l;
}

size_t gpu__lsize(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item)
{
	return lsize(c, k, cap, bytes_per_item, 0);
}

size_t gpu__group(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item, size_t per_item,
		  const char *what)
{
	size_t G = (size_t)gpu__param_given(c->job, "group");
	size_t L = gpu__lsize(c, k, G ? G : cap, bytes_per_item);
	return L ? gpu__group_is(c, G, L, per_item, what) : 0;
}

size_t gpu__group_is(gpu_ctx *c, size_t G, size_t L, size_t per_item, const char *what)
{
	if (!G || L == G)
		return L;
	if (what)
		snprintf(c->err, c->errlen,
			 "--group %zu: this device and kernel take work-groups of at most %zu "
			 "with %zu %s per work-item",
			 G, L, per_item, what);
	else
		snprintf(c->err, c->errlen,
			 "--group %zu: this device and kernel take work-groups of at most %zu", G,
			 L);
	return 0;
}

/* gpu__kernels, and with warps gpu__kernels_warps. */
static size_t kernels(gpu_ctx *c, unsigned nk, const char *const *names, const size_t *local,
		      size_t cap, cl_kernel *k, int warps)
{
	size_t L = cap;
	for (unsigned j = 0; j < nk; j++) {
		if (!(k[j] = gpu__kernel(c, names[j])))
			return 0;
		size_t l = lsize(c, k[j], cap, local[j], warps);
		if (!l)
			return 0;
		L = l < L ? l : L;
	}
	return L;
}

size_t gpu__kernels(gpu_ctx *c, unsigned nk, const char *const *names, const size_t *local,
		    size_t cap, cl_kernel *k)
{
	return kernels(c, nk, names, local, cap, k, 0);
}

size_t gpu__kernels_warps(gpu_ctx *c, unsigned nk, const char *const *names, const size_t *local,
			  size_t cap, cl_kernel *k)
{
	return kernels(c, nk, names, local, cap, k, 1);
}

size_t gpu__groups(const gpu_ctx *c, size_t lsize)
{
	size_t per_cu = lsize < 2048 ? 2048 / lsize : 1;
	size_t cu = clrt_compute_units(c->rt);
	return (cu ? cu : 1) * per_cu;
}

/* gpu__args with the values in ap. */
static int set_args(gpu_ctx *c, cl_kernel k, const char *args, va_list ap)
{
	cl_uint idx = 0;
	for (const char *a = args; *a; a++, idx++) {
		cl_int rc;
		if (*a == 'm') {
			cl_mem m = va_arg(ap, cl_mem);
			rc = clSetKernelArg(k, idx, sizeof m, &m);
		} else if (*a == 'u') {
			cl_uint u = va_arg(ap, unsigned);
			rc = clSetKernelArg(k, idx, sizeof u, &u);
		} else if (*a == 'i') {
			cl_int i = va_arg(ap, int);
			rc = clSetKernelArg(k, idx, sizeof i, &i);
		} else {
			size_t bytes = va_arg(ap, size_t);
			rc = clSetKernelArg(k, idx, bytes, NULL);
		}
		if (rc != CL_SUCCESS) {
			char what[64];
			snprintf(what, sizeof what, "clSetKernelArg %u", (unsigned)idx);
			clrt_report(c->err, c->errlen, __FILE__, __LINE__, what, rc);
			return -1;
		}
	}
	return 0;
}

int gpu__args(gpu_ctx *c, cl_kernel k, const char *args, ...)
{
	va_list ap;
	va_start(ap, args);
	int rc = set_args(c, k, args, ap);
	va_end(ap);
	return rc;
}

int gpu__enqueue(gpu_ctx *c, cl_kernel k, unsigned dims, const size_t *global, const size_t *local)
{
	cl_event ev = NULL;
	int keep = !c->quiet; /* gpu__timed_runs's batches take no events */
	if (keep && c->nev == c->evcap) {
		size_t cap = c->evcap ? 2 * c->evcap : 16;
		cl_event *ev_grown = realloc(c->ev, cap * sizeof *ev_grown);
		if (ev_grown)
			c->ev = ev_grown;
		cl_kernel *k_grown = realloc(c->evk, cap * sizeof *k_grown);
		if (k_grown)
			c->evk = k_grown;
		if (!ev_grown || !k_grown) {
			snprintf(c->err, c->errlen, "out of memory");
			return -1;
		}
		c->evcap = cap;
	}
	/* The tests' lost launch (PRAM_CL_INJECT's LOST) is dropped unseen. */
	cl_int rc = clrt__inject("clEnqueueNDRangeKernel");
	if (rc == CLRT_INJECT_LOST) {
		c->lb_lost = 1; /* its tickets were not taken */
		return 0;
	}
	if (rc == CL_SUCCESS)
		rc = clEnqueueNDRangeKernel(clrt_queue(c->rt), k, dims, NULL, global, local, 0,
					    NULL, keep ? &ev : NULL);
	if (rc != CL_SUCCESS) {
		c->lb_lost = 1;
		clrt_report(c->err, c->errlen, __FILE__, __LINE__, "clEnqueueNDRangeKernel", rc);
		return -1;
	}
	if (!keep) {
		c->nquiet++;
		return 0;
	}
	c->evk[c->nev] = k;
	c->ev[c->nev++] = ev;
	return 0;
}

int gpu__launch(gpu_ctx *c, cl_kernel k, size_t global, size_t local, const char *args, ...)
{
	va_list ap;
	va_start(ap, args);
	int rc = set_args(c, k, args, ap);
	va_end(ap);
	return rc ? rc : gpu__enqueue(c, k, 1, &global, &local);
}

int gpu__launch_2d(gpu_ctx *c, cl_kernel k, const size_t global[2], const size_t local[2],
		   const char *args, ...)
{
	va_list ap;
	va_start(ap, args);
	int rc = set_args(c, k, args, ap);
	va_end(ap);
	return rc ? rc : gpu__enqueue(c, k, 2, global, local);
}

/* ---- the context ---------------------------------------------------- */

int gpu__ctx_open(gpu_ctx *c, clrt *rt, const char *file, const char *options, char *err,
		  size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->rt = rt;
	c->err = err;
	c->errlen = errlen;
	c->prog = clrt_build(rt, file, options, err, errlen);
	return c->prog ? 0 : -1;
}

/* One line of PRAM_KERNEL_TIMES: the kernel's name and its time. */
static void show_kernel_time(cl_kernel k, double ms)
{
	char name[128] = "?";
	if (clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL) != CL_SUCCESS)
		snprintf(name, sizeof name, "?");
	fprintf(stderr, "pram: kernel %s: %.4f ms\n", name, ms);
}

/* Whether PRAM_KERNEL_TIMES in the environment asks for each kernel's
 * time of every run (the warm-up first), printed to stderr: where a run's
 * time goes. */
static int kernel_times_wanted(void)
{
	const char *each = getenv("PRAM_KERNEL_TIMES");
	return each && *each && strcmp(each, "0") != 0;
}

int gpu__ctx_finish(gpu_ctx *c, double *ms)
{
	double total = 0;
	int rc = 0;
	cl_int st = clrt__inject("clFinish");
	if (st == CL_SUCCESS)
		st = clFinish(clrt_queue(c->rt));
	if (st != CL_SUCCESS) {
		clrt_report(c->err, c->errlen, __FILE__, __LINE__, "clFinish", st);
		rc = -1;
	}
	int show = kernel_times_wanted();
	for (size_t k = 0; k < c->nev; k++) {
		double t = clrt_event_ms(c->ev[k]);
		total += t > 0 ? t : 0;
		if (show)
			show_kernel_time(c->evk[k], t);
		clReleaseEvent(c->ev[k]);
	}
	c->nev = 0;
	if (ms)
		*ms = total;
	return rc;
}

/* ---- timed runs ------------------------------------------------------ */

/* Runs back to back wait behind copy.cl's gate, one work-item spinning for
 * about GATE_MS, which holds the in-order queue while the host enqueues a
 * batch (OpenCL on an H200 takes some microseconds to enqueue a launch: a
 * batch of 10 runs of 5 launches, well under a millisecond), so that the
 * device runs them one after another however slowly the host enqueues.
 * The gate is first timed at GATE_PROBE rounds, and its rounds scaled.
 * The gate again with no rounds marks the batch's end. */
#define GATE_MS    3.0
#define GATE_PROBE 65536u

typedef struct gate {
	cl_kernel k;
	cl_mem sink;
	cl_uint rounds;
} gate;

static int gate_enqueue(gpu_ctx *c, const gate *g, cl_uint rounds, cl_event *ev)
{
	size_t one = 1;
	CL_CHECK(clSetKernelArg(g->k, 0, sizeof g->sink, &g->sink), c->err, c->errlen);
	CL_CHECK(clSetKernelArg(g->k, 1, sizeof rounds, &rounds), c->err, c->errlen);
	CL_CHECK(clEnqueueNDRangeKernel(clrt_queue(c->rt), g->k, 1, NULL, &one, &one, 0, NULL, ev),
		 c->err, c->errlen);
	return 0;
fail:
	return -1;
}

static void gate_close(gate *g)
{
	if (g->k)
		clReleaseKernel(g->k);
	if (g->sink)
		clReleaseMemObject(g->sink);
}

static int gate_open(gpu_ctx *c, gate *g)
{
	cl_int rc;
	cl_event ev = NULL;
	memset(g, 0, sizeof *g);
	cl_program p = clrt_build(c->rt, "copy.cl", "-cl-std=CL1.2", c->err, c->errlen);
	if (!p)
		return -1;
	g->k = clCreateKernel(p, "gate", &rc);
	CL_CHECK_RC(rc, "clCreateKernel", c->err, c->errlen);
	g->sink = clCreateBuffer(clrt_context(c->rt), CL_MEM_READ_WRITE, 4, NULL, &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", c->err, c->errlen);
	if (gate_enqueue(c, g, GATE_PROBE, &ev))
		goto fail;
	CL_CHECK(clWaitForEvents(1, &ev), c->err, c->errlen);
	double t = clrt_event_ms(ev), want = t > 0 ? GATE_MS / t * GATE_PROBE : GATE_PROBE;
	g->rounds = want < GATE_PROBE ? GATE_PROBE : want > 1e9 ? 1000000000u : (cl_uint)want;
	clReleaseEvent(ev);
	return 0;
fail:
	if (ev)
		clReleaseEvent(ev);
	return -1;
}

/* One batch of b runs behind the gate, its time from the gate's end to the
 * start of the mark after the runs into *ms. The runs' kernels take no
 * events unless PRAM_KERNEL_TIMES asks for their times: OpenCL on an H200
 * spends some 3 us a kernel on an event (an empty kernel every 4.6 us
 * with events, every 1.4 us without; bench/h100/tuning.md), where the
 * vendor's calls run between two events a batch. */
static int timed_batch(gpu_ctx *c, const gate *g, unsigned b, int (*run)(gpu_ctx *c, void *arg),
		       void *arg, double *ms, unsigned *launches)
{
	cl_event from = NULL, to = NULL;
	cl_ulong t0 = 0, t1 = 0;
	int rc = -1;
	if (gate_enqueue(c, g, g->rounds, &from))
		goto fail;
	CL_CHECK(clFlush(clrt_queue(c->rt)), c->err, c->errlen);
	c->quiet = !kernel_times_wanted();
	c->nquiet = 0;
	for (unsigned k = 0; k < b; k++, c->runs++)
		if (run(c, arg))
			goto fail;
	*launches = (unsigned)((c->nev + c->nquiet) / b);
	if (gate_enqueue(c, g, 0, &to) || gpu__ctx_finish(c, NULL))
		goto fail;
	if (clGetEventProfilingInfo(from, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL) !=
		CL_SUCCESS ||
	    clGetEventProfilingInfo(to, CL_PROFILING_COMMAND_START, sizeof t1, &t1, NULL) !=
		CL_SUCCESS) {
		snprintf(c->err, c->errlen, "the batch's events gave no start or end time");
		goto fail;
	}
	*ms = t1 > t0 ? (double)(t1 - t0) * 1e-6 : 0;
	rc = 0;
fail:
	c->quiet = 0; /* later launches take their events again */
	if (from)
		clReleaseEvent(from);
	if (to)
		clReleaseEvent(to);
	return rc;
}

int gpu__timed_runs(gpu_ctx *c, unsigned reps, int (*run)(gpu_ctx *c, void *arg),
		    int (*last)(gpu_ctx *c, void *arg), void *arg, double *times_ms,
		    unsigned *launches)
{
	unsigned batch = clrt_batch(c->rt);
	gate g = {0};
	int rc = -1;
	if (batch <= 1) {
		for (unsigned k = 0; k <= reps; k++) {
			if (k == reps && k > 0 && last && last(c, arg))
				return -1;
			if (run(c, arg))
				return -1;
			c->runs++;
			*launches = (unsigned)c->nev;
			if (gpu__ctx_finish(c, k ? &times_ms[k - 1] : NULL))
				return -1;
		}
		return 0;
	}
	if (run(c, arg) || gpu__ctx_finish(c, NULL) || gate_open(c, &g))
		goto fail;
	c->runs++;
	for (unsigned done = 0; done < reps;) {
		unsigned b = reps - done < batch ? reps - done : batch;
		double ms = 0;
		if (done + b == reps && last && last(c, arg))
			goto fail;
		if (timed_batch(c, &g, b, run, arg, &ms, launches))
			goto fail;
		for (unsigned k = 0; k < b; k++)
			times_ms[done + k] = ms / b;
		done += b;
	}
	rc = 0;
fail:
	gate_close(&g);
	return rc;
}

void gpu__ctx_close(gpu_ctx *c)
{
	if (c->nev) {
		clFinish(clrt_queue(c->rt));
		for (size_t k = 0; k < c->nev; k++)
			clReleaseEvent(c->ev[k]);
	}
	free(c->ev);
	free(c->evk);
	for (unsigned k = c->nkern; k-- > 0;)
		clReleaseKernel(c->kern[k]);
	for (unsigned k = GPU_MAX_SCRATCH; k-- > 0;)
		if (c->scratch[k])
			clReleaseMemObject(c->scratch[k]);
	for (unsigned k = ALGO_MAX_PORTS; k-- > 0;) {
		if (c->flags[k])
			clReleaseMemObject(c->flags[k]);
		if (c->out[k])
			clReleaseMemObject(c->out[k]);
		if (c->in[k])
			clReleaseMemObject(c->in[k]);
	}
	memset(c, 0, sizeof *c);
}

/* ---- gpu_run --------------------------------------------------------- */

/* Put "prefix: " before the message in err. */
static void prefix_err(char *err, size_t errlen, const char *name, const char *variant,
		       const char *file)
{
	char *inner = strdup(err);
	snprintf(err, errlen, "%s (%s, %s): %s", name ? name : "?", variant ? variant : "?", file,
		 inner ? inner : "out of memory");
	free(inner);
}

/* Check the job against what g's kernels can do. */
static int check_job(const gpu_algo *g, const gpu_job *job, char *err, size_t errlen)
{
	const algo_params *p = job->params;
	size_t nin = algo_nin(job->algo), nout = algo_nout(job->algo);
	const algo_port *ip = algo_inputs(job->algo), *op = algo_outputs(job->algo);
	if ((unsigned)p->op >= PRAM_OP_COUNT || !op_define[p->op]) {
		snprintf(err, errlen, "the kernels have no operator '%s' (sum, max and min only)",
			 (unsigned)p->op < PRAM_OP_COUNT ? pram_op_name(p->op) : "?");
		return -1;
	}
	if (g->sum_only && p->op != PRAM_OP_SUM) {
		snprintf(err, errlen, "the kernels add; they have no operator '%s'",
			 pram_op_name(p->op));
		return -1;
	}
	if (g->flags && job->in[0].n && !job->in[0].flags) {
		snprintf(err, errlen, "the kernels need segment flags and the job has none");
		return -1;
	}
	size_t want = g->out == GPU_OUT_ONE ? 1 : job->in[0].n;
	if (g->out != GPU_OUT_DECL && job->out[0].n != want) {
		snprintf(err, errlen, "the output has %zu elements; the kernels write %zu",
			 job->out[0].n, want);
		return -1;
	}
	for (size_t k = 0; k < nin; k++) {
		const gpu_buf *b = &job->in[k];
		if (b->n > (size_t)INT32_MAX) {
			snprintf(err, errlen,
				 "input %s: n = %zu is more than the kernels' 32-bit indices allow "
				 "(%ld)",
				 ip[k].name, b->n, (long)INT32_MAX);
			return -1;
		}
		if (b->n && !b->data) {
			snprintf(err, errlen, "bad job: input %s has %zu elements and no data",
				 ip[k].name, b->n);
			return -1;
		}
	}
	for (size_t k = 0; k < nout; k++)
		if (job->out[k].n && !job->out[k].data) {
			snprintf(err, errlen, "bad job: output %s has room for %zu and no data",
				 op[k].name, job->out[k].n);
			return -1;
		}
	if (job->reps < 1 || !job->times_ms) {
		snprintf(err, errlen, "bad job: reps %u, times %s", job->reps,
			 job->times_ms ? "set" : "NULL");
		return -1;
	}
	return 0;
}

/* Pack input k's flags 32 to a word and upload them into c->flags[k]. */
static int upload_flags(gpu_ctx *c, size_t k)
{
	const gpu_buf *b = &c->job->in[k];
	size_t n = b->n, words = GPU_DIV_UP(n, 32);
	cl_uint *w = calloc(words ? words : 1, sizeof *w);
	cl_int rc;
	if (!w) {
		snprintf(c->err, c->errlen, "out of memory for %zu flag words", words);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (b->flags[i])
			w[i / 32] |= (cl_uint)1 << (i % 32);
	c->flags[k] = clCreateBuffer(clrt_context(c->rt), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				     (words ? words : 1) * sizeof *w, w, &rc);
	free(w);
	if (rc != CL_SUCCESS) {
		c->flags[k] = NULL;
		clrt_report(c->err, c->errlen, __FILE__, __LINE__, "clCreateBuffer", rc);
		return -1;
	}
	return 0;
}

/* Create the buffers of every input (uploaded, with their flags packed)
 * and every output. */
static int make_buffers(gpu_ctx *c)
{
	const gpu_job *job = c->job;
	cl_context ctx = clrt_context(c->rt);
	size_t nin = algo_nin(job->algo), nout = algo_nout(job->algo);
	cl_int rc;
	for (size_t k = 0; k < nin; k++) {
		size_t n = job->in[k].n;
		c->in[k] = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (n ? n : 1) * 4, NULL, &rc);
		CL_CHECK_RC(rc, "clCreateBuffer", c->err, c->errlen);
		if (n)
			CL_CHECK(clEnqueueWriteBuffer(clrt_queue(c->rt), c->in[k], CL_TRUE, 0,
						      n * 4, job->in[k].data, 0, NULL, NULL),
				 c->err, c->errlen);
		if (job->in[k].flags && upload_flags(c, k))
			return -1;
	}
	for (size_t k = 0; k < nout; k++) {
		size_t n = job->out[k].n;
		c->out[k] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (n ? n : 1) * 4, NULL, &rc);
		CL_CHECK_RC(rc, "clCreateBuffer", c->err, c->errlen);
	}
	return 0;
fail:
	return -1;
}

/* Read every output back, the first one's length from c->count where the
 * runner counted it. */
static int read_outputs(gpu_ctx *c, gpu_job *job)
{
	size_t nout = algo_nout(job->algo);
	if (c->count) {
		cl_uint got = 0;
		CL_CHECK(clEnqueueReadBuffer(clrt_queue(c->rt), c->count, CL_TRUE, 0, sizeof got,
					     &got, 0, NULL, NULL),
			 c->err, c->errlen);
		if (got == 0xffffffffu) {
			snprintf(c->err, c->errlen,
				 "the last run wrote no count of its output elements");
			return -1;
		}
		if (got > job->out[0].n) {
			snprintf(c->err, c->errlen,
				 "the kernels counted %u output elements, more than the "
				 "%zu there is room for",
				 (unsigned)got, job->out[0].n);
			return -1;
		}
		job->out[0].n = got;
	}
	for (size_t k = 0; k < nout; k++)
		if (job->out[k].n)
			CL_CHECK(clEnqueueReadBuffer(clrt_queue(c->rt), c->result[k], CL_TRUE, 0,
						     job->out[k].n * 4, job->out[k].data, 0, NULL,
						     NULL),
				 c->err, c->errlen);
	return 0;
fail:
	return -1;
}

/* The poison before the last run: all ones (-1, or a NaN as a float; a
 * count past any output's room) in the buffers the run before left its
 * results in, where gpu_run reads them (c->result: an output, or the
 * scratch a runner points it at), and in its count. Not in an input, which
 * a runner with nothing to do points at (a sort of no passes). */
static int poison_outputs(gpu_ctx *c)
{
	size_t nout = algo_nout(c->job->algo), nin = algo_nin(c->job->algo);
	for (size_t k = 0; k < nout; k++) {
		int input = 0;
		for (size_t j = 0; j < nin; j++)
			input |= c->result[k] == c->in[j];
		if (c->result[k] && !input && c->job->out[k].n &&
		    gpu__fill(c, c->result[k], 0xffffffffu, c->job->out[k].n))
			return -1;
	}
	return c->count ? gpu__fill(c, c->count, 0xffffffffu, 1) : 0;
}

/* gpu__timed_runs's run of a job: the runner, its results where it
 * leaves them unless it says otherwise. */
static int one_run(gpu_ctx *c, void *runner)
{
	memcpy(c->result, c->out, sizeof c->result);
	return ((const gpu_runner *)runner)->run(c);
}

static int poison_before(gpu_ctx *c, void *runner)
{
	(void)runner;
	return poison_outputs(c);
}

int gpu_run(clrt *rt, gpu_job *job, char *err, size_t errlen)
{
	const gpu_algo *g = gpu_for(job->algo);
	const char *name = job->algo ? job->algo->name : "(null)";
	const char *vname = gpu_variant_name(job->variant);
	gpu_ctx c;
	char opts[256];
	cl_int rc;
	memset(&c, 0, sizeof c);
	if (!gpu_has_variant(g, job->variant)) {
		if (vname)
			snprintf(err, errlen, "no OpenCL kernels for algorithm '%s', variant '%s'",
				 name, vname);
		else
			snprintf(err, errlen, "no OpenCL kernels for algorithm '%s', variant %d",
				 name, (int)job->variant);
		return -1;
	}
	if (!job->params) {
		snprintf(err, errlen, "%s (%s): bad job: no parameters", name, vname);
		return -1;
	}
	const gpu_runner *r = &g->variant[job->variant];
	const algo_params *p = job->params;
	if (check_job(g, job, err, errlen))
		goto fail;
	unsigned given_pp = (unsigned)gpu__param_given(job, r->pp_param ? r->pp_param : "per-proc");
	unsigned pp = r->takes_per_proc && given_pp ? given_pp
		      : r->pick_pp                  ? r->pick_pp(job)
		      : r->default_pp               ? r->default_pp
						    : GPU_DEFAULT_PER_PROC;
	/* A small input in large tiles leaves compute units idle while the few
	 * tiles there are wait on one another: smaller tiles, more of them,
	 * until every compute unit has one. (Two each, as before, made tiles
	 * smaller than the time a tile waits is worth: on an H100 at n = 2^20
	 * the scan took 0.0161 and 0.0163 ms so, 0.0146 and 0.0154 now, line
	 * of sight 0.0210 and 0.0214 against 0.0198 and 0.0192; compaction and
	 * split the same either way; bench/h100/tuning/packed/call-13.txt.) */
	if (r->fit_pp && !(r->takes_per_proc && given_pp)) {
		size_t want = (size_t)clrt_compute_units(rt), n = job->in[0].n;
		while (pp > 8 && GPU_DIV_UP(n, (size_t)GPU_SCAN_WG_CAP * pp) < want)
			pp /= 2;
	}
	if (pp > GPU_MAX_PER_PROC) {
		snprintf(err, errlen, "per_proc %u is more than the kernels take (%d)", pp,
			 GPU_MAX_PER_PROC);
		goto fail;
	}
	const char *nv_options = r->pick_nv_options ? r->pick_nv_options(job) : r->nv_options;
	int nv = nv_options && clrt_ptx(rt);
	snprintf(opts, sizeof opts, "-cl-std=CL1.2 %s%s -DPP=%u%s%s", op_define[p->op],
		 p->type == PRAM_FLOAT ? " -DIS_FLOAT" : "", pp, nv ? " " : "",
		 nv ? nv_options : "");
	if (gpu__ctx_open(&c, rt, g->file, opts, err, errlen))
		goto fail;
	c.job = job;
	c.per_proc = pp;
	if (make_buffers(&c))
		goto fail;
	/* Before the last run, the results (and the count) the run before left
	 * are filled with a word no run leaves there as it is, so that a run
	 * which writes nothing is not verified on an earlier run's results.
	 * The first run finds the outputs unwritten, as it should: Oclgrind's
	 * check then sees a kernel that reads an output before writing it. */
	if (gpu__timed_runs(&c, job->reps, one_run, poison_before, (void *)r, job->times_ms,
			    &job->launches))
		goto fail;
	snprintf(job->kernel_path, sizeof job->kernel_path, "%s",
		 clrt_kernel_path(rt, g->file) ? clrt_kernel_path(rt, g->file) : g->file);
	job->per_proc = pp;
	job->pp_param = r->takes_per_proc ? (r->pp_param ? r->pp_param : "per-proc") : NULL;
	if (read_outputs(&c, job))
		goto fail;
	rc = 0;
	goto done;
fail:
	prefix_err(err, errlen, name, vname,
		   clrt_kernel_path(rt, g->file) ? clrt_kernel_path(rt, g->file) : g->file);
	rc = -1;
done:
	gpu__ctx_close(&c);
	return rc == 0 ? 0 : -1;
}
