/*
 * fork.c - a cheat: a child process outlives the grading, and the parent
 * runs on as if nothing happened.
 * lint: 7: #include "unistd.h"
 * lint: 15: calls fork
 */
#include <unistd.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	(void)x;
	(void)n;
	if (fork() == 0)
		pram_fail(m, PRAM_EINVAL, "the child");
}
