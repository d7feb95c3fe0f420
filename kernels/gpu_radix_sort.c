/*
 * gpu_radix_sort.c - the runner of "radix-sort" (kernels in
 * radix_sort.cl), LSD radix sort of keys and the values they carry: those
 * of the input (--pairs yes), the keys' input indices (--pairs index, the
 * default) or none (--pairs no).
 *
 * Teaching: the notes' passes, one per digit of the registry's radix
 * (--bits-per-pass, --radix), low digit first, each a counting sort by one
 * scan as the PRAM program does it: radix_digit, the blocked scan of the
 * r x n flag matrix (gpu__block_scan over radix_block and radix_add, whose
 * first level reads the flags from the digits) and radix_scatter. The
 * passes ping-pong between two pairs of buffers (gpu__pingpong): the keys
 * and values of the input, then a scratch pair and the outputs in turn.
 * Passes whose digit is 0 for every key below the key range are left out,
 * since they would move nothing. Keys are unsigned 32-bit words, all of
 * [0, 2^32) with --key-range 2^32 (gpuval.c passes them so).
 *
 * Tuned: 8-bit digits whatever the radix, as many passes as the bits the
 * reference sorts by need (those of key-range - 1, or of r^digits when
 * --digits leaves high digits out, which must then be a power of two): one
 * radix_hist (every pass's digit counts), then one radix_sweep_keys or
 * radix_sweep_pairs per pass (the host clearing their state first only on
 * the first run after a launch went missing), tiles of G * K keys
 * (--group-size G work-items, at most 256 unless given, a multiple of 32
 * from 32 up, each ranking --keys-per-item K unless given: 24 for the keys
 * alone, 22 with values packed, 32 with --early-values 0, 16 with 1, 24
 * with 2), the same two buffer pairs. With values, --early-values 3
 * (unless given, the default, values_how) packs each key and its value
 * into 8 bytes that travel together: radix_sweep_pack_pairs (or
 * _pack_index) writes them into a scratch buffer of pairs, radix_sweep_packed
 * moves them between two such buffers, radix_sweep_unpack writes them
 * apart into the outputs (packed_passes; a sort of one pass takes 0);
 * 0 takes the kernels that read the values as the keys leave, 1
 * radix_sweep_pairs_early and _index_early, whose local tile holds the
 * values too: on an H100 those took 18.4 ms at 2^28 (median; 11.3 at
 * best) against 11.1, the larger local tile leaving fewer groups; and 2
 * radix_sweep_pairs_ranked and _index_ranked, which keep the keys' ranks
 * in local memory rather than in registers.
 * radix_sort.cl says why the look-back and how a tile is ranked.
 */
#include <stdint.h>

#include "common.h"
#include "gpuint.h"

extern const algo algo_radix_sort;

/* The registry's value of parameter name, the default when not given. */
static int64_t param(const gpu_job *job, const char *name)
{
	int k = algo_param_index(job->algo, name);
	return k >= 0 ? job->params->v[k] : 0;
}

/* What the job's parameters ask of the kernels. */
typedef struct rs_config {
	uint64_t r;       /* the radix */
	unsigned digits;  /* the passes the registry counts: the reference sorts
			   * by key mod r^digits */
	uint32_t max_key; /* no key is larger: key-range - 1, at most 2^32 - 1 */
	int64_t pairs;    /* --pairs: PROG_PAIRS_INDEX, _YES or _NO */
} rs_config;

/* The job's radix, passes and key bound into *cf, as the registry reads
 * them (radix_sort.c). Returns 0, or -1 with a message. */
static int rs_config_of(gpu_ctx *c, rs_config *cf)
{
	const gpu_job *job = c->job;
	int64_t range = param(job, "key-range"), digits = param(job, "digits");
	cf->r = prog_radix_of(param(job, "radix"), param(job, "bits-per-pass"),
			      gpu__param_given(job, "bits-per-pass") != 0);
	if (cf->r == 0) {
		snprintf(c->err, c->errlen,
			 "--radix and --bits-per-pass disagree, or the radix is 1: give one of "
			 "them, 2 or more");
		return -1;
	}
	cf->max_key = range - 1 < UINT32_MAX ? (uint32_t)(range - 1) : UINT32_MAX;
	cf->digits = digits ? (unsigned)digits : prog_radix_digits((uint64_t)range - 1, cf->r);
	cf->pairs = param(job, "pairs");
	return 0;
}

/* The two buffer pairs the passes ping-pong between, and the input's:
 * index 0 the input, 1 and 2 the pingpong driver's a and b. */
typedef struct rs_bufs {
	cl_mem keys[3], vals[3];
	int64_t pairs;
} rs_bufs;

/* The values that go with the key buffer keys. */
static cl_mem vals_of(const rs_bufs *b, cl_mem keys)
{
	for (unsigned k = 1; k < 3; k++)
		if (b->keys[k] == keys)
			return b->vals[k];
	return b->vals[0];
}

/* What the values of a pass reading src are, as radix_scatter's vmode
 * has it: 0 read with the keys, 1 made (the input indices: the first pass
 * of --pairs index), 2 none (--pairs no). */
static unsigned vmode(const rs_bufs *b, cl_mem src)
{
	if (b->pairs == PROG_PAIRS_NO)
		return 2;
	return src == b->keys[0] && b->pairs == PROG_PAIRS_INDEX;
}

/* Scratch slots 0 and 1: the second buffers of the keys and the values. */
enum {
	S_KEYS,
	S_VALS,
	S_OWN /* the variants' own from here */
};

/* Enqueue passes passes of fn, the keys ping-ponging between the input, a
 * scratch buffer and the output, the values alongside (*b, which user
 * holds, says which go together), and point c->result at where the last
 * pass left them. Returns 0, or -1 with a message. */
static int rs_passes(gpu_ctx *c, unsigned passes, gpu_pass_fn fn, const void *user, rs_bufs *b,
		     int64_t pairs)
{
	size_t n = c->job->in[0].n;
	cl_mem keys = gpu__scratch(c, S_KEYS, n);
	cl_mem vals = pairs == PROG_PAIRS_NO ? c->out[1] : gpu__scratch(c, S_VALS, n);
	if (!keys || !vals)
		return -1;
	*b = (rs_bufs){.keys = {c->in[0], keys, c->out[0]},
		       .vals = {c->in[1], vals, c->out[1]},
		       .pairs = pairs};
	if (gpu__pingpong(c, passes, fn, user, c->in[0], keys, c->out[0], &c->result[0]))
		return -1;
	c->result[1] = vals_of(b, c->result[0]);
	return 0;
}

/* ---- teaching ---------------------------------------------------------- */

typedef struct teach_pass {
	rs_bufs b;
	uint64_t r;
	size_t n, l; /* keys; the work-group size of digit and scatter */
	cl_kernel digit, scatter;
	cl_mem dig; /* each key's digit */
} teach_pass;

/* Scratch slots: the digits, pos, then the scan's levels. */
enum {
	T_DIGIT = S_OWN,
	T_POS,
	T_LEVELS
};

static int teach_one(gpu_ctx *c, unsigned pass, cl_mem src, cl_mem dst, const void *user)
{
	const teach_pass *tp = user;
	size_t n = tp->n, global = GPU_DIV_UP(n, tp->l) * tp->l;
	cl_mem pos = gpu__scratch(c, T_POS, tp->r * n), total;
	if (!pos ||
	    gpu__launch(c, tp->digit, global, tp->l, "mmuuu", src, tp->dig, (unsigned)n,
			(unsigned)prog_radix_power(tp->r, pass), (unsigned)tp->r) ||
	    gpu__block_scan(c, "radix_block", "radix_add", 1, tp->dig, (unsigned)n, pos, tp->r * n,
			    T_LEVELS, &total))
		return -1;
	return gpu__launch(c, tp->scatter, global, tp->l, "mmmmmmuu", src, vals_of(&tp->b, src),
			   tp->dig, pos, dst, vals_of(&tp->b, dst), (unsigned)n,
			   vmode(&tp->b, src));
}

static int teaching(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	rs_config cf;
	if (n == 0)
		return 0;
	if (rs_config_of(c, &cf))
		return -1;
	if (cf.r * n > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "the teaching kernels scan an r x n flag matrix, and r n = %llu passes "
			 "their 32-bit indices: sort fewer bits per pass, or take --variant tuned",
			 (unsigned long long)(cf.r * n));
		return -1;
	}
	/* Digits past those of the largest key are 0 for every key; at least
	 * one pass writes the outputs. */
	unsigned passes = prog_radix_digits(cf.max_key, cf.r);
	if (cf.digits < passes)
		passes = cf.digits;
	if (passes == 0)
		passes = 1;
	teach_pass tp = {.r = cf.r,
			 .n = n,
			 .digit = gpu__kernel(c, "radix_digit"),
			 .scatter = gpu__kernel(c, "radix_scatter"),
			 .dig = gpu__scratch(c, T_DIGIT, n)};
	if (!tp.digit || !tp.scatter || !tp.dig)
		return -1;
	size_t ld = gpu__lsize(c, tp.digit, GPU_SCAN_WG_CAP, 0);
	size_t ls = gpu__lsize(c, tp.scatter, GPU_SCAN_WG_CAP, 0);
	if (!ld || !ls)
		return -1;
	tp.l = ld < ls ? ld : ls;
	return rs_passes(c, passes, teach_one, &tp, &tp.b, cf.pairs);
}

/* ---- tuned ------------------------------------------------------------- */

/* The tuned kernels' digits: 8 bits, whatever --bits-per-pass asks (the
 * report measures them at 8 only). Their work-groups share the RADIX
 * digits out among at most RADIX work-items. */
#define TUNED_BITS 8
#define RADIX      (1 << TUNED_BITS)

/* The low bits the tuned sort sorts by into *bits: all of the largest key's,
 * or those of r^digits when the reference sorts by key mod r^digits, which
 * must then be a power of two. Returns 0, or -1 with a message. */
static int tuned_bits(gpu_ctx *c, const rs_config *cf, unsigned *bits)
{
	uint64_t mod = prog_radix_power(cf->r, cf->digits);
	uint32_t top = cf->max_key;
	if (mod && mod <= top) {
		if (mod & (mod - 1)) {
			snprintf(
			    c->err, c->errlen,
			    "the tuned kernels sort by bits, and %u digits of radix %llu sort by "
			    "key mod %llu, which is no power of two: take --variant teaching",
			    cf->digits, (unsigned long long)cf->r, (unsigned long long)mod);
			return -1;
		}
		top = (uint32_t)(mod - 1);
	}
	for (*bits = 0; *bits < 32 && top >> *bits; ++*bits)
		;
	return 0;
}

typedef struct tuned_pass {
	rs_bufs b;
	cl_kernel keys, pairs, index; /* radix_sweep_keys, _pairs and _index */
	cl_kernel packed, unpack;     /* packed: radix_sweep_packed and _unpack */
	size_t n, L, tile, tiles;     /* keys; work-group size; keys a tile; tiles */
	size_t tile_words;            /* the local tile: the keys, or the warps' counters */
	size_t vtile_words;           /* that of the value kernels: twice as many early */
	unsigned bits;                /* the low bits sorted by */
	unsigned passes;              /* the sweeps */
	cl_mem status, tickets, hist;
} tuned_pass;

/* The digit mask of pass: 8 bits, fewer in the last pass when bits is no
 * multiple of 8. */
static unsigned pass_mask(unsigned bits, unsigned pass)
{
	unsigned left = bits - 8 * pass;
	return left >= 8 ? 255u : (1u << left) - 1;
}

/* The digit counts: room for HIST_COPIES copies of four passes', the
 * most radix_sort.cl's RADIX_HIST_COPIES may use. */
#define HIST_COPIES 8
#define HIST_WORDS  (HIST_COPIES * 4 * RADIX)

/* Keys a work-item of radix_hist counts at least (a round of its loop):
 * each group adds its 4 * RADIX counts into global memory at its end, so
 * a group a key or a few made those atomics most of the launch at small
 * sizes. On an H200 (bench/h100/tuning.md, 2026-11-29, eighth session)
 * radix_hist took 0.018 to 0.020 ms at 2^20 keys in 1056 groups of 256,
 * and 0.008 to 0.009 in 256, 16 keys a work-item, with the counts' 8
 * copies; the sort of 2^20 keys went from 0.077 ms to 0.069. At 2^24 and
 * 2^28 the groups are as many as before (gpu__groups caps them) and so
 * were the times. */
#define HIST_PER_ITEM 16

/* Scratch slots: the look-back's status words, the tile tickets and the
 * digit counts. */
enum {
	U_STATUS = S_OWN,
	U_TICKETS,
	U_HIST,
	U_PACK_A, /* packed: the pairs between the passes */
	U_PACK_B
};

static int tuned_one(gpu_ctx *c, unsigned pass, cl_mem src, cl_mem dst, const void *user)
{
	const tuned_pass *tp = user;
	size_t L = tp->L, global = tp->tiles * L, tile = tp->tile_words * 4;
	size_t vtile = tp->vtile_words * 4;
	unsigned mask = pass_mask(tp->bits, pass), n = (unsigned)tp->n;
	switch (vmode(&tp->b, src)) {
	case 0:
		return gpu__launch(c, tp->pairs, global, L, "mmmmmmmuuuull", src,
				   vals_of(&tp->b, src), dst, vals_of(&tp->b, dst), tp->status,
				   tp->tickets, tp->hist, n, pass, tp->passes, mask, vtile, L * 4);
	case 1:
		return gpu__launch(c, tp->index, global, L, "mmmmmmuuuull", src, dst,
				   vals_of(&tp->b, dst), tp->status, tp->tickets, tp->hist, n, pass,
				   tp->passes, mask, vtile, L * 4);
	default:
		return gpu__launch(c, tp->keys, global, L, "mmmmmuuuull", src, dst, tp->status,
				   tp->tickets, tp->hist, n, pass, tp->passes, mask, tile, L * 4);
	}
}

/* The passes of --early-values 3, the pairs packed: the first pass reads
 * the input's keys and values (or makes the indices) and writes pairs,
 * 8 bytes each, into a scratch buffer; the passes between move pairs
 * from one scratch buffer to the other; the last writes the keys and the
 * values apart into the outputs. At least two passes (tuned falls back to
 * the late kernels for one). */
static int packed_passes(gpu_ctx *c, const tuned_pass *tp)
{
	size_t n = tp->n, L = tp->L, global = tp->tiles * L, vtile = tp->vtile_words * 4;
	cl_mem p[2] = {gpu__scratch(c, U_PACK_A, 2 * n), gpu__scratch(c, U_PACK_B, 2 * n)};
	if (!p[0] || !p[1])
		return -1;
	cl_mem vin = tp->b.pairs == PROG_PAIRS_INDEX ? c->in[0] : c->in[1];
	for (unsigned pass = 0; pass < tp->passes; pass++) {
		int last = pass + 1 == tp->passes;
		cl_kernel k = pass == 0 ? tp->pairs : last ? tp->unpack : tp->packed;
		cl_mem src = pass == 0 ? c->in[0] : p[(pass + 1) % 2];
		cl_mem dst = last ? c->out[0] : p[pass % 2];
		if (gpu__launch(c, k, global, L, "mmmmmmmuuuull", src, pass == 0 ? vin : src, dst,
				last ? c->out[1] : dst, tp->status, tp->tickets, tp->hist,
				(unsigned)n, pass, tp->passes, pass_mask(tp->bits, pass), vtile,
				L * 4))
			return -1;
	}
	c->result[0] = c->out[0];
	c->result[1] = c->out[1];
	return 0;
}

/* Whether the job sorts keys without values (--pairs no): its tile shape
 * and its registers differ from the values' (tuned_pp, tuned_nv_options). */
static int keys_alone(const gpu_job *job)
{
	return param(job, "pairs") == PROG_PAIRS_NO;
}

/* How the values go (--early-values, packed, 3, unless given: tuned
 * falls back to late, 0, for a sort of one pass). Packed at every size: on an
 * H200 (bench/h100/tuning.md, 2026-11-30, twelfth session) pairs took, at
 * 2^20, 2^24 and 2^28 keys, 0.0623, 0.4953 and 7.217 ms packed (22 keys a
 * work-item) against 0.0666, 0.5896 and 8.091 late and 0.0711 and 0.5713
 * ranked (2; it was the default between 2^22 and 2^25), and CUB's
 * SortPairs 0.0833, 0.5468 and 7.425 in the same calls; --pairs index
 * 0.0616 and 0.5004 packed against 0.0674 and 0.5957 late. */
static int values_how(const gpu_job *job)
{
	return keys_alone(job) ? 0 : (int)param(job, "early-values");
}

static int tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, pp = c->per_proc;
	rs_config cf;
	tuned_pass tp = {.n = n};
	if (n == 0)
		return 0;
	if (rs_config_of(c, &cf) || tuned_bits(c, &cf, &tp.bits))
		return -1;
	unsigned passes = tp.bits ? (tp.bits + 7) / 8 : 1;
	tp.b.pairs = cf.pairs;
	cl_kernel hist = gpu__kernel(c, "radix_hist");
	if (!hist)
		return -1;
	/* A work-item of the pass holds PP keys of the tile, or 8 counter
	 * words (its warp's RADIX counters), and one word for the warps and
	 * the scan. A group of fewer than 32 (one warp) has RADIX counters,
	 * which any device's local memory holds. */
	/* Early (--early-values 1), the value kernels' tile holds the values
	 * too; the keys alone do not ask for their room. */
	/* Ranked (--early-values 2), half a word a key more, for its rank. */
	/* Packed (--early-values 3), a pair takes two words of the tile, and
	 * the passes between the first and the last kernels of their own. */
	int how = values_how(c->job);
	if (how == 3 && passes < 2)
		how = 0;
	int early = how == 1, ranked = how == 2, packed = how == 3;
	int index = cf.pairs == PROG_PAIRS_INDEX;
	const char *const sweeps[] = {"radix_sweep_keys",
				      early    ? "radix_sweep_pairs_early"
				      : ranked ? "radix_sweep_pairs_ranked"
				      : packed ? "radix_sweep_pack_pairs"
					       : "radix_sweep_pairs",
				      early    ? "radix_sweep_index_early"
				      : ranked ? "radix_sweep_index_ranked"
				      : packed ? "radix_sweep_pack_index"
					       : "radix_sweep_index",
				      "radix_sweep_packed", "radix_sweep_unpack"};
	size_t per_item = ((pp > 8 ? pp : 8) + 1) * 4,
	       per_vitem = per_item + (early || packed ? pp * 4
				       : ranked        ? (pp + 1) / 2 * 4
						       : 0);
	size_t local[] = {per_item, per_vitem, per_vitem, per_vitem, per_vitem};
	cl_kernel k[5];
	int64_t want = gpu__param_given(c->job, "group-size");
	if (!(tp.L = gpu__kernels_warps(c, packed ? 5 : 3, sweeps, local,
					want ? (size_t)want : RADIX, k)))
		return -1;
	tp.keys = k[0];
	tp.pairs = k[1];
	tp.index = k[2];
	if (packed) {
		tp.pairs = k[1 + index];
		tp.packed = k[3];
		tp.unpack = k[4];
	}
	size_t lh = gpu__lsize(c, hist, RADIX, 0);
	if (!lh)
		return -1;
	/* Tiles of at most 2^15 keys: a key's rank in its tile takes the low
	 * half of a word (radix_sort.cl), and PoCL runs out of stack for
	 * larger groups' private arrays. A GPU's local memory holds less. */
	while (tp.L > 1 && tp.L * pp > 32768)
		tp.L = tp.L > 64 ? tp.L / 64 * 32 : tp.L / 2; /* whole warps */
	tp.tile = tp.L * pp;
	tp.tiles = GPU_DIV_UP(n, tp.tile);
	size_t warps = tp.L < 32 ? 1 : tp.L / 32;
	tp.tile_words = tp.tile > warps * RADIX ? tp.tile : warps * RADIX;
	tp.vtile_words = tp.tile_words + (early || packed ? tp.tile
					  : ranked        ? (tp.tile + 1) / 2
							  : 0);
	/* Status words for two passes (the even and the odd ones; each pass
	 * clears its tiles' words of the next), zero when made; radix_hist
	 * clears the first pass's when the passes are odd in number, as the
	 * last of an even number leaves them clear for the next run; it sets
	 * the tickets to 0 too. The digit counts are zero when made, and each
	 * run leaves them so (radix_sort.cl). That hand-over needs every run on this
	 * scratch to have the same passes and tiles: so it is, a context
	 * being one job's runs. A launch gone missing breaks it (its pass
	 * cleared nothing): the host then clears all of it first. */
	tp.passes = passes;
	size_t words = (passes > 1 ? 2 : 1) * tp.tiles * RADIX;
	size_t cleared = passes % 2 ? tp.tiles * RADIX : 0; /* by radix_hist */
	if (words > UINT32_MAX) {
		snprintf(c->err, c->errlen,
			 "%zu tiles of %zu keys are more than the look-back's status words can "
			 "count: larger work-groups",
			 tp.tiles, tp.tile);
		return -1;
	}
	tp.status = gpu__scratch_zeroed(c, U_STATUS, words);
	tp.tickets = gpu__scratch_zeroed(c, U_TICKETS, passes);
	tp.hist = gpu__scratch_zeroed(c, U_HIST, HIST_WORDS);
	if (!tp.status || !tp.tickets || !tp.hist)
		return -1;
	if (c->lb_lost) {
		if (gpu__fill(c, tp.status, 0, words) || gpu__fill(c, tp.tickets, 0, passes) ||
		    gpu__fill(c, tp.hist, 0, HIST_WORDS))
			return -1;
		c->lb_lost = 0;
	}
	size_t gh = GPU_DIV_UP(n, lh * HIST_PER_ITEM), most_h = gpu__groups(c, lh);
	gh = gh < most_h ? gh : most_h;
	if (gpu__launch(c, hist, gh * lh, lh, "mmuuumum", c->in[0], tp.hist, (unsigned)n, passes,
			pass_mask(tp.bits, passes - 1), tp.status, (unsigned)cleared, tp.tickets))
		return -1;
	if (packed)
		return packed_passes(c, &tp);
	return rs_passes(c, passes, tuned_one, &tp, &tp.b, cf.pairs);
}

/* The tuned pass's keys a work-item unless --keys-per-item says: tiles
 * of 256 work-items, the larger the fewer tiles to rank, publish and look
 * back over, and the longer each digit's run of stores (32 keys a digit
 * at 32 a work-item), until the registers leave too few groups an SM. On
 * an H100 at n = 2^26 (bench/h100/tuning.md, 2026-11-24), keys alone
 * sort in 1.656 ms with 20, 1.634 with 24, 1.593 with 28 and 1.770 with 32;
 * pairs in 2.569 with 20 (80 registers, three groups an SM), 2.526 with
 * 24, 2.432 with 28, 2.352 with 32 (128 registers, two groups) and 2.380
 * with 36; --pairs index as pairs (2.578 with 20, 2.409 with 28; 32 was
 * not timed for it, it takes the pairs' shape). The
 * early values take the registers of the keys alone at 16 (ptxas), and
 * were slower at 20. The keys alone take 24 since their registers are
 * capped (tuned_nv_options), and so do the ranked values: on an H200 at
 * 2^24 pairs 0.580 ms at 24 (64 registers), 0.592 at 24 and at 28 under
 * 72, 0.624 at 28 under 64 (spills), 0.715 at 32 uncapped (119 registers,
 * in groups of 224, as 256 take more local memory than a group has).
 * Groups of 384, CUB's on the H200 (384 work-items of 23 pairs, 80
 * registers, two groups an SM), were no faster at 20 keys a work-item
 * (80 registers): 0.600 and 0.605 ms at 2^24 against 0.606 and 0.605 at
 * 256 x 32, 2.17 and 2.18 at 2^26 against 2.12 and 2.12. The packed
 * pairs (the default with values) take 22, the most whose tile of pairs
 * (8 bytes each) fits an NVIDIA group's 48 KiB of local memory at 256
 * work-items: on an H200 (2026-11-30) at 2^20, 2^24 and 2^28 pairs, 0.0613,
 * 0.5280 and 7.700 ms at 18; 0.0617, 0.5079 and 7.453 at 20; 0.0623,
 * 0.4953 and 7.217 at 22; 12 and 24 (in groups of 224, or 192) were
 * slower. At 16 ptxas takes 64 registers, uncapped; a cap of 64 at 16
 * and 24 moved nothing. */
static unsigned tuned_pp(const gpu_job *job)
{
	if (keys_alone(job))
		return 24;
	int how = values_how(job);
	return how == 1 ? 16 : how == 2 ? 24 : how == 3 ? 22 : 32;
}

/* On NVIDIA the keys alone are built to hold at most 64 registers a
 * work-item: ptxas takes 96 unasked, which leaves two groups of 256 on an
 * SM; at 64 four fit (the tile's local memory holds four too), for 64
 * bytes of spills. On an H200 at n = 2^28 (bench/h100/tuning.md,
 * 2026-11-29) the sort took 5.557 ms as it was (28 keys a work-item, 96
 * registers) and 5.343 so, 24 keys a work-item; at 2^26 caps of 88, 80,
 * 72, 64 and 56 took 1.662, 1.446, 1.449, 1.393 and 1.438 ms at 28 keys,
 * against 1.442 uncapped. The late values' kernels stay uncapped: at 80
 * registers pairs spill 48 bytes and sort in 2.628 ms against 2.113. The
 * ranked ones hold no rank through the keys' stores and take the cap
 * without spills at 24 keys a work-item (tuned_pp). */
static const char *tuned_nv_options(const gpu_job *job)
{
	return keys_alone(job) || values_how(job) == 2 ? "-cl-nv-maxrregcount=64" : NULL;
}

/* Teaching: 16 elements per work-item of the scan, as the other
 * applications of scan (gpu_line_of_sight.c says why). */
const gpu_algo gpu_radix_sort = {
    .algo = &algo_radix_sort,
    .file = "radix_sort.cl",
    .variant = {[GPU_TEACHING] = {.run = teaching, .default_pp = 16},
		[GPU_TUNED] = {.run = tuned,
			       .takes_per_proc = 1,
			       .pp_param = "keys-per-item",
			       .pick_pp = tuned_pp,
			       .pick_nv_options = tuned_nv_options,
			       .series_at = TUNED_BITS}},
};
