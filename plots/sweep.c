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
 * kernels run through src/gpuval.c, as `pram gpu` runs them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "gpuval.h"
#include "report.h"
#include "simrun.h"

#include "clrt.h"
#include "gpu.h"

/* The f analysis runs at the largest swept size up to this. */
#define PERPROC_MAX ((size_t)1 << 20)

static const unsigned f_values[REP_NF] = {1, 2, 4, 8, 16, 32};

/* ---- the device ---- */

/* One timed kernel run, as device_time measured it. */
typedef struct timing {
	double med, lo, hi; /* ms over the timed runs */
	int verified;       /* the output equals the reference */
	char why[256];      /* else the first mismatch */
} timing;

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

/* Time the variant of a's kernels on rt over in: reps timed runs after a
 * warm-up, the last output checked. Returns 0 with t, or -1 with err. */
static int device_time(clrt *rt, const algo *a, const algo_params *p, const algo_data *in,
		       enum gpu_variant variant, unsigned reps, timing *t, char *err, size_t errlen)
{
	gpu_result g;
	if (gpuval_run(rt, a, p, in, variant, reps, &g, err, errlen))
		return -1;
	t->med = g.median_ms;
	t->lo = g.min_ms;
	t->hi = g.max_ms;
	t->verified = g.verified;
	snprintf(t->why, sizeof t->why, "%s", g.why);
	gpuval_free(&g);
	return 0;
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

/* The units of the whole sweep, once the algorithms' records are made. */
static double sweep_units(const report *r)
{
	double total = 0;
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		for (size_t i = 0; i < r->nsizes; i++) {
			if (r->sizes[i] <= r->sim_max || !ra->a->cost)
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

/* Time variant s of ra at size index k (or, with fi >= 0, f elements per
 * work-item at ra->f_n into slot fi). A failure or a wrong result is
 * recorded in s. */
static void measure(report *r, clrt *rt, rep_algo *ra, rep_series *s, const algo_params *p,
		    const algo_data *in, size_t k, int fi)
{
	timing t;
	char err[2048];
	if (device_time(rt, ra->a, p, in, (enum gpu_variant)s->kind, r->reps, &t, err,
			sizeof err)) {
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "n = %zu%s: %.400s", in->n,
				 fi >= 0 ? " (per-work-item sweep)" : "", err);
		return;
	}
	if (!t.verified) {
		s->all_verified = 0;
		r->any_wrong = 1;
		if (!s->error[0])
			snprintf(s->error, sizeof s->error, "wrong result at n = %zu: %s", in->n,
				 t.why);
	}
	if (fi >= 0) {
		s->f_med[fi] = t.med;
		s->f_lo[fi] = t.lo;
		s->f_hi[fi] = t.hi;
	} else {
		s->med[k] = t.med;
		s->lo[k] = t.lo;
		s->hi[k] = t.hi;
		s->measured++;
	}
}

/* The size index of the speedup figure: the largest simulated size. */
static size_t speedup_index(const report *r)
{
	size_t best = r->nsizes;
	for (size_t k = 0; k < r->nsizes; k++)
		if (r->sizes[k] <= r->sim_max)
			best = k;
	return best;
}

static int sweep_algo(report *r, rep_algo *ra, clrt *rt, progress *pg, char *err, size_t errlen)
{
	const algo *a = ra->a;
	size_t spk = speedup_index(r);
	for (size_t k = 0; k < r->nsizes; k++) {
		size_t n = r->sizes[k];
		rep_cost *c = &ra->cost[k];
		c->closed = a->cost && a->cost(n, &ra->params, &c->cw, &c->cd) == 0;
		int sim = n <= r->sim_max || !c->closed;
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
		for (size_t v = 0; v < ra->nvar; v++) {
			progress_show(pg, a->name, ra->var[v].variant, n);
			measure(r, rt, ra, &ra->var[v], &ra->params, in, k, -1);
			pg->done += gpu_units(n, r->reps);
		}
		algo_data_free_all(in, ALGO_MAX_PORTS);
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
		if (!ra->nvar)
			continue;
		algo_data in[ALGO_MAX_PORTS] = {0};
		if (algo_generate(a, in, ra->f_n, &p, r->seed)) {
			snprintf(err, errlen, "out of memory for %zu input elements", ra->f_n);
			return -1;
		}
		for (size_t v = 0; v < ra->nvar; v++) {
			measure(r, rt, ra, &ra->var[v], &p, in, 0, fi);
			pg->done += gpu_units(ra->f_n, r->reps);
		}
		algo_data_free_all(in, ALGO_MAX_PORTS);
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

/* Make the algorithms' records, in registry order: which variants each has
 * on the device. Returns 0, or -1 when out of memory. */
static int setup_algos(report *r, const report_config *cfg)
{
	size_t count = 0;
	for (size_t k = 0; algo_registry[k]; k++)
		count++;
	r->algos = calloc(count ? count : 1, sizeof *r->algos);
	if (!r->algos)
		return -1;
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		if (!wanted(cfg, a))
			continue;
		rep_algo *ra = &r->algos[r->nalgos++];
		ra->a = a;
		ra->params = algo_default_params(a);
		ra->cost = calloc(r->nsizes, sizeof *ra->cost);
		if (!ra->cost)
			return -1;
		if (!r->have_device) {
			snprintf(ra->gpu_note, sizeof ra->gpu_note, "not measured: %.480s",
				 r->device_error);
			continue;
		}
		if (!gpu_for(a)) {
			snprintf(ra->gpu_note, sizeof ra->gpu_note,
				 "not measured: %s has no OpenCL kernels yet", a->name);
			continue;
		}
		for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
			if (!gpu_has_variant(gpu_for(a), v))
				continue;
			rep_series *s = &ra->var[ra->nvar++];
			s->variant = gpu_variant_name(v);
			s->kind = (int)v;
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
				 "not measured: the kernels '%s' are not built", a->name);
	}
	return 0;
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
	for (size_t k = 0; k < r->nalgos && rc == 0; k++)
		rc = sweep_algo(r, &r->algos[k], rt, &pg, err, errlen);
done:
	clrt_close(rt);
	return rc;
}
