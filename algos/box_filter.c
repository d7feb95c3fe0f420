/*
 * box_filter.c - the notes' first application of the summed-area table:
 * the box filter (blurring), "compute average inside a box (= rectangle)"
 * from four corners of the table, in constant time per pixel whatever the
 * box; with a box size per pixel from a second image, their depth of field
 * by gathering ("for each pixel in parallel: read depth, compute the circle
 * of confusion, determine size of box filter, compute average within box").
 *
 * Pixel (x, y) with radius r averages the box [x - r, x + r] x [y - r, y + r]
 * clipped to the image: sum / area, the sum from the table S as
 * S(x1, y1) - S(x0 - 1, y1) - S(x1, y0 - 1) + S(x0 - 1, y0 - 1). Integers
 * are rounded to the nearest (halves up). r is the pixel's value in the
 * input `radius` (a grid of the image's shape: the circle of confusion,
 * computed from depth however the renderer likes) or, without one, --radius
 * for every pixel. The generator makes a depth of field: radius 0 on the
 * middle row (in focus), growing to --radius at the top and bottom.
 *
 * The program is sat's (packed, plain table) and one step of w h
 * processors, each reading its radius and up to four cells of S: many read
 * one cell (CREW). So W = W_sat + w h, D = D_sat + 1. The notes' caveats
 * hold: the gather lets a sharp pixel's box pull in blurred neighbours
 * (colour bleeding) and keeps blurred objects' silhouettes sharp;
 * scatter-blur is their remedy.
 */
#include <stdlib.h>

#include "common.h"
#include "sat.h"

static const algo_port bf_outputs[] = {
    {.name = "y", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "the filtered image"},
    {0},
};

static int bf_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	size_t s = sat_side(n);
	sat_filter_cost(s, s, 1, w, d);
	return 0;
}

/* The cost of a run on the image in itself, w by h. */
static int bf_cost_in(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	sat_filter_cost(in->w, in->h, 1, w, d);
	return 0;
}

static pram_value sub(pram_type t, pram_value a, pram_value b)
{
	if (t == PRAM_INT)
		a.i -= b.i;
	else
		a.f -= b.f;
	return a;
}

static pram_value add(pram_type t, pram_value a, pram_value b)
{
	if (t == PRAM_INT)
		a.i += b.i;
	else
		a.f += b.f;
	return a;
}

/* The average from a box sum. */
static pram_value average(pram_type t, pram_value sum, int64_t area)
{
	if (t == PRAM_INT)
		sum.i = sat_floor_div(2 * sum.i + area, 2 * area);
	else
		sum.f /= (double)area;
	return sum;
}

static int bf_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in[0].w, h = in[0].h;
	char why[160];
	if (sat_check_radius(in, why, sizeof why)) {
		pram_fail(m, PRAM_EINVAL, "%s", why);
		return 0;
	}
	if (w == 0 || h == 0 || sat_check_bits(m, &in[0]))
		return 0;
	pram_type t = in[0].type;
	pram_array *img = prog_load(m, "T", &in[0], in[0].n, NULL);
	pram_array *rad = in[1].n ? prog_load(m, "radius", &in[1], in[1].n, NULL) : NULL;
	pram_array *s = img ? sat_program(m, img, w, h, SAT_PLAIN, 0) : NULL;
	pram_array *y = pram_array_new(m, "y", w * h, t);
	if (!s || !y || (in[1].n && !rad))
		return 0;
	PRAM_STEP(m, "gather: y = (S(x1,y1) - S(x0-1,y1) - S(x1,y0-1) + S(x0-1,y0-1)) / area") {
		PRAM_FORALL(m, i, 0, (int64_t)(w * h)) {
			int64_t r = rad ? pram_read(m, rad, i) : p->v[SAT_P_RADIUS];
			size_t x0, y0, x1, y1;
			sat_clip_box(w, h, (size_t)i, r, &x0, &y0, &x1, &y1);
			pram_value v = pram_read_v(m, s, (int64_t)(y1 * w + x1));
			if (x0)
				v = sub(t, v, pram_read_v(m, s, (int64_t)(y1 * w + x0 - 1)));
			if (y0)
				v = sub(t, v, pram_read_v(m, s, (int64_t)((y0 - 1) * w + x1)));
			if (x0 && y0)
				v = add(t, v, pram_read_v(m, s, (int64_t)((y0 - 1) * w + x0 - 1)));
			pram_write_v(m, y, i,
				     average(t, v, (int64_t)((x1 - x0 + 1) * (y1 - y0 + 1))));
		}
	}
	prog_store(y, out);
	return 0;
}

/* The reference: the same averages from a table summed exactly (integers)
 * or in long double. */
static void bf_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in[0].w, h = in[0].h;
	char why[160];
	if (w == 0 || h == 0 || sat_check_radius(in, why, sizeof why))
		return;
	long double *s;
	int64_t *si;
	if (sat_exact(&in[0], &s, &si))
		return;
	for (size_t i = 0; i < w * h; i++) {
		int64_t r = in[1].n ? in[1].vals[i].i : p->v[SAT_P_RADIUS];
		size_t x0, y0, x1, y1;
		sat_clip_box(w, h, i, r, &x0, &y0, &x1, &y1);
		int64_t area = (int64_t)((x1 - x0 + 1) * (y1 - y0 + 1));
		long double a = s[y1 * w + x1] - (x0 ? s[y1 * w + x0 - 1] : 0) -
				(y0 ? s[(y0 - 1) * w + x1] : 0) +
				(x0 && y0 ? s[(y0 - 1) * w + x0 - 1] : 0);
		int64_t ai = si[y1 * w + x1] - (x0 ? si[y1 * w + x0 - 1] : 0) -
			     (y0 ? si[(y0 - 1) * w + x1] : 0) +
			     (x0 && y0 ? si[(y0 - 1) * w + x0 - 1] : 0);
		if (in[0].type == PRAM_INT)
			out->vals[i].i = sat_floor_div(2 * ai + area, 2 * area);
		else
			out->vals[i].f = (double)(a / (long double)area);
	}
	free(s);
	free(si);
}

const algo algo_box_filter = {
    .name = "box-filter",
    .family = "image",
    .desc = "box filter from the summed-area table; a radius per pixel gives depth of field",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT,
    .inputs = sat_radius_inputs,
    .outputs = bf_outputs,
    .params = sat_radius_params,
    .work_o = "O(wh)",
    .depth_o = "O(log w + log h)",
    .work_exact = "W_sat + wh (sat's packed plain table, then one gather)",
    .depth_exact = "D_sat + 1",
    .cost = bf_cost,
    .cost_in = bf_cost_in,
    .generate = sat_depth_of_field,
    .simulate = bf_simulate,
    .reference = bf_reference,
};
