/*
 * check.h - the checker behind `pram check` (check.c): ck_run checks a
 * submission against an exercise with the check of its contract
 * (contracts.h), building and running it in contained children
 * (contain.h), and fills a result (result.h) the report prints. Nothing
 * here prints to the terminal except the report functions, to the FILE
 * they are given, and nothing exits.
 *
 * For the command line, which uses the checker whole, this header also
 * brings the exercises (exercise.h), the result and its reports
 * (result.h), containment (contain.h) and the shared helpers (ckutil.h);
 * the checker's own files include those they use one by one.
 *
 *     ck_exercise ex;
 *     if (ck_exercise_find("reduce-kernel", &ex, err, sizeof err) == 0) {
 *         ck_result r;
 *         ck_result_init(&r, &ex, "reduce.cl");
 *         ck_run(&ex, "reduce.cl", &r);
 *         ck_report_text(stdout, &r);
 *         ck_result_free(&r);
 *         ck_exercise_free(&ex);
 *     }
 */
#ifndef PRAM_CHECK_H
#define PRAM_CHECK_H

#include "ckutil.h"
#include "contain.h"
#include "exercise.h"
#include "result.h"

/* Check a submission (path as given) against ex, adding to r. Returns 0, or
 * -1 when the check itself could not run (message in r's notes). */
int ck_run(const ck_exercise *ex, const char *path, ck_result *r);
/* Whether this machine can check every criterion of ex with points (and a
 * PRAM program's discipline) that ex does not let be skipped: Oclgrind,
 * the checker's helper and its plugin for kernels, the static check's
 * helper for PRAM programs. 1, or 0 with what is missing, what to install
 * and the criteria it would check, in why. One total everywhere: a grader
 * that cannot check a criterion refuses to grade rather than leave it out
 * of max_score. */
int ck_can_grade(const ck_exercise *ex, char *why, size_t len);

#endif
