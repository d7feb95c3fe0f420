/*
 * gpuval.c - an algorithm's kernels validated against the registry's
 * sequential reference (gpuval.h). Device data are 32-bit; the reference
 * runs in 64 bits on the same 32-bit inputs, and its integer results are
 * wrapped to 32 bits (as the hardware's sums wrap) before they are
 * compared.
 */
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuval.h"

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

double gpuval_median(const double *v, size_t n)
{
	if (n == 0)
		return 0;
	double *c = malloc(n * sizeof *c);
	if (!c)
		return v[0];
	memcpy(c, v, n * sizeof *c);
	qsort(c, n, sizeof *c, cmp_double);
	double med = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
	free(c);
	return med;
}

/* A 64-bit reference value as the 32-bit hardware holds it. */
static int64_t wrap32(int64_t v)
{
	if (v == INT64_MIN)
		return INT32_MIN; /* the identity of max */
	if (v == INT64_MAX)
		return INT32_MAX; /* the identity of min */
	return (int32_t)(uint32_t)(uint64_t)v;
}

int gpuval_run(clrt *rt, const algo *a, const algo_params *p, const algo_data *in,
	       enum gpu_variant variant, unsigned reps, gpu_result *g, char *err, size_t errlen)
{
	size_t n = in->n, out_n = 0;
	algo_data probe[ALGO_MAX_PORTS] = {0};
	if (algo_alloc_outputs(a, in, p, probe) == 0)
		out_n = probe[0].n;
	algo_data_free_all(probe, algo_nout(a));
	void *dev_in = NULL, *dev_out = NULL;
	algo_data in32 = {0}, ref = {0};
	memset(g, 0, sizeof *g);
	g->variant = gpu_variant_name(variant);
	g->reps = reps;
	dev_in = malloc((n ? n : 1) * 4);
	dev_out = malloc((out_n ? out_n : 1) * 4);
	g->times_ms = calloc(reps, sizeof *g->times_ms);
	if (!dev_in || !dev_out || !g->times_ms || algo_data_alloc(&in32, n, in->type, 0) ||
	    algo_data_alloc(&ref, out_n, in->type, 0) ||
	    algo_data_alloc(&g->out, out_n, in->type, 0)) {
		snprintf(err, errlen, "out of memory for %zu elements", n);
		goto fail;
	}
	in32.flags = in->flags; /* borrowed; not freed below */
	for (size_t i = 0; i < n; i++) {
		if (in->type == PRAM_INT) {
			int64_t v = in->vals[i].i;
			if (v < INT32_MIN || v > INT32_MAX) {
				snprintf(err, errlen,
					 "input element %zu (%lld) does not fit the kernels' "
					 "32-bit integers",
					 i, (long long)v);
				goto fail;
			}
			((int32_t *)dev_in)[i] = (int32_t)v;
			in32.vals[i].i = v;
		} else {
			float f = (float)in->vals[i].f;
			((float *)dev_in)[i] = f;
			in32.vals[i].f = f;
		}
	}
	/* The kernels read the data's type from the parameters. */
	algo_params kp = *p;
	kp.type = in->type;
	gpu_job job = {
	    .algo = a,
	    .variant = variant,
	    .params = &kp,
	    .n = n,
	    .input = dev_in,
	    .flags = in->flags,
	    .out_n = out_n,
	    .output = dev_out,
	    .reps = reps,
	    .times_ms = g->times_ms,
	};
	if (gpu_run(rt, &job, err, errlen))
		goto fail;
	a->reference(&in32, &ref, p);
	g->out.n = job.out_got; /* the reference has set ref.n likewise */
	for (size_t i = 0; i < job.out_got && i < ref.n; i++) {
		if (in->type == PRAM_INT) {
			g->out.vals[i].i = ((int32_t *)dev_out)[i];
			ref.vals[i].i = wrap32(ref.vals[i].i);
		} else {
			g->out.vals[i].f = ((float *)dev_out)[i];
		}
	}
	double tol = in->type == PRAM_FLOAT ? algo_float_tolerance(&in32, FLT_EPSILON) : 0;
	g->verified = algo_compare(&g->out, &ref, tol, g->why, sizeof g->why) < 0;
	g->median_ms = gpuval_median(g->times_ms, reps);
	g->min_ms = g->max_ms = g->times_ms[0];
	for (size_t k = 1; k < reps; k++) {
		if (g->times_ms[k] < g->min_ms)
			g->min_ms = g->times_ms[k];
		if (g->times_ms[k] > g->max_ms)
			g->max_ms = g->times_ms[k];
	}
	if (g->median_ms > 0)
		g->gbps = (double)(n + out_n) * 4 / (g->median_ms * 1e-3) / 1e9;
	in32.flags = NULL;
	algo_data_free(&in32);
	algo_data_free(&ref);
	free(dev_out);
	free(dev_in);
	return 0;
fail:
	in32.flags = NULL;
	algo_data_free(&in32);
	algo_data_free(&ref);
	free(dev_out);
	free(dev_in);
	gpuval_free(g);
	return -1;
}

void gpuval_free(gpu_result *g)
{
	free(g->times_ms);
	g->times_ms = NULL;
	algo_data_free(&g->out);
}
