/*
 * test-fit.c - the report's fit (plots/fit.c) on synthetic data whose
 * constants are known: non-negative least squares recovers them, clamps the
 * ones that would go negative, and the goodness-of-fit numbers and growth
 * exponents are right; the statistics of the runs (plots/stats.c): the
 * quantiles and the ranks of their confidence intervals; the closest fit
 * (fit_closest) against least squares and brute force; and the verdict
 * (plots/verdict.c) on synthetic series, since real timings are noisy: a
 * clean series gets a verdict naming its criterion, a noisy one "too noisy
 * to judge", and noise within the times' intervals never reverses a
 * verdict that is clear of the limit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit.h"
#include "stats.h"
#include "tap.h"
#include "verdict.h"

/* Sizes 2^10 .. 2^(10+m-1), with Blelloch-like W = 2n - 2, D = 2 log2 n. */
static size_t make_sizes(double *n, double *w, double *d, size_t m)
{
	for (size_t i = 0; i < m; i++) {
		n[i] = ldexp(1, (int)(10 + i));
		w[i] = 2 * n[i] - 2;
		d[i] = 2 * (10 + (double)i);
	}
	return m;
}

/* The gradient of the weighted squared error at x, for the KKT check. */
static void gradient(const double *w, const double *d, const double *t, size_t m, double p,
		     const double *x, double *g)
{
	g[0] = g[1] = g[2] = 0;
	for (size_t i = 0; i < m; i++) {
		double col[3] = {w[i] / p, d[i], 1};
		double e = (x[0] * col[0] + x[1] * col[1] + x[2] * col[2] - t[i]) / (t[i] * t[i]);
		for (int j = 0; j < 3; j++)
			g[j] += 2 * e * col[j];
	}
}

/* The statistics of repeated runs. */
static void test_stats(void)
{
	size_t j, k;
	double level;
	/* The median's interval from the binomial tables: 9 runs give ranks 2
	 * and 8 (96.1%), 17 runs 5 and 13, 100 runs 40 and 61. */
	stats_quantile_ranks(9, 0.5, &j, &k, &level);
	TAP_OK(j == 2 && k == 8, "median of 9 runs: ranks 2 and 8 (%zu, %zu)", j, k);
	TAP_CLOSE(level, 1 - 2 * 10.0 / 512, 1e-9, "and their coverage is 1 - 2 * 10/512");
	stats_quantile_ranks(17, 0.5, &j, &k, &level);
	TAP_OK(j == 5 && k == 13, "median of 17 runs: ranks 5 and 13 (%zu, %zu)", j, k);
	stats_quantile_ranks(100, 0.5, &j, &k, &level);
	TAP_OK(j == 40 && k == 61, "median of 100 runs: ranks 40 and 61 (%zu, %zu)", j, k);
	TAP_OK(level >= STATS_CONFIDENCE, "at least 95%% coverage (%g)", level);
	/* Too few runs for 95%: the whole range, with the coverage it has. */
	stats_quantile_ranks(5, 0.5, &j, &k, &level);
	TAP_OK(j == 1 && k == 5, "median of 5 runs: their range (%zu, %zu)", j, k);
	TAP_CLOSE(level, 1 - 2.0 / 32, 1e-9, "covering 1 - 2^-4");
	/* The lower quartile of 5 runs: the fastest is above it with
	 * 0.75^5, the 4th below it with P(B >= 4) = 16 * 0.25^5. */
	stats_quantile_ranks(5, 0.25, &j, &k, &level);
	TAP_OK(j == 1 && k == 4, "lower quartile of 5 runs: ranks 1 and 4 (%zu, %zu)", j, k);
	TAP_CLOSE(level, 1 - pow(0.75, 5) - 16 * pow(0.25, 5), 1e-9, "covering only 75%%");
	stats_quantile_ranks(15, 0.25, &j, &k, &level);
	TAP_OK(j == 1 && k == 8 && level >= STATS_CONFIDENCE,
	       "15 runs (3 rounds of 5): ranks 1 and 8, at 95%% (%zu, %zu, %g)", j, k, level);
	stats_quantile_ranks(4000, 0.25, &j, &k, &level);
	TAP_OK(j > 900 && j < 1000 && k > 1000 && k < 1100 && level >= STATS_CONFIDENCE,
	       "4000 runs: close ranks around 1000 (%zu, %zu, %g)", j, k, level);

	/* A summary: 20 runs, 15 at 1 ms and 5 at 2 ms (a busy second core). */
	double t[64];
	for (size_t i = 0; i < 20; i++)
		t[i] = i % 4 == 3 ? 2.0 : 1.0 + 0.001 * (double)i;
	stats_summary st;
	stats_summarise(t, 20, &st);
	TAP_EQ_I(st.runs, 20, "20 runs summarised");
	TAP_OK(t[0] <= t[1] && t[18] <= t[19], "and sorted");
	TAP_CLOSE(st.min, 1.0, 1e-12, "min");
	TAP_CLOSE(st.max, 2.0, 1e-12, "max");
	TAP_OK(st.q1 < 1.01 && st.q1_lo <= st.q1 && st.q1 <= st.q1_hi && st.q1_hi < 1.02,
	       "the lower quartile stays with the fast runs (%g in %g..%g)", st.q1, st.q1_lo,
	       st.q1_hi);
	TAP_OK(stats_rel_width(&st) < 0.02, "and is known within 2%% (%g)", stats_rel_width(&st));
	/* Half of them slow: the median is anywhere, the quartile is not. */
	for (size_t i = 0; i < 20; i++)
		t[i] = i % 2 ? 2.0 : 1.0;
	stats_summarise(t, 20, &st);
	TAP_CLOSE(st.med, 1.5, 1e-12, "half slow: the median falls between the clusters");
	TAP_CLOSE(st.q1, 1.0, 1e-12, "the lower quartile does not");
	/* One run, and none. */
	t[0] = 3;
	stats_summarise(t, 1, &st);
	TAP_OK(st.q1 == 3 && st.q1_lo == 3 && st.q1_hi == 3 && stats_rel_width(&st) == 0,
	       "one run is its own quartile, known to nothing more");
	stats_summarise(t, 0, &st);
	TAP_OK(st.runs == 0 && isnan(st.q1) && isnan(stats_rel_width(&st)), "no runs: NAN");
}

/* A series of m sizes 2^10, 2^11, ... with Blelloch-like W and D, its
 * times on the model t = 2e-5 W/p + 1e-3 D + 0.01 ms (p = 32) times
 * factor[i], each known within +-rel[i] (its interval), from 15 runs that
 * spread 1.1 times. */
#define VP 32.0
static void series(verdict_point *pt, size_t m, const double *factor, const double *rel)
{
	for (size_t i = 0; i < m; i++) {
		double n = ldexp(1, (int)(10 + i)), w = 2 * n - 2, d = 2 * (10 + (double)i);
		double t = (2e-5 * w / VP + 1e-3 * d + 0.01) * (factor ? factor[i] : 1);
		double r = rel ? rel[i] : 0.01;
		pt[i] = (verdict_point){.n = n,
					.w = w,
					.d = d,
					.t = t,
					.t_lo = t * (1 - r),
					.t_hi = t * (1 + r),
					.min = t * (1 - r),
					.max = t * (1 - r) * 1.1,
					.runs = 15,
					.rounds = 3};
	}
}

/* A small deterministic generator of noise in [-1, 1]. */
static double noise(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return (double)((*state >> 8) & 0xffff) / 32767.5 - 1;
}

/* Solve the 4 by 4 system A x = y (Gaussian elimination with pivoting).
 * Returns 0, or -1 when singular. */
static int solve4(double A[4][5], double *x)
{
	for (int c = 0; c < 4; c++) {
		int p = c;
		for (int r = c + 1; r < 4; r++)
			if (fabs(A[r][c]) > fabs(A[p][c]))
				p = r;
		if (fabs(A[p][c]) < 1e-13)
			return -1;
		for (int k = 0; k < 5; k++) {
			double t = A[c][k];
			A[c][k] = A[p][k];
			A[p][k] = t;
		}
		for (int r = 0; r < 4; r++) {
			if (r == c)
				continue;
			double f = A[r][c] / A[c][c];
			for (int k = 0; k < 5; k++)
				A[r][k] -= f * A[c][k];
		}
	}
	for (int c = 0; c < 4; c++)
		x[c] = A[c][4] / A[c][c];
	return 0;
}

/* The closest fit's e by brute force: the optimum of a linear programme
 * is a vertex, where 4 of its constraints hold with equality (a model
 * value at (1 + e) hi or (1 - e) lo, a constant at 0, or e at 0), so try
 * every 4 of them and keep the least e that satisfies all. */
static double closest_brute(const double *w, const double *d, const double *lo, const double *hi,
			    size_t m, double p)
{
	double eq[2 * 16 + 4][5];
	size_t ne = 0;
	for (size_t i = 0; i < m; i++) {
		double row[4] = {w[i] / p, d[i], 1, 0};
		/* model - e hi = hi, and model + e lo = lo */
		memcpy(eq[ne], row, sizeof row);
		eq[ne][3] = -hi[i];
		eq[ne++][4] = hi[i];
		memcpy(eq[ne], row, sizeof row);
		eq[ne][3] = lo[i];
		eq[ne++][4] = lo[i];
	}
	for (int j = 0; j < 4; j++) {
		memset(eq[ne], 0, sizeof eq[ne]);
		eq[ne++][j] = 1;
	}
	double best = INFINITY;
	for (size_t a = 0; a < ne; a++)
		for (size_t b = a + 1; b < ne; b++)
			for (size_t c = b + 1; c < ne; c++)
				for (size_t e = c + 1; e < ne; e++) {
					double A[4][5], x[4];
					size_t pick[4] = {a, b, c, e};
					for (int r = 0; r < 4; r++)
						memcpy(A[r], eq[pick[r]], sizeof A[r]);
					if (solve4(A, x) || x[0] < -1e-12 || x[1] < -1e-12 ||
					    x[2] < -1e-12 || x[3] < -1e-12)
						continue;
					int ok = 1;
					for (size_t i = 0; i < m && ok; i++) {
						double f = x[0] * w[i] / p + x[1] * d[i] + x[2];
						ok = f <= (1 + x[3]) * hi[i] * (1 + 1e-9) &&
						     f >= (1 - x[3]) * lo[i] * (1 - 1e-9) - 1e-12;
					}
					if (ok && x[3] < best)
						best = x[3];
				}
	return best;
}

/* The closest fit (fit_closest), against least squares and brute force. */
static void test_closest(void)
{
	double n[16], w[16], d[16], t[16], lo[16], hi[16];
	size_t m = make_sizes(n, w, d, 12);
	double p = 64;
	fit_result f, g;

	/* Exact data: on the model, e = 0. */
	for (size_t i = 0; i < m; i++)
		t[i] = 3e-6 * w[i] / p + 2e-3 * d[i] + 0.05;
	TAP_OK(fit_closest(w, d, t, t, m, p, &f) == 0, "fit_closest takes 12 exact points");
	TAP_OK(f.worst_rel < 1e-9, "exact data: the closest fit is on every point (%g)",
	       f.worst_rel);
	TAP_CLOSE(fit_eval(&f, w[5], d[5], p), t[5], 1e-9, "and gives the model's time");

	/* One small size slower than the next (a tuned kernel's tile sizes):
	 * least squares leave it further off than the closest fit does. */
	for (size_t i = 0; i < m; i++)
		t[i] = 3e-6 * w[i] / p + 2e-3 * d[i] + 0.05;
	t[0] = 1.3 * t[1];
	fit_brent(w, d, t, NULL, m, p, &g);
	fit_closest(w, d, t, t, m, p, &f);
	TAP_OK(f.worst_rel < g.worst_rel,
	       "a kink: the closest fit's worst residual (%.3f) is below least squares' (%.3f)",
	       f.worst_rel, g.worst_rel);
	TAP_OK(f.coef[0] >= 0 && f.coef[1] >= 0 && f.coef[2] >= 0,
	       "its constants are not negative (%g, %g, %g)", f.coef[0], f.coef[1], f.coef[2]);
	double worst = 0;
	for (size_t i = 0; i < m; i++) {
		double r = fabs(t[i] - fit_eval(&f, w[i], d[i], p)) / t[i];
		worst = r > worst ? r : worst;
	}
	TAP_CLOSE(worst, f.worst_rel, 1e-9, "worst_rel is its largest relative residual");

	/* Intervals: free within them, e can only fall; one fit for all of
	 * them (the bounds swapped), it can only rise. */
	for (size_t i = 0; i < m; i++) {
		lo[i] = 0.95 * t[i];
		hi[i] = 1.05 * t[i];
	}
	fit_closest(w, d, lo, hi, m, p, &g);
	TAP_OK(g.worst_rel < f.worst_rel, "times free in +-5%%: e falls (%.3f < %.3f)", g.worst_rel,
	       f.worst_rel);
	fit_closest(w, d, hi, lo, m, p, &g);
	TAP_OK(g.worst_rel > f.worst_rel, "one fit for every time in +-5%%: e rises (%.3f > %.3f)",
	       g.worst_rel, f.worst_rel);

	/* Against brute force on random series, points and intervals. */
	unsigned state = 11;
	int agree = 1;
	double got = 0, want = 0;
	for (int trial = 0; trial < 200 && agree; trial++) {
		size_t k = 3 + (size_t)trial % 4;
		for (size_t i = 0; i < k; i++) {
			state = state * 1103515245u + 12345u;
			double z = (double)((state >> 8) & 0xffff) / 65536.0;
			t[i] = (1e-5 * w[i] / p + 1e-3 * d[i] + 0.01) * (0.5 + z);
			state = state * 1103515245u + 12345u;
			double u = trial % 3 ? 0.1 * (double)((state >> 8) & 0xffff) / 65536.0 : 0;
			lo[i] = t[i] * (trial % 2 ? 1 - u : 1 + u);
			hi[i] = t[i] * (trial % 2 ? 1 + u : 1 - u);
		}
		if (fit_closest(w, d, lo, hi, k, p, &g))
			agree = 0;
		got = g.worst_rel;
		want = closest_brute(w, d, lo, hi, k, p);
		if (fabs(got - want) > 1e-7 * (1 + want))
			agree = 0;
	}
	TAP_OK(agree, "200 random problems: the simplex finds brute force's e (last %.9f, %.9f)",
	       got, want);
	TAP_OK(fit_closest(w, d, t, t, 0, p, &g) == -1, "no points are refused");
	t[0] = 0;
	TAP_OK(fit_closest(w, d, t, t, m, p, &g) == -1, "a zero time is refused");
}

/* The closest fit's worst residual on the times of pt themselves. */
static double closest_of(const verdict_point *pt, size_t m)
{
	double w[16], d[16], t[16];
	fit_result f;
	for (size_t i = 0; i < m; i++) {
		w[i] = pt[i].w;
		d[i] = pt[i].d;
		t[i] = pt[i].t;
	}
	return fit_closest(w, d, t, t, m, VP, &f) == 0 ? f.worst_rel : NAN;
}

/* Whether v's line is whole: at most VERDICT_LINE_MAX characters, none
 * cut off (it ends with its closing parenthesis). */
static int line_whole(const verdict *v)
{
	size_t len = strlen(v->line);
	return len > 0 && len < VERDICT_LINE_MAX && v->line[len - 1] == ')';
}

static void test_verdict(void)
{
	verdict_point pt[16];
	double f[16], rel[16];
	verdict v;
	size_t m = 12;

	/* 1. Clean: on the model within 1%, each time known within +-1%. */
	for (size_t i = 0; i < m; i++)
		f[i] = i % 2 ? 1.01 : 0.99;
	series(pt, m, f, NULL);
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_AS_PREDICTED,
		 "a clean series grows as predicted");
	TAP_CONTAINS(v.text, "grows as predicted: a Brent fit is within ",
		     "and the verdict says so");
	TAP_CONTAINS(v.text, "25% allowed", "naming the residual's limit");
	TAP_CONTAINS(v.text, "(0.90 needed)", "and R^2's");
	TAP_OK(v.failed == 0 && v.open == 0 && v.marginal == 0,
	       "no criterion failed, open or marginal");
	TAP_CONTAINS(v.line, "grows as predicted (within 1% at every size, R^2 1.00)",
		     "its line gives the worst residual and R^2");
	TAP_OK(line_whole(&v), "and is whole (%s)", v.line);

	/* 2. One size twice as slow as the model, known within +-1%: no fit is
	 * within 25% of it and its neighbours, whatever the noise. The closest
	 * fit bends toward it and misses a neighbour as much; the verdict
	 * names the size off the line of the others. */
	for (size_t i = 0; i < m; i++)
		f[i] = i == 4 ? 2.0 : 1.0;
	series(pt, m, f, NULL);
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_DEPARTS,
		 "a size at twice the model departs");
	TAP_EQ_I(v.failed, VERDICT_WORST, "the failed criterion is the worst residual");
	TAP_EQ_I(v.at, 4, "at that size");
	TAP_CONTAINS(v.text,
		     "departs from the prediction: no Brent fit comes within 25% of every size: "
		     "the closest is 33% off at n = 2^14",
		     "the verdict names the size and the limit");
	TAP_CONTAINS(v.line, "departs (33% off at n = 2^14, 25% allowed)", "and so does its line");
	TAP_OK(line_whole(&v), "which is whole (%s)", v.line);

	/* 3. Times that do not grow, wavering +-12% about a constant: every
	 * residual is within the limit, but the fit explains nothing. */
	for (size_t i = 0; i < m; i++) {
		pt[i].t = 1.0 * (i % 2 ? 1.12 : 0.88);
		pt[i].t_lo = pt[i].t * 0.99;
		pt[i].t_hi = pt[i].t * 1.01;
		pt[i].min = pt[i].t_lo;
		pt[i].max = pt[i].t * 1.1;
	}
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_DEPARTS,
		 "times that do not follow W and D depart");
	TAP_EQ_I(v.failed, VERDICT_R2, "by R^2 alone");
	TAP_CONTAINS(v.text, "is below the 0.90 needed", "and the verdict says R^2 is too low");
	TAP_CONTAINS(v.line, "departs (R^2 ", "as does its line");
	TAP_CONTAINS(v.text, "the closest Brent fit is within ",
		     "and that a fit is within the limit at every size");
	/* R^2 too low where the closest fit is within the limit only with the
	 * times moved within their intervals: the verdict does not call it
	 * within. */
	for (size_t i = 0; i < m; i++) {
		pt[i].t = 1.0 * (i % 2 ? 1.3 : 0.77);
		pt[i].t_lo = pt[i].t * 0.95;
		pt[i].t_hi = pt[i].t * 1.05;
	}
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_DEPARTS,
		 "times wavering +-26%% about a constant depart");
	TAP_OK(v.failed == VERDICT_R2 && v.close.worst_rel > 0.25 && v.worst_lo <= 0.25,
	       "by R^2 alone, the closest fit %.3f off, %.3f within the intervals",
	       v.close.worst_rel, v.worst_lo);
	TAP_CONTAINS(v.text, "within the 25% allowed only with the times moved within",
		     "and the verdict says the closest fit is within the limit only so");

	/* 4. A size 42% above the model, known within +-1%: least squares
	 * leave it about 25% off, but a fit within 17% of every size exists,
	 * and that is the criterion. */
	for (size_t i = 0; i < m; i++)
		f[i] = i == 4 ? 1.42 : 1.0;
	series(pt, m, f, NULL);
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_AS_PREDICTED,
		 "a size 42%% above the model: grows as predicted");
	TAP_OK(v.fit.worst_rel > 0.22 && v.close.worst_rel < 0.18,
	       "least squares miss it by %.3f, the closest fit by %.3f", v.fit.worst_rel,
	       v.close.worst_rel);

	/* 5. The case: the runs at 2^14 spread 2.4 times and leave the
	 * time there known only within +-30%, where it is 70% above the model,
	 * which no fit comes within 25% of; within +-30% one might. */
	for (size_t i = 0; i < m; i++) {
		f[i] = i == 4 ? 1.7 : 1.0;
		rel[i] = i == 4 ? 0.3 : 0.01;
	}
	series(pt, m, f, rel);
	pt[4].max = pt[4].min * 2.4;
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_TOO_NOISY,
		 "a time known within +-30%%, 70%% above the model: too noisy to judge");
	TAP_EQ_I(v.open, VERDICT_WORST, "the open criterion is the worst residual");
	TAP_EQ_I(v.at, 4, "naming that size");
	TAP_CONTAINS(v.text, "the runs at n = 2^14 spread 2.4 times",
		     "and how far its runs spread");
	TAP_CONTAINS(v.line, "too noisy to judge (7-38% off; n = 2^14 known to +-30%)",
		     "as does its line");
	TAP_OK(line_whole(&v), "which is whole (%s)", v.line);
	/* Even at twice the model: a time that loose cannot make it depart. */
	pt[4].t *= 2 / 1.7;
	pt[4].t_lo *= 2 / 1.7;
	pt[4].t_hi *= 2 / 1.7;
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_TOO_NOISY,
		 "a loose time at twice the model is too noisy, not a departure");

	/* 6. The same 70% known within +-3%: the closest fit is 26% off, over
	 * the limit, but the times' intervals reach within it. The times do
	 * not show a departure; the verdict says it holds only within the
	 * noise, with the number that decided it. */
	for (size_t i = 0; i < m; i++) {
		f[i] = i == 4 ? 1.7 : 1.0;
		rel[i] = 0.03;
	}
	series(pt, m, f, rel);
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_AS_PREDICTED,
		 "26%% off, within +-3%% of 25%%: grows as predicted");
	TAP_EQ_I(v.marginal, VERDICT_WORST, "marginal by the worst residual");
	TAP_OK(v.close.worst_rel > 0.25 && v.worst_lo <= 0.25,
	       "26%% at the times (%.3f), within 25%% in their intervals (%.3f)", v.close.worst_rel,
	       v.worst_lo);
	TAP_CONTAINS(v.text, "grows as predicted, within the noise: the closest Brent fit is 26%",
		     "the verdict says the noise decided it");
	TAP_CONTAINS(v.line, "allowing for noise", "and so does its line");
	/* Twice the model, within +-3%: out of reach of the noise. */
	f[4] = 2.0;
	series(pt, m, f, rel);
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_DEPARTS,
		 "twice the model within +-3%%: departs");

	/* 7. Noise within the intervals never turns a kernel within the limit
	 * into a departure (a departure holds for every value in the
	 * intervals, the truth among them), nor one well past it into "as
	 * predicted": a size off the model by 0% to 160% (the closest fit 0%
	 * to 44% off), every time shaken within its interval of +-1% to +-5%,
	 * 40 times each. */
	unsigned seed = 7;
	int wrong = 0;
	double wrong_at = -1;
	for (int off = 0; off <= 160; off += 2) {
		for (size_t i = 0; i < m; i++) {
			f[i] = i == 5 ? 1 + off / 100.0 : 1.0;
			rel[i] = 0.01;
		}
		series(pt, m, f, rel);
		double e0 = closest_of(pt, m);
		for (int trial = 0; trial < 40; trial++) {
			for (size_t i = 0; i < m; i++) {
				rel[i] = 0.01 + 0.02 * (noise(&seed) + 1);
				f[i] =
				    (i == 5 ? 1 + off / 100.0 : 1.0) * (1 + rel[i] * noise(&seed));
			}
			series(pt, m, f, rel);
			verdict_outcome o = verdict_judge(pt, m, VP, &v);
			if ((e0 <= VERDICT_MAX_WORST - 0.01 && o == VERDICT_DEPARTS) ||
			    (e0 >= 0.40 && o == VERDICT_AS_PREDICTED)) {
				if (!wrong++)
					wrong_at = off / 100.0;
			}
		}
	}
	TAP_OK(wrong == 0, "noise never reverses a clear verdict (first at an offset of %g)",
	       wrong_at);

	/* 8. Runs of one round, back to back (report --budget 0), cannot show a
	 * departure: one burst of load may have met them all. */
	for (size_t i = 0; i < m; i++)
		f[i] = i == 4 ? 2.0 : 1.0;
	series(pt, m, f, NULL);
	for (size_t i = 0; i < m; i++)
		pt[i].rounds = 1;
	TAP_EQ_I(verdict_judge(pt, m, VP, &v), VERDICT_TOO_NOISY,
		 "one round at twice the model is too noisy, not a departure");
	TAP_CONTAINS(v.text, "all in one round", "and the verdict says why");
	TAP_CONTAINS(v.line, "too noisy to judge (one round of runs at n = 2^", "as does its line");

	/* 9. Too few sizes. */
	TAP_EQ_I(verdict_judge(pt, 2, VP, &v), VERDICT_NONE, "two sizes are not judged");
	TAP_CONTAINS(v.text, "too few sizes to judge", "and the verdict says so");
	TAP_OK(line_whole(&v), "in a whole line too (%s)", v.line);
	TAP_OK(strcmp(verdict_outcome_name(VERDICT_TOO_NOISY), "too-noisy") == 0,
	       "the outcome's name for summary.json");
}

int main(void)
{
	test_stats();
	test_closest();
	test_verdict();

	double n[16], w[16], d[16], t[16], y[16];
	size_t m = make_sizes(n, w, d, 12);
	double p = 64;
	fit_result f;

	/* 1. All three constants present. */
	double a = 3e-6, b = 2e-3, c = 0.05;
	for (size_t i = 0; i < m; i++)
		t[i] = a * w[i] / p + b * d[i] + c;
	TAP_OK(fit_brent(w, d, t, NULL, m, p, &f) == 0, "fit_brent accepts 12 exact points");
	TAP_CLOSE(f.coef[0], a, 1e-6, "a recovered from exact data");
	TAP_CLOSE(f.coef[1], b, 1e-6, "b recovered from exact data");
	TAP_CLOSE(f.coef[2], c, 1e-6, "c recovered from exact data");
	TAP_CLOSE(f.r2, 1, 1e-9, "R^2 is 1 on exact data");
	TAP_OK(f.worst_rel < 1e-9, "worst relative residual is 0 on exact data (%g)", f.worst_rel);
	TAP_EQ_I(f.points, m, "points counted");
	TAP_CLOSE(fit_eval(&f, w[3], d[3], p), t[3], 1e-9, "fit_eval gives the model's time");

	/* 2. A constant that is zero stays zero, the others are recovered. */
	for (size_t i = 0; i < m; i++)
		t[i] = 5e-6 * w[i] / p + 0.2;
	fit_brent(w, d, t, NULL, m, p, &f);
	TAP_CLOSE(f.coef[0], 5e-6, 1e-6, "a recovered when b = 0");
	TAP_OK(f.coef[1] >= 0 && f.coef[1] < 1e-9, "b = 0 recovered as 0 (%g)", f.coef[1]);
	TAP_CLOSE(f.coef[2], 0.2, 1e-6, "c recovered when b = 0");

	/* 3. Depth only. */
	for (size_t i = 0; i < m; i++)
		t[i] = 0.01 * d[i];
	fit_brent(w, d, t, NULL, m, p, &f);
	TAP_CLOSE(f.coef[1], 0.01, 1e-6, "b recovered when only D counts");
	TAP_OK(f.coef[0] < 1e-12 && f.coef[2] < 1e-9, "a and c are 0 then (%g, %g)", f.coef[0],
	       f.coef[2]);

	/* 4. Data that an unbounded fit would explain with a negative constant:
	 * time falling with n. NNLS must clamp and satisfy the KKT conditions. */
	for (size_t i = 0; i < m; i++)
		t[i] = 1.0 - 0.03 * (double)i + 1e-7 * w[i] / p;
	fit_brent(w, d, t, NULL, m, p, &f);
	TAP_OK(f.coef[0] >= 0 && f.coef[1] >= 0 && f.coef[2] >= 0,
	       "no constant is negative (%g, %g, %g)", f.coef[0], f.coef[1], f.coef[2]);
	double g[3];
	gradient(w, d, t, m, p, f.coef, g);
	int kkt = 1;
	for (int j = 0; j < 3; j++) {
		double scale = j == 0 ? w[m - 1] / p : j == 1 ? d[m - 1] : 1;
		double gj = g[j] * scale; /* the gradient per unit of that column's size */
		if (f.coef[j] > 0 ? fabs(gj) > 1e-6 : gj < -1e-6)
			kkt = 0;
	}
	TAP_OK(kkt, "the clamped fit is optimal (KKT: gradient %g %g %g)", g[0], g[1], g[2]);

	/* 5. Noise of +-4%: the constants come back within a few percent. */
	for (size_t i = 0; i < m; i++)
		t[i] = (a * w[i] / p + b * d[i] + c) * (i % 2 ? 1.04 : 0.96);
	fit_brent(w, d, t, NULL, m, p, &f);
	TAP_CLOSE(f.coef[0], a, 0.08, "a within 8%% under 4%% noise");
	TAP_OK(f.worst_rel < 0.06, "worst residual about the noise (%g)", f.worst_rel);
	TAP_OK(f.r2 > 0.99, "R^2 high under noise (%g)", f.r2);

	/* 6. A point far off the model is the worst one, with its sign. */
	for (size_t i = 0; i < m; i++)
		t[i] = a * w[i] / p + b * d[i] + c;
	t[4] *= 2;
	fit_brent(w, d, t, NULL, m, p, &f);
	TAP_EQ_I(f.worst_at, 4, "the outlier is the worst residual");
	TAP_OK(f.worst_sign > 0, "and is slower than the model");

	/* 7. Bad input is refused. */
	TAP_OK(fit_brent(w, d, t, NULL, 2, p, &f) == -1, "two points are too few");
	t[0] = 0;
	TAP_OK(fit_brent(w, d, t, NULL, m, p, &f) == -1, "a zero time is refused");
	TAP_OK(fit_brent(w, d, t + 1, NULL, m - 1, 0, &f) == -1, "p = 0 is refused");

	/* 8. fit_nnls on one column: positive slope kept, negative clamped. */
	const double *X1[1] = {n};
	double x;
	for (size_t i = 0; i < m; i++)
		y[i] = 2.5 * n[i];
	fit_nnls(X1, 1, y, NULL, m, &x);
	TAP_CLOSE(x, 2.5, 1e-12, "one-column fit recovers the slope");
	for (size_t i = 0; i < m; i++)
		y[i] = -n[i];
	fit_nnls(X1, 1, y, NULL, m, &x);
	TAP_OK(x == 0, "a negative slope is clamped to 0 (%g)", x);
	TAP_OK(fit_nnls(X1, 4, y, NULL, m, &x) == -1, "four columns are refused");

	/* 9. Growth exponents over the upper half of the sizes. */
	for (size_t i = 0; i < m; i++)
		y[i] = 3 * pow(n[i], 1.5);
	TAP_CLOSE(fit_growth_exponent(n, y, m), 1.5, 1e-9, "exponent of 3 n^1.5 is 1.5");
	for (size_t i = 0; i < m; i++)
		y[i] = i < m / 2 ? 1 : n[i]; /* flat lower half, linear upper half */
	TAP_CLOSE(fit_growth_exponent(n, y, m), 1, 1e-9, "only the upper half counts");
	for (size_t i = 0; i < m; i++)
		y[i] = n[i] * log2(n[i]);
	double want = log((n[m - 1] * log2(n[m - 1])) / (n[m / 2] * log2(n[m / 2]))) /
		      log(n[m - 1] / n[m / 2]);
	TAP_CLOSE(fit_growth_exponent(n, y, m), want, 0.01, "n log n grows a little faster than n");
	TAP_CLOSE(fit_growth_exponent(n, y, 3), log(y[2] / y[1]) / log(n[2] / n[1]), 1e-9,
		  "three points use the last two");
	TAP_OK(isnan(fit_growth_exponent(n, y, 1)), "one point has no exponent");
	return tap_done();
}
