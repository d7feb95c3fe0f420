/*
 * verdict.c - the verdict on one kernel's times (see verdict.h): the fit,
 * its criteria evaluated at the times and at the ends of their intervals,
 * and the verdict in words, naming the criterion that fails or that the
 * noise leaves open, the size and by how much.
 */
#include <math.h>
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

/* Where a time x in [lo, hi] can put a criterion: the least and the
 * greatest of its relative residual |x - f| / x and of its squared residual
 * (x - f)^2 against the fit f. Both fall to their least at x = f (or the
 * nearer end) and rise toward both ends, so the greatest is at an end. */
typedef struct reach {
	double rel_min, rel_max, sq_min, sq_max;
} reach;

static reach reach_of(double lo, double hi, double f)
{
	reach e;
	double near = f < lo ? lo : f > hi ? hi : f;
	e.rel_min = fabs(near - f) / near;
	e.sq_min = (near - f) * (near - f);
	double rl = fabs(lo - f) / lo, rh = fabs(hi - f) / hi;
	e.rel_max = rl > rh ? rl : rh;
	e.sq_max =
	    (lo - f) * (lo - f) > (hi - f) * (hi - f) ? (lo - f) * (lo - f) : (hi - f) * (hi - f);
	return e;
}

/* How loosely a time is known, for the criteria. */
typedef enum {
	KNOWN_FLOOR,    /* its interval is within +-VERDICT_MIN_UNCERTAINTY: that instead */
	KNOWN_INTERVAL, /* its interval */
	KNOWN_UNSETTLED /* looser than +-VERDICT_MAX_UNCERTAINTY: the range of its runs */
} known;

/* The range the time of q is taken to lie in, into *lo and *hi. */
static known range_of(const verdict_point *q, double *lo, double *hi)
{
	known k = KNOWN_FLOOR;
	*lo = q->t * (1 - VERDICT_MIN_UNCERTAINTY);
	*hi = q->t * (1 + VERDICT_MIN_UNCERTAINTY);
	if (q->t_lo > 0 && q->t_lo < *lo) {
		*lo = q->t_lo;
		k = KNOWN_INTERVAL;
	}
	if (q->t_hi > *hi) {
		*hi = q->t_hi;
		k = KNOWN_INTERVAL;
	}
	if ((q->t_hi - q->t_lo) / (2 * q->t) > VERDICT_MAX_UNCERTAINTY || q->rounds < 2) {
		if (q->min > 0 && q->min < *lo)
			*lo = q->min;
		if (q->max > *hi)
			*hi = q->max;
		k = KNOWN_UNSETTLED;
	}
	return k;
}

/* "at n = 2^13 the time is 45% off the fit (0.0206 ms measured, 0.0298 ms
 * fitted)" for point i into buf. */
static void residual_words(const verdict *v, const verdict_point *pt, size_t i, double p, char *buf,
			   size_t len)
{
	const verdict_point *q = &pt[i];
	double f = fit_eval(&v->fit, q->w, q->d, p);
	char sz[32];
	snprintf(buf, len,
		 "at n = %s the time is %.0f%% off the fit (%.3g ms measured, %.3g ms fitted)",
		 size_words(q->n, sz, sizeof sz), 100 * fabs(q->t - f) / q->t, q->t, f);
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

/* The point whose interval leaves the open criteria open: for the worst
 * residual, of the points that can fall on either side of the limit, the
 * one that swings most; for R^2, the one that moves it most. */
static size_t noisiest(const verdict *v, const reach *e, size_t m)
{
	size_t best = 0;
	double most = -1;
	for (size_t i = 0; i < m; i++) {
		double swing;
		if (v->open & VERDICT_WORST) {
			if (!(e[i].rel_min <= VERDICT_MAX_WORST &&
			      e[i].rel_max > VERDICT_MAX_WORST))
				continue;
			swing = e[i].rel_max - e[i].rel_min;
		} else {
			swing = e[i].sq_max - e[i].sq_min;
		}
		if (swing > most) {
			most = swing;
			best = i;
		}
	}
	return best;
}

/* The verdict too noisy in words: the point that leaves it open, how far
 * apart its runs are and what its interval does to the open criterion. */
static void noisy_words(verdict *v, const verdict_point *pt, double p)
{
	const verdict_point *q = &pt[v->at];
	char sz[32], runs[160];
	size_words(q->n, sz, sizeof sz);
	snprintf(runs, sizeof runs,
		 "the runs at n = %s spread %.2g times (slowest over fastest, %zu runs)", sz,
		 q->min > 0 ? q->max / q->min : INFINITY, q->runs);
	if (v->open & VERDICT_WORST) {
		double lo, hi, f = fit_eval(&v->fit, q->w, q->d, p);
		known k = range_of(q, &lo, &hi);
		reach e = reach_of(lo, hi, f);
		const char *more =
		    "more runs (a larger budget) or a quieter machine would decide it";
		if (k == KNOWN_UNSETTLED && q->rounds < 2)
			snprintf(
			    v->text, sizeof v->text,
			    "too noisy to judge: %s, all in one round, back to back, which one "
			    "burst of load may have met; their lower quartile, %.3g ms, is %.0f%% "
			    "off the fit (%.3g ms), and only rounds at other times would tell "
			    "whether that is the kernel or the load",
			    runs, q->t, 100 * fabs(q->t - f) / q->t, f);
		else if (k == KNOWN_UNSETTLED)
			snprintf(
			    v->text, sizeof v->text,
			    "too noisy to judge: %s and did not settle: their lower quartile "
			    "is known only within %.3g to %.3g ms, more loosely than the +-%.0f%% "
			    "a verdict needs (the fit there: %.3g ms); %s",
			    runs, q->t_lo, q->t_hi, 100 * VERDICT_MAX_UNCERTAINTY, f, more);
		else if (k == KNOWN_INTERVAL)
			snprintf(
			    v->text, sizeof v->text,
			    "too noisy to judge: %s, and their lower quartile is known only "
			    "within %.3g to %.3g ms: %.0f%% to %.0f%% off the fit (%.3g ms), on "
			    "both sides of the %.0f%% allowed; %s",
			    runs, lo, hi, 100 * e.rel_min, 100 * e.rel_max, f,
			    100 * VERDICT_MAX_WORST, more);
		else
			snprintf(
			    v->text, sizeof v->text,
			    "too noisy to judge: at n = %s the time, %.3g ms, is %.0f%% off the "
			    "fit (%.3g ms), and within the +-%.3g%% by which one report differs "
			    "from the next it is %.0f%% to %.0f%% off, on both sides of the "
			    "%.0f%% allowed; %s",
			    sz, q->t, 100 * fabs(q->t - f) / q->t, f, 100 * VERDICT_MIN_UNCERTAINTY,
			    100 * e.rel_min, 100 * e.rel_max, 100 * VERDICT_MAX_WORST, more);
	} else {
		snprintf(v->text, sizeof v->text,
			 "too noisy to judge: within the noise R^2 is anywhere from %.3f to %.3f, "
			 "where %.2f is needed, most of all because %s; more runs (a larger "
			 "budget) or a quieter machine would decide it",
			 v->r2_lo, v->r2_hi, VERDICT_MIN_R2, runs);
	}
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
	if (m < 3 || fit_brent(w, d, t, u, m, p, &v->fit)) {
		v->outcome = VERDICT_NONE;
		snprintf(v->text, sizeof v->text,
			 "too few sizes to judge: %zu measured, the fit needs 3", m);
		return v->outcome;
	}
	/* Each criterion with every time moved within its interval. */
	double mean = 0, ss_tot = 0, sq_min = 0, sq_max = 0;
	for (size_t i = 0; i < m; i++)
		mean += t[i] / (double)m;
	for (size_t i = 0; i < m; i++) {
		double lo, hi, f = fit_eval(&v->fit, w[i], d[i], p);
		known k = range_of(&pt[i], &lo, &hi);
		e[i] = reach_of(lo, hi, f);
		if (k == KNOWN_UNSETTLED)
			e[i].rel_min = e[i].sq_min = 0; /* possibly on the fit */
		if (e[i].rel_min > v->worst_lo)
			v->worst_lo = e[i].rel_min;
		if (e[i].rel_max > v->worst_hi)
			v->worst_hi = e[i].rel_max;
		sq_min += e[i].sq_min;
		sq_max += e[i].sq_max;
		ss_tot += (t[i] - mean) * (t[i] - mean);
	}
	v->r2_lo = ss_tot > 0 ? 1 - sq_max / ss_tot : v->fit.r2;
	v->r2_hi = ss_tot > 0 ? 1 - sq_min / ss_tot : v->fit.r2;
	if (v->worst_lo > VERDICT_MAX_WORST)
		v->failed |= VERDICT_WORST;
	else if (v->worst_hi > VERDICT_MAX_WORST)
		v->open |= VERDICT_WORST;
	if (v->r2_hi < VERDICT_MIN_R2)
		v->failed |= VERDICT_R2;
	else if (v->r2_lo < VERDICT_MIN_R2)
		v->open |= VERDICT_R2;

	char off[256];
	/* Name the worst residual, or, when that criterion fails, the time
	 * furthest off the fit even within its interval: the evidence. */
	v->at = v->fit.worst_at;
	for (size_t i = 0; (v->failed & VERDICT_WORST) && i < m; i++)
		if (e[i].rel_min > e[v->at].rel_min)
			v->at = i;
	residual_words(v, pt, v->at, p, off, sizeof off);
	if (v->failed) {
		v->outcome = VERDICT_DEPARTS;
		v->open = 0;
		if (v->failed == VERDICT_WORST)
			snprintf(v->text, sizeof v->text,
				 "departs from the prediction: %s, more than the %.0f%% allowed; "
				 "R^2 = %.3f (%.2f needed)",
				 off, 100 * VERDICT_MAX_WORST, v->fit.r2, VERDICT_MIN_R2);
		else if (v->failed == VERDICT_R2)
			snprintf(
			    v->text, sizeof v->text,
			    "departs from the prediction: R^2 = %.3f is below the %.2f needed; "
			    "the worst residual is %.0f%% (%.0f%% allowed): %s",
			    v->fit.r2, VERDICT_MIN_R2, 100 * v->fit.worst_rel,
			    100 * VERDICT_MAX_WORST, off);
		else
			snprintf(v->text, sizeof v->text,
				 "departs from the prediction: %s, more than the %.0f%% allowed, "
				 "and R^2 = %.3f is below the %.2f needed",
				 off, 100 * VERDICT_MAX_WORST, v->fit.r2, VERDICT_MIN_R2);
	} else if (!v->open) {
		char sz[32];
		v->outcome = VERDICT_AS_PREDICTED;
		snprintf(v->text, sizeof v->text,
			 "grows as predicted: the Brent fit is within %.0f%% at every size (the "
			 "worst at n = %s; %.0f%% allowed) and R^2 = %.3f (%.2f needed)",
			 100 * v->fit.worst_rel, size_words(pt[v->fit.worst_at].n, sz, sizeof sz),
			 100 * VERDICT_MAX_WORST, v->fit.r2, VERDICT_MIN_R2);
	} else {
		v->outcome = VERDICT_TOO_NOISY;
		v->at = noisiest(v, e, m);
		noisy_words(v, pt, p);
		return v->outcome;
	}
	exponent_words(v, pt, m, p);
	return v->outcome;
}
