/*
 * max.c - the maximum of x[0..n) in three steps with n^2 processors on
 * CRCW-common, the lesson's example of what concurrent writes buy.
 * Processor (i, j), numbered i n + j, marks x[i] a loser when x[j] is
 * larger; every loser[i] it writes is 1, so the concurrent writes agree,
 * as CRCW-common demands. The survivors all hold the maximum and write
 * that one value into y[0]. W = n^2 + 2n, D = 3.
 */
#include "pram.h"

void maximum(pram *m, pram_array *x, pram_array *y, size_t n)
{
	if (n == 0)
		return;
	int64_t nn = (int64_t)n;
	pram_array *loser = pram_array_new(m, "loser", n, PRAM_INT);
	PRAM_STEP(m, "loser[i] = 0") {
		PRAM_FORALL(m, i, 0, nn) {
			pram_write(m, loser, i, 0);
		}
	}
	PRAM_STEP(m, "processor (i, j): if x[j] > x[i] then loser[i] = 1") {
		PRAM_FORALL(m, q, 0, nn * nn) {
			int64_t i = q / nn, j = q % nn;
			if (pram_read(m, x, j) > pram_read(m, x, i))
				pram_write(m, loser, i, 1);
		}
	}
	PRAM_STEP(m, "if loser[i] = 0 then y[0] = x[i]") {
		PRAM_FORALL(m, i, 0, nn) {
			if (pram_read(m, loser, i) == 0)
				pram_write(m, y, 0, pram_read(m, x, i));
		}
	}
}
