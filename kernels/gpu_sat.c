/*
 * gpu_sat.c - the runners of "sat" (kernels in sat.cl): the teaching one,
 * the notes' row scans and column scans with a transpose between them so
 * that both scans read rows, and the tuned one, one pass of strips of
 * 32 x 32 tiles with a look-back up each column of tiles, which reads the
 * image once and writes the table once (sat.cl says how).
 *
 * Both run the table of each region of the variant: the whole image for
 * plain and offset, the four quadrants (each from its image corner) for
 * quadrant; offset first takes the mean with one work-group (sat_mean).
 *
 * Integer tables are 32-bit on the device. By the notes' rule a w by h table
 * of b-bit samples needs up to ceil(log2 w) + ceil(log2 h) + b bits, and one
 * more for the sign: the runners refuse an integer image for which that is
 * more than 32, saying so, rather than return a table that wrapped.
 */
#include <stdlib.h>

#include "algos/sat.h"
#include "gpuint.h"

extern const algo algo_sat;

#define SAT_WG_CAP 256
#define SAT_TS     32 /* sat.cl's TS */

/* A region of the image and the corner its table starts from. */
typedef struct region {
	unsigned x0, y0, rw, rh, flip;
} region;

/* The regions of variant v over a w by h image; returns how many. */
static unsigned regions(size_t w, size_t h, int v, region *r)
{
	if (v != SAT_QUADRANT) {
		r[0] = (region){0, 0, (unsigned)w, (unsigned)h, 0};
		return 1;
	}
	unsigned wl = (unsigned)(w + 1) / 2, hl = (unsigned)(h + 1) / 2, k = 0;
	unsigned wr = (unsigned)w - wl, hr = (unsigned)h - hl;
	region all[4] = {
	    {0, 0, wl, hl, 0}, {wl, 0, wr, hl, 1}, {0, hl, wl, hr, 2}, {wl, hl, wr, hr, 3}};
	for (int q = 0; q < 4; q++)
		if (all[q].rw && all[q].rh)
			r[k++] = all[q];
	return k;
}

/* Refuse an integer image whose table may not fit 32 bits (the notes'
 * rule), and one too large for the kernels' 32-bit indices of rows. */
static int check_job(gpu_ctx *c, size_t w, size_t h)
{
	const gpu_job *j = c->job;
	if (w > UINT32_MAX / 2 || h > UINT32_MAX / 2) {
		snprintf(c->err, c->errlen, "sat: a %zu by %zu image is too wide for the kernels",
			 w, h);
		return -1;
	}
	if (j->params->type != PRAM_INT)
		return 0;
	const int32_t *d = j->in[0].data;
	uint32_t mx = 0;
	for (size_t i = 0; i < j->in[0].n; i++) {
		uint32_t a = d[i] < 0 ? (uint32_t)0 - (uint32_t)d[i] : (uint32_t)d[i];
		if (a > mx)
			mx = a;
	}
	unsigned b = 0;
	while (b < 32 && (mx >> b) != 0)
		b++;
	unsigned need = sat_bits_needed(w, h, b, 1);
	if (need > 32) {
		snprintf(c->err, c->errlen,
			 "sat: a %zu by %zu table of %u-bit samples needs up to log w + log h + b "
			 "= %u bits and a sign (the notes' rule), more than the kernels' 32-bit "
			 "integers; give --float, or a smaller image",
			 w, h, b, need - 1);
		return -1;
	}
	return 0;
}

/* The work-group shape for a kernel over side x side tiles: up to side
 * work-items across and the rest down, at most 8 rows of them. */
static int tile_shape(gpu_ctx *c, cl_kernel k, size_t side, size_t shape[2])
{
	size_t L = gpu__lsize(c, k, side * 8, 0);
	if (!L)
		return -1;
	shape[0] = L < side ? L : side;
	shape[1] = L / shape[0];
	return 0;
}

/* The mean for --table offset into scratch slot 0; a zero otherwise
 * (the kernels skip it, but a compiler may load it anyway). */
static cl_mem mean_of(gpu_ctx *c, int v, cl_mem src, size_t n)
{
	cl_mem mean = gpu__scratch(c, 0, 1);
	if (!mean)
		return NULL;
	if (v != SAT_OFFSET) {
		cl_kernel z = gpu__kernel(c, "sat_clear");
		return z && gpu__launch(c, z, 1, 1, "mu", mean, 1u) == 0 ? mean : NULL;
	}
	cl_kernel k = gpu__kernel(c, "sat_mean");
	size_t L = k ? gpu__lsize(c, k, SAT_WG_CAP, 4) : 0;
	if (!L || gpu__launch(c, k, L, L, "mmul", src, mean, (unsigned)n, L * 4))
		return NULL;
	return mean;
}

/* The teaching table of kind v of the w by h image src into dst. */
static int teaching_on(gpu_ctx *c, int v, cl_mem src, cl_mem dst, size_t w, size_t h)
{
	cl_kernel rows = gpu__kernel(c, "sat_rows"), tr = gpu__kernel(c, "sat_transpose");
	size_t L = rows ? gpu__lsize(c, rows, SAT_WG_CAP, 4) : 0;
	size_t lt[2];
	if (!rows || !tr || !L || tile_shape(c, tr, 16, lt))
		return -1;
	cl_mem mean = mean_of(c, v, src, w * h), tmp = gpu__scratch(c, 1, w * h);
	if (!mean || !tmp)
		return -1;
	region r[4];
	unsigned nr = regions(w, h, v, r);
	for (unsigned k = 0; k < nr; k++)
		if (gpu__launch(c, rows, r[k].rh * L, L, "mmuuuuuumul", src, dst, (unsigned)w,
				r[k].x0, r[k].y0, r[k].rw, r[k].rh, r[k].flip, mean,
				(unsigned)(v == SAT_OFFSET), L * 4))
			return -1;
	size_t g1[2] = {GPU_DIV_UP(w, 16) * lt[0], GPU_DIV_UP(h, 16) * lt[1]};
	if (gpu__launch_2d(c, tr, g1, lt, "mmuu", dst, tmp, (unsigned)w, (unsigned)h))
		return -1;
	/* The transposed image has h columns: each region's columns are rows. */
	for (unsigned k = 0; k < nr; k++) {
		unsigned flip = (r[k].flip & 1u) << 1 | (r[k].flip & 2u) >> 1;
		if (gpu__launch(c, rows, r[k].rw * L, L, "mmuuuuuumul", tmp, tmp, (unsigned)h,
				r[k].y0, r[k].x0, r[k].rh, r[k].rw, flip, mean, 0u, L * 4))
			return -1;
	}
	size_t g2[2] = {GPU_DIV_UP(h, 16) * lt[0], GPU_DIV_UP(w, 16) * lt[1]};
	return gpu__launch_2d(c, tr, g2, lt, "mmuu", tmp, dst, (unsigned)h, (unsigned)w);
}

/* The tuned table of kind v of the w by h image src into dst: one pass of
 * strips with a look-back (sat_strips), its flags cleared first. */
static int tuned_on(gpu_ctx *c, int v, cl_mem src, cl_mem dst, size_t w, size_t h)
{
	static const char *const names[] = {"sat_clear", "sat_strips"};
	static const size_t local[] = {0, 0};
	cl_kernel k[2];
	size_t L = gpu__kernels(c, 2, names, local, SAT_WG_CAP, k), tl[2];
	if (!L || tile_shape(c, k[1], SAT_TS, tl))
		return -1;
	cl_mem mean = mean_of(c, v, src, w * h);
	if (!mean)
		return -1;
	region r[4];
	unsigned nr = regions(w, h, v, r);
	for (unsigned q = 0; q < nr; q++) {
		const region *g = &r[q];
		size_t nbx = GPU_DIV_UP(g->rw, SAT_TS), nby = GPU_DIV_UP(g->rh, SAT_TS);
		size_t nf = nbx * nby + 1; /* the tiles' flags, then the strip counter */
		cl_mem agg = gpu__scratch(c, 1, nby * g->rw), inc = gpu__scratch(c, 2, nby * g->rw);
		cl_mem flags = gpu__scratch(c, 3, nf);
		if (!agg || !inc || !flags)
			return -1;
		size_t tg[2] = {tl[0], nby * tl[1]};
		if (gpu__launch(c, k[0], GPU_DIV_UP(nf, L) * L, L, "mu", flags, (unsigned)nf) ||
		    gpu__launch_2d(c, k[1], tg, tl, "mmmmmuuuuuuumu", src, dst, agg, inc, flags,
				   (unsigned)(nf - 1), (unsigned)w, g->x0, g->y0, g->rw, g->rh,
				   g->flip, mean, (unsigned)(v == SAT_OFFSET)))
			return -1;
	}
	return 0;
}

int gpu__sat(gpu_ctx *c, enum gpu_variant var, int table, cl_mem src, cl_mem dst, size_t w,
	     size_t h)
{
	if (w == 0 || h == 0)
		return 0;
	if (check_job(c, w, h))
		return -1;
	return var == GPU_TUNED ? tuned_on(c, table, src, dst, w, h)
				: teaching_on(c, table, src, dst, w, h);
}

static int sat_run(gpu_ctx *c, enum gpu_variant var)
{
	const gpu_job *j = c->job;
	int v = (int)j->params->v[algo_param_index(&algo_sat, "table")];
	return gpu__sat(c, var, v, c->in[0], c->out[0], j->in[0].w, j->in[0].h);
}

static int sat_teaching(gpu_ctx *c)
{
	return sat_run(c, GPU_TEACHING);
}

static int sat_tuned(gpu_ctx *c)
{
	return sat_run(c, GPU_TUNED);
}

const gpu_algo gpu_sat = {
    .algo = &algo_sat,
    .file = "sat.cl",
    .variant = {[GPU_TEACHING] = {.run = sat_teaching}, [GPU_TUNED] = {.run = sat_tuned}},
    .sum_only = 1,
};
