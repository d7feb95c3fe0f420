/*
 * verdict.h - the verdict of `pram report` on one kernel: does its time
 * grow as Brent's bound predicts, does it depart, or are its times too
 * noisy to tell? It reads numbers only (no report, no device), so a test
 * feeds it synthetic series.
 *
 * The times are fitted to t(n) = a*W/p + b*D + c (fit.h). Two criteria
 * judge the fit: the worst relative residual, at most VERDICT_MAX_WORST,
 * and R^2, at least VERDICT_MIN_R2. Each time is known only within its
 * confidence interval, so each criterion is also evaluated with every time
 * moved, within its interval, toward the fit and away from it. A criterion
 * that fails even toward the fit fails; one that holds even away from it
 * holds; one that does either, as the noise falls, is open. An interval is
 * at least +-VERDICT_MIN_UNCERTAINTY of its time.
 *
 * A time known more loosely than +-VERDICT_MAX_UNCERTAINTY did not settle:
 * its runs met changing load, and the interval, which assumes the runs
 * independent, understates how far off it may be. Nor did a time from a
 * single round of runs, taken back to back: one burst of load may have
 * met them all (report --budget 0). Such a time is taken to
 * be anywhere in the range of its runs, and as possibly on the fit: it can
 * keep a criterion from holding, but cannot make one fail. The verdict:
 *
 *   departs          a criterion fails (whatever the other)
 *   grows as predicted  both hold
 *   too noisy        neither fails and one is open: named with the size
 *                    whose interval leaves it open, rather than a verdict
 *                    that the next report would reverse
 *
 *     verdict v;
 *     verdict_judge(points, m, lanes, &v);
 *     puts(v.text);
 */
#ifndef PRAM_VERDICT_H
#define PRAM_VERDICT_H

#include <stddef.h>

#include "fit.h"

/* No time is taken as known better than +-this, whatever its interval:
 * on a shared machine the lower quartile of a size differs from one
 * report to the next by some +-5%, now and then twice that, and the fit
 * moves with it. So the two verdicts are apart by a band of residuals
 * about 15% wide (some 17% to 33% at one size), where the verdict is too
 * noisy, and noise alone does not flip one verdict into the other. */
#define VERDICT_MIN_UNCERTAINTY 0.075
/* A time known within this, half its interval's width over it, settled. */
#define VERDICT_MAX_UNCERTAINTY 0.10

/* The fit holds when it is this close at every size... */
#define VERDICT_MAX_WORST 0.25
/* ... and explains this much of the variance. */
#define VERDICT_MIN_R2    0.90

/* One size of a measured series. */
typedef struct verdict_point {
	double n;          /* the input size */
	double w, d;       /* W(n) and D(n) */
	double t;          /* the time fitted (the runs' lower quartile), ms, > 0 */
	double t_lo, t_hi; /* its confidence interval, t_lo <= t <= t_hi */
	double min, max;   /* the fastest and the slowest run, ms */
	size_t runs;       /* how many runs */
	unsigned rounds;   /* in how many rounds, each at another time (0: unknown, as 1) */
} verdict_point;

typedef enum {
	VERDICT_NONE,         /* not judged: fewer than 3 sizes */
	VERDICT_AS_PREDICTED, /* both criteria hold, whatever the noise */
	VERDICT_DEPARTS,      /* a criterion fails, whatever the noise */
	VERDICT_TOO_NOISY     /* neither fails, and the noise leaves one open */
} verdict_outcome;

/* "none", "as-predicted", "departs", "too-noisy" */
const char *verdict_outcome_name(verdict_outcome o);

/* The criteria, as bits of verdict.failed and verdict.open. */
enum {
	VERDICT_WORST = 1, /* the worst relative residual, at most VERDICT_MAX_WORST */
	VERDICT_R2 = 2     /* R^2, at least VERDICT_MIN_R2 */
};

typedef struct verdict {
	verdict_outcome outcome;
	unsigned failed;           /* the criteria that fail (VERDICT_DEPARTS) */
	unsigned open;             /* the criteria the noise leaves open (VERDICT_TOO_NOISY) */
	fit_result fit;            /* the fit; its worst_at indexes the points */
	double worst_lo, worst_hi; /* the worst residual, times moved toward / away from the fit */
	double r2_lo, r2_hi;       /* R^2, times moved away from / toward the fit */
	size_t at;                 /* the point the verdict names: the one furthest off the fit
				    * even within its interval (VERDICT_DEPARTS), the one
				    * whose interval leaves a criterion open (VERDICT_TOO_NOISY),
				    * else the worst residual */
	double exp_meas, exp_pred; /* growth exponents over the upper half (NAN: unknown) */
	char text[768];            /* the verdict in words, starting with "grows as predicted",
				    * "departs from the prediction", "too noisy to judge" or
				    * "too few sizes to judge" */
} verdict;

/* Judge the m points of one kernel (increasing n), with p lanes: fit them,
 * evaluate the criteria and write the verdict into *v. Points with a time
 * that is not positive must be left out by the caller. Returns v->outcome. */
verdict_outcome verdict_judge(const verdict_point *pt, size_t m, double p, verdict *v);

#endif
