/*
 * pages.c - the pages of `pram report`: summary.json (every number, in the
 * schema "pramsim-report-1"), and index.md and index.html, which
 * give the device, the command, the verdicts and every figure with its
 * links. The two indexes are one writer with two escapes.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "report_int.h"

static void title_json(FILE *f, const char *title)
{
	char buf[256];
	report__title_plain(buf, sizeof buf, title, ", ");
	json_str(f, buf);
}

/* The keys of a size's runs after its median, min and max: how many, their
 * lower quartile (the time the fit takes) with its interval, in how many
 * rounds, why they stopped and the time they took. */
static void write_runs_json(FILE *f, const rep_runs *ru)
{
	fprintf(f, ", \"runs\": %zu, \"lower_quartile\": ", ru->st.runs);
	json_num(f, ru->st.q1);
	fputs(", \"lower_quartile_ci\": [", f);
	json_num(f, ru->st.q1_lo);
	fputs(", ", f);
	json_num(f, ru->st.q1_hi);
	fputs("], \"lower_quartile_ci_level\": ", f);
	json_num(f, ru->st.q1_level);
	fprintf(f, ", \"rounds\": %u, \"stopped\": \"%s\", \"seconds\": ", ru->rounds,
		rep_stop_name(ru->stop));
	json_num(f, ru->spent_s);
}

/* "KEY": [the criteria in bits, by name], */
static void criteria_json(FILE *f, const char *key, unsigned bits)
{
	fprintf(f, "\"%s\": [%s%s%s], ", key, bits & VERDICT_WORST ? "\"worst-residual\"" : "",
		(bits & VERDICT_WORST) && (bits & VERDICT_R2) ? ", " : "",
		bits & VERDICT_R2 ? "\"r2\"" : "");
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
	fputs("],\n  \"budget_s\": ", f);
	json_num(f, r->budget_s);
	fputs(", \"precision\": ", f);
	json_num(f, r->precision);
	fprintf(f,
		", \"confidence\": %g,\n  \"time_statistic\": \"lower_quartile\", "
		"\"thresholds\": {\"worst_relative_residual\": %g, \"r2\": %g, "
		"\"min_uncertainty\": %g, \"settled_uncertainty\": %g},\n  \"algorithms\": [",
		STATS_CONFIDENCE, VERDICT_MAX_WORST, VERDICT_MIN_R2, VERDICT_MIN_UNCERTAINTY,
		VERDICT_MAX_UNCERTAINTY);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
		json_str(f, ra->a->name);
		fputs(", \"label\": ", f);
		json_str(f, ra->label);
		if (ra->series >= 0) {
			fputs(", \"series\": {\"parameter\": ", f);
			json_str(f, ra->a->params[ra->series].name);
			fprintf(f, ", \"value\": %" PRId64 "}", ra->series_value);
		}
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
				if (!isfinite(s->runs[i].st.med))
					continue;
				fprintf(f, "%s{\"n\": %zu, \"median\": ", first ? "" : ", ",
					r->sizes[i]);
				json_num(f, s->runs[i].st.med);
				fputs(", \"min\": ", f);
				json_num(f, s->runs[i].st.min);
				fputs(", \"max\": ", f);
				json_num(f, s->runs[i].st.max);
				fputs(", \"fit\": ", f);
				json_num(f, s->fitv[i]);
				write_runs_json(f, &s->runs[i]);
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
				fprintf(f, ", \"worst_n\": %zu, \"r2_range\": [", s->worst_n);
				json_num(f, s->r2_lo);
				fputs(", ", f);
				json_num(f, s->r2_hi);
				fputs("]},\n       \"closest_fit\": {\"a\": ", f);
				json_num(f, s->close.coef[0]);
				fputs(", \"b_ms\": ", f);
				json_num(f, s->close.coef[1]);
				fputs(", \"c_ms\": ", f);
				json_num(f, s->close.coef[2]);
				fputs(", \"worst_relative_residual\": ", f);
				json_num(f, s->close.worst_rel);
				fprintf(f,
					", \"worst_n\": %zu, \"worst_relative_residual_range\": [",
					s->close_n);
				json_num(f, s->worst_lo);
				fputs(", ", f);
				json_num(f, s->worst_hi);
				fputs("]}", f);
			}
			fputs(",\n       \"growth_exponent\": {\"measured\": ", f);
			json_num(f, s->exp_meas);
			fputs(", \"predicted\": ", f);
			json_num(f, s->exp_pred);
			fprintf(f, "}, \"as_predicted\": %s, \"outcome\": \"%s\", ",
				s->as_predicted ? "true" : "false",
				verdict_outcome_name(s->outcome));
			criteria_json(f, "failed_criteria", s->failed);
			criteria_json(f, "open_criteria", s->open);
			criteria_json(f, "marginal_criteria", s->marginal);
			if (s->outcome != VERDICT_NONE)
				fprintf(f, "\"verdict_n\": %zu, ", s->verdict_n);
			fputs("\"verdict\": ", f);
			json_str(f, s->verdict);
			fputs(", \"verdict_line\": ", f);
			json_str(f, s->line);
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
			/* a series figure draws every record of its algorithm */
			json_str(f, strcmp(g->kind, "series") ? r->algos[g->algo].label
							      : r->algos[g->algo].a->name);
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

/* Text for HTML (html_text), NULL as nothing. */
static void html(FILE *f, const char *s)
{
	if (s)
		html_text(f, s, strlen(s));
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
	report__title_plain(buf, sizeof buf, title, ", ");
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

/* The times of ra's kernels per size: the lower quartile of the runs, how
 * many runs, how well the quartile is known and how far apart the runs
 * are; nothing when no kernel was measured. */
static void runs_table(FILE *f, const report *r, const rep_algo *ra, int as_html)
{
	const rep_series *vs[2];
	size_t nv = 0;
	for (size_t v = 0; v < ra->nvar; v++)
		if (ra->var[v].measured)
			vs[nv++] = &ra->var[v];
	if (!nv)
		return;
	const char *cell = as_html ? "<td>" : " | ", *ecell = as_html ? "</td>" : "";
	fprintf(f,
		"%sThe time at each size is the lower quartile of the runs; &plusmn; its "
		"%.0f%% confidence interval, relative to it; the spread is the slowest run "
		"over the fastest.%s",
		as_html ? "<p>" : "", 100 * STATS_CONFIDENCE,
		as_html ? "</p>\n<table>\n<tr><th>n</th>" : "\n\n| n");
	for (size_t v = 0; v < nv; v++)
		if (as_html)
			fprintf(f, "<th>%s (ms)</th><th>runs</th><th>&plusmn;</th><th>spread</th>",
				vs[v]->variant);
		else
			fprintf(f, " | %s (ms) | runs | &plusmn; | spread", vs[v]->variant);
	fputs(as_html ? "</tr>\n" : " |\n|---", f);
	for (size_t v = 0; !as_html && v < nv; v++)
		fputs("|--:|--:|--:|--:", f);
	fputs(as_html ? "" : "|\n", f);
	char sz[32];
	for (size_t k = 0; k < r->nsizes; k++) {
		fprintf(f, "%s%s%s", as_html ? "<tr><td>" : "| ",
			report__size_str(r->sizes[k], sz, sizeof sz), ecell);
		for (size_t v = 0; v < nv; v++) {
			const stats_summary *st = &vs[v]->runs[k].st;
			if (!st->runs || !(st->q1 > 0)) {
				fprintf(f, "%s%s%s%s%s%s%s%s", cell, ecell, cell, ecell, cell,
					ecell, cell, ecell);
				continue;
			}
			fprintf(f, "%s%.3g%s%s%zu%s%s-%.1f%%/+%.1f%%%s%s%.2f&times;%s", cell,
				st->q1, ecell, cell, st->runs, ecell, cell,
				100 * (st->q1 - st->q1_lo) / st->q1,
				100 * (st->q1_hi - st->q1) / st->q1, ecell, cell, st->max / st->min,
				ecell);
		}
		fputs(as_html ? "</tr>\n" : " |\n", f);
	}
	fputs(as_html ? "</table>\n" : "\n", f);
}

static void write_index(FILE *f, const report *r, int as_html)
{
	text_fn esc = as_html ? html : md;
	char sz[32], sz2[32], sz3[32];
	if (as_html)
		fputs(
		    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<title>pram report</title>\n<style>\n"
		    "body { font-family: sans-serif; max-width: 1000px; margin: 2em auto; "
		    "line-height: 1.5; padding: 0 1em; }\n"
		    "code { background: #f2f2f2; padding: 0 0.2em; }\n"
		    ".ok { color: #006d4f; } .off { color: #b03000; } .noisy { color: #7a5c00; }\n"
		    "table { border-collapse: collapse; } td, th { padding: 0.1em 0.6em; "
		    "text-align: right; }\n"
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
		"%sSizes: %zu from %s to %s; simulated up to n = %s, the registry's closed "
		"forms past it%s",
		li, r->nsizes, report__size_str(r->sizes[0], sz, sizeof sz),
		report__size_str(r->sizes[r->nsizes - 1], sz2, sizeof sz2),
		report__size_str(r->sim_max, sz3, sizeof sz3), eli);
	if (r->budget_s > 0)
		fprintf(f,
			"%sRuns: rounds of a warm-up and %u timed runs, in passes that take a "
			"round of every kernel at every size of an algorithm, so that load on the "
			"machine meets all its sizes alike; at least %d passes over at least %.3g "
			"s, then more while a verdict rests on the noise and some size's time is "
			"not yet known within &plusmn;%.3g%% (the %.0f%% confidence interval of "
			"the lower quartile of its runs), until %.3g s per size and kernel are "
			"spent%s",
			li, r->reps, REP_MIN_ROUNDS, REP_MIN_SPAN_S, 100 * r->precision,
			100 * STATS_CONFIDENCE, r->budget_s, eli);
	else
		fprintf(f, "%sRuns: a warm-up and %u timed runs per size and kernel%s", li, r->reps,
			eli);
	fprintf(f,
		"%sModel fitted per kernel: t(n) = a&middot;W(n)/p + b&middot;D(n) + c with a, "
		"b, c &ge; 0, to the lower quartile of the runs at each size. A verdict is "
		"\"grows as predicted\" when some such fit is within %.0f%% of every size (the "
		"closest fit, which minimises the worst relative residual) and the "
		"least-squares fit drawn (a time known only roughly counting for less) has "
		"R&sup2; &ge; %.2f; \"departs\" when either fails even with every time "
		"moved toward the fit within its %.0f%% confidence interval (at least "
		"&plusmn;%.3g%%); where a criterion holds only so, within the noise, the "
		"verdict says so; and \"too noisy to judge\" where a time known more loosely "
		"than &plusmn;%.3g%%, or from a single round of runs, leaves a criterion on "
		"either side%s",
		li, 100 * VERDICT_MAX_WORST, VERDICT_MIN_R2, 100 * STATS_CONFIDENCE,
		100 * VERDICT_MIN_UNCERTAINTY, 100 * VERDICT_MAX_UNCERTAINTY, eli);
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
					s->as_predicted ? "ok"
					: s->outcome == VERDICT_TOO_NOISY && s->all_verified
					    ? "noisy"
					    : "off",
					ra->key, ra->label, s->variant);
			else
				fprintf(f, "- [%s](#%s) (%s): ", ra->label, ra->key, s->variant);
			esc(f, s->verdict);
			fputs(eli, f);
		}
		if (ra->gpu_note[0]) {
			if (as_html)
				fprintf(f, "<li><a href=\"#%s\">%s</a>: ", ra->key, ra->label);
			else
				fprintf(f, "- [%s](#%s): ", ra->label, ra->key);
			esc(f, ra->gpu_note);
			fputs(eli, f);
		}
	}
	if (as_html)
		fputs("</ul>\n", f);
	for (size_t k = 0; k < r->nalgos; k++) {
		const rep_algo *ra = &r->algos[k];
		if (as_html) {
			fprintf(f, "<h2 id=\"%s\">%s</h2>\n<p>", ra->key, ra->label);
			html(f, ra->a->desc);
			fputs(". Predicted W = ", f);
		} else {
			fprintf(f, "\n<a id=\"%s\"></a>\n## %s\n\n", ra->key, ra->label);
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
		runs_table(f, r, ra, as_html);
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
	FILE *f = report__open(r, "summary", "json", err, errlen);
	if (!f)
		return -1;
	write_json(f, r);
	if (report__close(f, r, "summary", "json", err, errlen))
		return -1;
	if (!(f = report__open(r, "index", "md", err, errlen)))
		return -1;
	write_index(f, r, 0);
	if (report__close(f, r, "index", "md", err, errlen))
		return -1;
	if (!(f = report__open(r, "index", "html", err, errlen)))
		return -1;
	write_index(f, r, 1);
	return report__close(f, r, "index", "html", err, errlen);
}
