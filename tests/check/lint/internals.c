/*
 * internals.c - a cheat: reading the machine's cells through its inside,
 * past the counters; a pointer to a host variable; a function pointer; a
 * larger K of its own; a macro that hides an assignment.
 * lint: 12: macro ADD(...): write the code out
 * lint: 20: pram__array_fast is the machine's inside
 * lint: 21: processor j takes the address of s
 * lint: 24: a call through a function pointer
 * lint: 28: PRAM_STEP_K
 * lint: 30: processor j changes s, a variable of the host
 */
#define ADD(a, b) ((a) += (b))
#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	int64_t s = 0, t = 0;
	PRAM_STEP(m, "peek") {
		PRAM_FORALL(m, j, 0, (int64_t)n) {
			int64_t v = ((struct pram__array_fast *)x)->val[j].i;
			int64_t *p = &s;
			int64_t (*rd)(pram *, pram_array *, int64_t) = pram_read;
			(void)p;
			v += rd(m, x, j);
			pram_write(m, x, j, v);
		}
	}
	PRAM_STEP_K(m, "wide", 4096) {
		PRAM_FORALL(m, j, 0, 1) {
			ADD(s, pram_read(m, x, j));
		}
	}
	(void)t;
}
