/*
 * sat.c - the summed-area table (integral image) of a w by h grid: the
 * notes' S(i, j) = the sum of T over the rectangle from (0, 0) to (i, j),
 * inclusive, computed by row scans and then column scans, and the notes'
 * two precision techniques as --table (--variant names the kernels in pram gpu).
 *
 * The table is computed in a padded layout: every row of W = 2^ceil(log2 w)
 * cells, every column of H = 2^ceil(log2 h) (zeros in the padding, part of
 * the layout as scan-matrix's last tile). A row pass scans the h rows, a
 * column pass the w columns, each a Blelloch scan (up-sweep, clear the root,
 * down-sweep, then add the element for the inclusive scan) of segments of
 * Ls cells along a row (Lt down a column):
 *
 *   copy in   h W processors: t = the laid-out image (minus the mean)
 *   up-sweep  ls = log2 Ls steps, h W / 2^k processors in step k
 *   root      h W / Ls processors clear each segment's last cell
 *   down      ls steps as the up-sweep
 *   inclusive h W processors: u = t + the laid-out image
 *
 * so W_rows = h (4W - W / Ls), D_rows = 2 ls + 3, and the column pass the
 * same with w, H, Lt. A last step copies the w h results out of the layout.
 *
 * --form packed (the default) is the notes' better solution: "pack all rows
 * into one linear array of size N, do a 1-D prefix sum, but stop after the
 * first log w levels": each step works on every row at once, and since rows
 * are padded to a power of two, the up-sweep of the packed array stopped
 * after log2 W levels never crosses a row (a special case of the segmented
 * scan). --form launches is the notes' first algorithm, "h prefix sums
 * horizontally (one per kernel launch), then w vertically": the same steps,
 * one row (column) at a time, so the work is the same and the depth is
 * h D_row + w D_col, the notes' d w^(d-1) log w.
 *
 * --table plain: S as defined; Ls = W, Lt = H.
 * --table offset: the notes' "signed offset": first the mean t of T (a
 *   reduction: P = 2^ceil(log2 wh) processors copy, then P - 1 adds in
 *   log2 P steps), then the table of T - t; S'(i, j) = S(i, j) - (i+1)(j+1) t
 *   and S'(w-1, h-1) = 0 up to rounding. With integers, t = floor(sum / wh)
 *   (exact, but then S' at the corner is sum - wh t, not 0). Every cell's
 *   copy-in needs the mean: one processor divides, then doubling steps
 *   copy it to M = 2^ceil(log2 (h W)) cells (M work, 1 + log2 M steps),
 *   so that each processor reads its own copy and the program stays EREW.
 * --table quadrant: the notes' four tables: the image is cut into
 *   quadrants (the left ceil(w/2) columns and the rest, the top ceil(h/2)
 *   rows and the rest) and each quadrant's table is summed from the image
 *   corner in it toward the centre, so that each holds a quarter of the
 *   pixels. In the layout the right half of each row is mirrored into a
 *   second segment (Ls = W/2, W = 2 * 2^ceil(log2 ceil(w/2))) and likewise
 *   the lower half of each column: the same scans, one level shorter.
 *   Output cell (i, j) holds the table of its own quadrant there.
 *
 * Altogether, for w, h >= 1 (packed; launches has the same W):
 *
 *   W = h (4W - W/Ls) + w (4H - H/Lt) + w h  [+ 2P - 1 + M offset]
 *   D = 2 (ls + lt) + 7                      [+ 2 + log2 P + log2 M offset]
 *   D_launches = h (2 ls + 3) + w (2 lt + 3) + 1 [+ the same]
 *
 * Every step is EREW: each processor reads and writes cells of its own.
 *
 * The notes' bits-needed rule: with b-bit samples S(w, h) needs up to
 * log w + log h + b bits (a 1024 x 1024 image of bytes: 28); the program
 * refuses an integer image whose rule exceeds the 63 bits of the
 * simulator's signed integers (the kernels, with 32-bit ones, check 31).
 *
 * The notes print their 4 by 4 example with row 1 at the bottom; a grid here
 * is read top row first, so the case file lists the rows bottom-up.
 */
#include <math.h>
#include <stdlib.h>

#include "common.h"
#include "sat.h"

const char *const sat_variants[] = {"plain", "offset", "quadrant", NULL};
static const char *const sat_forms[] = {"packed", "launches", NULL};

enum {
	P_VARIANT,
	P_FORM,
	P_STRIP_ROWS,
	P_TILE_COLS
};

static const algo_param sat_params[] = {
    [P_VARIANT] = {.name = "table",
		   .metavar = "V",
		   .min = 0,
		   .max = SAT_NVARIANTS - 1,
		   .def = SAT_PLAIN,
		   .choices = sat_variants,
		   .help = "plain, offset (subtract the mean) or quadrant (four tables from the "
			   "corners): the notes' precision techniques"},
    [P_FORM] = {.name = "form",
		.metavar = "F",
		.min = 0,
		.max = 1,
		.def = 0,
		.choices = sat_forms,
		.help = "packed (every row in one scan stopped after log w levels) or launches "
			"(one row, then one column, at a time)"},
    [P_STRIP_ROWS] = {.name = "strip-rows",
		      .metavar = "R",
		      .min = 1,
		      .max = 64,
		      .def = 64,
		      .help = "tuned kernels only: rows of a work-group's tile, and of a strip "
			      "of tiles (the elements of a column each work-item sums)"},
    [P_TILE_COLS] = {.name = "tile-cols",
		     .metavar = "C",
		     .min = 1,
		     .max = 4096,
		     .def = 128,
		     .props = ALGO_PARAM_POW2,
		     .help = "tuned kernels only: columns of a work-group's tile (the group "
			     "takes up to C work-items, one a column; unless given, halved "
			     "until the tile fits the device's local memory)"},
    {0},
};

static const algo_port sat_inputs[] = {
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "the image T, w by h"},
    {0},
};
static const algo_port sat_outputs[] = {
    {.name = "S", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "the summed-area table"},
    {0},
};

/* The padded layout of a w by h image under variant v. */
typedef struct layout {
	size_t w, h;
	size_t W, H;   /* padded row and column lengths */
	size_t Ls, Lt; /* segment lengths along a row and down a column */
	size_t wl, hl; /* quadrant: the left columns and the top rows */
	int quad;
} layout;

static layout make_layout(size_t w, size_t h, int v)
{
	layout l = {.w = w, .h = h, .quad = v == SAT_QUADRANT};
	if (l.quad) {
		l.wl = (w + 1) / 2;
		l.hl = (h + 1) / 2;
		l.Ls = algo_next_pow2(l.wl);
		l.Lt = algo_next_pow2(l.hl);
		l.W = 2 * l.Ls;
		l.H = 2 * l.Lt;
	} else {
		l.wl = w;
		l.hl = h;
		l.W = l.Ls = algo_next_pow2(w);
		l.H = l.Lt = algo_next_pow2(h);
	}
	return l;
}

/* Where column c (row r) of the image lies in the layout, and back (-1: a
 * padding cell). */
static size_t col_pos(const layout *l, size_t c)
{
	return c < l->wl ? c : l->Ls + (l->w - 1 - c);
}
static size_t row_pos(const layout *l, size_t r)
{
	return r < l->hl ? r : l->Lt + (l->h - 1 - r);
}
static int64_t col_of(const layout *l, size_t p)
{
	if (p < l->Ls)
		return p < l->wl ? (int64_t)p : -1;
	size_t q = p - l->Ls;
	return l->quad && q < l->w - l->wl ? (int64_t)(l->w - 1 - q) : -1;
}
static int64_t row_of(const layout *l, size_t p)
{
	if (p < l->Lt)
		return p < l->hl ? (int64_t)p : -1;
	size_t q = p - l->Lt;
	return l->quad && q < l->h - l->hl ? (int64_t)(l->h - 1 - q) : -1;
}

static int sat_cost_grid(size_t w, size_t h, const algo_params *p, uint64_t *wk, uint64_t *d)
{
	sat_program_cost(w, h, (int)p->v[P_VARIANT], p->v[P_FORM] == 1, wk, d);
	return 0;
}

void sat_program_cost(size_t w, size_t h, int v, int launches, uint64_t *wk, uint64_t *d)
{
	*wk = *d = 0;
	if (w == 0 || h == 0)
		return;
	layout l = make_layout(w, h, v);
	uint64_t ls = algo_ceil_log2(l.Ls), lt = algo_ceil_log2(l.Lt);
	*wk = h * (4 * l.W - l.W / l.Ls) + w * (4 * l.H - l.H / l.Lt) + (uint64_t)w * h;
	*d = launches ? h * (2 * ls + 3) + w * (2 * lt + 3) + 1 : 2 * (ls + lt) + 7;
	if (v == SAT_OFFSET) {
		uint64_t pp = algo_next_pow2(w * h), mm = algo_next_pow2(h * l.W);
		*wk += 2 * pp - 1 + mm;
		*d += 2 + algo_ceil_log2(pp) + algo_ceil_log2(mm);
	}
}

/* For callers that know only n: the default generator's square grid. */
static int sat_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	size_t s = sat_side(n);
	return sat_cost_grid(s, s, p, w, d);
}

/* The cost of a run on the image in itself, w by h. */
static int sat_cost_in(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	return sat_cost_grid(in->w, in->h, p, w, d);
}

unsigned sat_bits_needed(size_t w, size_t h, unsigned b, int sign)
{
	return algo_ceil_log2(w) + algo_ceil_log2(h) + b + (sign != 0);
}

/* The bits of the largest |value| of in (integers). */
static unsigned sample_bits(const algo_data *in)
{
	uint64_t mx = 0;
	for (size_t i = 0; i < in->n; i++) {
		int64_t v = in->vals[i].i;
		uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
		if (a > mx)
			mx = a;
	}
	unsigned b = 0;
	while (b < 64 && (mx >> b) != 0)
		b++;
	return b;
}

int sat_check_bits(pram *m, const algo_data *in)
{
	if (in->type != PRAM_INT)
		return 0;
	unsigned b = sample_bits(in);
	if (sat_bits_needed(in->w, in->h, b, 1) <= 64)
		return 0;
	pram_fail(m, PRAM_EINVAL,
		  "a %zu by %zu table of %u-bit samples needs log w + log h + b = %u bits and a "
		  "sign (the notes' rule): more than the simulator's 64-bit integers",
		  in->w, in->h, b, sat_bits_needed(in->w, in->h, b, 0));
	return -1;
}

/* One pass of Blelloch scans over segments of len cells: nseg lines (rows or
 * columns) from line lo to hi, each of `across` cells; cell q of line k is
 * at base(k) + q stride. */
typedef struct pass {
	pram_array *t;     /* the scanned array */
	size_t across;     /* cells of a line in the layout (W or H) */
	size_t seg;        /* segment length (Ls or Lt) */
	size_t stride;     /* between cells of a line: 1 (rows) or W (columns) */
	const size_t *pos; /* layout index of each line's first cell */
} pass;

static void blelloch_lines(pram *m, const pass *ps, size_t lo, size_t hi)
{
	size_t lines = hi - lo, A = ps->across, st = ps->stride;
	pram_type ty = pram_array_type(ps->t);
	int row = st == 1;
	for (size_t s = 2; s <= ps->seg; s *= 2) {
		PRAM_STEP(m, row ? "rows: up-sweep, t[i] += t[i - d]"
				 : "columns: up-sweep, t[i] += t[i - d W]") {
			PRAM_FORALL(m, id, 0, (int64_t)(lines * (A / s))) {
				size_t k = lo + (size_t)id / (A / s), i = (size_t)id % (A / s);
				int64_t at = (int64_t)(ps->pos[k] + (i * s + s - 1) * st);
				int64_t left = at - (int64_t)(s / 2 * st);
				pram_write_v(m, ps->t, at,
					     pram_op_apply_v(PRAM_OP_SUM, ty,
							     pram_read_v(m, ps->t, at),
							     pram_read_v(m, ps->t, left)));
			}
		}
	}
	PRAM_STEP(m,
		  row ? "rows: clear each segment's root" : "columns: clear each segment's root") {
		PRAM_FORALL(m, id, 0, (int64_t)(lines * (A / ps->seg))) {
			size_t k = lo + (size_t)id / (A / ps->seg), g = (size_t)id % (A / ps->seg);
			pram_write_v(m, ps->t,
				     (int64_t)(ps->pos[k] + (g * ps->seg + ps->seg - 1) * st),
				     prog_value(ty, 0));
		}
	}
	for (size_t s = ps->seg; s >= 2; s /= 2) {
		PRAM_STEP(m, row ? "rows: down-sweep, swap and add at distance d"
				 : "columns: down-sweep, swap and add at distance d W") {
			PRAM_FORALL(m, id, 0, (int64_t)(lines * (A / s))) {
				size_t k = lo + (size_t)id / (A / s), i = (size_t)id % (A / s);
				int64_t at = (int64_t)(ps->pos[k] + (i * s + s - 1) * st);
				int64_t left = at - (int64_t)(s / 2 * st);
				pram_value a = pram_read_v(m, ps->t, left),
					   b = pram_read_v(m, ps->t, at);
				pram_write_v(m, ps->t, left, b);
				pram_write_v(m, ps->t, at, pram_op_apply_v(PRAM_OP_SUM, ty, a, b));
			}
		}
	}
}

/* The value of laid-out cell (layout row lr, layout column lc) of the
 * image minus the mean, or 0 in the padding. */
static pram_value laid(pram *m, pram_array *img, const layout *l, size_t lr, size_t lc,
		       pram_value mean)
{
	pram_type ty = pram_array_type(img);
	int64_t r = row_of(l, lr), c = col_of(l, lc);
	if (r < 0 || c < 0)
		return prog_value(ty, 0);
	pram_value v = pram_read_v(m, img, r * (int64_t)l->w + c);
	if (ty == PRAM_INT)
		v.i -= mean.i;
	else
		v.f -= mean.f;
	return v;
}

int64_t sat_floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

pram_array *sat_program(pram *m, pram_array *img, size_t w, size_t h, int v, int launches)
{
	pram_type ty = pram_array_type(img);
	pram_array *y = NULL;
	layout l = make_layout(w, h, v);
	size_t cells = l.W * l.H;
	size_t *rpos = malloc((h + w) * sizeof *rpos);
	if (!rpos) {
		pram_fail(m, PRAM_ENOMEM, "out of memory for the layout of %zu by %zu", w, h);
		return NULL;
	}
	size_t *cpos = rpos + h;
	for (size_t r = 0; r < h; r++)
		rpos[r] = row_pos(&l, r) * l.W;
	for (size_t c = 0; c < w; c++)
		cpos[c] = col_pos(&l, c);
	pram_array *t = pram_array_new(m, "t", cells, ty);
	pram_array *u = pram_array_new(m, "u", cells, ty);
	pram_array *s = pram_array_new(m, "S", cells, ty);
	pram_value mean = prog_value(ty, 0);
	if (!t || !u || !s)
		goto done;
	pram_array *mb = NULL; /* offset: the mean, one copy for each laid-out cell */
	if (v == SAT_OFFSET) {
		size_t pp = algo_next_pow2(w * h);
		pram_array *red = pram_array_new(m, "sum", pp, ty);
		if (!red)
			goto done;
		PRAM_STEP(m, "offset: copy the image for its sum (zeros pad)") {
			PRAM_FORALL(m, i, 0, (int64_t)pp) {
				pram_write_v(m, red, i,
					     (size_t)i < w * h ? pram_read_v(m, img, i)
							       : prog_value(ty, 0));
			}
		}
		for (size_t st = 2; st <= pp; st *= 2) {
			PRAM_STEP(m, "offset: sum tree, sum[i] += sum[i - d]") {
				PRAM_FORALL(m, j, 0, (int64_t)(pp / st)) {
					int64_t at = j * (int64_t)st + (int64_t)st - 1;
					pram_write_v(
					    m, red, at,
					    pram_op_apply_v(
						PRAM_OP_SUM, ty, pram_read_v(m, red, at),
						pram_read_v(m, red, at - (int64_t)st / 2)));
				}
			}
		}
		size_t mm = algo_next_pow2(h * l.W);
		mb = pram_array_new(m, "mean", mm, ty);
		if (!mb)
			goto done;
		PRAM_STEP(m, "offset: mean[0] = sum[P - 1] / wh") {
			PRAM_FORALL(m, i, 0, 1) {
				pram_value total = pram_read_v(m, red, (int64_t)pp - 1);
				if (ty == PRAM_INT)
					total.i = sat_floor_div(total.i, (int64_t)(w * h));
				else
					total.f /= (double)(w * h);
				pram_write_v(m, mb, 0, total);
			}
		}
		/* Doubling, so that no cell is read twice in a step (EREW). */
		for (size_t d = 1; d < mm; d *= 2) {
			PRAM_STEP(m, "offset: broadcast the mean, mean[i + d] = mean[i]") {
				PRAM_FORALL(m, i, 0, (int64_t)d) {
					pram_write_v(m, mb, i + (int64_t)d, pram_read_v(m, mb, i));
				}
			}
		}
		mean = pram_array_get_v(mb, 0);
	}
	pass rows = {.t = t, .across = l.W, .seg = l.Ls, .stride = 1, .pos = rpos};
	/* launches: every row's steps after the one before; the copy-in and the
	 * inclusive add belong to each launch too. */
	for (size_t r0 = 0; r0 < h; r0 = launches ? r0 + 1 : h) {
		size_t r1 = launches ? r0 + 1 : h;
		PRAM_STEP(m, mb ? "rows: copy in T - mean[i], zeros pad"
				: "rows: copy the image into the layout, zeros pad") {
			PRAM_FORALL(m, id, 0, (int64_t)((r1 - r0) * l.W)) {
				size_t r = r0 + (size_t)id / l.W, j = (size_t)id % l.W;
				if (mb) /* the value laid() subtracts */
					(void)pram_read_v(m, mb, (int64_t)(r * l.W + j));
				pram_write_v(m, t, (int64_t)(rpos[r] + j),
					     laid(m, img, &l, rpos[r] / l.W, j, mean));
			}
		}
		blelloch_lines(m, &rows, r0, r1);
		PRAM_STEP(m, "rows: inclusive, u = t + T") {
			PRAM_FORALL(m, id, 0, (int64_t)((r1 - r0) * l.W)) {
				size_t r = r0 + (size_t)id / l.W, j = (size_t)id % l.W;
				int64_t at = (int64_t)(rpos[r] + j);
				if (mb)
					(void)pram_read_v(m, mb, (int64_t)(r * l.W + j));
				pram_write_v(
				    m, u, at,
				    pram_op_apply_v(PRAM_OP_SUM, ty, pram_read_v(m, t, at),
						    laid(m, img, &l, rpos[r] / l.W, j, mean)));
			}
		}
	}
	pass cols = {.t = t, .across = l.H, .seg = l.Lt, .stride = l.W, .pos = cpos};
	for (size_t c0 = 0; c0 < w; c0 = launches ? c0 + 1 : w) {
		size_t c1 = launches ? c0 + 1 : w;
		PRAM_STEP(m, "columns: copy in the row sums, zeros pad") {
			PRAM_FORALL(m, id, 0, (int64_t)((c1 - c0) * l.H)) {
				size_t c = c0 + (size_t)id / l.H, j = (size_t)id % l.H;
				int64_t at = (int64_t)(j * l.W + cpos[c]);
				pram_write_v(m, t, at,
					     row_of(&l, j) < 0 ? prog_value(ty, 0)
							       : pram_read_v(m, u, at));
			}
		}
		blelloch_lines(m, &cols, c0, c1);
		PRAM_STEP(m, "columns: inclusive, S = t + u") {
			PRAM_FORALL(m, id, 0, (int64_t)((c1 - c0) * l.H)) {
				size_t c = c0 + (size_t)id / l.H, j = (size_t)id % l.H;
				int64_t at = (int64_t)(j * l.W + cpos[c]);
				pram_value x =
				    row_of(&l, j) < 0 ? prog_value(ty, 0) : pram_read_v(m, u, at);
				pram_write_v(
				    m, s, at,
				    pram_op_apply_v(PRAM_OP_SUM, ty, pram_read_v(m, t, at), x));
			}
		}
	}
	y = pram_array_new(m, "y", w * h, ty);
	if (!y)
		goto done;
	PRAM_STEP(m, "copy the table out of the layout") {
		PRAM_FORALL(m, id, 0, (int64_t)(w * h)) {
			size_t r = (size_t)id / w, c = (size_t)id % w;
			pram_write_v(m, y, id, pram_read_v(m, s, (int64_t)(rpos[r] + cpos[c])));
		}
	}
done:
	free(rpos);
	return y;
}

static int sat_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in->w, h = in->h;
	if (w == 0 || h == 0 || sat_check_bits(m, in))
		return 0;
	pram_array *img = prog_load(m, "T", in, in->n, NULL);
	pram_array *y =
	    img ? sat_program(m, img, w, h, (int)p->v[P_VARIANT], p->v[P_FORM] == 1) : NULL;
	if (y)
		prog_store(y, out);
	return 0;
}

int sat_scene(algo_data *d, size_t w, size_t h, pram_type t, uint64_t seed)
{
	if (algo_grid_alloc(d, w, h, t))
		return -1;
	uint64_t st = seed;
	/* A few hills of random height, place and width under a sky. */
	double hx[4], hh[4], hw[4];
	for (int k = 0; k < 4; k++) {
		hx[k] = (double)(algo_rand(&st) % 1000) / 1000;
		hh[k] = 0.15 + (double)(algo_rand(&st) % 1000) / 4000;
		hw[k] = 0.1 + (double)(algo_rand(&st) % 1000) / 3000;
	}
	double sx = 0.2 + (double)(algo_rand(&st) % 600) / 1000, sy = 0.15;
	/* The skyline is a function of the column alone, worked out once a
	 * column rather than once a pixel (four exp each): a scene of 2^26
	 * pixels took 4.0 s so, 1.5 s now. The same sums, the same scene. */
	double *skyline = malloc((w ? w : 1) * sizeof *skyline);
	if (!skyline) {
		algo_data_free(d);
		return -1;
	}
	for (size_t x = 0; x < w; x++) {
		double u = (x + 0.5) / (double)w;
		double ground = 0.75;
		for (int k = 0; k < 4; k++)
			ground -= hh[k] * exp(-(u - hx[k]) * (u - hx[k]) / (hw[k] * hw[k]));
		skyline[x] = ground;
	}
	for (size_t y = 0; y < h; y++) {
		for (size_t x = 0; x < w; x++) {
			double u = (x + 0.5) / (double)w, v = (y + 0.5) / (double)h;
			double ground = skyline[x];
			double val;
			if (v < ground) {
				double dsun = sqrt((u - sx) * (u - sx) + (v - sy) * (v - sy));
				val = dsun < 0.06
					  ? 250
					  : 120 + 100 * v; /* sun, then a sky that darkens upward */
			} else {
				/* Grass: darker with depth, stripes of fields. */
				val = 90 - 50 * (v - ground) + 20 * sin(40 * u + 10 * v);
			}
			val += (double)(algo_rand(&st) % 17) - 8; /* sensor noise */
			int64_t iv = (int64_t)(val < 0 ? 0 : val > 255 ? 255 : val);
			if (t == PRAM_INT)
				d->vals[y * w + x].i = iv;
			else
				d->vals[y * w + x].f = (double)iv;
		}
	}
	free(skyline);
	return 0;
}

int sat_exact(const algo_data *img, long double **s, int64_t **si)
{
	size_t w = img->w, h = img->h;
	*s = malloc(w * h * sizeof **s);
	*si = malloc(w * h * sizeof **si);
	if (!*s || !*si) {
		free(*s);
		free(*si);
		*s = NULL;
		*si = NULL;
		return -1;
	}
	long double *S = *s;
	int64_t *Si = *si;
	int isint = img->type == PRAM_INT;
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++) {
			size_t i = y * w + x;
			long double v = isint ? (long double)img->vals[i].i : img->vals[i].f;
			int64_t vi = isint ? img->vals[i].i : 0;
			S[i] = v + (x ? S[i - 1] : 0) + (y ? S[i - w] : 0) -
			       (x && y ? S[i - w - 1] : 0);
			Si[i] = vi + (x ? Si[i - 1] : 0) + (y ? Si[i - w] : 0) -
				(x && y ? Si[i - w - 1] : 0);
		}
	return 0;
}

size_t sat_side(size_t n)
{
	size_t s = 0;
	while ((s + 1) * (s + 1) <= n)
		s++;
	return s;
}

const algo_param sat_radius_params[] = {
    [SAT_P_RADIUS] = {.name = "radius",
		      .metavar = "R",
		      .min = 0,
		      .max = 1 << 20,
		      .def = 2,
		      .help = "box radius (a box of 2R + 1 on a side) where no radius image is "
			      "given; the generated depth of field's largest"},
    {0},
};

const algo_port sat_radius_inputs[] = {
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "the image, w by h"},
    {.name = "radius",
     .shape = ALGO_GRID,
     .elem = ALGO_ELEM_INT,
     .props = ALGO_PORT_OPTIONAL,
     .help = "each pixel's box radius (w by h, >= 0); without it, --radius"},
    {0},
};

int sat_depth_of_field(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	size_t s = sat_side(n);
	int64_t radius = p->v[SAT_P_RADIUS];
	if (sat_scene(&in[0], s, s, p->type, seed) || algo_grid_alloc(&in[1], s, s, PRAM_INT))
		return -1;
	double half = s > 1 ? (double)(s - 1) / 2 : 1;
	for (size_t y = 0; y < s; y++)
		for (size_t x = 0; x < s; x++)
			in[1].vals[y * s + x].i =
			    (int64_t)((double)radius * fabs((double)y - half) / half + 0.5);
	return 0;
}

int sat_check_radius(const algo_data *in, char *why, size_t len)
{
	if (in[1].n == 0)
		return 0;
	if (in[1].w != in[0].w || in[1].h != in[0].h) {
		snprintf(why, len, "the radius image is %zu by %zu, the image %zu by %zu", in[1].w,
			 in[1].h, in[0].w, in[0].h);
		return -1;
	}
	for (size_t i = 0; i < in[1].n; i++)
		if (in[1].vals[i].i < 0) {
			snprintf(why, len, "radius[%zu] (row %zu, column %zu) is %lld: give >= 0",
				 i, i / in[1].w, i % in[1].w, (long long)in[1].vals[i].i);
			return -1;
		}
	return 0;
}

void sat_clip_box(size_t w, size_t h, size_t i, int64_t r, size_t *x0, size_t *y0, size_t *x1,
		  size_t *y1)
{
	int64_t x = (int64_t)(i % w), y = (int64_t)(i / w);
	*x0 = (size_t)(x - r < 0 ? 0 : x - r);
	*y0 = (size_t)(y - r < 0 ? 0 : y - r);
	*x1 = (size_t)(x + r >= (int64_t)w ? (int64_t)w - 1 : x + r);
	*y1 = (size_t)(y + r >= (int64_t)h ? (int64_t)h - 1 : y + r);
}

void sat_filter_cost(size_t w, size_t h, unsigned steps, uint64_t *wk, uint64_t *d)
{
	sat_program_cost(w, h, SAT_PLAIN, 0, wk, d);
	if (w && h) {
		*wk += steps * (uint64_t)w * h;
		*d += steps;
	}
}

static int sat_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	size_t s = sat_side(n);
	return sat_scene(in, s, s, p->type, seed);
}

/* Whether the reference may sum the float image in exactly in 64-bit
 * integers: every pixel a whole number (as every generated image's are)
 * and the table bounded well inside 2^63, n times the largest pixel below
 * 2^60 (a cell's sums reach 3 times its table entry). The long double
 * sums of such an image are exact as well, 64-bit significands holding
 * every whole number below 2^64: both give each cell the same exact sum,
 * rounded once to a double, so either gives the same table. */
static int whole_pixels(const algo_data *in)
{
	double most = 0;
	for (size_t i = 0; i < in->n; i++) {
		double x = in->vals[i].f;
		if (!(x == floor(x) && fabs(x) <= 0x1.0p31))
			return 0; /* not whole, or a NaN or an infinity */
		most = fabs(x) > most ? fabs(x) : most;
	}
	return (double)in->n * most < 0x1.0p60;
}

/* The reference, directly from the definitions: for each cell the sum over
 * its rectangle (of its quadrant, from that quadrant's corner), exactly in
 * 64-bit integers for integers and for floats that are whole numbers
 * (whole_pixels; not under --table offset, whose mean is a fraction), else
 * in long double, by running sums. One array of running sums, 8 bytes a
 * cell (16 in long double), where the integer and the long double sums
 * were both kept: at 2^26 cells the reference took 1.5 s so, 0.8 s now. */
static void sat_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t w = in->w, h = in->h, n = w * h;
	int v = (int)p->v[P_VARIANT];
	if (n == 0)
		return;
	int isint = in->type == PRAM_INT;
	int whole = isint || (v != SAT_OFFSET && whole_pixels(in));
	long double *acc = whole ? NULL : malloc(n * sizeof *acc);
	int64_t *iacc = whole ? malloc(n * sizeof *iacc) : NULL;
	if (!acc && !iacc)
		return;
	long double fmean = 0;
	int64_t imean = 0;
	if (v == SAT_OFFSET) {
		long double tot = 0;
		int64_t itot = 0;
		for (size_t i = 0; i < n; i++) {
			tot += isint ? (long double)in->vals[i].i : in->vals[i].f;
			itot += isint ? in->vals[i].i : 0;
		}
		fmean = tot / (long double)n;
		imean = isint ? sat_floor_div(itot, (int64_t)n) : 0;
	}
	/* Visit every quadrant from its outer corner: a cell's neighbours
	 * towards that corner are already done. */
	size_t wl = v == SAT_QUADRANT ? (w + 1) / 2 : w, hl = v == SAT_QUADRANT ? (h + 1) / 2 : h;
	for (int qy = 0; qy < 2; qy++) {
		for (int qx = 0; qx < 2; qx++) {
			size_t nr = qy ? h - hl : hl, nc = qx ? w - wl : wl;
			for (size_t a = 0; a < nr; a++) {
				for (size_t b = 0; b < nc; b++) {
					size_t r = qy ? h - 1 - a : a, c = qx ? w - 1 - b : b;
					size_t i = r * w + c;
					int64_t up = qy ? 1 : -1, left = qx ? 1 : -1;
					size_t iu = (size_t)((int64_t)i + up * (int64_t)w);
					size_t il = (size_t)((int64_t)i + left);
					size_t iul = (size_t)((int64_t)iu + left);
					int hu = a > 0, hlf = b > 0;
					if (whole) {
						int64_t xi = isint ? in->vals[i].i - imean
								   : (int64_t)in->vals[i].f;
						int64_t si = xi + (hu ? iacc[iu] : 0) +
							     (hlf ? iacc[il] : 0) -
							     (hu && hlf ? iacc[iul] : 0);
						iacc[i] = si;
						if (isint)
							out->vals[i].i = si;
						else
							out->vals[i].f = (double)si;
						continue;
					}
					long double x = (long double)in->vals[i].f - fmean;
					long double sv = x + (hu ? acc[iu] : 0) +
							 (hlf ? acc[il] : 0) -
							 (hu && hlf ? acc[iul] : 0);
					acc[i] = sv;
					out->vals[i].f = (double)sv;
				}
			}
		}
	}
	free(acc);
	free(iacc);
}

/* The report's precision figure: the scene image of sides 64 to 2048
 * (point k: 64 2^k), each table of --table (series s) in float32 against
 * the exact 64-bit one (sat_error_f32), its pixels rebuilt as the notes'
 * S(i, j) - S(i-1, j) - S(i, j-1) + S(i-1, j-1). */
static int precision_point(size_t s, size_t k, char *buf, size_t len)
{
	if (k > 5)
		return 0;
	size_t side = (size_t)64 << k;
	algo_data img = {0};
	double *t = malloc(side * side * sizeof *t), mx, mean;
	int bad = !t || sat_scene(&img, side, side, PRAM_FLOAT, 1);
	for (size_t i = 0; !bad && i < img.n; i++)
		t[i] = img.vals[i].f;
	bad = bad || sat_error_f32(t, side, side, (int)s, &mx, &mean);
	free(t);
	algo_data_free(&img);
	if (bad)
		return -1;
	snprintf(buf, len, "%zu,%zu,%s,%.6g,%.6g", side, side * side, sat_variants[s], mx, mean);
	return 1;
}

static const algo_figure sat_figures[] = {
    {.name = "precision",
     .tmpl = "precision",
     .title = "float32 tables, each pixel rebuilt from its table\n{/*0.8 the largest error "
	      "against the exact integer table, by image size, for the notes' three tables}",
     .columns = "side,pixels,table,max_error,mean_error",
     .series_var = "tables",
     .series = sat_variants,
     .point = precision_point},
    {0}};

const algo algo_sat = {
    .name = "sat",
    .family = "image",
    .desc = "summed-area table (integral image): row scans, then column scans",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT,
    .inputs = sat_inputs,
    .outputs = sat_outputs,
    .params = sat_params,
    .work_o = "O(wh)",
    .depth_o = "O(log w + log h)",
    .work_exact = "h (4W - W/Ls) + w (4H - H/Lt) + wh [+ 2P - 1 + M offset]; W, H the padded "
		  "sides, Ls, Lt the segments",
    .depth_exact =
	"2 (log Ls + log Lt) + 7 [+ 2 + log2 P + log2 M offset]; launches: h (2 log Ls + 3) "
	"+ w (2 log Lt + 3) + 1",
    .cost = sat_cost,
    .cost_in = sat_cost_in,
    .generate = sat_generate,
    .simulate = sat_simulate,
    .reference = sat_reference,
    .figures = sat_figures,
};

/* The value of a quadrant table at (r, c), or 0 when (r, c) steps out of
 * the image or over the centre line away from the quadrant's corner. */
static double qget(const double *s, size_t w, size_t h, size_t wl, size_t hl, int qx, int qy,
		   int64_t r, int64_t c)
{
	if (r < 0 || c < 0 || r >= (int64_t)h || c >= (int64_t)w)
		return 0;
	if ((r < (int64_t)hl) != !qy || (c < (int64_t)wl) != !qx)
		return 0;
	return s[(size_t)r * w + (size_t)c];
}

double sat_box(const double *s, size_t w, size_t h, int v, double mean, size_t x0, size_t y0,
	       size_t x1, size_t y1)
{
	if (v != SAT_QUADRANT) {
		double a = s[y1 * w + x1];
		double b = x0 ? s[y1 * w + x0 - 1] : 0;
		double c = y0 ? s[(y0 - 1) * w + x1] : 0;
		double d = x0 && y0 ? s[(y0 - 1) * w + x0 - 1] : 0;
		double sum = a - b - c + d;
		if (v == SAT_OFFSET)
			sum += (double)((x1 - x0 + 1) * (y1 - y0 + 1)) * mean;
		return sum;
	}
	size_t wl = (w + 1) / 2, hl = (h + 1) / 2;
	double sum = 0;
	for (int qy = 0; qy < 2; qy++) {
		int64_t lo = qy ? (int64_t)(y0 > hl ? y0 : hl) : (int64_t)y0;
		int64_t hi = qy ? (int64_t)y1 : (int64_t)(y1 < hl - 1 ? y1 : hl - 1);
		if (lo > hi)
			continue;
		/* The row with the larger sum, and the one to subtract. */
		int64_t rp = qy ? lo : hi, rm = qy ? hi + 1 : lo - 1;
		for (int qx = 0; qx < 2; qx++) {
			int64_t clo = qx ? (int64_t)(x0 > wl ? x0 : wl) : (int64_t)x0;
			int64_t chi = qx ? (int64_t)x1 : (int64_t)(x1 < wl - 1 ? x1 : wl - 1);
			if (clo > chi)
				continue;
			int64_t cp = qx ? clo : chi, cm = qx ? chi + 1 : clo - 1;
			sum += qget(s, w, h, wl, hl, qx, qy, rp, cp) -
			       qget(s, w, h, wl, hl, qx, qy, rm, cp) -
			       qget(s, w, h, wl, hl, qx, qy, rp, cm) +
			       qget(s, w, h, wl, hl, qx, qy, rm, cm);
		}
	}
	return sum;
}

void sat_table_f32(const double *t, size_t w, size_t h, int v, double *s, double *mean)
{
	double m = 0;
	if (v == SAT_OFFSET) {
		long double tot = 0;
		for (size_t i = 0; i < w * h; i++)
			tot += t[i];
		m = (double)(float)(tot / (long double)(w * h));
	}
	*mean = m;
	size_t wl = v == SAT_QUADRANT ? (w + 1) / 2 : w, hl = v == SAT_QUADRANT ? (h + 1) / 2 : h;
	float fm = (float)m;
	/* Rows: running sums from each quadrant's corner column. */
	for (size_t r = 0; r < h; r++) {
		float acc = 0;
		for (size_t c = 0; c < wl; c++) {
			acc += (float)t[r * w + c] - fm;
			s[r * w + c] = acc;
		}
		acc = 0;
		for (size_t c = w; c-- > wl;) {
			acc += (float)t[r * w + c] - fm;
			s[r * w + c] = acc;
		}
	}
	/* Columns: running sums of the row sums from each corner row. */
	for (size_t c = 0; c < w; c++) {
		float acc = 0;
		for (size_t r = 0; r < hl; r++) {
			acc += (float)s[r * w + c];
			s[r * w + c] = acc;
		}
		acc = 0;
		for (size_t r = h; r-- > hl;) {
			acc += (float)s[r * w + c];
			s[r * w + c] = acc;
		}
	}
}

int sat_error_f32(const double *t, size_t w, size_t h, int v, double *max_err, double *mean_err)
{
	*max_err = *mean_err = 0;
	if (w == 0 || h == 0)
		return 0;
	double *s = malloc(w * h * sizeof *s), mean;
	if (!s)
		return -1;
	sat_table_f32(t, w, h, v, s, &mean);
	double tot = 0;
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++) {
			double e = fabs(sat_box(s, w, h, v, mean, x, y, x, y) - t[y * w + x]);
			tot += e;
			if (e > *max_err)
				*max_err = e;
		}
	*mean_err = tot / (double)(w * h);
	free(s);
	return 0;
}
