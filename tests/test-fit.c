/*
 * test-fit.c - the report's fit (plots/fit.c) on synthetic data whose
 * constants are known: non-negative least squares recovers them, clamps the
 * ones that would go negative, and the goodness-of-fit numbers and growth
 * exponents are right.
 */
#include <math.h>
#include <stdio.h>

#include "fit.h"
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

int main(void)
{
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
