/*
 * haar.c - Haar features, the notes' application of the summed-area table
 * to face detection (Viola-Jones): "2, 3, or 4 rectangles placed next to
 * each other", the feature value "pixel-sum(white rectangle(s)) -
 * pixel-sum(black rectangle(s))", in "constant time per feature
 * extraction" from the table.
 *
 * For every position of an s by s window (--window s) in the w by h image,
 * the window's left column x and top row y, three features of the whole
 * window, with a = floor(s / 2) and t = floor(s / 3):
 *
 *   two    the left a columns (white) minus the next a (black): an edge
 *   three  the middle t columns (white) minus the t on either side (black):
 *          a line, the notes' "nose bridge brighter than the eyes"
 *   four   the top-left and bottom-right a by a squares (white) minus the
 *          other two (black): a diagonal
 *
 * (columns or rows of the window past 2a or 3t are in none of the
 * rectangles). Each rectangle's sum is S(x1, y1) - S(x0 - 1, y1) -
 * S(x1, y0 - 1) + S(x0 - 1, y0 - 1); rectangles side by side share corners,
 * so a two-rectangle feature reads 6 cells of S, a three-rectangle 8, a
 * four-rectangle 9: a constant, whatever s. The outputs hold one value per
 * window position, row by row over the (w - s + 1) x (h - s + 1) positions
 * (none when the window does not fit).
 *
 * The program is sat's (packed, plain table), then one step per feature, P
 * processors each, P the positions: W = W_sat + 3P, D = D_sat + 3 (D_sat
 * alone when the window does not fit: no feature steps). The
 * trace shows the constant cost per feature: 6P, 8P and 9P reads in the
 * three steps. Neighbouring windows read the same cells: CREW.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "sat.h"

enum {
	P_WINDOW
};

static const algo_param haar_params[] = {
    [P_WINDOW] = {.name = "window",
		  .metavar = "S",
		  .min = 3,
		  .max = 1 << 16,
		  .def = 8,
		  .help = "the side of the square window the features cover (the notes' detector "
			  "uses 24)"},
    {0},
};

static const algo_port haar_inputs[] = {
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "the image, w by h"},
    {0},
};
static const algo_port haar_outputs[] = {
    {.name = "two",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "left half minus right half, per window position"},
    {.name = "three",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "middle third minus the outer thirds, per window position"},
    {.name = "four",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "diagonal squares minus the other two, per window position"},
    {0},
};

/* Window positions along a side of n pixels. */
static size_t fits(size_t n, int64_t s)
{
	return n >= (size_t)s ? n - (size_t)s + 1 : 0;
}

static size_t haar_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)port;
	return fits(in->w, p->v[P_WINDOW]) * fits(in->h, p->v[P_WINDOW]);
}

static int haar_cost_grid(size_t w, size_t h, const algo_params *p, uint64_t *wk, uint64_t *d)
{
	sat_program_cost(w, h, SAT_PLAIN, 0, wk, d);
	uint64_t np = (uint64_t)fits(w, p->v[P_WINDOW]) * fits(h, p->v[P_WINDOW]);
	if (np) { /* no feature steps when the window does not fit */
		*wk += 3 * np;
		*d += 3;
	}
	return 0;
}

static int haar_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	size_t s = sat_side(n);
	return haar_cost_grid(s, s, p, w, d);
}

/* The cost of a run on the image in itself, w by h. */
static int haar_cost_in(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	return haar_cost_grid(in->w, in->h, p, w, d);
}

static int haar_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	size_t s = sat_side(n);
	return sat_scene(in, s, s, p->type, seed);
}

/* The rectangles of feature f (0 two, 1 three, 2 four) of the window at
 * (x, y): up to four, each x0, y0, x1, y1 inclusive, and its sign. Returns
 * how many. */
static int rects(int f, int64_t s, size_t x, size_t y, size_t r[4][4], int sign[4])
{
	size_t a = (size_t)s / 2, t = (size_t)s / 3;
	if (f == 0) {
		size_t rr[2][4] = {{x, y, x + a - 1, y + s - 1},
				   {x + a, y, x + 2 * a - 1, y + s - 1}};
		memcpy(r, rr, sizeof rr);
		sign[0] = 1;
		sign[1] = -1;
		return 2;
	}
	if (f == 1) {
		size_t rr[3][4] = {{x, y, x + t - 1, y + s - 1},
				   {x + t, y, x + 2 * t - 1, y + s - 1},
				   {x + 2 * t, y, x + 3 * t - 1, y + s - 1}};
		memcpy(r, rr, sizeof rr);
		sign[0] = -1;
		sign[1] = 1;
		sign[2] = -1;
		return 3;
	}
	size_t rr[4][4] = {{x, y, x + a - 1, y + a - 1},
			   {x + a, y + a, x + 2 * a - 1, y + 2 * a - 1},
			   {x + a, y, x + 2 * a - 1, y + a - 1},
			   {x, y + a, x + a - 1, y + 2 * a - 1}};
	memcpy(r, rr, sizeof rr);
	sign[0] = sign[1] = 1;
	sign[2] = sign[3] = -1;
	return 4;
}

static const char *const labels[] = {
    "two: S-sums of the left and right halves, 6 cells",
    "three: S-sums of the thirds, 8 cells",
    "four: S-sums of the four squares, 9 cells",
};

static int haar_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in->w, h = in->h;
	int64_t s = p->v[P_WINDOW];
	if (w == 0 || h == 0 || sat_check_bits(m, in))
		return 0;
	pram_type t = in->type;
	size_t pw = fits(w, s), np = pw * fits(h, s);
	pram_array *img = prog_load(m, "T", in, in->n, NULL);
	pram_array *tab = img ? sat_program(m, img, w, h, SAT_PLAIN, 0) : NULL;
	if (!tab)
		return 0;
	for (int f = 0; f < 3 && np; f++) {
		static const char *const names[] = {"two", "three", "four"};
		pram_array *y = pram_array_new(m, names[f], np ? np : 1, t);
		if (!y)
			return 0;
		/* Up to nine distinct corners of the table and the feature's
		 * write, by design (the four-square feature's corners). */
		PRAM_STEP_K(m, labels[f], 10) {
			PRAM_FORALL(m, i, 0, (int64_t)np) {
				size_t r[4][4];
				int sign[4];
				int nr = rects(f, s, (size_t)i % pw, (size_t)i / pw, r, sign);
				/* Each corner once, with its summed coefficient. */
				size_t cell[16];
				int coef[16], nc = 0;
				for (int k = 0; k < nr; k++) {
					size_t x0 = r[k][0], y0 = r[k][1], x1 = r[k][2],
					       y1 = r[k][3];
					int64_t cx[4] = {(int64_t)x1, (int64_t)x0 - 1, (int64_t)x1,
							 (int64_t)x0 - 1};
					int64_t cy[4] = {(int64_t)y1, (int64_t)y1, (int64_t)y0 - 1,
							 (int64_t)y0 - 1};
					int cs[4] = {1, -1, -1, 1};
					for (int q = 0; q < 4; q++) {
						if (cx[q] < 0 || cy[q] < 0)
							continue;
						size_t at = (size_t)cy[q] * w + (size_t)cx[q];
						int c = 0;
						while (c < nc && cell[c] != at)
							c++;
						if (c == nc) {
							cell[nc] = at;
							coef[nc++] = 0;
						}
						coef[c] += sign[k] * cs[q];
					}
				}
				pram_value v = prog_value(t, 0);
				for (int c = 0; c < nc; c++) {
					if (coef[c] == 0)
						continue;
					pram_value x = pram_read_v(m, tab, (int64_t)cell[c]);
					if (t == PRAM_INT)
						v.i += coef[c] * x.i;
					else
						v.f += coef[c] * x.f;
				}
				pram_write_v(m, y, i, v);
			}
		}
		prog_store(y, &out[f]);
	}
	return 0;
}

static void haar_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in->w, h = in->h;
	int64_t s = p->v[P_WINDOW];
	size_t pw = fits(w, s), np = pw * fits(h, s);
	if (np == 0)
		return;
	long double *S;
	int64_t *Si;
	if (sat_exact(in, &S, &Si))
		return;
	for (int f = 0; f < 3; f++)
		for (size_t i = 0; i < np; i++) {
			size_t r[4][4];
			int sign[4];
			int nr = rects(f, s, i % pw, i / pw, r, sign);
			long double v = 0;
			int64_t vi = 0;
			for (int k = 0; k < nr; k++) {
				size_t x0 = r[k][0], y0 = r[k][1], x1 = r[k][2], y1 = r[k][3];
#define AT(A, X, Y) ((A)[(Y)*w + (X)])
				long double a = AT(S, x1, y1) - (x0 ? AT(S, x0 - 1, y1) : 0) -
						(y0 ? AT(S, x1, y0 - 1) : 0) +
						(x0 && y0 ? AT(S, x0 - 1, y0 - 1) : 0);
				int64_t ai = AT(Si, x1, y1) - (x0 ? AT(Si, x0 - 1, y1) : 0) -
					     (y0 ? AT(Si, x1, y0 - 1) : 0) +
					     (x0 && y0 ? AT(Si, x0 - 1, y0 - 1) : 0);
#undef AT
				v += sign[k] * a;
				vi += sign[k] * ai;
			}
			if (in->type == PRAM_INT)
				out[f].vals[i].i = vi;
			else
				out[f].vals[i].f = (double)v;
		}
	free(S);
	free(Si);
}

const algo algo_haar = {
    .name = "haar",
    .family = "image",
    .desc = "two-, three- and four-rectangle Haar features of every window position, each in "
	    "constant time from the summed-area table",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT,
    .inputs = haar_inputs,
    .outputs = haar_outputs,
    .params = haar_params,
    .work_o = "O(wh)",
    .depth_o = "O(log w + log h)",
    .work_exact = "W_sat + 3P, P = (w - s + 1)(h - s + 1) window positions: P per feature kind, "
		  "6, 8 or 9 table reads each",
    .depth_exact = "D_sat + 3 (D_sat when the window does not fit)",
    .cost = haar_cost,
    .cost_in = haar_cost_in,
    .out_len = haar_out_len,
    .generate = haar_generate,
    .simulate = haar_simulate,
    .reference = haar_reference,
};
