/*
 * sitefig.h - the course site's figures of a `pram report` example: which
 * of the report's figures belong to which algorithm of the example, and
 * two figures the site draws itself from the report's data, beside it in
 * the report's folder:
 *
 *     sitefig_fig *figs; size_t n;
 *     sitefig_list(rdir, &figs, &n, err, sizeof err);     // summary.json's figures
 *     if (sitefig_of(figs[k].algo, "radix-sort")) ...      // a series value counts
 *     sitefig_contrast(rdir, costs, ncosts, &out, err, sizeof err); // contrast-wd.svg
 *     sitefig_speedup(rdir, names, nnames, &out, err, sizeof err);  // speedup-sequential.svg
 *     free(figs);
 *
 * The contrast figure sets the work W(n) and the depth D(n) of several
 * algorithms side by side; the speedup figure divides the best sequential
 * time of each algorithm's problem (n - 1 additions for a scan), not the
 * algorithm's own T_1 = W, by its T_p on the simulator, so that doing more
 * work never looks like scaling better. Nothing here prints or exits.
 */
#ifndef PRAM_SITEFIG_H
#define PRAM_SITEFIG_H

#include <stddef.h>

/* A figure of a report folder, as its summary.json lists it. */
typedef struct sitefig_fig {
	char name[160];  /* its file name without extension: "scan-blelloch-cost" */
	char kind[32];   /* "cost", "time", "speedup", ... */
	char algo[128];  /* the algorithm's label ("radix-sort --bits-per-pass 4"), or "" */
	char csv[176];   /* its data, a file of the folder */
	char svg[176];   /* its picture, a file of the folder */
	char title[512]; /* what it shows, plain text (cut short where longer) */
} sitefig_fig;

/* The figures dir/summary.json lists, in its order, into *out (caller
 * frees) and their number into *n. Returns 0, or -1 with a message naming
 * the file in err (missing, malformed, out of memory). */
int sitefig_list(const char *dir, sitefig_fig **out, size_t *n, char *err, size_t errlen);

/* Whether the report label names the algorithm name: the name itself, or
 * the name and one value of its series ("radix-sort --bits-per-pass 4"). */
int sitefig_of(const char *label, const char *name);

/* A figure the site drew: its picture and what to say under it. */
typedef struct sitefig_out {
	char svg[64];       /* its picture in the report's folder */
	char caption[2048]; /* plain text (the caller escapes it) */
} sitefig_out;

/* Draw dir/contrast-wd.svg (with its CSV and script): W(n) and D(n) of the
 * algorithms whose cost figures are costs[0..n), in that order, from those
 * figures' CSV files. Returns 0 with out filled, or -1 with why in err. */
int sitefig_contrast(const char *dir, const sitefig_fig *const *costs, size_t n, sitefig_out *out,
		     char *err, size_t errlen);

/* Draw dir/speedup-sequential.svg from the report's brent-speedup.csv: for
 * each algorithm of names[0..n) (in that order; the values of a series
 * too) that has a best sequential time stated here, T_seq(n) / T_p on p
 * processors at the report's size, beside Brent's bound T_seq / (W/p + D)
 * and the ideal p. The caption says the baseline and which algorithms are
 * left out for want of one. Returns 0 with out filled, 1 when no algorithm
 * has a baseline or the report has no speedup data (nothing drawn, the
 * reason in err), or -1 with why in err. */
int sitefig_speedup(const char *dir, const char *const *names, size_t n, sitefig_out *out,
		    char *err, size_t errlen);

#endif
