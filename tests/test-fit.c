/*
 * test-fit.c - the report's fit (plots/fit.c) on synthetic data whose
 * constants are known: non-negative least squares recovers them, clamps the
 * ones that would go negative, and the goodness-of-fit numbers and growth
 * exponents are right; and the statistics of the runs (plots/stats.c): the
 * quantiles and the ranks of their confidence intervals.
 */
#include <math.h>
#include <stdio.h>

#include "fit.h"
#include "stats.h"
#include "tap.h"

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

int main(void)
{
	test_stats();

	double n[16], w[16], d[16], t[16], y[16];
	size_t m = make_sizes(n, w, d, 12);
	double p = 64;
	fit_result f;

	/* 1. All three constants present. */
	double a = 3e-6, b = 2e-3, c = 0.05;
	for (size_t i = 0; i < m; i++)
		t[i] = a * w[i] / p + b * d[i] + c;
	TAP_OK(fit_brent(w, d, t, m, p, &f) == 0, "fit_brent accepts 12 exact points");
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
	fit_brent(w, d, t, m, p, &f);
	TAP_CLOSE(f.coef[0], 5e-6, 1e-6, "a recovered when b = 0");
	TAP_OK(f.coef[1] >= 0 && f.coef[1] < 1e-9, "b = 0 recovered as 0 (%g)", f.coef[1]);
	TAP_CLOSE(f.coef[2], 0.2, 1e-6, "c recovered when b = 0");

	/* 3. Depth only. */
	for (size_t i = 0; i < m; i++)
		t[i] = 0.01 * d[i];
	fit_brent(w, d, t, m, p, &f);
	TAP_CLOSE(f.coef[1], 0.01, 1e-6, "b recovered when only D counts");
	TAP_OK(f.coef[0] < 1e-12 && f.coef[2] < 1e-9, "a and c are 0 then (%g, %g)", f.coef[0],
	       f.coef[2]);

	/* 4. Data that an unbounded fit would explain with a negative constant:
	 * time falling with n. NNLS must clamp and satisfy the KKT conditions. */
	for (size_t i = 0; i < m; i++)
		t[i] = 1.0 - 0.03 * (double)i + 1e-7 * w[i] / p;
	fit_brent(w, d, t, m, p, &f);
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
	fit_brent(w, d, t, m, p, &f);
	TAP_CLOSE(f.coef[0], a, 0.08, "a within 8%% under 4%% noise");
	TAP_OK(f.worst_rel < 0.06, "worst residual about the noise (%g)", f.worst_rel);
	TAP_OK(f.r2 > 0.99, "R^2 high under noise (%g)", f.r2);

	/* 6. A point far off the model is the worst one, with its sign. */
	for (size_t i = 0; i < m; i++)
		t[i] = a * w[i] / p + b * d[i] + c;
	t[4] *= 2;
	fit_brent(w, d, t, m, p, &f);
	TAP_EQ_I(f.worst_at, 4, "the outlier is the worst residual");
	TAP_OK(f.worst_sign > 0, "and is slower than the model");

	/* 7. Bad input is refused. */
	TAP_OK(fit_brent(w, d, t, 2, p, &f) == -1, "two points are too few");
	t[0] = 0;
	TAP_OK(fit_brent(w, d, t, m, p, &f) == -1, "a zero time is refused");
	TAP_OK(fit_brent(w, d, t + 1, m - 1, 0, &f) == -1, "p = 0 is refused");

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
