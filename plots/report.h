/*
 * report.h - `pram report` as a library (plots/libreport.la): does an
 * algorithm, on this hardware, grow the way the theory says? A report is
 * made in steps, one module each:
 *
 *     report *r;
 *     if (report_new(&cfg, &r, err, sizeof err) == 0 &&  // report.c: the folder
 *         report_sweep(r, &cfg, err, sizeof err) == 0) { // sweep.c: measure, count
 *             report_judge(r);                          // judge.c: fits, verdicts
 *             report_figures(r, err, sizeof err);       // figures.c: CSV, scripts, images
 *             report_pages(r, err, sizeof err);         // pages.c: JSON, Markdown, HTML
 *     }
 *     report_free(r);
 *
 * The struct report below holds what was measured and computed; a caller
 * reads it (to print a summary) but leaves it to these functions to fill.
 * Nothing here prints or exits: failures come back as a message in the
 * caller's buffer, and the sweep's progress and notices go through the
 * callbacks of the configuration.
 */
#ifndef PRAM_REPORT_H
#define PRAM_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "fit.h"
#include "stats.h"
#include "verdict.h"

/* The largest size a report sweeps or simulates. */
#define REPORT_MAX_SIZE ((size_t)1 << 28)

/* The most work a report simulates at one size, where a closed form says
 * what it would be (past it the closed form stands in): the simulator
 * keeps a record of every cell, and radix-sort's 8-bit digits at n = 2^18
 * (W = 6.7e8 on 2^26 cells of flags) take 5 GiB and 19 s. */
#define REPORT_SIM_MAX_WORK ((uint64_t)1 << 27)

/* Where a size's W(n) and D(n) came from. */
typedef enum {
	COST_NONE,  /* neither (the simulation failed) */
	COST_SIM,   /* counted by the simulator */
	COST_CLOSED /* the registry's closed form, past the simulated sizes */
} rep_source;

const char *rep_source_name(rep_source s); /* "none", "simulator", "closed-form" */

typedef struct rep_cost {
	rep_source source;
	uint64_t w, d, ds; /* W, D and D_serial (ds only from the simulator) */
	int closed;        /* the registry has a closed form at this size */
	uint64_t cw, cd;   /* its W and D */
	int verified;      /* the simulator's output equals the reference */
} rep_cost;

/* Why the timed runs of a kernel at a size stopped. */
typedef enum {
	RUNS_NONE,    /* none taken yet, or still going */
	RUNS_FIXED,   /* exactly the minimum: no budget (--budget 0) */
	RUNS_PRECISE, /* the lower quartile is known as precisely as asked */
	RUNS_BUDGET,  /* the time budget is spent */
	RUNS_MAX,     /* REP_MAX_RUNS were taken */
	RUNS_FAILED,  /* a run failed */
	RUNS_DECIDED  /* known less precisely than asked, but no verdict is open */
} rep_stop;

/* "none", "fixed", "precise", "budget", "max-runs", "failed", "decided" */
const char *rep_stop_name(rep_stop s);

/* The most timed runs of one kernel at one size, the fewest rounds they
 * are taken in when there is a budget, and the fewest seconds the rounds
 * of an algorithm span then (its budget, where that is less). */
#define REP_MAX_RUNS   4096
#define REP_MIN_ROUNDS 3
#define REP_MIN_SPAN_S 1.0

/* The timed runs of one kernel variant at one size. They are taken in
 * rounds, each after a warm-up of its own, one in each pass over the
 * algorithm's sizes, until the lower quartile is known within the
 * precision asked or no verdict rests on the noise, or the time budget is
 * spent (sweep.c). */
typedef struct rep_runs {
	double *ms;       /* every run's time in ms, sorted (owned by the report) */
	size_t cap;       /* room in ms */
	stats_summary st; /* runs, range, median, lower quartile and its interval (NAN: none) */
	double spent_s;   /* wall time spent on them, warm-ups and checks included */
	unsigned rounds;  /* rounds taken */
	unsigned launches; /* kernel launches in one run (0: none ran) */
	uint64_t need;     /* the unavoidable bytes at this size (algo_bytes) */
	rep_stop stop;    /* why they stopped */
} rep_runs;

/* The kernel variants of one algorithm (teaching and tuned). */
#define REP_MAX_VARIANTS 2

/* The f values of the per-work-item analysis. */
#define REP_NF    6
#define REP_MAX_P 48

/* One measured kernel variant of an algorithm over the sizes. */
typedef struct rep_series {
	const char *variant; /* "teaching" or "tuned" (static: gpu_variant_name) */
	int kind;            /* the same as an enum gpu_variant */
	rep_runs *runs;      /* per size; no runs where not measured */
	double *fitv;        /* the fitted model per size, ms; NAN where not fitted */
	int all_verified;    /* every measured output equals the reference */
	size_t measured;     /* sizes measured */
	char error[512];     /* the first failure, or "" */
	int have_fit;
	fit_result fit;            /* the least-squares fit, drawn */
	size_t worst_n;            /* the size of its worst residual */
	fit_result close;          /* the closest fit (fit_closest), the verdict's */
	size_t close_n;            /* the size of its worst residual */
	double worst_lo, worst_hi; /* the closest fit's worst residual with the times free
				    * within their intervals, and held to all their values */
	double r2_lo, r2_hi;       /* R^2 with the times moved away from and toward the fit */
	double exp_meas, exp_pred; /* growth exponents over the upper half; NAN when unknown */
	verdict_outcome outcome;   /* the verdict (verdict.h) */
	unsigned failed, open;     /* the criteria that fail, and that the noise leaves open */
	unsigned marginal;         /* those that hold only within the noise */
	size_t verdict_n;          /* the size the verdict names (verdict.at) */
	int as_predicted;          /* the verdict in one bit, the results right too */
	char verdict[1700];        /* the verdict with its reasons (verdict.text) */
	char line[VERDICT_LINE_MAX + 48]; /* it in one line: the outcome and the number that
					   * decided it (verdict.line), after WRONG RESULTS
					   * or FAILED at the size that failed */
	/* Bytes moved per element, from pram gpu --profile at a small size
	 * (report_config.profile), assumed the same at every size; NAN where
	 * there is no profile (the figure then takes the unavoidable bytes). */
	double bpe;
	size_t bpe_n;       /* the size profiled */
	char bpe_note[512]; /* why there is no profile, or "" */
	/* f per work-item (ALGO_PER_PROC algorithms): the runs per f. */
	rep_runs f_runs[REP_NF];
} rep_series;

typedef struct rep_algo {
	const algo *a;
	algo_params params; /* the parameters every run used */
	/* An algorithm whose parameter has a series (algo_param.series) is
	 * reported once for each value, each its own rep_algo: the index of
	 * that parameter (-1: none) and its value here. */
	int series;
	int64_t series_value;
	char key[96];    /* names its figures and anchors: "radix-sort", or
			  * "radix-sort-bits-per-pass-4" in a series */
	char label[128]; /* names it in titles, keys and pages: "radix-sort", or
			  * "radix-sort --bits-per-pass 4" */
	rep_cost *cost;  /* one per size */
	size_t nvar;
	rep_series var[REP_MAX_VARIANTS];
	char gpu_note[512]; /* why there are no measurements, or "" */
	char sim_note[512]; /* a failed simulation or a closed form that differs */
	size_t cf_checked;  /* sizes where simulator and closed form were compared */
	size_t cf_differ;   /* of which they differed */
	int sim_failed;     /* a simulation failed or did not verify */
	/* Brent on the simulator at one size: T_p for p = 1, 2, 4, ... */
	size_t sp_n, sp_np; /* the size; how many p (0: not done) */
	uint64_t sp_p[REP_MAX_P], sp_tp[REP_MAX_P], sp_w, sp_d;
	/* f per work-item: size, f values, W and D per f (from the registry). */
	size_t f_n; /* 0: not done */
	unsigned f_val[REP_NF];
	int f_cost_ok[REP_NF];
	uint64_t f_w[REP_NF], f_d[REP_NF];
} rep_algo;

/* A figure written to the report folder. */
typedef struct rep_figure {
	char name[160];   /* file name without extension */
	char title[256];  /* what it shows (gnuplot enhanced text), for the index */
	const char *kind; /* "time", "cost", "perproc", "series", "family", "speedup",
			   * "ratio", or an algorithm's own (static) */
	/* The algorithm's own figure's declaration (algo.figures), or NULL. */
	const algo_figure *own;
	int algo;        /* index into report.algos, or -1 */
	char family[64]; /* for family figures */
	int drawn;       /* PNG and SVG exist */
	char error[512]; /* why it was not drawn */
} rep_figure;

typedef struct report {
	const char *outdir; /* borrowed from the configuration */
	char command[4096]; /* the exact command line, shell-quoted */
	char date[64];
	size_t *sizes, nsizes;
	unsigned reps;    /* the fewest timed runs per size and kernel */
	double budget_s;  /* seconds per size and kernel for more runs (0: exactly reps) */
	double precision; /* the lower quartile's interval wanted: +-precision of it */
	size_t sim_max;   /* the largest simulated size (closed forms past it) */
	uint64_t seed;
	int have_device;
	char device[256], platform[256], device_error[1024];
	unsigned compute_units;
	unsigned long lanes; /* p of the fits */
	rep_algo *algos;
	size_t nalgos;
	rep_figure *figs;
	size_t nfigs, capfigs;
	int gnuplot_ok; /* every figure was drawn */
	char gnuplot_error[1024];
	int no_draw;    /* write the scripts and draw.sh, run no gnuplot */
	int any_wrong;  /* a kernel or simulation gave a wrong result */
	int any_failed; /* a kernel failed to run (an OpenCL error) at some size */
} report;

/* Where the sweep is, for a progress line. */
typedef struct report_progress {
	const char *algo;   /* the algorithm being swept */
	const char *what;   /* "simulator", a kernel variant or "f per work-item" */
	size_t n;           /* the input size */
	double done, total; /* units of work done before this step, and in all */
} report_progress;

/* What a report is asked to do. report_new copies the sizes and the
 * command and keeps outdir, which must outlive the report; the rest is read
 * only during the calls that take the configuration. */
typedef struct report_config {
	const char *const *names; /* the algorithms to report, by name; none: all */
	size_t nnames;
	const size_t *sizes; /* ascending, without repeats, at most FIT_MAX_POINTS */
	size_t nsizes;
	const char *device;  /* the device as pram gpu --device takes it, or NULL */
	unsigned reps;       /* the fewest timed runs per size after one warm-up */
	double budget_s;     /* seconds per size and kernel to run more (0: reps runs) */
	double precision;    /* stop when the lower quartile's 95% interval is
			      * within +-precision of it (0.05: +-5%) */
	uint64_t seed;       /* of the inputs */
	size_t sim_max;      /* the largest simulated size (closed forms past it) */
	const char *outdir;  /* the report's folder, made when missing */
	const char *command; /* the command line, shell-quoted, for the pages */
	int no_draw;         /* write the scripts and draw.sh, run no gnuplot */
	/* Called before each step of the sweep, or NULL. */
	void (*progress)(void *arg, const report_progress *p);
	/* Bytes moved per element by variant (an enum gpu_variant) of a's
	 * kernels with parameters p, into *bpe, counted at the size *n it
	 * chooses (pram gpu --profile); 0, or -1 with why. NULL: none, the
	 * memory figure takes the unavoidable bytes. */
	int (*profile)(void *arg, const algo *a, const algo_params *p, int variant, double *bpe,
		       size_t *n, char *why, size_t whylen);
	/* Called with what the report goes on without (no device), or NULL. */
	void (*notice)(void *arg, const char *msg);
	void *arg; /* passed to both */
} report_config;

/* report.c: start a report as cfg asks, making its folder. Returns 0 with
 * the report in *out (free it with report_free), or -1 with a message in
 * err (the folder cannot be made, out of memory). */
int report_new(const report_config *cfg, report **out, char *err, size_t errlen);

/* report.c: free r and all it holds. r may be NULL. */
void report_free(report *r);

/* sweep.c: open the device cfg names and, for every algorithm asked and
 * every size, count W, D and D_serial on the simulator (the registry's
 * closed forms past sim_max) and time the kernels, reps runs after a
 * warm-up; Brent's T_p at one size; and, where an algorithm takes f
 * elements per work-item, its times per f. Then, with a budget, more
 * rounds of reps runs in passes over the algorithm's sizes and f, each
 * pass a round at every one of them: for at least REP_MIN_ROUNDS rounds
 * over at least REP_MIN_SPAN_S, then while a kernel's verdict rests on
 * the noise and a lower quartile is known less well than cfg->precision,
 * as long as the algorithm has cfg->budget_s per size and kernel left.
 * So all sizes' runs span the same moments: a burst of load on a shared
 * machine falls on a part of the runs of every size, not on all the runs
 * of the sizes measured while it lasts. Without a device (cfg->notice
 * hears why) the report has the simulator's figures only. A wrong result
 * is recorded (r->any_wrong), not a failure. Returns 0, or -1 with a
 * message in err (out of memory). */
int report_sweep(report *r, const report_config *cfg, char *err, size_t errlen);

/* judge.c: fit each measured variant and write its verdict (verdict.h). */
void report_judge(report *r);

/* figures.c: write every figure's CSV and script into r->outdir and draw
 * its PNG and SVG with gnuplot, recording each in r->figs (the report owns
 * them). A figure gnuplot could not draw keeps its CSV and script and says
 * why. Returns 0, or -1 with a message in err when a file cannot be
 * written. */
int report_figures(report *r, char *err, size_t errlen);

/* figures.c: draw the main figure (the first time figure, else the first
 * cost figure) with gnuplot's dumb terminal on standard output. Returns 0
 * (also when there is none, or no templates), or -1 with gnuplot's
 * complaint in err. */
int report_preview(const report *r, char *err, size_t errlen);

/* pages.c: write summary.json, index.md and index.html. Returns 0, or -1
 * with a message in err. */
int report_pages(const report *r, char *err, size_t errlen);

#endif
