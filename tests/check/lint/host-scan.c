/*
 * host-scan.c - a cheat: the host reads the input, scans it in plain C and
 * writes the result back in one step.
 * lint: 16: v (int64_t *) in host code
 * lint: 16: calls calloc
 * lint: 18: the host assigns v[i] through a pointer
 * lint: 18: pram_array_get_i, an accessor of the host
 * lint: 24: calls free
 */
#include <stdlib.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	int64_t *v = calloc(n, sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = pram_array_get_i(x, i) + (i ? v[i - 1] : 0);
	PRAM_STEP(m, "write") {
		PRAM_FORALL(m, j, 0, (int64_t)n) {
			pram_write(m, x, j, v[j]);
		}
	}
	free(v);
}
