/*
 * line_of_sight.cl - the kernels of "line-of-sight", an application of scan
 * from the notes.
 *
 * Line of sight (los_angles, the angle scan, los_test), the notes' three
 * steps: the angle of every point as seen from X (index 0, eye 1 above the
 * terrain there), an exclusive max-scan of the angles, and point i is
 * visible when the largest angle before it is smaller than its own. The
 * test is strict, so ties decide: with integer heights many points lie on
 * one line through the eye, and their angles must come out equal, as the
 * reference's do. For x > 0, atan2(y, x) = atan(y / x) and atan increases,
 * so the tangent y / x orders the points as the angle does; the reference,
 * the simulator and the kernels all keep the tangent, one correctly rounded
 * double division, which gives the same bits everywhere. An atan2 on the
 * device would not do: OpenCL allows it 6 ulp, so it can split a tie or
 * swap two close angles that the host's libm orders otherwise, and in float
 * it merges distinct angles outright (with heights below 100 and runs up to
 * 2^24, two slopes may differ by 2^-31 of their size, below float's 2^-24).
 * The rise y is the reference's own double expression h[i] - (h[0] + 1),
 * exact for 32-bit integers. Point 0 gets -infinity, the max's identity,
 * so it hides nothing. These kernels need double precision (cl_khr_fp64);
 * without it the file builds no kernel and the host refuses the job,
 * saying why.
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the angle scan (blockscan.clh). OpenCL C 1.2.
 */

#include "blockscan.clh"

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define HAVE_FP64 1
#endif

/* The input's element type, which common.clh's T is not: it is uint for
 * integer sums, and line of sight must subtract signed heights. */
#ifdef IS_FLOAT
typedef float V;
#else
typedef int V;
#endif

#ifdef HAVE_FP64

/* The angle scan reads its elements as they are, at every level. */
double angle_load(global const double *src, uint mode, size_t i)
{
	(void)mode;
	return src[i];
}

SCAN_KERNELS(angle, double, -INFINITY, fmax)

/* Step 1: the tangent of point i's angle as seen from the eye above point 0,
 * rise over run. */
kernel void los_angles(global const V *h, global double *angle, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	if (i == 0) {
		angle[0] = -INFINITY;
		return;
	}
	double eye = (double)h[0] + 1.0;
	angle[i] = ((double)h[i] - eye) / (double)i;
}

/* Step 3: amax holds the exclusive max-scan of the angles (step 2). */
kernel void los_test(global const double *angle, global const double *amax, global V *visible,
		     uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		visible[i] = i == 0 || amax[i] < angle[i] ? (V)1 : (V)0;
}

#endif /* HAVE_FP64 */
