/*
 * scatter_blur.c - the notes' "Depth-of-Field with Scattering": turn the
 * box filter's gather into a scatter. "For each pixel in original image do
 * in parallel: spread pixel value / area(CoC) to CoC corners; use atomic
 * accumulation"; then "compute 2D prefix-sum over this scatter image,
 * result = final image with depth-of-field".
 *
 * Pixel p with radius r (from the radius image, or --radius) and box
 * [x0, x1] x [y0, y1] clipped to the image, area A, adds q = v / A at
 * (x0, y0), -q at (x1 + 1, y0) and (x0, y1 + 1), and +q at (x1 + 1, y1 + 1)
 * (corners past the image are dropped: they cancel only outside it). The
 * summed-area table of those corner values is then, at every pixel, the sum
 * of q over the boxes that cover it: each pixel's value is spread evenly
 * over its own box, so the image's total is kept, and a blurred pixel no
 * longer gathers from a sharp neighbour (the gather's colour bleeding).
 *
 * The simulator's atomics add integers, as many GPUs' do, so q travels in
 * fixed point, q = round(v 2^16 / A) (halves up), and the output is the
 * table divided by 2^16 and rounded once to float32 (as the kernels' float
 * output is): within (boxes covering a pixel) 2^-17 of the exact spread,
 * and the rounding. Values must lie within +-2^31.
 *
 *   clear    w h processors zero the scatter image
 *   scatter  w h processors, up to four atomic adds each
 *   table    sat's program (packed, plain) on the scatter image
 *   out      w h processors: y = S / 2^16
 *
 * so W = 3 w h + W_sat and D = 3 + D_sat (D_serial counts the atomics that
 * meet on one corner in turn). The atomics need CRCW (common, with
 * combining by atomics as the simulator gives them).
 */
#include <math.h>
#include <stdlib.h>

#include "common.h"
#include "sat.h"

#define FIX_BITS 16

static const algo_port sb_outputs[] = {
    {.name = "y", .shape = ALGO_GRID, .elem = ALGO_ELEM_FLOAT, .help = "the blurred image"},
    {0},
};

static int sb_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	size_t s = sat_side(n);
	sat_filter_cost(s, s, 3, w, d);
	return 0;
}

/* The cost of a run on the image in itself, w by h. */
static int sb_cost_in(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	sat_filter_cost(in->w, in->h, 3, w, d);
	return 0;
}

/* The fixed-point share of pixel i's value v over area a. */
static int64_t share(pram_type t, pram_value v, int64_t a)
{
	if (t == PRAM_INT)
		return sat_floor_div(2 * (v.i * ((int64_t)1 << FIX_BITS)) + a, 2 * a);
	return (int64_t)floor(v.f * (double)((int64_t)1 << FIX_BITS) / (double)a + 0.5);
}

/* A fixed-point sum as the output holds it: divided by 2^16 and rounded
 * once to float32, as a device's float output is. */
static double to_float(int64_t v)
{
	return (double)(float)((double)v / (double)((int64_t)1 << FIX_BITS));
}

/* The inputs must be of one shape, radii >= 0 (sat_check_radius) and
 * values within +-2^31. */
static int check(const algo_data *in, char *why, size_t len)
{
	if (sat_check_radius(in, why, len))
		return -1;
	for (size_t i = 0; i < in[0].n; i++) {
		double v = in[0].type == PRAM_INT ? (double)in[0].vals[i].i : in[0].vals[i].f;
		if (fabs(v) > 2147483648.0) {
			snprintf(
			    why, len,
			    "image[%zu] is %g: the 2^16 fixed point of the atomics takes values "
			    "within +-2^31",
			    i, v);
			return -1;
		}
	}
	return 0;
}

static int sb_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in[0].w, h = in[0].h;
	char why[160];
	if (check(in, why, sizeof why)) {
		pram_fail(m, PRAM_EINVAL, "%s", why);
		return 0;
	}
	if (w == 0 || h == 0)
		return 0;
	pram_type t = in[0].type;
	pram_array *img = prog_load(m, "T", &in[0], in[0].n, NULL);
	pram_array *rad = in[1].n ? prog_load(m, "radius", &in[1], in[1].n, NULL) : NULL;
	pram_array *acc = pram_array_new(m, "scatter", w * h, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", w * h, PRAM_FLOAT);
	if (!img || !acc || !y || (in[1].n && !rad))
		return 0;
	PRAM_STEP(m, "clear the scatter image") {
		PRAM_FORALL(m, i, 0, (int64_t)(w * h)) {
			pram_write(m, acc, i, 0);
		}
	}
	/* The radius, the value and four atomic adds (a read and a write
	 * each): ten accesses, by design. */
	PRAM_STEP_K(m, "scatter: q = value / area to the box's corners, atomic adds", 10) {
		PRAM_FORALL(m, i, 0, (int64_t)(w * h)) {
			int64_t r = rad ? pram_read(m, rad, i) : p->v[SAT_P_RADIUS];
			size_t x0, y0, x1, y1;
			sat_clip_box(w, h, (size_t)i, r, &x0, &y0, &x1, &y1);
			int64_t q = share(t, pram_read_v(m, img, i),
					  (int64_t)((x1 - x0 + 1) * (y1 - y0 + 1)));
			pram_fetch_add(m, acc, (int64_t)(y0 * w + x0), q);
			if (x1 + 1 < w)
				pram_fetch_add(m, acc, (int64_t)(y0 * w + x1 + 1), -q);
			if (y1 + 1 < h)
				pram_fetch_add(m, acc, (int64_t)((y1 + 1) * w + x0), -q);
			if (x1 + 1 < w && y1 + 1 < h)
				pram_fetch_add(m, acc, (int64_t)((y1 + 1) * w + x1 + 1), q);
		}
	}
	pram_array *s = sat_program(m, acc, w, h, SAT_PLAIN, 0);
	if (!s)
		return 0;
	PRAM_STEP(m, "y = S / 2^16, rounded to float32") {
		PRAM_FORALL(m, i, 0, (int64_t)(w * h)) {
			pram_value v = {.f = to_float(pram_read(m, s, i))};
			pram_write_v(m, y, i, v);
		}
	}
	prog_store(y, out);
	return 0;
}

static void sb_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in[0].w, h = in[0].h;
	char why[160];
	if (w == 0 || h == 0 || check(in, why, sizeof why))
		return;
	int64_t *a = calloc(w * h, sizeof *a);
	if (!a)
		return;
	for (size_t i = 0; i < w * h; i++) {
		int64_t r = in[1].n ? in[1].vals[i].i : p->v[SAT_P_RADIUS];
		size_t x0, y0, x1, y1;
		sat_clip_box(w, h, i, r, &x0, &y0, &x1, &y1);
		int64_t q =
		    share(in[0].type, in[0].vals[i], (int64_t)((x1 - x0 + 1) * (y1 - y0 + 1)));
		a[y0 * w + x0] += q;
		if (x1 + 1 < w)
			a[y0 * w + x1 + 1] -= q;
		if (y1 + 1 < h)
			a[(y1 + 1) * w + x0] -= q;
		if (x1 + 1 < w && y1 + 1 < h)
			a[(y1 + 1) * w + x1 + 1] += q;
	}
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++) {
			size_t i = y * w + x;
			a[i] +=
			    (x ? a[i - 1] : 0) + (y ? a[i - w] : 0) - (x && y ? a[i - w - 1] : 0);
			out->vals[i].f = to_float(a[i]);
		}
	free(a);
}

const algo algo_scatter_blur = {
    .name = "scatter-blur",
    .family = "image",
    .desc = "depth of field by scattering: value / area to each box's corners (atomics), then "
	    "the summed-area table",
    .model = PRAM_CRCW_COMMON,
    .caps = ALGO_FLOAT,
    .inputs = sat_radius_inputs,
    .outputs = sb_outputs,
    .params = sat_radius_params,
    .work_o = "O(wh)",
    .depth_o = "O(log w + log h)",
    .work_exact = "3 wh + W_sat (clear, scatter, the table, divide)",
    .depth_exact = "3 + D_sat",
    .cost = sb_cost,
    .cost_in = sb_cost_in,
    .generate = sat_depth_of_field,
    .simulate = sb_simulate,
    .reference = sb_reference,
};
