/*
 * gpuval.h - an algorithm's kernels on a device, validated against the
 * registry's sequential reference: what `pram gpu` prints and the report
 * measures. Built with and without OpenCL (without, gpu_run says why it
 * cannot run).
 */
#ifndef PRAM_GPUVAL_H
#define PRAM_GPUVAL_H

#include "algo.h"
#include "gpu.h"

typedef struct gpu_result {
	const char *variant;           /* gpu_variant_name's (static) */
	int verified;                  /* output equals the reference (floats: within tolerance) */
	char why[256];                 /* the first mismatch, in words */
	char kernel_path[512];         /* the kernel file that was built and ran */
	unsigned per_proc;             /* its elements a work-item (gpu_job's) ... */
	unsigned launches;             /* kernel launches in one run (gpu_job's) */
	const char *pp_param;          /* ... and the parameter that sets them, or NULL */
	size_t nout;                   /* the algorithm's outputs */
	algo_data out[ALGO_MAX_PORTS]; /* the kernels' outputs, widened to 64 bits */
	size_t reps;
	double *times_ms; /* reps kernel times from events */
	double median_ms, min_ms, max_ms;
	double gbps; /* bytes read and written per second, at the median */
} gpu_result;

/* Run the variant of a's kernels on rt with parameters p over in (its
 * algo_nin inputs; the first one's type is the data's), reps timed runs after a warm-up, and check the last
 * output. Returns 0 (the outcome is in g, which the caller frees with
 * gpuval_free) or -1 with a message in err (the input does not fit 32 bits,
 * an OpenCL error, out of memory). */
int gpuval_run(clrt *rt, const algo *a, const algo_params *p, const algo_data *in,
	       enum gpu_variant variant, unsigned reps, gpu_result *g, char *err, size_t errlen);

void gpuval_free(gpu_result *g);

/* The median of n values (sorts a copy). */
double gpuval_median(const double *v, size_t n);

#endif
