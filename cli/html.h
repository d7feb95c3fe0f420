/*
 * html.h - `pram run --html FILE`: one self-contained HTML page (inline CSS
 * and JavaScript, nothing fetched) that steps through a run: the arrays as
 * rows of cells, the cells each processor read and wrote in the step, the
 * conflicts in the model's terms, the step's counters and the running W
 * and D.
 *
 * The run must record its accesses (pram_config.record, at most
 * HTML_MAX_ACCESSES) and call html_step after every step, which keeps a
 * copy of the arrays (at most HTML_MAX_CELLS cells over all steps). Past
 * either limit the page holds the steps before it and says where it
 * stopped; the counters and the summary are always the whole run's.
 *
 *     html_rec *h = html_rec_new();
 *     cfg.record = HTML_MAX_ACCESSES;
 *     simrun_exec(a, &p, in, &cfg, html_step, h, &r);
 *     html_write(f, h, &(html_info){...}, err, sizeof err);
 *     html_rec_free(h);
 *
 * The page is cli/run.html, built into the program as text
 * (html_run_template); the run's data go into it as JSON (json.h).
 */
#ifndef PRAM_HTML_H
#define PRAM_HTML_H

#include <stdio.h>

#include "simrun.h"

#define HTML_MAX_ACCESSES 200000u  /* accesses a page shows */
#define HTML_MAX_CELLS    1000000u /* array cells over all the steps a page shows */

typedef struct html_rec html_rec;

/* A new, empty collection; NULL when out of memory. */
html_rec *html_rec_new(void);
void html_rec_free(html_rec *h);

/* The step hook (pram_step_hook): ud is the html_rec. */
void html_step(pram *m, size_t step, void *ud);

/* What the page says about the run besides its steps. */
typedef struct html_info {
	const algo *alg;
	const algo_params *params;
	const pram_config *cfg; /* model, seed, conflict mode, combining operator */
	const algo_data *in;    /* the inputs, algo_nin of them */
	const simrun *run;      /* the finished run */
} html_info;

/* Write the page to f. Returns 0, or -1 with the reason in err (out of
 * memory while collecting, a write error). */
int html_write(FILE *f, const html_rec *h, const html_info *info, char *err, size_t errlen);

/* The page's text, one line per entry, ended by NULL (made from cli/run.html
 * at build time). A line "<!--PRAM-DATA-->" marks where the data go. */
extern const char *const html_run_template[];

#endif
