/*
 * spmv.c - starter for spmv-pram: it builds and runs, but writes nothing
 * into y. M is in compressed sparse rows: its n non-zeros are values[j],
 * in column columns[j], row by row, and row i holds the non-zeros
 * row_starts[i] .. row_starts[i+1] - 1 (pram_array_len(y) rows, one more
 * row start). Write y[i] = the sum over row i of values[j] *
 * x[columns[j]] on CREW, in O(log n) steps: multiply every non-zero by
 * its x, flag the first non-zero of every row, take the inclusive
 * segmented scan of the products (doubling on (flag, value) pairs), and
 * gather each row's sum from its last non-zero (an empty row's is 0).
 */
#include "pram.h"

void spmv(pram *m, pram_array *values, pram_array *columns, pram_array *row_starts,
	  pram_array *x, pram_array *y, size_t n)
{
	(void)m;
	(void)values;
	(void)columns;
	(void)row_starts;
	(void)x;
	(void)y;
	(void)n;
}
