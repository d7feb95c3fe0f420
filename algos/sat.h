/*
 * sat.h - what the summed-area table (sat.c) shares with the programs built
 * on it, their kernels and the tests: the variants, the query of a box in
 * each, the float32 precision measure (which sat's own report figure
 * draws), the bits-needed rule and the box filters' inputs, box and cost.
 */
#ifndef PRAM_ALGOS_SAT_H
#define PRAM_ALGOS_SAT_H

#include "algo.h"

/* The kinds of table of --table, in the order of their names (sat_variants). */
enum {
	SAT_PLAIN,    /* S(i, j) = the sum over the rectangle from (0, 0) to (i, j) */
	SAT_OFFSET,   /* the same of T - mean(T): values of the order of T's */
	SAT_QUADRANT, /* four tables, one per quadrant, each from its outer corner */
	SAT_NVARIANTS
};
extern const char *const sat_variants[];

/* The sum of t over columns [x0, x1] and rows [y0, y1] (inclusive, inside the
 * w by h image) from the table s of variant v, as the notes' four-corner
 * formula (and for quadrant tables, the notes' "case switch": one such sum
 * per quadrant the box meets). mean is the offset variant's subtracted mean
 * (ignored by the others). In double arithmetic on the table's values. */
double sat_box(const double *s, size_t w, size_t h, int v, double mean, size_t x0, size_t y0,
	       size_t x1, size_t y1);

/* The table of variant v of the w by h image t, in float32 arithmetic (row
 * running sums, then column running sums, as the teaching kernels do), each
 * value widened to double into s (w h of them); *mean receives the offset
 * variant's mean (0 for the others). */
void sat_table_f32(const double *t, size_t w, size_t h, int v, double *s, double *mean);

/* The notes' precision test: rebuild every pixel of the integer image t
 * (w by h, values as doubles) from its float32 table of variant v as the
 * 1 by 1 box S(i, j) - S(i-1, j) - S(i, j-1) + S(i-1, j-1), against the exact
 * integer (64-bit) table, whose rebuild is t itself. Sets the largest and the
 * mean absolute error. 0, or -1 when out of memory. */
int sat_error_f32(const double *t, size_t w, size_t h, int v, double *max_err, double *mean_err);

/* A w by h 8-bit picture made from seed alone (sky, sun, hills, fields and
 * a little noise): the test image of the image programs, and `--n`'s input
 * (a square of about n pixels). Integers, or the same values as floats.
 * 0, or -1 when out of memory. */
int sat_scene(algo_data *d, size_t w, size_t h, pram_type t, uint64_t seed);

/* The exact summed-area table of the w by h image img, the references'
 * ground truth: *s in long double and, for integer images, *si in 64-bit
 * integers (0 for float images). Returns 0, or -1 when out of memory (both
 * NULL then); the caller frees both. */
int sat_exact(const algo_data *img, long double **s, int64_t **si);

/* The side of the square image `--n N` makes: the largest s with s^2 <= n. */
size_t sat_side(size_t n);

/* floor(a / b) for b != 0, rounding toward minus infinity. */
int64_t sat_floor_div(int64_t a, int64_t b);

/* The inputs of the box filters (box-filter, scatter-blur): an image and,
 * optionally, each pixel's box radius; and their one parameter, the radius
 * where no radius image is given (SAT_P_RADIUS). */
enum {
	SAT_P_RADIUS
};
extern const algo_param sat_radius_params[];
extern const algo_port sat_radius_inputs[];

/* The box filters' generator (algo.generate) for `--n`: the scene, a
 * square of about n pixels, in in[0], and in in[1] a depth of field, each
 * pixel's radius growing from 0 at mid-height to --radius at the top and
 * bottom rows. 0, or -1 when out of memory. */
int sat_depth_of_field(algo_data *in, size_t n, const algo_params *p, uint64_t seed);
/* The box filters' check of their inputs in: the radius image, when
 * given, has the image's shape and no negative radius. 0, or -1 with the
 * reason in why. */
int sat_check_radius(const algo_data *in, char *why, size_t len);
/* The box of pixel i of a w by h image with radius r, [x0, x1] x [y0, y1],
 * clipped to the image. */
void sat_clip_box(size_t w, size_t h, size_t i, int64_t r, size_t *x0, size_t *y0, size_t *x1,
		  size_t *y1);
/* The exact W and D of a box filter on a w by h image: sat's program
 * (packed, plain table) and steps steps of w h processors each (0 and 0
 * for an empty image). */
void sat_filter_cost(size_t w, size_t h, unsigned steps, uint64_t *wk, uint64_t *d);

/* The program: the table of kind v (SAT_*) of the w by h image in img
 * (row by row), packed or in launches, as sat runs it. Returns the array
 * holding it row by row, or NULL when the machine failed. */
pram_array *sat_program(pram *m, pram_array *img, size_t w, size_t h, int v, int launches);
/* Its exact W and D (0 and 0 for an empty image). */
void sat_program_cost(size_t w, size_t h, int v, int launches, uint64_t *wk, uint64_t *d);
/* Fail m, stating the rule, when the integer image in needs more than the
 * simulator's 64 bits for its table. 0, or -1 when it failed m. */
int sat_check_bits(pram *m, const algo_data *in);

/* The bits-needed rule: a w by h table of b-bit samples needs
 * ceil(log2 w) + ceil(log2 h) + b bits (+1 for a sign, as the offset
 * variant's values have). */
unsigned sat_bits_needed(size_t w, size_t h, unsigned b, int sign);

#endif /* PRAM_ALGOS_SAT_H */
