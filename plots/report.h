/*
 * report.h - what `pram report` measured and computed, and the library
 * (plots/libreport.la) that judges it and writes it out: the verdicts
 * (verdict.c), the figures as CSV, gnuplot script, PNG and SVG (figures.c)
 * and the pages, summary JSON and index in Markdown and HTML (pages.c).
 * src/cmd_report.c fills a report by running the sweep. Nothing here prints
 * or exits: a failure comes back as a message in the caller's buffer.
 */
#ifndef PRAM_REPORT_H
#define PRAM_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "fit.h"

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

/* The f values of the per-work-item analysis. */
#define REP_NF    6
#define REP_MAX_P 48

/* One measured kernel variant of an algorithm over the sizes. */
typedef struct rep_series {
	const char *variant;   /* "teaching" or "tuned" (static) */
	double *med, *lo, *hi; /* per size, ms; NAN where not measured */
	double *fitv;          /* the fitted model per size; NAN where not fitted */
	int all_verified;      /* every measured output equals the reference */
	size_t measured;       /* sizes measured */
	char error[512];       /* the first failure, or "" */
	int have_fit;
	fit_result fit;
	size_t worst_n;            /* the size of the worst residual */
	double exp_meas, exp_pred; /* growth exponents over the upper half; NAN when unknown */
	int as_predicted;          /* the verdict in one bit */
	char verdict[512];         /* the verdict line */
	/* f per work-item (ALGO_PER_PROC algorithms): median, min, max per f. */
	double f_med[REP_NF], f_lo[REP_NF], f_hi[REP_NF];
} rep_series;

typedef struct rep_algo {
	const algo *a;
	algo_params params; /* the parameters every run used */
	rep_cost *cost;     /* one per size */
	size_t nvar;
	rep_series var[2];
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
	char title[256];  /* what it shows, for the index */
	const char *kind; /* "time", "cost", "family", "perproc", "speedup" */
	int algo;         /* index into report.algos, or -1 */
	char family[64];  /* for family figures */
	int drawn;        /* PNG and SVG exist */
	char error[512];  /* why it was not drawn */
} rep_figure;

typedef struct report {
	const char *outdir;
	char command[4096]; /* the exact command line, shell-quoted */
	char date[64];
	size_t *sizes, nsizes;
	unsigned reps;
	size_t sim_max; /* the largest simulated size (closed forms past it) */
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
	int no_draw;   /* write the scripts and draw.sh, run no gnuplot */
	int any_wrong; /* a kernel or simulation gave a wrong result */
} report;

/* Write every figure's CSV and script into r->outdir and draw its PNG and
 * SVG with gnuplot, recording each in r->figs (the report owns them). A
 * figure gnuplot could not draw keeps its CSV and script and says why.
 * Returns 0, or -1 with a message in err when a file cannot be written. */
int report_figures(report *r, char *err, size_t errlen);

/* Draw the main figure (the first time figure, else the first cost figure)
 * with gnuplot's dumb terminal on standard output. Returns 0 (also when
 * there is none, or no templates), or -1 with gnuplot's complaint in err. */
int report_preview(const report *r, char *err, size_t errlen);

/* Write summary.json, index.md and index.html. Returns 0, or -1 with a
 * message in err. */
int report_pages(const report *r, char *err, size_t errlen);

/* Fit each measured variant and write its verdict. */
void report_judge(report *r);

#endif
