/*
 * figures.c - the figures of `pram report`. Every figure is a CSV file (its
 * data, one row per point, in long form so a spreadsheet reads it as it
 * is), a gnuplot script that draws it (the figure's own settings, then the
 * templates common.gp and KIND.gp: see gplot.h), and the PNG and SVG the
 * script makes.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gplot.h"
#include "report_int.h"

/* n for an enhanced-text title: "2^{k}" when a power of two. */
static const char *size_gp(size_t n, char *buf, size_t len)
{
	report__size_str(n, buf, len);
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
	FILE *f = report__open(r, g->name, "csv", err, errlen);
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
	if (report__close(f, r, g->name, "csv", err, errlen))
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
	FILE *f = report__open(r, g->name, "csv", err, errlen);
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
	if (report__close(f, r, g->name, "csv", err, errlen))
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
	FILE *f = report__open(r, g->name, "csv", err, errlen);
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
	if (report__close(f, r, g->name, "csv", err, errlen))
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
	FILE *f = report__open(r, g->name, "csv", err, errlen);
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
	if (report__close(f, r, g->name, "csv", err, errlen))
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
	FILE *f = report__open(r, g->name, "csv", err, errlen);
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
	if (report__close(f, r, g->name, "csv", err, errlen))
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
	return 0;
}

int report_preview(const report *r, char *err, size_t errlen)
{
	char terr[1024];
	if (!gplot_template_dir(terr, sizeof terr))
		return 0;
	const rep_figure *main_fig = NULL;
	for (size_t k = 0; k < r->nfigs && !main_fig; k++)
		if (strcmp(r->figs[k].kind, "time") == 0)
			main_fig = &r->figs[k];
	for (size_t k = 0; k < r->nfigs && !main_fig; k++)
		if (strcmp(r->figs[k].kind, "cost") == 0)
			main_fig = &r->figs[k];
	char gerr[1024];
	if (main_fig && gplot_run(r->outdir, main_fig->name, "dumb", gerr, sizeof gerr)) {
		snprintf(err, errlen, "gnuplot failed on %s.gp: %s", main_fig->name, gerr);
		return -1;
	}
	return 0;
}
