/*
 * verdict.c - the verdict on one kernel's times (see verdict.h): the fits,
 * their criteria evaluated at the times and at the ends of their
 * intervals, and the verdict in words, naming the criterion that fails or
 * that the noise leaves open, the size and by how much; in full for the
 * pages, and in one line for a terminal.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "verdict.h"

/* Growth exponents further apart than this are remarked on. */
#define EXPONENT_GAP 0.25
/* A growth flatter than W/p + D is put down to the depth and fixed costs
 * only where they are at least this share of the time at the largest
 * size; below it, they do not explain it. */
#define FIXED_SHARE  0.25

const char *verdict_outcome_name(verdict_outcome o)
{
	static const char *const names[] = {"none", "as-predicted", "departs", "too-noisy"};
	return names[o];
}

/* n as "2^k" when a power of two, else in decimal, in buf. Returns buf. */
static const char *size_words(double n, char *buf, size_t len)
{
	int k;
	if (n >= 1 && frexp(n, &k) == 0.5)
		snprintf(buf, len, "2^%d", k - 1);
	else
		snprintf(buf, len, "%.0f", n);
	return buf;
}

/* Where a time x in [lo, hi] can put R^2's sum: the least and the greatest
 * squared residual (x - f)^2 against the fit f, the least at x = f or the
 * nearer end, the greatest at an end. */
typedef struct reach {
	double sq_min, sq_max;
} reach;

static reach reach_of(double lo, double hi, double f)
{
	reach e;
	double near = f < lo ? lo : f > hi ? hi : f;
	e.sq_min = (near - f) * (near - f);
	e.sq_max =
	    (lo - f) * (lo - f) > (hi - f) * (hi - f) ? (lo - f) * (lo - f) : (hi - f) * (hi - f);
	return e;
}

/* How far q's time is off the fit, relative to the time. */
static double off_fit(const fit_result *fit, const verdict_point *q, double p)
{
	return fabs(q->t - fit_eval(fit, q->w, q->d, p)) / q->t;
}

/* Whether q's runs came in one round, back to back: then one burst of
 * load may have met them all, and its time is possibly anywhere. */
static int one_round(const verdict_point *q)
{
	return q->rounds < 2;
}

/* Whether q's time is known well: from more than one round, its interval
 * within +-VERDICT_MAX_UNCERTAINTY of it. */
static int known_well(const verdict_point *q)
{
	return !one_round(q) && (q->t_hi - q->t_lo) / (2 * q->t) <= VERDICT_MAX_UNCERTAINTY;
}

/* The range the time of q is taken to lie in: its interval, at least
 * +-VERDICT_MIN_UNCERTAINTY; the range of its runs too after one round. */
static void range_of(const verdict_point *q, double *lo, double *hi)
{
	*lo = q->t * (1 - VERDICT_MIN_UNCERTAINTY);
	*hi = q->t * (1 + VERDICT_MIN_UNCERTAINTY);
	if (q->t_lo > 0 && q->t_lo < *lo)
		*lo = q->t_lo;
	if (q->t_hi > *hi)
		*hi = q->t_hi;
	if (one_round(q)) {
		if (q->min > 0 && q->min < *lo)
			*lo = q->min;
		if (q->max > *hi)
			*hi = q->max;
	}
}

/* R^2 for the line, kept to a width: below -9.99 it says nothing more. */
static double r2_shown(double r2)
{
	return r2 < -9.99 ? -9.99 : r2;
}

/* "45% off at n = 2^13 (0.0206 ms measured, 0.0298 ms fitted)" for point i
 * of the fit into buf. */
static void residual_words(const fit_result *fit, const verdict_point *pt, size_t i, double p,
			   char *buf, size_t len)
{
	const verdict_point *q = &pt[i];
	double f = fit_eval(fit, q->w, q->d, p);
	char sz[32];
	snprintf(buf, len, "%.0f%% off at n = %s (%.3g ms measured, %.3g ms fitted)",
		 100 * fabs(q->t - f) / q->t, size_words(q->n, sz, sizeof sz), q->t, f);
}

/* The growth exponents, and what their gap means, appended to v->text. */
static void exponent_words(verdict *v, const verdict_point *pt, size_t m, double p)
{
	if (!isfinite(v->exp_meas) || !isfinite(v->exp_pred))
		return;
	size_t len = strlen(v->text);
	snprintf(v->text + len, sizeof v->text - len,
		 "; grows as n^%.2f measured, n^%.2f by W/p + D", v->exp_meas, v->exp_pred);
	double gap = v->exp_meas - v->exp_pred;
	if (fabs(gap) <= EXPONENT_GAP)
		return;
	const verdict_point *top = &pt[m - 1];
	double all = fit_eval(&v->fit, top->w, top->d, p);
	double fixed = all > 0 ? (all - v->fit.coef[0] * top->w / p) / all : 0;
	char sz[32];
	len = strlen(v->text);
	if (gap < 0 && fixed >= FIXED_SHARE)
		snprintf(v->text + len, sizeof v->text - len,
			 "; growth is flatter than W/p + D here because the depth and fixed costs "
			 "b*D + c (launches, barriers) are still %.0f%% of the time at n = %s: "
			 "larger sizes show the asymptotic growth",
			 100 * fixed, size_words(top->n, sz, sizeof sz));
	else
		snprintf(v->text + len, sizeof v->text - len,
			 "; the exponents differ by %.2f at these sizes", fabs(gap));
}

/* Write the one-line verdict. Its numbers are percentages up to 100 (a
 * fit of 0 is 100% off; an interval's +-% kept to 999), R^2 kept to -9.99
 * and a size of at most 2^28, so it fits VERDICT_LINE_MAX; were it longer,
 * it would be cut. */
__attribute__((format(printf, 2, 3))) static void set_line(verdict *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->line, sizeof v->line, fmt, ap);
	va_end(ap);
}

/* The point that leaves a criterion open: of the times not known well
 * (there is one when a criterion is open), the one from one round, else
 * the one whose range is widest for the worst residual (worst), or moves
 * R^2 most. */
static size_t loosest(const verdict_point *pt, const reach *e, size_t m, int worst)
{
	size_t best = m;
	double most = -1;
	for (size_t i = 0; i < m; i++) {
		if (known_well(&pt[i]))
			continue;
		if (one_round(&pt[i]))
			return i;
		double lo, hi;
		range_of(&pt[i], &lo, &hi);
		double how = worst ? (hi - lo) / pt[i].t : e[i].sq_max - e[i].sq_min;
		if (how > most) {
			most = how;
			best = i;
		}
	}
	return best < m ? best : 0;
}

/* How the runs of q went, into buf: "the runs at n = 2^10 spread 1.4 times
 * (slowest over fastest; 150 runs in 30 rounds), their lower quartile
 * known within 0.0125 to 0.0135 ms". */
static void runs_words(const verdict_point *q, char *buf, size_t len)
{
	char sz[32];
	size_words(q->n, sz, sizeof sz);
	if (one_round(q))
		snprintf(buf, len,
			 "the runs at n = %s spread %.2g times (slowest over fastest, %zu runs), "
			 "all in one round, back to back, which one burst of load may have met: "
			 "only rounds at other times would tell whether that is the kernel or "
			 "the load",
			 sz, q->min > 0 ? q->max / q->min : INFINITY, q->runs);
	else
		snprintf(buf, len,
			 "the runs at n = %s spread %.2g times (slowest over fastest; %zu runs in "
			 "%u rounds), their lower quartile known within %.3g to %.3g ms",
			 sz, q->min > 0 ? q->max / q->min : INFINITY, q->runs, q->rounds, q->t_lo,
			 q->t_hi);
}

/* The verdict too noisy in words: the point that leaves it open, how far
 * apart its runs are and what the intervals do to the open criterion. */
static void noisy_words(verdict *v, const verdict_point *pt, const reach *e, size_t m, double p)
{
	char sz[32], runs[400], off[160];
	const char *more = "more runs (a larger budget) or a quieter machine would decide it";
	v->at = loosest(pt, e, m, (v->open & VERDICT_WORST) != 0);
	const verdict_point *q = &pt[v->at];
	size_words(q->n, sz, sizeof sz);
	runs_words(q, runs, sizeof runs);
	if (v->open & VERDICT_WORST) {
		residual_words(&v->close, pt, v->close.worst_at, p, off, sizeof off);
		snprintf(v->text, sizeof v->text,
			 "too noisy to judge: the closest Brent fit is %s; within the times' "
			 "intervals some fit comes within %.0f%% of every size, but none within "
			 "%.0f%% of all their values, on both sides of the %.0f%% allowed, and "
			 "not every time is known within +-%.0f%%: %s; %s",
			 off, 100 * v->worst_lo, 100 * v->worst_hi, 100 * VERDICT_MAX_WORST,
			 100 * VERDICT_MAX_UNCERTAINTY, runs, more);
	} else {
		snprintf(v->text, sizeof v->text,
			 "too noisy to judge: within the noise R^2 is anywhere from %.3f to %.3f, "
			 "where %.2f is needed, and not every time is known within +-%.0f%%, "
			 "most of all because %s; %s",
			 v->r2_lo, v->r2_hi, VERDICT_MIN_R2, 100 * VERDICT_MAX_UNCERTAINTY, runs,
			 more);
	}
	if (one_round(q))
		set_line(v, "too noisy to judge (one round of runs at n = %s)", sz);
	else if (v->open & VERDICT_WORST)
		set_line(v, "too noisy to judge (%.0f-%.0f%% off; n = %s known to +-%.0f%%)",
			 100 * v->worst_lo, 100 * v->worst_hi, sz,
			 fmin(999, 100 * (q->t_hi - q->t_lo) / (2 * q->t)));
	else
		set_line(v, "too noisy to judge (R^2 %.2f to %.2f; loose at n = %s)",
			 r2_shown(v->r2_lo), r2_shown(v->r2_hi), sz);
}

/* The closest fit's worst residual with the times free within their
 * intervals (favourable) and with the fit held to all of them, into
 * v->worst_lo and v->worst_hi. A time from one round may be on the fit:
 * it binds only the second. */
static void closest_range(verdict *v, const verdict_point *pt, size_t m, double p)
{
	double w[FIT_MAX_POINTS], d[FIT_MAX_POINTS], lo[FIT_MAX_POINTS], hi[FIT_MAX_POINTS];
	size_t k = 0;
	fit_result f;
	for (size_t i = 0; i < m; i++) {
		if (one_round(&pt[i]))
			continue;
		w[k] = pt[i].w;
		d[k] = pt[i].d;
		range_of(&pt[i], &lo[k], &hi[k]);
		k++;
	}
	v->worst_lo = k && fit_closest(w, d, lo, hi, k, p, &f) == 0 ? f.worst_rel : 0;
	for (size_t i = 0; i < m; i++) {
		w[i] = pt[i].w;
		d[i] = pt[i].d;
		range_of(&pt[i], &hi[i], &lo[i]); /* swapped: every value binds */
	}
	v->worst_hi = fit_closest(w, d, lo, hi, m, p, &f) == 0 ? f.worst_rel : 1;
}

verdict_outcome verdict_judge(const verdict_point *pt, size_t m, double p, verdict *v)
{
	double n[FIT_MAX_POINTS] = {0}, w[FIT_MAX_POINTS] = {0}, d[FIT_MAX_POINTS] = {0},
	       t[FIT_MAX_POINTS] = {0}, u[FIT_MAX_POINTS] = {0}, pred[FIT_MAX_POINTS] = {0};
	reach e[FIT_MAX_POINTS];
	memset(v, 0, sizeof *v);
	if (m > FIT_MAX_POINTS)
		m = FIT_MAX_POINTS;
	for (size_t i = 0; i < m; i++) {
		n[i] = pt[i].n;
		w[i] = pt[i].w;
		d[i] = pt[i].d;
		t[i] = pt[i].t;
		u[i] = pt[i].t > 0 ? (pt[i].t_hi - pt[i].t_lo) / (2 * pt[i].t) : 0;
		pred[i] = w[i] / p + d[i];
	}
	v->exp_meas = fit_growth_exponent(n, t, m);
	v->exp_pred = fit_growth_exponent(n, pred, m);
	if (m < 3 || fit_brent(w, d, t, u, m, p, &v->fit) ||
	    fit_closest(w, d, t, t, m, p, &v->close)) {
		v->outcome = VERDICT_NONE;
		snprintf(v->text, sizeof v->text,
			 "too few sizes to judge: %zu measured, the fit needs 3", m);
		set_line(v, "too few sizes to judge (%zu measured, 3 needed)", m);
		return v->outcome;
	}
	closest_range(v, pt, m, p);
	/* R^2 with every time moved within its range. */
	double mean = 0, ss_tot = 0, sq_min = 0, sq_max = 0;
	for (size_t i = 0; i < m; i++)
		mean += t[i] / (double)m;
	for (size_t i = 0; i < m; i++) {
		double lo, hi;
		range_of(&pt[i], &lo, &hi);
		e[i] = reach_of(lo, hi, fit_eval(&v->fit, w[i], d[i], p));
		if (one_round(&pt[i]))
			e[i].sq_min = 0; /* possibly on the fit */
		sq_min += e[i].sq_min;
		sq_max += e[i].sq_max;
		ss_tot += (t[i] - mean) * (t[i] - mean);
	}
	v->r2_lo = ss_tot > 0 ? 1 - sq_max / ss_tot : v->fit.r2;
	v->r2_hi = ss_tot > 0 ? 1 - sq_min / ss_tot : v->fit.r2;
	/* A criterion fails when it fails even with every time moved toward
	 * the fit within its interval: the times show it, whatever the noise.
	 * Else it holds, when the times are known well (settled: each from
	 * more than one round and within +-VERDICT_MAX_UNCERTAINTY), or when
	 * it holds even held to every value of every interval; it may then
	 * fail at the times themselves, within their noise of the limit
	 * (marginal), and the verdict says so. Else the noise leaves it open:
	 * a time known too loosely could put it on either side. */
	int settled = 1;
	for (size_t i = 0; i < m; i++)
		if (!known_well(&pt[i]))
			settled = 0;
	if (v->worst_lo > VERDICT_MAX_WORST)
		v->failed |= VERDICT_WORST;
	else if (!settled && v->worst_hi > VERDICT_MAX_WORST)
		v->open |= VERDICT_WORST;
	else if (v->close.worst_rel > VERDICT_MAX_WORST)
		v->marginal |= VERDICT_WORST;
	if (v->r2_hi < VERDICT_MIN_R2)
		v->failed |= VERDICT_R2;
	else if (!settled && v->r2_lo < VERDICT_MIN_R2)
		v->open |= VERDICT_R2;
	else if (v->fit.r2 < VERDICT_MIN_R2)
		v->marginal |= VERDICT_R2;

	/* Where the closest fit misses several sizes by the same (it balances
	 * its error among them), name the one least squares miss most: an
	 * outlier bends the closest fit toward it and its neighbours share
	 * its miss, but it is the one off the line of the others. */
	size_t named = v->close.worst_at;
	for (size_t i = 0; i < m; i++)
		if (off_fit(&v->close, &pt[i], p) >= v->close.worst_rel * (1 - 1e-6) &&
		    off_fit(&v->fit, &pt[i], p) > off_fit(&v->fit, &pt[named], p))
			named = i;
	v->close.worst_at = named;
	v->close.worst_sign = pt[named].t >= fit_eval(&v->close, w[named], d[named], p) ? 1 : -1;
	char off[160], sz[32];
	v->at = v->close.worst_at;
	residual_words(&v->close, pt, v->at, p, off, sizeof off);
	size_words(pt[v->at].n, sz, sizeof sz);
	double worst = 100 * v->close.worst_rel, r2 = r2_shown(v->fit.r2);
	if (v->failed) {
		v->outcome = VERDICT_DEPARTS;
		v->open = 0;
		char nofit[400] = "", lowr2[200] = "";
		snprintf(nofit, sizeof nofit,
			 "no Brent fit comes within %.0f%% of every size: the closest is %s, "
			 "and none comes within %.0f%% of every time's interval",
			 100 * VERDICT_MAX_WORST, off, 100 * v->worst_lo);
		snprintf(lowr2, sizeof lowr2,
			 "R^2 = %.3f is below the %.2f needed (at most %.3f with the times moved "
			 "within their intervals toward the fit)",
			 v->fit.r2, VERDICT_MIN_R2, v->r2_hi);
		if (v->failed == VERDICT_WORST) {
			snprintf(v->text, sizeof v->text,
				 "departs from the prediction: %s; R^2 = %.3f (%.2f needed)", nofit,
				 v->fit.r2, VERDICT_MIN_R2);
			set_line(v, "departs (%.0f%% off at n = %s, %.0f%% allowed)", worst, sz,
				 100 * VERDICT_MAX_WORST);
		} else if (v->failed == VERDICT_R2) {
			/* The other criterion holds, maybe only within the noise. */
			if (v->close.worst_rel > VERDICT_MAX_WORST)
				snprintf(
				    v->text, sizeof v->text,
				    "departs from the prediction: %s; the closest Brent fit is "
				    "%s, within the %.0f%% allowed only with the times moved "
				    "within their intervals (%.0f%%)",
				    lowr2, off, 100 * VERDICT_MAX_WORST, 100 * v->worst_lo);
			else
				snprintf(
				    v->text, sizeof v->text,
				    "departs from the prediction: %s; the closest Brent fit is "
				    "within %.0f%% at every size (%.0f%% allowed), the worst at "
				    "n = %s",
				    lowr2, worst, 100 * VERDICT_MAX_WORST, sz);
			set_line(v, "departs (R^2 %.2f, %.2f needed)", r2, VERDICT_MIN_R2);
		} else {
			snprintf(v->text, sizeof v->text, "departs from the prediction: %s; and %s",
				 nofit, lowr2);
			set_line(v, "departs (%.0f%% off at n = %s, R^2 %.2f)", worst, sz, r2);
		}
	} else if (!v->open) {
		v->outcome = VERDICT_AS_PREDICTED;
		char within[400], r2s[200];
		if (v->marginal & VERDICT_WORST)
			snprintf(
			    within, sizeof within,
			    "the closest Brent fit is %s, over the %.0f%% allowed, but with "
			    "every time free within its interval some fit comes within %.0f%% "
			    "of every size: the times, each known within +-%.0f%%, do not show "
			    "a departure",
			    off, 100 * VERDICT_MAX_WORST, 100 * v->worst_lo,
			    100 * VERDICT_MAX_UNCERTAINTY);
		else
			snprintf(within, sizeof within,
				 "a Brent fit is within %.0f%% at every size (the worst at n = %s; "
				 "%.0f%% allowed; %.0f%% to %.0f%% with the times moved within "
				 "their intervals)",
				 worst, sz, 100 * VERDICT_MAX_WORST, 100 * v->worst_lo,
				 100 * v->worst_hi);
		if (v->marginal & VERDICT_R2)
			snprintf(r2s, sizeof r2s,
				 "R^2 = %.3f for the least-squares fit drawn, below the %.2f "
				 "needed, but up to %.3f with the times moved within their "
				 "intervals toward it",
				 v->fit.r2, VERDICT_MIN_R2, v->r2_hi);
		else
			snprintf(r2s, sizeof r2s,
				 "R^2 = %.3f for the least-squares fit drawn (%.2f needed)",
				 v->fit.r2, VERDICT_MIN_R2);
		snprintf(v->text, sizeof v->text, "grows as predicted%s: %s; %s",
			 v->marginal ? ", within the noise" : "", within, r2s);
		if (v->marginal & VERDICT_WORST)
			set_line(v,
				 "grows as predicted (within %.0f%% allowing for noise, R^2 %.2f)",
				 100 * v->worst_lo, r2);
		else if (v->marginal & VERDICT_R2)
			set_line(v,
				 "grows as predicted (within %.0f%%, R^2 %.2f allowing for noise)",
				 worst, r2_shown(v->r2_hi));
		else
			set_line(v, "grows as predicted (within %.0f%% at every size, R^2 %.2f)",
				 worst, r2);
	} else {
		v->outcome = VERDICT_TOO_NOISY;
		noisy_words(v, pt, e, m, p);
		return v->outcome;
	}
	exponent_words(v, pt, m, p);
	return v->outcome;
}
