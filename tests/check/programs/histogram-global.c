/*
 * A cheat on histogram-pram: no private counts, every record's processor
 * increments its bin of counts directly. Right, W = O(n), D = O(1) as
 * the simulator counts steps; but the atomics on one bin take turns, n of
 * them when every record is equal, where the exercise's machine allows a
 * group's worth or a processor a group (atomics: max(64, ceil(n / 64))):
 * the model criterion fails.
 */
#include "pram.h"

void histogram(pram *m, pram_array *x, pram_array *counts, size_t n, long bins, long group)
{
	(void)group;
	PRAM_STEP(m, "clear the counts") {
		PRAM_FORALL(m, b, 0, bins) {
			pram_write(m, counts, b, 0);
		}
	}
	if (n == 0)
		return;
	PRAM_STEP(m, "count: atomic_inc(counts[x[i]])") {
		PRAM_FORALL(m, i, 0, (int64_t)n) {
			pram_atomic_inc(m, counts, pram_read(m, x, i));
		}
	}
}
