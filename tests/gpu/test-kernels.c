/*
 * test-kernels.c - every kernel of every algorithm and variant, for sum,
 * max and min, int and float, inclusive and exclusive, at sizes from 0 to
 * 2^20 (around work-group and vector boundaries), against the sequential
 * reference of ref.c; then the runtime's error paths: a bad device spec, a
 * kernel file that does not compile, error names. Runs on the device
 * clrt_open picks (PRAM_DEVICE, else the first CPU device: PoCL). Prints TAP.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clrt.h"
#include "gpu.h"
#include "ref.h"
#include "../tap.h"

static const struct {
	const char *algo, *variant;
	int scan;
} combos[] = {
	{"reduce", "teaching", 0},
	{"reduce", "tuned", 0},
	{"scan-hillis-steele", "teaching", 1},
	{"scan-blelloch", "teaching", 1},
	{"scan-blelloch", "tuned", 1},
};

static const size_t sizes[] = {0,    1,    2,    3,    7,      8,      255,
			       256,  257,  1023, 1025, 4097, 100003, (size_t)1 << 20};

static const pram_op ops[] = {PRAM_OP_SUM, PRAM_OP_MAX, PRAM_OP_MIN};

#define NCOMBOS (sizeof combos / sizeof combos[0])
#define NSIZES (sizeof sizes / sizeof sizes[0])

static char err[65536];

/* Run one case on rt; a TAP line. in holds at least n elements. */
static void one(clrt *rt, size_t c, pram_op op, int is_float, int inclusive, size_t n,
		unsigned per_proc, void *in, void *out, const char *note)
{
	double ms = 0;
	gpu_job job = {
		.algo = combos[c].algo,
		.variant = combos[c].variant,
		.op = op,
		.inclusive = inclusive,
		.is_float = is_float,
		.per_proc = per_proc,
		.n = n,
		.input = in,
		.out_n = combos[c].scan ? n : 1,
		.output = out,
		.reps = 1,
		.times_ms = &ms,
	};
	char why[512] = "";
	int rc = gpu_run(rt, &job, err, sizeof err);
	if (rc == 0)
		rc = ref_check(&job, why, sizeof why);
	else
		snprintf(why, sizeof why, "%.500s", err);
	TAP_OK(rc == 0, "%s %s %s %s%s n=%zu%s%s%s", combos[c].algo, combos[c].variant,
	       pram_op_name(op), is_float ? "float" : "int",
	       combos[c].scan ? (inclusive ? " inclusive" : " exclusive") : "", n, note,
	       rc ? ": " : "", rc ? why : "");
}

/* A kernel folder whose reduce.cl has a syntax error must give an error that
 * names the file's real path and carries the compiler's message. */
static void test_build_error(void)
{
	char dir[] = "/tmp/pram-kernels-XXXXXX", file[PATH_MAX], *real_dir = NULL;
	const char *old = getenv("PRAM_KERNEL_DIR");
	char *saved = old ? strdup(old) : NULL;
	clrt *rt = NULL;
	int made = mkdtemp(dir) != NULL;
	snprintf(file, sizeof file, "%s/reduce.cl", dir);
	FILE *f = made ? fopen(file, "w") : NULL;
	if (f) {
		fputs("kernel void reduce_tree(global int *in {\n  in[0] = ;\n}\n", f);
		fclose(f);
	}
	setenv("PRAM_KERNEL_DIR", dir, 1);
	real_dir = realpath(dir, NULL);
	rt = clrt_open(NULL, err, sizeof err);
	int rc = -1;
	if (rt && f) {
		int32_t in[4] = {1, 2, 3, 4}, out = 0;
		double ms;
		gpu_job job = {.algo = "reduce", .variant = "teaching", .op = PRAM_OP_SUM, .n = 4,
			       .input = in, .out_n = 1, .output = &out, .reps = 1, .times_ms = &ms};
		rc = gpu_run(rt, &job, err, sizeof err);
	}
	TAP_OK(rc != 0, "a kernel with a syntax error fails to build");
	char real_file[PATH_MAX];
	snprintf(real_file, sizeof real_file, "%s/reduce.cl", real_dir ? real_dir : dir);
	TAP_CONTAINS(err, real_file, "the build error names the kernel file");
	TAP_CONTAINS(err, "error", "the build error carries the compiler's log");
	TAP_CONTAINS(err, "reduce", "the build error names the algorithm");
	clrt_close(rt);
	if (saved)
		setenv("PRAM_KERNEL_DIR", saved, 1);
	else
		unsetenv("PRAM_KERNEL_DIR");
	free(saved);
	free(real_dir);
	unlink(file);
	rmdir(dir);
}

int main(void)
{
	/* Line-buffered, so that the compiler's messages on stderr do not land
	 * inside a TAP line. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	size_t maxn = sizes[NSIZES - 1];
	uint32_t *in = malloc(maxn * 4), *out = malloc(maxn * 4);
	clrt *rt = clrt_open(NULL, err, sizeof err);
	if (!in || !out) {
		printf("Bail out! out of memory\n");
		return 1;
	}
	if (!rt) {
		printf("1..0 # SKIP no OpenCL device: %s\n", err);
		free(out);
		free(in);
		return 0;
	}
	printf("# device: %s (%s), %u compute units, work-groups up to %zu\n",
	       clrt_device_name(rt), clrt_platform_name(rt), clrt_compute_units(rt),
	       clrt_max_wg(rt));

	for (int is_float = 0; is_float < 2; is_float++) {
		ref_fill(in, maxn, is_float, 42 + (uint64_t)is_float);
		for (size_t c = 0; c < NCOMBOS; c++)
			for (size_t o = 0; o < 3; o++)
				for (int incl = combos[c].scan ? 0 : 1; incl < 2; incl++)
					for (size_t s = 0; s < NSIZES; s++)
						one(rt, c, ops[o], is_float, incl, sizes[s], 0, in, out,
						    "");
	}

	/* Work-groups of 4: small inputs already need several levels of block
	 * sums, and the tuned scan's chunks hold several tiles. */
	clrt_set_wg_cap(rt, 4);
	for (int is_float = 0; is_float < 2; is_float++) {
		ref_fill(in, maxn, is_float, 7 + (uint64_t)is_float);
		for (size_t c = 0; c < NCOMBOS; c++)
			for (size_t s = 0; s < NSIZES && sizes[s] <= 4097; s++)
				one(rt, c, PRAM_OP_SUM, is_float, 1, sizes[s], 0, in, out,
				    " (work-groups of 4)");
	}
	clrt_set_wg_cap(rt, 0);

	/* The tuned scan with other per-item counts, vector-sized or not. */
	static const unsigned pps[] = {1, 3, 4, 8, 33};
	ref_fill(in, maxn, 0, 99);
	for (size_t k = 0; k < sizeof pps / sizeof pps[0]; k++) {
		char note[64];
		snprintf(note, sizeof note, " (per_proc %u)", pps[k]);
		one(rt, 4, PRAM_OP_SUM, 0, 0, 100003, pps[k], in, out, note);
		one(rt, 4, PRAM_OP_MAX, 0, 1, 4097, pps[k], in, out, note);
	}

	/* Jobs the kernels refuse. */
	double ms;
	gpu_job bad = {.algo = "reduce", .variant = "fancy", .op = PRAM_OP_SUM, .n = 1, .input = in,
		       .out_n = 1, .output = out, .reps = 1, .times_ms = &ms};
	TAP_OK(gpu_run(rt, &bad, err, sizeof err) != 0, "an unknown variant is refused");
	TAP_CONTAINS(err, "fancy", "the error names the variant");
	bad.variant = "teaching";
	bad.op = PRAM_OP_XOR;
	TAP_OK(gpu_run(rt, &bad, err, sizeof err) != 0, "an operator without kernels is refused");
	TAP_OK(gpu_has("scan-blelloch", "tuned") && !gpu_has("scan-hillis-steele", "tuned") &&
		       !gpu_has("sort", "teaching"),
	       "gpu_has knows the table");
	TAP_OK(gpu_lanes(rt) >= clrt_compute_units(rt), "gpu_lanes is at least the compute units");
	clrt_close(rt);

	/* The runtime's own errors. */
	rt = clrt_open("no-such-device-xyz", err, sizeof err);
	TAP_OK(rt == NULL, "a device spec that matches nothing is refused");
	TAP_CONTAINS(err, "no-such-device-xyz", "the error names the spec");
	clrt_close(rt);
	rt = clrt_open("99:0", err, sizeof err);
	TAP_OK(rt == NULL, "a platform index that does not exist is refused");
	clrt_close(rt);
	rt = clrt_open("0", err, sizeof err);
	TAP_OK(rt != NULL, "the spec '0' opens the first device%s%s", rt ? "" : ": ", rt ? "" : err);
	clrt_close(rt);
	test_build_error();
	TAP_OK(strcmp(clrt_errname(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES") == 0,
	       "clrt_errname(CL_OUT_OF_RESOURCES)");
	TAP_OK(strcmp(clrt_errname(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE") == 0,
	       "clrt_errname(CL_INVALID_WORK_GROUP_SIZE)");
	TAP_OK(strcmp(clrt_errname(12345), "CL_UNKNOWN_ERROR") == 0, "clrt_errname of an unknown code");

	free(out);
	free(in);
	return tap_done();
}
