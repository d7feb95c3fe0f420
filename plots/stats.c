/*
 * stats.c - quantiles of repeated timings and their distribution-free
 * confidence intervals (see stats.h).
 *
 * The interval: the q-quantile Q of the distribution the runs are drawn
 * from lies below the j-th smallest of n runs exactly when at most j - 1
 * runs fall below Q, which for independent runs has probability
 * P(B <= j - 1) with B ~ Binomial(n, q); and above the k-th smallest when
 * at least k do, P(B >= k). So [x_(j), x_(k)] holds Q with probability
 * 1 - P(B <= j - 1) - P(B >= k), whatever the distribution.
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* The q-quantile of n sorted values, interpolated between the two ranks
 * around (n - 1) q (the usual definition, R's type 7). */
static double sorted_quantile(const double *t, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t i = (size_t)h;
	if (i + 1 >= n)
		return t[n - 1];
	return t[i] + (h - (double)i) * (t[i + 1] - t[i]);
}

void stats_quantile_ranks(size_t n, double q, size_t *j, size_t *k, double *level)
{
	double a = (1 - STATS_CONFIDENCE) / 2 * (1 + 1e-12);
	/* P(B = i) in logarithms: (1 - q)^n underflows for long series. */
	double logp = (double)n * log1p(-q), ratio = q / (1 - q);
	double cdf = exp(logp); /* P(B <= i) */
	double below = cdf;     /* P(B <= j - 1) */
	double above = -1;      /* P(B >= k), once k is found */
	*j = 1;
	*k = n;
	for (size_t i = 0; i < n; i++) {
		/* Here cdf = P(B <= i). */
		if (cdf <= a) {
			*j = i + 1; /* P(B <= j - 1) = cdf */
			below = cdf;
		}
		if (above < 0 && 1 - cdf <= a) {
			*k = i + 1; /* P(B >= i + 1) = 1 - P(B <= i) */
			above = 1 - cdf;
			break;
		}
		logp += log((double)(n - i) / (double)(i + 1) * ratio);
		cdf += exp(logp);
	}
	if (above < 0)
		above = exp((double)n * log(q)); /* k = n: P(B >= n) = q^n */
	if (*j > *k)
		*j = *k;
	*level = 1 - below - above;
}

void stats_summarise(double *t, size_t n, stats_summary *s)
{
	s->runs = n;
	if (n == 0) {
		s->min = s->max = s->med = s->q1 = s->q1_lo = s->q1_hi = s->q1_level = NAN;
		return;
	}
	qsort(t, n, sizeof *t, cmp_double);
	s->min = t[0];
	s->max = t[n - 1];
	s->med = sorted_quantile(t, n, 0.5);
	s->q1 = sorted_quantile(t, n, STATS_QUANTILE);
	size_t j, k;
	stats_quantile_ranks(n, STATS_QUANTILE, &j, &k, &s->q1_level);
	s->q1_lo = t[j - 1];
	s->q1_hi = t[k - 1];
}

double stats_rel_width(const stats_summary *s)
{
	if (s->runs == 0)
		return NAN;
	if (s->q1_hi == s->q1_lo)
		return 0;
	if (!(s->q1 > 0))
		return NAN;
	return (s->q1_hi - s->q1_lo) / s->q1;
}
