/*
 * sandbox.h - what a student's build or run may see of the files
 * (sandbox.c), for contain.c: in a mount namespace of its own, a new root
 * that holds the system's folders read-only (programs, libraries, /etc
 * without its secrets, /sys), a few device nodes, pramsim's own build or
 * install read-only, the folders and files the caller names, a private
 * /tmp, and nothing else: no home, no classmate's submission, no lesson's
 * solution. As root, the student's process also loses every capability,
 * so it can neither mount nor read past the permissions of the files it
 * sees.
 *
 *     after unshare(CLONE_NEWNS | CLONE_NEWPID ...), in init of the PID
 *     namespace (its /proc is mounted there):
 *     if (ck_sandbox_enter(lim, why, sizeof why) != 0) ... not isolated: why
 *     ... and in the submission's process: ck_sandbox_drop() ...
 */
#ifndef PRAM_SANDBOX_H
#define PRAM_SANDBOX_H

#include <stddef.h>

#include "contain.h"

/* Build the view, with a /proc of the caller's PID namespace, and make it
 * the root; the working folder is then /. Returns 0, or -1 with why (the
 * old root still in place). */
int ck_sandbox_enter(const ck_limits *lim, char *why, size_t len);
/* In the submission's process: no capabilities, none to gain. */
void ck_sandbox_drop(void);

#endif
