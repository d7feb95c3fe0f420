/*
 * grind.h - Oclgrind in the checker: the oclgrind program found (grind.c),
 * its messages (data races, barrier divergence, invalid accesses,
 * uninitialised values) read into diagnoses with the student's line and a
 * hint. The PRAM view's plugin and its records are grindview.h.
 *
 *     const char *og = ck_oclgrind();            // NULL: not installed
 *     ... run og --log LOG on the cases ...
 *     char *log = ck_slurp(LOG, NULL, err, sizeof err);
 *     int found = ck_grind_parse(log, "reduce.cl", src, "n = 41, L = 16", &r);
 */
#ifndef PRAM_GRIND_H
#define PRAM_GRIND_H

#include "result.h"

/* The oclgrind program: the one PRAM_OCLGRIND names when set (none when it
 * is empty), else the first in PATH; NULL when not installed. */
const char *ck_oclgrind(void);
/* Parse Oclgrind's messages in log into diagnoses of r for the student's
 * file (shown as shown, its text src). Returns how many problems it found. */
int ck_grind_parse(const char *log, const char *shown, const char *src, const char *casedesc,
		   ck_result *r);

#endif
