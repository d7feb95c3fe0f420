/*
 * A cheat on reduce-brent-pram: the plain tree of lesson 1 on n / 2
 * processors, whatever p the exercise gives. Right, EREW and W = O(n);
 * but D = ceil(log2 n) is the depth with n / 2 processors, which the
 * exercise's p = ceil(sqrt n) of them cannot reach: below its bound.
 */
#include "pram.h"

void reduce(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0) {
		PRAM_STEP(m, "the empty sum") {
			PRAM_FORALL(m, j, 0, 1) {
				pram_write(m, y, 0, 0);
			}
		}
		return;
	}
	pram_array *t = pram_array_new(m, "t", n, PRAM_INT);
	PRAM_STEP(m, "t[i] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, t, i, pram_read(m, x, i));
		}
	}
	for (size_t s = 1; s < n; s *= 2) {
		size_t procs = (n - s + 2 * s - 1) / (2 * s);
		PRAM_STEP(m, "t[2sj] += t[2sj + s]") {
			PRAM_FORALL(m, j, 0, procs) {
				int64_t k = (int64_t)(2 * s) * j;
				pram_write(m, t, k,
					   pram_read(m, t, k) + pram_read(m, t, k + (int64_t)s));
			}
		}
	}
	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, pram_read(m, t, 0));
		}
	}
}
