/*
 * fit.c - non-negative least squares for three unknowns, Brent's model,
 * goodness of fit and growth exponents (see fit.h).
 *
 * Each unbounded sub-problem is solved by a QR factorisation (modified
 * Gram-Schmidt, orthogonalised twice) of its columns, each first scaled to
 * unit length: W/p, D and 1 differ by orders of magnitude, and normal
 * equations would square that spread.
 *
 * The closest fit is a linear programme in four unknowns, solved by the
 * simplex method on a tableau of its constraints (lp_max).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"

/* Solve the unbounded weighted problem on the columns listed in cols[0..s).
 * Returns 0 with the coefficients in x[0..s), or -1 when the columns are
 * (numerically) dependent. */
static int solve_subset(const double *const X[], const size_t *cols, size_t s, const double *y,
			const double *wt, size_t m, double *x)
{
	static const double tiny = 1e-10;
	double q[3][FIT_MAX_POINTS], r[3][3], scale[3], yw[FIT_MAX_POINTS];
	memset(r, 0, sizeof r);
	for (size_t i = 0; i < m; i++)
		yw[i] = y[i] * (wt ? wt[i] : 1);
	for (size_t j = 0; j < s; j++) {
		double norm = 0;
		for (size_t i = 0; i < m; i++) {
			q[j][i] = X[cols[j]][i] * (wt ? wt[i] : 1);
			norm += q[j][i] * q[j][i];
		}
		norm = sqrt(norm);
		if (!(norm > 0))
			return -1;
		scale[j] = norm;
		for (size_t i = 0; i < m; i++)
			q[j][i] /= norm;
		/* Orthogonalise against the earlier columns, twice for accuracy. */
		for (int pass = 0; pass < 2; pass++)
			for (size_t l = 0; l < j; l++) {
				double dot = 0;
				for (size_t i = 0; i < m; i++)
					dot += q[l][i] * q[j][i];
				r[l][j] += dot;
				for (size_t i = 0; i < m; i++)
					q[j][i] -= dot * q[l][i];
			}
		double len = 0;
		for (size_t i = 0; i < m; i++)
			len += q[j][i] * q[j][i];
		len = sqrt(len);
		if (len < tiny)
			return -1; /* this column lies in the span of the earlier ones */
		r[j][j] = len;
		for (size_t i = 0; i < m; i++)
			q[j][i] /= len;
	}
	double qty[3];
	for (size_t j = 0; j < s; j++) {
		qty[j] = 0;
		for (size_t i = 0; i < m; i++)
			qty[j] += q[j][i] * yw[i];
	}
	for (size_t j = s; j-- > 0;) {
		double v = qty[j];
		for (size_t l = j + 1; l < s; l++)
			v -= r[j][l] * x[l];
		x[j] = v / r[j][j];
	}
	for (size_t j = 0; j < s; j++)
		x[j] /= scale[j]; /* undo the column scaling */
	return 0;
}

static double weighted_sse(const double *const X[], size_t k, const double *y, const double *wt,
			   size_t m, const double *x)
{
	double sse = 0;
	for (size_t i = 0; i < m; i++) {
		double e = y[i];
		for (size_t j = 0; j < k; j++)
			e -= x[j] * X[j][i];
		e *= wt ? wt[i] : 1;
		sse += e * e;
	}
	return sse;
}

int fit_nnls(const double *const X[], size_t k, const double *y, const double *wt, size_t m,
	     double *x)
{
	if (m == 0 || m > FIT_MAX_POINTS || k < 1 || k > 3)
		return -1;
	double best[3] = {0, 0, 0};
	double best_sse = weighted_sse(X, k, y, wt, m, best); /* all zero is feasible */
	for (unsigned mask = 1; mask < (1u << k); mask++) {
		size_t cols[3], s = 0;
		for (size_t j = 0; j < k; j++)
			if (mask & (1u << j))
				cols[s++] = j;
		if (s > m)
			continue;
		double sub[3];
		if (solve_subset(X, cols, s, y, wt, m, sub))
			continue;
		double cand[3] = {0, 0, 0};
		int feasible = 1;
		for (size_t j = 0; j < s; j++) {
			if (!(sub[j] >= 0)) /* also rejects NaN */
				feasible = 0;
			cand[cols[j]] = sub[j];
		}
		if (!feasible)
			continue;
		double sse = weighted_sse(X, k, y, wt, m, cand);
		/* Prefer fewer columns on a tie, as they explain the data as well. */
		if (sse < best_sse * (1 - 1e-12)) {
			best_sse = sse;
			memcpy(best, cand, sizeof best);
		}
	}
	memcpy(x, best, k * sizeof *x);
	return 0;
}

/* Maximise c.x subject to A x <= b and x >= 0, for n <= LP_N unknowns
 * and m constraints, b >= 0 (so x = 0 is feasible and the simplex starts
 * there), by the simplex method on the tableau T, (m + 1) rows of n + 1:
 * the constraints [A | b] and the objective [-c | 0]. Bland's rule (the
 * entering and the leaving variable the lowest-numbered of the candidates)
 * ends it on the degenerate vertices a fit's constraints have. T is
 * overwritten; x gets the optimum. Returns 0, or -1 when unbounded. */
#define LP_N 4
static int lp_max(double *T, size_t m, size_t n, double *x)
{
	size_t w = n + 1, *basic = malloc(m * sizeof *basic), nonbasic[LP_N];
	if (!basic)
		return -1;
	for (size_t j = 0; j < n; j++)
		nonbasic[j] = j; /* the unknowns are numbered 0..n-1, the slacks n.. */
	for (size_t i = 0; i < m; i++)
		basic[i] = n + i;
	int rc = 0;
	for (;;) {
		size_t col = n, row = m;
		for (size_t j = 0; j < n; j++)
			if (T[m * w + j] < -1e-12 && (col == n || nonbasic[j] < nonbasic[col]))
				col = j;
		if (col == n)
			break; /* optimal */
		double best = INFINITY;
		for (size_t i = 0; i < m; i++) {
			double a = T[i * w + col];
			if (a <= 1e-12)
				continue;
			double ratio = T[i * w + n] / a;
			if (ratio < best - 1e-12 ||
			    (ratio <= best + 1e-12 && row < m && basic[i] < basic[row])) {
				best = ratio < best ? ratio : best;
				row = i;
			}
		}
		if (row == m) {
			rc = -1; /* unbounded */
			break;
		}
		double piv = T[row * w + col];
		for (size_t i = 0; i <= m; i++) {
			if (i == row)
				continue;
			double f = T[i * w + col] / piv;
			if (f == 0)
				continue;
			for (size_t j = 0; j <= n; j++)
				if (j != col)
					T[i * w + j] -= f * T[row * w + j];
			T[i * w + col] = -f;
		}
		for (size_t j = 0; j <= n; j++)
			if (j != col)
				T[row * w + j] /= piv;
		T[row * w + col] = 1 / piv;
		size_t t = basic[row];
		basic[row] = nonbasic[col];
		nonbasic[col] = t;
	}
	for (size_t j = 0; j < n; j++)
		x[j] = 0;
	for (size_t i = 0; i < m; i++)
		if (basic[i] < n)
			x[basic[i]] = T[i * w + n];
	free(basic);
	return rc;
}

int fit_closest(const double *w, const double *d, const double *lo, const double *hi, size_t m,
		double p, fit_result *r)
{
	if (m == 0 || m > FIT_MAX_POINTS || !(p > 0))
		return -1;
	for (size_t i = 0; i < m; i++)
		if (!(lo[i] > 0) || !(hi[i] > 0))
			return -1;
	/* The unknowns a, b, c (each scaled so that its largest coefficient
	 * is 1) and s = 1 - e; maximise s. Per point, model <= (1 + e) hi,
	 * that is model / hi + s <= 2, and model >= (1 - e) lo, that is
	 * -model / lo + s <= 0; and s <= 1. a = b = c = 0, s = 0 (e = 1: no
	 * model at all is 100% off everywhere) is feasible. */
	double scale[3] = {0, 0, 0};
	for (size_t i = 0; i < m; i++) {
		double col[3] = {w[i] / p, d[i], 1}, least = lo[i] < hi[i] ? lo[i] : hi[i];
		for (int j = 0; j < 3; j++)
			if (col[j] / least > scale[j])
				scale[j] = col[j] / least;
	}
	size_t rows = 2 * m + 1;
	double *T = calloc((rows + 1) * (LP_N + 1), sizeof *T);
	if (!T)
		return -1;
	for (size_t i = 0; i < m; i++) {
		double col[3] = {w[i] / p, d[i], 1};
		double *up = T + 2 * i * (LP_N + 1), *down = up + LP_N + 1;
		for (int j = 0; j < 3; j++) {
			double x = scale[j] > 0 ? col[j] / scale[j] : 0;
			up[j] = x / hi[i];
			down[j] = -x / lo[i];
		}
		up[3] = down[3] = 1;
		up[LP_N] = 2;
		down[LP_N] = 0;
	}
	T[2 * m * (LP_N + 1) + 3] = 1; /* s <= 1 */
	T[2 * m * (LP_N + 1) + LP_N] = 1;
	T[rows * (LP_N + 1) + 3] = -1; /* maximise s */
	double x[LP_N];
	int rc = lp_max(T, rows, LP_N, x);
	free(T);
	if (rc)
		return -1;
	memset(r, 0, sizeof *r);
	for (int j = 0; j < 3; j++)
		r->coef[j] = scale[j] > 0 ? x[j] / scale[j] : 0;
	r->points = m;
	/* e from the fit itself, and where it is reached. */
	r->worst_rel = -1;
	for (size_t i = 0; i < m; i++) {
		double f = fit_eval(r, w[i], d[i], p);
		double below = 1 - f / lo[i], above = f / hi[i] - 1; /* e this point needs */
		double need = below > above ? below : above;
		if (need > r->worst_rel) {
			r->worst_rel = need;
			r->worst_at = i;
			r->worst_sign = below > above ? 1 : -1;
		}
	}
	if (r->worst_rel < 0)
		r->worst_rel = 0;
	return 0;
}

double fit_eval(const fit_result *r, double w, double d, double p)
{
	return r->coef[0] * w / p + r->coef[1] * d + r->coef[2];
}

int fit_brent(const double *w, const double *d, const double *t, const double *u, size_t m,
	      double p, fit_result *r)
{
	if (m < 3 || m > FIT_MAX_POINTS || !(p > 0))
		return -1;
	double wp[FIT_MAX_POINTS], one[FIT_MAX_POINTS], wt[FIT_MAX_POINTS];
	double mean = 0;
	for (size_t i = 0; i < m; i++) {
		if (!(t[i] > 0))
			return -1;
		wp[i] = w[i] / p;
		one[i] = 1;
		double ui = u && isfinite(u[i]) ? u[i] : 0;
		wt[i] = 1 / (t[i] * sqrt(FIT_MODEL_REL * FIT_MODEL_REL + ui * ui));
		mean += t[i];
	}
	mean /= (double)m;
	const double *X[3] = {wp, d, one};
	memset(r, 0, sizeof *r);
	fit_nnls(X, 3, t, wt, m, r->coef);
	double ss_res = 0, ss_tot = 0;
	for (size_t i = 0; i < m; i++) {
		double model = fit_eval(r, w[i], d[i], p), e = t[i] - model;
		ss_res += e * e;
		ss_tot += (t[i] - mean) * (t[i] - mean);
		double rel = fabs(e) / t[i];
		if (i == 0 || rel > r->worst_rel) {
			r->worst_rel = rel;
			r->worst_at = i;
			r->worst_sign = e >= 0 ? 1 : -1;
		}
	}
	r->r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : (ss_res == 0 ? 1 : 0);
	r->points = m;
	return 0;
}

double fit_growth_exponent(const double *x, const double *y, size_t m)
{
	if (m < 2)
		return NAN;
	size_t from = m / 2;
	if (m - from < 2)
		from = m - 2;
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	size_t k = m - from;
	for (size_t i = from; i < m; i++) {
		if (!(x[i] > 0) || !(y[i] > 0))
			return NAN;
		double lx = log(x[i]), ly = log(y[i]);
		sx += lx;
		sy += ly;
		sxx += lx * lx;
		sxy += lx * ly;
	}
	double den = (double)k * sxx - sx * sx;
	if (!(fabs(den) > 0))
		return NAN;
	return ((double)k * sxy - sx * sy) / den;
}
