/*
 * A cheat on reduce-brent-pram: lesson 1's plain tree on n / 2
 * processors, then ceil(sqrt n) steps in which processor 0 reads a cell
 * and does nothing with it, so that D grows as sqrt n as the exercise's
 * depth bounds want. Right, EREW, W = O(n), D = Theta(sqrt n); but the
 * tree's first step does n / 2 work in one unit of time, more than the
 * exercise's p = ceil(sqrt n) processors can: the model criterion fails.
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
	size_t p = 1;
	while (p * p < n)
		p++;
	for (size_t j = 0; j < p; j++) {
		PRAM_STEP(m, "idle") {
			PRAM_FORALL(m, i, 0, 1) {
				(void)pram_read(m, t, 0);
			}
		}
	}
	PRAM_STEP(m, "the total to y") {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write(m, y, 0, pram_read(m, t, 0));
		}
	}
}
