/*
 * split.c - starter for split-pram: it builds and runs, but writes nothing
 * into y. Under the scan model (a scan is one step of work n:
 * PRAM_SCAN_PRIM), write into y the keys of x whose bit 0 is 0, in their
 * order, followed by those whose bit 0 is 1, in their order, in a constant
 * number of steps and with exclusive reads and writes: the exclusive
 * 0-scan f gives a 0 key its place f[i]; a 1 key goes to n - g_i, where
 * g_i counts the 1 bits among x[i] .. x[n-1] (a backward scan: scan the
 * bits laid out in reverse).
 */
#include "pram.h"

void split(pram *m, pram_array *x, pram_array *y, size_t n)
{
	(void)m;
	(void)x;
	(void)y;
	(void)n;
}
