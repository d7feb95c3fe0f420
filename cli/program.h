/*
 * program.h - a student's PRAM program, run by `pram run EXERCISE
 * --program FILE` as the registry's programs are (program.c).
 *
 *     algo_params p;
 *     const algo *a = program_open("scan-pram", "scan.c", &p, err, sizeof err);
 *     if (!a)
 *         ... err says why (the compiler's messages went to standard error) ...
 *     simrun_exec(a, &p, in, &cfg, NULL, NULL, &r);   // a's program is the file's
 */
#ifndef PRAM_PROGRAM_H
#define PRAM_PROGRAM_H

#include <stddef.h>

#include "algo.h"

/* Compile path (a C file of exercise's pram-program or pram-inplace
 * contract) against libpram, load it, and return the exercise's reference
 * with the file's function as its program, named after the file and with
 * the exercise's bounds as its O(...), in memory owned by this module
 * until the process ends; p gets the exercise's parameters of the
 * reference and its model. One a process. NULL with why in err. */
const algo *program_open(const char *exercise, const char *path, algo_params *p, char *err,
			 size_t errlen);

#endif
