/*
 * los.c - line of sight on the scan model: the eye's height spread by a
 * sum scan, the angles, their exclusive max scan, the test. W = O(n), D =
 * 5: two scans of one step each, three steps of n processors.
 */
#include <math.h>

#include "pram.h"

void line_of_sight(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0)
		return;
	pram_array *eye = pram_array_new(m, "eye", n, PRAM_FLOAT);
	pram_array *ang = pram_array_new(m, "angle", n, PRAM_FLOAT);
	pram_array *best = pram_array_new(m, "best", n, PRAM_FLOAT);
	PRAM_STEP(m, "the eye, 1 above x[0], at index 0") {
		PRAM_FORALL(m, i, 0, n) {
			pram_writef(m, eye, i, i == 0 ? (double)pram_read(m, x, 0) + 1 : 0.0);
		}
	}
	PRAM_SCAN_PRIM(m, eye, eye, n, PRAM_OP_SUM, 1);
	PRAM_STEP(m, "angles as tangents") {
		PRAM_FORALL(m, i, 0, n) {
			double a = i == 0 ? -INFINITY
					  : ((double)pram_read(m, x, i) - pram_readf(m, eye, i)) /
						(double)i;
			pram_writef(m, ang, i, a);
		}
	}
	PRAM_SCAN_PRIM(m, best, ang, n, PRAM_OP_MAX, 0);
	PRAM_STEP(m, "visible when above every angle before") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, y, i, i == 0 || pram_readf(m, best, i) < pram_readf(m, ang, i));
		}
	}
}
