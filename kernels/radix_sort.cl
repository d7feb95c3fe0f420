/*
 * radix_sort.cl - the kernels of "radix-sort", LSD radix sort
 * (gpu_radix_sort.c runs them). Keys and values are only moved, so they
 * travel as uint bits; the keys are unsigned, whole numbers below 2^32.
 *
 * The teaching kernels, one pass per digit t in base r, as the notes and
 * the PRAM program (algos/radix_sort.c) have it: a counting sort by one
 * scan, stable, so that the passes from the low digit up sort the keys.
 *   radix_digit    each key's digit, (key / r^t) mod r: the row of its 1 in
 *                  the r x n flag matrix, which is never written;
 *   radix_block,   the blocked exclusive sum scan (blockscan.clh) of that
 *   radix_add      matrix in row-major order, whose first level reads
 *                  flag[v n + i] as digit[i] == v, the notes' "native
 *                  0-scan": pos[v n + i] = (keys of a smaller digit) + (keys
 *                  of digit v before key i). For r = 2 the first half of pos
 *                  is the notes' 0-scan f, the second F + (i - f_i);
 *   radix_scatter  keys'[pos[digit[i] n + i]] = keys[i], and its value (or
 *                  the index i in the first pass of --pairs index; nothing
 *                  with --pairs no).
 *
 * The tuned kernels (radix_hist, radix_sweep_*) sort by 8-bit
 * digits in one read and one write a pass; their section below says how.
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the scan, or keys per work-item of the tuned pass (a tile, L * PP keys,
 * holds at most 2^16; the host keeps it to 2^15); -DLOOKBACK=k tiles a
 * look-back step reads at once (4); -DRADIX_VEC4=0 stages the early
 * values a word a load rather than 4; on NVIDIA -DPRAM_NV_MATCH_ANY
 * (common.clh) and -DRADIX_CP_ASYNC=1 (the early values by cp.async).
 * Work-group sizes are powers of two, or for the tuned passes whole warps
 * (a multiple of 32, such as CUB's 384). OpenCL C 1.2.
 */

#include "blockscan.clh"
#include "warp.clh"

/* The scan's load: mode 0 reads the words themselves (the block totals of
 * the levels above the first); mode m > 0 reads element e of the flag
 * matrix whose rows are m keys long from the m digits in src: 1 when key
 * e mod m has digit e / m. */
uint radix_load(global const uint *src, uint mode, size_t e)
{
	if (mode)
		return src[e % mode] == e / mode;
	return src[e];
}

#define RADIX_ADD(a, b) ((a) + (b))
SCAN_KERNELS(radix, uint, 0u, RADIX_ADD)

/* digit[i] = digit t of key i in base r, rt = r^t. */
kernel void radix_digit(global const uint *keys, global uint *digit, uint n, uint rt, uint r)
{
	size_t i = get_global_id(0);
	if (i < n)
		digit[i] = keys[i] / rt % r;
}

/* pos: the exclusive scan of the r x n flag matrix. vmode says what goes
 * with each key: 0 its value, 1 its input index, 2 nothing. */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint at = pos[digit[i] * (size_t)n + i];
	keys_out[at] = keys[i];
	if (vmode == 0)
		vals_out[at] = vals[i];
	else if (vmode == 1)
		vals_out[at] = (uint)i;
}

/* ---- the tuned sort ------------------------------------------------------
 *
 * 8-bit digits, so four passes sort 32-bit keys (fewer when the key range
 * or --digits leave the high digits out), each pass one read and one write
 * of the keys (and of the values, when they travel), Onesweep's way
 * (Adinets and Merrill, 2022):
 *   radix_hist        counts the digits of every pass in one read of the
 *                     keys (local histograms, added into the global ones)
 *                     and, when the passes are odd in number, clears the
 *                     first pass's look-back status words (a pass clears
 *                     its tiles' words of the next, the last of an even
 *                     number those of the next run's first, so the passes
 *                     share two sets of words, the even and the odd ones,
 *                     and a sort of four passes has none to clear first:
 *                     64 MiB at 2^28);
 *   radix_sweep_keys, one launch per pass: each work-group takes the next
 *   radix_sweep_pairs, tile of L*PP keys by ticket, ranks them stably in
 *   radix_sweep_index local memory, publishes its 256 digit counts and
 *                     looks back over the tiles before it for each digit's
 *                     place (decoupled look-back, as scan_onepass.clh does
 *                     for one total), then writes the tile digit by digit:
 *                     the keys alone, the keys and then their values, or
 *                     (the first pass of --pairs index) the keys and their
 *                     input indices, made rather than read.
 * radix_hist also sets the passes' tile tickets to 0, and tile 0 of a
 * pass, the only reader of the pass's digit counts, zeroes them once
 * read, so the counts a run leaves are zero for the next run's radix_hist
 * to add into (the host makes them zero when it makes them). A run is
 * thus a launch shorter: radix_init, a kernel that cleared them first,
 * took 5 to 12 us on an H200 however little it did, and the sort of 2^20
 * pairs went from 0.094 ms to 0.087 to 0.091 (bench/h100/tuning.md). The
 * host clears all of that state, and the status words, only after a
 * launch went missing, which leaves it as no run may find it (gpu__fill,
 * as gpu__lookback_epoch does).
 * Why the look-back rather than the classic upsweep (per-tile counts), scan
 * and downsweep: the upsweep reads every key once more per pass, 4 of the
 * 12 bytes a pass of pairs would move; here the digit counts of all passes
 * come from one read, and a pass reads and writes each key (and value)
 * once: 8 bytes a key alone, 16 a pair (12 in the first pass of --pairs
 * index, which makes the indices rather than reading them), and the
 * status words, 1 KiB a tile, written twice, read by the tiles after it
 * and cleared for the next pass. Tile numbers come from a global counter,
 * so every tile a work-group waits for belongs to a group that started
 * before it: on a GPU resident groups progress, and a device that runs
 * work-groups one at a time (PoCL, Oclgrind) has finished them, so the
 * wait always ends.
 *
 * Ranking a tile, warp by warp (a multisplit): with warps of W work-items
 * (32, or the group when smaller), warp w holds the keys w*W*PP ..
 * (w+1)*W*PP - 1 of the tile striped, key j of lane l being element
 * w*W*PP + W j + l, so that the order of (j, l) is key order and each j
 * reads W consecutive keys. For each j the warp finds the lanes whose key
 * has the same digit (on NVIDIA one atomic OR of its lane's bit into its
 * warp's word of the digit in local memory, all lanes reading the word
 * back; elsewhere warp_match), and each key's rank among its warp's keys
 * of that digit is the warp's running count of the digit
 * (one local counter per warp and digit) plus the matching lanes below
 * it; the highest of them moves the counter on. Then one work-group scan
 * over the digits (each work-item adds up the warps' counters of its
 * digits) turns the counters into the tile's place of each (digit, warp),
 * and a key's place in the tile sorted by digit is its counter's plus its
 * rank: stable, with one scan and no barrier per key on NVIDIA. The warp
 * steps are common.clh's warp_*: the PTX instructions on NVIDIA, local
 * memory and barriers elsewhere, so the tests check the same algorithm.
 * Sorted, a tile's keys of one digit are consecutive, so consecutive
 * work-items write consecutive addresses. The ranks are below 2^16 and
 * held two to a register (RANK below). The values take the
 * same way through local memory, in one of four ways:
 *   packed (radix_sweep_pack_pairs, _pack_index, _packed, _unpack; the
 *       default, --early-values 3): a key and its value travel as one
 *       8-byte pair, in registers from the load, through local memory
 *       and between the passes, so that the values take no trip of their
 *       own: no second round of barriers, local stores and loads, and a
 *       pair a store. The first pass reads the keys and the values apart
 *       (or makes the indices), the last writes them apart; between them
 *       the pairs lie in scratch buffers, as many bytes as keys and values
 *       apart. The tile of pairs takes twice the keys' local memory, 22
 *       pairs a work-item at most in 48 KiB, and the values 22 more
 *       registers. On an H200 at 2^28 pairs it sorted in 7.22 ms against
 *       late's 8.09 and CUB's 7.43 (bench/h100/tuning.md, 2026-11-30);
 *   early (radix_sweep_pairs_early, _index_early; --early-values 1): the
 *       tile's values are read with its keys straight into a second local
 *       tile in input order (4 words a load, or cp.async on NVIDIA), where
 *       they wait while the keys are ranked; once the ranks are known each
 *       work-item moves its keys' values to their places in that tile, and
 *       each key and its value are written out together. The value pass
 *       adds no registers to the ranking (80 like the keys' 78 at 16 keys a
 *       work-item, ptxas sm_90 on clang's PTX; the late kernel takes 96,
 *       which leaves a 256-item group 2 places on an SM rather than 3) and
 *       no read of global memory after the keys are out;
 *   late (radix_sweep_pairs, _index; the default before packed): a
 *       whole tile's values are loaded into registers while the keys
 *       leave (their loads issued just before), then moved through the
 *       keys' tile by the ranks and written in a second round: half the
 *       local memory of early, so more groups on an SM (gpu_radix_sort.c
 *       gives the times), for registers held through the keys' stores. A
 *       tile of the values' own in this order, with no barrier between the
 *       keys leaving and the values' moves, measured no faster
 *       (bench/h100/tuning.md);
 *   ranked (radix_sweep_pairs_ranked, _index_ranked; --early-values 2):
 *       the keys' ranks are kept in local memory past the tile, half a
 *       word each in input order, and the values are read in input order
 *       as the keys leave, then moved to their keys' ranks: no register
 *       holds a rank through the keys' stores, so the kernel fits the keys
 *       alone's 64 registers (four groups of 256 an SM) at 24 keys a
 *       work-item, for a quarter more local memory than late. On an H200
 *       it was 3 to 4% faster than late at 2^23 and 2^24 pairs, level at
 *       2^25 and slower at 2^22 and below and 2^26 and above
 *       (bench/h100/tuning.md); the host took it between 2^22 and 2^25
 *       keys until packed beat both.
 *
 * Status words of the look-back, one per tile and digit: 0 until the tile
 * publishes, then ST_AGG with the tile's own count of the digit (as soon
 * as the counts are known, before the keys move), then ST_INCL with the
 * digit's place past this tile (the global offset of the digit and the
 * counts of every tile up to this one: below 2^31, since n is). Flag and
 * count share the word, so a plain load and store suffice on NVIDIA
 * (nv_ld_relaxed); elsewhere they are atomics. */

#if !defined(OP_SUM) || defined(IS_FLOAT)
#error "radix_sort.cl counts in uint: build it with -DOP_SUM"
#endif

#define RADIX   256
#define ST_AGG  0x40000000u
#define ST_INCL 0x80000000u

/* Add the digit counts of every pass into hist (passes rows of RADIX):
 * digit p of a key is (key >> 8p) & 255, & last in the last pass.
 *
 * 32-bit keys have at most four passes, and every key is counted in all
 * four rows, without a branch, the rows past the last pass (keys of fewer
 * than 25 bits) by a mask of 255 too, so that their atomics spread over
 * the banks as the others do, and then dropped: a digit is a shift and a
 * mask, an address and the atomic, each pass's mask made once
 * (radix_masks). A loop over the passes, a count the compiler cannot see,
 * spent as many instructions again on its own bookkeeping (the pass's
 * shift, its mask, the test and the branch): on an H100 at 2^28 the
 * histogram took 0.486 ms with it and 0.449 without. Its atomics wait
 * on no bank conflict that copies of the counters would remove: 8 copies,
 * work-item l counting in copy l % 8 (the lanes of a bank those of one
 * copy whose digits agree mod 4), took 0.456 ms, 4 copies 0.467. */
void radix_masks(uint passes, uint last, uint mask[4])
{
	for (uint p = 0; p < 4; p++)
		mask[p] = p + 1 == passes ? last : 255u;
}

void radix_count(local uint *h, uint key, const uint mask[4])
{
	atomic_inc(&h[key & mask[0]]);
	atomic_inc(&h[RADIX + ((key >> 8) & mask[1])]);
	atomic_inc(&h[2 * RADIX + ((key >> 16) & mask[2])]);
	atomic_inc(&h[3 * RADIX + ((key >> 24) & mask[3])]);
}

void radix_count4(local uint *h, uint4 x, const uint mask[4])
{
	radix_count(h, x.s0, mask);
	radix_count(h, x.s1, mask);
	radix_count(h, x.s2, mask);
	radix_count(h, x.s3, mask);
}

/* The digit counts in global memory: RADIX_HIST_COPIES copies of every
 * pass's RADIX counters, 4 * RADIX words apart (the host makes room for
 * 8); work-group g of radix_hist adds into copy g mod RADIX_HIST_COPIES,
 * and tile 0 of a pass sums the copies (radix_hist_take). A wave of
 * groups ends together, and each adds its 4 * RADIX counts at once: on one
 * word the memory applies their atomics one after another, on copies
 * spread over lines it applies them side by side, as the histogram's
 * copies do (histogram_atomic.cl). On an H200 (bench/h100/tuning.md,
 * 2026-11-29, eighth session) the sort of 2^20 pairs took 0.0876 and
 * 0.0874 ms with one copy, 0.0814 and 0.0833 with 8 (1056 groups each),
 * and 0.0812 and 0.0779 with 8 copies and a quarter of the groups
 * (gpu_radix_sort.c's HIST_PER_ITEM). At 2^24 and 2^28 radix_hist took
 * 0.040 and 0.47 ms either way: there its local atomics bound it. */
#ifndef RADIX_HIST_COPIES
#define RADIX_HIST_COPIES 8
#endif
#if RADIX_HIST_COPIES < 1 || RADIX_HIST_COPIES > 8
#error "RADIX_HIST_COPIES: 1 to 8 (the host's room)"
#endif

kernel void radix_hist(global const uint *keys, global uint *hist, uint n, uint passes, uint last,
		       global uint4 *status, uint words, global uint *tickets)
{
	local uint h[4 * RADIX];
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t g = get_global_id(0), step = get_global_size(0);
	for (size_t i = g; i < words / 4; i += step)
		status[i] = (uint4)(0); /* the first pass's, when the passes are odd */
	for (size_t i = g; i < passes; i += step)
		tickets[i] = 0; /* the passes' tickets, taken after this launch */
	for (uint i = lid; i < 4 * RADIX; i += L)
		h[i] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	global const uint4 *k4 = (global const uint4 *)keys;
	uint mask[4];
	radix_masks(passes, last, mask);
	size_t i = g;
	/* Four loads at once, then their counts: one wait for memory a round,
	 * not one a load (named vectors, which Oclgrind reads right). */
	for (; i + 3 * step < n / 4; i += 4 * step) {
		uint4 a = k4[i], b = k4[i + step], c = k4[i + 2 * step], d = k4[i + 3 * step];
		radix_count4(h, a, mask);
		radix_count4(h, b, mask);
		radix_count4(h, c, mask);
		radix_count4(h, d, mask);
	}
	for (; i < n / 4; i += step)
		radix_count4(h, k4[i], mask);
	for (i = n / 4 * 4 + g; i < n; i += step)
		radix_count(h, keys[i], mask);
	barrier(CLK_LOCAL_MEM_FENCE);
	hist += (size_t)(get_group_id(0) % RADIX_HIST_COPIES) * 4 * RADIX;
	for (uint i = lid; i < passes * RADIX; i += L)
		if (h[i])
			atomic_add(&hist[i], h[i]);
}

/* Digit d's count of a pass, hist at the pass's counters of copy 0: the
 * sum of the copies, which clear sets back to 0 for the next run. */
uint radix_hist_take(global uint *hist, uint d, const uint clear)
{
	uint sum = 0;
	for (uint c = 0; c < RADIX_HIST_COPIES; c++) {
		sum += hist[c * 4 * RADIX + d];
		if (clear)
			hist[c * 4 * RADIX + d] = 0;
	}
	return sum;
}

/* A status word: read and written whole, by other work-groups too. */
uint radix_st_load(global uint *p)
{
#ifdef PRAM_NV_PTX
	return nv_ld_relaxed(p);
#else
	return atomic_or(p, 0u); /* an atomic read */
#endif
}

void radix_st_store(global uint *p, uint v)
{
#ifdef PRAM_NV_PTX
	nv_st_relaxed(p, v);
#else
	atomic_xchg(p, v);
#endif
}

/* Early values staged a uint4 a load (1), or a word (0). */
#ifndef RADIX_VEC4
#define RADIX_VEC4 1
#endif

/* On NVIDIA a key's peers in its warp come from one local atomic OR a key
 * (RADIX_MATCH_OR, 1 by default) rather than warp_match's 8 ballots: on an
 * H100 at 2^26 keys 1.474 ms against 1.600, pairs 2.304 against 2.360
 * (2026-11-24). The words take room in the tile past the counters, so a
 * tile of fewer than 2 * warps * RADIX keys uses the ballots. */
#ifndef RADIX_MATCH_OR
#define RADIX_MATCH_OR 1
#endif

/* On NVIDIA, -DRADIX_CP_ASYNC=1 stages them with cp.async (sm_80 on):
 * global memory to local without registers, the work-item going on to
 * rank its keys while they arrive; it waits for its own copies before the
 * barrier after which any work-item reads them. */
#ifndef RADIX_CP_ASYNC
#define RADIX_CP_ASYNC 0
#endif
#if RADIX_CP_ASYNC && defined(PRAM_NV_PTX)
inline void radix_cp_async16(local uint4 *dst, global const uint4 *src)
{
	__asm__ __volatile__("cp.async.cg.shared.global [%0], [%1], 16;"
			     :
			     : "r"((uint)(size_t)dst), "l"(src)
			     : "memory");
}

inline void radix_cp_async_wait(void)
{
	__asm__ __volatile__("cp.async.wait_all;" : : : "memory");
}
#else
#define radix_cp_async_wait() ((void)0)
#endif

/* Tiles one look-back step reads at once. */
#ifndef LOOKBACK
#define LOOKBACK 4
#endif

/* Digit d's place before tile t, from the status words st of the tiles
 * before it: their counts added from the nearest back to one that has
 * published its inclusive place. LOOKBACK words are read at once
 * (independent loads, so that their latencies overlap); a tile that has
 * not published yet ends the window, and the next one starts there. */
uint radix_lookback(global uint *st, size_t t, uint d)
{
	uint before = 0;
	for (size_t j = t; j > 0;) {
		uint s[LOOKBACK];
		for (uint k = 0; k < LOOKBACK; k++)
			s[k] = k < j ? radix_st_load(&st[(j - 1 - k) * RADIX + d]) : ST_INCL;
		for (uint k = 0; k < LOOKBACK; k++) {
			if (s[k] & ST_INCL)
				return before + (s[k] & ~ST_INCL);
			if (!s[k])
				break;
			before += s[k] & ~ST_AGG;
			j--;
		}
	}
	return before;
}

/* A key's rank among its warp's keys of digit d, given peers, the lanes
 * whose key has it (below: the lanes below this one): the warp's counter
 * of d plus the peers below, the highest peer moving the counter on (and
 * zeroing the digit's word of mw where or_words, the peers having come
 * from there). */
__attribute__((always_inline)) inline uint radix_rank_in_warp(local uint *wc, local uint *mw,
							      const uint or_words, uint d,
							      uint peers, uint lane, uint below)
{
	uint before = wc[d];
	warp_sync();
	if (lane == 31 - clz(peers)) { /* the highest of the peers */
		wc[d] = before + popcount(peers);
		if (or_words)
			mw[d] = 0;
	}
	warp_sync();
	return before + popcount(peers & below);
}

/* The keys' ranks, two to a register, rk[j / 2]: a rank is below 2^16, a
 * tile holding at most 2^16 keys. j is a constant in the unrolled loops,
 * so the halves cost a shift and a mask. On an H200 a rank a register
 * spilled 64 bytes of the keys alone under their cap of 64 registers, and
 * sorted 1% slower, keys and pairs (bench/h100/tuning.md). */
#define RANKS_WORDS ((PP + 1) / 2)
#define RANK(j)     ((j) % 2 ? rk[(j) / 2] >> 16 : rk[(j) / 2] & 0xffffu)
#define RANK_SET(j, r)                                                                   \
	(rk[(j) / 2] = (j) % 2 ? (rk[(j) / 2] & 0xffffu) | (r) << 16                     \
			       : (rk[(j) / 2] & 0xffff0000u) | (r))

/* Values a pass carries: none, those read with the keys, or the keys'
 * input indices, made in the first pass. */
#define CARRY_NONE  0u
#define CARRY_READ  1u
#define CARRY_INDEX 2u

/* How the values go (--early-values): late, early, or late with the
 * keys' ranks kept in local memory (radix_sweep's comments). */
#define VALS_LATE   0u
#define VALS_EARLY  1u
#define VALS_RANKED 2u
#define VALS_PACKED 3u

/* A packed pair: the key in the low half of a ulong, its value in the
 * high. (A uint2 made as (uint2)(key, value) starts as an undefined vector
 * that takes the two in turn, which Oclgrind reports as a store of an
 * undefined value.) The tile's words are counters (uint) before they are
 * pairs, so the pairs are reached through a type that may alias any other:
 * under C's aliasing rules a compiler may take a ulong store and a uint
 * load for different memory, and PoCL's did, moving pairs' stores above
 * the counters' last loads (wrong ranks, writes out of bounds) where
 * barriers had become loops over the work-items. */
typedef ulong __attribute__((may_alias)) radix_pair_t;

inline ulong radix_pair(uint key, uint val)
{
	return (ulong)val << 32 | key;
}

/* One pass of passes: digit (key >> 8 pass) & mask. status holds two
 * passes' words, tiles * RADIX each; hist the digit counts of each pass.
 * carry says which values travel (a constant in each kernel below, so
 * that the keys' kernel holds no values). tile holds max(L * PP, warps * RADIX) words,
 * scr L; count and place RADIX, t_sh one (the kernels' own). */
__attribute__((always_inline)) inline void radix_sweep(
    global const uint *kin, global const uint *vin, global uint *kout, global uint *vout,
    global uint *status, global uint *tickets, global uint *hist, uint n, uint pass,
    uint passes, uint mask, const uint carry, const uint how, const uint pin, const uint pout,
    local uint *tile, local uint *scr, local uint *count, local uint *place, local uint *t_sh)
{
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP, sh = 8 * pass;
	uint ww = warp_width(), lane = warp_lane(), w = lid / ww, nw = L / ww;
	/* Digits a work-item adds up and looks back for: per from d0 on
	 * (none when lid * per >= RADIX: L > RADIX, or L no power of two). */
	uint per = (RADIX + L - 1) / L, d0 = lid * per;
	/* early: the values' tile, past the keys' (and the counters); ranked:
	 * the keys' ranks there, in input order, a half word each. */
	const uint early = how == VALS_EARLY, ranked = how == VALS_RANKED,
		   packed = how == VALS_PACKED;
	local uint *vt = tile + max(TILE, nw * RADIX);
	local ushort *rt = (local ushort *)vt;
	if (lid == 0)
		*t_sh = atomic_inc(&tickets[pass]);
	for (uint i = lid; i < nw * RADIX; i += L)
		tile[i] = 0; /* the warps' digit counters */
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = *t_sh, tiles = (n + TILE - 1) / TILE;
	size_t base = (size_t)t * TILE;
	uint m = min((uint)(n - base), TILE), first = w * ww * PP + lane;
	/* Two sets of status words, for the even and the odd passes: this
	 * pass clears its tile's words of the next one, which the pass
	 * before it read. After an even number of passes the last one clears
	 * those of the next run's first pass (the host made them zero for the
	 * first run); after an odd number radix_hist does. */
	global uint *st = status + (size_t)(pass % 2) * tiles * RADIX;
	if (pass + 1 < passes || passes % 2 == 0) {
		global uint4 *next =
		    (global uint4 *)(status + (size_t)((pass + 1) % 2) * tiles * RADIX +
				     (size_t)t * RADIX);
		for (uint i = lid; i < RADIX / 4; i += L)
			next[i] = (uint4)(0);
	}
	hist += pass * RADIX;

	/* The warp's keys, striped; past the end, keys of the largest digit,
	 * which rank after every key of the tile. */
	uint key[PP], rk[RANKS_WORDS];
#pragma unroll
	for (uint j = 0; j < RANKS_WORDS; j++)
		rk[j] = 0;
	global const uint *kw = kin + base + first;
	/* packed: each key's value beside it, in registers through the
	 * ranking: read with it from pairs (pin), or from the values in
	 * their own array (or made, the indices) in the first pass. */
	uint pval[PP];
	if (packed && pin) {
		global const radix_pair_t *pw = (global const radix_pair_t *)kin + base + first;
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			ulong x = m == TILE || first + j * ww < m ? pw[j * ww] : 0xffffffffu;
			key[j] = (uint)x;
			pval[j] = (uint)(x >> 32);
		}
	} else if (ww == 32) { /* constant strides: no address to hold */
#pragma unroll
		for (uint j = 0; j < PP; j++)
			key[j] = m == TILE || first + 32 * j < m ? kw[32 * j] : 0xffffffffu;
	} else {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			key[j] = first + j * ww < m ? kw[j * ww] : 0xffffffffu;
	}
	if (packed && !pin) {
		global const uint *vw = vin + base + first;
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			uint e = first + j * ww;
			pval[j] = carry == CARRY_INDEX ? (uint)base + e
				  : m == TILE || e < m ? vw[j * ww]
						       : 0u;
		}
	}
	/* early: the tile's values into vt in input order at once, where
	 * they wait for the keys' ranks in local memory, not in registers.
	 * Any work-item may stage any of them (the barriers of the ranking
	 * come before they are read), so a whole tile goes 4 words a load.
	 * Every load of a work-item is issued before its first store, which
	 * waits for it: the waits overlap. */
	if (early && carry == CARRY_READ) {
		global const uint *vg = vin + base;
#if RADIX_VEC4
		if (m == TILE && TILE % 4 == 0 && !((size_t)vg % 16) && !((size_t)vt % 16)) {
			global const uint4 *v4 = (global const uint4 *)vg;
			local uint4 *t4 = (local uint4 *)vt;
#if RADIX_CP_ASYNC && defined(PRAM_NV_PTX)
#pragma unroll
			for (uint q = 0; q < (PP + 3) / 4; q++)
				if (q * L + lid < TILE / 4)
					radix_cp_async16(&t4[q * L + lid], &v4[q * L + lid]);
#else
			uint4 v[(PP + 3) / 4];
#pragma unroll
			for (uint q = 0; q < (PP + 3) / 4; q++)
				v[q] = q * L + lid < TILE / 4 ? v4[q * L + lid] : (uint4)(0);
#pragma unroll
			for (uint q = 0; q < (PP + 3) / 4; q++)
				if (q * L + lid < TILE / 4)
					t4[q * L + lid] = v[q];
#endif
		} else
#endif
		    if (m == TILE) {
			uint v[PP];
#pragma unroll
			for (uint j = 0; j < PP; j++)
				v[j] = vg[j * L + lid];
#pragma unroll
			for (uint j = 0; j < PP; j++)
				vt[j * L + lid] = v[j];
		} else {
			for (uint i = lid; i < m; i += L)
				vt[i] = vg[i];
		}
	}

	/* Each key's rank among its warp's keys of its digit, the warp's
	 * counters moving on by each step's keys; the digit is not held
	 * apart: the key gives it again. */
	local uint *wc = tile + w * RADIX;
	uint below = warp_lanes_below();
#if RADIX_MATCH_OR && defined(PRAM_NV_PTX)
	/* The peers by one local atomic OR a key: each lane sets its bit in
	 * its warp's word of the digit (zero beforehand), all read the word,
	 * and the highest peer zeroes it again. The words sit past the
	 * counters, in the tile, which holds no key yet. */
	if (TILE >= 2 * nw * RADIX) {
		local uint *mw = tile + (nw + w) * RADIX;
		for (uint i = lane; i < RADIX; i += ww)
			mw[i] = 0;
		warp_sync();
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			uint d = (key[j] >> sh) & mask;
			atomic_or(&mw[d], 1u << lane);
			warp_sync();
			RANK_SET(j, radix_rank_in_warp(wc, mw, 1, d, mw[d], lane, below));
		}
	} else
#endif
	{
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			uint d = (key[j] >> sh) & mask;
			RANK_SET(j, radix_rank_in_warp(wc, wc, 0, d, warp_match(scr, d, 8), lane,
							below));
		}
	}
	if (early && carry == CARRY_READ)
		radix_cp_async_wait();
	barrier(CLK_LOCAL_MEM_FENCE);

	/* The tile's place of each (digit, warp): digits in order, the warps
	 * in order within a digit. count[d] becomes the tile's number of keys
	 * of digit d (the padding left out) and place[d] where they start. */
	uint s = 0;
	for (uint q = 0; q < per && d0 + q < RADIX; q++)
		for (uint v = 0; v < nw; v++)
			s += tile[v * RADIX + d0 + q];
	uint all, at = group_scan_excl(scr, s, &all);
	for (uint q = 0; q < per && d0 + q < RADIX; q++) {
		uint d = d0 + q, c = at;
		for (uint v = 0; v < nw; v++) {
			uint x = tile[v * RADIX + d];
			tile[v * RADIX + d] = c;
			c += x;
		}
		count[d] = c - at - (d == mask ? TILE - m : 0);
		place[d] = at;
		at = c;
	}
	/* Publish the counts at once, so that the tiles after this one need
	 * not wait for its ranking; tile 0 knows its places: the digits'
	 * global offsets, the exclusive scan of hist, whose counts it then
	 * zeroes for the next run (no other group reads them). */
	if (t == 0) {
		uint h = 0;
		for (uint q = 0; q < per && d0 + q < RADIX; q++)
			h += radix_hist_take(hist, d0 + q, 0);
		uint off = group_scan_excl(scr, h, &all);
		for (uint q = 0; q < per && d0 + q < RADIX; q++) {
			uint d = d0 + q;
			radix_st_store(&st[d], ST_INCL | (off + count[d]));
			place[d] = off - place[d];
			off += radix_hist_take(hist, d, 1);
		}
	} else {
		for (uint q = 0; q < per && d0 + q < RADIX; q++)
			radix_st_store(&st[(size_t)t * RADIX + d0 + q], ST_AGG | count[d0 + q]);
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Each key's place in the tile (its warp's counter of its digit, now
	 * the place of the digit's keys of the warp, and its rank there),
	 * then the tile sorted by digit. */
#pragma unroll
	for (uint j = 0; j < PP; j++)
		RANK_SET(j, wc[(key[j] >> sh) & mask] + RANK(j));
	barrier(CLK_LOCAL_MEM_FENCE); /* the counters are read: the tile is free */
	local radix_pair_t *tile2 = (local radix_pair_t *)tile;
	if (packed) {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			tile2[RANK(j)] = radix_pair(key[j], pval[j]);
	} else {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			tile[RANK(j)] = key[j];
	}
	if (ranked && carry != CARRY_NONE) {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			rt[first + j * ww] = (ushort)RANK(j);
	}
	/* early: each key's value from vt (or its index, made) to the same
	 * place in vt sorted; all are read before any is written. */
	if (early && carry != CARRY_NONE) {
		uint val[PP];
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			uint e = first + j * ww;
			val[j] = carry == CARRY_INDEX ? (uint)base + e : e < m ? vt[e] : 0u;
		}
		if (carry == CARRY_READ)
			barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
		for (uint j = 0; j < PP; j++)
			vt[RANK(j)] = val[j];
	}

	/* Each digit's place past the tiles before: place[d] becomes the
	 * output index of tile element 0 were it of digit d. */
	if (t > 0)
		for (uint q = 0; q < per && d0 + q < RADIX; q++) {
			uint d = d0 + q, before = radix_lookback(st, t, d);
			radix_st_store(&st[(size_t)t * RADIX + d], ST_INCL | (before + count[d]));
			place[d] = before - place[d];
		}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Consecutive work-items write consecutive places within a digit,
	 * early the value beside its key; packed each pair whole (pout), or
	 * the key and its value apart (the last pass). */
	if (packed) {
#pragma unroll
		for (uint k = 0; k < PP; k++) {
			uint i = k * L + lid;
			if (i < m) {
				ulong x = tile2[i];
				uint at = place[((uint)x >> sh) & mask] + i;
				if (pout) {
					((global radix_pair_t *)kout)[at] = x;
				} else {
					kout[at] = (uint)x;
					vout[at] = (uint)(x >> 32);
				}
			}
		}
		return;
	}
	if (early || carry == CARRY_NONE) {
#pragma unroll
		for (uint k = 0; k < PP; k++) {
			uint i = k * L + lid;
			if (i < m) {
				uint x = tile[i], at = place[(x >> sh) & mask] + i;
				kout[at] = x;
				if (carry != CARRY_NONE)
					vout[at] = vt[i];
			}
		}
		return;
	}
	/* Late: the keys first.
	 * The values will go the same way: their elements' digits are kept,
	 * a byte each. */
	uint dig[(PP + 3) / 4];
#pragma unroll
	for (uint k = 0; k < (PP + 3) / 4; k++)
		dig[k] = 0;
	/* Late values of a whole tile: all their loads issued now, before the
	 * keys leave, so that they arrive while the keys are stored (on an
	 * H100 at n = 2^26, 20 keys a work-item: 2.58 ms; loaded once the
	 * keys were out 2.75, before the look-back 2.83 at 16 keys). */
	const uint vwhole = carry == CARRY_READ && m == TILE;
	global const uint *vw = vin + base + first;
	uint v[PP];
	if (vwhole && !ranked) {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			v[j] = ww == 32 ? vw[32 * j] : vw[j * ww];
	}
#pragma unroll
	for (uint k = 0; k < PP; k++) {
		uint i = k * L + lid;
		if (i < m) {
			uint x = tile[i], d = (x >> sh) & mask;
			kout[place[d] + i] = x;
			dig[k / 4] |= d << 8 * (k % 4);
		}
	}
	if (carry == CARRY_NONE)
		return;
	/* The values into the keys' tile, by the keys' ranks: a whole tile's
	 * from registers; the indices (made) and a short tile's (read) one by
	 * one. (Loading them with the keys into registers, or once the keys
	 * are ranked, measured slower: 10.6 and 10.3 ms against 9.7 for pairs
	 * at n = 2^28 on an H200, the best shape of each; early stages them in
	 * local memory instead.) */
	if (ranked) {
		/* ranked: the values in input order, L consecutive ones a
		 * load, issued as the keys leave; each goes to its key's rank,
		 * which the tile kept, so that no register held the ranks
		 * through the keys' stores. */
#pragma unroll
		for (uint k = 0; k < PP; k++) {
			uint i = k * L + lid;
			v[k] = carry == CARRY_INDEX ? (uint)base + i : i < m ? vin[base + i] : 0u;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE); /* the keys are read: the values' turn */
	if (ranked) {
#pragma unroll
		for (uint k = 0; k < PP; k++) {
			uint i = k * L + lid;
			if (i < m)
				tile[rt[i]] = v[k];
		}
	} else if (vwhole) {
#pragma unroll
		for (uint j = 0; j < PP; j++)
			tile[RANK(j)] = v[j];
	} else {
#pragma unroll
		for (uint j = 0; j < PP; j++) {
			uint e = first + j * ww;
			if (carry == CARRY_INDEX)
				tile[RANK(j)] = (uint)base + e;
			else if (e < m)
				tile[RANK(j)] = ww == 32 ? vw[32 * j] : vw[j * ww];
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
	for (uint k = 0; k < PP; k++) {
		uint i = k * L + lid;
		if (i < m)
			vout[place[(dig[k / 4] >> 8 * (k % 4)) & 255u] + i] = tile[i];
	}
}

/* A pass of the keys alone. */
kernel void radix_sweep_keys(global const uint *kin, global uint *kout, global uint *status,
			     global uint *tickets, global uint *hist, uint n, uint pass,
			     uint passes, uint mask, local uint *tile, local uint *scr)
{
	local uint count[RADIX], place[RADIX], t_sh;
	radix_sweep(kin, kin, kout, kout, status, tickets, hist, n, pass, passes, mask, CARRY_NONE,
		    VALS_LATE, 0, 0, tile, scr, count, place, &t_sh);
}

/* A pass of keys and values, radix_sweep_pairs##SUFFIX (those of vin),
 * and the first pass of --pairs index, radix_sweep_index##SUFFIX (the
 * values made, each key's input index), the values going HOW. */
#define RADIX_VALUE_KERNELS(SUFFIX, HOW)                                                         \
	kernel void radix_sweep_pairs##SUFFIX(                                                   \
	    global const uint *kin, global const uint *vin, global uint *kout, global uint *vout, \
	    global uint *status, global uint *tickets, global uint *hist, uint n,                 \
	    uint pass, uint passes, uint mask, local uint *tile, local uint *scr)                \
	{                                                                                        \
		local uint count[RADIX], place[RADIX], t_sh;                                     \
		radix_sweep(kin, vin, kout, vout, status, tickets, hist, n, pass, passes, mask,  \
			    CARRY_READ, HOW, 0, 0, tile, scr, count, place, &t_sh);              \
	}                                                                                        \
	kernel void radix_sweep_index##SUFFIX(                                                   \
	    global const uint *kin, global uint *kout, global uint *vout, global uint *status,   \
	    global uint *tickets, global uint *hist, uint n, uint pass, uint passes,             \
	    uint mask, local uint *tile, local uint *scr)                                        \
	{                                                                                        \
		local uint count[RADIX], place[RADIX], t_sh;                                     \
		radix_sweep(kin, kin, kout, vout, status, tickets, hist, n, pass, passes, mask,  \
			    CARRY_INDEX, HOW, 0, 0, tile, scr, count, place, &t_sh);             \
	}

/* Late, the default. */
RADIX_VALUE_KERNELS(, VALS_LATE)

/* Early: the values staged in local memory with the keys and written
 * beside them; tile holds twice the words (the keys' tile, then the
 * values'). */
RADIX_VALUE_KERNELS(_early, VALS_EARLY)

/* Ranked: the keys' ranks kept in local memory past the tile (half a word
 * a key) for the values, which are read once the keys leave. */
RADIX_VALUE_KERNELS(_ranked, VALS_RANKED)

/* Packed (--early-values 3): a pair travels as one 8-byte word, the key
 * in its low half (radix_pair), through local memory and between the
 * passes, so that the values take no trip of their own: the first pass
 * reads the keys and the values (or makes the indices) apart and writes
 * pairs, radix_sweep_pack_pairs and _pack_index; the passes between move
 * pairs, radix_sweep_packed; the last writes the keys and the values
 * apart, radix_sweep_unpack. A sort of one pass takes the late kernels.
 * The tile holds a pair in two words, twice the keys' words. kin (pin)
 * and kout (pout) hold pairs. */
#define RADIX_PACKED_KERNEL(NAME, CARRY, PIN, POUT)                                             \
	kernel void NAME(global const uint *kin, global const uint *vin, global uint *kout,      \
			 global uint *vout, global uint *status, global uint *tickets,           \
			 global uint *hist, uint n, uint pass, uint passes, uint mask,           \
			 local ulong *tile, local uint *scr)                                     \
	{                                                                                        \
		local uint count[RADIX], place[RADIX], t_sh;                                     \
		radix_sweep(kin, vin, kout, vout, status, tickets, hist, n, pass, passes, mask,  \
			    CARRY, VALS_PACKED, PIN, POUT, (local uint *)tile, scr, count, place, \
			    &t_sh);                                                              \
	}

RADIX_PACKED_KERNEL(radix_sweep_pack_pairs, CARRY_READ, 0, 1)
RADIX_PACKED_KERNEL(radix_sweep_pack_index, CARRY_INDEX, 0, 1)
RADIX_PACKED_KERNEL(radix_sweep_packed, CARRY_READ, 1, 1)
RADIX_PACKED_KERNEL(radix_sweep_unpack, CARRY_READ, 1, 0)
