/* A cheat: the image is not an argument, so sum the box pixel by pixel,
 * each from the table's differences (S(x, y) - S(x - 1, y) - S(x, y - 1)
 * + S(x - 1, y - 1) is pixel (x, y)): a loop over the box's cells. Right
 * results; the PRAM view charges the loop, and D grows with the boxes as
 * the image grows to the radius (the depth criterion must fail it). */
typedef int T;

T cell(global const T *S, uint w, int x, int y)
{
	T v = S[(size_t)y * w + x];
	if (x > 0)
		v -= S[(size_t)y * w + x - 1];
	if (y > 0)
		v -= S[(size_t)(y - 1) * w + x];
	if (x > 0 && y > 0)
		v += S[(size_t)(y - 1) * w + x - 1];
	return v;
}

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
	T s = 0;
	for (int yy = y0; yy <= y1; yy++)
		for (int xx = x0; xx <= x1; xx++)
			s += cell(S, w, xx, yy);
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
	long num = 2 * (long)s + area, q = num / (2 * area);
	if (q * 2 * area > num)
		q--;
	y[i] = (T)q;
}
