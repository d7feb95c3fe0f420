/*
 * fit.h - fitting measured kernel times to Brent's bound, for `pram report`.
 *
 * The model is t(n) = a * W(n)/p + b * D(n) + c with a, b, c >= 0, where W
 * and D are the work and depth the simulator counts and p is the number of
 * lanes the device runs at once. The constants are found by non-negative
 * least squares on relative residuals, (t_i - model_i) / t_i, so a sweep over
 * several decades of n is fitted as well at its small sizes as at its large
 * ones (the plots are log-log); a time known only roughly counts for less.
 * Nothing here allocates.
 *
 *     fit_result f;
 *     if (fit_brent(w, d, t, NULL, k, p, &f) == 0)
 *         printf("a %g b %g c %g R^2 %.3f\n", f.coef[0], f.coef[1], f.coef[2], f.r2);
 */
#ifndef PRAM_FIT_H
#define PRAM_FIT_H

#include <stddef.h>

/* Points a fit takes at most (sizes of one sweep). */
#define FIT_MAX_POINTS 256

typedef struct fit_result {
	double coef[3];    /* a (per W/p), b (per step of D), c (constant), all >= 0 */
	double r2;         /* 1 - SS_res / SS_tot on the times themselves */
	double worst_rel;  /* the largest |t_i - model_i| / t_i */
	size_t worst_at;   /* the index i of that point */
	double worst_sign; /* +1 when that point is slower than the model, -1 faster */
	size_t points;     /* how many points were fitted */
} fit_result;

/* Solve min sum_i ((y_i - sum_j x_j X_ij) * wt_i)^2 subject to x_j >= 0 for
 * the k <= 3 columns X[j][i], i < m, with row weights wt (NULL: all 1). The
 * problem is small, so every subset of columns is solved without bounds and
 * the best solution that is non-negative is kept: that is the exact optimum,
 * whose positive coefficients solve the unbounded problem on their columns.
 * Writes k coefficients into x (0 for the columns left out). Returns 0, or -1
 * when m is 0, m > FIT_MAX_POINTS or k is not 1..3. */
int fit_nnls(const double *const X[], size_t k, const double *y, const double *wt, size_t m,
	     double *x);

/* The relative accuracy a fit asks of no time: a time known better than
 * this counts no more than one known this well, as the model itself is no
 * more accurate. */
#define FIT_MODEL_REL 0.05

/* Fit t_i = a * w_i / p + b * d_i + c over m points, minimising the relative
 * residuals, each weighed by 1 / sqrt(FIT_MODEL_REL^2 + u_i^2), where u_i is
 * how well t_i is known relative to itself (half its interval's width over
 * it): a time known within +-30% counts for a sixth of one known within
 * +-5%. u may be NULL (all known well). Times must be positive.
 * Returns 0 with the result in *r, or -1 when fewer than 3 points, more
 * than FIT_MAX_POINTS, a time <= 0 or p <= 0. */
int fit_brent(const double *w, const double *d, const double *t, const double *u, size_t m,
	      double p, fit_result *r);

/* The Brent fit closest at every point: a, b, c >= 0 and the least e
 * such that each model value lies within [(1 - e) lo_i, (1 + e) hi_i],
 * which for lo_i = hi_i = t_i is the least worst relative residual
 * |t_i - model_i| / t_i any fit has. The least squares of fit_brent
 * spread their error over all points and can leave one further off than
 * another fit would: the question "is some Brent fit within 25% at every
 * size" is this fit's to answer. With lo_i < hi_i (each time anywhere in
 * its interval) e is the least over the times too; with lo_i > hi_i it is
 * the least e that one fit keeps for every time in [hi_i, lo_i]. Writes
 * a, b, c into r->coef, e into r->worst_rel, the point that needs it
 * into r->worst_at (+1 in r->worst_sign when it asks the model up to lo,
 * -1 down to hi) and m into r->points; r2 is 0 (not a least-squares fit).
 * Returns 0, or -1 when m is 0 or more than FIT_MAX_POINTS, a bound is not
 * positive or p <= 0. */
int fit_closest(const double *w, const double *d, const double *lo, const double *hi, size_t m,
		double p, fit_result *r);

/* The model's value at (w, d). */
double fit_eval(const fit_result *r, double w, double d, double p);

/* The growth exponent k of y ~ x^k: the least-squares slope of log y against
 * log x over the upper half of the m points (indices m/2 .. m-1; at least
 * the last two). x must increase; x and y must be positive. Returns the
 * slope, or NAN when m < 2 or a value is not positive. */
double fit_growth_exponent(const double *x, const double *y, size_t m);

#endif
