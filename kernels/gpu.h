/*
 * gpu.h - running an algorithm's OpenCL kernels: the contract between the
 * kernels/ folder and its users (the pram command line, the report tool).
 *
 * A caller opens a device with clrt_open (clrt.h), fills a gpu_job and calls
 * gpu_run. gpu_run uploads the input once, runs the algorithm's kernels once
 * to warm up and then job->reps times, each time timed by OpenCL events (the
 * sum of the kernel events of that run, in milliseconds, transfers excluded),
 * and reads the output of the last run back. It validates nothing: the
 * caller compares the output with the sequential reference.
 *
 * Data on the device are 32-bit: cl_int for integers, cl_float for floats.
 * Integer sums wrap modulo 2^32, as the hardware's do. Segment flags are
 * packed on the device, 32 to a word.
 */
#ifndef PRAM_GPU_H
#define PRAM_GPU_H

#include <stddef.h>

#include "pram.h"

typedef struct clrt clrt;

typedef struct gpu_job {
	const char *algo;    /* registry name: "reduce", "scan-blelloch", ... */
	const char *variant; /* "teaching" (mirrors the notes) or "tuned" */
	pram_op op;          /* sum, max or min */
	int inclusive;       /* scans: 1 inclusive, 0 exclusive */
	int is_float;        /* 0: cl_int data, 1: cl_float data */
	unsigned per_proc;   /* elements per work-item where the kernel takes it; 0 = its default */
	unsigned block;      /* elements per block where the kernel takes it (a power of two);
			      * 0 = its default */
	size_t n;            /* input elements (may be 0) */
	const void *input;   /* n elements */
	const unsigned char *flags; /* segment flags where the algorithm has them, else NULL */
	size_t out_n;               /* output elements the caller expects */
	void *output;               /* out_n elements, written by gpu_run */
	size_t out_got;             /* written by gpu_run: the output's real length, out_n or,
			      * where it depends on the data (a compaction), fewer */
	unsigned reps;              /* timed runs after the warm-up; >= 1 */
	double *times_ms;           /* reps entries, written by gpu_run */
} gpu_job;

/* Run job on rt's device. Returns 0, or -1 with a message in err naming the
 * algorithm, the kernel file and the OpenCL error by name. */
int gpu_run(clrt *rt, gpu_job *job, char *err, size_t errlen);

/* Does the algorithm have kernels of this variant? */
int gpu_has(const char *algo, const char *variant);

/* Lanes the device runs at once (compute units times the preferred
 * work-group multiple), the p of Brent's bound in the report. */
unsigned long gpu_lanes(const clrt *rt);

#endif /* PRAM_GPU_H */
