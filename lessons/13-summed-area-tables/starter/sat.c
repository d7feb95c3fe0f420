/*
 * sat.c - starter for sat-pram: it builds and runs, but writes nothing
 * into S. The image is w pixels wide and h high, stored row by row
 * (pixel (r, c) at r * w + c). Write S(r, c) = the sum of the image over
 * rows 0 .. r and columns 0 .. c on CREW, in O(log w + log h) steps: copy
 * the image, scan every row at once (inclusive, Hillis-Steele: at
 * distance d = 1, 2, 4, ... each cell adds the one d to its left in its
 * row), then every column at once (the cell d rows up).
 */
#include "pram.h"

void sat(pram *m, pram_array *image, pram_array *S, size_t w, size_t h)
{
	(void)m;
	(void)image;
	(void)S;
	(void)w;
	(void)h;
}
