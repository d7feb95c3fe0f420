/*
 * pramlint.h - the static check of a student's PRAM program: the C of the
 * submission parsed with libclang and held to the PRAM's discipline, so
 * that a program computes only on the machine, never in C beside it:
 *
 *   - a processor's body (a PRAM_FORALL) assigns only its own locals and,
 *     through pram_write and the other accessors, the machine's memory: no
 *     variable of the host, no memory through a pointer, no address of an
 *     outer variable taken;
 *   - no variable at file scope, no static or thread-local one;
 *   - host code holds scalars for loop control only: no array, no pointer
 *     but the machine's handles (pram *, pram_array *), no heap memory;
 *   - calls only to the pram API a program may use (not the host accessors
 *     pram_array_get_*, load or fill, not PRAM_STEP_K's own K), a small
 *     list of math functions, and the submission's own functions, which
 *     are held to the same rules; no call through a pointer, no assembly;
 *   - #include only of pram.h and a few standard headers, never a path;
 *   - no function-like macro of the submission's own.
 *
 * Each finding is one line "FILE:LINE: message" that says what the rule is
 * for. A static check of C cannot see everything a running program does:
 * the simulator's charges (pram.h) and the host accessors refused while a
 * student's program runs (pram_host_lock) stand behind it.
 *
 *     int n = pramlint_file("/tmp/x/scan.c", "scan.c", "/usr/include", stdout,
 *                           err, sizeof err);
 *     // n findings printed; -1: err says why nothing could be checked
 */
#ifndef PRAM_PRAMLINT_H
#define PRAM_PRAMLINT_H

#include <stddef.h>
#include <stdio.h>

/* Whether this build has the check (configure found libclang). */
int pramlint_available(void);

/* Check the C file at path, naming it shown in the findings, with pram.h
 * found in incdir; each finding is written to out as one line. Returns the
 * number of findings, or -1 with err set when the file cannot be parsed
 * (then the compiler's own message says more) or the check is not built. */
int pramlint_file(const char *path, const char *shown, const char *incdir, FILE *out, char *err,
		  size_t errlen);

#endif
