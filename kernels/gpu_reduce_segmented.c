/*
 * gpu_reduce_segmented.c - the runners of "reduce-segmented". Teaching
 * (kernels and their analysis in reduce_segmented.cl): the inclusive
 * segmented scan into a scratch buffer (gpu__seg_scan), an exclusive
 * sum-scan of the flag words' popcounts (the segment numbers, by the same
 * multi-level driver) and seg_ends, which writes each segment's last value
 * to its place and the number of segments to a scratch word that gpu_run
 * reads through c->count. Tuned (segmented_onepass.clh): segreduce_onepass,
 * one pass over the data that writes only the segments' values, its tiles'
 * first segment numbers from the look-back or (--numbering counted) from
 * each tile's heads, counted by segreduce_tile_heads and sum-scanned by
 * usum_block and usum_add beforehand; with --tile-by warp (counted only)
 * segreduce_warp, a warp to a tile. With --carry fixup (the default) no
 * tile waits: segreduce_fixpass (or with --load direct segreduce_fixstream)
 * leaves each tile's value from its last head, seg_block and seg_add scan
 * those over the tiles and segreduce_fixup completes the segments that run
 * across tiles; --numbering deferred drops the counting beforehand, the
 * pass writing its segments to a scratch that segreduce_place moves.
 * With --segments offsets both variants run segreduce_offsets, a
 * work-group a segment, on offsets made from the flags on the host.
 */
#include "gpuint.h"

extern const algo algo_reduce_segmented;

/* Scratch slots; the levels of both scans start at SLOT_LEVELS, the count
 * scan reusing the segmented scan's buffers after it in the (in-order)
 * queue. */
enum {
	SLOT_COUNT,
	SLOT_SCAN,
	SLOT_WPRE,
	SLOT_LEVELS
};

/* The kernels, with the local memory a work-item of each needs: seg_block
 * holds 2L values and 2L flags, usum_block 2L counts. The add-backs find
 * their block by their group, so all run in groups of one size. */
enum {
	K_BLOCK,
	K_ADD,
	K_USUM,
	K_UADD,
	K_ENDS,
	K_COUNT
};
static const char *const names[K_COUNT] = {
    [K_BLOCK] = "seg_block", [K_ADD] = "seg_add",   [K_USUM] = "usum_block",
    [K_UADD] = "usum_add",   [K_ENDS] = "seg_ends",
};
static const size_t local[K_COUNT] = {[K_BLOCK] = 4 * 4, [K_USUM] = 2 * 4};

/* usum_block: in, out, sums, m, popc and 2L counts of local memory. popc
 * is what ml->user points to at the first level (1: the popcounts of the
 * flag words; 0: the counts themselves), 0 above it, whose elements are the
 * totals as they are. */
static const int popc_words = 1, popc_none = 0;

static int usum_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmmuil", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 lv->depth ? 0 : *(const int *)ml->user, 2 * ml->lblock * 4);
}

/* usum_add: a, the scanned totals, m. */
static int usum_add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmu", lv->dst, lv->totals, (unsigned)lv->m);
}

static int by_offsets(const gpu_job *job);
static int reduce_segmented_offsets(gpu_ctx *c);

static int reduce_segmented(gpu_ctx *c)
{
	cl_kernel k[K_COUNT];
	size_t n = c->job->in[0].n, words = GPU_DIV_UP(n, 32), L;
	if (n == 0)
		return 0;
	/* The segments as offsets: one kernel for both variants (a work-group
	 * a segment, a tree on devices other than NVIDIA's). */
	if (by_offsets(c->job))
		return reduce_segmented_offsets(c);
	if (!(L = gpu__kernels(c, K_COUNT, names, local, GPU_SCAN_WG_CAP, k)))
		return -1;
	cl_mem count = gpu__scratch(c, SLOT_COUNT, 1), scan = gpu__scratch(c, SLOT_SCAN, n),
	       wpre = gpu__scratch(c, SLOT_WPRE, words);
	/* The segment numbers: the exclusive sum-scan of the flag words'
	 * popcounts, in the same shape. */
	gpu_multilevel usum = {.block = k[K_USUM],
			       .lblock = L,
			       .per_block = L,
			       .total_words = 1,
			       .block_args = usum_block_args,
			       .add = k[K_UADD],
			       .ladd = L,
			       .add_args = usum_add_args,
			       .slot = SLOT_LEVELS,
			       .user = &popc_words};
	if (!count || !scan || !wpre ||
	    gpu__seg_scan(c, k[K_BLOCK], k[K_ADD], L, scan, 0, SLOT_LEVELS) ||
	    gpu__multilevel(c, &usum, c->flags[0], wpre, words, NULL, NULL) ||
	    gpu__launch(c, k[K_ENDS], GPU_DIV_UP(words, L) * L, L, "mmmmmu", scan, c->flags[0],
			wpre, c->out[0], count, (unsigned)n))
		return -1;
	c->count = count; /* gpu_run reads the number of segments from it */
	return 0;
}

/* The tuned runner's scratch slots: the count, then the look-back's status
 * and ticket, then with --numbering counted the tiles' heads and their
 * scan, with --carry fixup the tiles' pairs (heads and value) and with
 * --numbering deferred the pass's scratch of segments, and the
 * levels of the scans (the fix-up's segmented scan reusing the count
 * scan's after it in the in-order queue). */
enum {
	TSLOT_COUNT,
	TSLOT_STATUS,
	TSLOT_TICKET,
	TSLOT_HEADS,
	TSLOT_PRE,
	TSLOT_PAIR,
	TSLOT_DEFER,
	TSLOT_LEVELS
};

/* The exclusive sum-scan of the tiles' heads counts heads into pre
 * (usum_block and usum_add). */
static int scan_counts(gpu_ctx *c, cl_mem heads, cl_mem pre, size_t tiles)
{
	static const char *const unames[] = {"usum_block", "usum_add"};
	static const size_t ulocal[] = {2 * 4, 0};
	cl_kernel k[2];
	size_t L = gpu__kernels(c, 2, unames, ulocal, GPU_SCAN_WG_CAP, k);
	if (!L)
		return -1;
	gpu_multilevel usum = {.block = k[0],
			       .lblock = L,
			       .per_block = L,
			       .total_words = 1,
			       .block_args = usum_block_args,
			       .add = k[1],
			       .ladd = L,
			       .add_args = usum_add_args,
			       .slot = TSLOT_LEVELS,
			       .user = &popc_none};
	return gpu__multilevel(c, &usum, heads, pre, tiles, NULL, NULL);
}

/* The tiles' first segment numbers: the heads of each tile of sp's,
 * exclusively sum-scanned, into *pre. */
static int tile_numbers(gpu_ctx *c, const gpu_segpass *sp, cl_mem *pre)
{
	cl_kernel k = gpu__kernel(c, "segreduce_tile_heads");
	size_t n = c->job->in[0].n, L = k ? gpu__lsize(c, k, GPU_SCAN_WG_CAP, 4) : 0;
	if (!L)
		return -1;
	cl_mem heads = gpu__scratch(c, TSLOT_HEADS, sp->tiles);
	*pre = gpu__scratch(c, TSLOT_PRE, sp->tiles);
	if (!heads || !*pre ||
	    gpu__launch(c, k, sp->tiles * L, L, "mmuul", c->flags[0], heads, (unsigned)n,
			(unsigned)sp->tile, L * 4) ||
	    scan_counts(c, heads, *pre, sp->tiles))
		return -1;
	return 0;
}

/* The counted reduction a warp to a tile (segreduce_warp): tiles of 32 PP
 * elements, in work-groups of whole warps, the group parameter's size or
 * 128 on NVIDIA (the warps share nothing: the size only sets how many
 * start at once); elsewhere in groups of exactly 32, whose shuffles go
 * through local memory. Status words and ticket as gpu__segpass's.
 * Returns 1 when the device cannot have such groups (a cap below 32), the
 * caller then running the group kernel; else 0, or -1 with a message. */
static int reduce_segmented_warp(gpu_ctx *c, cl_mem count)
{
	size_t n = c->job->in[0].n, G = (size_t)gpu__param_given(c->job, "group");
	int ptx = clrt_ptx(c->rt);
	gpu_segpass sp = {.tile = 32 * c->per_proc};
	cl_mem pre = NULL;
	if (!gpu__has_lookback(c, "the single-pass segmented kernels") ||
	    !(sp.k = gpu__kernel(c, "segreduce_warp")))
		return -1;
	size_t L = gpu__lsize(c, sp.k, ptx ? (G ? G : 128) : 32, 0);
	if (!L)
		return -1;
	if (L < 32)
		return 1;
	if (ptx && !gpu__group_is(c, G, L, 0, NULL))
		return -1;
	sp.L = L;
	if (gpu__segpass_start(c, TSLOT_STATUS, &sp) || tile_numbers(c, &sp, &pre))
		return -1;
	return gpu__launch(c, sp.k, GPU_DIV_UP(sp.tiles * 32, L) * L, L, "mmmmmmmuu", c->in[0],
			   c->flags[0], c->out[0], count, pre, sp.lb.status, sp.lb.ticket,
			   (unsigned)n, (unsigned)sp.tiles)
		   ? -1
		   : 0;
}

/* segpair_block: in, out, totals, m and 2L counts and 2L values of local
 * memory. */
static int pair_block_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	size_t L = ml->lblock;
	return gpu__args(c, ml->block, "mmmull", lv->src, lv->dst, lv->totals, (unsigned)lv->m,
			 2 * L * 4, 2 * L * 4);
}

/* segpair_add: a, the scanned totals, m. */
static int pair_add_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->add, "mmu", lv->dst, lv->totals, (unsigned)lv->m);
}

/* The counted reduction with --carry fixup: the tiles' numbers
 * (tile_numbers), a pass in which no tile waits (segreduce_fixpass through
 * local memory, or with --load direct segreduce_fixstream), leaving each
 * tile's pair (heads, value from its last head on); then, with more than
 * one tile, the inclusive scan of the pairs (segpair_block and segpair_add
 * over tiles elements: a segment across thousands of tiles costs the
 * scan's levels, not a walk) and segreduce_fixup, a work-item a tile,
 * which completes the segments that run into a tile from the ones before.
 * With deferred (--numbering deferred) no counting before the pass: it
 * writes its segments to a scratch, and after the same scan, whose counts
 * number the tiles, segreduce_place moves them to out, completing the ones
 * that run into a tile: three kernels fewer and the flags read once (with
 * few tiles segreduce_place1 alone, the scan folded into it). No
 * status words or ticket: the tiles go by group number. Groups of 128
 * unless --group says. */
/* The most tiles for which --numbering deferred moves its segments with
 * segreduce_place1 (at 2^20 elements in tiles of 4096, 256). */
#define SEG_PLACE1_TILES 1024

static int reduce_segmented_fixup(gpu_ctx *c, cl_mem count, int direct, int deferred)
{
	static const char *const fnames[] = {"segpair_block", "segpair_add", "segreduce_fixup",
					     "segreduce_place"};
	static const size_t flocal[] = {4 * 4, 0, 0, 0};
	size_t n = c->job->in[0].n, pp = c->per_proc;
	gpu_segpass sp = {0};
	cl_mem pre = NULL, dst = c->out[0];
	cl_kernel fk[4];
	if (!gpu__has_lookback(c, "the single-pass segmented kernels") ||
	    !(sp.k = gpu__kernel(c, direct ? "segreduce_fixstream" : "segreduce_fixpass")))
		return -1;
	/* Local memory a work-item brings: the group scan's two counts and
	 * two values, and with the tile in local memory as gpu__segpass. */
	size_t words = (pp + 31) / 32, per_item = direct ? 4 * 4 : (pp + 2 * words + 4 + 5) * 4;
	sp.L = gpu__group(c, sp.k, 128, per_item, pp, "elements");
	if (!sp.L)
		return -1;
	sp.tile = sp.L * pp;
	sp.tiles = GPU_DIV_UP(n, sp.tile);
	if (sp.tiles * sp.tile > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "n = %zu in tiles of %zu is more than 32-bit indices allow", n, sp.tile);
		return -1;
	}
	sp.ltile = (sp.tile + sp.tile / 32 + 1) * 4;
	sp.lflags = (sp.tile / 32 + 4) * 4; /* SEG_FLW */
	sp.lscan = 2 * sp.L * 4;
	cl_mem pair = gpu__scratch(c, TSLOT_PAIR, 2 * sp.tiles);
	if (!pair)
		return -1;
	if (deferred) {
		if (!(dst = gpu__scratch(c, TSLOT_DEFER, sp.tiles * sp.tile)))
			return -1;
	} else if (tile_numbers(c, &sp, &pre)) {
		return -1;
	}
	/* deferred: the pass reads no tilepre; any buffer stands in. */
	if (direct ? gpu__launch(c, sp.k, sp.tiles * sp.L, sp.L, "mmmmmimull", c->in[0],
				 c->flags[0], dst, count, deferred ? pair : pre, deferred, pair,
				 (unsigned)n, sp.lscan, sp.lscan)
		   : gpu__launch(c, sp.k, sp.tiles * sp.L, sp.L, "mmmmmimullll", c->in[0],
				 c->flags[0], dst, count, deferred ? pair : pre, deferred, pair,
				 (unsigned)n, sp.ltile, sp.lflags, sp.lscan, sp.lscan))
		return -1;
	if (sp.tiles == 1 && !deferred)
		return 0;
	size_t L = gpu__kernels(c, 4, fnames, flocal, GPU_SCAN_WG_CAP, fk);
	if (!L)
		return -1;
	/* Few tiles: segreduce_place1 folds the pairs before each tile itself
	 * (tiles^2 / 2 reads), one launch for the scan's and the move's. */
	if (deferred && sp.tiles <= SEG_PLACE1_TILES) {
		cl_kernel k1 = gpu__kernel(c, "segreduce_place1");
		size_t L1 = k1 ? gpu__lsize(c, k1, 128, 4 * 4) : 0;
		if (!L1)
			return -1;
		return gpu__launch(c, k1, sp.tiles * L1, L1, "mmmmmuull", c->flags[0], dst,
				   c->out[0], count, pair, (unsigned)sp.tile, (unsigned)sp.tiles,
				   2 * L1 * 4, 2 * L1 * 4)
			   ? -1
			   : 0;
	}
	gpu_multilevel ml = {.block = fk[0],
			     .lblock = L,
			     .per_block = L,
			     .total_words = 2,
			     .block_args = pair_block_args,
			     .add = fk[1],
			     .ladd = L,
			     .add_args = pair_add_args,
			     .slot = TSLOT_LEVELS};
	if (gpu__multilevel(c, &ml, pair, pair, sp.tiles, NULL, NULL))
		return -1;
	if (deferred) /* SEG_PLACE_P (32) work-items a tile */
		return gpu__launch(c, fk[3], GPU_DIV_UP(sp.tiles * 32, L) * L, L, "mmmmmuu",
				   c->flags[0], dst, c->out[0], count, pair, (unsigned)sp.tile,
				   (unsigned)sp.tiles)
			   ? -1
			   : 0;
	return gpu__launch(c, fk[2], GPU_DIV_UP(sp.tiles, L) * L, L, "mmmmuu", c->flags[0],
			   c->out[0], pre, pair, (unsigned)sp.tile, (unsigned)sp.tiles)
		   ? -1
		   : 0;
}

/* --segments offsets (segreduce_offsets), for both variants: the
 * segments' offsets, m + 1 of them, made from the flags on the host and
 * uploaded in the first run (the warm-up, c->runs 0), as a caller of CUB's
 * DeviceSegmentedReduce has its offsets before the call; the later runs
 * launch the kernel alone. Scratch slots of its own (OSLOT_*: a job takes
 * one path, so they meet no other runner's), and it sets c->count. Groups
 * of --group G, or of the mean segment's length over 16 in [32, 256] (16
 * elements a work-item, four loads at a time), doubled while the segments
 * are fewer than the groups the device holds at once; at most
 * SEG_OFF_GROUPS groups, each taking every G-th segment. On an H200 in
 * segments of 1024: 0.0035 ms at 2^20 in groups of 256 (128: 0.0035, 64:
 * 0.0037, 32: 0.0043; CUB 0.0040 in the same call) and 0.0201 at 2^24 in
 * groups of 64 (256: 0.0274, 128: 0.0209, 32: 0.0239; CUB 0.0443). */
#define SEG_OFF_GROUPS 65536
enum {
	OSLOT_COUNT,
	OSLOT_OFFSETS
};
enum {
	MEMO_SEGMENTS
};

/* --segments's choices (algos/segmented.c): 0 flags, 1 offsets. */
static int by_offsets(const gpu_job *job)
{
	return job->params->v[algo_param_index(job->algo, "segments")] == 1;
}

static int reduce_segmented_offsets(gpu_ctx *c)
{
	const gpu_buf *b = &c->job->in[0];
	size_t n = b->n, m = c->memo[MEMO_SEGMENTS];
	cl_kernel k = gpu__kernel(c, "segreduce_offsets");
	cl_mem count = gpu__scratch(c, OSLOT_COUNT, 1);
	if (!k || !count)
		return -1;
	if (c->runs == 0) {
		m = 0;
		for (size_t i = 0; i < n; i++)
			m += i == 0 || b->flags[i];
	}
	cl_mem off = gpu__scratch(c, OSLOT_OFFSETS, m + 1);
	if (!off)
		return -1;
	if (c->runs == 0) {
		cl_uint *h = malloc((m + 1) * sizeof *h);
		if (!h) {
			snprintf(c->err, c->errlen, "out of memory for %zu segment offsets", m + 1);
			return -1;
		}
		size_t s = 0;
		for (size_t i = 0; i < n; i++)
			if (i == 0 || b->flags[i])
				h[s++] = (cl_uint)i;
		h[m] = (cl_uint)n;
		int rc = gpu__write(c, off, h, m + 1);
		free(h);
		if (rc)
			return -1;
		c->memo[MEMO_SEGMENTS] = m;
	}
	size_t mean = n / m, cap = 32;
	while (cap < 256 && cap * 16 < mean)
		cap *= 2;
	while (cap < 256 && m < gpu__groups(c, cap))
		cap *= 2;
	size_t L = gpu__group(c, k, cap, 4, 0, NULL);
	if (!L)
		return -1;
	if (n + 4 * L > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "n = %zu is more than segreduce_offsets' 32-bit indices allow", n);
		return -1;
	}
	size_t groups = m < SEG_OFF_GROUPS ? m : SEG_OFF_GROUPS;
	if (gpu__launch(c, k, groups * L, L, "mmmmul", c->in[0], off, c->out[0], count, (unsigned)m,
			L * 4))
		return -1;
	c->count = count; /* gpu_run reads the number of segments from it */
	return 0;
}

/* --numbering's choices (algos/segmented.c). */
enum { NUM_AUTO, NUM_LOOKBACK, NUM_COUNTED, NUM_DEFERRED };

/* The most tiles for which --numbering auto takes the look-back's numbering,
 * one launch, rather than deferred's two. On an H100 in segments of 1024
 * (tiles of 4096, bench/h100/tuning.md): 0.0119 ms against 0.0157 at 2^20
 * elements, 0.0403 against 0.0560 at 2^24, 0.1152 against 0.1188 at 2^26
 * (16384 tiles), 0.4173 against 0.3993 at 2^28. */
#define SEG_ONECALL_TILES 16384

/* The passes' default shape: tiles of SEG_TILE elements, 32 a work-item
 * in groups of 128 (seg_cap); the look-back's one launch (--numbering
 * lookback) in tiles twice as large, groups of 256, whose tiles hold more
 * work-items to wait for memory together. On an H200 in segments of
 * 1024, timed back to back: 0.0061, 0.0104, 0.0318 and 0.0957 ms at 2^20,
 * 2^22, 2^24 and 2^26, against 0.0067, 0.0114, 0.0325 and 0.0976 in groups
 * of 128 and 0.0066, 0.0135, 0.0352 and 0.1135 at 16 a work-item in 256
 * (the default up to 2^22 before; CUB's 0.0042, 0.0089, 0.0446 and
 * 0.1663 in the same call; bench/h100/tuning/2026-11-29j-h200). */
#define SEG_TILE 4096
#define SEG_PP   32

static size_t seg_cap(size_t pp)
{
	size_t cap = SEG_TILE / (pp ? pp : 1);
	return cap < 32 ? 32 : cap > 1024 ? 1024 : cap;
}

static int reduce_segmented_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	if (n > 0 && by_offsets(c->job))
		return reduce_segmented_offsets(c);
	const algo *a = c->job->algo;
	int numbering = (int)c->job->params->v[algo_param_index(a, "numbering")];
	int warp = c->job->params->v[algo_param_index(a, "tile-by")] == 1;
	int fixup = c->job->params->v[algo_param_index(a, "carry")] == 1;
	int direct = c->job->params->v[algo_param_index(a, "load")] == 1;
	/* auto: counted with a warp to a tile or the look-back's carry (which
	 * only it takes), deferred with --load direct; else the look-back's,
	 * one launch, up to SEG_ONECALL_TILES tiles, and deferred above. */
	size_t cap = seg_cap(c->per_proc);
	if (numbering == NUM_AUTO) {
		int64_t G = gpu__param_given(c->job, "group");
		size_t tiles = GPU_DIV_UP(n, (G ? (size_t)G : cap) * c->per_proc);
		numbering = warp || !fixup			 ? NUM_COUNTED
			    : direct || tiles > SEG_ONECALL_TILES ? NUM_DEFERRED
								   : NUM_LOOKBACK;
	}
	int counted = numbering == NUM_COUNTED, deferred = numbering == NUM_DEFERRED;
	if (numbering == NUM_LOOKBACK)
		cap = cap * 2 > 1024 ? 1024 : cap * 2;
	/* Groups of seg_cap's size unless --group says (128 at 32 elements a
	 * work-item, twice that for the look-back's): on an H100 at n = 2^28 in
	 * segments of 1024 (counted, --carry lookback, 32 elements a
	 * work-item) 0.478 ms, where the largest group that fits took 0.662
	 * (median; some runs 0.42, the rest near 0.7). --carry fixup
	 * (reduce_segmented_fixup) takes the same default: 0.477 ms counted,
	 * 0.398 deferred. */
	gpu_segpass sp = {.cap = cap, .sets = 2};
	cl_mem pre = NULL;
	if (n == 0)
		return 0;
	cl_mem count = gpu__scratch(c, TSLOT_COUNT, 1);
	if (!count)
		return -1;
	if (warp && !counted) {
		snprintf(c->err, c->errlen, "--tile-by warp takes --numbering counted");
		return -1;
	}
	if (warp && c->per_proc % 4) {
		snprintf(c->err, c->errlen,
			 "--tile-by warp takes a multiple of 4 elements per work-item, not %zu",
			 (size_t)c->per_proc);
		return -1;
	}
	if (direct && (!(counted || deferred) || !fixup || warp)) {
		snprintf(c->err, c->errlen,
			 "--load direct takes --numbering counted or deferred, "
			 "--tile-by group and --carry fixup");
		return -1;
	}
	if (deferred && (!fixup || warp)) {
		snprintf(c->err, c->errlen,
			 "--numbering deferred takes --carry fixup and --tile-by group");
		return -1;
	}
	if ((counted || deferred) && fixup && !warp) {
		if (reduce_segmented_fixup(c, count, direct, deferred))
			return -1;
		c->count = count; /* gpu_run reads the number of segments from it */
		return 0;
	}
	if (warp) {
		int rc = reduce_segmented_warp(c, count);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			c->count = count; /* gpu_run reads the number of segments from it */
			return 0;
		}
	}
	if (gpu__segpass(c, "segreduce_onepass", TSLOT_STATUS, &sp) ||
	    (counted && tile_numbers(c, &sp, &pre)))
		return -1;
	if (gpu__launch(c, sp.k, sp.tiles * sp.L, sp.L, "mmmmmimmuuullll", c->in[0], c->flags[0],
			c->out[0], count, counted ? pre : count, counted, sp.lb.status,
			sp.lb.ticket, sp.lb.base, sp.lb.epoch, (unsigned)n, sp.ltile, sp.lflags,
			sp.lscan, sp.lscan))
		return -1;
	c->count = count; /* gpu_run reads the number of segments from it */
	return 0;
}

const gpu_algo gpu_reduce_segmented = {
    .algo = &algo_reduce_segmented,
    .file = "reduce_segmented.cl",
    .variant = {[GPU_TEACHING] = {.run = reduce_segmented},
		[GPU_TUNED] = {.run = reduce_segmented_tuned,
			       .takes_per_proc = 1,
			       .default_pp = SEG_PP}},
    .out = GPU_OUT_UPTO,
    .flags = 1,
};
