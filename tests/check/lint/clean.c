/*
 * clean.c - legal: host scalars for loop control, a processor's own
 * registers and array, a helper of the submission's own, math, assert and
 * printing, a constant macro.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>

#include "pram.h"

#define TWO 2

static int64_t add(int64_t a, int64_t b)
{
	int64_t c = a;
	c += b;
	return c;
}

void scan(pram *m, pram_array *x, size_t n)
{
	assert(m != NULL);
	for (size_t d = 1; d < n; d *= TWO) {
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, i, (int64_t)d, (int64_t)n) {
				int64_t r[2];
				r[0] = pram_read(m, x, i - (int64_t)d);
				r[1] = pram_read(m, x, i);
				int64_t k = 0;
				k++;
				pram_write(m, x, i, add(r[0], r[1]) + (int64_t)fabs(0.0));
			}
		}
		printf("d = %zu\n", d);
	}
}
