/*
 * cmd_report.c - `pram report`: its options, made into a report
 * configuration, and what it prints. The report itself is the library of
 * plots/ (report.h): the sweep, the verdicts, the figures and the pages.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gpu.h"
#include "profile.h"
#include "report.h"

#define DEFAULT_SIZES     "2^10..2^20:2"
#define DEFAULT_SIM_MAX   ((size_t)1 << 18)
#define DEFAULT_REPS      5
/* Seconds per size and kernel for more rounds of runs, and the precision
 * wanted of a size's time (percent), as the help gives them. */
#define DEFAULT_BUDGET    "0.5"
#define DEFAULT_PRECISION "5"

typedef struct report_opts {
	const char **names; /* the algorithms asked for; none = all */
	size_t nnames;
	const char *sizes;
	const char *device;
	uint64_t reps, seed;
	double budget_s, precision; /* precision: a percentage as given, 5 for +-5% */
	uint64_t sim_max;
	const char *out;
	int preview, quiet, no_draw;
	int profile; /* --profile: the memory figure's bytes from an Oclgrind profile */
	const char *profile_from; /* --profile-from FILE: from profiles saved before */
} report_opts;

/* What the report's callbacks share (report_config.arg). */
typedef struct report_ctx {
	cli_progress pg;
	const char *from; /* --profile-from's file, or NULL */
	prof_book saved;  /* the profiles it holds */
	prof_book used;   /* the profiles the memory figures took: DIR/profiles.json */
	int lost;         /* the memory figure of an algorithm misses a profile */
} report_ctx;

/* ---- sizes ---- */

/* Parse --sizes (cli_parse_sizes) into a list of at most FIT_MAX_POINTS
 * sizes up to REPORT_MAX_SIZE. Returns 0 with the list in *out (caller
 * frees), or -1 with the reason in why. */
static int parse_sizes(const char *s, size_t **out, size_t *count, char *why, size_t whylen)
{
	size_t *v = malloc(FIT_MAX_POINTS * sizeof *v);
	if (!v) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	if (cli_parse_sizes(s, v, FIT_MAX_POINTS, count, why, whylen)) {
		free(v);
		return -1;
	}
	if (*count == 0 || v[*count - 1] > REPORT_MAX_SIZE) {
		snprintf(why, whylen, "sizes run from 1 to 2^28, at most %d of them",
			 FIT_MAX_POINTS);
		free(v);
		return -1;
	}
	*out = v;
	return 0;
}

/* ---- progress on a terminal ---- */

/* The sweep's progress (report_config.progress): one line on standard
 * error, rewritten at each step, with the time left once it can be told. */
static void progress_show(void *arg, const report_progress *p)
{
	cli_progress *pg = &((report_ctx *)arg)->pg;
	double el = cli_now() - pg->start, frac = p->total > 0 ? p->done / p->total : 0;
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
	while (((size_t)1 << k) < p->n)
		k++;
	char n[32];
	if (((size_t)1 << k) == p->n)
		snprintf(n, sizeof n, "2^%u", k);
	else
		snprintf(n, sizeof n, "%zu", p->n);
	cli_progress_show(pg, "[%3d%%] %s: %s, n = %s%s", (int)(100 * frac), p->algo, p->what, n,
			  left);
}

/* What the report goes on without (report_config.notice). */
static void notice(void *arg, const char *msg)
{
	cli_error("report: %s", msg);
}

/* Bytes moved per element by one variant of a's kernels, from pram gpu
 * --profile at PROF_DEFAULT_N (report_config.profile). The parameters a
 * report sets (a series' value) are passed on by name. The profile is kept
 * in the context's used book, for DIR/profiles.json. */
static int profile_bpe(void *arg, const algo *a, const algo_params *p, int variant, double *bpe,
		       size_t *n, char *why, size_t whylen)
{
	report_ctx *ctx = arg;
	char nbuf[32], vbuf[32], key[256];
	const char *args[4 + ALGO_MAX_PARAMS * 2];
	char pbuf[ALGO_MAX_PARAMS][96];
	size_t na = 0;
	args[na++] = a->name;
	snprintf(nbuf, sizeof nbuf, "--n=%zu", PROF_DEFAULT_N);
	args[na++] = nbuf;
	snprintf(vbuf, sizeof vbuf, "--variant=%s", gpu_variant_name((enum gpu_variant)variant));
	args[na++] = vbuf;
	for (size_t k = 0; a->params && k < ALGO_MAX_PARAMS && a->params[k].name; k++) {
		const algo_param *ap = &a->params[k];
		if (p->v[k] == ap->def)
			continue;
		if (ap->choices)
			snprintf(pbuf[k], sizeof pbuf[k], "--%s=%s", ap->name,
				 ap->choices[p->v[k]]);
		else
			snprintf(pbuf[k], sizeof pbuf[k], "--%s=%lld", ap->name,
				 (long long)p->v[k]);
		args[na++] = pbuf[k];
	}
	prof pr;
	if (prof_run(args, na, &pr, why, whylen) != 0)
		return -1;
	*bpe = prof_bytes_per_element(&pr);
	*n = pr.n;
	prof_params_key(a, p, key, sizeof key);
	if (prof_book_add(&ctx->used, a->name, key, gpu_variant_name((enum gpu_variant)variant),
			  &pr))
		cli_error("report: out of memory for the profiles to save");
	prof_free(&pr);
	return 0;
}

/* The same from the file of --profile-from (report_config.profile): the
 * profile of a's variant with parameters p, or, where the file has none,
 * -1 with why, which the memory figure's key shows, and a note now. */
static int profile_saved(void *arg, const algo *a, const algo_params *p, int variant, double *bpe,
			 size_t *n, char *why, size_t whylen)
{
	report_ctx *ctx = arg;
	char key[256];
	const char *v = gpu_variant_name((enum gpu_variant)variant);
	prof_params_key(a, p, key, sizeof key);
	const prof_entry *e = prof_book_find(&ctx->saved, a->name, key, v);
	if (!e) {
		snprintf(why, whylen, "%s has no profile of %s%s%s (%s)", ctx->from, a->name,
			 key[0] ? " " : "", key, v);
		cli_error("report: --profile-from %s; its memory figure takes the unavoidable "
			  "bytes, as without a profile (pram gpu %s --profile --json profiles "
			  "it)",
			  why, a->name);
		ctx->lost = 1;
		return -1;
	}
	*bpe = prof_bytes_per_element(&e->p);
	*n = e->p.n;
	if (prof_book_add(&ctx->used, e->algo, e->params, e->variant, &e->p))
		cli_error("report: out of memory for the profiles to save");
	return 0;
}

/* ---- options ---- */

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

static const cli_opt report_options[] = {
    {"sizes", .arg = "SIZES", .kind = CLI_STR, .off = offsetof(report_opts, sizes),
     .help = "the sizes: 2^A..2^B, 2^A..2^B:S or a comma list"},
    {"device", .arg = "SPEC", .kind = CLI_STR, .off = offsetof(report_opts, device),
     .help = "the device, as pram gpu takes it"},
    {"reps", .arg = "R", .kind = CLI_UINT, .off = offsetof(report_opts, reps), .min = 1,
     .max = 1000, .bad = "give a whole number from 1 to 1000",
     .help = "timed runs a round, at least"},
    {"out", .arg = "DIR", .kind = CLI_STR, .off = offsetof(report_opts, out), .flags = CLI_NONEMPTY,
     .bad = "give a folder", .help = "the report's folder"},
    {"seed", .arg = "S", .kind = CLI_UINT, .off = offsetof(report_opts, seed),
     .bad = "give a non-negative integer", .help = "the seed of the inputs"},
    {"sim-max", .arg = "N", .kind = CLI_UINT, .off = offsetof(report_opts, sim_max),
     .max = REPORT_MAX_SIZE, .bad = "give a size such as 2^18 (at most 2^28)",
     .help = "the largest simulated size"},
    {"budget", .arg = "S", .kind = CLI_REAL, .off = offsetof(report_opts, budget_s), .lo = 0,
     .hi = 3600, .bad = "give seconds from 0 to 3600, such as 0.5 (0: exactly --reps runs)",
     .help = "seconds per size and kernel for more rounds"},
    {"precision", .arg = "P", .kind = CLI_REAL, .off = offsetof(report_opts, precision),
     .flags = CLI_PERCENT, .lo = 0.1, .hi = 100,
     .bad = "give a percentage from 0.1 to 100, such as 5 (the time within +-5%)",
     .help = "run until the time is known within +-P%"},
    {"preview", .kind = CLI_FLAG, .off = offsetof(report_opts, preview),
     .help = "draw the main figure in the terminal as well"},
    {"no-draw", .kind = CLI_FLAG, .off = offsetof(report_opts, no_draw),
     .help = "run no gnuplot: write the figures' data, scripts and draw.sh"},
    {"quiet", .kind = CLI_FLAG, .off = offsetof(report_opts, quiet), .help = "no progress line"},
    {"profile", .kind = CLI_FLAG, .off = offsetof(report_opts, profile),
     .help = "the memory figure's bytes moved from an Oclgrind profile of each kernel"},
    {"profile-from", .arg = "FILE", .kind = CLI_STR, .off = offsetof(report_opts, profile_from),
     .flags = CLI_NONEMPTY, .bad = "give a file of profiles (a report's profiles.json)",
     .help = "the memory figure's bytes moved from profiles saved before"},
    {"help", .kind = CLI_HELP, .help = "print this help"},
    {0}};

/* Parse the options into o, the algorithms' names the operands. Returns 0,
 * CLI_HELP_GIVEN, or EXIT_USAGE (already reported). */
static int parse(report_opts *o, int argc, char **argv)
{
	int nops, rc = cli_parse(&cmd_report_entry, argc, argv, o, &nops);
	if (rc)
		return rc;
	o->names = (const char **)(argv + 1);
	o->nnames = (size_t)nops;
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

/* ---- printing ---- */

/* The most characters of a kernel's line in the summary: its verdict in
 * one line; the reasons are on the index page and in summary.json. */
#define LINE_MAX_CHARS 100

/* "  LABEL (WHAT): TEXT" on one line, cut to LINE_MAX_CHARS with "..."
 * where TEXT is longer (a note such as why nothing was measured). */
static void print_line(const char *label, const char *what, const char *text)
{
	char line[LINE_MAX_CHARS + 1];
	int len = snprintf(line, sizeof line, "  %s%s%s%s: %s", label, what[0] ? " (" : "", what,
			   what[0] ? ")" : "", text);
	if (len > LINE_MAX_CHARS)
		memcpy(line + LINE_MAX_CHARS - 3, "...", 4);
	puts(line);
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
			print_line(ra->label, ra->var[v].variant, ra->var[v].line);
		if (ra->gpu_note[0])
			print_line(ra->label, "", ra->gpu_note);
		if (ra->sim_note[0])
			print_line(ra->label, "", ra->sim_note);
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
	o.reps = DEFAULT_REPS;
	o.budget_s = strtod(DEFAULT_BUDGET, NULL);
	o.precision = strtod(DEFAULT_PRECISION, NULL);
	o.seed = 1;
	o.sim_max = DEFAULT_SIM_MAX;
	o.out = "report";
	/* Before cli_parse, which moves the operands to the front of argv. */
	char command[4096];
	quote_command(command, sizeof command, argc, argv);
	int rc = parse(&o, argc, argv);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	size_t *sizes, nsizes;
	char err[8192];
	if (parse_sizes(o.sizes, &sizes, &nsizes, err, sizeof err)) {
		cli_error("report: --sizes '%s': %s", o.sizes, err);
		return EXIT_USAGE;
	}
	if (o.profile && o.profile_from) {
		cli_error("report: give --profile or --profile-from, not both");
		free(sizes);
		return EXIT_USAGE;
	}
	report_ctx ctx = {.from = o.profile_from};
	if (o.profile_from && prof_book_read(&ctx.saved, o.profile_from, err, sizeof err)) {
		cli_error("report: --profile-from: %s", err);
		prof_book_free(&ctx.saved);
		free(sizes);
		return EXIT_USAGE;
	}
	cli_progress_init(&ctx.pg, !o.quiet);
	report_config cfg = {
	    .names = o.names,
	    .nnames = o.nnames,
	    .sizes = sizes,
	    .nsizes = nsizes,
	    .device = o.device,
	    .reps = (unsigned)o.reps,
	    .budget_s = o.budget_s,
	    .precision = o.precision / 100,
	    .seed = o.seed,
	    .sim_max = (size_t)o.sim_max,
	    .outdir = o.out,
	    .command = command,
	    .no_draw = o.no_draw,
	    .progress = ctx.pg.on ? progress_show : NULL,
	    .notice = notice,
	    .profile = o.profile        ? profile_bpe
		       : o.profile_from ? profile_saved
					: NULL,
	    .arg = &ctx,
	};
	report *r = NULL;
	int status = EXIT_FAIL;
	if (report_new(&cfg, &r, err, sizeof err))
		goto fail;
	rc = report_sweep(r, &cfg, err, sizeof err);
	cli_progress_end(&ctx.pg);
	if (rc)
		goto fail;
	if (ctx.used.n) {
		char path[4096], why[1024];
		snprintf(path, sizeof path, "%s/profiles.json", o.out);
		if (prof_book_write(&ctx.used, path, why, sizeof why))
			cli_error("report: the profiles are not saved: %s", why);
	}
	report_judge(r);
	if (report_figures(r, err, sizeof err))
		goto fail;
	if (o.preview && !o.no_draw && report_preview(r, err, sizeof err))
		cli_error("report: --preview: %s", err);
	if (report_pages(r, err, sizeof err))
		goto fail;
	print_summary(r);
	status = EXIT_OK;
	if (!r->gnuplot_ok) {
		cli_error("report: not every figure was drawn: %s", r->gnuplot_error);
		status = EXIT_FAIL;
	}
	if (r->any_failed) {
		cli_error("report: a kernel failed to run at some size (see %s/index.html)",
			  r->outdir);
		status = EXIT_FAIL;
	}
	if (r->any_wrong) {
		cli_error(
		    "report: a kernel or a simulation gave a wrong result (see %s/index.html)",
		    r->outdir);
		status = EXIT_FAIL;
	}
	goto done;
fail:
	cli_error("report: %s", err);
done:
	report_free(r);
	prof_book_free(&ctx.saved);
	prof_book_free(&ctx.used);
	free(sizes);
	return status;
}

const cmd_entry cmd_report_entry = {
    .name = "report",
    .args = "[ALGO ...] [--sizes SIZES] [--device SPEC] [--reps R] [--budget S]\n"
	    "       [--precision P] [--out DIR] [--sim-max N] [--seed S]\n"
	    "       [--profile | --profile-from FILE] [--preview | --no-draw] [--quiet]",
    .summary = "measure, simulate, fit Brent's bound and plot: does it grow as predicted?",
    .help = "For each algorithm (all by default) and size: the kernels' times on the\n"
	    "device and W(n), D(n), D_serial(n) from the simulator (the registry's\n"
	    "closed forms past --sim-max, checked against the simulator below it).\n"
	    "A kernel's time at a size is the lower quartile of its runs: a busy machine\n"
	    "only slows runs down, and the fastest quarter is the kernel's own time.\n"
	    "Runs come in rounds of a warm-up and R timed runs, in passes that take a\n"
	    "round of every kernel at every size of an algorithm, so that load meets all\n"
	    "its sizes alike: at least 3 passes over at least a second, then more while\n"
	    "a verdict rests on the noise and a size's time is not known within +-P%\n"
	    "(the 95% confidence interval of its lower quartile), until S seconds per\n"
	    "size and kernel are spent.\n"
	    "Fits t(n) = a*W/p + b*D + c, a, b, c >= 0, with p the device's lanes, to\n"
	    "these times and gives a verdict per kernel: grows as predicted (some such\n"
	    "fit within 25% of every size, and R^2 >= 0.90), departs (even with the\n"
	    "times moved within their intervals, at least +-2%; naming the criterion,\n"
	    "the size and by how much), or too noisy to judge, where a time known more\n"
	    "loosely than +-10% leaves it open. Each verdict is printed in one line,\n"
	    "the outcome and the number that decided it; the pages give the reasons.\n"
	    "An algorithm whose help says 'pram report draws' a parameter's values (the\n"
	    "radix sort's --bits-per-pass 1, 2, 4, 8) is reported at each of them, and\n"
	    "ALGO-by-PARAM.png draws its kernels' times against them beside W/p + D.\n"
	    "options:\n"
	    "  --sizes SIZES    2^A..2^B (every power of two), 2^A..2^B:S (every S-th\n"
	    "                   exponent), or a comma list such as 1000,2^12,5000\n"
	    "                   (default " DEFAULT_SIZES ")\n"
	    "  --device SPEC    as pram gpu (default: $PRAM_DEVICE, else the first CPU\n"
	    "                   device)\n"
	    "  --reps R         timed runs a round, at least (default 5)\n"
	    "  --budget S       seconds per size and kernel for more rounds\n"
	    "                   (default " DEFAULT_BUDGET "); 0: one round, exactly R runs,\n"
	    "                   which can show no departure (one burst of load may\n"
	    "                   have met them all)\n"
	    "  --precision P    run until the time is known within +-P%\n"
	    "                   (default " DEFAULT_PRECISION ")\n"
	    "  --out DIR        the report's folder (default report)\n"
	    "  --sim-max N      the largest simulated size (default 2^18); past a work\n"
	    "                   of 2^27, where a closed form gives it, that stands in\n"
	    "  --seed S         seed of the inputs (default 1)\n"
	    "  --preview        draw the main figure in the terminal as well\n"
	    "  --profile        the memory figure's bytes moved per element from a profile\n"
	    "                   of each kernel under Oclgrind (pram gpu --profile, at n =\n"
	    "                   2^14; seconds to minutes an algorithm); without it they are\n"
	    "                   the unavoidable bytes, and only launches tell kernels apart;\n"
	    "                   DIR/profiles.json keeps the profiles\n"
	    "  --profile-from FILE  the same bytes from profiles saved before, where\n"
	    "                   Oclgrind is not (a GPU machine): a report's profiles.json,\n"
	    "                   or what pram gpu ALGO --profile --json prints (an object,\n"
	    "                   or an array of them); an algorithm or variant the file\n"
	    "                   lacks takes the unavoidable bytes, with a note\n"
	    "  --no-draw        run no gnuplot: write the figures' data and scripts and\n"
	    "                   DIR/draw.sh, which draws them where gnuplot is (a GPU\n"
	    "                   machine without it: measure there, draw here)\n"
	    "  --quiet          no progress line (it shows only on a terminal anyway)\n"
	    "DIR gets index.html and index.md (every figure with its verdict), summary.json,\n"
	    "profiles.json (with --profile or --profile-from: the profiles drawn),\n"
	    "and per figure NAME.png, NAME.svg, NAME.csv (its data) and NAME.gp (its\n"
	    "gnuplot script: gnuplot -e \"fmt='svg'\" NAME.gp redraws it).\n"
	    "exit status: 0 the report is complete, 1 a wrong result or a figure not\n"
	    "drawn (the rest is still written), 2 a usage error\n",
    .opts = report_options,
    .operands = CLI_ANY,
    .exec = report_exec,
};
