/*
 * gpuint.h - what gpu.c shares with the per-family runners (gpu_reduce.c,
 * gpu_scan.c, gpu_segmented.c, gpu_matrix.c, gpu_apps.c): the state of one gpu_run call and the helpers that create
 * kernels and scratch buffers and enqueue timed launches.
 *
 * A runner enqueues one complete run of its algorithm (every kernel of it)
 * with gpu__launch, and sets c->result to the buffer that holds the output.
 * gpu_run calls it once to warm up and then job->reps times; kernels and
 * scratch buffers are created on the first call and reused after.
 */
#ifndef PRAM_GPUINT_H
#define PRAM_GPUINT_H

#include "clrt.h"
#include "gpu.h"

#define GPU_MAX_SCRATCH 40 /* buffers per run: one per scan level, at worst L = 2 */
#define GPU_MAX_KERNELS 8  /* kernels per algorithm */

typedef struct gpu_ctx {
	clrt *rt;
	const gpu_job *job;
	cl_program prog;
	unsigned per_proc;                  /* elements per work-item the program was built with */
	cl_mem in;                          /* job->n elements (at least one) */
	cl_mem out;                         /* job->out_n elements (at least one) */
	cl_mem result;                      /* set by the runner: where the output is */
	cl_mem flags;                       /* job->flags packed 32 to a uint (flag_at in
					     * common.clh), or NULL when the job has none */
	cl_mem count;                       /* set by runners whose output length depends on
					     * the data: its first uint holds that length */
	cl_mem scratch[GPU_MAX_SCRATCH];    /* created on demand by gpu__scratch */
	size_t scratch_n[GPU_MAX_SCRATCH];  /* their sizes in elements */
	const char *kname[GPU_MAX_KERNELS]; /* kernels created so far ... */
	cl_kernel kern[GPU_MAX_KERNELS];    /* ... and their objects */
	unsigned nkern;
	cl_event *ev; /* events of the current run */
	size_t nev, evcap;
	char *err; /* the caller's message buffer */
	size_t errlen;
} gpu_ctx;

/* The program's kernel `name`, created on first use and owned by c.
 * NULL with a message in c->err. */
cl_kernel gpu__kernel(gpu_ctx *c, const char *name);

/* Scratch buffer number slot holding at least elems elements (of 4 bytes),
 * created on first use and owned by c. NULL with a message. */
cl_mem gpu__scratch(gpu_ctx *c, unsigned slot, size_t elems);

/* The work-group size to run k with: the largest power of two no larger
 * than cap, the clrt's cap, the device's and the kernel's limits, and such
 * that bytes_per_item * size bytes of local memory fit. 0 with a message
 * when not even one work-item fits. */
size_t gpu__lsize(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item);

/* Set k's arguments and enqueue it over global work-items in groups of
 * local, recording its event for the timing. args has one letter per
 * argument, each taking one variadic value: 'm' a cl_mem, 'u' an unsigned
 * (passed as cl_uint), 'i' an int (cl_int), 'l' a size_t number of bytes of
 * local memory. Returns 0, or -1 with a message. */
int gpu__launch(gpu_ctx *c, cl_kernel k, size_t global, size_t local, const char *args, ...);

/* Work-groups that keep the device busy: compute units times the groups of
 * lsize work-items one of them runs at once (about 2048 work-items). */
size_t gpu__groups(const gpu_ctx *c, size_t lsize);

/* The runners, one per algorithm and variant (see gpu.c's table). Each
 * returns 0, or -1 with a message in c->err. */
int gpu__reduce_teaching(gpu_ctx *c);
int gpu__reduce_tuned(gpu_ctx *c);
int gpu__scan_hillis_steele(gpu_ctx *c);
int gpu__scan_blelloch(gpu_ctx *c);
int gpu__scan_tuned(gpu_ctx *c);
int gpu__scan_blocked(gpu_ctx *c);
int gpu__scan_brent(gpu_ctx *c);
int gpu__scan_backward(gpu_ctx *c);
int gpu__scan_segmented(gpu_ctx *c);
int gpu__reduce_segmented(gpu_ctx *c);
int gpu__scan_matrix(gpu_ctx *c);
int gpu__line_of_sight(gpu_ctx *c);
int gpu__split(gpu_ctx *c);
int gpu__compact(gpu_ctx *c);

#define GPU_DIV_UP(a, b) (((a) + (b)-1) / (b))

#endif /* PRAM_GPUINT_H */
