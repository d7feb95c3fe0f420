/*
 * gpu.h - running an algorithm's OpenCL kernels: the contract between the
 * kernels/ folder and its users (the pram command line, the report tool).
 *
 * Every algorithm of the registry (algo.h) that has kernels has one
 * gpu_algo, found by gpu_for from its algo entry. A caller opens a device
 * with clrt_open (clrt.h), fills a gpu_job (one gpu_buf per input and output
 * port the entry declares) and calls gpu_run. gpu_run uploads the inputs once, runs the algorithm's kernels once to warm up and
 * then job->reps times, each time timed by OpenCL events (the sum of the
 * kernel events of that run, in milliseconds, transfers excluded), and
 * reads the output of the last run back. It validates nothing: the caller
 * compares the output with the sequential reference (gpuval.h does).
 *
 * Data on the device are 32-bit: cl_int for integers, cl_float for floats.
 * Integer sums wrap modulo 2^32, as the hardware's do. Segment flags are
 * packed on the device, 32 to a word.
 *
 * Nothing here needs the OpenCL headers. A pram built without OpenCL has
 * the same functions: no algorithm has kernels, and gpu_run says why.
 */
#ifndef PRAM_GPU_H
#define PRAM_GPU_H

#include <stddef.h>

#include "algo.h"

typedef struct clrt clrt;
struct gpu_ctx; /* the state of one run, kernels/gpuint.h */

/* The kinds of kernels an algorithm may have. */
enum gpu_variant {
	GPU_TEACHING, /* mirrors the notes */
	GPU_TUNED,    /* competes with the vendors' libraries */
	GPU_NVARIANTS
};

/* The variant's name ("teaching", "tuned"), a static string, or NULL for a
 * number that is no variant. */
const char *gpu_variant_name(enum gpu_variant v);

/* The variant named name into *v. Returns 0, or -1 with a message that
 * names it and lists the variants in err (which may be NULL). */
int gpu_variant_parse(const char *name, enum gpu_variant *v, char *err, size_t errlen);

/* How long the output of an algorithm's kernels is. */
enum gpu_out {
	GPU_OUT_N,    /* n elements: a scan */
	GPU_OUT_ONE,  /* one element: a reduction */
	GPU_OUT_UPTO, /* at most n, as many as the data say */
	GPU_OUT_DECL, /* as many as the registry's out_len declares (a histogram's
		       * bins, a pyramid's cells): the caller sized it */
};

/* One variant of an algorithm's kernels. */
struct gpu_job;

typedef struct gpu_runner {
	int (*run)(struct gpu_ctx *c); /* enqueues one complete run; NULL: no such kernels */
	int takes_per_proc;            /* honours the algorithm's per-proc parameter, when given */
	const char *pp_param;          /* the parameter that gives it, when not "per-proc" */
	unsigned default_pp;           /* elements per work-item when the params give none;
					* 0: the runtime's default */
	unsigned (*pick_pp)(const struct gpu_job *job); /* when set, the default by the
							  * job, in place of default_pp */
	int fit_pp;                    /* a single-pass kernel: the default is halved (to 8
					* at least) for inputs too small to give every
					* compute unit a tile of GPU_SCAN_WG_CAP work-items */
	int64_t series_at;             /* kernels that ignore the algorithm's series
					* parameter (algo_series_param) act as if it were
					* this value, which must be one of its series:
					* the report measures them there only; 0: they
					* honour it */
	const char *nv_options;        /* build options added on NVIDIA's OpenCL where the
					* kernels take PTX (clrt_ptx): "-cl-nv-maxrregcount=64",
					* say; NULL: none */
	/* When set, the NVIDIA build options by the job, in place of nv_options. */
	const char *(*pick_nv_options)(const struct gpu_job *job);
} gpu_runner;

/* An algorithm's kernels, one per algorithm, defined in its kernels/gpu_X.c
 * beside its kernel file X.cl. */
typedef struct gpu_algo {
	const algo *algo;                  /* the registry's entry */
	const char *file;                  /* kernel file: "scan_blelloch.cl" */
	gpu_runner variant[GPU_NVARIANTS]; /* by enum gpu_variant */
	enum gpu_out out;                  /* the output's length */
	int sum_only;                      /* the kernels add; max and min are refused */
	int flags;                         /* reads the first input's segment flags */
} gpu_algo;

/* Every algorithm with kernels in this build, ended by NULL (none without
 * OpenCL). */
extern const gpu_algo *const gpu_algos[];

/* The kernels of algorithm a, or NULL when it has none (or a is NULL). */
const gpu_algo *gpu_for(const algo *a);

/* Does g (which may be NULL) have kernels of variant v? */
int gpu_has_variant(const gpu_algo *g, enum gpu_variant v);

/* One of an algorithm's inputs or outputs on the host, as the device holds
 * it: 32-bit elements of the port's type (cl_int or cl_float). */
typedef struct gpu_buf {
	size_t n;                   /* elements; an output: the room, then what was written */
	size_t w, h;                /* a grid's width and height; 0 for a vector */
	void *data;                 /* n elements (an input's are only read) */
	const unsigned char *flags; /* an input's segment flags where it has them, else NULL */
} gpu_buf;

typedef struct gpu_job {
	const algo *algo;            /* the registry's entry */
	enum gpu_variant variant;    /* which of its kernels */
	const algo_params *params;   /* op, inclusive, type and the algorithm's own parameters */
	gpu_buf in[ALGO_MAX_PORTS];  /* its inputs, as its entry declares them */
	gpu_buf out[ALGO_MAX_PORTS]; /* its outputs: out[k].n is the room the caller made
					 * (the registry's length); gpu_run lowers it to what
					 * the kernels wrote where that depends on the data */
	unsigned reps;               /* timed runs after the warm-up; >= 1 */
	double *times_ms;            /* reps entries, written by gpu_run */
	char kernel_path[512];       /* written by gpu_run: the kernel file it built */
	unsigned per_proc;           /* written by gpu_run: the elements a work-item its
				      * kernels were built with (-DPP) */
	unsigned launches;           /* written by gpu_run: the kernel launches of its last
				      * run (the report's memory-bound model charges each) */
	const char *pp_param;        /* written by gpu_run: the parameter that sets
				      * per_proc, where the kernels take one ("per-proc"),
				      * else NULL; a report gives per_proc as its value,
				      * which the runner may have picked */
} gpu_job;

/* Run job on rt's device. Returns 0, or -1 with a message in err naming the
 * algorithm, the kernel file and the OpenCL error by name. */
int gpu_run(clrt *rt, gpu_job *job, char *err, size_t errlen);

/* Lanes the device runs at once (compute units times the preferred
 * work-group multiple), the p of Brent's bound in the report. */
unsigned long gpu_lanes(const clrt *rt);

/* ---- the yardsticks of pram bench (bandwidth.c) --------------------- */

/* Time a plain copy of n 32-bit words (copy.cl: a 16-byte load and store
 * per work-item) on rt's device as gpu_run times a job: one warm-up, then
 * reps runs, the kernel time of each from its event, in milliseconds, into
 * times_ms[0 .. reps). A copy moves 8 n bytes. *verified says whether the
 * last copy equals its source, word for word. Returns 0, or -1 with a
 * message in err (an OpenCL error by name, out of memory). */
int gpu_copy_bandwidth(clrt *rt, size_t n, unsigned reps, double *times_ms, int *verified,
		       char *err, size_t errlen);

/* The device's global memory and the largest buffer it allows, in bytes,
 * and whether it is a GPU; 0 where the device does not say. */
void gpu_device_memory(const clrt *rt, uint64_t *global, uint64_t *max_alloc, int *is_gpu);

#endif /* PRAM_GPU_H */
