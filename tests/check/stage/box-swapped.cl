/* A slip the square images hide: the pixel's row and column found with
 * h where w belongs. Right on every square image; wrong on the cases
 * that keep the top half of the rows. */
typedef int T;

kernel void box_gather(global const T *S, global const int *rad, uint use_rad, int radius,
		       global T *y, uint w, uint h)
{
	size_t i = get_global_id(0);
	if (i >= (size_t)w * h)
		return;
	int row = (int)(i / h), col = (int)(i - (size_t)row * h);
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
	long num = 2 * (long)s + area, q = num / (2 * area);
	if (q * 2 * area > num)
		q--;
	y[i] = (T)q;
}
