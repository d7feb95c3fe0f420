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
 * ticket, computes the angles of its heights from local memory (the same
 * double expression), keeps a work-item's records (los_onepass says which)
 * and maximum in registers, max-scans the maxima over the work-group,
 * finds the largest angle of the tiles before it by looking back, and
 * writes the tile's visibility: n heights read, n results written, as a
 * copy, where the teaching steps also write and read back two arrays of
 * doubles. A tile's maximum is a double; its status word holds it squeezed
 * exactly into 62 bits beside a 2-bit flag (angle_code says why the double's
 * whole exponent range is not needed), so that one 64-bit atomic read a tile
 * does, as in lookback.clh. On NVIDIA the first warp looks back over 32
 * tiles a round, with a sleep when the nearest tile has published nothing
 * yet; elsewhere work-item 0 does. Int heights become doubles by bits
 * rather than a conversion (los_rise). It needs 64-bit atomics.
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the angle scan (blockscan.clh) or of the tuned pass; for the tuned pass
 * on a GPU also -DLOS_TOP=k (the records' angles kept, 2),
 * -DLOS_VSTORE=0|1 (4-wide stores; 1 on NVIDIA by default),
 * -DLOS_SLEEP=ns (the look-back's back-off, 256) and -DLOOKBACK=k (tiles
 * a step of the portable look-back). OpenCL C 1.2.
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

/* ---- the status words of the look-back --------------------------------
 * A tile's maximum is a double, and the flag that says whether it is the
 * tile's own (the aggregate) or that of the tile and all before it (the
 * inclusive maximum) must travel in the same 64-bit word, so that a reader
 * never sees a flag without its value and one atomic read a tile does (two
 * words a tile, read together, made the look-back cost 0.55 ms of the pass
 * on an H100 at n = 2^28). So the angle is squeezed into 62 bits, exactly:
 * no angle a tile can hold needs the double's whole exponent range. With
 * int heights the rise h - eye is an integer of at most 2^32 + 1 in size and
 * the run i one of 1 .. 2^32 - 1, so a nonzero tangent lies between 2^-33
 * and 2^33; with float heights both h and eye = h[0] + 1 are multiples of
 * 2^-149 (float's least step, which rounding eye to a double keeps), so a
 * nonzero rise is at least 2^-149 and below 2^129, and the tangent between
 * 2^-181 and 2^129. Every angle is thus 0, infinite, or a normal double of
 * biased exponent 841 .. 1151, which ANGLE_EBASE moves to 1 .. 311: 9 bits
 * rather than 11 hold the exponents 0 (zero), 1 .. 510 (841 .. 1350) and
 * 511 (infinity), and the code of a nonnegative angle is 2^61 | E << 52 |
 * mantissa, that of a negative one 2^61 - 1 less the same magnitude, so the
 * codes order as the angles do (-infinity, the identity, the least of
 * them). No maximum is a NaN: each starts from -infinity and fmax drops a
 * NaN angle (an infinite height can make one), as the reference's
 * comparisons pass over it. The word is flag << 62 | code, 0 while not
 * published, read and written whole by lookback.clh's LB_READ and LB_WRITE. */
#define ANGLE_EBASE 840u
#define ANGLE_MAG (((ulong)1 << 61) - 1)
#define ANGLE_CODE ((((ulong)1) << 62) - 1)
#define LOS_AGG ((ulong)1 << 62)   /* the code is the tile's own maximum */
#define LOS_INC ((ulong)2 << 62)   /* the code is that of it and all before */

ulong angle_code(double a)
{
	ulong b = as_ulong(a), m = b & 0xffffffffffffful;
	uint e = (uint)(b >> 52) & 0x7ffu;
	ulong E = e == 0 ? 0 : e == 0x7ffu ? 511 : e - ANGLE_EBASE;
	ulong mag = E << 52 | m;
	return b >> 63 ? ANGLE_MAG - mag : (ulong)1 << 61 | mag;
}

double angle_of_code(ulong c)
{
	ulong neg = (c >> 61) ^ 1, mag = neg ? ANGLE_MAG - c : c & ANGLE_MAG;
	uint E = (uint)(mag >> 52);
	ulong e = E == 0 ? 0 : E == 511 ? 0x7ff : E + ANGLE_EBASE;
	return as_double(neg << 63 | e << 52 | (mag & 0xffffffffffffful));
}

#ifdef PRAM_NV_PTX
/* The largest of the warp's 32 codes, in every lane: max is idempotent, so a
 * butterfly needs no broadcast after it. Two shuffles a step (64 bits). */
inline ulong nv_warp_max_code(ulong v)
{
	for (uint d = 16; d > 0; d >>= 1) {
		ulong o = (ulong)nv_shfl_xor((uint)(v >> 32), d) << 32 | nv_shfl_xor((uint)v, d);
		v = max(v, o);
	}
	return v;
}
#endif

/* Tile t's exclusive prefix, the largest angle in tiles 0 .. t-1 (-infinity
 * for tile 0), by looking back as lookback.clh does over the status words
 * status[0 .. t-1]; publishes t's aggregate first, then its inclusive
 * maximum. Max is idempotent, so an aggregate combined with an inclusive
 * maximum that already holds it does no harm. This form is work-item 0's
 * alone: LOOKBACK tiles a step, their words read at once. */
double angle_lookback(global ulong *status, uint t, double total)
{
	ulong own = angle_code(total), idc = angle_code(-INFINITY), before = idc;
	if (t == 0) {
		LB_WRITE(&status[0], LOS_INC | own);
		return -INFINITY;
	}
	LB_WRITE(&status[t], LOS_AGG | own);
	for (uint j = t; j > 0;) {
		ulong st[LOOKBACK];
		/* Past tile 0 lies the identity, as an inclusive maximum. */
		for (uint k = 0; k < LOOKBACK; k++)
			st[k] = k < j ? LB_READ(&status[j - 1 - k]) : LOS_INC | idc;
		uint k = 0;
		ulong flag = 0;
		while (k < LOOKBACK && (flag = st[k] & ~ANGLE_CODE) != 0) {
			before = max(before, st[k] & ANGLE_CODE);
			k++;
			if (flag == LOS_INC)
				break;
		}
		j = flag == LOS_INC ? 0 : j - k;
	}
	LB_WRITE(&status[t], LOS_INC | max(before, own));
	return angle_of_code(before);
}

#ifdef PRAM_NV_PTX
/* The same by the first warp of the group (lane = local id < 32): each lane
 * reads the word of one of the 32 tiles before j; a ballot finds the
 * nearest inclusive maximum and the nearest tile that has published
 * nothing yet, the codes of the tiles before whichever comes first (and of
 * the inclusive one) are combined by a butterfly, and the warp goes on
 * past them, after a sleep when none was ready (-DLOS_SLEEP=ns, 256 by
 * default). On an H100 at n = 2^28 the pass took 0.996 to 1.000 ms so,
 * 1.348 with two words a tile (bench/h100/tuning.md); 128 and 256 ns of
 * sleep did as well as each other, 32 and 1024 1.002 and 1.018, 4096
 * 1.368. */
#ifndef LOS_SLEEP
#define LOS_SLEEP 256
#endif
double angle_lookback_warp(global ulong *status, uint t, double total, uint lane)
{
	ulong own = angle_code(total), idc = angle_code(-INFINITY), before = idc;
	if (t == 0) {
		if (lane == 0)
			LB_WRITE(&status[0], LOS_INC | own);
		return -INFINITY;
	}
	if (lane == 0)
		LB_WRITE(&status[t], LOS_AGG | own);
	for (uint j = t; j > 0;) {
		ulong st = lane < j ? LB_READ(&status[j - 1 - lane]) : LOS_INC | idc;
		ulong flag = st & ~ANGLE_CODE;
		uint inc = nv_ballot(flag == LOS_INC, ~0u), none = nv_ballot(flag == 0, ~0u);
		uint fi = nv_first_lane(inc), fn = nv_first_lane(none);
		uint take = fn <= fi ? fn : fi + 1;
		/* 0 lies at or below every code: the identity of max here. */
		ulong v = lane < take ? st & ANGLE_CODE : 0;
		before = max(before, nv_warp_max_code(v));
		if (fi < fn)
			break;
		if (take == 0)
			nv_nanosleep(LOS_SLEEP);
		j -= take;
	}
	if (lane == 0)
		LB_WRITE(&status[t], LOS_INC | max(before, own));
	return angle_of_code(before);
}
#endif

/* The rise h - eye of a point, exactly as the reference's double
 * expression gives it. For an int height the conversion (double)h, which
 * runs at a quarter of the rate of a double add or less on GPUs, gives way
 * to bits: the double 2^52 + 2^31 + h has h + 2^31 as the low 32 bits of
 * its mantissa, and subtracting los_eye_k(eye) = 2^52 + 2^31 + eye (an
 * integer below 2^53, so exact) leaves h - eye, an integer below 2^33 in
 * size, also exact. */
double los_eye_k(double eye)
{
#ifdef IS_FLOAT
	return eye;
#else
	return 0x1.0p52 + 0x1.0p31 + eye;
#endif
}

/* h - eye, given los_eye_k(eye). */
double los_rise(V h, double eye_k)
{
#ifdef IS_FLOAT
	return (double)h - eye_k;
#else
	return as_double(0x4330000000000000ul | (ulong)((uint)h ^ 0x80000000u)) - eye_k;
#endif
}

/* Whole tiles leave in 4-wide stores on NVIDIA (-DLOS_VSTORE=0 or 1 says
 * otherwise); elsewhere scalar stores, whose coalescing is as good, and
 * which Oclgrind's uninitialised-value check reads right. */
#ifndef LOS_VSTORE
#ifdef PRAM_NV_PTX
#define LOS_VSTORE 1
#else
#define LOS_VSTORE 0
#endif
#endif

/* A work-item keeps a bit a point, not its angle: set for its records,
 * the points whose angle beats those of all its points before them. The
 * angles of its records rise, and a point is visible when it is a record
 * and its angle beats P, the largest angle before the work-item's first
 * point (the work-group's scan and the look-back give it): the visible
 * points are the last records, those whose angles beat P. The work-item
 * keeps the angles of its last LOS_TOP records (2 by default) in
 * registers, walks its records down from the last while they beat P, and
 * divides again only for a record before those. So no angles stay in
 * registers over the scan and the look-back, and more work-groups fit:
 * on an H100 at n = 2^28 0.878 to 0.887 ms with 32 points a work-item in
 * groups of 128, where keeping all 32 angles took 1.528 and 16 angles in
 * groups of 256 (the best shape for them) 0.996 to 1.003; 1 or 4 angles
 * kept 0.884 and 0.932 (bench/h100/tuning.md). */
#ifndef LOS_TOP
#define LOS_TOP 2
#endif
#if PP > 32
typedef ulong los_mask;
#else
typedef uint los_mask;
#endif

/* The highest bit set in x, not 0. */
inline uint los_last(los_mask x)
{
	return 8 * sizeof(los_mask) - 1 - clz(x);
}

/* As los_angles: the tangent (h - eye) / i of the tile's point e, whose
 * index base + e is di as a double, or -infinity at point 0 and past the
 * tile's cnt points. */
inline double los_angle(local const V *tile, uint e, uint base, uint cnt, double eye_k,
			double di)
{
	return e < cnt && base + e > 0 ? los_rise(tile[PAD(e)], eye_k) / di : -INFINITY;
}

/* The one-pass line of sight. Work-item lid takes the PP consecutive points
 * from lid*PP of the tile, loaded with 4-wide loads through local memory;
 * it finds their angles and its records, the work-group's exclusive
 * max-scan of the work-items' maxima (tot, L doubles) and the look-back
 * give it the largest angle before its first point, its visible records
 * are found, and the results leave through local memory with coalesced
 * stores. L*PP + L*PP/32 + 1 elements of local memory in tile. */
kernel void los_onepass(global const V *h, global V *visible, global ulong *status,
			global uint *ticket, uint n, local V *tile, local double *tot)
{
	local uint t_sh;
	local double prefix_sh;
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP;
	uint t = onepass_tile(ticket, 0u, &t_sh), base = t * TILE, cnt = min(TILE, n - base);
	LOAD_TILE(tile, h, V4, base, cnt, TILE, lid, L, (V)0);
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The index i of a point is a double counted up from the first
	 * point's (exact below 2^53): one conversion a work-item. */
	double eye_k = los_eye_k((double)h[0] + 1.0), m = -INFINITY, total;
	uint first = lid * PP;
	double di0 = (double)(base + first), di = di0;
	los_mask rec = 0;
	double top[LOS_TOP]; /* the angles of the last records, the last first */
#pragma unroll
	for (uint q = 0; q < LOS_TOP; q++)
		top[q] = -INFINITY;
	/* Unrolled, so that top[] stays in registers. */
#pragma unroll
	for (uint j = 0; j < PP; j++, di += 1.0) {
		double aj = los_angle(tile, first + j, base, cnt, eye_k, di);
		if (m < aj) {
			rec |= (los_mask)1 << j;
#pragma unroll
			for (uint q = LOS_TOP - 1; q > 0; q--)
				top[q] = top[q - 1];
			top[0] = aj;
		}
		m = fmax(m, aj);
	}
	/* Each work-item reads only its own points' heights, and writes their
	 * results in their place, so the tile serves for both. */
	double run = angle_scan_excl(tot, m, &total);
#ifdef PRAM_NV_PTX
	if (L >= 32) {
		if (lid < 32) {
			double p = angle_lookback_warp(status, t, total, lid);
			if (lid == 0)
				prefix_sh = p;
		}
	} else
#endif
	    if (lid == 0)
		prefix_sh = angle_lookback(status, t, total);
	barrier(CLK_LOCAL_MEM_FENCE);
	run = fmax(prefix_sh, run);
	/* The records down from the last while their angles beat run: the
	 * last LOS_TOP from top[], any before them divided again (the same
	 * double expression, so the same bits). None when m does not. */
	los_mask vis = 0, left = rec;
	int done = !(run < m);
#pragma unroll
	for (uint q = 0; q < LOS_TOP; q++) {
		if (!done && left) {
			los_mask b = (los_mask)1 << los_last(left);
			done = !(run < top[q]);
			vis |= done ? 0 : b;
			left ^= b;
		}
	}
	while (!done && left) {
		uint j = los_last(left);
		done = !(run < los_angle(tile, first + j, base, cnt, eye_k, di0 + (double)j));
		vis |= done ? 0 : (los_mask)1 << j;
		left ^= (los_mask)1 << j;
	}
#pragma unroll
	for (uint j = 0; j < PP; j++) {
		uint e = first + j;
		tile[PAD(e)] = base + e == 0 || (vis >> j) & 1 ? (V)1 : (V)0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#if LOS_VSTORE
	if (cnt == TILE && TILE % 4 == 0) {
		global V4 *out4 = (global V4 *)visible + base / 4;
		for (uint v = lid; v < TILE / 4; v += L)
			out4[v] = (V4)(tile[PAD(4 * v)], tile[PAD(4 * v + 1)], tile[PAD(4 * v + 2)],
				       tile[PAD(4 * v + 3)]);
		return;
	}
#endif
	for (uint e = lid; e < cnt; e += L)
		visible[base + e] = tile[PAD(e)];
}
#endif /* HAVE_LOOKBACK */

#endif /* HAVE_FP64 */
