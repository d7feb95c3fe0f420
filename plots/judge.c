/*
 * judge.c - the verdicts of a report (report_judge in report.h): each
 * measured kernel variant's times, the lower quartile of its runs at each
 * size with that quartile's interval, handed to the verdict (verdict.h)
 * with the W and D of that size; the fit and the verdict kept in the
 * variant's record for the figures and the pages.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_int.h"

/* The points of s's verdict into pt: the sizes measured, with a cost,
 * their indexes into the report's sizes into at. Returns how many. */
static size_t series_points(const report *r, const rep_algo *ra, const rep_series *s,
			    verdict_point *pt, size_t *at)
{
	size_t m = 0;
	for (size_t k = 0; k < r->nsizes && m < FIT_MAX_POINTS; k++) {
		const stats_summary *st = &s->runs[k].st;
		if (!(st->q1 > 0) || ra->cost[k].source == COST_NONE)
			continue;
		pt[m] = (verdict_point){.n = (double)r->sizes[k],
					.w = (double)ra->cost[k].w,
					.d = (double)ra->cost[k].d,
					.t = st->q1,
					.t_lo = st->q1_lo,
					.t_hi = st->q1_hi,
					.min = st->min,
					.max = st->max,
					.runs = st->runs,
					.rounds = s->runs[k].rounds};
		at[m++] = k;
	}
	return m;
}

static double lanes(const report *r)
{
	return r->lanes ? (double)r->lanes : 1;
}

verdict_outcome report__verdict(const report *r, const rep_algo *ra, const rep_series *s,
				verdict *v)
{
	verdict_point pt[FIT_MAX_POINTS];
	size_t at[FIT_MAX_POINTS], m = series_points(r, ra, s, pt, at);
	return verdict_judge(pt, m, lanes(r), v);
}

/* The line of s: its verdict's, after what went wrong. */
static void series_line(rep_series *s, const char *line)
{
	char sz[32] = "";
	const char *n = strstr(s->error, "n = ");
	if (n)
		snprintf(sz, sizeof sz, " at %.*s", (int)strcspn(n, ":,"), n);
	snprintf(s->line, sizeof s->line, "%s%s%s%s", s->all_verified ? "" : "WRONG RESULTS; ",
		 s->error[0] && s->all_verified ? "FAILED" : "",
		 s->error[0] && s->all_verified ? sz : "",
		 s->error[0] && s->all_verified ? "; " : "");
	size_t len = strlen(s->line);
	snprintf(s->line + len, sizeof s->line - len, "%s", line);
}

static void judge_series(const report *r, const rep_algo *ra, rep_series *s)
{
	verdict_point pt[FIT_MAX_POINTS];
	size_t at[FIT_MAX_POINTS], m = series_points(r, ra, s, pt, at);
	double p = lanes(r);
	for (size_t k = 0; k < r->nsizes; k++)
		s->fitv[k] = NAN;
	if (m == 0) {
		s->outcome = VERDICT_NONE;
		snprintf(s->verdict, sizeof s->verdict, "not measured: %.480s",
			 s->error[0] ? s->error : "no size ran");
		snprintf(s->line, sizeof s->line, "not measured (see index.html)");
		return;
	}
	verdict v;
	verdict_judge(pt, m, p, &v);
	s->outcome = v.outcome;
	s->failed = v.failed;
	s->open = v.open;
	s->marginal = v.marginal;
	s->exp_meas = v.exp_meas;
	s->exp_pred = v.exp_pred;
	if (v.outcome != VERDICT_NONE) {
		s->have_fit = 1;
		s->fit = v.fit;
		s->close = v.close;
		s->worst_lo = v.worst_lo;
		s->worst_hi = v.worst_hi;
		s->r2_lo = v.r2_lo;
		s->r2_hi = v.r2_hi;
		s->worst_n = r->sizes[at[v.fit.worst_at]];
		s->close_n = r->sizes[at[v.close.worst_at]];
		s->verdict_n = r->sizes[at[v.at]];
		for (size_t i = 0; i < m; i++)
			s->fitv[at[i]] = fit_eval(&v.fit, pt[i].w, pt[i].d, p);
	}
	s->as_predicted = s->all_verified && v.outcome == VERDICT_AS_PREDICTED;
	/* A size that failed to run is said first: the verdict speaks only of
	 * the sizes that ran. */
	char failed[600] = "";
	if (s->error[0] && s->all_verified)
		snprintf(failed, sizeof failed,
			 "FAILED at %.500s; of the sizes that ran: ", s->error);
	snprintf(s->verdict, sizeof s->verdict, "%s%s%s",
		 s->all_verified ? "" : "WRONG RESULTS (see the summary); ", failed, v.text);
	series_line(s, v.line);
}

void report_judge(report *r)
{
	for (size_t k = 0; k < r->nalgos; k++)
		for (size_t v = 0; v < r->algos[k].nvar; v++)
			judge_series(r, &r->algos[k], &r->algos[k].var[v]);
}
