/*
 * report_out.c - the verdicts, figures and pages of `pram report` (see
 * report.h). Every figure is a CSV file (its data, one row per point, in
 * long form so a spreadsheet reads it as it is), a gnuplot script that
 * draws it, and the PNG and SVG the script makes.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gplot.h"
#include "json.h"
#include "report.h"

/* A verdict holds when the fit is this close at every size... */
#define GOOD_WORST_REL 0.25
/* ... and explains this much of the variance. */
#define GOOD_R2        0.90
/* Exponents further apart than this are remarked on. */
#define EXPONENT_GAP   0.25

const char *rep_source_name(rep_source s)
{
	static const char *const names[] = {"none", "simulator", "closed-form"};
	return names[s];
}

/* n as "2^k" when a power of two, else in decimal. */
static const char *size_str(size_t n, char *buf, size_t len)
{
	if (n && (n & (n - 1)) == 0) {
		unsigned k = 0;
		while (((size_t)1 << k) < n)
			k++;
		snprintf(buf, len, "2^%u", k);
	} else {
		snprintf(buf, len, "%zu", n);
	}
	return buf;
}

/* n for an enhanced-text title: "2^{k}" when a power of two. */
static const char *size_gp(size_t n, char *buf, size_t len)
{
	size_str(n, buf, len);
	if (strncmp(buf, "2^", 2) == 0) {
		char k[16];
		snprintf(k, sizeof k, "%s", buf + 2);
		snprintf(buf, len, "2^{%s}", k);
	}
	return buf;
}

/* A CSV number: empty when not a number. */
static void csv_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
}

static void judge_series(const report *r, const rep_algo *ra, rep_series *s)
{
	double ns[FIT_MAX_POINTS] = {0}, w[FIT_MAX_POINTS] = {0}, d[FIT_MAX_POINTS] = {0},
	       t[FIT_MAX_POINTS] = {0}, pred[FIT_MAX_POINTS] = {0};
	size_t at[FIT_MAX_POINTS], m = 0;
	double p = r->lanes ? (double)r->lanes : 1;
	for (size_t k = 0; k < r->nsizes && m < FIT_MAX_POINTS; k++) {
		s->fitv[k] = NAN;
		if (!isfinite(s->med[k]) || s->med[k] <= 0 || ra->cost[k].source == COST_NONE)
			continue;
		ns[m] = (double)r->sizes[k];
		w[m] = (double)ra->cost[k].w;
		d[m] = (double)ra->cost[k].d;
		t[m] = s->med[k];
		pred[m] = w[m] / p + d[m];
		at[m++] = k;
	}
	s->exp_meas = fit_growth_exponent(ns, t, m);
	s->exp_pred = fit_growth_exponent(ns, pred, m);
	char sz[32];
	const char *wrong = s->all_verified ? "" : "WRONG RESULTS (see the summary); ";
	if (m == 0) {
		snprintf(s->verdict, sizeof s->verdict, "not measured: %.480s",
			 s->error[0] ? s->error : "no size ran");
		return;
	}
	if (m < 3 || fit_brent(w, d, t, m, p, &s->fit)) {
		snprintf(s->verdict, sizeof s->verdict,
			 "%stoo few sizes to judge: %zu measured, the fit needs 3", wrong, m);
		return;
	}
	s->have_fit = 1;
	for (size_t i = 0; i < m; i++)
		s->fitv[at[i]] = fit_eval(&s->fit, w[i], d[i], p);
	size_t wi = s->fit.worst_at;
	s->worst_n = (size_t)ns[wi];
	s->as_predicted =
	    s->all_verified && s->fit.worst_rel <= GOOD_WORST_REL && s->fit.r2 >= GOOD_R2;
	char expo[160] = "";
	if (isfinite(s->exp_meas) && isfinite(s->exp_pred))
		snprintf(expo, sizeof expo, "; grows as n^%.2f measured, n^%.2f by W/p + D",
			 s->exp_meas, s->exp_pred);
	if (s->fit.worst_rel <= GOOD_WORST_REL && s->fit.r2 >= GOOD_R2)
		snprintf(s->verdict, sizeof s->verdict,
			 "%sgrows as predicted: the Brent fit is within %.0f%% at every size "
			 "(R^2 = %.3f)%s",
			 wrong, 100 * s->fit.worst_rel, s->fit.r2, expo);
	else
		snprintf(
		    s->verdict, sizeof s->verdict,
		    "%sdeparts from the prediction by up to %.0f%% (at n = %s: %.3g ms measured, "
		    "%.3g ms fitted; R^2 = %.3f)%s",
		    wrong, 100 * s->fit.worst_rel, size_str(s->worst_n, sz, sizeof sz), t[wi],
		    fit_eval(&s->fit, w[wi], d[wi], p), s->fit.r2, expo);
	if (isfinite(s->exp_meas) && isfinite(s->exp_pred) &&
	    fabs(s->exp_meas - s->exp_pred) > EXPONENT_GAP) {
		size_t top = m - 1;
		double all = fit_eval(&s->fit, w[top], d[top], p);
		double work = s->fit.coef[0] * w[top] / p;
		size_t len = strlen(s->verdict);
		if (s->exp_meas < s->exp_pred && all > 0)
			snprintf(
			    s->verdict + len, sizeof s->verdict - len,
			    "; growth is flatter than W/p + D here because the depth and fixed "
			    "costs b*D + c (launches, barriers) are still %.0f%% of the time at "
			    "n = %s: larger sizes show the asymptotic growth",
			    100 * (all - work) / all, size_str((size_t)ns[top], sz, sizeof sz));
		else
			snprintf(s->verdict + len, sizeof s->verdict - len,
				 "; the exponents differ by %.2f at these sizes",
				 fabs(s->exp_meas - s->exp_pred));
	}
}

void report_judge(report *r)
{
	for (size_t k = 0; k < r->nalgos; k++)
		for (size_t v = 0; v < r->algos[k].nvar; v++)
			judge_series(r, &r->algos[k], &r->algos[k].var[v]);
}

/* ---- figures ---- */

static FILE *open_out(const report *r, const char *name, const char *ext, char *err, size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", r->outdir, name, ext);
	FILE *f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	return f;
}

static int close_out(FILE *f, const report *r, const char *name, const char *ext, char *err,
		     size_t errlen)
{
	if (fclose(f)) {
		snprintf(err, errlen, "cannot write %s/%s.%s: %s", r->outdir, name, ext,
			 strerror(errno));
		return -1;
	}
	return 0;
}

static rep_figure *add_figure(report *r, const char *kind, int ai, const char *family)
{
	if (r->nfigs == r->capfigs) {
		size_t cap = r->capfigs ? 2 * r->capfigs : 16;
		rep_figure *nf = realloc(r->figs, cap * sizeof *nf);
		if (!nf)
			return NULL;
		r->figs = nf;
		r->capfigs = cap;
	}
	rep_figure *g = &r->figs[r->nfigs++];
	memset(g, 0, sizeof *g);
	g->kind = kind;
	g->algo = ai;
	if (family)
		snprintf(g->family, sizeof g->family, "%s", family);
	return g;
}

/* The device for a figure's title, "NAME, p = LANES lanes", its name's
 * enhanced-text marks escaped (a title is enhanced text), or "no device". */
static void device_words(const report *r, char *buf, size_t len)
{
	if (!r->have_device) {
		snprintf(buf, len, "no device");
		return;
	}
	char name[200];
	size_t k = 0;
	for (const char *c = r->device; *c && k + 3 < sizeof name; c++) {
		if (strchr("^_@&~{}\\", *c))
			name[k++] = '\\';
		name[k++] = *c;
	}
	name[k] = '\0';
	snprintf(buf, len, "%s, p = %lu lanes", name, r->lanes);
}

/* Script, PNG and SVG of a figure whose CSV is written. Returns 0, or -1
 * when the script cannot be written (err); a drawing failure is kept in the
 * figure. */
static int draw(report *r, rep_figure *g, const char *preamble, const char *tdir, char *err,
		size_t errlen)
{
	if (!tdir) {
		snprintf(g->error, sizeof g->error, "%.500s", r->gnuplot_error);
		r->gnuplot_ok = 0;
		return 0;
	}
	if (gplot_write_script(r->outdir, g->name, preamble, tdir, g->kind, err, errlen))
		return -1;
	if (r->no_draw) {
		g->drawn = 1; /* by draw.sh, which the pages point to */
		return 0;
	}
	char gerr[1024];
	if (gplot_run(r->outdir, g->name, "png", gerr, sizeof gerr) ||
	    gplot_run(r->outdir, g->name, "svg", gerr, sizeof gerr)) {
		snprintf(g->error, sizeof g->error, "gnuplot failed on %s.gp: %.300s", g->name,
			 gerr);
		if (r->gnuplot_ok)
			snprintf(r->gnuplot_error, sizeof r->gnuplot_error, "%s", g->error);
		r->gnuplot_ok = 0;
		return 0;
	}
	g->drawn = 1;
	return 0;
}

/* Preamble lines shared by the figures: data file and title. */
static int preamble_start(char **pre, const rep_figure *g)
{
	char q[600];
	gplot_quote(q, sizeof q, g->title, 0);
	return gplot_appendf(pre, "datafile = \"%s.csv\"\nplot_title = %s\n", g->name, q);
}

/* An array of strings in the preamble: "array NAME[n] = [...]". */
static int preamble_array(char **pre, const char *name, const char *const *vals, size_t n,
			  int plain)
{
	if (gplot_appendf(pre, "nseries = %zu\narray %s[%zu] = [", n, name, n ? n : 1))
		return -1;
	for (size_t k = 0; k < n; k++) {
		char q[600];
		gplot_quote(q, sizeof q, vals[k], plain);
		if (gplot_appendf(pre, "%s%s", k ? ", " : "", q))
			return -1;
	}
	return gplot_appendf(pre, "%s]\n", n ? "" : "\"\"");
}

static int fig_time(report *r, size_t ai, const char *tdir, char *err, size_t errlen)
{
	rep_algo *ra = &r->algos[ai];
	rep_figure *g = add_figure(r, "time", (int)ai, NULL);
	if (!g)
		goto nomem;
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(g->name, sizeof g->name, "%s-time", ra->a->name);
	snprintf(g->title, sizeof g->title,
		 "%s: measured time against Brent's bound\n{/*0.8 on %.180s}", ra->a->name, dev);
	FILE *f = open_out(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	fprintf(f, "algorithm,variant,n,reps,median_ms,min_ms,max_ms,fit_ms,work,depth,"
		   "cost_source,verified\n");
	const char *names[2], *labels[2];
	char lab[2][256];
	size_t nv = 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		rep_series *s = &ra->var[v];
		if (!s->measured)
			continue;
		for (size_t k = 0; k < r->nsizes; k++) {
			if (!isfinite(s->med[k]))
				continue;
			const rep_cost *c = &ra->cost[k];
			fprintf(f, "%s,%s,%zu,%u,", ra->a->name, s->variant, r->sizes[k], r->reps);
			csv_num(f, s->med[k]);
			fputc(',', f);
			csv_num(f, s->lo[k]);
			fputc(',', f);
			csv_num(f, s->hi[k]);
			fputc(',', f);
			csv_num(f, s->fitv[k]);
			if (c->source != COST_NONE)
				fprintf(f, ",%" PRIu64 ",%" PRIu64, c->w, c->d);
			else
				fputs(",,", f);
			fprintf(f, ",%s,%s\n", rep_source_name(c->source),
				s->all_verified ? "yes" : "no");
		}
		if (s->have_fit)
			snprintf(lab[nv], sizeof lab[nv], "%s fit: %.3g·W/p + %.3g·D + %.3g ms",
				 s->variant, s->fit.coef[0], s->fit.coef[1], s->fit.coef[2]);
		else
			snprintf(lab[nv], sizeof lab[nv], "%s: too few sizes to fit", s->variant);
		names[nv] = s->variant;
		labels[nv] = lab[nv];
		nv++;
	}
	if (close_out(f, r, g->name, "csv", err, errlen))
		return -1;
	char *pre = NULL;
	if (preamble_start(&pre, g) || preamble_array(&pre, "variant", names, nv, 1) ||
	    gplot_appendf(&pre, "array fitlabel[%zu] = [", nv))
		goto nomem;
	for (size_t k = 0; k < nv; k++) {
		char q[600];
		gplot_quote(q, sizeof q, labels[k], 0);
		if (gplot_appendf(&pre, "%s%s", k ? ", " : "", q))
			goto nomem;
	}
	if (gplot_appendf(&pre, "]\n"))
		goto nomem;
	int rc = draw(r, g, pre, tdir, err, errlen);
	free(pre);
	return rc;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int fig_cost(report *r, size_t ai, const char *tdir, char *err, size_t errlen)
{
	rep_algo *ra = &r->algos[ai];
	rep_figure *g = add_figure(r, "cost", (int)ai, NULL);
	if (!g)
		goto nomem;
	char sz[32];
	snprintf(g->name, sizeof g->name, "%s-cost", ra->a->name);
	snprintf(
	    g->title, sizeof g->title,
	    "%s: work and depth\n{/*0.8 the simulator (up to n = %s) against the closed forms}",
	    ra->a->name, size_gp(r->sim_max, sz, sizeof sz));
	FILE *f = open_out(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	fprintf(f, "algorithm,n,source,work,depth,depth_serial,work_closed,depth_closed,"
		   "closed_matches\n");
	int has_closed = 0, has_serial = 0;
	for (size_t k = 0; k < r->nsizes; k++) {
		const rep_cost *c = &ra->cost[k];
		fprintf(f, "%s,%zu,%s,", ra->a->name, r->sizes[k], rep_source_name(c->source));
		if (c->source != COST_NONE)
			fprintf(f, "%" PRIu64 ",%" PRIu64 ",", c->w, c->d);
		else
			fputs(",,", f);
		if (c->source == COST_SIM)
			fprintf(f, "%" PRIu64, c->ds);
		if (c->source == COST_SIM && c->ds != c->d)
			has_serial = 1;
		if (c->closed) {
			has_closed = 1;
			fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%s\n", c->cw, c->cd,
				c->source != COST_SIM            ? ""
				: c->cw == c->w && c->cd == c->d ? "yes"
								 : "no");
		} else {
			fputs(",,,\n", f);
		}
	}
	if (close_out(f, r, g->name, "csv", err, errlen))
		return -1;
	char *pre = NULL;
	if (preamble_start(&pre, g) ||
	    gplot_appendf(&pre, "has_closed = %d\nhas_serial = %d\n", has_closed, has_serial))
		goto nomem;
	int rc = draw(r, g, pre, tdir, err, errlen);
	free(pre);
	return rc;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int fig_family(report *r, const char *family, const char *tdir, char *err, size_t errlen)
{
	rep_figure *g = add_figure(r, "family", -1, family);
	if (!g)
		goto nomem;
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(g->name, sizeof g->name, "family-%s", family);
	snprintf(g->title, sizeof g->title,
		 "the %s family: every kernel side by side\n{/*0.8 on %.150s}", family, dev);
	FILE *f = open_out(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	fprintf(f, "family,algorithm,variant,series,n,median_ms,min_ms,max_ms\n");
	char lab[64][200];
	const char *labels[64];
	size_t nl = 0;
	for (size_t k = 0; k < r->nalgos; k++) {
		rep_algo *ra = &r->algos[k];
		if (strcmp(ra->a->family, family))
			continue;
		for (size_t v = 0; v < ra->nvar && nl < 64; v++) {
			rep_series *s = &ra->var[v];
			if (!s->measured)
				continue;
			snprintf(lab[nl], sizeof lab[nl], "%s (%s)", ra->a->name, s->variant);
			for (size_t i = 0; i < r->nsizes; i++) {
				if (!isfinite(s->med[i]))
					continue;
				fprintf(f, "%s,%s,%s,%s,%zu,", family, ra->a->name, s->variant,
					lab[nl], r->sizes[i]);
				csv_num(f, s->med[i]);
				fputc(',', f);
				csv_num(f, s->lo[i]);
				fputc(',', f);
				csv_num(f, s->hi[i]);
				fputc('\n', f);
			}
			labels[nl] = lab[nl];
			nl++;
		}
	}
	if (close_out(f, r, g->name, "csv", err, errlen))
		return -1;
	char *pre = NULL;
	if (preamble_start(&pre, g) || preamble_array(&pre, "label", labels, nl, 1))
		goto nomem;
	int rc = draw(r, g, pre, tdir, err, errlen);
	free(pre);
	return rc;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* Index of f = 2, the baseline of the speedups, in f_val. */
static int f2_index(const rep_algo *ra)
{
	for (int k = 0; k < REP_NF; k++)
		if (ra->f_val[k] == 2)
			return k;
	return -1;
}

static int fig_perproc(report *r, size_t ai, const char *tdir, char *err, size_t errlen)
{
	rep_algo *ra = &r->algos[ai];
	rep_figure *g = add_figure(r, "perproc", (int)ai, NULL);
	if (!g)
		goto nomem;
	char dev[400], sz[32];
	device_words(r, dev, sizeof dev);
	unsigned long p = r->lanes ? r->lanes : 1;
	snprintf(g->name, sizeof g->name, "%s-perproc", ra->a->name);
	snprintf(g->title, sizeof g->title,
		 "%s, f elements per work-item: speedup over f = 2\n{/*0.8 n = %s, on %.100s}",
		 ra->a->name, size_gp(ra->f_n, sz, sizeof sz), dev);
	FILE *f = open_out(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	fprintf(f, "algorithm,n,f,variant,median_ms,min_ms,max_ms,measured_speedup,notes_speedup,"
		   "brent_speedup\n");
	int b = f2_index(ra);
	for (int k = 0; k < REP_NF; k++) {
		double fv = ra->f_val[k];
		fprintf(f, "%s,%zu,%u,prediction,,,,,", ra->a->name, ra->f_n, ra->f_val[k]);
		csv_num(f, 2 * fv / (fv + 2));
		fputc(',', f);
		if (b >= 0 && ra->f_cost_ok[k] && ra->f_cost_ok[b])
			csv_num(f, ((double)ra->f_w[b] / (double)p + (double)ra->f_d[b]) /
				       ((double)ra->f_w[k] / (double)p + (double)ra->f_d[k]));
		fputc('\n', f);
	}
	const char *names[2];
	size_t nv = 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		rep_series *s = &ra->var[v];
		int any = 0;
		for (int k = 0; k < REP_NF; k++) {
			if (!isfinite(s->f_med[k]))
				continue;
			any = 1;
			fprintf(f, "%s,%zu,%u,%s,", ra->a->name, ra->f_n, ra->f_val[k], s->variant);
			csv_num(f, s->f_med[k]);
			fputc(',', f);
			csv_num(f, s->f_lo[k]);
			fputc(',', f);
			csv_num(f, s->f_hi[k]);
			fputc(',', f);
			if (b >= 0 && isfinite(s->f_med[b]) && s->f_med[k] > 0)
				csv_num(f, s->f_med[b] / s->f_med[k]);
			fputs(",,\n", f);
		}
		if (any)
			names[nv++] = s->variant;
	}
	if (close_out(f, r, g->name, "csv", err, errlen))
		return -1;
	char *pre = NULL;
	if (preamble_start(&pre, g) || preamble_array(&pre, "variant", names, nv, 1) ||
	    gplot_appendf(&pre, "brentlabel = \"Brent: (W_2/p + D_2) / (W_f/p + D_f), p = %lu\"\n",
			  p))
		goto nomem;
	int rc = draw(r, g, pre, tdir, err, errlen);
	free(pre);
	return rc;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int fig_speedup(report *r, const char *tdir, char *err, size_t errlen)
{
	rep_figure *g = add_figure(r, "speedup", -1, NULL);
	if (!g)
		goto nomem;
	size_t n = 0;
	uint64_t pmax = 1;
	for (size_t k = 0; k < r->nalgos; k++)
		if (r->algos[k].sp_np) {
			n = r->algos[k].sp_n;
			uint64_t top = r->algos[k].sp_p[r->algos[k].sp_np - 1];
			if (top > pmax)
				pmax = top;
		}
	char sz[32];
	snprintf(g->name, sizeof g->name, "brent-speedup");
	snprintf(g->title, sizeof g->title,
		 "Brent's theorem on the simulator: speedup on p processors, n = %s",
		 size_gp(n, sz, sizeof sz));
	FILE *f = open_out(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	fprintf(f, "algorithm,n,p,t_p,work,depth,w_over_p_plus_d,speedup,brent_speedup\n");
	const char *names[64];
	size_t nn = 0;
	for (size_t k = 0; k < r->nalgos && nn < 64; k++) {
		rep_algo *ra = &r->algos[k];
		if (!ra->sp_np)
			continue;
		names[nn++] = ra->a->name;
		for (size_t i = 0; i < ra->sp_np; i++) {
			double p = (double)ra->sp_p[i],
			       bound = (double)ra->sp_w / p + (double)ra->sp_d;
			fprintf(f, "%s,%zu,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",",
				ra->a->name, ra->sp_n, ra->sp_p[i], ra->sp_tp[i], ra->sp_w,
				ra->sp_d);
			csv_num(f, bound);
			fputc(',', f);
			csv_num(f, (double)ra->sp_tp[0] / (double)ra->sp_tp[i]);
			fputc(',', f);
			csv_num(f, (double)ra->sp_w / bound);
			fputc('\n', f);
		}
	}
	if (close_out(f, r, g->name, "csv", err, errlen))
		return -1;
	char *pre = NULL;
	if (preamble_start(&pre, g) || preamble_array(&pre, "name", names, nn, 1) ||
	    gplot_appendf(&pre, "pmax = %" PRIu64 "\n", pmax))
		goto nomem;
	int rc = draw(r, g, pre, tdir, err, errlen);
	free(pre);
	return rc;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* draw.sh: every figure's PNG and SVG from its script, for a report made
 * with --no-draw on a machine without gnuplot. */
static int write_draw_sh(const report *r, char *err, size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/draw.sh", r->outdir);
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fputs("#!/bin/sh\n# draw.sh - draw this report's figures with gnuplot (pram report "
	      "--no-draw\n# wrote the data and the scripts): sh draw.sh\nset -e\n"
	      "cd \"$(dirname \"$0\")\"\n",
	      f);
	for (size_t k = 0; k < r->nfigs; k++)
		fprintf(f, "gnuplot -e \"fmt='png'\" %s.gp\ngnuplot -e \"fmt='svg'\" %s.gp\n",
			r->figs[k].name, r->figs[k].name);
	fprintf(f, "echo \"%zu figures drawn; the index page is index.html\"\n", r->nfigs);
	if (fclose(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int has_measurements(const rep_algo *ra)
{
	for (size_t v = 0; v < ra->nvar; v++)
		if (ra->var[v].measured)
			return 1;
	return 0;
}

int report_figures(report *r, char *err, size_t errlen)
{
	char terr[1024];
	const char *tdir = gplot_template_dir(terr, sizeof terr);
	r->gnuplot_ok = tdir != NULL;
	if (!tdir)
		snprintf(r->gnuplot_error, sizeof r->gnuplot_error, "%s", terr);
	for (size_t k = 0; k < r->nalgos; k++) {
		rep_algo *ra = &r->algos[k];
		if (has_measurements(ra) && fig_time(r, k, tdir, err, errlen))
			return -1;
		if (fig_cost(r, k, tdir, err, errlen))
			return -1;
		if (ra->f_n && fig_perproc(r, k, tdir, err, errlen))
			return -1;
	}
	/* One figure per family with measurements, in registry order. */
	for (size_t k = 0; k < r->nalgos; k++) {
		const char *fam = r->algos[k].a->family;
		int seen = 0, measured = 0;
		for (size_t j = 0; j < k; j++)
			seen |= strcmp(r->algos[j].a->family, fam) == 0;
		for (size_t j = k; j < r->nalgos; j++)
			if (strcmp(r->algos[j].a->family, fam) == 0)
				measured |= has_measurements(&r->algos[j]);
		if (!seen && measured && fig_family(r, fam, tdir, err, errlen))
			return -1;
	}
	int any_sp = 0;
	for (size_t k = 0; k < r->nalgos; k++)
		any_sp |= r->algos[k].sp_np > 0;
	if (any_sp && fig_speedup(r, tdir, err, errlen))
		return -1;
	if (r->no_draw && tdir && write_draw_sh(r, err, errlen))
		return -1;
	if (r->preview && tdir) {
		const rep_figure *main_fig = NULL;
		for (size_t k = 0; k < r->nfigs && !main_fig; k++)
			if (strcmp(r->figs[k].kind, "time") == 0)
				main_fig = &r->figs[k];
		for (size_t k = 0; k < r->nfigs && !main_fig; k++)
			if (strcmp(r->figs[k].kind, "cost") == 0)
				main_fig = &r->figs[k];
		char gerr[1024];
		if (main_fig && gplot_run(r->outdir, main_fig->name, "dumb", gerr, sizeof gerr))
			cli_error("report: --preview: gnuplot failed on %s.gp: %s", main_fig->name,
				  gerr);
	}
	return 0;
}

/* ---- pages ---- */

/* A figure's title as plain text in buf: without the braces and font
 * changes (a brace, a slash and a scale) of gnuplot's enhanced text, its second line after
 * a comma. */
static void title_plain(char *buf, size_t len, const char *title)
{
	size_t k = 0;
	for (; *title && k + 3 < len; title++) {
		if (*title == '\\' && title[1]) {
			buf[k++] = *++title; /* an escaped mark stands for itself */
		} else if (*title == '{' && title[1] == '/') {
			/* A font change: skip to the space before its text. */
			size_t mark = strcspn(title, " ");
			title += title[mark] ? mark : mark - 1;
		} else if (*title == '\n') {
			buf[k++] = ',';
			buf[k++] = ' ';
		} else if (*title != '{' && *title != '}') {
			buf[k++] = *title;
		}
	}
	buf[k] = '\0';
}

static void title_json(FILE *f, const char *title)
{
	char buf[256];
	title_plain(buf, sizeof buf, title);
	json_str(f, buf);
}

static void write_json(FILE *f, const report *r)
{
	fputs("{\n  \"schema\": \"pramsim-report-1\",\n  \"command\": ", f);
	json_str(f, r->command);
	fputs(",\n  \"date\": ", f);
	json_str(f, r->date);
	fputs(",\n  \"device\": ", f);
	if (r->have_device) {
		fputs("{\"name\": ", f);
		json_str(f, r->device);
		fputs(", \"platform\": ", f);
		json_str(f, r->platform);
		fprintf(f, ", \"compute_units\": %u, \"lanes\": %lu}", r->compute_units, r->lanes);
	} else {
		fputs("null,\n  \"device_error\": ", f);
		json_str(f, r->device_error);
	}
	fprintf(f,
		",\n  \"reps\": %u,\n  \"seed\": %" PRIu64 ",\n  \"sim_max\": %zu,\n  \"sizes\": [",
		r->reps, r->seed, r->sim_max);
	for (size_t k = 0; k < r->nsizes; k++)
		fprintf(f, "%s%zu", k ? ", " : "", r->sizes[k]);
	fputs("],\n  \"algorithms\": [", f);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
		json_str(f, ra->a->name);
		fputs(", \"family\": ", f);
		json_str(f, ra->a->family);
		fputs(", \"work\": ", f);
		json_str(f, ra->a->work_o);
		fputs(", \"depth\": ", f);
		json_str(f, ra->a->depth_o);
		fprintf(f,
			", \"model\": \"%s\",\n     \"closed_form_checked\": %zu, "
			"\"closed_form_differs\": %zu, \"simulation_ok\": %s",
			pram_model_name(ra->a->model), ra->cf_checked, ra->cf_differ,
			ra->sim_failed ? "false" : "true");
		if (ra->sim_note[0]) {
			fputs(", \"simulation_note\": ", f);
			json_str(f, ra->sim_note);
		}
		fputs(",\n     \"cost\": [", f);
		for (size_t i = 0; i < r->nsizes; i++) {
			const rep_cost *c = &ra->cost[i];
			fprintf(f, "%s{\"n\": %zu, \"source\": \"%s\"", i ? ", " : "", r->sizes[i],
				rep_source_name(c->source));
			if (c->source != COST_NONE)
				fprintf(f, ", \"work\": %" PRIu64 ", \"depth\": %" PRIu64, c->w,
					c->d);
			if (c->source == COST_SIM)
				fprintf(f, ", \"depth_serial\": %" PRIu64, c->ds);
			fputs("}", f);
		}
		fputs("],\n     \"variants\": [", f);
		for (size_t v = 0; v < ra->nvar; v++) {
			const rep_series *s = &ra->var[v];
			fprintf(f,
				"%s\n      {\"variant\": \"%s\", \"verified\": %s, \"times_ms\": [",
				v ? "," : "", s->variant, s->all_verified ? "true" : "false");
			int first = 1;
			for (size_t i = 0; i < r->nsizes; i++) {
				if (!isfinite(s->med[i]))
					continue;
				fprintf(f, "%s{\"n\": %zu, \"median\": ", first ? "" : ", ",
					r->sizes[i]);
				json_num(f, s->med[i]);
				fputs(", \"min\": ", f);
				json_num(f, s->lo[i]);
				fputs(", \"max\": ", f);
				json_num(f, s->hi[i]);
				fputs(", \"fit\": ", f);
				json_num(f, s->fitv[i]);
				fputs("}", f);
				first = 0;
			}
			fputs("]", f);
			if (s->have_fit) {
				fputs(",\n       \"fit\": {\"a\": ", f);
				json_num(f, s->fit.coef[0]);
				fputs(", \"b_ms\": ", f);
				json_num(f, s->fit.coef[1]);
				fputs(", \"c_ms\": ", f);
				json_num(f, s->fit.coef[2]);
				fputs(", \"r2\": ", f);
				json_num(f, s->fit.r2);
				fputs(", \"worst_relative_residual\": ", f);
				json_num(f, s->fit.worst_rel);
				fprintf(f, ", \"worst_n\": %zu}", s->worst_n);
			}
			fputs(",\n       \"growth_exponent\": {\"measured\": ", f);
			json_num(f, s->exp_meas);
			fputs(", \"predicted\": ", f);
			json_num(f, s->exp_pred);
			fprintf(f, "}, \"as_predicted\": %s, \"verdict\": ",
				s->as_predicted ? "true" : "false");
			json_str(f, s->verdict);
			if (s->error[0]) {
				fputs(", \"error\": ", f);
				json_str(f, s->error);
			}
			fputs("}", f);
		}
		fputs("]", f);
		if (ra->gpu_note[0]) {
			fputs(",\n     \"not_measured\": ", f);
			json_str(f, ra->gpu_note);
		}
		fputs("}", f);
	}
	fputs("\n  ],\n  \"figures\": [", f);
	for (size_t k = 0; k < r->nfigs; k++) {
		const rep_figure *g = &r->figs[k];
		fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
		json_str(f, g->name);
		fprintf(f, ", \"kind\": \"%s\", \"title\": ", g->kind);
		title_json(f, g->title);
		fputs(", \"algorithm\": ", f);
		if (g->algo >= 0)
			json_str(f, r->algos[g->algo].a->name);
		else
			fputs("null", f);
		fprintf(f, ", \"csv\": \"%s.csv\", \"script\": \"%s.gp\"", g->name, g->name);
		if (g->drawn)
			fprintf(f, ", \"png\": \"%s.png\", \"svg\": \"%s.svg\"", g->name, g->name);
		else {
			fputs(", \"error\": ", f);
			json_str(f, g->error);
		}
		fputs("}", f);
	}
	fputs("\n  ]\n}\n", f);
}

/* Text for HTML: escapes & < > ". */
static void html(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* Text for Markdown: escapes the characters that would start markup. */
static void md(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (strchr("\\`*_[]<>|#", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
}

typedef void (*text_fn)(FILE *, const char *);

static void title_text(FILE *f, text_fn esc, const char *title)
{
	char buf[256];
	title_plain(buf, sizeof buf, title);
	esc(f, buf);
}

/* The figures of one section: the algorithm ai's, or those with algo -1. */
static void figures_of(FILE *f, const report *r, int ai, int as_html)
{
	text_fn esc = as_html ? html : md;
	for (size_t k = 0; k < r->nfigs; k++) {
		const rep_figure *g = &r->figs[k];
		if (g->algo != ai)
			continue;
		if (as_html) {
			fputs("<figure>\n", f);
			if (g->drawn)
				fprintf(
				    f,
				    "<a href=\"%s.svg\"><img src=\"%s.png\" width=\"960\" alt=\"",
				    g->name, g->name);
			if (g->drawn) {
				title_text(f, html, g->title);
				fputs("\"></a>\n", f);
			}
			fputs("<figcaption>", f);
			title_text(f, html, g->title);
			fprintf(
			    f,
			    " &middot; <a href=\"%s.png\">PNG</a> &middot; <a href=\"%s.svg\">SVG"
			    "</a> &middot; <a href=\"%s.csv\">data (CSV)</a> &middot; <a "
			    "href=\"%s.gp\">gnuplot script</a>",
			    g->name, g->name, g->name, g->name);
			if (!g->drawn) {
				fputs("<br>not drawn: ", f);
				html(f, g->error);
			}
			fputs("</figcaption>\n</figure>\n", f);
		} else {
			if (g->drawn) {
				fputs("![", f);
				title_text(f, esc, g->title);
				fprintf(f, "](%s.png)\n\n", g->name);
			}
			title_text(f, esc, g->title);
			fprintf(f,
				": [PNG](%s.png), [SVG](%s.svg), [data (CSV)](%s.csv), "
				"[gnuplot script](%s.gp)",
				g->name, g->name, g->name, g->name);
			if (!g->drawn) {
				fputs("; not drawn: ", f);
				esc(f, g->error);
			}
			fputs("\n\n", f);
		}
	}
}

static void write_index(FILE *f, const report *r, int as_html)
{
	text_fn esc = as_html ? html : md;
	char sz[32], sz2[32], sz3[32];
	if (as_html)
		fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<title>pram report</title>\n<style>\n"
		      "body { font-family: sans-serif; max-width: 1000px; margin: 2em auto; "
		      "line-height: 1.5; padding: 0 1em; }\n"
		      "code { background: #f2f2f2; padding: 0 0.2em; }\n"
		      ".ok { color: #006d4f; } .off { color: #b03000; }\n"
		      "figure { margin: 1.5em 0; } img { max-width: 100%; height: auto; "
		      "border: 1px solid #ddd; }\n"
		      "</style>\n</head>\n<body>\n<h1>pram report</h1>\n<ul>\n",
		      f);
	else
		fputs("# pram report\n\n", f);
	const char *li = as_html ? "<li>" : "- ", *eli = as_html ? "</li>\n" : "\n";
	fputs(li, f);
	fputs("Device: ", f);
	if (r->have_device) {
		esc(f, r->device);
		fputs(" (", f);
		esc(f, r->platform);
		fprintf(f, "), %u compute units, p = %lu lanes in the fits", r->compute_units,
			r->lanes);
	} else {
		fputs("none, so no kernel was measured: ", f);
		esc(f, r->device_error);
	}
	fputs(eli, f);
	fprintf(f, "%sDate: ", li);
	esc(f, r->date);
	fprintf(f, "%s%sCommand: %s", eli, li, as_html ? "<code>" : "`");
	if (as_html)
		html(f, r->command);
	else
		fputs(r->command, f);
	fprintf(f, "%s%s", as_html ? "</code>" : "`", eli);
	fprintf(f,
		"%sSizes: %zu from %s to %s; %u timed runs after a warm-up; simulated up to "
		"n = %s, the registry's closed forms past it%s",
		li, r->nsizes, size_str(r->sizes[0], sz, sizeof sz),
		size_str(r->sizes[r->nsizes - 1], sz2, sizeof sz2), r->reps,
		size_str(r->sim_max, sz3, sizeof sz3), eli);
	fprintf(f,
		"%sModel fitted per kernel: t(n) = a&middot;W(n)/p + b&middot;D(n) + c with a, "
		"b, c &ge; 0 (non-negative least squares on relative residuals); a verdict is "
		"\"grows as predicted\" when the fit is within %.0f%% at every size and "
		"R&sup2; &ge; %.2f%s",
		li, 100 * GOOD_WORST_REL, GOOD_R2, eli);
	fprintf(f, "%sAll numbers: <a href=\"summary.json\">summary.json</a>%s", li, eli);
	if (!r->gnuplot_ok) {
		fprintf(f, "%sSome figures were not drawn: ", li);
		esc(f, r->gnuplot_error);
		fputs(eli, f);
	}
	if (as_html)
		fputs("</ul>\n<h2>Verdicts</h2>\n<ul>\n", f);
	else
		fputs("\n## Verdicts\n\n", f);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		for (size_t v = 0; v < ra->nvar; v++) {
			const rep_series *s = &ra->var[v];
			if (as_html)
				fprintf(f, "<li class=\"%s\"><a href=\"#%s\">%s</a> (%s): ",
					s->as_predicted ? "ok" : "off", ra->a->name, ra->a->name,
					s->variant);
			else
				fprintf(f, "- [%s](#%s) (%s): ", ra->a->name, ra->a->name,
					s->variant);
			esc(f, s->verdict);
			fputs(eli, f);
		}
		if (ra->gpu_note[0]) {
			if (as_html)
				fprintf(f, "<li><a href=\"#%s\">%s</a>: ", ra->a->name,
					ra->a->name);
			else
				fprintf(f, "- [%s](#%s): ", ra->a->name, ra->a->name);
			esc(f, ra->gpu_note);
			fputs(eli, f);
		}
	}
	if (as_html)
		fputs("</ul>\n", f);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		if (as_html) {
			fprintf(f, "<h2 id=\"%s\">%s</h2>\n<p>", ra->a->name, ra->a->name);
			html(f, ra->a->desc);
			fputs(". Predicted W = ", f);
		} else {
			fprintf(f, "\n<a id=\"%s\"></a>\n## %s\n\n", ra->a->name, ra->a->name);
			md(f, ra->a->desc);
			fputs(". Predicted W = ", f);
		}
		esc(f, ra->a->work_o);
		fputs(", D = ", f);
		esc(f, ra->a->depth_o);
		if (ra->a->work_exact) {
			fputs(" (exactly W = ", f);
			esc(f, ra->a->work_exact);
			fputs(", D = ", f);
			esc(f, ra->a->depth_exact ? ra->a->depth_exact : "?");
			fputs(")", f);
		}
		fprintf(f, ", on the %s model. ", pram_model_name(ra->a->model));
		if (ra->cf_checked)
			fprintf(f, "The closed form %s the simulator at %zu size%s%s.",
				ra->cf_differ ? "DIFFERS from" : "matches", ra->cf_checked,
				ra->cf_checked == 1 ? "" : "s",
				ra->cf_differ ? " (see the cost CSV)" : "");
		if (ra->sim_note[0]) {
			fputs(" ", f);
			esc(f, ra->sim_note);
		}
		fputs(as_html ? "</p>\n" : "\n\n", f);
		figures_of(f, r, (int)k, as_html);
	}
	if (as_html)
		fputs("<h2 id=\"families\">Families and Brent's theorem</h2>\n", f);
	else
		fputs("\n<a id=\"families\"></a>\n## Families and Brent's theorem\n\n", f);
	figures_of(f, r, -1, as_html);
	if (as_html)
		fputs("<p>Made by <code>pram report</code>.</p>\n</body>\n</html>\n", f);
}

int report_pages(const report *r, char *err, size_t errlen)
{
	FILE *f = open_out(r, "summary", "json", err, errlen);
	if (!f)
		return -1;
	write_json(f, r);
	if (close_out(f, r, "summary", "json", err, errlen))
		return -1;
	if (!(f = open_out(r, "index", "md", err, errlen)))
		return -1;
	write_index(f, r, 0);
	if (close_out(f, r, "index", "md", err, errlen))
		return -1;
	if (!(f = open_out(r, "index", "html", err, errlen)))
		return -1;
	write_index(f, r, 1);
	return close_out(f, r, "index", "html", err, errlen);
}
