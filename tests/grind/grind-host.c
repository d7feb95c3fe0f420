/*
 * grind-host.c - the small OpenCL host the PRAM view's tests run under
 * Oclgrind: builds one kernel file of tests/grind (found through
 * PRAM_KERNEL_DIR, with -g so that the plugin sees source lines) and
 * launches one of its kernels once per size, then checks what it computed.
 *
 *     grind-host FILE KERNEL CHECK SIZE...
 *
 * Every kernel here has the signature
 *     kernel void K(global const int *in, global int *out, global int *sums,
 *                   local int *tmp, uint n)
 * and runs 1-D. A SIZE is L (n = L) or L:n; the global size is
 * L * max(1, ceil(n / L)) and tmp holds 2L ints. CHECK is reduce (sums[g]
 * is the sum of group g's elements, those at n and beyond counting 0), scan
 * (one group: out[i] is the exclusive sum of in[0 .. i-1] for i < n) or
 * none. Exits 0 when every launch ran and checked, 1 with a message on
 * stderr otherwise, 2 for a usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clrtint.h"

static char err[16384];

static int value(size_t i)
{
	return (int)((i * 7 + 3) % 11) - 5;
}

/* Parse "L" or "L:n". Returns 0, or -1. */
static int parse_size(const char *s, size_t *L, size_t *n)
{
	char *end;
	unsigned long l = strtoul(s, &end, 10);
	unsigned long v = l;
	if (*end == ':')
		v = strtoul(end + 1, &end, 10);
	if (*end || l == 0 || l > 4096 || v > (1ul << 20))
		return -1;
	*L = l;
	*n = v;
	return 0;
}

/* Launch kernel k at local size L over n inputs and check the result.
 * Returns 0, or -1 with a message in err. */
static int launch(clrt *rt, cl_kernel k, const char *check, size_t L, size_t n)
{
	cl_context ctx = clrt_context(rt);
	cl_command_queue q = clrt_queue(rt);
	size_t groups = n > L ? (n + L - 1) / L : 1, global = groups * L;
	size_t nin = n ? n : 1, nout = n ? n : 1;
	cl_mem in = NULL, out = NULL, sums = NULL;
	int *host = malloc(nin * sizeof *host), *got = malloc((nout + groups) * sizeof *got);
	int status = -1;
	cl_int rc;
	cl_uint un = (cl_uint)n;
	if (!host || !got) {
		snprintf(err, sizeof err, "out of memory");
		goto fail;
	}
	for (size_t i = 0; i < nin; i++)
		host[i] = value(i);
	in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nin * sizeof(int), host,
			    &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", err, sizeof err);
	out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, nout * sizeof(int), NULL, &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", err, sizeof err);
	sums = clCreateBuffer(ctx, CL_MEM_READ_WRITE, groups * sizeof(int), NULL, &rc);
	CL_CHECK_RC(rc, "clCreateBuffer", err, sizeof err);
	CL_CHECK(clSetKernelArg(k, 0, sizeof in, &in), err, sizeof err);
	CL_CHECK(clSetKernelArg(k, 1, sizeof out, &out), err, sizeof err);
	CL_CHECK(clSetKernelArg(k, 2, sizeof sums, &sums), err, sizeof err);
	CL_CHECK(clSetKernelArg(k, 3, 2 * L * sizeof(int), NULL), err, sizeof err);
	CL_CHECK(clSetKernelArg(k, 4, sizeof un, &un), err, sizeof err);
	CL_CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &L, 0, NULL, NULL), err,
		 sizeof err);
	CL_CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, nout * sizeof(int), got, 0, NULL, NULL),
		 err, sizeof err);
	CL_CHECK(clEnqueueReadBuffer(q, sums, CL_TRUE, 0, groups * sizeof(int), got + nout, 0, NULL,
				     NULL),
		 err, sizeof err);
	if (strcmp(check, "reduce") == 0) {
		for (size_t g = 0; g < groups; g++) {
			int want = 0;
			for (size_t i = g * L; i < (g + 1) * L && i < n; i++)
				want += host[i];
			if (got[nout + g] != want) {
				snprintf(err, sizeof err,
					 "L = %zu, n = %zu: sums[%zu] = %d, expected %d", L, n, g,
					 got[nout + g], want);
				goto fail;
			}
		}
	} else if (strcmp(check, "scan") == 0) {
		int want = 0;
		for (size_t i = 0; i < n; i++) {
			if (got[i] != want) {
				snprintf(err, sizeof err,
					 "L = %zu, n = %zu: out[%zu] = %d, expected %d", L, n, i,
					 got[i], want);
				goto fail;
			}
			want += host[i];
		}
	}
	status = 0;
fail:
	if (sums)
		clReleaseMemObject(sums);
	if (out)
		clReleaseMemObject(out);
	if (in)
		clReleaseMemObject(in);
	free(got);
	free(host);
	return status;
}

int main(int argc, char **argv)
{
	if (argc < 5 ||
	    (strcmp(argv[3], "reduce") && strcmp(argv[3], "scan") && strcmp(argv[3], "none"))) {
		fprintf(stderr, "usage: grind-host FILE KERNEL reduce|scan|none SIZE...\n");
		return 2;
	}
	for (int a = 4; a < argc; a++) {
		size_t L, n;
		if (parse_size(argv[a], &L, &n) != 0) {
			fprintf(stderr, "grind-host: size %d: '%s' is not L or L:n\n", a - 3,
				argv[a]);
			return 2;
		}
		if (strcmp(argv[3], "scan") == 0 && n > L) {
			fprintf(stderr, "grind-host: size '%s': a scan runs one group (n <= L)\n",
				argv[a]);
			return 2;
		}
	}
	int status = 1;
	cl_kernel k = NULL;
	cl_int rc;
	clrt *rt = clrt_open(NULL, err, sizeof err);
	if (!rt)
		goto fail;
	cl_program p = clrt_build(rt, argv[1], "", err, sizeof err);
	if (!p)
		goto fail;
	k = clCreateKernel(p, argv[2], &rc);
	CL_CHECK_RC(rc, "clCreateKernel", err, sizeof err);
	for (int a = 4; a < argc; a++) {
		size_t L, n;
		parse_size(argv[a], &L, &n);
		if (launch(rt, k, argv[3], L, n) != 0)
			goto fail;
	}
	status = 0;
fail:
	if (status)
		fprintf(stderr, "grind-host: %s %s: %s\n", argv[1], argv[2], err);
	if (k)
		clReleaseKernel(k);
	clrt_close(rt);
	return status;
}
