/*
 * box_filter.cl - the box filter from the summed-area table
 * (algos/box_filter.c): sat.cl's kernels build the table, then
 * box_gather gives every pixel the average over its box from four cells of
 * it, its radius from the radius image or one for all. OpenCL C 1.2.
 */
#include "sat.cl"
#include "satbox.clh"

kernel void box_gather(global const T *S, global const int *rad, uint use_rad, int radius,
		       global T *y, uint w, uint h)
{
	size_t i = get_global_id(0);
	if (i >= (size_t)w * h)
		return;
	/* The column as i - row w: a division and a remainder of one value
	 * compile to an instruction Oclgrind's checker does not know. */
	int yy = (int)(i / w), x = (int)(i - (size_t)yy * w), r = use_rad ? rad[i] : radius;
	int x0 = max(x - r, 0), y0 = max(yy - r, 0);
	int x1 = min(x + r, (int)w - 1), y1 = min(yy + r, (int)h - 1);
	T s = sat_rect(S, w, (uint)x0, (uint)y0, (uint)x1, (uint)y1);
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
#ifdef IS_FLOAT
	y[i] = s / (float)area;
#else
	/* The nearest integer, halves up: floor((2 sum + area) / (2 area)). */
	long num = 2 * (long)(int)s + area, q = num / (2 * area);
	if (q * 2 * area > num)
		q--;
	y[i] = (T)q;
#endif
}
