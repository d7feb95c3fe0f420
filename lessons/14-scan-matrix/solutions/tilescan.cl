/* tilescan.cl - the reference solution of matrix-scan-kernel: the notes'
 * exclusive scan of a block as matrix products. The block of L is a matrix
 * A of L / C rows and C = min(L, 16) columns in local memory (row-major, 0
 * past n; 16 x 16 for L = 256, the notes' tile); work-item (r, c) forms
 * entry (r, c) of R = A U' (the exclusive row scans, U' the ones above the
 * diagonal) and of P = L A (the exclusive column scans), then of
 * T = P J + R, the sum of the rows before plus the row scan: the
 * exclusive prefix sum. Sums wrap as 32-bit two's complement (uint). */
#define SIDE 16
#define TILE 256

kernel void scan(global const int *in, global int *out, global int *sums, local int *tmp, uint n)
{
	local uint r[TILE];
	local uint p[TILE];
	size_t lid = get_local_id(0), i = get_global_id(0), L = get_local_size(0);
	size_t cols = L < SIDE ? L : SIDE;
	size_t row = lid / cols, col = lid % cols;
	tmp[lid] = i < n ? in[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint s = 0, q = 0;
	for (size_t k = 0; k < col; k++)
		s += as_uint(tmp[row * cols + k]);
	for (size_t k = 0; k < row; k++)
		q += as_uint(tmp[k * cols + col]);
	r[lid] = s;
	p[lid] = q;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = r[lid];
	for (size_t k = 0; k < cols; k++)
		t += p[row * cols + k];
	if (i < n)
		out[i] = as_int(t);
	if (lid == L - 1)
		sums[get_group_id(0)] = as_int(t + as_uint(tmp[lid]));
}
