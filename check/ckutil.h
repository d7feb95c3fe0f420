/*
 * ckutil.h - the small helpers every part of the checker shares (check.c):
 * a file read whole, a string formatted into new memory, a path's last
 * component, whether this pram runs from its build tree, and the input
 * distributions of the cases a kernel or a PRAM program is run on. Nothing
 * here prints or exits.
 *
 *     char *src = ck_slurp(path, NULL, err, sizeof err);   // NULL: err says why
 *     const char *shown = ck_basename(path);               // "scan.c"
 *     int64_t v[100];
 *     ck_fill(v, 100, CK_DIST_EXTREME, 7);                 // seed 7, every time
 *     free(src);
 */
#ifndef PRAM_CKUTIL_H
#define PRAM_CKUTIL_H

#include <stddef.h>
#include <stdint.h>

/* Read a whole file (64 MiB at most); NULL with a message in err. Caller
 * frees. */
char *ck_slurp(const char *path, size_t *len, char *err, size_t errlen);
/* printf into a new string (NULL when out of memory). */
char *ck_strf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* The last path component of path. */
const char *ck_basename(const char *path);
/* Whether this process's executable lies in the build tree
 * (ABS_TOP_BUILDDIR): its libpram and its helper program are then the build
 * tree's, not the installed ones. */
int ck_from_build_tree(void);

/* Input distributions of the cases. */
enum {
	CK_DIST_RANDOM,  /* integers in [-1000, 1000] */
	CK_DIST_EQUAL,   /* all 7 */
	CK_DIST_EXTREME, /* INT_MAX, INT_MIN and neighbours: sums wrap */
	CK_DIST_ONES,    /* all 1 */
	CK_DIST_COUNT
};
const char *ck_dist_name(int dist);
/* Fill v[0..n) with distribution dist (values fit int32), the same for the
 * same seed in every process. */
void ck_fill(int64_t *v, size_t n, int dist, uint64_t seed);

/* What the registry's generators never make, made of their input in[]
 * (a's inputs): with halve, every grid input the shape of the first keeps
 * the top half of its rows (generators make square grids, and a program
 * that swaps w and h is right on those); with one_segment, every flagged
 * input is one segment (generators start one every few elements, so a
 * program that walks each segment alone would look logarithmic). */
struct algo;
struct algo_data;
void ck_vary_case(const struct algo *a, struct algo_data *in, int halve, int one_segment);

#endif
