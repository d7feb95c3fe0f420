/*
 * verdict.c - the verdicts of `pram report`: each measured kernel variant's
 * times fitted to Brent's bound t(n) = a*W/p + b*D + c (fit.h), its growth
 * exponents measured and predicted, and a verdict line that says whether it
 * grows as predicted and, when not, where and why it departs.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_int.h"

/* Exponents further apart than this are remarked on. */
#define EXPONENT_GAP 0.25

/* Fit s, one variant of ra, to Brent's bound and write its verdict: the
 * fitted times per size, the worst residual and the growth exponents. */
static void judge_series(const report *r, const rep_algo *ra, rep_series *s)
{
	double ns[FIT_MAX_POINTS] = {0}, w[FIT_MAX_POINTS] = {0}, d[FIT_MAX_POINTS] = {0},
	       t[FIT_MAX_POINTS] = {0}, pred[FIT_MAX_POINTS] = {0};
	size_t at[FIT_MAX_POINTS], m = 0;
	double p = r->lanes ? (double)r->lanes : 1;
	for (size_t k = 0; k < r->nsizes && m < FIT_MAX_POINTS; k++) {
		s->fitv[k] = NAN;
		if (!isfinite(s->runs[k].st.q1) || s->runs[k].st.q1 <= 0 ||
		    ra->cost[k].source == COST_NONE)
			continue;
		ns[m] = (double)r->sizes[k];
		w[m] = (double)ra->cost[k].w;
		d[m] = (double)ra->cost[k].d;
		t[m] = s->runs[k].st.q1;
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
	s->as_predicted = s->all_verified && s->fit.worst_rel <= REPORT_GOOD_WORST_REL &&
			  s->fit.r2 >= REPORT_GOOD_R2;
	char expo[160] = "";
	if (isfinite(s->exp_meas) && isfinite(s->exp_pred))
		snprintf(expo, sizeof expo, "; grows as n^%.2f measured, n^%.2f by W/p + D",
			 s->exp_meas, s->exp_pred);
	if (s->fit.worst_rel <= REPORT_GOOD_WORST_REL && s->fit.r2 >= REPORT_GOOD_R2)
		snprintf(s->verdict, sizeof s->verdict,
			 "%sgrows as predicted: the Brent fit is within %.0f%% at every size "
			 "(R^2 = %.3f)%s",
			 wrong, 100 * s->fit.worst_rel, s->fit.r2, expo);
	else
		snprintf(
		    s->verdict, sizeof s->verdict,
		    "%sdeparts from the prediction by up to %.0f%% (at n = %s: %.3g ms measured, "
		    "%.3g ms fitted; R^2 = %.3f)%s",
		    wrong, 100 * s->fit.worst_rel, report__size_str(s->worst_n, sz, sizeof sz),
		    t[wi], fit_eval(&s->fit, w[wi], d[wi], p), s->fit.r2, expo);
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
			    100 * (all - work) / all,
			    report__size_str((size_t)ns[top], sz, sizeof sz));
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
