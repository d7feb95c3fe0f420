/*
 * cmd_bench.c - `pram bench`: each algorithm's fastest kernel (or every
 * variant) over a few large sizes on one device, validated and timed as
 * `pram gpu` does them (kernels/gpuval.h), beside the same device's copy
 * bandwidth in the same run, so that every figure also reads as a fraction
 * of what a plain copy moves. The bytes an algorithm must move are its
 * registry entry's (algo.h's bytes, or the default that comment states).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clrt.h"
#include "gpu.h"
#include "gpuval.h"

/* The sizes when none are given: large enough to reach the memory's
 * bandwidth on a GPU, small enough to finish in seconds on a CPU. */
#define GPU_SIZES "2^20,2^24,2^28"
#define CPU_SIZES "2^16,2^20"
#define MAX_SIZES 32
#define MAX_ALGOS 64 /* the most algorithms one run measures */

/* The device memory a run of n elements may take, at most: every input
 * and output of n 32-bit elements, their packed flags, and up to four
 * n-element scratch buffers (line-of-sight keeps 4n of angles and maxima;
 * the count scans keep n positions). The largest one buffer holds 2n. */
#define SCRATCH_BUFFERS 4
#define LARGEST_BUFFER  2

typedef struct bench_opts {
	cli_algo_opts a;          /* the algorithm options, applied to each algorithm */
	const char *sizes;        /* --sizes, or NULL: the defaults */
	const char *device;       /* --device */
	uint64_t reps;            /* --reps */
	uint64_t batch;           /* --batch */
	int all_variants;         /* --variant all */
	int one_variant;          /* --variant teaching|tuned */
	enum gpu_variant variant; /* which, with one_variant */
	const char *flags;        /* --flags as given, or NULL */
	int flags_every;          /* 1: every:K, 0: random:K */
	uint64_t flags_k;         /* K */
} bench_opts;
_Static_assert(offsetof(bench_opts, a) == 0,
	       "an algorithm command's options open with its cli_algo_opts");

/* One algorithm to run: its options applied. */
typedef struct bench_algo {
	cli_algo_opts o;
	const gpu_algo *g;
} bench_algo;

/* ---- options ---- */

/* Parse --flags: "every:K" (a flag on every K-th element, from element 0:
 * segments of K, as offsets give them) or "random:K" (element 0 and each
 * other element with probability 1/K). dst: the whole bench_opts (offset
 * 0), as for --variant. */
static int opt_flags(void *dst, const char *s, char *why, size_t len)
{
	bench_opts *o = dst;
	const char *colon = strchr(s, ':');
	size_t n = colon ? (size_t)(colon - s) : 0;
	if (colon && n == 5 && strncmp(s, "every", 5) == 0)
		o->flags_every = 1;
	else if (colon && n == 6 && strncmp(s, "random", 6) == 0)
		o->flags_every = 0;
	else
		return -1;
	if (cli_parse_u64(colon + 1, &o->flags_k) || o->flags_k < 1 ||
	    o->flags_k > ((uint64_t)1 << 31))
		return -1;
	o->flags = s;
	return 0;
}

/* --variant teaching|tuned|all. */
static int opt_variant(void *dst, const char *arg, char *why, size_t len)
{
	bench_opts *o = dst;
	o->all_variants = strcmp(arg, "all") == 0;
	o->one_variant = 0;
	if (o->all_variants)
		return 0;
	if (gpu_variant_parse(arg, &o->variant, why, len)) {
		size_t used = strlen(why);
		snprintf(why + used, len - used, ", or all");
		return -1;
	}
	o->one_variant = 1;
	return 0;
}

static const cli_opt bench_options[] = {
    {"sizes", .arg = "SIZES", .kind = CLI_STR, .off = offsetof(bench_opts, sizes),
     .help = "sizes and ranges, such as 2^20,2^24 or 2^10..2^28:2"},
    {"device", .arg = "SPEC", .kind = CLI_STR, .off = offsetof(bench_opts, device),
     .flags = CLI_NONEMPTY,
     .bad = "give a device's index (pram devices), platform:device, or a part of its name",
     .help = "the device, as pram gpu takes it"},
    {"reps", .arg = "R", .kind = CLI_UINT, .off = offsetof(bench_opts, reps), .min = 1,
     .max = 100000, .bad = "give a whole number from 1 to 100000",
     .help = "timed runs after one warm-up"},
    {"batch", .arg = "B", .kind = CLI_UINT, .off = offsetof(bench_opts, batch), .min = 1,
     .max = 1000, .bad = "give a whole number from 1 to 1000",
     .help = "time the runs B at a time, back to back (default 1: each alone)"},
    {"variant", .arg = "V", .kind = CLI_FN, .fn = opt_variant, .flags = CLI_OWN_WORDS,
     .help = "teaching, tuned, or all (default: the fastest there is)"},
    {"flags", .arg = "F", .kind = CLI_FN, .fn = opt_flags,
     .bad = "give every:K (segments of K elements) or random:K (a flag with probability 1/K), "
	    "K from 1 to 2^31",
     .help = "the segment flags: every:K or random:K"},
    {"help", .kind = CLI_HELP, .help = "print this help"},
    {0}};

/* Parse the options into o and the algorithm names into names (argv's
 * own). Returns 0, CLI_HELP_GIVEN after --help, or EXIT_USAGE (already
 * reported). */
static int parse(bench_opts *o, int argc, char **argv, char ***names, size_t *nnames)
{
	int nops, rc = cli_parse(&cmd_bench_entry, argc, argv, o, &nops);
	if (rc)
		return rc;
	if (o->a.have_n || o->a.input) {
		cli_error(
		    "bench: give the sizes with --sizes (inputs are generated from the seed)");
		return EXIT_USAGE;
	}
	if (o->a.csv) {
		cli_error("bench: --csv is not offered here; use --json");
		return EXIT_USAGE;
	}
	*names = argv + 1;
	*nnames = (size_t)nops;
	return 0;
}

/* Bytes in a readable unit. */
static const char *bytes_name(uint64_t b, char *buf, size_t len)
{
	if (b >= ((uint64_t)1 << 30))
		snprintf(buf, len, "%.1f GiB", (double)b / (double)((uint64_t)1 << 30));
	else
		snprintf(buf, len, "%.1f MiB", (double)b / (double)(1 << 20));
	return buf;
}

/* Why a run of g's algorithm at n does not fit the device, into why; 0
 * when it fits. */
static int does_not_fit(const gpu_algo *g, size_t n, uint64_t global, uint64_t max_alloc, char *why,
			size_t len)
{
	char sz[32], need_s[32], have_s[32];
	const algo *a = g->algo;
	size_t out_n = g->out == GPU_OUT_ONE ? 1 : n;
	uint64_t words = (uint64_t)n * (algo_nin(a) + SCRATCH_BUFFERS) + out_n * algo_nout(a);
	uint64_t need = 4 * words + (algo_takes_flags(a) ? (uint64_t)n / 8 + 4 : 0);
	uint64_t largest = 4 * (uint64_t)n * LARGEST_BUFFER;
	algo_size_name(n, sz, sizeof sz);
	if (global && need > global) {
		snprintf(why, len,
			 "%s at n = %s needs up to %s of device memory (inputs, outputs and "
			 "scratch); the device has %s",
			 a->name, sz, bytes_name(need, need_s, sizeof need_s),
			 bytes_name(global, have_s, sizeof have_s));
		return 1;
	}
	if (max_alloc && largest > max_alloc) {
		snprintf(why, len,
			 "%s at n = %s needs buffers of up to %s; the device allows %s in one "
			 "buffer",
			 a->name, sz, bytes_name(largest, need_s, sizeof need_s),
			 bytes_name(max_alloc, have_s, sizeof have_s));
		return 1;
	}
	if (n > (size_t)INT32_MAX) {
		snprintf(why, len, "%s at n = %s: the kernels index with 32 bits (at most %ld)",
			 a->name, sz, (long)INT32_MAX);
		return 1;
	}
	return 0;
}

/* ---- measuring ---- */

/* Replace the generated flags of the first input as --flags says. */
static void set_flags(const bench_opts *o, algo_data *in)
{
	uint64_t state = o->a.seed ^ 0x666c616773ull; /* "flags" */
	for (size_t i = 0; i < in->n; i++) {
		if (o->flags_every)
			in->flags[i] = i % o->flags_k == 0;
		else
			in->flags[i] = i == 0 || algo_rand(&state) % o->flags_k == 0;
	}
}

/* Median, min and max of n times. */
static void stats(const double *t, size_t n, double *med, double *lo, double *hi)
{
	*med = gpuval_median(t, n);
	*lo = *hi = t[0];
	for (size_t k = 1; k < n; k++) {
		if (t[k] < *lo)
			*lo = t[k];
		if (t[k] > *hi)
			*hi = t[k];
	}
}

/* GB/s of b bytes in ms milliseconds; 0 when no time was measured. */
static double gbps(uint64_t b, double ms)
{
	return ms > 0 ? (double)b / (ms * 1e-3) / 1e9 : 0;
}

/* ---- printing ---- */

/* Emits the rows as text lines or the members of one JSON object. */
typedef struct printer {
	int json;
	size_t nrows;    /* results printed so far */
	double copy_gbs; /* the copy's bandwidth, the denominator of "of copy" */
} printer;

static void text_head(void)
{
	printf("%-20s %-9s %-9s %11s %10s %10s %10s %9s %8s  %s\n", "algorithm", "variant", "n",
	       "median_ms", "min_ms", "max_ms", "Gelem/s", "GB/s", "of_copy", "check");
}

static void text_row(const char *name, const char *variant, size_t n, double med, double lo,
		     double hi, double geps, double gbs, double frac, const char *check)
{
	char sz[32];
	printf("%-20s %-9s %-9s %11.4f %10.4f %10.4f %10.3f %9.2f %8.3f  %s\n", name, variant,
	       algo_size_name(n, sz, sizeof sz), med, lo, hi, geps, gbs, frac, check);
	fflush(stdout);
}

static void json_times(double med, double lo, double hi)
{
	fputs("\"time_ms\":{\"median\":", stdout);
	json_num(stdout, med);
	fputs(",\"min\":", stdout);
	json_num(stdout, lo);
	fputs(",\"max\":", stdout);
	json_num(stdout, hi);
	fputs("}", stdout);
}

/* One result row of algorithm ba's variant g at size n over inputs in. */
static void print_result(printer *pr, const bench_algo *ba, const bench_opts *o,
			 const gpu_result *g, size_t n, uint64_t bytes, unsigned passes)
{
	double gbs = gbps(bytes, g->median_ms);
	/* A pass's time, and how it compares with a copy of the same n (8n
	 * bytes at the copy's rate): 1 is a pass as fast as that copy. */
	double pass_ms = passes ? g->median_ms / passes : 0;
	double copy_n_ms = pr->copy_gbs > 0 ? 8.0 * (double)n / (pr->copy_gbs * 1e6) : 0;
	double pass_frac = pass_ms > 0 ? copy_n_ms / pass_ms : 0;
	double geps = g->median_ms > 0 ? (double)n / (g->median_ms * 1e-3) / 1e9 : 0;
	double frac = pr->copy_gbs > 0 ? gbs / pr->copy_gbs : 0;
	if (!pr->json) {
		text_row(ba->o.alg->name, g->variant, n, g->median_ms, g->min_ms, g->max_ms, geps,
			 gbs, frac, g->verified ? "verified" : "WRONG");
		if (passes)
			printf(
			    "    time / %u passes: %.4f ms a pass; a copy of n: %.4f ms, %.2f of "
			    "a pass's time\n",
			    passes, pass_ms, copy_n_ms, pass_frac);
		if (!g->verified)
			printf("    %s\n", g->why);
		return;
	}
	const algo_params *p = &ba->o.params;
	printf("%s{\"algorithm\":", pr->nrows++ ? "," : "");
	json_str(stdout, ba->o.alg->name);
	printf(",\"variant\":\"%s\",\"n\":%zu,\"op\":\"%s\",\"inclusive\":%s,\"type\":\"%s\","
	       "\"flags\":",
	       g->variant, n, pram_op_name(p->op), p->inclusive ? "true" : "false",
	       p->type == PRAM_INT ? "int" : "float");
	if (o->flags && algo_takes_flags(ba->o.alg))
		json_str(stdout, o->flags);
	else
		fputs(algo_takes_flags(ba->o.alg) ? "\"default\"" : "null", stdout);
	fputs(",\"params\":{", stdout);
	for (size_t k = 0; ba->o.alg->params && ba->o.alg->params[k].name; k++) {
		const algo_param *pa = &ba->o.alg->params[k];
		printf("%s\"%s\":", k ? "," : "", pa->name);
		/* The elements a work-item the kernels ran with, which the
		 * runner picks where the options do not say. */
		if (g->pp_param && strcmp(pa->name, g->pp_param) == 0)
			printf("%u", g->per_proc);
		else if (pa->choices)
			json_str(stdout, pa->choices[p->v[k]]);
		else
			printf("%" PRId64, p->v[k]);
	}
	printf("},\"bytes\":%" PRIu64 ",", bytes);
	json_times(g->median_ms, g->min_ms, g->max_ms);
	fputs(",\"elements_per_s\":", stdout);
	json_num(stdout, geps * 1e9);
	fputs(",\"gb_per_s\":", stdout);
	json_num(stdout, gbs);
	fputs(",\"fraction_of_copy\":", stdout);
	json_num(stdout, frac);
	if (passes) {
		printf(",\"passes\":%u,\"pass_ms\":", passes);
		json_num(stdout, pass_ms);
		fputs(",\"pass_fraction_of_copy\":", stdout);
		json_num(stdout, pass_frac);
	}
	printf(",\"verified\":%s,\"kernel_file\":", g->verified ? "true" : "false");
	json_str(stdout, g->kernel_path);
	if (!g->verified) {
		fputs(",\"mismatch\":", stdout);
		json_str(stdout, g->why);
	}
	fputs("}", stdout);
	fflush(stdout);
}

/* A row that could not run: the error in words. */
static void print_error(printer *pr, const algo *a, const char *variant, size_t n, const char *err)
{
	char sz[32];
	cli_error("bench: %s", err);
	if (!pr->json) {
		printf("%-20s %-9s %-9s  error (above)\n", a->name, variant,
		       algo_size_name(n, sz, sizeof sz));
		return;
	}
	printf("%s{\"algorithm\":", pr->nrows++ ? "," : "");
	json_str(stdout, a->name);
	printf(",\"variant\":\"%s\",\"n\":%zu,\"verified\":false,\"error\":", variant, n);
	json_str(stdout, err);
	fputs("}", stdout);
}

/* ---- the command ---- */

/* The variants of ba to run, as --variant says: every one, the one asked
 * for, or the fastest there is (tuned, else teaching). */
static int wanted(const bench_opts *o, const bench_algo *ba, unsigned v)
{
	if (!gpu_has_variant(ba->g, v))
		return 0;
	if (o->all_variants)
		return 1;
	if (o->one_variant)
		return v == o->variant;
	return v == GPU_TUNED || !gpu_has_variant(ba->g, GPU_TUNED);
}

/* The sizes to run, and which algorithm runs at which. */
typedef struct bench_plan {
	size_t sizes[MAX_SIZES], nsizes;
	unsigned char fits[MAX_SIZES * MAX_ALGOS]; /* [k * nsizes + s]: algorithm k at size s */
	size_t largest;                            /* the largest size that runs */
	size_t nskip;                              /* the default sizes left out, and why */
	const algo *skip_alg[MAX_SIZES];
	size_t skip_n[MAX_SIZES];
	char why[MAX_SIZES][256];
} bench_plan;

/* The algorithms, each with the options applied: those named, else every
 * one with kernels in this build, into algs (room for nalg). Returns 0 or
 * EXIT_USAGE (reported). */
static int apply_options(const bench_opts *o, char **names, size_t nnames, bench_algo *algs,
			 size_t nalg)
{
	for (size_t k = 0; k < nalg; k++) {
		algs[k].o = o->a;
		const char *name = nnames ? names[k] : gpu_algos[k]->algo->name;
		if (cli_algo_finish(&algs[k].o, "bench", name))
			return EXIT_USAGE;
		if (o->flags && !algo_takes_flags(algs[k].o.alg)) {
			cli_error("bench: --flags: %s reads no flags", name);
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* Each algorithm's kernels, and the variant asked for. Returns 0 or
 * EXIT_USAGE (reported). */
static int find_kernels(const bench_opts *o, bench_algo *algs, size_t nalg)
{
	for (size_t k = 0; k < nalg; k++) {
		const algo *a = algs[k].o.alg;
		if (!(algs[k].g = gpu_for(a))) {
			cli_error("bench: %s has no OpenCL kernels yet", a->name);
			return EXIT_USAGE;
		}
		if (o->one_variant && !gpu_has_variant(algs[k].g, o->variant)) {
			cli_error("bench: %s has no %s kernel", a->name,
				  gpu_variant_name(o->variant));
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* The sizes: those given must fit the device, every one of them; of the
 * defaults, those that do not fit are left out, saying so. Returns 0,
 * EXIT_USAGE or EXIT_FAIL (reported). */
static int plan_sizes(const bench_opts *o, clrt *rt, const bench_algo *algs, size_t nalg,
		      bench_plan *pl)
{
	uint64_t global, max_alloc;
	int is_gpu;
	gpu_device_memory(rt, &global, &max_alloc, &is_gpu);
	const char *spec = o->sizes ? o->sizes : is_gpu ? GPU_SIZES : CPU_SIZES;
	char sizes_why[256];
	/* The list's own bound is the parser's; a size the device cannot hold,
	 * or the kernels' 32-bit indices cannot reach, is refused below with
	 * the reason. */
	if (cli_parse_sizes_to(spec, CLI_MAX_SIZE, pl->sizes, MAX_SIZES, &pl->nsizes, sizes_why,
			       sizeof sizes_why)) {
		cli_error("bench: --sizes '%s': %s", spec, sizes_why);
		return EXIT_USAGE;
	}
	if (nalg > MAX_ALGOS) {
		cli_error("bench: more than %d algorithms", MAX_ALGOS);
		return EXIT_USAGE;
	}
	pl->largest = pl->nskip = 0;
	for (size_t k = 0; k < nalg; k++)
		for (size_t s = 0; s < pl->nsizes; s++) {
			char w[256];
			size_t n = pl->sizes[s];
			int bad = does_not_fit(algs[k].g, n, global, max_alloc, w, sizeof w);
			pl->fits[k * pl->nsizes + s] = !bad;
			if (bad && o->sizes) {
				cli_error("bench: --sizes: %s", w);
				return EXIT_USAGE;
			}
			if (bad && pl->nskip < MAX_SIZES) {
				cli_error("bench: left out: %s", w);
				snprintf(pl->why[pl->nskip], sizeof pl->why[pl->nskip], "%s", w);
				pl->skip_alg[pl->nskip] = algs[k].o.alg;
				pl->skip_n[pl->nskip++] = n;
			}
			if (!bad && n > pl->largest)
				pl->largest = n;
		}
	if (!pl->largest) {
		cli_error("bench: no size fits the device");
		return EXIT_FAIL;
	}
	return 0;
}

/* What comes before the rows: the device, the sizes, the copy's row and
 * the sizes left out (JSON), or the head of the table and the copy's row. */
static void print_head(const bench_opts *o, clrt *rt, const bench_plan *pl, const printer *pr,
		       double cmed, double clo, double chi, int copy_ok)
{
	uint64_t cbytes = 8 * (uint64_t)pl->largest;
	if (!o->a.json) {
		printf("pram bench on %s (%s), %" PRIu64 " timed runs after a warm-up, times from "
		       "OpenCL events (kernels only",
		       clrt_device_name(rt), clrt_platform_name(rt), o->reps);
		if (o->batch > 1)
			printf("; runs back to back, %" PRIu64 " at a time: each the batch's span "
			       "over %" PRIu64,
			       o->batch, o->batch);
		printf(")\nGB/s: the bytes each algorithm must read and write; of_copy: that over "
		       "the copy's GB/s\n\n");
		text_head();
		text_row("copy (uint4)", "-", pl->largest, cmed, clo, chi,
			 cmed > 0 ? (double)pl->largest / (cmed * 1e-3) / 1e9 : 0, pr->copy_gbs,
			 pr->copy_gbs > 0 ? 1 : 0, copy_ok ? "verified" : "WRONG");
		return;
	}
	fputs("{\"device\":", stdout);
	json_str(stdout, clrt_device_name(rt));
	fputs(",\"platform\":", stdout);
	json_str(stdout, clrt_platform_name(rt));
	printf(",\"ptx\":%s", clrt_ptx(rt) ? "true" : "false");
	printf(",\"reps\":%" PRIu64 ",\"batch\":%" PRIu64 ",\"seed\":%" PRIu64 ",\"sizes\":[",
	       o->reps, o->batch, o->a.seed);
	for (size_t s = 0; s < pl->nsizes; s++)
		printf("%s%zu", s ? "," : "", pl->sizes[s]);
	printf("],\"copy\":{\"n\":%zu,\"bytes\":%" PRIu64 ",", pl->largest, cbytes);
	json_times(cmed, clo, chi);
	fputs(",\"gb_per_s\":", stdout);
	json_num(stdout, pr->copy_gbs);
	printf(",\"verified\":%s},\"skipped\":[", copy_ok ? "true" : "false");
	for (size_t k = 0; k < pl->nskip; k++) {
		printf("%s{\"algorithm\":", k ? "," : "");
		json_str(stdout, pl->skip_alg[k]->name);
		printf(",\"n\":%zu,\"reason\":", pl->skip_n[k]);
		json_str(stdout, pl->why[k]);
		fputs("}", stdout);
	}
	fputs("],\"results\":[", stdout);
}

/* Algorithm ba at size n: its input, then each variant wanted, validated,
 * timed and printed. Returns 1 when every one ran and was right. */
static int run_size(const bench_opts *o, clrt *rt, printer *pr, bench_algo *ba, size_t n)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	char err[8192];
	int all_ok = 1;
	ba->o.n = n;
	if (cli_algo_input(&ba->o, in))
		return 0;
	if (o->flags && in[0].flags)
		set_flags(o, &in[0]);
	for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
		if (!wanted(o, ba, v))
			continue;
		gpu_result g;
		if (gpuval_run(rt, ba->o.alg, &ba->o.params, in, v, (unsigned)o->reps, &g, err,
			       sizeof err)) {
			print_error(pr, ba->o.alg, gpu_variant_name(v), n, err);
			all_ok = 0;
			continue;
		}
		uint64_t b = algo_bytes(ba->o.alg, in, g.out, &ba->o.params);
		unsigned np = ba->o.alg->passes ? ba->o.alg->passes(in, &ba->o.params) : 0;
		print_result(pr, ba, o, &g, n, b, np);
		all_ok &= g.verified;
		gpuval_free(&g);
	}
	algo_data_free_all(in, ALGO_MAX_PORTS);
	return all_ok;
}

/* The copy first, over the largest size that runs, so that each row can be
 * printed with its fraction as soon as it is measured; then every
 * algorithm at every size it fits. Returns EXIT_OK when every result was
 * right. */
static int measure(const bench_opts *o, clrt *rt, const bench_plan *pl, bench_algo *algs,
		   size_t nalg, double *copy_ms)
{
	char err[8192];
	int copy_ok = 0, all_ok = 1;
	double cmed, clo, chi;
	if (gpu_copy_bandwidth(rt, pl->largest, (unsigned)o->reps, copy_ms, &copy_ok, err,
			       sizeof err)) {
		cli_error("bench: %s", err);
		return EXIT_FAIL;
	}
	stats(copy_ms, o->reps, &cmed, &clo, &chi);
	printer pr = {.json = o->a.json, .copy_gbs = gbps(8 * (uint64_t)pl->largest, cmed)};
	all_ok &= copy_ok;
	print_head(o, rt, pl, &pr, cmed, clo, chi, copy_ok);
	for (size_t k = 0; k < nalg; k++)
		for (size_t s = 0; s < pl->nsizes; s++)
			if (pl->fits[k * pl->nsizes + s])
				all_ok &= run_size(o, rt, &pr, &algs[k], pl->sizes[s]);
	if (o->a.json)
		printf("],\"verified\":%s}\n", all_ok ? "true" : "false");
	if (!all_ok)
		cli_error("bench: a result was wrong or a run failed (see above)");
	return all_ok ? EXIT_OK : EXIT_FAIL;
}

static int bench_exec(int argc, char **argv)
{
	bench_opts o;
	memset(&o, 0, sizeof o);
	o.a.seed = 1;
	o.reps = 20;
	o.batch = 1;
	char **names = NULL;
	size_t nnames = 0;
	int rc = parse(&o, argc, argv, &names, &nnames);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	size_t nalg = nnames;
	if (!nnames)
		for (const gpu_algo *const *g = gpu_algos; *g; g++)
			nalg++;
	bench_algo *algs = calloc(nalg ? nalg : 1, sizeof *algs);
	double *copy_ms = calloc(o.reps, sizeof *copy_ms);
	bench_plan pl;
	clrt *rt = NULL;
	char err[8192];
	if (!algs || !copy_ms) {
		cli_error("bench: out of memory");
		rc = EXIT_FAIL;
		goto fail;
	}
	if ((rc = apply_options(&o, names, nnames, algs, nalg)))
		goto fail;
	/* The device before the kernels: a pram built without OpenCL has none
	 * and says so here. */
	rc = EXIT_FAIL;
	if (!(rt = clrt_open(o.device, err, sizeof err))) {
		cli_error("bench: %s", err);
		goto fail;
	}
	if (!nalg) {
		cli_error("bench: no algorithm has kernels in this build");
		goto fail;
	}
	clrt_set_batch(rt, (unsigned)o.batch);
	if ((rc = find_kernels(&o, algs, nalg)) || (rc = plan_sizes(&o, rt, algs, nalg, &pl)))
		goto fail;
	rc = measure(&o, rt, &pl, algs, nalg, copy_ms);
fail:
	clrt_close(rt);
	free(copy_ms);
	free(algs);
	return rc;
}

const cmd_entry cmd_bench_entry = {
    .name = "bench",
    .args = "[ALGO ...] [--sizes SIZES] [--device SPEC] [--reps R] [--batch B]\n"
	    "       [--variant teaching|tuned|all] [--flags every:K|random:K]\n"
	    "       [--op sum|max|min] [--inclusive|--exclusive] [--float] [--seed S] [--json]",
    .summary = "time algorithms' fastest kernels at large sizes against the device's copy",
    .help = "For each algorithm (default: every one with kernels) and size: its fastest\n"
	    "kernel (tuned where it has one, else teaching), a warm-up, then R timed runs;\n"
	    "the median, min and max kernel time from OpenCL events, elements per second\n"
	    "and the effective bandwidth: the bytes the algorithm must read and write (its\n"
	    "registry entry's count; by default 4 bytes an element of every input and\n"
	    "output, and n/8 for packed segment flags) over the median time. A plain copy\n"
	    "kernel (uint4) over the largest size is timed first, in the same run; every\n"
	    "bandwidth is also given as a fraction of the copy's. Every output is checked\n"
	    "against the sequential reference; a wrong one makes the exit status 1.\n"
	    "options:\n"
	    "  --sizes SIZES    sizes and ranges, such as 2^20,2^24 or 2^10..2^28:2\n"
	    "                   (default " GPU_SIZES " on a GPU, " CPU_SIZES " elsewhere);\n"
	    "                   a size the device's memory cannot hold is refused (of the\n"
	    "                   defaults, left out, saying so)\n"
	    "  --device SPEC    as pram gpu (default: $PRAM_DEVICE, else the first CPU\n"
	    "                   device)\n"
	    "  --reps R         timed runs after one warm-up (default 20)\n"
	    "  --batch B        time the runs B at a time, enqueued back to back behind a\n"
	    "                   kernel that holds the queue until all B are in, each run\n"
	    "                   the batch's span (that kernel's end to a mark after the\n"
	    "                   runs) over B, the runs' kernels taking no events: what a\n"
	    "                   run costs the device in a stream of runs, the gaps\n"
	    "                   between launches included, as bench/vendor.cu times the\n"
	    "                   vendor's calls (default 1: each run alone, the sum of its\n"
	    "                   kernels' times)\n"
	    "  --variant V      teaching, tuned, or all (default: the fastest there is)\n"
	    "  --flags F        the segment (or keep) flags of the algorithms that read\n"
	    "                   them: every:K, a segment of K elements from element 0;\n"
	    "                   random:K, element 0 and each other with probability 1/K\n"
	    "                   (default: the generator's, random:8)\n"
	    "  --op, --inclusive, --exclusive, --float, --per-proc ...\n"
	    "                   applied to every algorithm named; one that does not take\n"
	    "                   an option refuses it\n"
	    "  --seed S         the seed of the generated inputs (default 1)\n"
	    "  --json           one JSON object (see man pram)\n",
    .opts = bench_options,
    .algo = 1,
    .operands = CLI_ANY,
    .exec = bench_exec,
};
