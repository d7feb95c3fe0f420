/*
 * cmd_run.c - `pram run`: an algorithm on the simulator, checked against the
 * sequential reference, with its cost table (text, JSON or CSV).
 */
#include <errno.h>
#include <time.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pgm.h"
#include "html.h"
#include "program.h"
#include "simrun.h"

/* Traces print at most this many cells of an array. */
#define TRACE_CELLS     64
/* An output printed to a terminal shows at most this many values, then
 * how many more there are: a million values scroll a screen away for
 * minutes. Elsewhere (a pipe, a file) and in --json every value comes. */
#define TERMINAL_VALUES 64

typedef struct run_opts {
	cli_algo_opts a;
	pram_config cfg;
	int model_given;
	uint64_t procs;
	int trace;
	int combine_given;
	int force;          /* run even when the estimate says it will not fit or is long */
	const char *output; /* --output FILE.pgm: the first image output, or NULL */
	const char *html;   /* --html FILE: the page of the run */
	const char *program; /* --program FILE: a student's program of the exercise named */
	algo_guard guard;   /* the estimate, for a size a file's header declares */
} run_opts;
_Static_assert(offsetof(run_opts, a) == 0,
	       "an algorithm command's options open with its cli_algo_opts");

/* What a simulation costs, for the estimate before a run: bytes of memory
 * per input element (30 measured at the peak for Hillis-Steele at n =
 * 2^24: 22 in the machine's array, its value, its value at the step's
 * start, a 4-byte tag and a 2-byte record, and 8 in the input vector; the
 * output and the reference come when the machine has given back what it
 * can; programs with more arrays take more) and the processor-steps a
 * second the simulator does at the least (about 130 million measured on a
 * 2-core machine with every check on). */
#define RUN_BYTES_PER_ELEMENT 40.0
#define RUN_STEPS_PER_SECOND  30e6
/* A run expected to take longer than this asks for --force. */
#define RUN_LONG_SECONDS      60.0

static double physical_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (double)pages * (double)size : 0;
}

/* Whether a run on inputs of elements values and work w (0: not known)
 * fits the limits --force lifts: 80% of the memory, a minute. Returns 0
 * (its time in *seconds), or -1 with "would need about ...; give --force
 * to run it anyway", the estimate and the limits passed, in why. */
static int over_limits(uint64_t elements, uint64_t w, double *seconds, char *why, size_t len)
{
	double mem = RUN_BYTES_PER_ELEMENT * (double)elements, phys = physical_memory();
	*seconds = (double)w / RUN_STEPS_PER_SECOND;
	int too_big = phys > 0 && mem > 0.8 * phys, too_long = *seconds > RUN_LONG_SECONDS;
	if (!too_big && !too_long)
		return 0;
	char big[96] = "", long_[96] = "";
	if (too_big)
		snprintf(big, sizeof big, " (more than 80%% of this machine's %.1f GiB)",
			 phys / (1 << 30));
	if (too_long)
		snprintf(long_, sizeof long_, "more than the %.0f s a run may take; ",
			 RUN_LONG_SECONDS);
	snprintf(why, len,
		 "would need about %.1f GiB of memory%s and take about %.0f s (%sW = %.3g "
		 "processor-steps); give --force to run it anyway",
		 mem / (1 << 30), big, *seconds, long_, (double)w);
	return -1;
}

/* Refuse a run that will not fit in memory or will take more than a
 * minute, with the estimate, unless --force: elements, the input's values,
 * and W come from n (a generated input, its first port's length) or from
 * the inputs in when read. Returns 0 or EXIT_USAGE (reported). */
static int check_estimate(const run_opts *o, size_t n, const algo_data *in, double *seconds)
{
	const algo *a = o->a.alg;
	uint64_t w = 0, d = 0, elements = n;
	if (in) {
		elements = 0;
		for (size_t k = 0; k < algo_nin(a); k++)
			elements += in[k].n;
		if (algo_cost_of(a, in, &o->a.params, &w, &d))
			w = 0;
	} else if (!a->cost || a->cost(n, &o->a.params, &w, &d)) {
		w = 0;
	}
	char why[512], size[32];
	if (!over_limits(elements, w, seconds, why, sizeof why) || o->force)
		return 0;
	cli_error("run: %s at n = %s %s", a->name, algo_size_name(n, size, sizeof size), why);
	return EXIT_USAGE;
}

/* The guard a file's reader calls with the size its header declares
 * (algo_guard): the estimate of check_estimate, before anything is read. */
static int guard_check(const algo_guard *g, uint64_t elements, uint64_t work, char *why, size_t len)
{
	const run_opts *o = g->ud;
	double seconds;
	char estimate[512];
	if (o->force || !over_limits(elements, work, &seconds, estimate, sizeof estimate))
		return 0;
	snprintf(why, len, "%s %s", o->a.alg->name, estimate);
	return -1;
}

/* Step hook for long runs on a terminal: the step and the work so far,
 * twice a second. */
static void progress_step(pram *m, size_t step, void *ud)
{
	cli_progress *pg = ud;
	if (cli_progress_due(pg, 0.5))
		cli_progress_show(pg, "pram: step %zu, W so far %" PRIu64 " ...", step + 1,
				  pram_get_totals(m).work);
}

/* The base integers are printed in (--base): 10, or 2 as the notes write
 * split's keys. The trace hook reads it. */
static unsigned print_base = 10;

/* Digits of v in base b (1 for 0). */
static int digits_of(uint64_t v, unsigned b)
{
	int k = 1;
	while (v >= b) {
		v /= b;
		k++;
	}
	return k;
}

/* v in print_base, zero-padded to width digits in base 2 and 8, 16. */
static const char *format_int(int64_t v, int width, char *buf, size_t len)
{
	if (print_base == 10) {
		snprintf(buf, len, "%" PRId64, v);
		return buf;
	}
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char tmp[72];
	int n = 0;
	do {
		tmp[n++] = "0123456789abcdef"[u % print_base];
		u /= print_base;
	} while (u);
	while (n < width && n < 64)
		tmp[n++] = '0';
	size_t o = 0;
	if (v < 0 && o + 1 < len)
		buf[o++] = '-';
	while (n > 0 && o + 1 < len)
		buf[o++] = tmp[--n];
	buf[o] = 0;
	return buf;
}

/* The width a vector's integers are padded to in print_base. */
static int width_of(const pram_value *v, size_t n)
{
	uint64_t most = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t u = v[i].i < 0 ? -(uint64_t)v[i].i : (uint64_t)v[i].i;
		if (u > most)
			most = u;
	}
	return print_base == 10 ? 0 : digits_of(most, print_base);
}

static void print_cell(FILE *f, const pram_array *a, size_t i, int width)
{
	char buf[80];
	if (!pram_array_written(a, i))
		fprintf(f, " %5s", ".");
	else if (pram_array_type(a) == PRAM_INT)
		fprintf(f, " %5s", format_int(pram_array_get_i(a, i), width, buf, sizeof buf));
	else
		fprintf(f, " %5.3g", pram_array_get_f(a, i));
}

/* Step hook: the arrays after the step, like the tables of the notes. */
static void trace_step(pram *m, size_t step, void *ud)
{
	FILE *f = ud;
	const pram_step_stats *s = pram_step_at(m, step);
	fprintf(f, "after step %zu (line %d, %s): work %" PRIu64 "\n", step + 1, s->line, s->label,
		s->work);
	int namew = 6; /* the names' column: the longest name, so the cells line up */
	for (size_t k = 0; k < pram_array_count(m); k++) {
		size_t l = strlen(pram_array_name(pram_array_at(m, k)));
		if (l > (size_t)namew && l < 64)
			namew = (int)l;
	}
	for (size_t k = 0; k < pram_array_count(m); k++) {
		const pram_array *a = pram_array_at(m, k);
		size_t len = pram_array_len(a);
		fprintf(f, "  %-*s", namew, pram_array_name(a));
		int width = 0;
		for (size_t i = 0; print_base != 10 && i < len && i < TRACE_CELLS; i++)
			if (pram_array_written(a, i) && pram_array_type(a) == PRAM_INT) {
				uint64_t v = (uint64_t)llabs(pram_array_get_i(a, i));
				if (digits_of(v, print_base) > width)
					width = digits_of(v, print_base);
			}
		for (size_t i = 0; i < len && i < TRACE_CELLS; i++)
			print_cell(f, a, i, width);
		if (len > TRACE_CELLS)
			fprintf(f, " ... (%zu more)", len - TRACE_CELLS);
		fputc('\n', f);
	}
}

static void print_violations_text(const pram *m, FILE *f)
{
	char line[512];
	for (size_t k = 0; k < pram_violation_count(m); k++) {
		pram_violation_format(pram_violation_at(m, k), line, sizeof line);
		fprintf(f, "  %s\n", line);
	}
	uint64_t all = pram_get_totals(m).violations;
	if (all > pram_violation_count(m))
		fprintf(f, "  ... and %" PRIu64 " more\n", all - pram_violation_count(m));
}

static void print_text(const run_opts *o, const algo_data *in, const simrun *r)
{
	const pram *m = r->m;
	pram_totals t = pram_get_totals(m);
	const algo_params *p = &o->a.params;
	printf("%s on %s, n = %zu", o->a.alg->name, pram_model_name(o->cfg.model), in->n);
	if (o->a.alg->caps & ALGO_OP)
		printf(", op %s", algo_op_name(p));
	if (o->a.alg->caps & ALGO_INCLUSIVE)
		printf(", %s", p->inclusive ? "inclusive" : "exclusive");
	printf(", %s data, seed %" PRIu64, p->type == PRAM_INT ? "integer" : "float", o->a.seed);
	/* What the input file set, where the options left it out. */
	if (o->a.from_input[0])
		printf("; %s", o->a.from_input);
	printf("\n\n");
	printf("%5s %6s %10s %10s %10s %8s %6s %6s %5s  %s\n", "step", "line", "work", "reads",
	       "writes", "atomics", "cont.", "acc.", "time", "what");
	size_t ns = pram_step_count(m);
	for (size_t k = 0; k < ns; k++) {
		const pram_step_stats *s = pram_step_at(m, k);
		if (ns > 40 && k == 20) {
			printf("  ... %zu steps ...\n", ns - 40);
			k = ns - 20;
			s = pram_step_at(m, k);
		}
		printf("%5zu %6d %10" PRIu64 " %10" PRIu64 " %10" PRIu64 " %8" PRIu64 " %6" PRIu64
		       " %6" PRIu64 " %5" PRIu64 "  %s\n",
		       k + 1, s->line, s->work, s->reads, s->writes, s->atomics, s->contention,
		       s->accesses, s->time, s->label);
		if (s->time > 1)
			printf("%13s processor %" PRIu64 " made %" PRIu64
			       " shared accesses, K = %u a step: charged %" PRIu64 "\n",
			       "", s->heavy_pid, s->accesses, s->k, s->time);
	}
	printf("\nwork W = %" PRIu64 ", depth D = %" PRIu64 ", D_serial = %" PRIu64 "\n", t.work,
	       t.depth, t.depth_serial);
	printf("reads %" PRIu64 ", writes %" PRIu64 ", atomics %" PRIu64 ", contention %" PRIu64
	       "\n",
	       t.reads, t.writes, t.atomics, t.contention);
	printf("predicted W = %s, D = %s", o->a.alg->work_o, o->a.alg->depth_o);
	if (r->cost_known && t.violations == 0 && !pram_failed(m))
		printf("; closed form W = %" PRIu64 ", D = %" PRIu64 " (%s)", r->cost_w, r->cost_d,
		       r->cost_w == t.work && r->cost_d == t.depth ? "matches" : "DIFFERS");
	printf("\n");
	uint64_t tp = pram_brent_time(m, o->procs), bound = pram_brent_bound(m, o->procs);
	printf("Brent, p = %" PRIu64 ": T_p = %" PRIu64 " <= ceil(W/p) + D = %" PRIu64 " (%s)\n",
	       o->procs, tp, bound, tp <= bound ? "holds" : "BROKEN");
	if (t.violations) {
		printf("\n%" PRIu64 " violation%s:\n", t.violations, t.violations == 1 ? "" : "s");
		print_violations_text(m, stdout);
	}
	if (r->verified && o->a.alg->check)
		printf("\nverified: the output is one of the correct ones (%s has more than one)\n",
		       o->a.alg->name);
	else if (r->verified)
		printf("\nverified: the output equals the sequential reference\n");
	else
		printf("\nNOT verified: %s\n", r->why);
	if (pram_failed(m)) {
		/* The machine stopped mid-program: its cells are no result. */
		printf("output: none (the run stopped at step %zu; --trace shows the arrays "
		       "until then)\n",
		       pram_step_count(m));
		return;
	}
	const algo_port *pt = algo_outputs(o->a.alg);
	int terminal = isatty(STDOUT_FILENO);
	for (size_t k = 0; k < r->nout; k++) {
		const algo_data *d = &r->out[k];
		size_t shown = terminal && d->n > TERMINAL_VALUES ? TERMINAL_VALUES : d->n;
		if (r->nout > 1)
			printf("output %s:", pt[k].name);
		else
			printf("output:");
		int width = d->type == PRAM_INT ? width_of(d->vals, d->n) : 0;
		for (size_t i = 0; i < shown; i++) {
			char buf[80];
			if (d->type == PRAM_INT)
				printf(" %s", format_int(d->vals[i].i, width, buf, sizeof buf));
			else
				printf(" %g", d->vals[i].f);
		}
		if (shown < d->n)
			printf(" ... %zu more value%s; --json, a pipe or a file gets all %zu",
			       d->n - shown, d->n - shown == 1 ? "" : "s", d->n);
		printf("\n");
	}
}

/* The JSON's params: the algorithm's own parameters, as the run took them
 * (given, defaulted or set from the input file). */
static void json_params(FILE *f, const algo *a, const algo_params *p)
{
	fputs(",\"params\":{", f);
	for (size_t k = 0; a->params && a->params[k].name; k++) {
		fputs(k ? "," : "", f);
		json_str(f, a->params[k].name);
		fputc(':', f);
		if (a->params[k].choices)
			json_str(f, a->params[k].choices[p->v[k]]);
		else
			fprintf(f, "%" PRId64, p->v[k]);
	}
	fputc('}', f);
}

/* The JSON's violations: each with its place, processors and rule. */
static void json_violations(FILE *f, const pram *m)
{
	char line[512];
	fprintf(f, ",\"violation_count\":%" PRIu64 ",\"violations\":[",
		pram_get_totals(m).violations);
	for (size_t k = 0; k < pram_violation_count(m); k++) {
		const pram_violation *v = pram_violation_at(m, k);
		pram_violation_format(v, line, sizeof line);
		fprintf(f, "%s{\"status\":\"%s\",\"step\":%" PRIu64 ",\"line\":%d,\"label\":",
			k ? "," : "", pram_status_name(v->status), v->step, v->line);
		json_str(f, v->label);
		fputs(",\"array\":", f);
		json_str(f, v->array);
		fprintf(f, ",\"index\":%" PRId64 ",\"procs\":[", v->index);
		for (int q = 0; q < v->nprocs; q++)
			fprintf(f, "%s%" PRIu64, q ? "," : "", v->procs[q]);
		fputs("],\"rule\":", f);
		json_str(f, v->rule);
		fputs(",\"message\":", f);
		json_str(f, line);
		fputs("}", f);
	}
	fputs("]", f);
}

/* The JSON's first output, and every output by name when there are more. */
static void json_outputs(FILE *f, const run_opts *o, const simrun *r)
{
	fputs(",\"output\":", f);
	json_values(f, &r->out[0]);
	if (r->nout <= 1)
		return;
	const algo_port *pt = algo_outputs(o->a.alg);
	fputs(",\"outputs\":{", f);
	for (size_t k = 0; k < r->nout; k++) {
		fputs(k ? "," : "", f);
		json_str(f, pt[k].name);
		fputc(':', f);
		json_values(f, &r->out[k]);
	}
	fputc('}', f);
}

/* The JSON's steps, with --trace each one's accesses as far as they were
 * recorded. */
static void json_steps(FILE *f, const run_opts *o, const pram *m)
{
	fputs(",\"steps\":[", f);
	size_t acc = 0;
	for (size_t k = 0; k < pram_step_count(m); k++) {
		const pram_step_stats *s = pram_step_at(m, k);
		fprintf(f, "%s\n{\"step\":%zu,\"line\":%d,\"label\":", k ? "," : "", k + 1,
			s->line);
		json_str(f, s->label);
		fprintf(f,
			",\"work\":%" PRIu64 ",\"reads\":%" PRIu64 ",\"writes\":%" PRIu64
			",\"atomics\":%" PRIu64 ",\"contention\":%" PRIu64
			",\"max_atomic\":%" PRIu64 ",\"max_accesses\":%" PRIu64 ",\"k\":%u"
			",\"time\":%" PRIu64,
			s->work, s->reads, s->writes, s->atomics, s->contention, s->max_atomic,
			s->accesses, s->k, s->time);
		if (o->trace && k < pram_record_steps(m)) {
			fputs(",\"accesses\":[", f);
			for (int any = 0;
			     acc < pram_record_count(m) && pram_record_at(m, acc)->step == k;
			     acc++, any = 1) {
				fputs(any ? ",\n" : "\n", f);
				json_access(f, m, pram_record_at(m, acc));
			}
			fputs("]", f);
		}
		fputs("}", f);
	}
	fputs("]", f);
	if (o->trace)
		fprintf(f, ",\"accesses_recorded_steps\":%zu,\"accesses_truncated\":%s",
			pram_record_steps(m), pram_record_truncated(m) ? "true" : "false");
}

static void print_json(const run_opts *o, const algo_data *in, const simrun *r)
{
	const pram *m = r->m;
	pram_totals t = pram_get_totals(m);
	const algo_params *p = &o->a.params;
	FILE *f = stdout;
	fputs("{\"algorithm\":", f);
	json_str(f, o->a.alg->name);
	fprintf(f, ",\"n\":%zu,\"model\":", in->n);
	json_str(f, pram_model_name(o->cfg.model));
	fprintf(f, ",\"seed\":%" PRIu64 ",\"op\":", o->a.seed);
	json_str(f, algo_op_name(p));
	fprintf(f, ",\"inclusive\":%s,\"type\":\"%s\"", p->inclusive ? "true" : "false",
		p->type == PRAM_INT ? "int" : "float");
	json_params(f, o->a.alg, p);
	fputs(",\"from_input\":", f);
	json_str(f, o->a.from_input);
	fprintf(f,
		",\"work\":%" PRIu64 ",\"depth\":%" PRIu64 ",\"depth_serial\":%" PRIu64
		",\"reads\":%" PRIu64 ",\"writes\":%" PRIu64 ",\"atomics\":%" PRIu64
		",\"contention\":%" PRIu64,
		t.work, t.depth, t.depth_serial, t.reads, t.writes, t.atomics, t.contention);
	fprintf(f, ",\"procs\":%" PRIu64 ",\"brent_time\":%" PRIu64 ",\"brent_bound\":%" PRIu64,
		o->procs, pram_brent_time(m, o->procs), pram_brent_bound(m, o->procs));
	fputs(",\"predicted\":{\"work\":", f);
	json_str(f, o->a.alg->work_o);
	fputs(",\"depth\":", f);
	json_str(f, o->a.alg->depth_o);
	if (r->cost_known)
		fprintf(f, ",\"work_exact\":%" PRIu64 ",\"depth_exact\":%" PRIu64, r->cost_w,
			r->cost_d);
	fputs("}", f);
	json_violations(f, m);
	if (pram_failed(m) && pram_violation_count(m) == 0) {
		fputs(",\"error\":", f);
		json_str(f, pram_errmsg(m));
	}
	fprintf(f, ",\"verified\":%s", r->verified ? "true" : "false");
	if (!r->verified) {
		fputs(",\"mismatch\":", f);
		json_str(f, r->why);
	}
	json_outputs(f, o, r);
	json_steps(f, o, m);
	fputs("}\n", f);
}

static void print_csv(const simrun *r)
{
	const pram *m = r->m;
	printf(
	    "step,line,label,work,reads,writes,atomics,contention,max_atomic,max_accesses,time\n");
	for (size_t k = 0; k < pram_step_count(m); k++) {
		const pram_step_stats *s = pram_step_at(m, k);
		printf("%zu,%d,\"%s\",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		       ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
		       k + 1, s->line, s->label, s->work, s->reads, s->writes, s->atomics,
		       s->contention, s->max_atomic, s->accesses, s->time);
	}
	pram_totals t = pram_get_totals(m);
	printf("total,,\"W=%" PRIu64 " D=%" PRIu64 " D_serial=%" PRIu64 "\",%" PRIu64 ",%" PRIu64
	       ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",,,%" PRIu64 "\n",
	       t.work, t.depth, t.depth_serial, t.work, t.reads, t.writes, t.atomics, t.contention,
	       t.depth);
}

/* --output FILE: the first grid output of the run as a PGM image (P5; P2
 * when the name ends in .p2). Returns 0, or 1 after saying why. */
static int write_output(const run_opts *o, const simrun *r)
{
	const algo_port *pt = algo_outputs(o->a.alg);
	size_t k = 0;
	while (k < r->nout && pt[k].shape != ALGO_GRID)
		k++;
	if (k == r->nout) {
		cli_error("run: --output writes an image, and %s has no image output",
			  o->a.alg->name);
		return 1;
	}
	pgm_image img;
	char err[512];
	size_t len = strlen(o->output);
	int plain = len > 3 && strcmp(o->output + len - 3, ".p2") == 0;
	if (pgm_from_data(&r->out[k], &img, err, sizeof err)) {
		cli_error("run: --output %s: output %s: %s", o->output, pt[k].name, err);
		return 1;
	}
	int rc = pgm_write_file(o->output, &img, plain, err, sizeof err);
	pgm_free(&img);
	if (rc) {
		cli_error("run: --output: %s", err);
		return 1;
	}
	return 0;
}

/* Write the page of --html; 0, or EXIT_FAIL (reported). */
static int write_page(const run_opts *o, const html_rec *page, const algo_data *in, const simrun *r)
{
	char err[256];
	FILE *f = fopen(o->html, "w");
	if (!f) {
		cli_error("run: --html '%s': cannot create it: %s", o->html, strerror(errno));
		return EXIT_FAIL;
	}
	html_info info = {
	    .alg = o->a.alg, .params = &o->a.params, .cfg = &o->cfg, .in = in, .run = r};
	int bad = html_write(f, page, &info, err, sizeof err);
	if (fclose(f) != 0 && !bad) {
		snprintf(err, sizeof err, "cannot write it: %s", strerror(errno));
		bad = 1;
	}
	if (bad) {
		cli_error("run: --html '%s': %s", o->html, err);
		return EXIT_FAIL;
	}
	if (pram_record_truncated(r->m))
		fprintf(stderr,
			"pram: run: the page shows the steps before the limit of %u "
			"accesses (steps 1 to %zu of %zu)\n",
			HTML_MAX_ACCESSES, pram_record_steps(r->m), pram_step_count(r->m));
	return 0;
}

/* pram run's own options, parsed by a function (dst: the whole run_opts,
 * offset 0, or the field at the offset). */
static int opt_model(void *dst, const char *arg, char *why, size_t len)
{
	run_opts *o = dst;
	if (pram_model_parse(arg, &o->cfg.model))
		return -1;
	o->model_given = 1;
	return 0;
}

static int opt_combine(void *dst, const char *arg, char *why, size_t len)
{
	run_opts *o = dst;
	if (pram_op_parse(arg, &o->cfg.combine))
		return -1;
	o->combine_given = 1;
	return 0;
}

static int opt_conflicts(void *dst, const char *arg, char *why, size_t len)
{
	pram_conflicts *m = dst;
	if (strcmp(arg, "error") == 0)
		*m = PRAM_CONFLICT_ERROR;
	else if (strcmp(arg, "count") == 0)
		*m = PRAM_CONFLICT_COUNT;
	else
		return -1;
	return 0;
}

static int opt_base(void *dst, const char *arg, char *why, size_t len)
{
	uint64_t b = 0;
	if (cli_parse_u64(arg, &b) || (b != 2 && b != 8 && b != 10 && b != 16))
		return -1;
	print_base = (unsigned)b;
	return 0;
}

static const cli_opt run_options[] = {
    {"model", .arg = "M", .kind = CLI_FN, .fn = opt_model,
     .bad = "give erew, crew, crcw-common, crcw-arbitrary, crcw-priority, crcw-combining or "
	    "scan",
     .help = "the memory model (default: the algorithm's own)"},
    {"procs", .arg = "P", .kind = CLI_UINT, .off = offsetof(run_opts, procs), .min = 1,
     .bad = "give a whole number >= 1", .help = "p for Brent's T_p (default n)"},
    {"trace", .kind = CLI_FLAG, .off = offsetof(run_opts, trace),
     .help = "print the arrays after every step"},
    {"force", .kind = CLI_FLAG, .off = offsetof(run_opts, force),
     .help = "run even when the estimate says it will not fit or is long"},
    {"base", .arg = "B", .kind = CLI_FN, .fn = opt_base, .bad = "give 2, 8, 10 or 16",
     .help = "print integers in base 2, 8, 10 or 16"},
    {"conflicts", .arg = "C", .kind = CLI_FN, .off = offsetof(run_opts, cfg.conflicts),
     .fn = opt_conflicts, .bad = "give error or count",
     .help = "stop at the first violation (error) or count them all (count)"},
    {"combine", .arg = "OP", .kind = CLI_FN, .fn = opt_combine,
     .bad = "give sum, max, min, and, or or xor",
     .help = "the operator of crcw-combining (default sum)"},
    {"output", .arg = "FILE", .kind = CLI_STR, .off = offsetof(run_opts, output),
     .help = "write the first image output as a PGM"},
    {"html", .arg = "FILE", .kind = CLI_STR, .off = offsetof(run_opts, html),
     .help = "write one page that steps through the run"},
    {"program", .arg = "FILE", .kind = CLI_STR, .off = offsetof(run_opts, program),
     .help = "run your own program of the exercise named, instead of the registry's"},
    {"help", .kind = CLI_FLAG, .off = offsetof(run_opts, a.help), .help = "print this help"},
    {0}};

/* The options that exclude each other, once the algorithm and the model
 * are known. Returns 0 or EXIT_USAGE (reported). */
static int check_options(const run_opts *o)
{
	if (o->combine_given && o->cfg.model != PRAM_CRCW_COMBINING) {
		cli_error(
		    "run: --combine is the operator of --model crcw-combining; this run is %s",
		    pram_model_name(o->cfg.model));
		return EXIT_USAGE;
	}
	if (o->cfg.combine > PRAM_OP_MIN && o->a.params.type == PRAM_FLOAT) {
		cli_error("run: --combine %s works on integers only", pram_op_name(o->cfg.combine));
		return EXIT_USAGE;
	}
	if (o->trace && o->a.csv) {
		cli_error(
		    "run: --trace prints text, or with --json each step's accesses; leave out "
		    "--csv");
		return EXIT_USAGE;
	}
	if (o->html && o->trace) {
		cli_error("run: --html and --trace: give one of them");
		return EXIT_USAGE;
	}
	return 0;
}

/* --trace's first lines: the inputs, as the arrays are printed after each
 * step. */
static void print_inputs(const run_opts *o, const algo_data *in, size_t nin)
{
	const algo_port *pt = algo_inputs(o->a.alg);
	for (size_t k = 0; k < nin; k++) {
		if (nin > 1)
			printf("input %s:", pt[k].name);
		else
			printf("input: ");
		int width = in[k].type == PRAM_INT ? width_of(in[k].vals, in[k].n) : 0;
		for (size_t i = 0; i < in[k].n && i < TRACE_CELLS; i++) {
			char buf[80];
			if (in[k].type == PRAM_INT)
				printf(" %5s", format_int(in[k].vals[i].i, width, buf, sizeof buf));
			else
				printf(" %5.3g", in[k].vals[i].f);
		}
		printf("\n");
	}
}

/* The step hook of the run: the page's recorder (--html), the arrays
 * (--trace as text), or the progress line; --trace --json records the
 * accesses. */
static void choose_hook(run_opts *o, html_rec *page, cli_progress *pg, pram_step_hook *hook,
			void **hook_ud)
{
	*hook = NULL;
	*hook_ud = NULL;
	if (o->html) {
		o->cfg.record = HTML_MAX_ACCESSES;
		*hook = html_step;
		*hook_ud = page;
	} else if (o->trace && o->a.json) {
		o->cfg.record = HTML_MAX_ACCESSES;
	} else if (o->trace) {
		*hook = trace_step;
		*hook_ud = stdout;
	} else if (pg->on) {
		*hook = progress_step;
		*hook_ud = pg;
	}
}

static int run_exec(int argc, char **argv)
{
	run_opts o;
	memset(&o, 0, sizeof o);
	o.a.n = 16;
	o.a.seed = 1;
	o.procs = 0;
	int nops, rc = cli_parse(&cmd_run_entry, argc, argv, &o, &nops);
	if (rc)
		return rc;
	const char *name = nops ? argv[1] : NULL;
	if (o.a.help)
		return cli_algo_help(&cmd_run_entry, o.program ? NULL : name);
	if (o.program) {
		char err[1024];
		if (!name) {
			cli_error("run: --program runs a program of an exercise: name the exercise "
				  "(pram check --list names them)");
			return EXIT_USAGE;
		}
		o.a.given = program_open(name, o.program, &o.a.given_params, err, sizeof err);
		if (!o.a.given) {
			cli_error("run: %s", err);
			return EXIT_USAGE;
		}
		if (!o.model_given)
			o.cfg.model = o.a.given_params.model;
	}
	if ((rc = cli_algo_finish(&o.a, "run", name)))
		return rc;
	if (!o.model_given)
		o.cfg.model = o.a.alg->model;
	o.a.params.model = o.cfg.model;
	o.cfg.seed = o.a.seed;
	if ((rc = check_options(&o)))
		return rc;
	algo_data in[ALGO_MAX_PORTS] = {0};
	size_t nin = algo_nin(o.a.alg);
	simrun r = {0};
	html_rec *page = NULL;
	cli_progress pg;
	pram_step_hook hook;
	void *hook_ud;
	double seconds = 0;
	/* Generated inputs are judged before they are made: they may not fit.
	 * A file whose header declares its size is judged by the same estimate
	 * before its reader allocates anything (the guard); every file once it
	 * is read. */
	if (!o.a.input && (rc = check_estimate(&o, o.a.n, NULL, &seconds)))
		return rc;
	o.guard = (algo_guard){.check = guard_check, .ud = &o};
	o.a.params.guard = &o.guard;
	if ((rc = cli_algo_input(&o.a, in)))
		return rc;
	if (o.procs == 0)
		o.procs = in->n ? in->n : 1;
	/* A file may have made the data float (a Matrix Market header saying
	 * real): the options are checked again for it. */
	if (o.a.input && (rc = check_options(&o)))
		goto fail;
	if (o.a.input && (rc = check_estimate(&o, in->n, in, &seconds)))
		goto fail;
	rc = EXIT_USAGE;
	if ((o.trace || o.html) && in->n > 1024) {
		cli_error("run: --%s is for small inputs (n <= 1024; this one has %zu)",
			  o.html ? "html" : "trace", in->n);
		goto fail;
	}
	if (o.trace && !o.a.json)
		print_inputs(&o, in, nin);
	cli_progress_init(&pg, !o.trace && !o.html && seconds > 2);
	pg.next = pg.start + 1.0; /* nothing for a run that ends within a second */
	rc = EXIT_FAIL;
	if (o.html && !(page = html_rec_new())) {
		cli_error("run: out of memory");
		goto fail;
	}
	choose_hook(&o, page, &pg, &hook, &hook_ud);
	if (simrun_exec(o.a.alg, &o.a.params, in, &o.cfg, hook, hook_ud, &r)) {
		cli_error("run: out of memory");
		goto fail;
	}
	cli_progress_end(&pg);
	if (o.html && (rc = write_page(&o, page, in, &r)))
		goto fail;
	if (o.a.json)
		print_json(&o, in, &r);
	else if (o.a.csv)
		print_csv(&r);
	else
		print_text(&o, in, &r);
	int bad = !r.verified || pram_get_totals(r.m).violations > 0;
	if (pram_failed(r.m))
		cli_error("run: %s", pram_errmsg(r.m));
	if (o.output && !bad && write_output(&o, &r))
		bad = 1;
	rc = bad ? EXIT_FAIL : EXIT_OK;
fail:
	html_rec_free(page);
	simrun_free(&r);
	algo_data_free_all(in, nin);
	return rc;
}

const cmd_entry cmd_run_entry = {
    .name = "run",
    .args =
	"ALGO [--n N | --input FILE] [--model M] [--procs P] [--seed S] [--trace]\n"
	"       EXERCISE --program FILE [the same options]\n"
	"       [--html FILE] [--force] [--base B] [--conflicts error|count] [--op sum|max|min] "
	"[--inclusive|--exclusive]\n"
	"       [--float] [--ALGO-PARAMETER V ...] [--combine OP] [--json | --csv]\n"
	"       [--output FILE.pgm]",
    .summary = "run an algorithm on the PRAM simulator and print its cost table",
    .help = "options:\n"
	    "  --n N            input size (default 16); 2^k is accepted\n"
	    "  --input FILE     read whitespace-separated numbers ('-' = stdin); a line\n"
	    "                   'flags: 1 0 ...' gives segment flags, a line 'NAME:'\n"
	    "                   starts the values of the algorithm's input NAME\n"
	    "  --model M        erew, crew, crcw-common, crcw-arbitrary, crcw-priority,\n"
	    "                   crcw-combining or scan (default: the algorithm's own)\n"
	    "  --combine OP     the operator of crcw-combining (default sum)\n"
	    "  --procs P        p for Brent's T_p (default n)\n"
	    "  --seed S         seed of the input and of crcw-arbitrary (default 1)\n"
	    "  --output FILE    write the first image output as a PGM (P5; P2 for a\n"
	    "                   name ending in .p2), values rounded, 0 to 65535\n"
	    "  --trace          print the arrays after every step (n <= 1024); with --json,\n"
	    "                   each step's accesses (processor, cell, value, the winner)\n"
	    "  --program FILE   run FILE, your C program of the PRAM exercise EXERCISE\n"
	    "                   (pram check --list), as the registry's are run: its\n"
	    "                   function on the exercise's reference's inputs and model,\n"
	    "                   its cost table, violations, --trace and --html, and its\n"
	    "                   outputs checked against the reference's\n"
	    "  --html FILE      write FILE, one page that steps through the run: the\n"
	    "                   cells each processor read and wrote, the conflicts and\n"
	    "                   how the model resolved them, the counters (n <= 1024)\n"
	    "  --base B         print integers in base 2, 8, 10 or 16 (text output; input\n"
	    "                   files may write 0b101 for binary)\n"
	    "  --force          run even when the estimate says the run will not fit in\n"
	    "                   memory or will take more than a minute\n"
	    "  --conflicts C    error (stop at the first violation, default) or count\n"
	    "                   (report every one, resolve as crcw-arbitrary, go on)\n"
	    "  --op OP          sum, max or min (count: jfa-reduce)\n"
	    "  --inclusive, --exclusive   the kind of scan\n"
	    "  --float          float data (default integers)\n"
	    "  --PARAMETER V    the algorithm's own parameters ('pram run ALGO --help'\n"
	    "                   lists them), e.g. --per-proc F, --block B\n"
	    "  --json, --csv    machine-readable output (see man pram for the schema)\n"
	    "exit status: 0 verified with no violation, 1 a violation or a wrong result,\n"
	    "2 a usage error\n",
    .opts = run_options,
    .algo = 1,
    .operands = 1,
    .exec = run_exec,
};
