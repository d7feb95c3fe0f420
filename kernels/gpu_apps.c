/*
 * gpu_apps.c - the runners of three applications of scan (kernels in
 * apps.cl): line of sight, radix sort's split and stream compaction.
 *
 * Each is one blocked exclusive scan between a step before and a step after,
 * as the notes put them:
 *   line of sight  los_angles, the max-scan of the angles (angle_*), los_test;
 *   split          the 0-scan of the keys (count_*), split_scatter;
 *   compact        the scan of the flags (count_*), compact_scatter, with the
 *                  number kept left in c->count.
 * The multi-level driver (multilevel.c) runs the scan of any length the
 * notes' way ("Working on Arbitrary Length Input"): scan the blocks, scan
 * their totals the same way (in place), add the scanned totals back. It
 * leaves the grand total in the first element of the top level's totals,
 * which is where split finds F and compaction its output length.
 */
#include <string.h>

#include "gpuint.h"

#define APPS_WG_CAP 256

/* Scratch slots: the scan's output, a second array for line of sight, and
 * one slot per level of block totals from SLOT_LEVELS on. */
enum {
	SLOT_SCAN,
	SLOT_ANGLE,
	SLOT_LEVELS
};

/* What count_block counts (apps.cl's COUNT_* say the same). */
enum {
	COUNT_WORDS,
	COUNT_ZEROS,
	COUNT_FLAGS
};

/* One of apps.cl's scans (SCAN_KERNELS) with the kernels and work-group
 * sizes picked for this run, as the multi-level driver runs it; what the
 * first level reads (a COUNT_* mode) is in mode. */
typedef struct scan_kind {
	gpu_multilevel ml; /* user points to the scan_kind */
	unsigned mode;     /* how the first level reads its elements */
} scan_kind;

/* <prefix>_block: src, the mode (the levels above read their totals as
 * they are: COUNT_WORDS, 0), dst, sums, n, and an element per work-item of
 * local memory. */
static int block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	const scan_kind *k = ml->user;
	return gpu__args(c, ml->block, "mummul", lv->src, lv->depth ? COUNT_WORDS : k->mode,
			 lv->dst, lv->totals, (unsigned)lv->m, ml->lblock * ml->total_words * 4);
}

/* <prefix>_add: a, the scanned block totals, n and the block size. */
static int add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmuu", lv->dst, lv->totals, (unsigned)lv->m,
			 (unsigned)ml->per_block);
}

/* Fill k for the scan with kernels block and add, whose elements are words
 * 4-byte words. Returns 0, or -1 with a message. */
static int scan_kind_init(gpu_ctx *c, scan_kind *k, const char *block, const char *add,
			  size_t words)
{
	gpu_multilevel *ml = &k->ml;
	memset(k, 0, sizeof *k);
	ml->block = gpu__kernel(c, block);
	ml->add = gpu__kernel(c, add);
	if (!ml->block || !ml->add)
		return -1;
	ml->lblock = gpu__lsize(c, ml->block, APPS_WG_CAP, words * 4);
	ml->ladd = gpu__lsize(c, ml->add, APPS_WG_CAP, 0);
	if (!ml->lblock || !ml->ladd)
		return -1;
	ml->per_block = ml->lblock * c->per_proc;
	ml->total_words = words;
	ml->block_args = block_args;
	ml->add_args = add_args;
	ml->slot = SLOT_LEVELS;
	ml->user = k;
	/* A block of one element would never shrink the totals. */
	if (ml->per_block < 2) {
		snprintf(c->err, c->errlen,
			 "blocks of %zu element cannot scan: work-groups of %zu, "
			 "%u elements per work-item",
			 ml->per_block, ml->lblock, c->per_proc);
		return -1;
	}
	return 0;
}

/* dst[0..m) = the exclusive scan of the m elements of src, read as mode
 * says (COUNT_WORDS, 0, reads them as they are, in either scan). *total is
 * set to the buffer whose first element holds the total of all m (owned by
 * c). Returns 0, or -1 with a message. */
static int scan_run(gpu_ctx *c, scan_kind *k, cl_mem src, unsigned mode, cl_mem dst, size_t m,
		    cl_mem *total)
{
	k->mode = mode;
	return gpu__multilevel(c, &k->ml, src, dst, m, total, NULL);
}

/* The count scan of the n elements of src into a new scratch array f;
 * *total as scan_run's. */
static int scan_counts(gpu_ctx *c, cl_mem src, unsigned mode, cl_mem *f, cl_mem *total)
{
	scan_kind k;
	size_t n = c->job->n;
	if (scan_kind_init(c, &k, "count_block", "count_add", 1))
		return -1;
	if (!(*f = gpu__scratch(c, SLOT_SCAN, n)))
		return -1;
	return scan_run(c, &k, src, mode, *f, n, total);
}

int gpu__split(gpu_ctx *c)
{
	size_t n = c->job->n, l;
	cl_mem f, total;
	if (n == 0)
		return 0;
	if (c->job->is_float) {
		snprintf(c->err, c->errlen,
			 "split sorts integer keys by their bit 0; the data are float");
		return -1;
	}
	cl_kernel k = gpu__kernel(c, "split_scatter");
	if (!k || !(l = gpu__lsize(c, k, APPS_WG_CAP, 0)) ||
	    scan_counts(c, c->in, COUNT_ZEROS, &f, &total))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in, f, total, c->out,
			   (unsigned)n);
}

int gpu__compact(gpu_ctx *c)
{
	size_t n = c->job->n, l;
	cl_mem f;
	if (n == 0)
		return 0;
	cl_kernel k = gpu__kernel(c, "compact_scatter");
	if (!k || !(l = gpu__lsize(c, k, APPS_WG_CAP, 0)) ||
	    scan_counts(c, c->flags, COUNT_FLAGS, &f, &c->count))
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, l) * l, l, "mmmmu", c->in, c->flags, f, c->out,
			   (unsigned)n);
}

int gpu__line_of_sight(gpu_ctx *c)
{
	size_t n = c->job->n, la, lt;
	cl_mem total;
	scan_kind k;
	if (n == 0)
		return 0;
	/* apps.cl builds the line-of-sight kernels only with cl_khr_fp64. */
	if (!clrt_has_extension(c->rt, "cl_khr_fp64")) {
		snprintf(c->err, c->errlen,
			 "line of sight compares angles in double precision, "
			 "which this device lacks (cl_khr_fp64)");
		return -1;
	}
	cl_kernel ka = gpu__kernel(c, "los_angles"), kt = gpu__kernel(c, "los_test");
	cl_mem angle = gpu__scratch(c, SLOT_ANGLE, 2 * n), amax = gpu__scratch(c, SLOT_SCAN, 2 * n);
	if (!ka || !kt || !angle || !amax || !(la = gpu__lsize(c, ka, APPS_WG_CAP, 0)) ||
	    !(lt = gpu__lsize(c, kt, APPS_WG_CAP, 0)) ||
	    scan_kind_init(c, &k, "angle_block", "angle_add", 2))
		return -1;
	/* The notes' three steps: angles, their exclusive max-scan, the test. */
	if (gpu__launch(c, ka, GPU_DIV_UP(n, la) * la, la, "mmu", c->in, angle, (unsigned)n) ||
	    scan_run(c, &k, angle, 0, amax, n, &total))
		return -1;
	return gpu__launch(c, kt, GPU_DIV_UP(n, lt) * lt, lt, "mmmu", angle, amax, c->out,
			   (unsigned)n);
}
