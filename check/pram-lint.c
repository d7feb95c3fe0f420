/*
 * pram-lint.c - the checker's helper that runs the static check of a PRAM
 * program (pramlint.h) in a process of its own, installed in pkglibexecdir
 * beside pram-grind-case: libclang brings an LLVM of its own, which must
 * not share a process with PoCL's, and a parser fed hostile C is better
 * contained anyway.
 *
 *     pram-lint FILE SHOWN INCDIR
 *
 * prints each finding as "SHOWN:LINE: message" and exits 0 when there is
 * none, 1 when there are some, 2 when the file cannot be checked (the
 * reason on a line "pram-lint: ...").
 */
#include <stdio.h>

#include "pramlint.h"

int main(int argc, char **argv)
{
	char err[1024];
	if (argc != 4) {
		fprintf(stderr, "pram-lint: usage: pram-lint FILE SHOWN INCDIR\n");
		return 2;
	}
	int n = pramlint_file(argv[1], argv[2], argv[3], stdout, err, sizeof err);
	if (n < 0) {
		printf("pram-lint: %s\n", err);
		return 2;
	}
	return n > 0;
}
