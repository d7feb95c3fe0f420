/*
 * gpu_sat.c - the runners of "sat" (kernels in sat.cl): the teaching one,
 * the notes' row scans and column scans with a transpose between them so
 * that both scans read rows, and the tuned one, a single pass in which
 * each work-group takes a tile of R x C by ticket, row of tiles after row
 * of tiles, and adds to the tile's own table the sums above it (a
 * decoupled look-back up each column of tiles), to its left (one along
 * each row of tiles) and the corner (from the tile diagonally above), so
 * that the image is read once and the table written once (sat.cl says
 * how). R is the tuned runner's elements per work-item (--strip-rows,
 * built into the kernels as PP, 64 unless given), C is --tile-cols (128
 * unless given); the work-groups take up to C work-items (--max-group caps
 * them). The look-backs' window and their loads and stores of the status
 * words are build options of sat.cl (SAT_*, given through
 * PRAM_CL_OPTIONS); bench/sat-sweep.sh times them and the tile shapes.
 *
 * Both run the table of each region of the variant: the whole image for
 * plain and offset, the four quadrants (each from its image corner) for
 * quadrant (the tuned one in a single launch); offset first takes the mean
 * in two launches (sat_partial, sat_mean). --form shapes the PRAM program
 * only: both kernels compute the same table for packed and launches.
 *
 * Integer tables are 32-bit on the device. By the notes' rule a w by h table
 * of b-bit samples needs up to ceil(log2 w) + ceil(log2 h) + b bits, and one
 * more for the sign: the runners refuse an integer image for which that is
 * more than 32, saying so, rather than return a table that wrapped.
 */
#include <stdlib.h>

#include "sat.h"
#include "gpuint.h"

extern const algo algo_sat;

#define SAT_WG_CAP     256
#define SAT_STRIP_ROWS 64  /* the tuned tiles' rows: --strip-rows's default in sat.c */
#define SAT_TILE_COLS  128 /* the tuned tiles' columns: --tile-cols's default */
#define SAT_OWN_LOCAL  64  /* bytes of local memory sat_tiles declares, and to spare */

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

/* The mean of the n elements of src into mean[0]: sat_partial's groups,
 * four a compute unit (their parts in scratch slot 3), then sat_mean's
 * one. */
static int mean_into(gpu_ctx *c, cl_mem src, cl_mem mean, size_t n)
{
	cl_kernel kp = gpu__kernel(c, "sat_partial"), km = gpu__kernel(c, "sat_mean");
	size_t L = kp && km ? gpu__lsize(c, kp, SAT_WG_CAP, 4) : 0;
	size_t Lm = L ? gpu__lsize(c, km, SAT_WG_CAP, 4) : 0;
	if (!Lm)
		return -1;
	size_t G = 4 * (size_t)clrt_compute_units(c->rt);
	if (G > GPU_DIV_UP(n, L))
		G = GPU_DIV_UP(n, L);
	cl_mem part = gpu__scratch(c, 3, G);
	return !part ||
		       gpu__launch(c, kp, G * L, L, "mmul", src, part, (unsigned)n, L * 4) ||
		       gpu__launch(c, km, Lm, Lm, "mmuul", part, mean, (unsigned)G, (unsigned)n,
				   Lm * 4)
		   ? -1
		   : 0;
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
	return mean_into(c, src, mean, n) ? NULL : mean;
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

/* Scratch slot `slot` of at least elems words, zeroed when it is new (a
 * status buffer or the epoch and ticket: a word of an earlier run must
 * never read as one of this run). NULL with a message. */
static cl_mem zeroed_scratch(gpu_ctx *c, cl_kernel clear, size_t L, unsigned slot, size_t elems)
{
	int fresh = !c->scratch[slot] || c->scratch_n[slot] < elems;
	cl_mem b = gpu__scratch(c, slot, elems);
	if (b && fresh &&
	    gpu__launch(c, clear, GPU_DIV_UP(elems, L) * L, L, "mu", b, (unsigned)elems))
		return NULL;
	return b;
}

/* The local memory sat_tiles has for its arguments: the device's, less a
 * margin for the ticket it declares itself. (CL_KERNEL_LOCAL_MEM_SIZE
 * would also count the local arguments set by the run before.) */
static size_t local_free(gpu_ctx *c)
{
	unsigned long have = clrt_local_mem(c->rt);
	return have > SAT_OWN_LOCAL ? (size_t)(have - SAT_OWN_LOCAL) : 0;
}

/* The segments per row of the tuned row scans: the most (a power of two)
 * that give every work-item of the L one, at most one per column. */
static size_t segments(size_t L, size_t R, size_t C)
{
	size_t P = 1;
	while (2 * P * R <= L && 2 * P <= C)
		P *= 2;
	return P;
}

/* The tuned table of kind v of the w by h image src into dst: sat_begin
 * (the run's epoch and ticket, and the mean for offset), then one launch of
 * sat_tiles over every region's tiles of R = c->per_proc rows (sat.cl's
 * SR) by C columns (--tile-cols, at most the widest region rounded up to a
 * power of two), a work-group of up to C work-items each. */
static int tuned_on(gpu_ctx *c, int v, cl_mem src, cl_mem dst, size_t w, size_t h)
{
	static const char *const names[] = {"sat_clear", "sat_begin", "sat_tiles"};
	static const size_t local[] = {0, 0, 0};
	cl_kernel k[3];
	size_t R = c->per_proc, given = (size_t)gpu__param_given(c->job, "tile-cols");
	size_t C = given ? given : SAT_TILE_COLS;
	region r[4];
	unsigned nr = regions(w, h, v, r);
	if (!gpu__has_lookback(c, "sat tuned"))
		return -1;
	size_t widest = 0;
	for (unsigned q = 0; q < nr; q++)
		if (r[q].rw > widest)
			widest = r[q].rw;
	while (C > 1 && C / 2 >= widest)
		C /= 2;
	size_t L0 = gpu__kernels(c, 3, names, local, SAT_WG_CAP, k);
	if (!L0)
		return -1;
	/* The tile in local memory, and its segments' totals and offsets, G,
	 * K and U (sat.cl); where the default's columns do not fit, fewer do
	 * (a device with 32 KiB of it takes 64 x 64). */
	size_t L, P, need, have = local_free(c);
	for (;;) {
		L = gpu__lsize(c, k[2], C, 0);
		if (!L)
			return -1;
		P = segments(L, R, C);
		need = R * (C + P) * 4 + (2 * R * P + R + 1 + C) * 4;
		if (need <= have || given || C == 1)
			break;
		C /= 2;
	}
	if (need > have) {
		snprintf(c->err, c->errlen,
			 "sat tuned: a tile of %zu rows by %zu columns needs %zu bytes of local "
			 "memory, more than the %zu the device has free; give a smaller "
			 "--strip-rows or --tile-cols",
			 R, C, need, have);
		return -1;
	}
	/* The tiles, and the status words: one per column and strip (down),
	 * one per row and tile (across) and one per tile (the corners). */
	size_t groups = 0, down = 0, across = 0, corners = 0;
	for (unsigned q = 0; q < nr; q++) {
		size_t strips = GPU_DIV_UP(r[q].rh, R), tiles = GPU_DIV_UP(r[q].rw, C);
		groups += strips * tiles;
		down += strips * r[q].rw;
		across += strips * tiles * R;
		corners += strips * tiles;
	}
	if (down + across > UINT32_MAX || groups > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "sat tuned: a %zu by %zu image has too many tiles of %zu by %zu for the "
			 "kernel's 32-bit tickets and status offsets; give a larger --strip-rows "
			 "or --tile-cols",
			 w, h, R, C);
		return -1;
	}
	cl_mem mean = gpu__scratch(c, 0, 1),
	       status = zeroed_scratch(c, k[0], L0, 1, 2 * (down + across + corners)),
	       ctl = zeroed_scratch(c, k[0], L0, 2, 2);
	if (!mean || !status || !ctl ||
	    gpu__launch(c, k[1], 1, 1, "mmu", ctl, mean, (unsigned)(v != SAT_OFFSET)) ||
	    (v == SAT_OFFSET && mean_into(c, src, mean, w * h)))
		return -1;
	return gpu__launch(c, k[2], groups * L, L, "mmmmmuuuuuuuull", src, dst, status, ctl,
			   mean, (unsigned)w, (unsigned)h, (unsigned)(v == SAT_QUADRANT), (unsigned)C,
			   (unsigned)algo_ceil_log2(P), (unsigned)(v == SAT_OFFSET),
			   (unsigned)down, (unsigned)(down + across), R * (C + P) * 4,
			   need - R * (C + P) * 4);
}

int gpu__sat(gpu_ctx *c, enum gpu_variant var, int table, cl_mem src, cl_mem dst, size_t w,
	     size_t h)
{
	if (w == 0 || h == 0)
		return 0;
	if (c->runs == 0 && check_job(c, w, h))
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
    .variant = {[GPU_TEACHING] = {.run = sat_teaching},
		[GPU_TUNED] = {.run = sat_tuned,
			       .takes_per_proc = 1,
			       .pp_param = "strip-rows",
			       .default_pp = SAT_STRIP_ROWS}},
    .sum_only = 1,
};
