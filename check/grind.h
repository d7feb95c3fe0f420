/*
 * grind.h - Oclgrind in the checker (grind.c): the oclgrind program and
 * the checker's helper program it runs, pram-grind-case, found; the
 * helper's work, kernel cases run on the default device (kernelcheck.c);
 * and Oclgrind's messages (data races, barrier divergence, invalid
 * accesses, uninitialised values) read into diagnoses with the student's
 * line and a hint; and what a GPU makes of the PRAM view's accesses, line
 * by line, with a note and a hint for the lines that cost more than they
 * must. The PRAM view's plugin and its records are grindview.h.
 *
 *     const char *og = ck_oclgrind();              // NULL: not installed
 *     const char *hc = ck_grind_case_path(why, sizeof why);
 *     char *argv[] = {og, "--log", LOG, hc, ex.path, "reduce.cl", "41", "16",
 *                     "0", "1", NULL};
 *     ... ck_contain_exec(argv, ...) ...
 *     char *log = ck_slurp(LOG, NULL, err, sizeof err);
 *     int found = ck_grind_parse(log, "reduce.cl", src, "n = 41, L = 16", &r);
 */
#ifndef PRAM_GRIND_H
#define PRAM_GRIND_H

#include <stddef.h>
#include <stdint.h>

#include "grindview.h"
#include "result.h"

/* The oclgrind program: the one PRAM_OCLGRIND names when set (none when it
 * is empty), else the first in PATH; NULL when not installed. */
const char *ck_oclgrind(void);
/* The helper program pram-grind-case: the file PRAM_GRIND_CASE names when
 * set (and nothing else then; the tests set it), else the build tree's
 * check/pram-grind-case when this pram runs from the build tree, else the
 * installed one in pkglibexecdir. Returns a path (a static buffer, valid
 * until the next call), or NULL with why in why when there is no program
 * to run there. */
const char *ck_grind_case_path(char *why, size_t whylen);
/* The same search for any of the checker's helper programs: name in the
 * build tree's check/ or pkglibexecdir, or the program the environment
 * variable env names; the path into path, NULL with why. */
const char *ck_helper_path(const char *name, const char *env, char *path, size_t len, char *why,
			   size_t whylen);
/* What pram-grind-case does (grind-case.c), for Oclgrind to watch: read
 * the exercise (a name or an .exercise file) and the kernel source at path,
 * and run one case and one launch per pair of the lists ns and Ls, of equal
 * length ("41" and "16", or "2,4,8" and "2,4,8"; an N written WxH, "8x1",
 * makes a kernel-program's first input a W by H grid), on the default device,
 * with buffers of the exact sizes and inputs of distribution dist and seed,
 * printing each case's outcome to standard output as the checker's
 * children do. Returns an exit status: 0 when the cases ran, 3 when the
 * kernel could not be built or run, 2 with why in err when the arguments,
 * the exercise or the source are wrong. */
int ck_grind_case(const char *exercise, const char *path, const char *ns, const char *Ls, int dist,
		  uint64_t seed, char *err, size_t errlen);
/* Parse Oclgrind's messages in log into diagnoses of r for the student's
 * file (shown as shown, its text src). Returns how many problems it found. */
int ck_grind_parse(const char *log, const char *shown, const char *src, const char *casedesc,
		   ck_result *r);

/* What a GPU makes of the accesses of the largest one-group launch of
 * run (the PRAM view's sweep), kept in r: its memory lines (requests,
 * sectors, bank-conflict degrees) and its divergent branches, each line
 * that costs more than it must with a note naming the access as the
 * student's file at path writes it (shown as shown) and a hint. Nothing
 * when run has no GPU counts (a plugin of format version 1). */
void ck_grind_memory(const gv_run *run, const char *path, const char *shown, ck_result *r);

#endif
