/*
 * spmv.cl - y = M x for M in compressed sparse rows, one work-item per
 * row: row r is values[row_starts[r] .. row_starts[r + 1]), each value
 * in the column columns[j] of x. The launch has a work-item per non-zero
 * (n of them, rounded up to the work-group size L), y_len rows; there are
 * usually fewer rows than work-items, but not always (empty rows, n = 0),
 * so each work-item takes the rows r, r + G, r + 2G, ... with G the global
 * size. Each work-item sums its row in a register and writes y once: no
 * two work-items write one cell, and no barrier is needed. A row's time
 * is its length, so the longest row sets the kernel's depth: O(1) for the
 * rows of at most 4 this exercise gives (--dist sparse-rows: a row of 4
 * non-zeros in every 8, twice as many rows as work-items), O(longest
 * row) in general, which is what the lesson's segmented scan avoids.
 * W = O(n + rows).
 */
kernel void spmv(global const int *values, global const int *columns,
		 global const int *row_starts, global const int *x, global int *y, uint n,
		 uint y_len)
{
	size_t G = get_global_size(0);
	(void)n;
	for (size_t r = get_global_id(0); r < y_len; r += G) {
		int sum = 0; /* wraps on overflow, as the reference's does */
		int end = row_starts[r + 1];
		for (int j = row_starts[r]; j < end; j++)
			sum += values[j] * x[columns[j]];
		y[r] = sum;
	}
}
