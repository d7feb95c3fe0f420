/*
 * sweep.c - the sweep of `pram report` (report_sweep in report.h): for
 * every algorithm asked and every size, W(n), D(n) and D_serial(n) counted
 * by the simulator (the registry's closed forms past sim_max, checked
 * against the simulator where both exist) and the kernels timed on the
 * device; then Brent's T_p at one size and the times with f elements per
 * work-item. It fills the report the verdicts, figures and pages read.
 *
 * Nothing here names an algorithm: a new registry entry appears in the
 * report with no change to this file. Everything that needs OpenCL is in
 * the section "the device" below, and nowhere else in the report; the
 * kernels run through kernels/gpuval.c, as `pram gpu` runs them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "gpuval.h"
#include "report_int.h"
#include "simrun.h"

#include "clrt.h"
#include "gpu.h"

/* The f analysis runs at the largest swept size up to this. */
#define PERPROC_MAX ((size_t)1 << 20)

static const unsigned f_values[REP_NF] = {1, 2, 4, 8, 16, 32};

/* ---- the device ---- */

/* Open the device cfg names (NULL: the default) and record its name,
 * platform, compute units and lanes in r, or why there is none in
 * r->device_error (a pram built without OpenCL has none, and says so).
 * Returns the runtime (close it with clrt_close), or NULL. */
static clrt *device_open(report *r, const report_config *cfg)
{
	char err[8192];
	clrt *rt = clrt_open(cfg->device, err, sizeof err);
	if (!rt) {
		snprintf(r->device_error, sizeof r->device_error, "no OpenCL device: %.900s", err);
		return NULL;
	}
	r->have_device = 1;
	snprintf(r->device, sizeof r->device, "%s", clrt_device_name(rt));
	snprintf(r->platform, sizeof r->platform, "%s", clrt_platform_name(rt));
	r->compute_units = clrt_compute_units(rt);
	r->lanes = gpu_lanes(rt);
	if (r->lanes == 0)
		r->lanes = 1;
	return rt;
}

/* ---- progress ---- */

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

typedef struct progress {
	const report_config *cfg;
	double total, done; /* estimated units of work (elements touched) */
} progress;

static void progress_show(const progress *pg, const char *name, const char *what, size_t n)
{
	if (!pg->cfg->progress)
		return;
	report_progress p = {
	    .algo = name, .what = what, .n = n, .done = pg->done, .total = pg->total};
	pg->cfg->progress(pg->cfg->arg, &p);
}

/* Whether ra is simulated at size n: at sim_max and below, or the
 * algorithm's own limit where it is lower, and where its closed form's
 * work is at most REPORT_SIM_MAX_WORK; always where there is no closed
 * form to stand in. */
static int simulates(const report *r, const rep_algo *ra, size_t n)
{
	const algo *a = ra->a;
	uint64_t w, d;
	if (!a->cost || a->cost(n, &ra->params, &w, &d))
		return 1;
	size_t lim = a->max_n && a->max_n < r->sim_max ? a->max_n : r->sim_max;
	return n <= lim && w <= REPORT_SIM_MAX_WORK;
}

/* The units of the whole sweep, once the algorithms' records are made. */
static double sweep_units(const report *r)
{
	double total = 0;
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		for (size_t i = 0; i < r->nsizes; i++) {
			if (simulates(r, ra, r->sizes[i]))
				total += sim_units(r->sizes[i]);
			total += (double)ra->nvar * gpu_units(r->sizes[i], r->reps);
		}
		if (algo_swept_param(ra->a) >= 0)
			total += REP_NF * (double)ra->nvar * gpu_units(PERPROC_MAX, r->reps);
	}
	return total;
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
	algo_data in[ALGO_MAX_PORTS] = {0};
	if (algo_generate(a, in, n, p, r->seed))
		return -1;
	pram_config cfg = {.model = a->model, .seed = r->seed};
	simrun sr;
	int rc = -1;
	if (simrun_exec(a, p, in, &cfg, NULL, NULL, &sr) == 0) {
		if (sr.verified) {
			*w = pram_get_totals(sr.m).work;
			*d = pram_get_totals(sr.m).depth;
			rc = 0;
		}
		simrun_free(&sr);
	}
	algo_data_free_all(in, ALGO_MAX_PORTS);
	return rc;
}

/* ---- the runs ---- */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* How many runs ru takes in its next round: reps, fewer where that would
 * pass REP_MAX_RUNS, none once its runs have stopped. Whether the
 * algorithm's budget has room for the round is refine's to decide. */
static unsigned runs_room(const report *r, const rep_runs *ru)
{
	size_t n = ru->st.runs;
	if (ru->stop != RUNS_NONE || n >= REP_MAX_RUNS)
		return 0;
	return n + r->reps > REP_MAX_RUNS ? (unsigned)(REP_MAX_RUNS - n) : r->reps;
}

/* Whether ru wants more rounds: fewer than REP_MIN_ROUNDS, or its time not
 * yet known within +-r->precision. */
static int runs_unsettled(const report *r, const rep_runs *ru)
{
	return ru->rounds < REP_MIN_ROUNDS || !(stats_rel_width(&ru->st) <= 2 * r->precision);
}

/* Record why ru's runs stopped, once they have; cut: the budget ended
 * the passes while more would have told more. */
static void runs_close(const report *r, rep_runs *ru, int cut)
{
	if (ru->stop != RUNS_NONE)
		return;
	if (!(r->budget_s > 0))
		ru->stop = RUNS_FIXED;
	else if (!runs_unsettled(r, ru))
		ru->stop = RUNS_PRECISE;
	else if (ru->st.runs >= REP_MAX_RUNS)
		ru->stop = RUNS_MAX;
	else
		ru->stop = cut ? RUNS_BUDGET : RUNS_DECIDED;
}

/* Take a round of k runs of variant s of ra over in into ru; where names
 * them in a message ("n = 2^12"). A failure or a wrong result is recorded
 * in s and ends ru's runs. Returns 0, or -1 when out of memory. */
static int measure_round(report *r, clrt *rt, rep_algo *ra, rep_series *s, const algo_params *p,
			 const algo_data *in, rep_runs *ru, unsigned k, const char *where)
{
	gpu_result g;
	char err[2048];
	double t0 = now_s();
	int rc = gpuval_run(rt, ra->a, p, in, (enum gpu_variant)s->kind, k, &g, err, sizeof err);
	ru->spent_s += now_s() - t0;
	ru->rounds++;
	if (rc) {
		ru->stop = RUNS_FAILED;
		r->any_failed = 1;
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "%s: %.400s", where, err);
		return 0;
	}
	ru->launches = g.launches;
	ru->need = algo_bytes(ra->a, in, g.out, p);
	if (!g.verified) {
		ru->stop = RUNS_FAILED; /* its times are kept, but not refined */
		s->all_verified = 0;
		r->any_wrong = 1;
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "wrong result at %s: %s", where, g.why);
	}
	size_t n = ru->st.runs;
	if (n + k > ru->cap) {
		size_t cap = 2 * (n + k);
		double *ms = realloc(ru->ms, cap * sizeof *ms);
		if (!ms) {
			gpuval_free(&g);
			return -1;
		}
		ru->ms = ms;
		ru->cap = cap;
	}
	memcpy(ru->ms + n, g.times_ms, k * sizeof *ru->ms);
	gpuval_free(&g);
	stats_summarise(ru->ms, n + k, &ru->st);
	return 0;
}

/* The runs of ra's kernels at one place: at size index k (fi < 0) or with
 * f_val[fi] elements per work-item; the parameters there into *p and the
 * place in words into where. */
static void place(const report *r, rep_algo *ra, size_t k, int fi, rep_runs *ru[2], algo_params *p,
		  size_t *n, char *where, size_t len)
{
	char sz[32];
	*p = ra->params;
	if (fi < 0) {
		*n = r->sizes[k];
		snprintf(where, len, "n = %s", report__size_str(*n, sz, sizeof sz));
	} else {
		int sp = algo_swept_param(ra->a);
		p->v[sp] = ra->f_val[fi];
		p->given |= 1u << sp;
		*n = ra->f_n;
		snprintf(where, len, "n = %s, f = %u (per-work-item sweep)",
			 report__size_str(*n, sz, sizeof sz), ra->f_val[fi]);
	}
	for (size_t v = 0; v < ra->nvar; v++)
		ru[v] = fi < 0 ? &ra->var[v].runs[k] : &ra->var[v].f_runs[fi];
}

/* The next round of each of ra's kernels at a place (see place) that has
 * room for one (runs_room), over in, or over an input made here when in is
 * NULL. Returns 0, or -1 with err. */
static int rounds_at(report *r, clrt *rt, rep_algo *ra, progress *pg, size_t k, int fi,
		     const algo_data *in, char *err, size_t errlen)
{
	rep_runs *ru[2];
	algo_params p;
	size_t n;
	char where[96], what[64];
	place(r, ra, k, fi, ru, &p, &n, where, sizeof where);
	unsigned next[2] = {0, 0};
	int need = 0;
	for (size_t v = 0; v < ra->nvar; v++)
		need |= (next[v] = runs_room(r, ru[v])) > 0;
	if (!need)
		return 0;
	algo_data made[ALGO_MAX_PORTS] = {0};
	if (!in) {
		if (algo_generate(ra->a, made, n, &p, r->seed)) {
			snprintf(err, errlen, "out of memory for %zu input elements", n);
			return -1;
		}
		in = made;
	}
	int rc = 0;
	for (size_t v = 0; v < ra->nvar && rc == 0; v++) {
		if (!next[v])
			continue;
		int first = ru[v]->rounds == 0;
		double u = gpu_units(n, next[v]);
		if (!first)
			pg->total += u; /* the sweep's units counted first rounds only */
		snprintf(what, sizeof what, "%s%s%s", fi >= 0 ? "f per work-item, " : "",
			 ra->var[v].variant, first ? "" : ", more runs");
		progress_show(pg, ra->a->name, what, n);
		if (measure_round(r, rt, ra, &ra->var[v], &p, in, ru[v], next[v], where)) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		}
		pg->done += u;
	}
	algo_data_free_all(made, ALGO_MAX_PORTS);
	return rc;
}

/* Whether a pass over ra's places would tell more: some place with room
 * for a round has had fewer than REP_MIN_ROUNDS, or the passes have not
 * yet spanned REP_MIN_SPAN_S (young); or some place's time is not yet
 * known within the precision asked and some kernel's verdict rests on the
 * noise (too noisy to judge, or marginal), which more runs, narrowing the
 * times' intervals, may settle. Once every verdict is decided, a time known
 * less well than asked no longer changes it, and its runs stop: the few
 * microseconds of a small kernel waver by more than +-5% however many
 * runs there are. */
static int ra_unsettled(const report *r, rep_algo *ra, int young)
{
	int unsettled = 0, room = 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		const rep_series *s = &ra->var[v];
		for (size_t k = 0; k < r->nsizes + (ra->f_n ? REP_NF : 0); k++) {
			const rep_runs *ru =
			    k < r->nsizes ? &s->runs[k] : &s->f_runs[k - r->nsizes];
			if (!runs_room(r, ru))
				continue;
			if (ru->rounds < REP_MIN_ROUNDS)
				return 1;
			room = 1;
			unsettled |= runs_unsettled(r, ru);
		}
	}
	if (young && room)
		return 1;
	if (!unsettled)
		return 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		verdict vd;
		if (report__verdict(r, ra, &ra->var[v], &vd) == VERDICT_TOO_NOISY || vd.marginal)
			return 1;
	}
	return 0;
}

/* More rounds of ra's kernels, in passes over all its sizes and f, while
 * they would tell more (ra_unsettled) and the algorithm's budget has room
 * for another pass. Every pass takes a round at every place, also where
 * the time is already known, and the budget is the algorithm's, not a
 * place's: so every size has as many rounds as every other, taken at the
 * same moments. On a shared machine a build or a test comes and goes over
 * a second or so; a quiet moment then meets all the sizes, and a busy one
 * slows all of them, so that the times' growth with n is measured under
 * one and the same load, and the passes span at least REP_MIN_SPAN_S so
 * that they meet more than one such moment. (A budget per size let the
 * cheap sizes go on long after the dear ones had stopped, each size seeing
 * other moments.) The first rounds, which build the programs, are not
 * charged to it. Returns 0, or -1 with err. */
static int refine(report *r, rep_algo *ra, clrt *rt, progress *pg, char *err, size_t errlen)
{
	size_t places = r->nsizes + (ra->f_n ? REP_NF : 0);
	double budget = r->budget_s * (double)places * (double)ra->nvar;
	double span = REP_MIN_SPAN_S < budget ? REP_MIN_SPAN_S : budget;
	double start = now_s(), pass = 0;
	int more;
	while ((more = ra_unsettled(r, ra, now_s() - start < span)) && r->budget_s > 0 &&
	       now_s() - start + pass <= budget) {
		double t0 = now_s();
		for (size_t k = 0; k < r->nsizes; k++)
			if (rounds_at(r, rt, ra, pg, k, -1, NULL, err, errlen))
				return -1;
		for (int fi = 0; ra->f_n && fi < REP_NF; fi++)
			if (rounds_at(r, rt, ra, pg, 0, fi, NULL, err, errlen))
				return -1;
		pass = now_s() - t0;
	}
	for (size_t v = 0; v < ra->nvar; v++) {
		for (size_t k = 0; k < r->nsizes; k++)
			runs_close(r, &ra->var[v].runs[k], more);
		for (int fi = 0; fi < REP_NF; fi++)
			runs_close(r, &ra->var[v].f_runs[fi], more);
	}
	return 0;
}

/* The size index of the speedup figure: the largest simulated size. */
static size_t speedup_index(const report *r, const rep_algo *ra)
{
	size_t best = r->nsizes;
	for (size_t k = 0; k < r->nsizes; k++)
		if (simulates(r, ra, r->sizes[k]))
			best = k;
	return best;
}

/* The first pass over ra: W and D at every size and the first round of
 * runs of its kernels there, then the same at each f. Returns 0, or -1
 * with err. */
static int sweep_algo(report *r, rep_algo *ra, clrt *rt, progress *pg, char *err, size_t errlen)
{
	const algo *a = ra->a;
	size_t spk = speedup_index(r, ra);
	for (size_t k = 0; k < r->nsizes; k++) {
		size_t n = r->sizes[k];
		rep_cost *c = &ra->cost[k];
		c->closed = a->cost && a->cost(n, &ra->params, &c->cw, &c->cd) == 0;
		int sim = simulates(r, ra, n);
		algo_data in[ALGO_MAX_PORTS] = {0};
		if ((sim || ra->nvar) && algo_generate(a, in, n, &ra->params, r->seed)) {
			snprintf(err, errlen, "out of memory for %zu input elements", n);
			return -1;
		}
		if (sim) {
			progress_show(pg, a->name, "simulator", n);
			if (simulate(r, ra, k, in, k == spk)) {
				algo_data_free_all(in, ALGO_MAX_PORTS);
				snprintf(err, errlen, "out of memory simulating %s at n = %zu",
					 a->name, n);
				return -1;
			}
			pg->done += sim_units(n);
		} else {
			c->source = COST_CLOSED;
			c->w = c->cw;
			c->d = c->cd;
		}
		int rc = rounds_at(r, rt, ra, pg, k, -1, in, err, errlen);
		algo_data_free_all(in, ALGO_MAX_PORTS);
		if (rc)
			return -1;
		for (size_t v = 0; v < ra->nvar; v++)
			ra->var[v].measured += ra->var[v].runs[k].st.runs > 0;
	}
	int sp = algo_swept_param(a);
	if (sp < 0)
		return 0;
	/* Brent's analysis of f elements per work-item, at one size. */
	ra->f_n = r->sizes[0];
	for (size_t k = 0; k < r->nsizes; k++)
		if (r->sizes[k] <= PERPROC_MAX)
			ra->f_n = r->sizes[k];
	for (int fi = 0; fi < REP_NF; fi++) {
		algo_params p = ra->params;
		p.v[sp] = f_values[fi];
		p.given |= 1u << sp;
		ra->f_val[fi] = f_values[fi];
		progress_show(pg, a->name, "f per work-item", ra->f_n);
		ra->f_cost_ok[fi] = cost_at(r, a, &p, ra->f_n, &ra->f_w[fi], &ra->f_d[fi]) == 0;
		if (rounds_at(r, rt, ra, pg, 0, fi, NULL, err, errlen))
			return -1;
	}
	return 0;
}

/* ---- setting up ---- */

static int wanted(const report_config *cfg, const algo *a)
{
	if (cfg->nnames == 0)
		return 1;
	for (size_t k = 0; k < cfg->nnames; k++)
		if (strcmp(cfg->names[k], a->name) == 0)
			return 1;
	return 0;
}

/* Whether variant v of ra's kernels is measured: they exist, and in a
 * series, they honour its parameter or act as if it had ra's value. */
static int measured_variant(const rep_algo *ra, unsigned v)
{
	const gpu_algo *g = gpu_for(ra->a);
	if (!gpu_has_variant(g, v))
		return 0;
	return ra->series < 0 || !g->variant[v].series_at ||
	       g->variant[v].series_at == ra->series_value;
}

/* Make the record of algorithm a, at value s of its series (s < 0: none),
 * next in r->algos: its parameters, names and the variants measured.
 * Returns 0, or -1 when out of memory. */
static int setup_algo(report *r, const algo *a, int s)
{
	rep_algo *ra = &r->algos[r->nalgos++];
	ra->a = a;
	ra->params = algo_default_params(a);
	ra->series = -1;
	snprintf(ra->key, sizeof ra->key, "%s", a->name);
	snprintf(ra->label, sizeof ra->label, "%s", a->name);
	if (s >= 0) {
		int sp = algo_series_param(a);
		const algo_param *pa = &a->params[sp];
		ra->series = sp;
		ra->series_value = pa->series[s];
		ra->params.v[sp] = pa->series[s];
		ra->params.given |= 1u << sp;
		char v[32];
		if (pa->choices)
			snprintf(v, sizeof v, "%s", pa->choices[pa->series[s]]);
		else
			snprintf(v, sizeof v, "%" PRId64, pa->series[s]);
		snprintf(ra->key, sizeof ra->key, "%s-%s-%s", a->name, pa->name, v);
		snprintf(ra->label, sizeof ra->label, "%s --%s %s", a->name, pa->name, v);
	}
	ra->cost = calloc(r->nsizes, sizeof *ra->cost);
	if (!ra->cost)
		return -1;
	if (!r->have_device) {
		snprintf(ra->gpu_note, sizeof ra->gpu_note, "not measured: %.480s",
			 r->device_error);
		return 0;
	}
	if (!gpu_for(a)) {
		snprintf(ra->gpu_note, sizeof ra->gpu_note,
			 "not measured: %s has no OpenCL kernels yet", a->name);
		return 0;
	}
	for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
		if (!measured_variant(ra, v))
			continue;
		rep_series *rs = &ra->var[ra->nvar++];
		rs->variant = gpu_variant_name(v);
		rs->kind = (int)v;
		rs->all_verified = 1;
		rs->runs = calloc(r->nsizes, sizeof *rs->runs);
		rs->fitv = malloc(r->nsizes * sizeof *rs->fitv);
		if (!rs->runs || !rs->fitv)
			return -1;
		for (size_t i = 0; i < r->nsizes; i++) {
			stats_summarise(NULL, 0, &rs->runs[i].st);
			rs->fitv[i] = NAN;
		}
		for (int f = 0; f < REP_NF; f++)
			stats_summarise(NULL, 0, &rs->f_runs[f].st);
	}
	if (!ra->nvar)
		snprintf(ra->gpu_note, sizeof ra->gpu_note,
			 "not measured: the kernels '%s' are not built", a->name);
	return 0;
}

/* Make the algorithms' records, in registry order, one for each value of
 * an algorithm's series. Returns 0, or -1 when out of memory. */
static int setup_algos(report *r, const report_config *cfg)
{
	size_t count = 0;
	for (size_t k = 0; algo_registry[k]; k++) {
		int sp = algo_series_param(algo_registry[k]);
		count += sp < 0 ? 1 : algo_registry[k]->params[sp].nseries;
	}
	r->algos = calloc(count ? count : 1, sizeof *r->algos);
	if (!r->algos)
		return -1;
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		if (!wanted(cfg, a))
			continue;
		int sp = algo_series_param(a);
		unsigned ns = sp < 0 ? 0 : a->params[sp].nseries;
		if (ns == 0 && setup_algo(r, a, -1))
			return -1;
		for (unsigned s = 0; s < ns; s++)
			if (setup_algo(r, a, (int)s))
				return -1;
	}
	return 0;
}

/* The bytes each measured variant moves per element, where the algorithm
 * has teaching and tuned kernels (the memory figure's). */
static void profile_algo(rep_algo *ra, const report_config *cfg)
{
	for (size_t v = 0; v < ra->nvar; v++) {
		rep_series *s = &ra->var[v];
		s->bpe = NAN;
		if (ra->nvar < 2 || !s->measured)
			continue;
		if (!cfg->profile) {
			snprintf(s->bpe_note, sizeof s->bpe_note, "not profiled");
			continue;
		}
		if (cfg->profile(cfg->arg, ra->a, &ra->params, s->kind, &s->bpe, &s->bpe_n,
				 s->bpe_note, sizeof s->bpe_note) != 0)
			s->bpe = NAN;
	}
}

int report_sweep(report *r, const report_config *cfg, char *err, size_t errlen)
{
	clrt *rt = device_open(r, cfg);
	if (!r->have_device && cfg->notice) {
		char msg[1200];
		snprintf(msg, sizeof msg, "%s; the report has the simulator's figures only",
			 r->device_error);
		cfg->notice(cfg->arg, msg);
	}
	int rc = 0;
	if (setup_algos(r, cfg)) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
		goto done;
	}
	progress pg = {.cfg = cfg, .total = sweep_units(r)};
	for (size_t k = 0; k < r->nalgos && rc == 0; k++) {
		rc = sweep_algo(r, &r->algos[k], rt, &pg, err, errlen);
		if (rc == 0)
			rc = refine(r, &r->algos[k], rt, &pg, err, errlen);
		if (rc == 0)
			profile_algo(&r->algos[k], cfg);
	}
done:
	clrt_close(rt);
	return rc;
}
