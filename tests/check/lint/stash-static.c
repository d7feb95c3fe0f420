/*
 * stash-static.c - a cheat: the processors stash their values in a static
 * host array, which the host scans between two steps.
 * lint: 9: buf, a variable at file scope
 * lint: 15: processor j assigns buf[j], memory of the host
 */
#include "pram.h"

static int64_t buf[1 << 20];

void scan(pram *m, pram_array *x, size_t n)
{
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
