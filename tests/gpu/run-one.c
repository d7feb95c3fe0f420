/*
 * run-one.c - run one algorithm's kernels once on seeded input, check the
 * output against the sequential reference and print the event times: the
 * helper of the race check (oclgrind.sh) and of quick timings.
 *
 *   run-one [-d SPEC] [-w WG] [-r REPS] [-p PER_PROC] [-o sum|max|min] [-f]
 *           [-e] [-s SEED] ALGO VARIANT N
 *
 * -w caps the work-group size, -f uses floats, -e makes scans exclusive.
 * Exit status 0 when the output matches, 1 when not or on an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clrt.h"
#include "gpu.h"
#include "ref.h"

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: run-one [-d SPEC] [-w WG] [-r REPS] [-p PER_PROC] [-o sum|max|min] "
		   "[-f] [-e] [-s SEED] ALGO VARIANT N\n");
}

int main(int argc, char **argv)
{
	const char *spec = NULL;
	unsigned long wg = 0, reps = 1, per_proc = 0, seed = 1;
	int is_float = 0, inclusive = 1, opt;
	pram_op op = PRAM_OP_SUM;
	char err[65536], why[512];
	while ((opt = getopt(argc, argv, "d:w:r:p:o:fes:h")) != -1) {
		switch (opt) {
		case 'd': spec = optarg; break;
		case 'w': wg = strtoul(optarg, NULL, 10); break;
		case 'r': reps = strtoul(optarg, NULL, 10); break;
		case 'p': per_proc = strtoul(optarg, NULL, 10); break;
		case 'f': is_float = 1; break;
		case 'e': inclusive = 0; break;
		case 's': seed = strtoul(optarg, NULL, 10); break;
		case 'o':
			if (pram_op_parse(optarg, &op) != 0) {
				fprintf(stderr, "run-one: unknown operator '%s'\n", optarg);
				return 1;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 1;
		}
	}
	if (argc - optind != 3 || reps < 1) {
		usage(stderr);
		return 1;
	}
	const char *algo = argv[optind], *variant = argv[optind + 1];
	size_t n = strtoull(argv[optind + 2], NULL, 10);
	int scan = strncmp(algo, "scan", 4) == 0, rc = 1;
	void *in = malloc((n ? n : 1) * 4), *out = malloc((n ? n : 1) * 4);
	double *times = calloc(reps, sizeof *times);
	clrt *rt = NULL;
	if (!in || !out || !times) {
		fprintf(stderr, "run-one: out of memory\n");
		goto fail;
	}
	if (!(rt = clrt_open(spec, err, sizeof err))) {
		fprintf(stderr, "run-one: %s\n", err);
		goto fail;
	}
	clrt_set_wg_cap(rt, wg);
	ref_fill(in, n, is_float, seed);
	gpu_job job = {
		.algo = algo,
		.variant = variant,
		.op = op,
		.inclusive = inclusive,
		.is_float = is_float,
		.per_proc = (unsigned)per_proc,
		.n = n,
		.input = in,
		.out_n = scan ? n : 1,
		.output = out,
		.reps = (unsigned)reps,
		.times_ms = times,
	};
	if (gpu_run(rt, &job, err, sizeof err)) {
		fprintf(stderr, "run-one: %s\n", err);
		goto fail;
	}
	int ok = ref_check(&job, why, sizeof why) == 0;
	qsort(times, reps, sizeof *times, cmp_double);
	double med = times[reps / 2];
	printf("%s %s %s %s n=%zu on %s: %s, median %.3f ms, min %.3f ms, %.2f GB/s\n", algo,
	       variant, pram_op_name(op), is_float ? "float" : "int", n, clrt_device_name(rt),
	       ok ? "ok" : why, med, times[0],
	       med > 0 ? (double)(n + job.out_n) * 4 / (med * 1e6) : 0.0);
	rc = ok ? 0 : 1;
fail:
	clrt_close(rt);
	free(times);
	free(out);
	free(in);
	return rc;
}
