/*
 * histogram.c - starter for histogram-pram: it builds and runs, but
 * leaves counts unwritten. Each record x[i] is a bin number in [0, bins);
 * set counts[b] to the number of records in bin b in a constant number of
 * steps on CRCW-common, the lesson's atomic program: let the processors
 * form groups of `group`, give each group a private row of bins counts
 * in an array of your own (pram_array_new), clear the rows and counts,
 * let processor i increment its group's count of x[i] (pram_atomic_inc),
 * and let processor (g, b) add row g's count b into counts[b]
 * (pram_fetch_add). A loop over the records takes as many steps as there
 * are records; the checker measures W and D.
 */
#include "pram.h"

void histogram(pram *m, pram_array *x, pram_array *counts, size_t n, long bins, long group)
{
	(void)m;
	(void)x;
	(void)counts;
	(void)n;
	(void)bins;
	(void)group;
}
