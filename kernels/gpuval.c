/*
 * gpuval.c - an algorithm's kernels validated against the registry's
 * sequential reference (gpuval.h). Device data are 32-bit; the reference
 * runs in 64 bits on the same 32-bit inputs, and its integer results are
 * wrapped to 32 bits (as the hardware's sums wrap) before they are
 * compared. Sort keys are the exception: an algorithm whose --key-range
 * reaches past 2^31 takes its keys (the first input and the first output)
 * as 32-bit unsigned words, all of [0, 2^32).
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

/* Whether a's keys (its first input and output) travel as unsigned 32-bit
 * words: its key range, as p gives it, reaches past 2^31. */
static int unsigned_keys(const algo *a, const algo_params *p)
{
	for (size_t k = 0; a->params && a->params[k].name; k++)
		if (a->params[k].props & ALGO_PARAM_KEY_RANGE)
			return p->v[k] > (int64_t)1 << 31;
	return 0;
}

/* in as the device holds it: dev (32-bit elements) and, in 64 bits, in32,
 * the values the reference must see (floats rounded to float); integers
 * up to hi (INT32_MAX, or UINT32_MAX for unsigned keys). in32 borrows in's
 * values (and flags) where they are those already, as integers that fit
 * are and floats that are floats already (every generator's): a copy of
 * n 64-bit values less, 2 GiB a port at n = 2^28; gpuval_run clears a
 * borrowed pointer before it frees in32. Returns 0, or -1 with a message
 * naming the port when a value does not fit. */
static int narrow(const algo_data *in, const char *port, int64_t hi, algo_data *in32, void **dev,
		  char *err, size_t errlen)
{
	size_t n = in->n;
	int exact = 1; /* every float a float already */
	*in32 = *in;
	*dev = malloc((n ? n : 1) * 4);
	if (!*dev) {
		snprintf(err, errlen, "out of memory for %zu elements of %s", n, port);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (in->type == PRAM_INT) {
			int64_t v = in->vals[i].i;
			if (v < INT32_MIN || v > hi) {
				snprintf(err, errlen,
					 "input %s, element %zu (%lld), does not fit the kernels' "
					 "32-bit integers",
					 port, i, (long long)v);
				return -1;
			}
			((uint32_t *)*dev)[i] = (uint32_t)v;
		} else {
			float f = (float)in->vals[i].f;
			((float *)*dev)[i] = f;
			exact &= (double)f == in->vals[i].f; /* not a NaN: copied, as before */
		}
	}
	if (exact)
		return 0;
	if (algo_data_alloc(in32, n, in->type, 0)) {
		snprintf(err, errlen, "out of memory for %zu elements of %s", n, port);
		return -1;
	}
	in32->w = in->w;
	in32->h = in->h;
	in32->flags = in->flags; /* borrowed: gpuval_run clears it before freeing */
	for (size_t i = 0; i < n; i++)
		in32->vals[i].f = ((float *)*dev)[i];
	return 0;
}

int gpuval_run(clrt *rt, const algo *a, const algo_params *p, const algo_data *in,
	       enum gpu_variant variant, unsigned reps, gpu_result *g, char *err, size_t errlen)
{
	size_t nin = algo_nin(a), nout = algo_nout(a);
	int rc = -1;
	const algo_port *ip = algo_inputs(a);
	algo_data in32[ALGO_MAX_PORTS] = {0}, ref[ALGO_MAX_PORTS] = {0};
	void *dev_in[ALGO_MAX_PORTS] = {0}, *dev_out[ALGO_MAX_PORTS] = {0};
	/* The kernels read the data's type from the parameters. */
	algo_params kp = *p;
	kp.type = in->type;
	gpu_job job = {.algo = a, .variant = variant, .params = &kp, .reps = reps};
	memset(g, 0, sizeof *g);
	g->variant = gpu_variant_name(variant);
	g->reps = reps;
	g->nout = nout;
	g->times_ms = calloc(reps ? reps : 1, sizeof *g->times_ms);
	job.times_ms = g->times_ms;
	if (!g->times_ms || algo_alloc_outputs(a, in, p, g->out) ||
	    algo_alloc_outputs(a, in, p, ref)) {
		snprintf(err, errlen, "out of memory for the outputs of %s", a->name);
		goto fail;
	}
	int ukeys = unsigned_keys(a, p);
	for (size_t k = 0; k < nin; k++) {
		if (narrow(&in[k], ip[k].name, k == 0 && ukeys ? UINT32_MAX : INT32_MAX, &in32[k],
			   &dev_in[k], err, errlen))
			goto fail;
		job.in[k] = (gpu_buf){.n = in[k].n,
				      .w = in[k].w,
				      .h = in[k].h,
				      .data = dev_in[k],
				      .flags = in[k].flags};
	}
	for (size_t k = 0; k < nout; k++) {
		if (!(dev_out[k] = malloc((g->out[k].n ? g->out[k].n : 1) * 4))) {
			snprintf(err, errlen, "out of memory for %zu output elements", g->out[k].n);
			goto fail;
		}
		job.out[k] = (gpu_buf){
		    .n = g->out[k].n, .w = g->out[k].w, .h = g->out[k].h, .data = dev_out[k]};
	}
	if (gpu_run(rt, &job, err, errlen))
		goto fail;
	memcpy(g->kernel_path, job.kernel_path, sizeof g->kernel_path);
	g->per_proc = job.per_proc;
	g->launches = job.launches;
	g->pp_param = job.pp_param;
	a->reference(in32, ref, p);
	double tol = in->type == PRAM_FLOAT ? algo_tolerance(a, in32, p, FLT_EPSILON) : 0;
	g->verified = 1;
	for (size_t k = 0; k < nout; k++) {
		algo_data *o = &g->out[k];
		o->n = job.out[k].n; /* the reference has set ref[k].n likewise */
		for (size_t i = 0; i < o->n && i < ref[k].n; i++) {
			if (o->type == PRAM_INT && k == 0 && ukeys) {
				o->vals[i].i = ((uint32_t *)dev_out[k])[i];
				ref[k].vals[i].i = (uint32_t)ref[k].vals[i].i;
			} else if (o->type == PRAM_INT) {
				o->vals[i].i = ((int32_t *)dev_out[k])[i];
				ref[k].vals[i].i = wrap32(ref[k].vals[i].i);
			} else {
				o->vals[i].f = ((float *)dev_out[k])[i];
			}
		}
		char why[200];
		if (!a->check && g->verified &&
		    algo_compare(o, &ref[k], tol, why, sizeof why) >= 0) {
			g->verified = 0;
			snprintf(g->why, sizeof g->why, "%s%s%s", nout > 1 ? "output " : "",
				 nout > 1 ? algo_outputs(a)[k].name : "", nout > 1 ? ": " : "");
			snprintf(g->why + strlen(g->why), sizeof g->why - strlen(g->why), "%s",
				 why);
		}
	}
	/* An output with several correct values is judged by membership. */
	if (a->check && a->check(in32, g->out, p, g->why, sizeof g->why) >= 0)
		g->verified = 0;
	g->median_ms = gpuval_median(g->times_ms, reps);
	g->min_ms = g->max_ms = g->times_ms[0];
	for (size_t k = 1; k < reps; k++) {
		if (g->times_ms[k] < g->min_ms)
			g->min_ms = g->times_ms[k];
		if (g->times_ms[k] > g->max_ms)
			g->max_ms = g->times_ms[k];
	}
	if (g->median_ms > 0)
		g->gbps = (double)algo_bytes(a, in, g->out, p) / (g->median_ms * 1e-3) / 1e9;
	rc = 0;
fail:
	if (rc)
		gpuval_free(g);
	for (size_t k = 0; k < ALGO_MAX_PORTS; k++) {
		in32[k].flags = NULL;
		if (k < nin && in32[k].vals == in[k].vals)
			in32[k].vals = NULL; /* borrowed by narrow */
		free(dev_in[k]);
		free(dev_out[k]);
	}
	algo_data_free_all(in32, ALGO_MAX_PORTS);
	algo_data_free_all(ref, ALGO_MAX_PORTS);
	return rc;
}

void gpuval_free(gpu_result *g)
{
	free(g->times_ms);
	g->times_ms = NULL;
	algo_data_free_all(g->out, ALGO_MAX_PORTS);
}
