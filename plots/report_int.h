/*
 * report_int.h - what the modules of the report library share and nobody
 * else needs: sizes and titles as text and the report folder's files.
 * Names are report__NAME; see report.h for the library itself.
 */
#ifndef PRAM_REPORT_INT_H
#define PRAM_REPORT_INT_H

#include <stdio.h>

#include "report.h"

/* n as "2^k" when a power of two, else in decimal, in buf. Returns buf. */
const char *report__size_str(size_t n, char *buf, size_t len);

/* A figure's title, gnuplot enhanced text, as plain text in buf: without
 * its braces and font changes (a brace, a slash and a scale), escaped marks
 * as themselves and each new line as nl (", " on a page, "\n" in a
 * terminal). */
void report__title_plain(char *buf, size_t len, const char *title, const char *nl);

/* Open r->outdir/NAME.EXT for writing. Returns the file, or NULL with a
 * message naming it in err. */
FILE *report__open(const report *r, const char *name, const char *ext, char *err, size_t errlen);

/* Close a file report__open opened. Returns 0, or -1 with a message naming
 * it in err (a write failed). */
int report__close(FILE *f, const report *r, const char *name, const char *ext, char *err,
		  size_t errlen);

/* judge.c: the verdict on s's times as they are now (the sweep asks
 * while it runs, to know whether more runs could change it). Returns
 * v->outcome. */
verdict_outcome report__verdict(const report *r, const rep_algo *ra, const rep_series *s,
				verdict *v);

#endif
