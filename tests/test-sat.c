/*
 * test-sat.c - the summed-area table (algos/sat.c) beyond the square
 * grids test-algos gives every entry: every shape from 1 by 1 to
 * non-powers of two, each variant and form, integers and floats, against the
 * reference with the exact W and D and no violation under EREW; box sums from the tables of each variant against sums by hand; the
 * notes' precision techniques on the scene image in float32; the notes'
 * bits-needed rule.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "sat.h"
#include "pgm.h"
#include "simrun.h"
#include "tap.h"

static const size_t sides[] = {1, 2, 3, 5, 8, 13, 17};
#define NSIDES (sizeof sides / sizeof *sides)

/* Random integers in [-50, 50) (or as floats) on a w by h grid. */
static void random_grid(algo_data *d, size_t w, size_t h, pram_type t, uint64_t seed)
{
	algo_grid_alloc(d, w, h, t);
	for (size_t i = 0; i < w * h; i++) {
		int64_t v = (int64_t)(algo_rand(&seed) % 100) - 50;
		if (t == PRAM_INT)
			d->vals[i].i = v;
		else
			d->vals[i].f = (double)v + 0.25;
	}
}

/* Every shape, variant, form and type: verified, exact cost, no violation
 * under EREW (offset broadcasts its mean by doubling). */
static void test_shapes(const algo *a)
{
	for (int v = 0; v < SAT_NVARIANTS; v++) {
		for (int form = 0; form < 2; form++) {
			for (int t = PRAM_INT; t <= PRAM_FLOAT; t++) {
				char why[512] = "";
				int ok = 1;
				for (size_t i = 0; i < NSIDES && ok; i++) {
					for (size_t j = 0; j < NSIDES && ok; j++) {
						size_t w = sides[i], h = sides[j];
						algo_params p = algo_default_params(a);
						algo_set_param(a, &p, "table", v);
						algo_set_param(a, &p, "form", form);
						p.type = (pram_type)t;
						p.model = PRAM_EREW;
						algo_data in = {0};
						random_grid(&in, w, h, p.type, w * 31 + h);
						pram_config cfg = {.model = p.model};
						simrun r;
						if (simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r)) {
							ok = 0;
							snprintf(why, sizeof why, "out of memory");
							algo_data_free(&in);
							break;
						}
						pram_totals tt = pram_get_totals(r.m);
						if (pram_failed(r.m) || tt.violations) {
							ok = 0;
							snprintf(why, sizeof why, "%zu x %zu: %s",
								 w, h, pram_errmsg(r.m));
						} else if (!r.verified) {
							ok = 0;
							snprintf(why, sizeof why, "%zu x %zu: %s",
								 w, h, r.why);
						} else if (!r.cost_known || r.cost_w != tt.work ||
							   r.cost_d != tt.depth) {
							ok = 0;
							snprintf(
							    why, sizeof why,
							    "%zu x %zu: W %llu D %llu, closed form "
							    "W %llu D %llu",
							    w, h, (unsigned long long)tt.work,
							    (unsigned long long)tt.depth,
							    (unsigned long long)r.cost_w,
							    (unsigned long long)r.cost_d);
						}
						simrun_free(&r);
						algo_data_free(&in);
					}
				}
				TAP_OK_WHY(ok, why,
					   "sat --table %s --form %s, %s: every shape from 1 x 1 "
					   "to 17 x 17 verified, exact W and D, legal under %s",
					   sat_variants[v], form ? "launches" : "packed",
					   t == PRAM_INT ? "int" : "float", "erew");
			}
		}
	}
}

/* Box sums from each variant's table (the reference's, in doubles) against
 * the sums by hand, over every box of a 7 by 6 and a 6 by 5 image. */
static void test_boxes(const algo *a)
{
	static const size_t shapes[][2] = {{7, 6}, {6, 5}, {1, 4}, {5, 1}};
	for (int v = 0; v < SAT_NVARIANTS; v++) {
		double worst = 0;
		for (size_t k = 0; k < 4; k++) {
			size_t w = shapes[k][0], h = shapes[k][1];
			algo_params p = algo_default_params(a);
			algo_set_param(a, &p, "table", v);
			p.type = PRAM_FLOAT;
			algo_data in = {0}, out = {0};
			random_grid(&in, w, h, PRAM_FLOAT, 99 + k);
			algo_grid_alloc(&out, w, h, PRAM_FLOAT);
			a->reference(&in, &out, &p);
			double *s = malloc(w * h * sizeof *s), mean = 0;
			for (size_t i = 0; i < w * h; i++) {
				s[i] = out.vals[i].f;
				mean += in.vals[i].f / (double)(w * h);
			}
			for (size_t y0 = 0; y0 < h; y0++)
				for (size_t y1 = y0; y1 < h; y1++)
					for (size_t x0 = 0; x0 < w; x0++)
						for (size_t x1 = x0; x1 < w; x1++) {
							double want = 0;
							for (size_t y = y0; y <= y1; y++)
								for (size_t x = x0; x <= x1; x++)
									want +=
									    in.vals[y * w + x].f;
							double got = sat_box(s, w, h, v, mean, x0,
									     y0, x1, y1);
							if (fabs(got - want) > worst)
								worst = fabs(got - want);
						}
			free(s);
			algo_data_free(&in);
			algo_data_free(&out);
		}
		TAP_OK(worst < 1e-9,
		       "sat_box, %s: every box of four images from the table (worst %g)",
		       sat_variants[v], worst);
	}
}

/* The notes' "Results": rebuild the image from its float32 table. */
static void test_precision(void)
{
	double err[2][SAT_NVARIANTS];
	static const size_t side[2] = {64, 1024};
	for (int s = 0; s < 2; s++) {
		algo_data img = {0};
		sat_scene(&img, side[s], side[s], PRAM_FLOAT, 1);
		double *t = malloc(img.n * sizeof *t);
		for (size_t i = 0; i < img.n; i++)
			t[i] = img.vals[i].f;
		for (int v = 0; v < SAT_NVARIANTS; v++) {
			double mean_err;
			sat_error_f32(t, side[s], side[s], v, &err[s][v], &mean_err);
		}
		free(t);
		algo_data_free(&img);
	}
	/* 64 x 64 bytes sum to less than 2^24: float32 holds every table exactly. */
	TAP_OK(err[0][0] == 0 && err[0][1] < 0.01 && err[0][2] == 0,
	       "64 x 64: the plain and quadrant tables are exact in float32 (errors %g %g %g)",
	       err[0][0], err[0][1], err[0][2]);
	TAP_OK(err[1][0] >= 1,
	       "1024 x 1024: the plain float32 table loses whole units (max error %g)", err[1][0]);
	TAP_OK(err[1][1] < err[1][0] / 4,
	       "1024 x 1024: offset's error %g is under a quarter of plain's %g", err[1][1],
	       err[1][0]);
	TAP_OK(err[1][2] < err[1][0], "1024 x 1024: quadrant's error %g is under plain's %g",
	       err[1][2], err[1][0]);
}

/* tests/data/scene.pgm is the scene of seed 1, 96 by 64, as the tool makes
 * it: the file and the generator agree, so either can be remade. And its
 * table, read through --input's path, is the reference's. */
static void test_scene_file(const algo *a)
{
	pgm_image img;
	char err[512];
	int rc = pgm_read_file(TOP_SRCDIR "/tests/data/scene.pgm", &img, err, sizeof err);
	TAP_OK_WHY(rc == 0 && img.w == 96 && img.h == 64 && img.maxval == 255, err,
		   "tests/data/scene.pgm reads: 96 x 64, 8 bits");
	if (rc)
		return;
	algo_data d = {0};
	sat_scene(&d, 96, 64, PRAM_INT, 1);
	size_t bad = 0;
	for (size_t i = 0; i < d.n; i++)
		bad += d.vals[i].i != img.px[i];
	TAP_EQ_I(bad, 0, "it is sat_scene(96, 64, seed 1), pixel for pixel");
	pgm_free(&img);
	algo_params p = algo_default_params(a);
	algo_data in[ALGO_MAX_PORTS];
	rc = algo_read_input(a, TOP_SRCDIR "/tests/data/scene.pgm", &p, in, err, sizeof err);
	TAP_OK_WHY(rc == 0 && in[0].w == 96 && in[0].h == 64, err, "sat --input scene.pgm");
	if (rc == 0) {
		pram_config cfg = {.model = PRAM_EREW};
		simrun r;
		simrun_exec(a, &p, in, &cfg, NULL, NULL, &r);
		TAP_OK_WHY(r.verified, r.why, "its table verified, corner %lld",
			   r.nout ? (long long)r.out[0].vals[d.n - 1].i : 0LL);
		simrun_free(&r);
		algo_data_free_all(in, algo_nin(a));
	}
	algo_data_free(&d);
}

/* box-filter (gather) against scatter-blur (scatter) on the scene: with one
 * radius they agree wherever no box is clipped (the same boxes, summed the
 * other way round); scatter keeps the image's total, with a radius per
 * pixel too, and the gather does not. */
static double run_blur(const char *name, const algo_data *in, int64_t radius, algo_data *out)
{
	const algo *a = algo_find(name);
	algo_params p = algo_default_params(a);
	p.type = PRAM_FLOAT;
	algo_set_param(a, &p, "radius", radius);
	pram_config cfg = {.model = a->model};
	simrun r;
	double tot = -1;
	if (simrun_exec(a, &p, in, &cfg, NULL, NULL, &r) == 0) {
		if (r.verified && !pram_failed(r.m)) {
			tot = 0;
			algo_grid_alloc(out, in->w, in->h, PRAM_FLOAT);
			for (size_t i = 0; i < in->n; i++) {
				out->vals[i].f = r.out[0].vals[i].f;
				tot += out->vals[i].f;
			}
		}
		simrun_free(&r);
	}
	return tot;
}

static void test_blurs(void)
{
	const algo *bf = algo_find("box-filter");
	if (!bf || !algo_find("scatter-blur")) {
		TAP_OK(0, "the registry has box-filter and scatter-blur");
		return;
	}
	const size_t side = 40;
	const int64_t r = 3;
	algo_data in[2] = {{0}}, g = {0}, sc = {0};
	sat_scene(&in[0], side, side, PRAM_FLOAT, 5);
	double total = 0;
	for (size_t i = 0; i < in[0].n; i++)
		total += in[0].vals[i].f;
	double tg = run_blur("box-filter", in, r, &g), ts = run_blur("scatter-blur", in, r, &sc);
	TAP_OK(tg >= 0 && ts >= 0, "box-filter and scatter-blur verified on a 40 x 40 scene");
	if (tg >= 0 && ts >= 0) {
		double worst = 0, border = 0;
		for (size_t y = 0; y < side; y++)
			for (size_t x = 0; x < side; x++) {
				double d = fabs(g.vals[y * side + x].f - sc.vals[y * side + x].f);
				int inner = x >= 2 * r && y >= 2 * r && x + 2 * r < side &&
					    y + 2 * r < side;
				if (inner && d > worst)
					worst = d;
				if (!inner && d > border)
					border = d;
			}
		/* Each of the 49 shares is rounded to 2^-17. */
		TAP_OK(worst <= 49.0 / 131072,
		       "radius 3: gather and scatter agree away from the border (worst %g)", worst);
		TAP_OK(border > 0.1, "near the border the clipped boxes differ (up to %g)", border);
		TAP_OK(fabs(ts - total) <= 1600.0 / 131072, "scatter keeps the total: %.4f of %.4f",
		       ts, total);
	}
	algo_data_free(&g);
	algo_data_free(&sc);
	/* A depth of field: radius 0 on the middle rows, up to 6 at the edges. */
	algo_grid_alloc(&in[1], side, side, PRAM_INT);
	for (size_t y = 0; y < side; y++)
		for (size_t x = 0; x < side; x++)
			in[1].vals[y * side + x].i = (int64_t)(y < 20 ? 20 - y : y - 19) * 6 / 20;
	tg = run_blur("box-filter", in, 0, &g);
	ts = run_blur("scatter-blur", in, 0, &sc);
	TAP_OK(tg >= 0 && ts >= 0, "both verified with a radius per pixel");
	TAP_OK(fabs(ts - total) <= 1600.0 / 131072 && fabs(tg - total) > 1,
	       "depth of field: scatter keeps the total (%.4f), the gather does not (%.4f of "
	       "%.4f)",
	       ts, tg, total);
	algo_data_free(&g);
	algo_data_free(&sc);
	algo_data_free_all(in, 2);
}

/* haar: each feature kind is one step of P processors, P the window
 * positions, reading at most 6, 8 or 9 cells of the table each, whatever
 * the window's size: the notes' constant time per feature. */
static void test_haar(void)
{
	const algo *a = algo_find("haar");
	if (!a) {
		TAP_OK(0, "the registry has haar");
		return;
	}
	static const int64_t windows[] = {6, 24};
	static const uint64_t most[] = {6, 8, 9};
	for (size_t k = 0; k < 2; k++) {
		algo_params p = algo_default_params(a);
		algo_set_param(a, &p, "window", windows[k]);
		algo_data in = {0};
		sat_scene(&in, 40, 30, PRAM_INT, 3);
		pram_config cfg = {.model = PRAM_CREW};
		simrun r;
		simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r);
		uint64_t P = (uint64_t)(40 - windows[k] + 1) * (uint64_t)(30 - windows[k] + 1);
		size_t ns = pram_step_count(r.m);
		int ok = r.verified && r.cost_known && ns >= 3;
		char why[256] = "";
		for (int f = 0; ok && f < 3; f++) {
			const pram_step_stats *st = pram_step_at(r.m, ns - 3 + (size_t)f);
			if (st->work != P || st->reads > most[f] * P ||
			    st->reads < (most[f] - 2) * P) {
				ok = 0;
				snprintf(why, sizeof why,
					 "feature %d: work %llu, reads %llu, P %llu", f,
					 (unsigned long long)st->work,
					 (unsigned long long)st->reads, (unsigned long long)P);
			}
		}
		TAP_OK_WHY(ok, why,
			   "haar --window %lld on 40 x 30: verified; each feature kind %llu "
			   "processors reading at most 6, 8, 9 table cells",
			   (long long)windows[k], (unsigned long long)P);
		simrun_free(&r);
		algo_data_free(&in);
	}
}

int main(void)
{
	const algo *a = algo_find("sat");
	TAP_OK(a != NULL, "the registry has sat");
	if (!a)
		return tap_done();
	test_shapes(a);
	test_boxes(a);
	test_precision();
	test_scene_file(a);
	test_blurs();
	test_haar();
	TAP_EQ_I(sat_bits_needed(1024, 1024, 8, 0), 28,
		 "the notes' rule: a 1024 x 1024 image of bytes needs 28 bits");
	TAP_EQ_I(sat_bits_needed(1000, 3, 16, 1), 10 + 2 + 16 + 1,
		 "ceil(log2 w) + ceil(log2 h) + b, and a sign bit for offsets");
	/* The simulator refuses a table its 64-bit integers cannot hold. */
	algo_params p = algo_default_params(a);
	algo_data in = {0};
	algo_grid_alloc(&in, 4, 4, PRAM_INT);
	for (size_t i = 0; i < 16; i++)
		in.vals[i].i = INT64_MAX / 4;
	pram_config cfg = {.model = PRAM_EREW};
	simrun r;
	simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r);
	TAP_OK(pram_failed(r.m), "a table of 63-bit samples is refused");
	TAP_CONTAINS(pram_errmsg(r.m), "log w + log h + b = 65 bits", "and the rule is stated");
	simrun_free(&r);
	algo_data_free(&in);
	return tap_done();
}
