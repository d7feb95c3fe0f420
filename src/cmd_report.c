/*
 * cmd_report.c - `pram report`: does an algorithm, on this hardware, grow the
 * way the theory says? For every algorithm of the registry (or those named)
 * and every size of a sweep it times the OpenCL kernels and counts W(n),
 * D(n) and D_serial(n) on the simulator (the registry's closed forms past
 * the simulated sizes, checked against the simulator where both exist),
 * fits Brent's bound to the times, and writes figures, CSV, a JSON summary
 * and an index page (the library of plots/, report.h, does the judging and
 * the writing).
 *
 * Nothing here names an algorithm: a new registry entry appears in the
 * report with no change to this file.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "gpuval.h"
#include "report.h"
#include "simrun.h"

#ifdef HAVE_OPENCL
#include "clrt.h"
#include "gpu.h"
#endif

/* Options of this command only (the shared codes are in cli.h). */
enum {
	OPT_SIM_MAX = 2000
};

#define DEFAULT_SIZES   "2^10..2^20:2"
#define DEFAULT_SIM_MAX ((size_t)1 << 18)
#define MAX_SIZE        ((size_t)1 << 28)
/* The f analysis runs at the largest swept size up to this. */
#define PERPROC_MAX     ((size_t)1 << 20)

static const unsigned f_values[REP_NF] = {1, 2, 4, 8, 16, 32};
#ifdef HAVE_OPENCL
static const char *const variants[] = {"teaching", "tuned"};
#endif

typedef struct report_opts {
	const char **names; /* the algorithms asked for; none = all */
	size_t nnames;
	const char *sizes;
	const char *device;
	uint64_t reps, seed;
	size_t sim_max;
	const char *out;
	int preview, quiet, no_draw;
} report_opts;

/* ---- sizes ---- */

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* An exponent "2^K" into *k. */
static int parse_pow2(const char *s, size_t len, unsigned *k)
{
	char buf[32];
	uint64_t v;
	if (len < 3 || len >= sizeof buf || strncmp(s, "2^", 2))
		return -1;
	memcpy(buf, s + 2, len - 2);
	buf[len - 2] = '\0';
	if (cli_parse_u64(buf, &v) || v > 40)
		return -1;
	*k = (unsigned)v;
	return 0;
}

/* Parse --sizes: "2^A..2^B" or "2^A..2^B:S" (every S-th exponent), or a
 * comma list of sizes ("1000,2^12,5000"). Returns 0 with a sorted list
 * without repeats in *out (caller frees), or -1 with the reason in why. */
static int parse_sizes(const char *s, size_t **out, size_t *count, char *why, size_t whylen)
{
	size_t *v = NULL, n = 0;
	const char *dots = strstr(s, "..");
	if (dots) {
		unsigned a, b;
		uint64_t step = 1;
		const char *colon = strchr(dots, ':');
		size_t blen = colon ? (size_t)(colon - dots - 2) : strlen(dots + 2);
		if (parse_pow2(s, (size_t)(dots - s), &a) || parse_pow2(dots + 2, blen, &b)) {
			snprintf(why, whylen, "a range is 2^A..2^B or 2^A..2^B:STEP, such as %s",
				 DEFAULT_SIZES);
			return -1;
		}
		if (colon && (cli_parse_u64(colon + 1, &step) || step < 1 || step > 40)) {
			snprintf(why, whylen,
				 "the step after ':' is a whole number of doublings "
				 "from 1 to 40");
			return -1;
		}
		if (a > b) {
			snprintf(why, whylen, "the range runs from the smaller size to the larger");
			return -1;
		}
		v = malloc(((b - a) / step + 1) * sizeof *v);
		if (!v)
			goto nomem;
		for (unsigned k = a; k <= b; k += (unsigned)step)
			v[n++] = (size_t)1 << k;
	} else {
		size_t cap = 1;
		for (const char *c = s; *c; c++)
			cap += *c == ',';
		v = malloc(cap * sizeof *v);
		if (!v)
			goto nomem;
		const char *p = s;
		for (;;) {
			const char *end = strchr(p, ',');
			size_t len = end ? (size_t)(end - p) : strlen(p);
			char buf[64];
			if (len == 0 || len >= sizeof buf) {
				snprintf(why, whylen,
					 "give sizes such as 1000,2^12 or a range such "
					 "as %s",
					 DEFAULT_SIZES);
				free(v);
				return -1;
			}
			memcpy(buf, p, len);
			buf[len] = '\0';
			if (cli_parse_size(buf, &v[n])) {
				snprintf(why, whylen, "'%s' is not a size (give 1000 or 2^10)",
					 buf);
				free(v);
				return -1;
			}
			n++;
			if (!end)
				break;
			p = end + 1;
		}
	}
	qsort(v, n, sizeof *v, cmp_size);
	size_t u = 0;
	for (size_t k = 0; k < n; k++)
		if (u == 0 || v[k] != v[u - 1])
			v[u++] = v[k];
	if (u == 0 || v[0] < 1 || v[u - 1] > MAX_SIZE || u > FIT_MAX_POINTS) {
		snprintf(why, whylen, "sizes run from 1 to 2^28, at most %d of them",
			 FIT_MAX_POINTS);
		free(v);
		return -1;
	}
	*out = v;
	*count = u;
	return 0;
nomem:
	snprintf(why, whylen, "out of memory");
	return -1;
}

/* ---- progress on a terminal ---- */

typedef struct progress {
	int on;             /* standard error is a terminal */
	double start;       /* seconds */
	double total, done; /* estimated units of work (elements touched) */
} progress;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Work units of one simulation and of one kernel variant at size n: the
 * simulator is some ten times slower per element than a timed kernel run. */
static double sim_units(size_t n)
{
	return 10.0 * (double)n + 1000;
}

static double gpu_units(size_t n, unsigned reps)
{
	return (double)(reps + 1) * (double)n + 1000;
}

static void progress_show(progress *pg, const char *name, const char *what, size_t n)
{
	if (!pg->on)
		return;
	double el = now_s() - pg->start, frac = pg->total > 0 ? pg->done / pg->total : 0;
	char left[64] = "";
	if (frac > 0.02 && el > 1) {
		double rest = el / frac - el;
		if (rest >= 60)
			snprintf(left, sizeof left, ", about %d min %02d s left", (int)(rest / 60),
				 (int)rest % 60);
		else
			snprintf(left, sizeof left, ", about %d s left", (int)rest + 1);
	}
	unsigned k = 0;
	while (((size_t)1 << k) < n)
		k++;
	fprintf(stderr, "\r\033[K[%3d%%] %s: %s, n = ", (int)(100 * frac), name, what);
	if (((size_t)1 << k) == n)
		fprintf(stderr, "2^%u", k);
	else
		fprintf(stderr, "%zu", n);
	fprintf(stderr, "%s", left);
	fflush(stderr);
}

static void progress_end(progress *pg)
{
	if (pg->on) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* ---- the sweep ---- */

/* Record the Brent times of the machine after a run at size n. */
static void record_speedup(rep_algo *ra, const pram *m, size_t n)
{
	pram_totals t = pram_get_totals(m);
	ra->sp_n = n;
	ra->sp_w = t.work;
	ra->sp_d = t.depth;
	ra->sp_np = 0;
	for (uint64_t p = 1; ra->sp_np < REP_MAX_P; p *= 2) {
		ra->sp_p[ra->sp_np] = p;
		ra->sp_tp[ra->sp_np++] = pram_brent_time(m, p);
		if (p >= 2 * (uint64_t)n)
			break;
	}
}

/* Simulate ra at size index k on input in. Returns 0, or -1 when out of
 * memory. */
static int simulate(report *r, rep_algo *ra, size_t k, const algo_data *in, int speedup)
{
	rep_cost *c = &ra->cost[k];
	pram_config cfg = {.model = ra->a->model, .seed = r->seed};
	simrun sr;
	if (simrun_exec(ra->a, &ra->params, in, &cfg, NULL, NULL, &sr))
		return -1;
	pram_totals t = pram_get_totals(sr.m);
	if (!sr.verified || pram_failed(sr.m) || t.violations) {
		ra->sim_failed = 1;
		r->any_wrong = 1;
		if (!ra->sim_note[0])
			snprintf(ra->sim_note, sizeof ra->sim_note,
				 "The simulation at n = %zu failed: %s", r->sizes[k],
				 sr.why[0] ? sr.why : pram_errmsg(sr.m));
		simrun_free(&sr);
		return 0;
	}
	c->source = COST_SIM;
	c->w = t.work;
	c->d = t.depth;
	c->ds = t.depth_serial;
	c->verified = 1;
	if (c->closed) {
		ra->cf_checked++;
		if (c->cw != c->w || c->cd != c->d) {
			ra->cf_differ++;
			if (!ra->sim_note[0])
				snprintf(ra->sim_note, sizeof ra->sim_note,
					 "At n = %zu the simulator counts W = %" PRIu64
					 ", D = %" PRIu64 " but the closed form gives W = %" PRIu64
					 ", D = %" PRIu64 ".",
					 r->sizes[k], c->w, c->d, c->cw, c->cd);
		}
	}
	if (speedup)
		record_speedup(ra, sr.m, r->sizes[k]);
	simrun_free(&sr);
	return 0;
}

/* W and D at size n with parameters p: the closed form, else a simulation.
 * Returns 0 or -1 (no closed form and the simulation failed). */
static int cost_at(const report *r, const algo *a, const algo_params *p, size_t n, uint64_t *w,
		   uint64_t *d)
{
	if (a->cost && a->cost(n, p, w, d) == 0)
		return 0;
	algo_data in;
	if (algo_generate(a, &in, n, p, r->seed))
		return -1;
	pram_config cfg = {.model = a->model, .seed = r->seed};
	simrun sr;
	int rc = -1;
	if (simrun_exec(a, p, &in, &cfg, NULL, NULL, &sr) == 0) {
		if (sr.verified) {
			*w = pram_get_totals(sr.m).work;
			*d = pram_get_totals(sr.m).depth;
			rc = 0;
		}
		simrun_free(&sr);
	}
	algo_data_free(&in);
	return rc;
}

#ifdef HAVE_OPENCL
/* Time variant s of ra at size index k (or, with f > 0, f elements per
 * work-item at ra->f_n into slot fi). */
static void measure(report *r, clrt *rt, rep_algo *ra, rep_series *s, const algo_params *p,
		    const algo_data *in, size_t k, int fi)
{
	gpu_result g;
	char err[2048];
	if (gpuval_run(rt, ra->a, p, in, s->variant, r->reps, &g, err, sizeof err)) {
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "n = %zu%s: %.400s", in->n,
				 fi >= 0 ? " (per-work-item sweep)" : "", err);
		return;
	}
	if (!g.verified) {
		s->all_verified = 0;
		r->any_wrong = 1;
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "wrong result at n = %zu: %s", in->n,
				 g.why);
	}
	if (fi >= 0) {
		s->f_med[fi] = g.median_ms;
		s->f_lo[fi] = g.min_ms;
		s->f_hi[fi] = g.max_ms;
	} else {
		s->med[k] = g.median_ms;
		s->lo[k] = g.min_ms;
		s->hi[k] = g.max_ms;
		s->measured++;
	}
	gpuval_free(&g);
}
#endif

/* The size index of the speedup figure: the largest simulated size. */
static size_t speedup_index(const report *r)
{
	size_t best = r->nsizes;
	for (size_t k = 0; k < r->nsizes; k++)
		if (r->sizes[k] <= r->sim_max)
			best = k;
	return best;
}

static int sweep_algo(report *r, rep_algo *ra, void *rt, progress *pg)
{
	const algo *a = ra->a;
	size_t spk = speedup_index(r);
	for (size_t k = 0; k < r->nsizes; k++) {
		size_t n = r->sizes[k];
		rep_cost *c = &ra->cost[k];
		c->closed = a->cost && a->cost(n, &ra->params, &c->cw, &c->cd) == 0;
		int sim = n <= r->sim_max || !c->closed;
		algo_data in;
		memset(&in, 0, sizeof in);
		if ((sim || ra->nvar) && algo_generate(a, &in, n, &ra->params, r->seed)) {
			cli_error("report: out of memory for %zu input elements", n);
			return -1;
		}
		if (sim) {
			progress_show(pg, a->name, "simulator", n);
			if (simulate(r, ra, k, &in, k == spk)) {
				algo_data_free(&in);
				cli_error("report: out of memory simulating %s at n = %zu", a->name,
					  n);
				return -1;
			}
			pg->done += sim_units(n);
		} else {
			c->source = COST_CLOSED;
			c->w = c->cw;
			c->d = c->cd;
		}
		for (size_t v = 0; v < ra->nvar; v++) {
			progress_show(pg, a->name, ra->var[v].variant, n);
#ifdef HAVE_OPENCL
			measure(r, rt, ra, &ra->var[v], &ra->params, &in, k, -1);
#else
			(void)rt;
#endif
			pg->done += gpu_units(n, r->reps);
		}
		algo_data_free(&in);
	}
	if (!(a->caps & ALGO_PER_PROC))
		return 0;
	/* Brent's analysis of f elements per work-item, at one size. */
	ra->f_n = r->sizes[0];
	for (size_t k = 0; k < r->nsizes; k++)
		if (r->sizes[k] <= PERPROC_MAX)
			ra->f_n = r->sizes[k];
	for (int fi = 0; fi < REP_NF; fi++) {
		algo_params p = ra->params;
		p.per_proc = f_values[fi];
		ra->f_val[fi] = f_values[fi];
		progress_show(pg, a->name, "f per work-item", ra->f_n);
		ra->f_cost_ok[fi] = cost_at(r, a, &p, ra->f_n, &ra->f_w[fi], &ra->f_d[fi]) == 0;
		if (!ra->nvar)
			continue;
		algo_data in;
		if (algo_generate(a, &in, ra->f_n, &p, r->seed)) {
			cli_error("report: out of memory for %zu input elements", ra->f_n);
			return -1;
		}
		for (size_t v = 0; v < ra->nvar; v++) {
#ifdef HAVE_OPENCL
			measure(r, rt, ra, &ra->var[v], &p, &in, 0, fi);
#endif
			pg->done += gpu_units(ra->f_n, r->reps);
		}
		algo_data_free(&in);
	}
	return 0;
}

/* ---- setting up ---- */

static int make_dirs(const char *path)
{
	char buf[4096];
	if (strlen(path) >= sizeof buf) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(buf, path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, 0777) && errno != EEXIST)
		return -1;
	struct stat st;
	if (stat(buf, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

/* The command line as a shell would take it back. */
static void quote_command(char *out, size_t len, int argc, char **argv)
{
	size_t k = (size_t)snprintf(out, len, "pram");
	for (int i = 0; i < argc && k < len; i++) {
		const char *a = argv[i];
		int plain = *a != '\0';
		for (const char *c = a; *c; c++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    "_-./:=^,+@%",
				    *c))
				plain = 0;
		k += (size_t)snprintf(out + k, len - k, " %s", plain ? "" : "'");
		for (const char *c = a; *c && k + 5 < len; c++) {
			if (*c == '\'' && !plain)
				k += (size_t)snprintf(out + k, len - k, "'\\''");
			else
				out[k++] = *c;
		}
		if (k < len)
			k += (size_t)snprintf(out + k, len - k, "%s", plain ? "" : "'");
	}
}

static int parse(report_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
	    {"sizes", required_argument, 0, OPT_SIZES},
	    {"device", required_argument, 0, OPT_DEVICE},
	    {"reps", required_argument, 0, OPT_REPS},
	    {"out", required_argument, 0, OPT_OUT},
	    {"seed", required_argument, 0, OPT_SEED},
	    {"sim-max", required_argument, 0, OPT_SIM_MAX},
	    {"preview", no_argument, 0, OPT_PREVIEW},
	    {"no-draw", no_argument, 0, OPT_NO_DRAW},
	    {"quiet", no_argument, 0, OPT_QUIET},
	    {"help", no_argument, 0, OPT_HELP},
	    {0, 0, 0, 0},
	};
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_HELP:
			cli_usage(&cmd_report_entry, stdout);
			return -1;
		case OPT_SIZES:
			o->sizes = optarg;
			break;
		case OPT_DEVICE:
			o->device = optarg;
			break;
		case OPT_REPS:
			if (cli_parse_u64(optarg, &o->reps) || o->reps < 1 || o->reps > 1000) {
				cli_error("report: --reps '%s': give a whole number from 1 to 1000",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_OUT:
			if (!*optarg) {
				cli_error("report: --out '': give a folder");
				return EXIT_USAGE;
			}
			o->out = optarg;
			break;
		case OPT_SEED:
			if (cli_parse_u64(optarg, &o->seed)) {
				cli_error("report: --seed '%s': give a non-negative integer",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_SIM_MAX:
			if (cli_parse_size(optarg, &o->sim_max) || o->sim_max > MAX_SIZE) {
				cli_error("report: --sim-max '%s': give a size such as 2^18 (at "
					  "most 2^28)",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_PREVIEW:
			o->preview = 1;
			break;
		case OPT_QUIET:
			o->quiet = 1;
			break;
		case OPT_NO_DRAW:
			o->no_draw = 1;
			break;
		default:
			cli_error("report: unknown option '%s' (pram report --help)",
				  argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	o->names = (const char **)(argv + optind);
	o->nnames = (size_t)(argc - optind);
	for (size_t k = 0; k < o->nnames; k++)
		if (!algo_find(o->names[k])) {
			cli_error("report: unknown algorithm '%s'", o->names[k]);
			fputs("the algorithms are:", stderr);
			for (size_t j = 0; algo_registry[j]; j++)
				fprintf(stderr, " %s", algo_registry[j]->name);
			fputs(" (pram list)\n", stderr);
			return EXIT_USAGE;
		}
	return 0;
}

static int wanted(const report_opts *o, const algo *a)
{
	if (o->nnames == 0)
		return 1;
	for (size_t k = 0; k < o->nnames; k++)
		if (strcmp(o->names[k], a->name) == 0)
			return 1;
	return 0;
}

static void free_report(report *r)
{
	for (size_t k = 0; k < r->nalgos; k++) {
		free(r->algos[k].cost);
		for (size_t v = 0; v < r->algos[k].nvar; v++)
			free(r->algos[k].var[v].med);
	}
	free(r->algos);
	free(r->figs);
	free(r->sizes);
}

/* Make the algorithms' records: which variants each has on the device. */
static int setup_algos(report *r, const report_opts *o, int have_rt)
{
	size_t count = 0;
	for (size_t k = 0; algo_registry[k]; k++)
		count++;
	r->algos = calloc(count ? count : 1, sizeof *r->algos);
	if (!r->algos)
		return -1;
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		if (!wanted(o, a))
			continue;
		rep_algo *ra = &r->algos[r->nalgos++];
		ra->a = a;
		ra->params = algo_default_params(a);
		ra->cost = calloc(r->nsizes, sizeof *ra->cost);
		if (!ra->cost)
			return -1;
		if (!a->kernel) {
			snprintf(ra->gpu_note, sizeof ra->gpu_note,
				 "not measured: %s has no OpenCL kernels yet", a->name);
			continue;
		}
		if (!have_rt) {
			snprintf(ra->gpu_note, sizeof ra->gpu_note, "not measured: %.480s",
				 r->device_error);
			continue;
		}
#ifdef HAVE_OPENCL
		for (size_t v = 0; v < sizeof variants / sizeof *variants; v++) {
			if (!gpu_has(a->kernel, variants[v]))
				continue;
			rep_series *s = &ra->var[ra->nvar++];
			s->variant = variants[v];
			s->all_verified = 1;
			s->med = malloc(4 * r->nsizes * sizeof *s->med);
			if (!s->med)
				return -1;
			s->lo = s->med + r->nsizes;
			s->hi = s->lo + r->nsizes;
			s->fitv = s->hi + r->nsizes;
			for (size_t i = 0; i < 4 * r->nsizes; i++)
				s->med[i] = NAN;
			for (int f = 0; f < REP_NF; f++)
				s->f_med[f] = s->f_lo[f] = s->f_hi[f] = NAN;
		}
		if (!ra->nvar)
			snprintf(ra->gpu_note, sizeof ra->gpu_note,
				 "not measured: the kernels '%s' are not built", a->kernel);
#endif
	}
	return 0;
}

static void print_summary(const report *r)
{
	if (r->have_device)
		printf("pram report on %s (%s), p = %lu lanes\n", r->device, r->platform, r->lanes);
	else
		printf("pram report without a device (%s)\n", r->device_error);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		for (size_t v = 0; v < ra->nvar; v++)
			printf("  %-20s %-9s %s\n", ra->a->name, ra->var[v].variant,
			       ra->var[v].verdict);
		if (ra->gpu_note[0])
			printf("  %-20s %-9s %s\n", ra->a->name, "", ra->gpu_note);
		if (ra->sim_note[0])
			printf("  %-20s %-9s %s\n", ra->a->name, "", ra->sim_note);
	}
	if (r->no_draw && r->gnuplot_ok) {
		printf("%zu figures written, not drawn: sh %s/draw.sh draws them where gnuplot is; "
		       "the index page is %s/index.html\n",
		       r->nfigs, r->outdir, r->outdir);
		return;
	}
	size_t drawn = 0;
	for (size_t k = 0; k < r->nfigs; k++)
		drawn += r->figs[k].drawn != 0;
	printf("%zu of %zu figures drawn; the index page is %s/index.html (also index.md, "
	       "summary.json)\n",
	       drawn, r->nfigs, r->outdir);
}

static int report_exec(int argc, char **argv)
{
	report_opts o;
	memset(&o, 0, sizeof o);
	o.sizes = DEFAULT_SIZES;
	o.reps = 5;
	o.seed = 1;
	o.sim_max = DEFAULT_SIM_MAX;
	o.out = "report";
	report r;
	memset(&r, 0, sizeof r);
	/* Before getopt, which reorders argv. */
	quote_command(r.command, sizeof r.command, argc, argv);
	int rc = parse(&o, argc, argv);
	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	char why[512];
	if (parse_sizes(o.sizes, &r.sizes, &r.nsizes, why, sizeof why)) {
		cli_error("report: --sizes '%s': %s", o.sizes, why);
		return EXIT_USAGE;
	}
	r.outdir = o.out;
	r.reps = (unsigned)o.reps;
	r.seed = o.seed;
	r.sim_max = o.sim_max;
	r.no_draw = o.no_draw;
	time_t t0 = time(NULL);
	strftime(r.date, sizeof r.date, "%Y-%m-%d %H:%M %Z", localtime(&t0));
	if (make_dirs(r.outdir)) {
		cli_error("report: cannot create the folder '%s': %s", r.outdir, strerror(errno));
		free(r.sizes);
		return EXIT_FAIL;
	}
	void *rt = NULL;
	char err[8192];
#ifdef HAVE_OPENCL
	clrt *crt = clrt_open(o.device, err, sizeof err);
	if (crt) {
		rt = crt;
		r.have_device = 1;
		snprintf(r.device, sizeof r.device, "%s", clrt_device_name(crt));
		snprintf(r.platform, sizeof r.platform, "%s", clrt_platform_name(crt));
		r.compute_units = clrt_compute_units(crt);
		r.lanes = gpu_lanes(crt);
		if (r.lanes == 0)
			r.lanes = 1;
	} else {
		snprintf(r.device_error, sizeof r.device_error, "no OpenCL device: %.900s", err);
	}
#else
	if (o.device)
		cli_error("report: --device is ignored: this pram was built without OpenCL");
	snprintf(r.device_error, sizeof r.device_error, "this pram was built without OpenCL");
#endif
	if (!r.have_device)
		cli_error("report: %s; the report has the simulator's figures only",
			  r.device_error);
	int status = EXIT_OK;
	if (setup_algos(&r, &o, r.have_device)) {
		cli_error("report: out of memory");
		status = EXIT_FAIL;
		goto done;
	}
	progress pg = {.on = !o.quiet && isatty(2), .start = now_s()};
	for (size_t k = 0; k < r.nalgos; k++) {
		const rep_algo *ra = &r.algos[k];
		for (size_t i = 0; i < r.nsizes; i++) {
			if (r.sizes[i] <= r.sim_max || !ra->a->cost)
				pg.total += sim_units(r.sizes[i]);
			pg.total += (double)ra->nvar * gpu_units(r.sizes[i], r.reps);
		}
		if (ra->a->caps & ALGO_PER_PROC)
			pg.total += REP_NF * (double)ra->nvar * gpu_units(PERPROC_MAX, r.reps);
	}
	for (size_t k = 0; k < r.nalgos; k++)
		if (sweep_algo(&r, &r.algos[k], rt, &pg)) {
			progress_end(&pg);
			status = EXIT_FAIL;
			goto done;
		}
	progress_end(&pg);
	report_judge(&r);
	if (report_figures(&r, err, sizeof err)) {
		cli_error("report: %s", err);
		status = EXIT_FAIL;
		goto done;
	}
	if (o.preview && !o.no_draw && report_preview(&r, err, sizeof err))
		cli_error("report: --preview: %s", err);
	if (report_pages(&r, err, sizeof err)) {
		cli_error("report: %s", err);
		status = EXIT_FAIL;
		goto done;
	}
	print_summary(&r);
	if (!r.gnuplot_ok) {
		cli_error("report: not every figure was drawn: %s", r.gnuplot_error);
		status = EXIT_FAIL;
	}
	if (r.any_wrong) {
		cli_error(
		    "report: a kernel or a simulation gave a wrong result (see %s/index.html)",
		    r.outdir);
		status = EXIT_FAIL;
	}
done:
#ifdef HAVE_OPENCL
	if (rt)
		clrt_close(rt);
#endif
	free_report(&r);
	return status;
}

const cmd_entry cmd_report_entry = {
    .name = "report",
    .args = "[ALGO ...] [--sizes SIZES] [--device SPEC] [--reps R] [--out DIR]\n"
	    "       [--sim-max N] [--seed S] [--preview | --no-draw] [--quiet]",
    .summary = "measure, simulate, fit Brent's bound and plot: does it grow as predicted?",
    .help = "For each algorithm (all by default) and size: the kernels' times on the\n"
	    "device (a warm-up, then R timed runs: median, min, max) and W(n), D(n),\n"
	    "D_serial(n) from the simulator (the registry's closed forms past --sim-max,\n"
	    "checked against the simulator below it). Fits t(n) = a*W/p + b*D + c,\n"
	    "a, b, c >= 0, with p the device's lanes, and gives a verdict per kernel.\n"
	    "options:\n"
	    "  --sizes SIZES    2^A..2^B (every power of two), 2^A..2^B:S (every S-th\n"
	    "                   exponent), or a comma list such as 1000,2^12,5000\n"
	    "                   (default " DEFAULT_SIZES ")\n"
	    "  --device SPEC    as pram gpu (default: $PRAM_DEVICE, else the first CPU\n"
	    "                   device)\n"
	    "  --reps R         timed runs per size after one warm-up (default 5)\n"
	    "  --out DIR        the report's folder (default report)\n"
	    "  --sim-max N      the largest simulated size (default 2^18)\n"
	    "  --seed S         seed of the inputs (default 1)\n"
	    "  --preview        draw the main figure in the terminal as well\n"
	    "  --no-draw        run no gnuplot: write the figures' data and scripts and\n"
	    "                   DIR/draw.sh, which draws them where gnuplot is (a GPU\n"
	    "                   machine without it: measure there, draw here)\n"
	    "  --quiet          no progress line (it shows only on a terminal anyway)\n"
	    "DIR gets index.html and index.md (every figure with its verdict), summary.json,\n"
	    "and per figure NAME.png, NAME.svg, NAME.csv (its data) and NAME.gp (its\n"
	    "gnuplot script: gnuplot -e \"fmt='svg'\" NAME.gp redraws it).\n"
	    "exit status: 0 the report is complete, 1 a wrong result or a figure not\n"
	    "drawn (the rest is still written), 2 a usage error\n",
    .exec = report_exec,
};
