/*
 * box.cl - a solution of box-filter-kernel: pixel (x, y) of a w by h
 * image, radius r (its own from rad when use_rad, else radius), averages
 * the box [x - r, x + r] x [y - r, y + r] cut to the image, its sum from
 * four cells of the summed-area table S, which the project's kernels built:
 * S(x1, y1) - S(x0 - 1, y1) - S(x1, y0 - 1) + S(x0 - 1, y0 - 1), the
 * terms at -1 left out. The average is rounded to the nearest integer,
 * halves up, as the reference rounds it. One work-item a pixel: W = O(n),
 * D = O(1).
 */
typedef int T; /* the image's type: the project's kernels run on ints here */

kernel void box_gather(global const T *S, global const int *rad, uint use_rad, int radius,
		       global T *y, uint w, uint h)
{
	size_t i = get_global_id(0);
	if (i >= (size_t)w * h)
		return;
	int row = (int)(i / w), col = (int)(i - (size_t)row * w);
	int r = use_rad ? rad[i] : radius;
	int x0 = max(col - r, 0), y0 = max(row - r, 0);
	int x1 = min(col + r, (int)w - 1), y1 = min(row + r, (int)h - 1);
	T s = S[(size_t)y1 * w + x1];
	if (x0 > 0)
		s -= S[(size_t)y1 * w + x0 - 1];
	if (y0 > 0)
		s -= S[(size_t)(y0 - 1) * w + x1];
	if (x0 > 0 && y0 > 0)
		s += S[(size_t)(y0 - 1) * w + x0 - 1];
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
	/* floor((2 s + area) / (2 area)), the quotient rounded down */
	long num = 2 * (long)s + area, q = num / (2 * area);
	if (q * 2 * area > num)
		q--;
	y[i] = (T)q;
}
