/*
 * grind-case.c - pram-grind-case, the checker's helper program that
 * Oclgrind runs (installed in pkglibexecdir, not on PATH, and not meant to
 * be run by hand): it runs kernel cases of an exercise on the default
 * device, one launch each, and prints what the checker's own children print
 * (ck_grind_case, grind.h), so that Oclgrind sees the student's kernel run.
 * Everything comes as arguments. With --record FILE the PRAM view's plugin
 * records into FILE: the plugin learns its file only from the environment
 * (PRAM_GRIND_OUT), so the helper sets that for itself, before it touches
 * OpenCL, and neither pram nor the checker carries it.
 *
 *     oclgrind --plugins pram_plugin.so pram-grind-case --record view.grind \
 *         EXERCISE SOURCE 2,4,8 2,4,8 0 1
 *     oclgrind --data-races --log LOG pram-grind-case EXERCISE SOURCE 41 16 0 1
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grind.h"

int main(int argc, char **argv)
{
	const char *record = NULL;
	int a = 1;
	if (argc > 2 && strcmp(argv[1], "--record") == 0) {
		record = argv[2];
		a = 3;
	}
	if (argc - a != 6) {
		fprintf(stderr,
			"usage: pram-grind-case [--record FILE] EXERCISE SOURCE N L DIST SEED\n"
			"(pram check runs it under Oclgrind)\n");
		return 2;
	}
	if (record && setenv("PRAM_GRIND_OUT", record, 1) != 0) {
		fprintf(stderr, "pram-grind-case: cannot set PRAM_GRIND_OUT: %s\n",
			strerror(errno));
		return 2;
	}
	char err[1024];
	int rc = ck_grind_case(argv[a], argv[a + 1], argv[a + 2], argv[a + 3], atoi(argv[a + 4]),
			       strtoull(argv[a + 5], NULL, 10), err, sizeof err);
	if (rc == 2)
		fprintf(stderr, "pram-grind-case: %s\n", err);
	return rc;
}
