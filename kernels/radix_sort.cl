/*
 * radix_sort.cl - the kernels of "radix-sort", LSD radix sort
 * (gpu_radix_sort.c runs them). Keys and values are only moved, so they
 * travel as uint bits; the keys are whole numbers below 2^31.
 *
 * The teaching kernels, one pass per digit t in base r, as the notes and
 * the PRAM program (src/algos/radix_sort.c) have it: a counting sort by one
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
 *                  the index i in the first pass without --pairs).
 *
 * The tuned kernels (radix_init, radix_hist, radix_onesweep) sort by 8-bit
 * digits in one read and one write a pass; their section below says how.
 *
 * Build options: those of common.clh and -DPP=k elements per work-item of
 * the scan, or keys per work-item of the tuned pass (at most 255).
 * Work-group sizes are powers of two, those of the tuned pass at most 256.
 * OpenCL C 1.2.
 */

#include "blockscan.clh"

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

/* pos: the exclusive scan of the r x n flag matrix. Without values (iota)
 * each key takes its input index along. */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint iota)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint at = pos[digit[i] * (size_t)n + i];
	keys_out[at] = keys[i];
	if (iota)
		vals_out[at] = (uint)i;
	else
		vals_out[at] = vals[i];
}

/* ---- the tuned sort ------------------------------------------------------
 *
 * 8-bit digits, so four passes sort 32-bit keys (fewer when the key range
 * or --digits leave the high digits out), each pass one read and one write
 * of the keys and values, Onesweep's way (Adinets and Merrill, 2022):
 *   radix_init      clears the look-back status words, the tile tickets and
 *                   the digit counts;
 *   radix_hist      counts the digits of every pass in one read of the keys
 *                   (local histograms, added into the global ones);
 *   radix_onesweep  one launch per pass: each work-group takes the next
 *                   tile of L*PP keys by ticket, ranks them stably in local
 *                   memory, publishes its 256 digit counts and looks back
 *                   over the tiles before it for each digit's place
 *                   (decoupled look-back, as scan_onepass.clh does for one
 *                   total), then writes the tile digit by digit.
 * Why the look-back rather than the classic upsweep (per-tile counts), scan
 * and downsweep: the upsweep reads every key once more per pass, 4 of the
 * 12 bytes a pass of keys alone would move; here the digit counts of all
 * passes come from one read, and a pass reads and writes each key and its
 * value once: 16 bytes a key (12 in the first pass without --pairs, which
 * makes the indices rather than reading them) and the status words, 1 KiB
 * a tile, written twice and read by the tiles after it. Tile numbers come
 * from a global counter, so every tile a work-group waits for belongs to a
 * group that started before it: on a GPU resident groups progress, and a
 * device that runs work-groups one at a time (PoCL, Oclgrind) has finished
 * them, so the wait always ends.
 *
 * Ranking a tile needs no sub-group functions (NVIDIA's OpenCL has none):
 * the work-items hold PP consecutive keys each, so that thread order is key
 * order, and two rounds of 4 bits each sort the tile stably in local
 * memory. A round counts each item's nibble in registers (sixteen 8-bit
 * counters in two ulongs), scans the per-item counts over the work-group
 * (Merrill and Grimshaw's packed counters: two 16-bit counts a word, the
 * words laid out nibble by work-item and raked 8 to a work-item), and gives
 * each key its rank: keys of smaller nibbles, the same nibble in earlier
 * work-items, then earlier in its own. Sorted, a tile's keys of one digit
 * are consecutive, so consecutive work-items write consecutive addresses.
 *
 * Status words of the look-back, one per tile and digit: 0 until the tile
 * publishes, then ST_AGG with the tile's own count of the digit, then
 * ST_INCL with the digit's place past this tile (the global offset of the
 * digit and the counts of every tile up to this one: below 2^31, since n
 * is). */

#define RADIX   256
#define ST_AGG  0x40000000u
#define ST_INCL 0x80000000u

/* Tile element i in local memory: one pad word every 32, so that work-items
 * reading PP consecutive elements hit different banks. */
#define TPAD(i) ((i) + ((i) >> 5))
/* Counter word s of a ranking round: one pad word after each work-item's 8
 * raked words. */
#define CPAD(s) ((s) + ((s) >> 3))

/* Clear the look-back state of every pass: words status words (a multiple
 * of 4), passes tickets and passes * RADIX digit counts. */
kernel void radix_init(global uint4 *status, uint words, global uint *tickets, global uint *hist,
		       uint passes)
{
	size_t g = get_global_id(0), step = get_global_size(0);
	for (size_t i = g; i < words / 4; i += step)
		status[i] = (uint4)(0);
	for (size_t i = g; i < passes * RADIX; i += step)
		hist[i] = 0;
	if (g < passes)
		tickets[g] = 0;
}

/* Add the digit counts of every pass into hist (passes rows of RADIX):
 * digit p of a key is (key >> 8p) & 255, & last in the last pass. Local
 * histograms of passes * RADIX words in h. */
void radix_count(local uint *h, uint key, uint passes, uint last)
{
	for (uint p = 0; p < passes; p++)
		atomic_inc(&h[p * RADIX + ((key >> (8 * p)) & (p + 1 < passes ? 255u : last))]);
}

kernel void radix_hist(global const uint *keys, global uint *hist, uint n, uint passes, uint last,
		       local uint *h)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t g = get_global_id(0), step = get_global_size(0);
	for (uint i = lid; i < passes * RADIX; i += L)
		h[i] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	global const uint4 *k4 = (global const uint4 *)keys;
	for (size_t i = g; i < n / 4; i += step) {
		uint4 x = k4[i];
		radix_count(h, x.s0, passes, last);
		radix_count(h, x.s1, passes, last);
		radix_count(h, x.s2, passes, last);
		radix_count(h, x.s3, passes, last);
	}
	if (g < n % 4)
		radix_count(h, keys[n / 4 * 4 + g], passes, last);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = lid; i < passes * RADIX; i += L)
		if (h[i])
			atomic_add(&hist[i], h[i]);
}

/* One round of ranking: move the work-item's PP keys and values to their
 * places in the tile sorted stably by the nibble (key >> sh) & nib, among
 * the work-group's L * PP. cnt holds 9L words, tot L; tk and tv the tile. */
void radix_round(const uint *key, const uint *val, uint sh, uint nib, local uint *tk,
		 local uint *tv, local uint *cnt, local uint *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	ulong lo = 0, hi = 0;  /* nibbles 0-7 and 8-15, 8 bits each */
	uint mine[PP / 4 + 1]; /* the keys' places among the work-item's own, a byte each */
	for (uint j = 0; j < PP / 4 + 1; j++)
		mine[j] = 0;
	for (uint j = 0; j < PP; j++) {
		uint d = (key[j] >> sh) & nib, s = (d & 7u) * 8u;
		ulong c = d < 8 ? lo : hi;
		mine[j / 4] |= ((uint)(c >> s) & 255u) << (8 * (j % 4));
		if (d < 8)
			lo += 1ul << s;
		else
			hi += 1ul << s;
	}
	/* Word (l, lid) counts nibble l in its low half, l + 8 in its high. */
	for (uint l = 0; l < 8; l++)
		cnt[CPAD(l * L + lid)] =
		    ((uint)(lo >> (8 * l)) & 255u) | ((uint)(hi >> (8 * l)) & 255u) << 16;
	barrier(CLK_LOCAL_MEM_FENCE);
	uint w[8], sum = 0, total;
	for (uint q = 0; q < 8; q++) {
		w[q] = cnt[CPAD(8 * lid + q)];
		sum += w[q];
	}
	uint pre = radix_group_excl(tot, sum, &total);
	for (uint q = 0; q < 8; q++) {
		cnt[CPAD(8 * lid + q)] = pre;
		pre += w[q];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The high halves count from the keys of nibbles 0-7, all of them. */
	uint low = total & 0xffffu;
	for (uint j = 0; j < PP; j++) {
		uint d = (key[j] >> sh) & nib, word = cnt[CPAD((d & 7u) * L + lid)];
		uint at = ((mine[j / 4] >> (8 * (j % 4))) & 255u) +
			  (d < 8 ? word & 0xffffu : (word >> 16) + low);
		tk[TPAD(at)] = key[j];
		tv[TPAD(at)] = val[j];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
}

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
			s[k] =
			    k < j ? atomic_or(&st[(j - 1 - k) * RADIX + d], 0u) /* an atomic read */
				  : ST_INCL;
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

/* One pass: digit (key >> 8 pass) & mask. status holds the passes' words,
 * tiles * RADIX a pass; hist the digit counts of each pass. Without values
 * (iota) each key takes its input index. tk and tv hold a padded tile, cnt
 * 9L words and tot L. */
kernel void radix_onesweep(global const uint *kin, global const uint *vin, global uint *kout,
			   global uint *vout, global uint *status, global uint *tickets,
			   global const uint *hist, uint n, uint pass, uint mask, uint iota,
			   local uint *tk, local uint *tv, local uint *cnt, local uint *tot)
{
	local uint t_sh, first[RADIX], last[RADIX];
	uint lid = get_local_id(0), L = get_local_size(0), TILE = L * PP, sh = 8 * pass;
	for (uint d = lid; d < RADIX; d += L)
		first[d] = last[d] = 0;
	if (lid == 0)
		t_sh = atomic_inc(&tickets[pass]);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint t = t_sh, tiles = (n + TILE - 1) / TILE;
	size_t base = (size_t)t * TILE;
	uint m = min((uint)(n - base), TILE), own = lid * PP;
	global uint *st = status + (size_t)pass * tiles * RADIX;
	hist += pass * RADIX;

	/* The work-item's PP consecutive keys; past the end, keys of the
	 * largest digit, which sort after every key of the tile. */
	uint key[PP], val[PP];
#if PP % 4 == 0
	if (m == TILE) {
		global const uint4 *k4 = (global const uint4 *)(kin + base + own);
		global const uint4 *v4 = (global const uint4 *)(vin + base + own);
		for (uint j = 0; j < PP / 4; j++) {
			uint4 x = k4[j];
			key[4 * j] = x.s0;
			key[4 * j + 1] = x.s1;
			key[4 * j + 2] = x.s2;
			key[4 * j + 3] = x.s3;
			if (!iota) {
				x = v4[j];
				val[4 * j] = x.s0;
				val[4 * j + 1] = x.s1;
				val[4 * j + 2] = x.s2;
				val[4 * j + 3] = x.s3;
			}
		}
	} else
#endif
	{
		for (uint j = 0; j < PP; j++) {
			uint e = own + j;
			key[j] = e < m ? kin[base + e] : 0xffffffffu;
			val[j] = e < m && !iota ? vin[base + e] : 0;
		}
	}
	if (iota)
		for (uint j = 0; j < PP; j++)
			val[j] = (uint)base + own + j;

	/* Sort the tile by the digit's low nibble, then stably by its high one
	 * (when the digit has one). */
	radix_round(key, val, sh, mask & 15u, tk, tv, cnt, tot);
	if (mask > 15) {
		for (uint j = 0; j < PP; j++) {
			key[j] = tk[TPAD(own + j)];
			val[j] = tv[TPAD(own + j)];
		}
		radix_round(key, val, sh + 4, mask >> 4, tk, tv, cnt, tot);
	}
	/* Where each digit's keys begin and end in the sorted tile. */
	for (uint i = lid; i < m; i += L) {
		uint d = (tk[TPAD(i)] >> sh) & mask;
		if (i == 0 || ((tk[TPAD(i - 1)] >> sh) & mask) != d)
			first[d] = i;
		if (i + 1 == m || ((tk[TPAD(i + 1)] >> sh) & mask) != d)
			last[d] = i + 1;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Each digit's place: tile 0 starts from the digits' global offsets,
	 * the exclusive scan of hist (RADIX / L digits a work-item; L <= RADIX);
	 * every other tile publishes its counts, then looks back. first[d]
	 * becomes the place of tile element 0 were it of digit d. */
	if (t == 0) {
		uint per = RADIX / L, s = 0, all;
		for (uint q = 0; q < per; q++)
			s += hist[lid * per + q];
		uint off = radix_group_excl(tot, s, &all);
		for (uint q = 0; q < per; q++) {
			uint d = lid * per + q;
			atomic_xchg(&st[d], ST_INCL | (off + last[d] - first[d]));
			first[d] = off - first[d];
			off += hist[d];
		}
	} else {
		global uint *mine = st + (size_t)t * RADIX;
		for (uint d = lid; d < RADIX; d += L)
			atomic_xchg(&mine[d], ST_AGG | (last[d] - first[d]));
		for (uint d = lid; d < RADIX; d += L) {
			uint before = radix_lookback(st, t, d);
			atomic_xchg(&mine[d], ST_INCL | (before + last[d] - first[d]));
			first[d] = before - first[d];
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	/* Consecutive work-items write consecutive places within a digit. */
	for (uint i = lid; i < m; i += L) {
		uint k = tk[TPAD(i)], at = first[(k >> sh) & mask] + i;
		kout[at] = k;
		vout[at] = tv[TPAD(i)];
	}
}
