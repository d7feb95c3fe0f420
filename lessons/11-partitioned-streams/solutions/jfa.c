/*
 * jfa.c - the sum of every partition of a flagged stream by jump flooding,
 * 3 samples a pass, on CREW. x_flags[i] is 1 where a partition starts;
 * y[i] gets the sum of i's partition, out[t] that of partition t.
 *
 *   part    p = the inclusive scan of the flags (Hillis-Steele): p[i] is
 *           i's partition number, from 1, so i and j share a partition
 *           exactly when p[i] = p[j]
 *   passes  steps s = 2^(K-1), ..., 2, 1 with 2^K >= n (the largest
 *           partition is not known, and is at most n): c[i] += c[i + s]
 *           when i + s is in i's partition, else c[i - s] when that is,
 *           else nothing
 *   finish  y[i] = c[i]; the first element of partition t writes out[t - 1]
 *
 * A sum must add every element once. After the pass of step s, c[i] is the
 * sum of the elements of i's partition congruent to i modulo s; i + s and
 * i - s hold the same class modulo 2s, so the pass takes one of them,
 * never both. W = O(n log n), D = O(log n); the samples read cells that
 * other processors read too: CREW.
 */
#include "pram.h"

void jfa_sum(pram *m, pram_array *x, pram_array *x_flags, pram_array *y, pram_array *out,
	     size_t n)
{
	int64_t N = (int64_t)n;
	if (N == 0)
		return;
	pram_array *p = pram_array_new(m, "part", n, PRAM_INT);
	pram_array *c = pram_array_new(m, "c", n, PRAM_INT);
	PRAM_STEP(m, "load: p[i] = flag i, c[i] = x[i]") {
		PRAM_FORALL(m, i, 0, N) {
			pram_write(m, p, i, pram_read(m, x_flags, i));
			pram_write(m, c, i, pram_read(m, x, i));
		}
	}
	for (int64_t d = 1; d < N; d *= 2) {
		PRAM_STEP(m, "partition numbers: p[i] += p[i - d]") {
			PRAM_FORALL(m, i, d, N) {
				pram_write(m, p, i, pram_read(m, p, i - d) + pram_read(m, p, i));
			}
		}
	}
	int64_t s = 1;
	while (2 * s < N)
		s *= 2;
	for (; N > 1 && s >= 1; s /= 2) {
		PRAM_STEP(m, "pass: c[i] += c[i + s] in the partition, else c[i - s]") {
			PRAM_FORALL(m, i, 0, N) {
				int64_t pi = pram_read(m, p, i), v = pram_read(m, c, i);
				if (i + s < N && pram_read(m, p, i + s) == pi)
					v += pram_read(m, c, i + s);
				else if (i - s >= 0 && pram_read(m, p, i - s) == pi)
					v += pram_read(m, c, i - s);
				pram_write(m, c, i, v);
			}
		}
	}
	PRAM_STEP(m, "finish: y[i] = c[i]; a partition's start writes out") {
		PRAM_FORALL(m, i, 0, N) {
			int64_t v = pram_read(m, c, i);
			pram_write(m, y, i, v);
			if (pram_read(m, x_flags, i))
				pram_write(m, out, pram_read(m, p, i) - 1, v);
		}
	}
}
