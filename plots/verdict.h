/*
 * verdict.h - the verdict of `pram report` on one kernel: does its time
 * grow as Brent's bound predicts, does it depart, or are its times too
 * noisy to tell? It reads numbers only (no report, no device), so a test
 * feeds it synthetic series.
 *
 * The times are fitted to t(n) = a*W/p + b*D + c, a, b, c >= 0 (fit.h),
 * and two criteria judge them: some such fit is within VERDICT_MAX_WORST
 * of every size (the closest fit, fit_closest, answers that: the
 * least-squares fit drawn in the figures spreads its error and may be
 * further off at one size than another fit would be), and the
 * least-squares fit explains at least VERDICT_MIN_R2 of the variance.
 *
 * Each time is known only within its confidence interval, at least
 * +-VERDICT_MIN_UNCERTAINTY of it, so each criterion is evaluated three
 * ways: at the times, with every time free within its interval (the most
 * favourable case) and with the fit held to every value of every interval
 * (the least). The verdict:
 *
 *   departs             a criterion fails even in the most favourable case:
 *                       the times show the departure, whatever the noise
 *   grows as predicted  neither does, and every time is known well (from
 *                       more than one round, within +-VERDICT_MAX_UNCERTAINTY)
 *                       or both criteria hold even in the least favourable
 *                       case; a criterion that holds only within the noise,
 *                       not at the times themselves, is marginal, and the
 *                       verdict says so with the number that decided it
 *   too noisy           neither fails, and a time known too loosely could
 *                       put one on either side: the verdict names its size
 *                       rather than give one that the next report reverses
 *
 * The sweep takes more rounds of runs while a verdict is too noisy or
 * marginal, so that its intervals narrow. Times from a single round of
 * runs, taken back to back, may all have met one burst of load (report
 * --budget 0): such a time is not known well, is taken to be anywhere in
 * the range of its runs and as possibly on the fit, so it can keep a
 * criterion from holding but cannot make one fail.
 *
 *     verdict v;
 *     verdict_judge(points, m, lanes, &v);
 *     puts(v.text);   // the reasoning, for the pages
 *     puts(v.line);   // the outcome and the number that decided it
 */
#ifndef PRAM_VERDICT_H
#define PRAM_VERDICT_H

#include <stddef.h>

#include "fit.h"

/* No time is taken as known better than +-this, whatever its interval.
 * With the rounds of every size taken at the same moments (sweep.c), load
 * slows all sizes of a kernel alike, the fit takes it up, and the closest
 * fit's worst residual differs from one report to the next by about 2% on
 * a shared machine of two cores; an interval of a few hundred runs can be
 * narrower than that. */
#define VERDICT_MIN_UNCERTAINTY 0.02
/* A time from more rounds whose interval is wider than this, half its
 * width over the time, is named as the reason when the verdict is open. */
#define VERDICT_MAX_UNCERTAINTY 0.10

/* The fit holds when some fit is this close at every size... */
#define VERDICT_MAX_WORST 0.25
/* ... and the least-squares fit explains this much of the variance. */
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
	VERDICT_WORST =
	    1,         /* the closest fit's worst relative residual, at most VERDICT_MAX_WORST */
	VERDICT_R2 = 2 /* R^2, at least VERDICT_MIN_R2 */
};

/* The most characters of verdict.line, its terminating zero not counted. */
#define VERDICT_LINE_MAX 64

typedef struct verdict {
	verdict_outcome outcome;
	unsigned failed;           /* the criteria that fail (VERDICT_DEPARTS) */
	unsigned open;             /* the criteria the noise leaves open (VERDICT_TOO_NOISY) */
	unsigned marginal;         /* the criteria that hold within the noise but not at the
				    * times themselves */
	fit_result fit;            /* the least-squares fit; its worst_at indexes the points */
	fit_result close;          /* the closest fit at the times (fit_closest) */
	double worst_lo, worst_hi; /* the closest fit's worst residual, the times free within
				    * their intervals / the fit held to all of them */
	double r2_lo, r2_hi;       /* R^2, times moved away from / toward the fit */
	size_t at;                 /* the point the verdict names: the one the closest fit
				    * misses most even with the times free (VERDICT_DEPARTS),
				    * the one whose interval leaves a criterion open
				    * (VERDICT_TOO_NOISY), else the closest fit's worst */
	double exp_meas, exp_pred; /* growth exponents over the upper half (NAN: unknown) */
	char text[1024];           /* the verdict with its reasons, starting with "grows as
				    * predicted", "departs from the prediction", "too noisy to
				    * judge" or "too few sizes to judge" */
	char line[VERDICT_LINE_MAX + 1]; /* the outcome and the number that decided it, as
					  * "grows as predicted (within 12% at every size,
					  * R^2 0.98)" or "departs (31% off at n = 2^16,
					  * 25% allowed)" */
} verdict;

/* Judge the m points of one kernel (increasing n), with p lanes: fit them,
 * evaluate the criteria and write the verdict into *v. Points with a time
 * that is not positive must be left out by the caller. Returns v->outcome. */
verdict_outcome verdict_judge(const verdict_point *pt, size_t m, double p, verdict *v);

#endif
