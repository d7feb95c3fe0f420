/*
 * counting_sort_2d.cl - the counting-sort post's "two-dimensional work
 * size" counting sort (algos/counting_sort_2d.c): one work-item per
 * pair of an element and a histogram cell, atomic increments only, no
 * scan. Dimension 0 runs over the elements (or output cells), dimension 1
 * over the histogram's cells, so that neighbouring work-items read
 * neighbouring keys and one histogram cell.
 *
 *   c2d_clear   m + n work-items: hist[h] = 0, y[j] = 0
 *   c2d_pass1   work-item (i, h): "if (histogram_index > input_element)
 *               atomic_inc(&histogram[histogram_index])": hist[h] becomes
 *               the number of keys below h
 *   c2d_pass2   work-item (j, h) for the thresholds h = 1 .. m - 1: the
 *               n - hist[h] keys >= h increment the last n - hist[h]
 *               outputs, if (j >= hist[h]) atomic_inc(&y[j]), so y[j]
 *               ends as the j-th smallest key
 *
 * The host covers the n x m pairs in tiles (gpu_counting_sort_2d.c says
 * why); i0 and h0 are a tile's first element and cell. OpenCL C 1.2.
 */

kernel void c2d_clear(global uint *hist, global int *y, uint m, uint n)
{
	size_t i = get_global_id(0);
	if (i < m)
		hist[i] = 0;
	else if (i < (size_t)m + n)
		y[i - m] = 0;
}

kernel void c2d_pass1(global const int *keys, global uint *hist, uint n, uint m, uint i0, uint h0)
{
	size_t i = i0 + get_global_id(0), h = h0 + get_global_id(1);
	if (i < n && h < m && (long)h > keys[i])
		atomic_inc(&hist[h]);
}

kernel void c2d_pass2(global const uint *hist, global int *y, uint n, uint m, uint j0, uint h0)
{
	size_t j = j0 + get_global_id(0), h = 1 + h0 + get_global_id(1);
	if (j < n && h < m && j >= hist[h])
		atomic_inc(&y[j]);
}
