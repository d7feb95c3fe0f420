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
 * The tuned kernel (los_onepass after onepass_init) fuses the three steps
 * into one pass with decoupled look-back: each work-group takes a tile by
 * ticket, computes the angles of its heights as it loads them (the same
 * double expression), max-scans them in registers and over the work-group,
 * finds the largest angle of the tiles before it by looking back, and
 * writes the tile's visibility: n heights read, n results written, as a
 * copy, where the teaching steps also write and read back two arrays of
 * doubles. A tile's maximum is a double, too wide to share a 64-bit status
 * word with a flag, so each tile has two words, its aggregate and its
 * inclusive maximum, each 0 until published and otherwise the angle as an
 * order-preserving 64-bit key (angle_key: no angle maps to 0). A reader
 * takes the inclusive word if it is there and the aggregate if not; each
 * word is written once per run with one atomic, so no order between the
 * two is needed. It also needs 64-bit atomics.
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the angle scan (blockscan.clh) or of the tuned pass. OpenCL C 1.2.
 */

#include "blockscan.clh"
#include "lookback.clh"

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

/* ---- tuned: the three steps in one pass ----------------------------- */

#ifdef HAVE_LOOKBACK

#ifdef IS_FLOAT
typedef float4 V4;
#else
typedef int4 V4;
#endif

#ifdef PRAM_NV_PTX
/* A double from lane (this lane - d): its two halves by two shuffles. */
inline double nv_shfl_up_d(double x, uint d)
{
	ulong b = as_ulong(x);
	uint lo = nv_shfl_up((uint)b, d), hi = nv_shfl_up((uint)(b >> 32), d);
	return as_double((ulong)hi << 32 | lo);
}
#endif

/* angle_scan_excl: the tuned pass's work-group max-scan of doubles
 * (common.clh's GROUP_SCAN_EXCL: by warp shuffles on NVIDIA). */
GROUP_SCAN_EXCL(angle_scan_excl, double, -INFINITY, fmax, nv_shfl_up_d)

/* An angle as a 64-bit key that orders as the angles do (the sign bit
 * flipped for positive angles, every bit for negative ones) and back. Only
 * a NaN with every bit set would map to 0, and no maximum is a NaN: each
 * starts from -infinity and fmax drops a NaN angle (an infinite height can
 * make one), as the reference's comparisons pass over it. */
ulong angle_key(double a)
{
	ulong b = as_ulong(a);
	return b >> 63 ? ~b : b | 0x8000000000000000ul;
}

double angle_of_key(ulong k)
{
	return as_double(k >> 63 ? k & 0x7ffffffffffffffful : ~k);
}

/* Tile t's exclusive prefix, the largest angle in tiles 0 .. t-1 (-infinity
 * for tile 0), by looking back as lookback.clh does, over two status words
 * a tile: status[2t] its own maximum, status[2t + 1] the maximum of it and
 * all before it, as keys, 0 while not published. Publishes t's aggregate
 * first, then its inclusive maximum; one work-item calls it. */
double angle_lookback(global ulong *status, uint t, double total)
{
	ulong own = angle_key(total), before = angle_key(-INFINITY);
	if (t == 0) {
		atom_xchg(&status[1], own);
		return -INFINITY;
	}
	atom_xchg(&status[2 * t], own);
	for (uint j = t; j > 0;) {
		ulong inc[LOOKBACK], agg[LOOKBACK];
		/* Both words of a window's tiles at once (atomic reads). */
		for (uint k = 0; k < LOOKBACK; k++) {
			inc[k] = k < j ? atom_add(&status[2 * (j - 1 - k) + 1], 0ul) : 0;
			agg[k] = k < j ? atom_add(&status[2 * (j - 1 - k)], 0ul) : 0;
		}
		uint k = 0;
		int found = 0;
		for (; k < LOOKBACK; k++) {
			if (k >= j || inc[k]) { /* past tile 0 lies the identity */
				before = k < j ? max(before, inc[k]) : before;
				found = 1;
				break;
			}
			if (!agg[k])
				break;
			before = max(before, agg[k]);
		}
		j = found ? 0 : j - k;
	}
	atom_xchg(&status[2 * t + 1], max(before, own));
	return angle_of_key(before);
}

/* The one-pass line of sight. Work-item lid takes the PP consecutive points
 * from lid*PP of the tile, loaded with 4-wide loads through local memory;
 * their angles stay in registers, and the work-group's exclusive max-scan
 * of the work-items' maxima (tot, L doubles) and the look-back give each
 * work-item the largest angle before its first point; the test runs along
 * its points, and the results leave through local memory with coalesced
 * stores. L*PP + L*PP/32 + 1 elements of local memory in tile. */
kernel void los_onepass(global const V *h, global V *visible, global ulong *status,
			global uint *ticket, uint n, local V *tile, local double *tot)
{
	local uint t_sh;
	local double prefix_sh;
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	if (lid == 0)
		t_sh = atomic_inc(ticket);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = t_sh, base = t * TILE, cnt = min(TILE, n - base);
	LOAD_TILE(tile, h, V4, base, cnt, TILE, lid, L, (V)0);
	barrier(CLK_LOCAL_MEM_FENCE);
	/* As los_angles: the tangent (h[i] - eye) / i, -infinity at point 0
	 * and past the end. */
	double eye = (double)h[0] + 1.0, a[PP], m = -INFINITY, total;
	uint first = lid * PP;
	for (uint j = 0; j < PP; j++) {
		uint e = first + j, i = base + e;
		a[j] = e < cnt && i > 0 ? ((double)tile[PAD(e)] - eye) / (double)i : -INFINITY;
		m = fmax(m, a[j]);
	}
	/* Every work-item has read its heights before the scan's first
	 * barrier, so the tile is free to take the results after it. */
	double run = angle_scan_excl(tot, m, &total);
	if (lid == 0)
		prefix_sh = angle_lookback(status, t, total);
	barrier(CLK_LOCAL_MEM_FENCE);
	run = fmax(prefix_sh, run);
	for (uint j = 0; j < PP; j++) {
		uint e = first + j;
		tile[PAD(e)] = base + e == 0 || run < a[j] ? (V)1 : (V)0;
		run = fmax(run, a[j]);
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint e = lid; e < cnt; e += L)
		visible[base + e] = tile[PAD(e)];
}
#endif /* HAVE_LOOKBACK */

#endif /* HAVE_FP64 */
