/*
 * cmd_gpu.c - `pram gpu` and `pram devices`: an algorithm's OpenCL kernels
 * on a device, validated against the sequential reference and timed by
 * OpenCL events; the list of devices. The same code serves a pram built
 * without OpenCL: its clrt_open fails and says why (kernels/none.c).
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clrt.h"
#include "gpu.h"
#include "gpuval.h"
#include "contracts.h"
#include "exercise.h"
#include "profile.h"

typedef struct gpu_opts {
	cli_algo_opts a;
	const char *device;
	uint64_t reps;
	int one_variant;          /* --variant given: only that one */
	enum gpu_variant variant; /* which, with one_variant */
	uint64_t max_group;       /* cap on work-group sizes; 0: the kernels choose */
	int no_output;            /* leave the output array out of the JSON */
	int profile;              /* count memory requests under Oclgrind (profile.h) */
	const char *program;      /* --program FILE.cl: a student's kernel of the exercise named */
	uint64_t local;           /* --local L: its work-groups (0: the device's choice) */
} gpu_opts;
_Static_assert(offsetof(gpu_opts, a) == 0,
	       "an algorithm command's options open with its cli_algo_opts");

/* --variant V: one variant only (dst: the whole gpu_opts, offset 0). */
static int opt_variant(void *dst, const char *arg, char *why, size_t len)
{
	gpu_opts *o = dst;
	if (gpu_variant_parse(arg, &o->variant, why, len))
		return -1;
	o->one_variant = 1;
	return 0;
}

static const cli_opt gpu_options[] = {
    {"device", .arg = "SPEC", .kind = CLI_STR, .off = offsetof(gpu_opts, device),
     .flags = CLI_NONEMPTY,
     .bad = "give a device's index (pram devices), platform:device, or a part of its name",
     .help = "the device: its index, platform:device, or a part of its name"},
    {"reps", .arg = "R", .kind = CLI_UINT, .off = offsetof(gpu_opts, reps), .min = 1, .max = 100000,
     .bad = "give a whole number from 1 to 100000", .help = "timed runs after one warm-up"},
    {"variant", .arg = "V", .kind = CLI_FN, .fn = opt_variant, .flags = CLI_OWN_WORDS,
     .help = "teaching or tuned (default: every kernel the algorithm has)"},
    {"max-group", .arg = "G", .kind = CLI_UINT, .off = offsetof(gpu_opts, max_group),
     .flags = CLI_POW2, .min = 1, .max = 65536, .bad = "give a power of two from 1 to 65536",
     .help = "work-groups of at most G work-items"},
    {"no-output", .kind = CLI_FLAG, .off = offsetof(gpu_opts, no_output),
     .help = "leave the output array out of the JSON"},
    {"profile", .kind = CLI_FLAG, .off = offsetof(gpu_opts, profile),
     .help = "count the kernels' memory requests under Oclgrind instead of timing them"},
    {"program", .arg = "FILE", .kind = CLI_STR, .off = offsetof(gpu_opts, program),
     .help = "validate and time your kernel of the exercise named, not the registry's"},
    {"local", .arg = "L", .kind = CLI_UINT, .off = offsetof(gpu_opts, local), .flags = CLI_POW2,
     .min = 1, .max = 65536, .bad = "give a power of two from 1 to 65536",
     .help = "with --program: work-groups of L (default: the largest up to 256)"},
    {"help", .kind = CLI_FLAG, .off = offsetof(gpu_opts, a.help), .help = "print this help"},
    {0}};

const char *cli_kernel_variants(const algo *a)
{
	static char names[64];
	const gpu_algo *g = gpu_for(a);
	size_t len = 0;
	names[0] = '\0';
	for (unsigned v = 0; v < GPU_NVARIANTS; v++)
		if (gpu_has_variant(g, v) && len < sizeof names)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
						len ? " " : "", gpu_variant_name(v));
	return names;
}

static void print_result_json(FILE *f, const gpu_result *g, int first, int with_output)
{
	fprintf(f, "%s{\"variant\":\"%s\",\"verified\":%s,\"kernel_file\":", first ? "" : ",",
		g->variant, g->verified ? "true" : "false");
	json_str(f, g->kernel_path);
	if (!g->verified) {
		fputs(",\"mismatch\":", f);
		json_str(f, g->why);
	}
	fprintf(f, ",\"time_ms\":{\"median\":%.6f,\"min\":%.6f,\"max\":%.6f,\"runs\":[",
		g->median_ms, g->min_ms, g->max_ms);
	for (size_t k = 0; k < g->reps; k++)
		fprintf(f, "%s%.6f", k ? "," : "", g->times_ms[k]);
	fprintf(f, "]},\"gb_per_s\":%.3f", g->gbps);
	if (with_output) {
		fputs(",\"output\":", f);
		json_values(f, &g->out[0]);
	}
	fputs("}", f);
}

/* pram gpu EXERCISE --program FILE.cl: a student's kernel, validated on
 * one case and timed (ck_kernel_time). */
static int program_exec(const gpu_opts *o, const char *name)
{
	char err[16384];
	ck_exercise ex;
	if (!name) {
		cli_error("gpu: --program runs a kernel of an exercise: name the exercise (pram "
			  "check --list names them)");
		return EXIT_USAGE;
	}
	if (o->a.input || o->a.nset || o->one_variant || o->max_group || o->profile) {
		cli_error("gpu: --program takes --n, --seed, --reps, --local, --device and --json");
		return EXIT_USAGE;
	}
	if (ck_exercise_find(name, &ex, err, sizeof err) != 0) {
		cli_error("gpu: %s", err);
		return EXIT_USAGE;
	}
	int rc = EXIT_USAGE;
	if (!ck_contract_kernel(ex.contract)) {
		cli_error("gpu: %s is a %s exercise: --program runs a kernel here%s", ex.name,
			  ck_contract_name(ex.contract),
			  ck_contract_pram(ex.contract) ? "; pram run --program runs a PRAM program"
							: "");
		goto done;
	}
	ck_time_opts t = {.device = o->device,
			  .n = o->a.n,
			  .L = o->local,
			  .seed = o->a.seed,
			  .reps = (unsigned)o->reps,
			  .json = o->a.json};
	int r = ck_kernel_time(&ex, o->program, &t, stdout, err, sizeof err);
	if (r < 0)
		cli_error("gpu: %s: %s", o->program, err);
	rc = r < 0 ? EXIT_FAIL : r ? EXIT_FAIL : EXIT_OK;
done:
	ck_exercise_free(&ex);
	return rc;
}

static int gpu_exec(int argc, char **argv)
{
	gpu_opts o;
	memset(&o, 0, sizeof o);
	o.a.n = 1 << 20;
	o.a.seed = 1;
	o.reps = 10;
	int nops, rc = cli_parse(&cmd_gpu_entry, argc, argv, &o, &nops);
	if (rc)
		return rc;
	const char *name = nops ? argv[1] : NULL;
	if (o.a.help)
		return cli_algo_help(&cmd_gpu_entry, o.program ? NULL : name);
	if (o.program)
		return program_exec(&o, name);
	if (o.local) {
		cli_error("gpu: --local is for a student's kernel (--program); the project's "
			  "kernels take --max-group");
		return EXIT_USAGE;
	}
	if ((rc = cli_algo_finish(&o.a, "gpu", name)))
		return rc;
	if (o.a.csv) {
		cli_error("gpu: --csv is not offered here; use --json or pram report");
		return EXIT_USAGE;
	}
	if (o.profile && !o.a.have_n)
		o.a.n = PROF_DEFAULT_N;
	algo_data in[ALGO_MAX_PORTS] = {0};
	if ((rc = cli_algo_input(&o.a, in)))
		return rc;
	if (o.profile) {
		rc = cli_gpu_profile(&o.a, in, o.one_variant, (int)o.variant, o.max_group);
		algo_data_free_all(in, ALGO_MAX_PORTS);
		return rc;
	}
	/* The device before the kernels: a pram built without OpenCL has none
	 * and says so here. */
	char err[8192];
	clrt *rt = clrt_open(o.device, err, sizeof err);
	if (!rt) {
		cli_error("gpu: %s", err);
		algo_data_free_all(in, ALGO_MAX_PORTS);
		return EXIT_FAIL;
	}
	const gpu_algo *ga = gpu_for(o.a.alg);
	if (!ga)
		cli_error("gpu: %s has no OpenCL kernels yet", o.a.alg->name);
	else if (o.one_variant && !gpu_has_variant(ga, o.variant))
		cli_error("gpu: %s has no %s kernel", o.a.alg->name, gpu_variant_name(o.variant));
	if (!ga || (o.one_variant && !gpu_has_variant(ga, o.variant))) {
		clrt_close(rt);
		algo_data_free_all(in, ALGO_MAX_PORTS);
		return EXIT_USAGE;
	}
	clrt_set_wg_cap(rt, (size_t)o.max_group);
	if (!o.a.json) {
		printf("%s on %s (%s), n = %zu, %" PRIu64 " timed runs after a warm-up",
		       o.a.alg->name, clrt_device_name(rt), clrt_platform_name(rt), in->n, o.reps);
		/* What the input file set, where the options left it out. */
		printf("%s%s\n", o.a.from_input[0] ? "; " : "", o.a.from_input);
	} else {
		fputs("{\"algorithm\":", stdout);
		json_str(stdout, o.a.alg->name);
		fprintf(stdout, ",\"n\":%zu,\"device\":", in->n);
		json_str(stdout, clrt_device_name(rt));
		fputs(",\"platform\":", stdout);
		json_str(stdout, clrt_platform_name(rt));
		fprintf(stdout, ",\"ptx\":%s", clrt_ptx(rt) ? "true" : "false");
		fprintf(stdout,
			",\"op\":\"%s\",\"inclusive\":%s,\"type\":\"%s\",\"seed\":%" PRIu64
			",\"reps\":%" PRIu64,
			pram_op_name(o.a.params.op), o.a.params.inclusive ? "true" : "false",
			o.a.params.type == PRAM_INT ? "int" : "float", o.a.seed, o.reps);
		fputs(",\"from_input\":", stdout);
		json_str(stdout, o.a.from_input);
		fputs(",\"results\":[", stdout);
	}
	int all_ok = 1, ran = 0, failed = 0;
	for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
		if (o.one_variant ? v != o.variant : !gpu_has_variant(ga, v))
			continue;
		gpu_result g;
		if (gpuval_run(rt, o.a.alg, &o.a.params, in, v, (unsigned)o.reps, &g, err,
			       sizeof err)) {
			cli_error("gpu: %s", err);
			failed = 1;
			break;
		}
		all_ok &= g.verified;
		if (o.a.json) {
			print_result_json(stdout, &g, ran == 0, !o.no_output);
		} else {
			printf("  %-9s median %10.4f ms  min %10.4f  max %10.4f  %8.2f GB/s  %s\n",
			       g.variant, g.median_ms, g.min_ms, g.max_ms, g.gbps,
			       g.verified ? "verified" : "WRONG");
			if (!g.verified)
				printf("            %s\n", g.why);
			printf("            kernels: %s\n", g.kernel_path);
		}
		ran++;
		gpuval_free(&g);
	}
	if (o.a.json)
		printf("],\"verified\":%s}\n", all_ok && !failed ? "true" : "false");
	clrt_close(rt);
	algo_data_free_all(in, ALGO_MAX_PORTS);
	return failed || !all_ok ? EXIT_FAIL : EXIT_OK;
}

static int devices_exec(int argc, char **argv)
{
	cli_json_opts o = {0};
	int nops, rc = cli_parse(&cmd_devices_entry, argc, argv, &o, &nops);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	/* Without a platform, or without OpenCL, it says so and fails. */
	return clrt_print_devices(stdout, o.json) == 0 ? EXIT_OK : EXIT_FAIL;
}

const cmd_entry cmd_gpu_entry = {
    .name = "gpu",
    .args = "ALGO [--n N | --input FILE] [--device SPEC] [--reps R] [--variant V]\n"
	    "       [--op sum|max|min] [--inclusive|--exclusive] [--float] [--per-proc F]\n"
	    "       [--block B] [--max-group G] [--seed S] [--json [--no-output]]\n"
	    "   or: pram gpu ALGO --profile [--variant V] [--n N] [--json]\n"
	    "   or: pram gpu EXERCISE --program FILE.cl [--n N] [--local L] [--device SPEC]\n"
	    "       [--reps R] [--seed S] [--json]",
    .summary = "run an algorithm's OpenCL kernels, validate them and time them",
    .help = "options:\n"
	    "  --n N            input size (default 2^20)\n"
	    "  --input FILE     read the input from a file (as pram run)\n"
	    "  --device SPEC    a device by index (pram devices), platform:device, or a\n"
	    "                   part of its name (\"nvidia\", \"cpu\"); default: the\n"
	    "                   environment variable PRAM_DEVICE, else the first CPU device\n"
	    "  --reps R         timed runs after one warm-up (default 10)\n"
	    "  --variant V      teaching or tuned (default: every kernel the algorithm has)\n"
	    "  --max-group G    work-groups of at most G work-items (a power of two), so\n"
	    "                   that small inputs already span many groups\n"
	    "  --json           one JSON object (see man pram)\n"
	    "  --no-output      leave the output array out of the JSON (large n)\n"
	    "  --profile        run the kernels once under Oclgrind with the pramsim plugin\n"
	    "                   (n = 2^14 by default, at most 2^18) and print per kernel and\n"
	    "                   source line what a GPU with sub-groups of 32 makes of them:\n"
	    "                   global requests, the 32-byte sectors they touch and the\n"
	    "                   fewest their bytes need, local requests, bank turns and the\n"
	    "                   worst conflict (ways), barriers, branches and divergent\n"
	    "                   ones; the totals; and bytes moved per element (sectors * 32\n"
	    "                   / n) beside the unavoidable bytes (inputs read and outputs\n"
	    "                   written once). Needs oclgrind and the plugin.\n"
	    "  --program FILE   your kernel of the kernel exercise EXERCISE (pram check\n"
	    "                   --list), on one input of n elements from the reference's\n"
	    "                   generator: built for the device, its first run judged as\n"
	    "                   pram check judges a case, then timed R times\n"
	    "  --local L        with --program: work-groups of L work-items (default: the\n"
	    "                   largest power of two up to 256 the device runs it in)\n"
	    "Times come from OpenCL profiling events: the kernels of one run, without\n"
	    "transfers. Integer results must equal the reference (modulo 2^32); float\n"
	    "results must agree within (ceil(log2 n) + 2) * FLT_EPSILON * sum |input|.\n",
    .opts = gpu_options,
    .algo = 1,
    .operands = 1,
    .exec = gpu_exec,
};

const cmd_entry cmd_devices_entry = {
    .name = "devices",
    .args = "[--json]",
    .summary = "list the OpenCL platforms and devices",
    .help = "options:\n  --json   one JSON array of devices\n",
    .opts = cli_json_options,
    .operands = 0,
    .exec = devices_exec,
};
