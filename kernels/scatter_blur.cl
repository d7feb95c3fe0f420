/*
 * scatter_blur.cl - the notes' depth of field by scattering
 * (algos/scatter_blur.c): every pixel spreads value / area to its box's
 * corners with atomic adds, in 2^16 fixed point, then the summed-area table
 * of that scatter image is the result. The table here is the plainest:
 * one work-item runs along each row, then one down each column (those
 * neighbours read neighbouring cells: coalesced). Integers wrap modulo
 * 2^32, and the results, at most 2^15 times 2^16 in size, come out exact.
 * OpenCL C 1.2.
 */
#include "common.clh"

#define FIX 65536

kernel void sb_clear(global int *acc, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		acc[i] = 0;
}

kernel void sb_scatter(global const T *img, global const int *rad, uint use_rad, int radius,
		       global int *acc, uint w, uint h)
{
	size_t i = get_global_id(0);
	if (i >= (size_t)w * h)
		return;
	int y = (int)(i / w), x = (int)(i - (size_t)y * w), r = use_rad ? rad[i] : radius;
	int x0 = max(x - r, 0), y0 = max(y - r, 0);
	int x1 = min(x + r, (int)w - 1), y1 = min(y + r, (int)h - 1);
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
#ifdef IS_FLOAT
	int q = (int)floor(img[i] * (float)FIX / (float)area + 0.5f);
#else
	long num = 2 * (long)(int)img[i] * FIX + area, qq = num / (2 * area);
	if (qq * 2 * area > num)
		qq--;
	int q = (int)qq;
#endif
	atomic_add(&acc[(size_t)y0 * w + x0], q);
	if (x1 + 1 < (int)w)
		atomic_sub(&acc[(size_t)y0 * w + x1 + 1], q);
	if (y1 + 1 < (int)h)
		atomic_sub(&acc[(size_t)(y1 + 1) * w + x0], q);
	if (x1 + 1 < (int)w && y1 + 1 < (int)h)
		atomic_add(&acc[(size_t)(y1 + 1) * w + x1 + 1], q);
}

/* Running sums along each row (an item a row), in uint: wrap-around is
 * defined there. */
kernel void sb_rows(global uint *acc, uint w, uint h)
{
	size_t y = get_global_id(0);
	if (y >= h)
		return;
	uint s = 0;
	for (uint x = 0; x < w; x++) {
		s += acc[y * w + x];
		acc[y * w + x] = s;
	}
}

/* Running sums down each column (an item a column), then / 2^16. */
kernel void sb_cols(global const uint *acc, global float *out, uint w, uint h)
{
	size_t x = get_global_id(0);
	if (x >= w)
		return;
	uint s = 0;
	for (uint y = 0; y < h; y++) {
		s += acc[(size_t)y * w + x];
		out[(size_t)y * w + x] = (float)(int)s / (float)FIX;
	}
}
