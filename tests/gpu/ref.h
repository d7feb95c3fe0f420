/*
 * ref.h - seeded inputs and the plain C reference the GPU tests check the
 * kernels' output against (test-kernels, run-one).
 */
#ifndef PRAM_TEST_GPU_REF_H
#define PRAM_TEST_GPU_REF_H

#include <stddef.h>
#include <stdint.h>

#include "gpu.h"

/* Fill data (n cl_int or cl_float) from seed: integers over the whole
 * 32-bit range (so that sums wrap), floats uniform in [-1, 1). */
void ref_fill(void *data, size_t n, int is_float, uint64_t seed);

/* Compare job->output with the sequential result of job->algo on
 * job->input: integers exactly (modulo 2^32), floats within the tolerance
 * of ref.c. Returns 0, or -1 with the first difference described in why. */
int ref_check(const gpu_job *job, char *why, size_t whylen);

#endif /* PRAM_TEST_GPU_REF_H */
