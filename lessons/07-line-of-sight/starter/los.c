/*
 * los.c - starter for line-of-sight-pram: it builds and runs, but writes
 * nothing into y. Under the scan model (a scan is one step of work n:
 * PRAM_SCAN_PRIM), set y[i] to 1 where point i of the profile x is seen
 * from the eye 1 unit above x[0], else 0, in a constant number of steps:
 * spread the eye's height by a sum scan, compute each point's angle as
 * the tangent (x[i] - eye) / i, take the exclusive max scan of the angles,
 * and compare (point 0 counts as visible).
 */
#include "pram.h"

void line_of_sight(pram *m, pram_array *x, pram_array *y, size_t n)
{
	(void)m;
	(void)x;
	(void)y;
	(void)n;
}
