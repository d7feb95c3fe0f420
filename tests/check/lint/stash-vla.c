/*
 * stash-vla.c - a cheat: the same with a variable-length array of the host.
 * lint: 10: buf (int64_t[n]) in host code
 * lint: 13: processor j assigns buf[j], memory of the host
 */
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	int64_t buf[n];
	PRAM_STEP(m, "stash") {
		PRAM_FORALL(m, j, 0, (int64_t)n) {
			buf[j] = pram_read(m, x, j);
		}
	}
	for (size_t i = 1; i < n; i++)
		buf[i] += buf[i - 1];
	PRAM_STEP(m, "write") {
		PRAM_FORALL(m, j, 0, (int64_t)n) {
			pram_write(m, x, j, buf[j]);
		}
	}
}
