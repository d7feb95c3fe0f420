/*
 * stats.h - what repeated timings of one kernel at one size say, for
 * `pram report`: their median and lower quartile, how far apart they are,
 * and how well the runs pin the lower quartile down.
 *
 * The report judges a kernel by the lower quartile of its runs, not their
 * median or mean. On a shared machine another program only ever slows a
 * run down, and it does so for seconds at a time: the times of one size
 * fall in two or more clusters (on two cores, often one at twice the
 * other), and the median jumps from one cluster to the other as their
 * shares change from one report to the next. The lower quartile stays with
 * the fastest cluster, the kernel's own time, as long as a quarter of the
 * runs are in it; unlike the minimum, one lucky run does not decide it.
 *
 * Its confidence interval comes from order statistics, which assume
 * nothing about the times' distribution (timings are skewed and clustered,
 * never normal). Nothing here allocates.
 *
 *     stats_summary s;
 *     stats_summarise(times, runs, &s);    // sorts times
 *     if (stats_rel_width(&s) <= 0.10)     // the lower quartile within about +-5%
 *             ...
 */
#ifndef PRAM_STATS_H
#define PRAM_STATS_H

#include <stddef.h>

/* The quantile the report judges by: the lower quartile. */
#define STATS_QUANTILE   0.25
/* The confidence its interval aims at. */
#define STATS_CONFIDENCE 0.95

typedef struct stats_summary {
	size_t runs;         /* how many times were summarised */
	double min, max;     /* the fastest and the slowest */
	double med;          /* their median */
	double q1;           /* their STATS_QUANTILE quantile (interpolated between ranks) */
	double q1_lo, q1_hi; /* its confidence interval: two of the runs, x_(j) and x_(k) */
	double q1_level;     /* the interval's coverage: STATS_CONFIDENCE or more, less
			      * when too few runs reach it (below 13 for the quartile) */
} stats_summary;

/* Summarise the n times in t, sorting t ascending. With n = 0 every field
 * is NAN but runs. */
void stats_summarise(double *t, size_t n, stats_summary *s);

/* The confidence interval of the q-quantile of n runs, as ranks (1-based)
 * of the sorted runs: *j is the largest rank with P(B <= j - 1) <= a and *k
 * the smallest with P(B >= k) <= a, where B ~ Binomial(n, q) counts the runs
 * below the quantile and a = (1 - STATS_CONFIDENCE) / 2; where no rank
 * reaches that (too few runs), the extreme one, 1 or n. *level is the
 * coverage, 1 - P(B <= j - 1) - P(B >= k). n >= 1, 0 < q < 1. */
void stats_quantile_ranks(size_t n, double q, size_t *j, size_t *k, double *level);

/* The width of the lower quartile's interval relative to the quartile,
 * (q1_hi - q1_lo) / q1: 0.10 means it is known within about +-5%. 0 when
 * the interval is a point; NAN without runs, or when the quartile is not
 * positive and the interval is not a point. */
double stats_rel_width(const stats_summary *s);

#endif
