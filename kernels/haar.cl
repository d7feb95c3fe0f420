/*
 * haar.cl - Haar features from the summed-area table (algos/haar.c):
 * sat.cl's kernels build the table, then haar_features gives each window
 * position its two-, three- and four-rectangle values, each from a fixed
 * handful of table cells. OpenCL C 1.2.
 */
#include "sat.cl"
#include "satbox.clh"

/* Window position i of pw across (np in all), window side s. */
kernel void haar_features(global const T *S, global T *two, global T *three, global T *four, uint w,
			  uint pw, uint np, uint s)
{
	size_t i = get_global_id(0);
	if (i >= np)
		return;
	uint y = (uint)(i / pw), x = (uint)(i - (size_t)y * pw);
	uint a = s / 2, t = s / 3, ye = y + s - 1;
	two[i] = sat_rect(S, w, x, y, x + a - 1, ye) - sat_rect(S, w, x + a, y, x + 2 * a - 1, ye);
	three[i] = sat_rect(S, w, x + t, y, x + 2 * t - 1, ye) -
		   sat_rect(S, w, x, y, x + t - 1, ye) -
		   sat_rect(S, w, x + 2 * t, y, x + 3 * t - 1, ye);
	four[i] = sat_rect(S, w, x, y, x + a - 1, y + a - 1) +
		  sat_rect(S, w, x + a, y + a, x + 2 * a - 1, y + 2 * a - 1) -
		  sat_rect(S, w, x + a, y, x + 2 * a - 1, y + a - 1) -
		  sat_rect(S, w, x, y + a, x + a - 1, y + 2 * a - 1);
}
