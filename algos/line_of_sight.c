/*
 * line_of_sight.c - an application of scan from the notes, built on
 * prog_scan, so that `--model scan` shows the notes' table: a scan is one
 * unit-cost step there and O(log n) steps on an EREW PRAM.
 *
 * Line of sight. A vector of terrain heights along the view direction; the
 * viewpoint X is at index 0, its eye 1 unit above the terrain there (at
 * height H = h[0] + 1). In the notes' words: convert the heights to vertical
 * angles as seen from X (A), max-scan the angles (A^, exclusive), and point i
 * is visible when a^_i < a_i. The angle is kept as its tangent, (h[i] - H) / i
 * in double: tangent and angle order the points alike (atan increases), and
 * one correctly rounded division gives the same bits in the reference, the
 * simulator and the kernels, where atan2's last bit differs between
 * libraries and could decide a near tie differently. Every processor needs H; on an EREW machine
 * one cell may not be read by all, so H is spread by a sum-scan of
 * (H, 0, 0, ...), the copy-scan of Blelloch's scan model. Steps: the
 * copy-scan's input (n), the copy-scan, the angles (h[i] - H) / i (n;
 * index 0 gets -infinity so that it hides nothing), the exclusive max-scan,
 * the visibility test (n; X itself counts as visible). With S(n) the cost of
 * one prog_scan: W = 3n + 2 S_W(n), D = 3 + 2 S_D(n), that is W = 5n +
 * 6m - 2, D = 4 ceil(log2 n) + 9 on EREW (m = 2^ceil(log2 n)) and W = 5n,
 * D = 5 under the scan model: the notes' O(log n) against 1.
 */
#include <math.h>

#include "common.h"

/* The eye of the viewer above the terrain at index 0. */
#define EYE_HEIGHT 1.0

static double as_double(pram_type t, pram_value v)
{
	return t == PRAM_INT ? (double)v.i : v.f;
}

static int los_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 3 * (uint64_t)n;
	*d = 3;
	prog_scan_cost(n, p->model, 0, w, d);
	prog_scan_cost(n, p->model, 0, w, d);
	return 0;
}

static int los_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_array *h = prog_load(m, "h", in, n, NULL);
	pram_array *eye = pram_array_new(m, "H", n, PRAM_FLOAT);
	pram_array *ang = pram_array_new(m, "angle", n, PRAM_FLOAT);
	pram_array *amax = pram_array_new(m, "maxangle", n, PRAM_FLOAT);
	pram_array *vis = pram_array_new(m, "visible", n, t);
	if (!h || !eye || !ang || !amax || !vis)
		return 0;
	PRAM_STEP(m, "viewpoint: H[0] = h[0] + eye, H[i] = 0") {
		PRAM_FORALL(m, i, 0, n) {
			double v = i == 0 ? as_double(t, pram_read_v(m, h, 0)) + EYE_HEIGHT : 0.0;
			pram_writef(m, eye, i, v);
		}
	}
	prog_scan(m, eye, eye, n, PRAM_OP_SUM, 1);
	PRAM_STEP(m, "angles: angle[i] = (h[i] - H) / i, as a tangent") {
		PRAM_FORALL(m, i, 0, n) {
			if (i == 0) {
				pram_writef(m, ang, 0, -INFINITY);
				continue;
			}
			double hi = as_double(t, pram_read_v(m, h, i));
			pram_writef(m, ang, i, (hi - pram_readf(m, eye, i)) / (double)i);
		}
	}
	prog_scan(m, amax, ang, n, PRAM_OP_MAX, 0);
	PRAM_STEP(m, "visible: maxangle[i] < angle[i]") {
		PRAM_FORALL(m, i, 0, n) {
			int v = i == 0 || pram_readf(m, amax, i) < pram_readf(m, ang, i);
			pram_write_v(m, vis, i, prog_value(t, v));
		}
	}
	prog_store(vis, out);
	return 0;
}

static void los_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	if (in->n == 0)
		return;
	double eye = as_double(in->type, in->vals[0]) + EYE_HEIGHT, best = -INFINITY;
	out->vals[0] = prog_value(in->type, 1);
	for (size_t i = 1; i < in->n; i++) {
		double a = (as_double(in->type, in->vals[i]) - eye) / (double)i; /* tangent */
		out->vals[i] = prog_value(in->type, best < a);
		if (a > best)
			best = a;
	}
}

/* Terrain that rises ever more steeply, i log2(i + 1) / 8 plus noise of 0
 * to 8 (less near the viewer), so that the angle to the viewer keeps growing and points stay
 * visible far from it, while the noise hides some and, in integers, puts
 * many exactly on one line of sight: the ties the strict test must decide
 * as the reference does. (Uniform random heights hide all but the first few
 * points.) Heights stay below 2^31 up to n = 2^28. */
static int los_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	if (algo_data_alloc(in, n, p->type, 0))
		return -1;
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = algo_rand(&s);
		double rise = (double)i * log2((double)i + 1) / 8;
		/* Near the viewer the noise is smaller: a bump there would hide
		 * everything behind it. */
		uint64_t noise = i < 64 ? 1 + i / 8 : 8;
		if (p->type == PRAM_INT)
			in->vals[i].i = (int64_t)rise + (int64_t)(r % noise);
		else
			in->vals[i].f = rise + (double)(r >> 11) * 0x1.0p-53 * (double)noise;
	}
	return 0;
}

/* The shape of the tuned kernel's tiles: G work-items of F points each
 * (kernels/gpu_line_of_sight.c says what to try on a GPU; its LOS_PP and
 * LOS_WG_CAP are the defaults named here). */
static const algo_param los_params[] = {
    {.name = "per-proc",
     .metavar = "F",
     .min = 1,
     .max = 64,
     .def = 32,
     .help = "points per work-item of the tuned kernel (a tile is G F points)"},
    PROG_PARAM_GROUP("128"),
    {0}};

const algo algo_line_of_sight = {
    .name = "line-of-sight",
    .family = "scan",
    .desc = "visible points of a height profile from index 0 (angles, max-scan, test)",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT,
    .params = los_params,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* O(1) under --model scan */
    .work_exact = "5n + 6m - 2, m = 2^ceil(log2 n); 5n under --model scan",
    .depth_exact = "4 ceil(log2 n) + 9; 5 under --model scan",
    .cost = los_cost,
    .generate = los_generate,
    .simulate = los_simulate,
    .reference = los_reference,
};
