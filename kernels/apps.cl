/*
 * apps.cl - three applications of scan from the notes: line of sight, the
 * split of radix sort and stream compaction.
 *
 * All three stand on one blocked exclusive scan, the notes' "Working on
 * Arbitrary Length Input" as scan.cl's teaching kernels do it: each
 * work-group scans a block of L * PP elements (PP consecutive elements per
 * work-item in registers, then a work-group scan of the L item totals, as
 * Brent's brent_block), writes the block's total to sums[group], the host
 * scans sums the same way (recursively, in place) and an add kernel combines
 * each block with its scanned total. SCAN_KERNELS stamps that out for two
 * element types, because these scans are not the build's T and OP:
 *   count_block, count_add  uint sums of 0/1 counts (split, compact)
 *   angle_block, angle_add  double maxima of the line-of-sight angles
 * A block kernel reads its element i through a load function that takes a
 * mode, so that the first level reads the application's data directly and
 * the upper levels read the block totals.
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
 * double division, which gives the same bits everywhere. An atan2 on the device would not do: OpenCL allows
 * it 6 ulp, so it can split a tie or swap two close angles that the host's
 * libm orders otherwise, and in float it merges distinct angles outright
 * (with heights below 100 and runs up to 2^24, two slopes may differ by 2^-31
 * of their size, below float's 2^-24). The rise y is the reference's own
 * double expression h[i] - (h[0] + 1), exact for 32-bit integers. Point 0
 * gets -infinity, the max's identity, so it hides nothing. These kernels
 * need double precision (cl_khr_fp64); without it only the other two
 * applications are built.
 *
 * Split (split_scatter after a count scan): radix sort's stable split by
 * bit 0. The 0-scan f_i = number of 0 bits among a_0 .. a_(i-1) is the count
 * scan of the inverted bits, read straight from the keys (the notes' "native
 * 0-scan", no array of bits in between); F, the total of 0 bits, is the top
 * level's block total. a_i goes to f_i when its bit is 0 and to
 * F + (i - f_i) when it is 1, since i - f_i ones precede it.
 *
 * Compaction (compact_scatter after a count scan): the count scan of the
 * packed flags gives each kept element its place; the total, the output's
 * length, is again the top level's block total.
 *
 * Values that are only moved (split's keys, compaction's elements) travel as
 * uint bits, whatever the data type. Build options: those of common.clh and
 * -DPP=k elements per work-item. Work-group sizes are powers of two.
 * OpenCL C 1.2.
 */

#include "common.clh"

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define HAVE_FP64 1
#endif

#ifndef PP
#define PP 8
#endif

/* The input's element type, which common.clh's T is not: it is uint for
 * integer sums, and line of sight must subtract signed heights. */
#ifdef IS_FLOAT
typedef float V;
#else
typedef int V;
#endif

/* ---- the blocked scan, for one element type and operator ------------- */

/* Stamps out, for prefix P, element type TY, identity ID and operator OPF
 * (a function or a macro of two arguments), given a function
 * `TY P##_load(global const TY *src, uint mode, size_t i)`:
 *
 *   P##_group_excl  exclusive scan of one value per work-item over the
 *                   work-group (Hillis-Steele in tot, L elements), as
 *                   common.clh's group_scan_excl; the total goes to *total.
 *   P##_block       dst[i] = the exclusive scan of the block's elements,
 *                   sums[group] = the block's total. dst may be src: each
 *                   work-item reads its own PP elements before it writes
 *                   them, and no other work-item touches them.
 *   P##_add         a[i] = offs[i / block] OPF a[i]: the scanned block totals
 *                   combined with their blocks. */
#define SCAN_KERNELS(P, TY, ID, OPF)                                                            \
	TY P##_group_excl(local TY *tot, TY v, TY *total)                                       \
	{                                                                                       \
		uint lid = get_local_id(0), L = get_local_size(0);                              \
		tot[lid] = v;                                                                   \
		barrier(CLK_LOCAL_MEM_FENCE);                                                   \
		for (uint d = 1; d < L; d <<= 1) {                                              \
			TY y = lid >= d ? tot[lid - d] : (ID);                                  \
			barrier(CLK_LOCAL_MEM_FENCE);                                           \
			tot[lid] = OPF(y, tot[lid]);                                            \
			barrier(CLK_LOCAL_MEM_FENCE);                                           \
		}                                                                               \
		*total = tot[L - 1];                                                            \
		return lid ? tot[lid - 1] : (ID);                                               \
	}                                                                                       \
                                                                                                \
	kernel void P##_block(global const TY *src, uint mode, global TY *dst, global TY *sums, \
			      uint n, local TY *tot)                                            \
	{                                                                                       \
		uint lid = get_local_id(0), L = get_local_size(0);                              \
		size_t base = (get_group_id(0) * (size_t)L + lid) * PP;                         \
		TY x[PP], acc = (ID), total;                                                    \
		for (uint j = 0; j < PP; j++) {                                                 \
			x[j] = base + j < n ? P##_load(src, mode, base + j) : (ID);             \
			acc = OPF(acc, x[j]);                                                   \
		}                                                                               \
		TY pre = P##_group_excl(tot, acc, &total);                                      \
		for (uint j = 0; j < PP && base + j < n; j++) {                                 \
			dst[base + j] = pre;                                                    \
			pre = OPF(pre, x[j]);                                                   \
		}                                                                               \
		if (lid == 0)                                                                   \
			sums[get_group_id(0)] = total;                                          \
	}                                                                                       \
                                                                                                \
	kernel void P##_add(global TY *a, global const TY *offs, uint n, uint block)            \
	{                                                                                       \
		size_t i = get_global_id(0);                                                    \
		if (i < n)                                                                      \
			a[i] = OPF(offs[i / block], a[i]);                                      \
	}

/* What a count scan counts; gpu_apps.c passes the same numbers. */
#define COUNT_WORDS 0 /* src holds the counts: the block totals of a level */
#define COUNT_ZEROS 1 /* src holds keys: count those whose bit 0 is 0 */
#define COUNT_FLAGS 2 /* src holds packed flags: count the set ones */

uint count_load(global const uint *src, uint mode, size_t i)
{
	if (mode == COUNT_ZEROS)
		return ~src[i] & 1u;
	if (mode == COUNT_FLAGS)
		return flag_at(src, i);
	return src[i];
}

#define COUNT_ADD(a, b) ((a) + (b))
SCAN_KERNELS(count, uint, 0u, COUNT_ADD)

/* ---- split ----------------------------------------------------------- */

/* f: the exclusive 0-scan; total[0]: F, the number of 0 bits. */
kernel void split_scatter(global const uint *in, global const uint *f, global const uint *total,
			  global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint a = in[i], fi = f[i];
	out[a & 1u ? total[0] + ((uint)i - fi) : fi] = a;
}

/* ---- compaction ------------------------------------------------------ */

/* f: the exclusive scan of the flags, so a kept element's place. */
kernel void compact_scatter(global const uint *in, global const uint *flags, global const uint *f,
			    global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && flag_at(flags, i))
		out[f[i]] = in[i];
}

/* ---- line of sight --------------------------------------------------- */

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
