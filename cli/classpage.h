/*
 * classpage.h - the class at a glance (classpage.c): pram check --class's
 * summary.html, from the students' summary rows. One page, no network:
 * the score distribution (drawn by its own script from the data the page
 * holds), each criterion's pass rate, the most frequent diagnoses with an
 * example each, and each student's row with the W and D growth measured
 * against the exercise's bounds.
 */
#ifndef PRAM_CLASSPAGE_H
#define PRAM_CLASSPAGE_H

#include <stddef.h>

#include "check.h"

typedef struct class_row {
	char name[256];
	char passed[16]; /* yes, no, missing */
	double score, max;
	int full;                    /* the criteria were graded */
	char crit[CK_CRIT_COUNT][8]; /* pass, fail, -, n/a per criterion with points */
	char kinds[600];             /* the diagnoses' kinds, space-separated */
	char example[600];           /* the first diagnosis, "file:line: message" */
	char wnote[300], dnote[300]; /* how W and D grew */
} class_row;

/* Write the page to path. Returns 0, or -1 with why in err. */
int class_page(const char *path, const ck_exercise *ex, const class_row *rows, size_t n, char *err,
	       size_t errlen);

#endif
