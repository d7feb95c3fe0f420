/*
 * spmv.cl - starter for spmv-kernel: it builds and runs, but writes only
 * each row's first product. Make y[r] the sum over row r, values[j] *
 * x[columns[j]] for j from row_starts[r] to row_starts[r + 1] - 1, for
 * every one of the y_len rows (an empty row gets 0). n is the number of
 * non-zeros and sets the launch: there may be more rows than work-items,
 * so let each work-item take the rows get_global_id(0), + G, + 2G, ...
 * (G = get_global_size(0)). O(n) work, and O(1) depth for rows of 4.
 */
kernel void spmv(global const int *values, global const int *columns,
		 global const int *row_starts, global const int *x, global int *y, uint n,
		 uint y_len)
{
	size_t r = get_global_id(0);
	(void)n;
	if (r < y_len && row_starts[r] < row_starts[r + 1])
		y[r] = values[row_starts[r]] * x[columns[row_starts[r]]];
}
