/*
 * figures.c - the figures of `pram report`. Every figure is a CSV file (its
 * data, one row per point, in long form so a spreadsheet reads it as it
 * is), a gnuplot script that draws it (the figure's own settings, then the
 * templates common.gp and KIND.gp: see gplot.h), and the PNG and SVG the
 * script makes.
 *
 * The kinds of figure are one table, fig_kinds below: each names its
 * template, what it is drawn for (each algorithm, each family, or the
 * report as a whole), whether the report has one, its title and its data.
 * A new kind is one entry, its functions and its template plots/KIND.gp.
 * A figure of one algorithm's alone is declared in its own file instead
 * (algo.figures: its points and its template) and drawn here as any other.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gplot.h"
#include "report_int.h"

/* What a kind of figure is drawn for. */
typedef enum {
	PER_ALGO,   /* one figure per algorithm (rep_figure.algo) */
	PER_FAMILY, /* one per family of algorithms (rep_figure.family) */
	PER_REPORT  /* one for the whole report */
} fig_scope;

typedef struct fig_kind {
	const char *name;            /* the kind, as summary.json gives it */
	const char *tmpl;            /* its template: TMPL.gp in the template folder */
	fig_scope scope;             /* what it is drawn for */
	const char *prefix, *suffix; /* its file name: prefix, algorithm or family, suffix */
	/* Whether the report has this figure for g's algorithm or family. */
	int (*wanted)(const report *r, const rep_figure *g);
	/* Its title, gnuplot enhanced text, into buf. */
	void (*title)(const report *r, const rep_figure *g, char *buf, size_t len);
	/* Its CSV, header first, into f, and its template's settings appended
	 * to *pre. Returns 0, or -1 when out of memory. */
	int (*data)(const report *r, const rep_figure *g, FILE *f, char **pre);
	/* Its file name into buf, where not prefix, key or family, suffix;
	 * or NULL. */
	void (*file)(const report *r, const rep_figure *g, char *buf, size_t len);
} fig_kind;

/* ---- helpers of the figures ---- */

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

/* A duration given in ms, in words with the unit that puts it between 1
 * and 1000 ("161 ns", "6.85 µs", "2.3 ms"), or "0". A fitted coefficient
 * is a time per unit: a per unit of W/p, b per step of D, c once. */
static const char *duration(double ms, char *buf, size_t len)
{
	static const char *const units[] = {"s", "ms", "µs", "ns", "ps"};
	double v = ms / 1000;
	size_t u = 0;
	if (!(v > 0)) {
		snprintf(buf, len, "0");
		return buf;
	}
	while (v < 0.9995 && u + 1 < sizeof units / sizeof *units) {
		v *= 1000;
		u++;
	}
	snprintf(buf, len, "%.3g %s", v, units[u]);
	return buf;
}

/* A CSV number: empty when not a number. */
static void csv_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
}

/* The median, fastest and slowest of some runs, three fields of a row. */
static void csv_med_min_max(FILE *f, const stats_summary *st)
{
	csv_num(f, st->med);
	fputc(',', f);
	csv_num(f, st->min);
	fputc(',', f);
	csv_num(f, st->max);
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

/* The key of the sizes past --sim-max, whose W and D are the closed
 * form's: "has_cf = K" (how many such sizes the figure draws) and cf_key,
 * "WHAT (n > 2^{18})", in enhanced text and in plain text for the
 * terminal. */
static int preamble_closed(char **pre, const report *r, size_t count, const char *what)
{
	char sz[32], key[200], q[600];
	snprintf(key, sizeof key, "%s (n > %s)", what, size_gp(r->sim_max, sz, sizeof sz));
	gplot_quote(q, sizeof q, key, 0);
	if (gplot_appendf(pre, "has_cf = %zu\ncf_key = %s\n", count, q))
		return -1;
	snprintf(key, sizeof key, "%s (n > %s)", what, report__size_str(r->sim_max, sz, sizeof sz));
	gplot_quote(q, sizeof q, key, 0);
	return gplot_appendf(pre, "cf_key_plain = %s\n", q);
}

/* An array of strings in the preamble: "nseries = n" and
 * "array NAME[n] = [...]". */
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

static int has_measurements(const rep_algo *ra)
{
	for (size_t v = 0; v < ra->nvar; v++)
		if (ra->var[v].measured)
			return 1;
	return 0;
}

/* ---- time: one algorithm's kernels against the fitted Brent bound ---- */

static int time_wanted(const report *r, const rep_figure *g)
{
	return has_measurements(&r->algos[g->algo]);
}

static void time_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(buf, len, "%s: measured time against Brent's bound\n{/*0.8 on %.180s}",
		 r->algos[g->algo].label, dev);
}

static int time_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	const rep_algo *ra = &r->algos[g->algo];
	/* reps is the number of runs taken at that size; the lower quartile
	 * (the time the fit takes) and its interval came later, so they come
	 * last. */
	fprintf(f, "algorithm,variant,n,reps,median_ms,min_ms,max_ms,fit_ms,work,depth,"
		   "cost_source,verified,q1_ms,q1_ci_low_ms,q1_ci_high_ms\n");
	const char *names[2], *labels[2];
	char lab[2][256];
	size_t nv = 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		const rep_series *s = &ra->var[v];
		if (!s->measured)
			continue;
		for (size_t k = 0; k < r->nsizes; k++) {
			if (!isfinite(s->runs[k].st.med))
				continue;
			const rep_cost *c = &ra->cost[k];
			const stats_summary *st = &s->runs[k].st;
			fprintf(f, "%s,%s,%zu,%zu,", ra->label, s->variant, r->sizes[k], st->runs);
			csv_med_min_max(f, st);
			fputc(',', f);
			csv_num(f, s->fitv[k]);
			if (c->source != COST_NONE)
				fprintf(f, ",%" PRIu64 ",%" PRIu64, c->w, c->d);
			else
				fputs(",,", f);
			fprintf(f, ",%s,%s,", rep_source_name(c->source),
				s->all_verified ? "yes" : "no");
			csv_num(f, st->q1);
			fputc(',', f);
			csv_num(f, st->q1_lo);
			fputc(',', f);
			csv_num(f, st->q1_hi);
			fputc('\n', f);
		}
		if (s->have_fit) {
			char a[32], b[32], c[32];
			snprintf(lab[nv], sizeof lab[nv], "%s fit: %s × W/p + %s × D + %s",
				 s->variant, duration(s->fit.coef[0], a, sizeof a),
				 duration(s->fit.coef[1], b, sizeof b),
				 duration(s->fit.coef[2], c, sizeof c));
		} else
			snprintf(lab[nv], sizeof lab[nv], "%s: too few sizes to fit", s->variant);
		names[nv] = s->variant;
		labels[nv] = lab[nv];
		nv++;
	}
	if (preamble_array(pre, "variant", names, nv, 1) ||
	    gplot_appendf(pre, "array fitlabel[%zu] = [", nv))
		return -1;
	for (size_t k = 0; k < nv; k++) {
		char q[600];
		gplot_quote(q, sizeof q, labels[k], 0);
		if (gplot_appendf(pre, "%s%s", k ? ", " : "", q))
			return -1;
	}
	size_t cf = 0;
	for (size_t k = 0; k < r->nsizes; k++)
		if (ra->cost[k].source == COST_CLOSED)
			for (size_t v = 0; v < ra->nvar; v++)
				if (isfinite(ra->var[v].fitv[k])) {
					cf++;
					break;
				}
	if (gplot_appendf(pre, "]\n"))
		return -1;
	return preamble_closed(pre, r, cf, "fit on the closed form's W, D");
}

/* ---- cost: one algorithm's W, D and D_serial, simulated and closed ---- */

static int cost_wanted(const report *r, const rep_figure *g)
{
	return 1;
}

static void cost_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char sz[32];
	snprintf(
	    buf, len,
	    "%s: work and depth\n{/*0.8 the simulator (up to n = %s) against the closed forms}",
	    r->algos[g->algo].label, size_gp(r->sim_max, sz, sizeof sz));
}

static int cost_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	const rep_algo *ra = &r->algos[g->algo];
	fprintf(f, "algorithm,n,source,work,depth,depth_serial,work_closed,depth_closed,"
		   "closed_matches\n");
	int has_closed = 0, has_serial = 0;
	for (size_t k = 0; k < r->nsizes; k++) {
		const rep_cost *c = &ra->cost[k];
		fprintf(f, "%s,%zu,%s,", ra->label, r->sizes[k], rep_source_name(c->source));
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
	size_t cf = 0;
	for (size_t k = 0; k < r->nsizes; k++)
		cf += ra->cost[k].source == COST_CLOSED;
	if (preamble_closed(pre, r, cf, "closed form only"))
		return -1;
	return gplot_appendf(pre, "has_closed = %d\nhas_serial = %d\n", has_closed, has_serial);
}

/* ---- perproc: f elements per work-item, measured against Brent ---- */

static int perproc_wanted(const report *r, const rep_figure *g)
{
	return r->algos[g->algo].f_n != 0;
}

static void perproc_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char dev[400], sz[32];
	device_words(r, dev, sizeof dev);
	snprintf(buf, len,
		 "%s, f elements per work-item: speedup over f = 2\n{/*0.8 n = %s, on %.100s}",
		 r->algos[g->algo].label, size_gp(r->algos[g->algo].f_n, sz, sizeof sz), dev);
}

/* Index of f = 2, the baseline of the speedups, in f_val. */
static int f2_index(const rep_algo *ra)
{
	for (int k = 0; k < REP_NF; k++)
		if (ra->f_val[k] == 2)
			return k;
	return -1;
}

static int perproc_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	const rep_algo *ra = &r->algos[g->algo];
	unsigned long p = r->lanes ? r->lanes : 1;
	/* measured_speedup is of the lower quartiles, the kernel's time as the
	 * time figure takes it; q1_ms came later, so it comes last. */
	fprintf(f, "algorithm,n,f,variant,median_ms,min_ms,max_ms,measured_speedup,notes_speedup,"
		   "brent_speedup,q1_ms\n");
	int b = f2_index(ra);
	for (int k = 0; k < REP_NF; k++) {
		double fv = ra->f_val[k];
		fprintf(f, "%s,%zu,%u,prediction,,,,,", ra->label, ra->f_n, ra->f_val[k]);
		csv_num(f, 2 * fv / (fv + 2));
		fputc(',', f);
		if (b >= 0 && ra->f_cost_ok[k] && ra->f_cost_ok[b])
			csv_num(f, ((double)ra->f_w[b] / (double)p + (double)ra->f_d[b]) /
				       ((double)ra->f_w[k] / (double)p + (double)ra->f_d[k]));
		fputs(",\n", f);
	}
	const char *names[2];
	size_t nv = 0;
	for (size_t v = 0; v < ra->nvar; v++) {
		const rep_series *s = &ra->var[v];
		int any = 0;
		for (int k = 0; k < REP_NF; k++) {
			if (!isfinite(s->f_runs[k].st.med))
				continue;
			any = 1;
			fprintf(f, "%s,%zu,%u,%s,", ra->label, ra->f_n, ra->f_val[k], s->variant);
			csv_med_min_max(f, &s->f_runs[k].st);
			fputc(',', f);
			if (b >= 0 && isfinite(s->f_runs[b].st.q1) && s->f_runs[k].st.q1 > 0)
				csv_num(f, s->f_runs[b].st.q1 / s->f_runs[k].st.q1);
			fputs(",,,", f);
			csv_num(f, s->f_runs[k].st.q1);
			fputc('\n', f);
		}
		if (any)
			names[nv++] = s->variant;
	}
	if (preamble_array(pre, "variant", names, nv, 1))
		return -1;
	return gplot_appendf(pre,
			     "brentlabel = \"Brent: (W_2/p + D_2) / (W_f/p + D_f), p = %lu\"\n", p);
}

/* ---- family: every measured kernel of a family side by side ---- */

static int family_wanted(const report *r, const rep_figure *g)
{
	for (size_t k = 0; k < r->nalgos; k++)
		if (strcmp(r->algos[k].a->family, g->family) == 0 && has_measurements(&r->algos[k]))
			return 1;
	return 0;
}

static void family_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(buf, len, "the %s family: every kernel side by side\n{/*0.8 on %.150s}", g->family,
		 dev);
}

static int family_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	/* q1_ms, the lower quartile drawn, came later, so it comes last. */
	fprintf(f, "family,algorithm,variant,series,n,median_ms,min_ms,max_ms,q1_ms\n");
	char lab[64][200];
	const char *labels[64];
	size_t nl = 0;
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		if (strcmp(ra->a->family, g->family))
			continue;
		for (size_t v = 0; v < ra->nvar && nl < 64; v++) {
			const rep_series *s = &ra->var[v];
			if (!s->measured)
				continue;
			snprintf(lab[nl], sizeof lab[nl], "%s (%s)", ra->label, s->variant);
			for (size_t i = 0; i < r->nsizes; i++) {
				if (!isfinite(s->runs[i].st.med))
					continue;
				fprintf(f, "%s,%s,%s,%s,%zu,", g->family, ra->label, s->variant,
					lab[nl], r->sizes[i]);
				csv_med_min_max(f, &s->runs[i].st);
				fputc(',', f);
				csv_num(f, s->runs[i].st.q1);
				fputc('\n', f);
			}
			labels[nl] = lab[nl];
			nl++;
		}
	}
	return preamble_array(pre, "label", labels, nl, 1);
}

/* ---- series: an algorithm against the values of its series parameter ---- */

/* Whether ra is the first record of its algorithm's series (the series
 * figure's), and the records of the series, which follow it, in *count. */
static int series_first(const report *r, size_t ai, size_t *count)
{
	const rep_algo *ra = &r->algos[ai];
	if (ra->series < 0 || (ai > 0 && r->algos[ai - 1].a == ra->a))
		return 0;
	size_t c = 1;
	while (ai + c < r->nalgos && r->algos[ai + c].a == ra->a)
		c++;
	*count = c;
	return 1;
}

/* The largest size index where every record of the series from ai on has
 * a time of its first variant (the kernel every value runs), or -1. */
static long series_size(const report *r, size_t ai, size_t count)
{
	for (long k = (long)r->nsizes - 1; k >= 0; k--) {
		int all = 1;
		for (size_t j = 0; j < count && all; j++) {
			const rep_algo *ra = &r->algos[ai + j];
			all = ra->nvar && isfinite(ra->var[0].runs[k].st.q1) &&
			      ra->cost[k].source != COST_NONE;
		}
		if (all)
			return k;
	}
	return -1;
}

static int series_wanted(const report *r, const rep_figure *g)
{
	size_t count;
	return series_first(r, (size_t)g->algo, &count) &&
	       series_size(r, (size_t)g->algo, count) >= 0;
}

static void series_name(const report *r, const rep_figure *g, char *buf, size_t len)
{
	const rep_algo *ra = &r->algos[g->algo];
	snprintf(buf, len, "%s-by-%s", ra->a->name, ra->a->params[ra->series].name);
}

static void series_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	const rep_algo *ra = &r->algos[g->algo];
	size_t count;
	char dev[400], sz[32];
	device_words(r, dev, sizeof dev);
	series_first(r, (size_t)g->algo, &count);
	long k = series_size(r, (size_t)g->algo, count);
	snprintf(buf, len, "%s against --%s: measured and W/p + D\n{/*0.8 n = %s, on %.150s}",
		 ra->a->name, ra->a->params[ra->series].name,
		 size_gp(r->sizes[k < 0 ? 0 : k], sz, sizeof sz), dev);
}

/* Brent's W/p + D of cost c with p the report's lanes. */
static double brent_bound(const report *r, const rep_cost *c)
{
	return (double)c->w / (double)(r->lanes ? r->lanes : 1) + (double)c->d;
}

/* The series' CSV row of record ra at size index k: the kernel variant's
 * runs (st), or the prediction, Brent's bound scaled by scale (st NULL). */
static void series_row(const report *r, const rep_algo *ra, long k, const char *variant,
		       const stats_summary *st, double scale, FILE *f)
{
	const rep_cost *c = &ra->cost[k];
	double bound = brent_bound(r, c);
	fprintf(f, "%s,%s,%" PRId64 ",%s,%zu,", ra->a->name, ra->a->params[ra->series].name,
		ra->series_value, variant, r->sizes[k]);
	if (st) {
		csv_num(f, st->q1);
		fputc(',', f);
		csv_med_min_max(f, st);
	} else {
		csv_num(f, scale * bound);
		fputs(",,,", f);
	}
	fprintf(f, ",%" PRIu64 ",%" PRIu64 ",", c->w, c->d);
	csv_num(f, bound);
	fputc('\n', f);
}

/* The rows of the prediction, "prediction" at each value: Brent's W/p + D
 * at the series' size, scaled to meet the first variant's time at the
 * first value, so that the line shows the shape the counts predict, not a
 * time. Then each variant's runs there, value by value. */
static int series_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	size_t ai = (size_t)g->algo, count;
	series_first(r, ai, &count);
	long k = series_size(r, ai, count);
	const rep_algo *first = &r->algos[ai];
	double scale = first->var[0].runs[k].st.q1 / brent_bound(r, &first->cost[k]);
	fprintf(f, "algorithm,parameter,value,variant,n,q1_ms,median_ms,min_ms,max_ms,work,depth,"
		   "w_over_p_plus_d\n");
	const char *names[REP_MAX_VARIANTS];
	size_t nv = 0;
	for (size_t j = 0; j < count; j++) {
		const rep_algo *ra = &r->algos[ai + j];
		series_row(r, ra, k, "prediction", NULL, scale, f);
		for (size_t v = 0; v < ra->nvar; v++) {
			size_t i = 0;
			while (i < nv && strcmp(names[i], ra->var[v].variant))
				i++;
			if (i == nv && nv < REP_MAX_VARIANTS)
				names[nv++] = ra->var[v].variant;
		}
	}
	for (size_t i = 0; i < nv; i++)
		for (size_t j = 0; j < count; j++) {
			const rep_algo *ra = &r->algos[ai + j];
			for (size_t v = 0; v < ra->nvar; v++)
				if (strcmp(ra->var[v].variant, names[i]) == 0 &&
				    isfinite(ra->var[v].runs[k].st.q1))
					series_row(r, ra, k, names[i], &ra->var[v].runs[k].st, 0,
						   f);
		}
	const char *param = first->a->params[first->series].name;
	char xl[96], pl[200], qx[200], qp[420];
	snprintf(xl, sizeof xl, "--%s", param);
	snprintf(pl, sizeof pl, "W/p + D (p = %lu), scaled to the %s kernel at %s %" PRId64,
		 r->lanes ? r->lanes : 1, first->var[0].variant, xl, first->series_value);
	gplot_quote(qx, sizeof qx, xl, 1);
	gplot_quote(qp, sizeof qp, pl, 1);
	if (preamble_array(pre, "variant", names, nv, 1))
		return -1;
	return gplot_appendf(pre, "xlabel = %s\npredlabel = %s\n", qx, qp);
}

/* ---- speedup: Brent's theorem on the simulator, every algorithm ---- */

static int speedup_wanted(const report *r, const rep_figure *g)
{
	for (size_t k = 0; k < r->nalgos; k++)
		if (r->algos[k].sp_np > 0)
			return 1;
	return 0;
}

static void speedup_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	size_t n = 0;
	for (size_t k = 0; k < r->nalgos; k++)
		if (r->algos[k].sp_np)
			n = r->algos[k].sp_n;
	char sz[32];
	snprintf(buf, len, "Brent's theorem on the simulator: speedup on p processors, n = %s",
		 size_gp(n, sz, sizeof sz));
}

/* The Brent record of the algorithm named name. */
static const rep_algo *algo_named(const report *r, const char *name)
{
	for (size_t k = 0; k < r->nalgos; k++)
		if (strcmp(r->algos[k].a->name, name) == 0)
			return &r->algos[k];
	return NULL;
}

/* Whether the speedup curves of a and b coincide: the same p, and
 * speedups within 10% of each other at every p. On the log scale of the
 * figure, some 15 doublings high, 10% is a few pixels: one curve is drawn
 * on top of the other (reduce and Blelloch's scan differ by 3.5% at
 * most). */
static int same_speedups(const rep_algo *a, const rep_algo *b)
{
	if (a->sp_np != b->sp_np)
		return 0;
	for (size_t i = 0; i < a->sp_np; i++) {
		double sa = (double)a->sp_tp[0] / (double)a->sp_tp[i],
		       sb = (double)b->sp_tp[0] / (double)b->sp_tp[i];
		if (a->sp_p[i] != b->sp_p[i] || fabs(sa - sb) > 0.1 * sa)
			return 0;
	}
	return 1;
}

static int speedup_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	fprintf(f, "algorithm,n,p,t_p,work,depth,w_over_p_plus_d,speedup,brent_speedup\n");
	const char *names[64];
	const rep_algo *drawn[64];
	size_t nn = 0;
	uint64_t pmax = 1;
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		if (!ra->sp_np)
			continue;
		if (ra->sp_p[ra->sp_np - 1] > pmax)
			pmax = ra->sp_p[ra->sp_np - 1];
		if (nn == 64)
			continue;
		drawn[nn] = ra;
		names[nn++] = ra->label;
		for (size_t i = 0; i < ra->sp_np; i++) {
			double p = (double)ra->sp_p[i],
			       bound = (double)ra->sp_w / p + (double)ra->sp_d;
			fprintf(f, "%s,%zu,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",",
				ra->label, ra->sp_n, ra->sp_p[i], ra->sp_tp[i], ra->sp_w, ra->sp_d);
			csv_num(f, bound);
			fputc(',', f);
			csv_num(f, (double)ra->sp_tp[0] / (double)ra->sp_tp[i]);
			fputc(',', f);
			csv_num(f, (double)ra->sp_w / bound);
			fputc('\n', f);
		}
	}
	if (preamble_array(pre, "name", names, nn, 1) ||
	    gplot_appendf(pre, "array same[%zu] = [", nn ? nn : 1))
		return -1;
	/* same[i]: the earlier curve that curve i lies on, which the template
	 * then draws apart and names in the key; 0 for none. */
	for (size_t i = 0; i < nn; i++) {
		size_t on = 0;
		for (size_t j = 0; j < i && !on; j++)
			if (same_speedups(drawn[j], drawn[i]))
				on = j + 1;
		if (gplot_appendf(pre, "%s%zu", i ? ", " : "", on))
			return -1;
	}
	return gplot_appendf(pre, "%s]\npmax = %" PRIu64 "\n", nn ? "" : "0", pmax);
}

/* ---- ratio: two algorithms for one task, time against work ---- */

/* Pairs of algorithms that compute the same thing with different work: the
 * simulator's W predicts how much slower the second is, and the figure
 * sets the measured ratio of the kernel times beside that prediction. */
static const struct {
	const char *fast, *slow; /* the work-efficient one, the other */
	const char *label;       /* the pair in the key */
} ratio_pairs[] = {
    {"reduce-segmented", "jfa-reduce", "jfa-reduce / reduce-segmented"},
    {"scan-blelloch", "scan-hillis-steele", "scan-hillis-steele / scan-blelloch"},
};
#define NPAIRS (sizeof ratio_pairs / sizeof *ratio_pairs)

static const char *const ratio_variants[] = {"teaching", "tuned"};

/* The pair's point at size index i: the ratio of the medians of their
 * kernels of variant v (NAN where either is not measured) and of the
 * simulator's W (NAN where either has none). Returns whether it has both. */
static int pair_points(const report *r, size_t p, size_t i, const char *v, double *tr,
		       double *wr)
{
	const rep_algo *a = algo_named(r, ratio_pairs[p].fast),
		       *b = algo_named(r, ratio_pairs[p].slow);
	*tr = *wr = NAN;
	if (!a || !b)
		return 0;
	if (a->cost[i].w && b->cost[i].w)
		*wr = (double)b->cost[i].w / (double)a->cost[i].w;
	for (size_t x = 0; x < a->nvar; x++)
		for (size_t y = 0; y < b->nvar; y++)
			if (strcmp(a->var[x].variant, v) == 0 && strcmp(b->var[y].variant, v) == 0 &&
			    isfinite(a->var[x].runs[i].st.med) &&
			    isfinite(b->var[y].runs[i].st.med) && a->var[x].runs[i].st.med > 0)
				*tr = b->var[y].runs[i].st.med / a->var[x].runs[i].st.med;
	return isfinite(*tr) && isfinite(*wr);
}

static int ratio_wanted(const report *r, const rep_figure *g)
{
	double tr, wr;
	for (size_t p = 0; p < NPAIRS; p++)
		for (size_t i = 0; i < r->nsizes; i++)
			for (size_t v = 0; v < 2; v++)
				if (pair_points(r, p, i, ratio_variants[v], &tr, &wr))
					return 1;
	return 0;
}

static void ratio_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(buf, len,
		 "the same task with more work: how much slower, measured and predicted by W\n"
		 "{/*0.8 on %.150s}",
		 dev);
}

static int ratio_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	fprintf(f, "pair,series,n,variant,time_ratio,work_ratio\n");
	char lab[2 * NPAIRS][200];
	const char *labels[2 * NPAIRS], *pairs[NPAIRS];
	size_t nl = 0, np = 0;
	for (size_t p = 0; p < NPAIRS; p++) {
		int any = 0;
		for (size_t v = 0; v < 2; v++) {
			int here = 0;
			double tr, wr;
			snprintf(lab[nl], sizeof lab[nl], "%s (%s)", ratio_pairs[p].label,
				 ratio_variants[v]);
			for (size_t i = 0; i < r->nsizes; i++) {
				if (!pair_points(r, p, i, ratio_variants[v], &tr, &wr))
					continue;
				fprintf(f, "%s,%s,%zu,%s,", ratio_pairs[p].label, lab[nl],
					r->sizes[i], ratio_variants[v]);
				csv_num(f, tr);
				fputc(',', f);
				csv_num(f, wr);
				fputc('\n', f);
				here = 1;
			}
			if (here) {
				labels[nl] = lab[nl];
				nl++;
			}
			any |= here;
		}
		if (any)
			pairs[np++] = ratio_pairs[p].label;
	}
	if (preamble_array(pre, "label", labels, nl, 1))
		return -1;
	/* The pairs, for the dashed work ratios (one per pair). */
	if (gplot_appendf(pre, "npairs = %zu\narray pair[%zu] = [", np, np ? np : 1))
		return -1;
	for (size_t k = 0; k < np; k++) {
		char q[600];
		gplot_quote(q, sizeof q, pairs[k], 1);
		if (gplot_appendf(pre, "%s%s", k ? ", " : "", q))
			return -1;
	}
	return gplot_appendf(pre, "%s]\n", np ? "" : "\"\"");
}

/* ---- an algorithm's own figures (algo.figures) ---- */

static int own_wanted(const report *r, const rep_figure *g)
{
	(void)r;
	(void)g;
	return 1;
}

static void own_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s: %s", r->algos[g->algo].label, g->own->title);
}

static void own_name(const report *r, const rep_figure *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s-%s", r->algos[g->algo].key, g->own->name);
}

/* Every point of every series as the algorithm computes it, and the
 * series' names for the template. */
static int own_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	const algo_figure *af = g->own;
	fprintf(f, "algorithm,%s\n", af->columns);
	size_t ns = 0;
	for (; af->series[ns]; ns++) {
		char row[1024];
		int rc;
		for (size_t k = 0; (rc = af->point(ns, k, row, sizeof row)) > 0; k++)
			fprintf(f, "%s,%s\n", r->algos[g->algo].label, row);
		if (rc < 0)
			return -1;
	}
	return preamble_array(pre, af->series_var, af->series, ns, 0);
}

/* ---- memory: bytes and launches against the measured times ---- */

/* The time the memory figure takes at size k: the lower quartile, as the
 * Brent fit does, else the median; NAN where none. */
static double mem_time(const rep_series *s, size_t k)
{
	const stats_summary *st = &s->runs[k].st;
	return isfinite(st->q1) && st->q1 > 0 ? st->q1 : st->med;
}

/* Bytes moved per element by s at size k: the profile's, else the
 * unavoidable bytes (the model without a profile). */
static double mem_bpe(const report *r, const rep_series *s, size_t k)
{
	if (isfinite(s->bpe))
		return s->bpe;
	return r->sizes[k] ? (double)s->runs[k].need / (double)r->sizes[k] : 0;
}

static int memory_wanted(const report *r, const rep_figure *g)
{
	const rep_algo *ra = &r->algos[g->algo];
	return ra->nvar == REP_MAX_VARIANTS && ra->var[0].measured && ra->var[1].measured;
}

static void memory_title(const report *r, const rep_figure *g, char *buf, size_t len)
{
	char dev[400];
	device_words(r, dev, sizeof dev);
	snprintf(buf, len,
		 "%s: the same W; bytes and launches tell teaching from tuned\n{/*0.7 time = "
		 "bytes / B + launches × L, B and L fitted to both kernels; %.120s}",
		 r->algos[g->algo].label, dev);
}

/* The memory-bound model over both variants of ra: t = a * bytes + b *
 * launches, a and b >= 0 by least squares on relative residuals (fit_nnls,
 * as the Brent fit). Returns the points fitted (0: no fit). */
static size_t mem_fit(const report *r, const rep_algo *ra, double *a, double *b)
{
	static double x0[FIT_MAX_POINTS], x1[FIT_MAX_POINTS], y[FIT_MAX_POINTS];
	size_t m = 0;
	for (size_t v = 0; v < ra->nvar; v++)
		for (size_t k = 0; k < r->nsizes && m < FIT_MAX_POINTS; k++) {
			const rep_series *s = &ra->var[v];
			double t = s->runs ? mem_time(s, k) : NAN;
			if (!isfinite(t) || t <= 0 || !s->runs[k].launches)
				continue;
			x0[m] = mem_bpe(r, s, k) * (double)r->sizes[k] / t;
			x1[m] = s->runs[k].launches / t;
			y[m++] = 1;
		}
	double x[2] = {0, 0};
	const double *X[2] = {x0, x1};
	if (m < 3 || fit_nnls(X, 2, y, NULL, m, x) != 0)
		return 0;
	*a = x[0];
	*b = x[1];
	return m;
}

static int memory_data(const report *r, const rep_figure *g, FILE *f, char **pre)
{
	const rep_algo *ra = &r->algos[g->algo];
	double a = 0, b = 0;
	size_t m = mem_fit(r, ra, &a, &b);
	/* B in GB/s (a is ms per byte), L in microseconds. */
	double bw = m && a > 0 ? 1e-6 / a : NAN, lat = m ? b * 1e3 : NAN;
	double p = r->lanes ? (double)r->lanes : 1;
	fprintf(f, "algorithm,variant,n,time_ms,model_ms,bytes_per_element,bytes_source,"
		   "unavoidable_per_element,launches,brent_per_element,bandwidth_gb_per_s,"
		   "launch_us,points\n");
	const char *names[REP_MAX_VARIANTS];
	for (size_t v = 0; v < ra->nvar; v++) {
		const rep_series *s = &ra->var[v];
		names[v] = s->variant;
		for (size_t k = 0; k < r->nsizes; k++) {
			double t = mem_time(s, k);
			if (!isfinite(t) || !s->runs[k].launches)
				continue;
			double n = (double)r->sizes[k], bpe = mem_bpe(r, s, k);
			const rep_cost *c = &ra->cost[k];
			fprintf(f, "%s,%s,%zu,", ra->label, s->variant, r->sizes[k]);
			csv_num(f, t);
			fputc(',', f);
			csv_num(f, m ? a * bpe * n + b * s->runs[k].launches : NAN);
			fputc(',', f);
			csv_num(f, bpe);
			fprintf(f, ",%s,", isfinite(s->bpe) ? "profile" : "unavoidable");
			csv_num(f, (double)s->runs[k].need / n);
			fprintf(f, ",%u,", s->runs[k].launches);
			csv_num(f, c->source != COST_NONE ? ((double)c->w / p + (double)c->d) / n : NAN);
			fputc(',', f);
			csv_num(f, bw);
			fputc(',', f);
			csv_num(f, lat);
			fprintf(f, ",%zu\n", m);
		}
	}
	char key[300], q[700];
	if (m)
		snprintf(key, sizeof key, "fitted: B = %.4g GB/s, L = %.4g µs a launch", bw,
			 lat);
	else
		snprintf(key, sizeof key, "model: too few sizes to fit");
	gplot_quote(q, sizeof q, key, 0);
	if (preamble_array(pre, "variant", names, ra->nvar, 1) ||
	    gplot_appendf(pre, "model_key = %s\n", q))
		return -1;
	/* Where the bytes came from, for the left panel's label. */
	const rep_series *s0 = &ra->var[0];
	if (isfinite(s0->bpe) && isfinite(ra->var[1].bpe))
		snprintf(key, sizeof key, "bytes per element: Oclgrind profile at n = %zu",
			 s0->bpe_n);
	else
		snprintf(key, sizeof key, "bytes per element: the unavoidable (no profile: %.150s)",
			 s0->bpe_note[0] ? s0->bpe_note : ra->var[1].bpe_note);
	gplot_quote(q, sizeof q, key, 1);
	return gplot_appendf(pre, "bytes_key = %s\n", q);
}

/* ---- the table ---- */

/* The kinds of figure. Within a scope, the report (and its index) shows
 * them in this order. */
static const fig_kind fig_kinds[] = {
    {.name = "time",
     .tmpl = "time",
     .scope = PER_ALGO,
     .prefix = "",
     .suffix = "-time",
     .wanted = time_wanted,
     .title = time_title,
     .data = time_data},
    {.name = "cost",
     .tmpl = "cost",
     .scope = PER_ALGO,
     .prefix = "",
     .suffix = "-cost",
     .wanted = cost_wanted,
     .title = cost_title,
     .data = cost_data},
    {.name = "memory",
     .tmpl = "memory",
     .scope = PER_ALGO,
     .prefix = "",
     .suffix = "-memory",
     .wanted = memory_wanted,
     .title = memory_title,
     .data = memory_data},
    {.name = "perproc",
     .tmpl = "perproc",
     .scope = PER_ALGO,
     .prefix = "",
     .suffix = "-perproc",
     .wanted = perproc_wanted,
     .title = perproc_title,
     .data = perproc_data},
    {.name = "series",
     .tmpl = "series",
     .scope = PER_ALGO,
     .wanted = series_wanted,
     .title = series_title,
     .data = series_data,
     .file = series_name},
    {.name = "family",
     .tmpl = "family",
     .scope = PER_FAMILY,
     .prefix = "family-",
     .suffix = "",
     .wanted = family_wanted,
     .title = family_title,
     .data = family_data},
    {.name = "speedup",
     .tmpl = "speedup",
     .scope = PER_REPORT,
     .prefix = "brent-speedup",
     .suffix = "",
     .wanted = speedup_wanted,
     .title = speedup_title,
     .data = speedup_data},
    {.name = "ratio",
     .tmpl = "ratio",
     .scope = PER_REPORT,
     .prefix = "work-ratio",
     .suffix = "",
     .wanted = ratio_wanted,
     .title = ratio_title,
     .data = ratio_data},
};

#define NKINDS (sizeof fig_kinds / sizeof *fig_kinds)

/* ---- drawing ---- */

/* A new entry of r->figs, a copy of g. Returns it (valid until the next
 * one), or NULL when out of memory. */
static rep_figure *add_figure(report *r, const rep_figure *g)
{
	if (r->nfigs == r->capfigs) {
		size_t cap = r->capfigs ? 2 * r->capfigs : 16;
		rep_figure *nf = realloc(r->figs, cap * sizeof *nf);
		if (!nf)
			return NULL;
		r->figs = nf;
		r->capfigs = cap;
	}
	r->figs[r->nfigs] = *g;
	return &r->figs[r->nfigs++];
}

/* Script, PNG and SVG of a figure whose CSV is written. Returns 0, or -1
 * when the script cannot be written (err); a drawing failure is kept in the
 * figure. */
static int draw(report *r, rep_figure *g, const char *tmpl, const char *preamble, const char *tdir,
		char *err, size_t errlen)
{
	if (!tdir) {
		snprintf(g->error, sizeof g->error, "%.500s", r->gnuplot_error);
		r->gnuplot_ok = 0;
		return 0;
	}
	if (gplot_write_script(r->outdir, g->name, preamble, tdir, tmpl, err, errlen))
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

/* The figure of kind k for algorithm ai (or -1) or family (or NULL), when
 * the report has one: its CSV, its script and its drawing; own is the
 * algorithm's own figure that k draws, or NULL. Returns 0, or -1 with
 * err. */
static int make_figure(report *r, const fig_kind *k, const algo_figure *own, int ai,
		       const char *family, const char *tdir, char *err, size_t errlen)
{
	rep_figure fig;
	memset(&fig, 0, sizeof fig);
	fig.kind = k->name;
	fig.own = own;
	fig.algo = ai;
	if (family)
		snprintf(fig.family, sizeof fig.family, "%s", family);
	if (!k->wanted(r, &fig))
		return 0;
	if (k->file)
		k->file(r, &fig, fig.name, sizeof fig.name);
	else
		snprintf(fig.name, sizeof fig.name, "%s%s%s", k->prefix,
			 ai >= 0 ? r->algos[ai].key : fig.family, k->suffix);
	k->title(r, &fig, fig.title, sizeof fig.title);
	rep_figure *g = add_figure(r, &fig);
	if (!g)
		goto nomem;
	FILE *f = report__open(r, g->name, "csv", err, errlen);
	if (!f)
		return -1;
	/* The settings every template reads first: the data file and the title,
	 * also as plain text for the terminal, which shows no enhanced text. */
	char *pre = NULL, q[600], plain[300], qp[600];
	gplot_quote(q, sizeof q, g->title, 0);
	report__title_plain(plain, sizeof plain, g->title, "\n");
	gplot_quote(qp, sizeof qp, plain, 0);
	int bad =
	    gplot_appendf(&pre, "datafile = \"%s.csv\"\nplot_title = %s\nplot_title_plain = %s\n",
			  g->name, q, qp) ||
	    k->data(r, g, f, &pre);
	if (report__close(f, r, g->name, "csv", err, errlen)) {
		free(pre);
		return -1;
	}
	if (bad)
		goto nomem;
	int rc = draw(r, g, k->tmpl, pre, tdir, err, errlen);
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

int report_figures(report *r, char *err, size_t errlen)
{
	char terr[1024];
	const char *tdir = gplot_template_dir(terr, sizeof terr);
	r->gnuplot_ok = tdir != NULL;
	if (!tdir)
		snprintf(r->gnuplot_error, sizeof r->gnuplot_error, "%s", terr);
	/* Each algorithm's figures, then each family's (in the order the
	 * algorithms first name them), then the report's. */
	for (size_t a = 0; a < r->nalgos; a++) {
		for (size_t k = 0; k < NKINDS; k++)
			if (fig_kinds[k].scope == PER_ALGO &&
			    make_figure(r, &fig_kinds[k], NULL, (int)a, NULL, tdir, err, errlen))
				return -1;
		/* Then those it declares, after the report's own kinds. */
		const algo_figure *af = r->algos[a].a->figures;
		for (; af && af->name; af++) {
			const fig_kind k = {.name = af->name,
					    .tmpl = af->tmpl,
					    .scope = PER_ALGO,
					    .wanted = own_wanted,
					    .title = own_title,
					    .data = own_data,
					    .file = own_name};
			if (make_figure(r, &k, af, (int)a, NULL, tdir, err, errlen))
				return -1;
		}
	}
	for (size_t a = 0; a < r->nalgos; a++) {
		const char *fam = r->algos[a].a->family;
		int seen = 0;
		for (size_t j = 0; j < a; j++)
			seen |= strcmp(r->algos[j].a->family, fam) == 0;
		for (size_t k = 0; k < NKINDS && !seen; k++)
			if (fig_kinds[k].scope == PER_FAMILY &&
			    make_figure(r, &fig_kinds[k], NULL, -1, fam, tdir, err, errlen))
				return -1;
	}
	for (size_t k = 0; k < NKINDS; k++)
		if (fig_kinds[k].scope == PER_REPORT &&
		    make_figure(r, &fig_kinds[k], NULL, -1, NULL, tdir, err, errlen))
			return -1;
	if (r->no_draw && tdir && write_draw_sh(r, err, errlen))
		return -1;
	return 0;
}

int report_preview(const report *r, char *err, size_t errlen)
{
	/* The main figure: the first of the first of these kinds. */
	static const char *const main_kinds[] = {"time", "cost"};
	char terr[1024];
	if (!gplot_template_dir(terr, sizeof terr))
		return 0;
	const rep_figure *main_fig = NULL;
	for (size_t m = 0; m < sizeof main_kinds / sizeof *main_kinds && !main_fig; m++)
		for (size_t k = 0; k < r->nfigs && !main_fig; k++)
			if (strcmp(r->figs[k].kind, main_kinds[m]) == 0)
				main_fig = &r->figs[k];
	char gerr[1024];
	if (main_fig && gplot_run(r->outdir, main_fig->name, "dumb", gerr, sizeof gerr)) {
		snprintf(err, errlen, "gnuplot failed on %s.gp: %s", main_fig->name, gerr);
		return -1;
	}
	return 0;
}
