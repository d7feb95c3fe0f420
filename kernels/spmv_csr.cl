/*
 * spmv_csr.cl - the kernels of "spmv-csr", y = M x with M in CSR: values V
 * and columns C of the k non-zeros, the m + 1 row starts R, and x.
 *
 * The teaching kernels do the notes' four steps, a launch each, around the
 * segmented scan of segmented.clh (seg_block and seg_add, run by the
 * multi-level driver):
 *   spmv_multiply     V'_j = V_j x_(C_j), a work-item per non-zero
 *   spmv_flags_clear  the packed flags F (32 to a uint, common.clh's
 *   spmv_flags_set    flag_at) cleared, then each non-empty row sets the bit
 *                     of its start: F_j = 1 <=> j in R. Rows whose starts
 *                     share a word set bits of one uint, hence atomic_or;
 *                     an empty row sets none (its start is the next
 *                     non-empty row's, or k)
 *   (seg_block, seg_add)  V'' = the inclusive segmented scan of V' by F
 *   spmv_gather       y_i = V''[R_(i+1) - 1], or 0 for an empty row
 * They move V', F and V'' through memory several times: about 4k words
 * more than the product needs.
 *
 * The tuned kernels read V and C once, coalesced, and write y once. The
 * non-zeros are cut into tiles of TILE = L PP (L the work-group size), a
 * tile a work-group, whatever the rows' lengths, so a row of a million
 * non-zeros and a million rows of one cost the same per non-zero:
 *   spmv_partition  rbeg[t], the rows that end at or before tile t's start
 *                   (rbeg[0] = 0, rbeg[tiles] = m), by a binary search in
 *                   R: tile t owns rows rbeg[t] .. rbeg[t + 1] - 1, which
 *                   end inside it (empty rows at its end included)
 *   spmv_tiles      each work-item multiplies PP non-zeros of the tile,
 *                   L apart (coalesced), into local memory; the tile's
 *                   rows flag their starts there; a work-group segmented
 *                   scan (each work-item's PP consecutive elements in
 *                   turn, then the L (flag, sum) pairs by common.clh's
 *                   group_segscan_excl, then the carries back) makes the notes' V'' for the
 *                   tile; the rows it owns read their sums from it, as the
 *                   gather does. Only the first row may have begun in an
 *                   earlier tile: its part here goes to head[t]. The part
 *                   of the row that runs on past the tile goes to tail[t].
 *   spmv_fixup      for each tile whose first row began earlier, y of that
 *                   row = head[t] plus the tails of the tiles it runs
 *                   through (a row spanning s tiles costs one work-item s
 *                   reads, and s - 1 tiles own no row at all)
 * Global traffic: V and C once (8k bytes), x gathered (m words for a band,
 * cached; a 32-byte sector a non-zero for random columns), R about once
 * (4(m + 1) bytes: a work-item reads the start and end of a row its tile
 * owns, its first L rows with the products' operands; the partition's
 * searches read log2 m starts a boundary), y once, and 3 words a tile.
 *
 * Up to 2^24 non-zeros the host runs spmv_spans instead, the same tiles
 * in one launch: each work-group finds its first row itself and takes a
 * span of consecutive tiles, counting the rows that end in each from where
 * the tile before left off, and the groups that share a row finish it
 * with counters rather than a fix-up launch (its comment below).
 *
 * For rows of even lengths (a band of 32) the tiles' phases, barriers and
 * search cost more than they save: spmv_vector gives each row a vector of
 * lanes, PP rows a vector, in one launch, a word a lane at a time, and
 * spmv_vector4, for long rows of nearby columns, a 16-byte quad of V and
 * of C a lane at a time (their comment below).
 *
 * Build options: -DIS_FLOAT for floats, -DOP_SUM (the kernels add; integer
 * sums wrap modulo 2^32), -DPP (non-zeros a work-item of spmv_tiles and
 * spmv_spans, rows a vector of spmv_vector and spmv_vector4). Through
 * PRAM_CL_OPTIONS, for a GPU to choose:
 *   -DSPMV_UNROLL=U   elements a lane of spmv_vector loads from each row at
 *                     once (1 by default)
 *   -DSPMV_CLAMP=1    spmv_vector's loads without a branch (clamped
 *                     indices; more registers)
 *   -DSPMV_STREAM=0|1 V and C never or always loaded as a stream on
 *                     NVIDIA (the host's choice otherwise: below)
 * Work-group sizes are powers of two. OpenCL C 1.2.
 */

#include "segmented.clh"

/* ---- the teaching kernels ----------------------------------------------- */

kernel void spmv_multiply(global const T *val, global const int *col, global const T *x,
			  global T *prod, uint k)
{
	size_t j = get_global_id(0);
	if (j < k)
		prod[j] = val[j] * x[col[j]];
}

kernel void spmv_flags_clear(global uint *flags, uint words)
{
	size_t w = get_global_id(0);
	if (w < words)
		flags[w] = 0;
}

kernel void spmv_flags_set(global const int *rs, global uint *flags, uint m)
{
	size_t i = get_global_id(0);
	if (i < m) {
		int s = rs[i], e = rs[i + 1];
		if (s < e)
			atomic_or(&flags[s >> 5], 1u << (s & 31));
	}
}

kernel void spmv_gather(global const int *rs, global const T *scanned, global T *y, uint m)
{
	size_t i = get_global_id(0);
	if (i < m) {
		int s = rs[i], e = rs[i + 1];
		y[i] = s < e ? scanned[e - 1] : IDENT;
	}
}

/* ---- the tuned kernels -------------------------------------------------- */

/* On NVIDIA the kernels come twice: as themselves and as *_stream, whose
 * loads of V and C, read once, take the stream's way (common.clh's
 * nv_ld_stream: no L1 line, evicted first from the L2), so that x,
 * gathered again and again, keeps more of both caches. The host takes the
 * stream where the rows gather scattered words of an x larger than the
 * device's cache (gpu_spmv_csr.c's stream_loads);
 * -DSPMV_STREAM=1 or 0 (through PRAM_CL_OPTIONS, to compare) makes both
 * kernels of a pair take it or neither. VAL(j) and COL(j) are the loads of
 * V and C; SPMV_POLICY declares what they need; `stream` is a constant of
 * each kernel. Elsewhere both kernels of a pair are the same. */
#ifdef SPMV_STREAM
#define STREAM_OF(s) (SPMV_STREAM)
#else
#define STREAM_OF(s) (s)
#endif
#ifdef PRAM_NV_PTX
#define SPMV_POLICY ulong spmv_pol = stream ? nv_evict_first_policy() : 0ul
#define VAL(j)                                                                         \
	(stream ? NV_T(nv_ld_stream((global const uint *)(val + (j)), spmv_pol)) : val[j])
#define COL(j) (stream ? (int)nv_ld_stream((global const uint *)(col + (j)), spmv_pol) : col[j])
#else
#define SPMV_POLICY (void)stream
#define VAL(j)      val[j]
#define COL(j)      col[j]
#endif

/* Local memory is padded a word every 32, so that the PP consecutive
 * elements of each work-item lie in different banks. */
#define PAD(i) ((i) + ((i) >> 5))

kernel void spmv_partition(global const int *rs, uint m, uint tile, global uint *rbeg, uint tiles)
{
	size_t t = get_global_id(0);
	if (t > tiles)
		return;
	if (t == 0 || t == tiles) {
		rbeg[t] = t ? m : 0;
		return;
	}
	/* The rows r with R[r + 1] <= t tile: R[1 .. m] never decreases. A
	 * binary search, whose log2 m loads each wait for the last: 0.043 ms
	 * of the band's product at 2^28 on an H100 (2^23 rows). Searching 8
	 * ways a step (7 loads at once, a third of the rounds) took 0.049 and
	 * 0.17 on the power law, whose 48 million row starts do not stay in
	 * the L2: there the searches are bound by the sectors they read, not
	 * by their rounds. A work-item a row start setting the boundaries up
	 * to the next (R read once, coalesced) took 0.055 and 0.185, the
	 * power law's longest rows crossing hundreds of boundaries, set one
	 * by one. A search of every 64th row start first (made by a launch
	 * before, small enough for the L2), then of the 64, took 0.026 +
	 * 0.021 and 0.046 + 0.019: the sample's strided reads cost more than
	 * the levels they save. */
	ulong pos = (ulong)t * tile;
	uint lo = 0, hi = m;
	while (lo < hi) {
		uint mid = lo + (hi - lo) / 2;
		if ((ulong)rs[mid + 1] <= pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	rbeg[t] = lo;
}

/* prod holds PAD(L PP) + 1 values, flag as many bytes, gv and gf L each.
 * Always inlined (see SPMV_POLICY), into spmv_tiles and spmv_tiles_stream
 * below: a C99 inline function that a compiler chose not to inline would
 * have no definition to call. Its pointers are restrict in the kernels
 * only: inlining a function's restrict parameters leaves LLVM's
 * noalias.scope.decl calls behind, which Oclgrind cannot run. */
#define SPMV_TILES_ARGS(R)                                                                  \
	global const T *R val, global const int *R col, global const int *R rs,             \
	    global const T *R x, global const uint *R rbeg, global T *y, global T *head,    \
	    global T *tail, uint k, uint m, local T *prod, local uchar *flag, local T *gv,  \
	    local uint *gf
#define SPMV_TILES_PASS val, col, rs, x, rbeg, y, head, tail, k, m, prod, flag, gv, gf

__attribute__((always_inline)) inline void spmv_tiles_do(SPMV_TILES_ARGS(), int stream)
{
	uint lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
	uint tile = L * PP, ts = g * tile, te = min(ts + tile, k);
	uint r0 = rbeg[g], r1 = rbeg[g + 1];
	SPMV_POLICY;
	/* The start and end of the tile's row r0 + lid (when it owns one), and
	 * the start of the row that runs on past it, loaded here, with the
	 * products' operands below, rather than once these are in local
	 * memory: one wait for memory less before the flags. */
	uint mine = r0 + lid;
	int ms = 0, me = 0, past = -1;
	if (mine < r1) {
		ms = rs[mine];
		me = rs[mine + 1];
	}
	if (lid == 0 && r1 < m)
		past = rs[r1];
	/* The products, each work-item PP of them L apart: coalesced. All PP
	 * loads of V and C first, then the PP gathers of x, without a branch
	 * (past the end a work-item reads the tile's last element again, and
	 * drops it), so that each work-item has 2 PP and then PP loads in
	 * flight at once: 0.880 ms against 0.918 for each product's loads in
	 * turn (H100, the band at 2^28). */
	T pv[PP];
	int pc[PP];
	if (ts < te) { /* (the one tile of a matrix without non-zeros is empty) */
#pragma unroll
		for (uint q = 0; q < PP; q++) {
			uint j = min(ts + q * L + lid, te - 1);
			pv[q] = VAL(j);
			pc[q] = COL(j);
		}
#pragma unroll
		for (uint q = 0; q < PP; q++)
			pv[q] *= x[pc[q]];
	}
#pragma unroll
	for (uint q = 0; q < PP; q++) {
		uint e = q * L + lid;
		prod[PAD(e)] = ts + e < te ? pv[q] : IDENT;
		flag[PAD(e)] = 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* F_j = 1 <=> j in R, for the rows starting in the tile: those it owns
	 * and the one that runs on past it. Distinct non-empty rows start at
	 * distinct places. */
	for (uint r = mine; r < r1; r += L) {
		int s = r == mine ? ms : rs[r], e = r == mine ? me : rs[r + 1];
		if (s < e && (uint)s >= ts)
			flag[PAD(s - ts)] = 1;
	}
	if (past >= 0 && (uint)past >= ts && (uint)past < te)
		flag[PAD((uint)past - ts)] = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The segmented scan: each work-item's PP consecutive elements, */
	uint base = lid * PP, f = 0;
	T acc = IDENT;
	for (uint q = 0; q < PP; q++) {
		uint e = PAD(base + q);
		acc = flag[e] ? prod[e] : acc + prod[e];
		f |= flag[e];
	}
	/* the work-items' (flag, sum) pairs by a work-group segmented scan
	 * (common.clh: Hillis-Steele, or warp shuffles on NVIDIA), whose
	 * running sum entering each work-item is carried to its first flag:
	 * prod becomes the notes' V'' of the tile. */
	T run = group_segscan_excl(gv, gf, acc, f);
	for (uint q = 0; q < PP; q++) {
		uint e = PAD(base + q);
		run = flag[e] ? prod[e] : run + prod[e];
		prod[e] = run;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The gather for the rows the tile owns; the first one's part only,
	 * when it began in an earlier tile. */
	for (uint r = mine; r < r1; r += L) {
		int s = r == mine ? ms : rs[r], e = r == mine ? me : rs[r + 1];
		T v = s < e ? prod[PAD((uint)e - 1 - ts)] : IDENT;
		if (s < e && (uint)s < ts)
			head[g] = v;
		else
			y[r] = v;
	}
	if (lid == 0)
		tail[g] = past >= 0 && (uint)past < te ? prod[PAD(te - 1 - ts)] : IDENT;
}

kernel void spmv_tiles(SPMV_TILES_ARGS(restrict))
{
	spmv_tiles_do(SPMV_TILES_PASS, STREAM_OF(0));
}

kernel void spmv_tiles_stream(SPMV_TILES_ARGS(restrict))
{
	spmv_tiles_do(SPMV_TILES_PASS, STREAM_OF(1));
}

kernel void spmv_fixup(global const int *rs, global const uint *rbeg, global const T *head,
		       global const T *tail, global T *y, uint tiles, uint tile)
{
	size_t g = get_global_id(0);
	if (g >= tiles)
		return;
	uint r = rbeg[g];
	if (r >= rbeg[g + 1])
		return; /* owns no row: the middle of a long one */
	uint s = (uint)rs[r];
	if (s >= (uint)g * tile || s == (uint)rs[r + 1])
		return; /* began here: spmv_tiles wrote it */
	/* The tails of tiles g - 1 down to the row's first, s / tile, added in
	 * that order, 8 loads at once: the power law's longest rows cross
	 * hundreds of tiles, and one load at a time, each waiting for the
	 * last, made this launch as long as that row's chain (0.020 ms on an
	 * H100 at 2^28; 0.016 with 8 at once, and with 32: what is left is the
	 * launch over every tile, as on the band, 0.008). */
	uint first = s / tile;
	T v = head[g];
	for (uint h = (uint)g; h > first;) {
		T part[8];
#pragma unroll
		for (uint i = 0; i < 8; i++)
			part[i] = h > first + i ? tail[h - i - 1] : IDENT;
#pragma unroll
		for (uint i = 0; i < 8; i++)
			if (h > first + i)
				v += part[i];
		h = h > first + 8 ? h - 8 : first;
	}
	y[r] = v;
}

/* ---- the one-launch tiles kernel ---------------------------------------- */

/* spmv_spans: the tiles' product in one launch, no partition and no fix-up
 * launch. Work-group g takes a span of tpg consecutive tiles, non-zeros
 * g S .. min((g + 1) S, k) - 1 (S = tpg L PP), in turn:
 *   - its first row, the rows that end at or before g S, by a search of
 *     all its work-items at once (L row ends a round, log_(L+1) m rounds), in
 *     place of spmv_partition's binary searches;
 *   - in each tile, the rows that end in it counted from where the tile
 *     before left off (L rows a round, each work-item checking one row's
 *     end and the next one's), flagging the starts of the rows they
 *     load, so that no tile searches;
 *   - the tile's segmented scan as in spmv_tiles, the running sum of the
 *     row that runs on out of the tile carried into the next one's first
 *     element, so that a row spanning tiles of one group is summed there.
 * A row that crosses spans gets a part from each group it lies in: the
 * part in the group where it ends (head) and the parts of the groups it
 * runs on out of (tail). Each group stores its part and counts itself on
 * the row's counter (that of the group where it ends); the group that
 * counts last adds the parts in span order, writes y and sets the counter
 * back to 0 (the host makes it 0 once): no group waits for another. Parts
 * and counters are atomics in device memory, a fence at the scope of the
 * device between a part and its count, as in reduce.cl's reduce_onepass.
 * part holds 2 G values (tails, then heads), cnt G counters. */
#define SPMV_SPANS_ARGS(R)                                                                  \
	global const T *R val, global const int *R col, global const int *R rs,             \
	    global const T *R x, global T *y, global uint *part, global uint *cnt,          \
	    global const uint *R plan, uint planned, uint k, uint m, uint tpg,              \
	    local T *prod, local uchar *flag, local T *gv, local uint *gf
#define SPMV_SPANS_PASS                                                                     \
	val, col, rs, x, y, part, cnt, plan, planned, k, m, tpg, prod, flag, gv, gf

/* The rows r < m with R[r + 1] <= pos, known to lie in [lo, hi], by all
 * the group's work-items: each round probes L rows that cut the range of
 * answers left into L + 1 equal parts and keeps the part after the last
 * row that ends at or before pos (log_(L+1) (hi - lo) rounds; a binary
 * search in a group of one; none when lo = hi). srch holds 4 words. */
inline uint spmv_first_row(global const int *rs, uint m, uint lo, uint hi, uint pos,
			   local uint *srch)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	for (uint round = 0; lo < hi; round ^= 2) {
		/* The answer lies in [lo, hi]; this work-item probes row i, the
		 * next one row n. */
		uint step = (hi - lo + 1 + L) / (L + 1), i = lo + (lid + 1) * step - 1,
		     n = i + step;
		uint in = i < hi && (uint)rs[min(i, m - 1) + 1] <= pos,
		     nx = n < hi && lid + 1 < L && (uint)rs[min(n, m - 1) + 1] <= pos;
		if (in && !nx) {
			srch[round] = i + 1;
			srch[round + 1] = min(n, hi);
		} else if (lid == 0 && !in) {
			srch[round] = lo;
			srch[round + 1] = i;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		lo = srch[round];
		hi = srch[round + 1];
	}
	return lo;
}

/* Part v of row r (from s to e) by this group, g, the tail of its span
 * (tail 1) or the head (tail 0); the last of the row's groups writes y. */
inline void spmv_part(global uint *part, global uint *cnt, global T *y, uint G, uint span,
		      uint g, int tail, uint r, uint s, uint e, T v)
{
	uint first = s / span, last = (e - 1) / span;
	atomic_xchg(&part[tail ? g : G + g], as_uint(v));
	device_fence();
	if (atomic_inc(&cnt[last]) != last - first)
		return;
	device_fence();
	T sum = IDENT;
	for (uint q = first; q < last; q++)
		sum += T_OF_BITS(atomic_or(&part[q], 0u));
	y[r] = sum + T_OF_BITS(atomic_or(&part[G + last], 0u));
	atomic_xchg(&cnt[last], 0u);
}

__attribute__((always_inline)) inline void spmv_spans_do(SPMV_SPANS_ARGS(), local uint *sh,
							 int stream)
{
	local uint *srch = sh, *nrows = sh + 4;
	uint lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0),
	     G = get_num_groups(0);
	uint tile = L * PP, span = tpg * tile, p0 = g * span, p1 = min(p0 + span, k);
	SPMV_POLICY;
	for (uint q = 0; q < PP; q++)
		flag[PAD(lid * PP + q)] = 0;
	/* The span's first row: the host's plan (--partition once), which
	 * leaves the search nothing to do, or the search. Group 0 starts at
	 * row 0, with the empty rows before any non-zero. The barrier: the
	 * flags cleared before any is set. */
	uint lo = planned ? plan[g] : 0, hi = planned ? lo : m;
	uint r0 = spmv_first_row(rs, m, lo, hi, p0, srch);
	if (g == 0)
		r0 = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	T carry = IDENT; /* work-item 0's: the open row's sum so far */
	for (uint ts = p0; ts == p0 || ts < p1; ts += tile) {
		uint te = min(ts + tile, k);
		/* The first L rows from r0: start, end and the next row's end,
		 * loaded with the products' operands (see spmv_tiles_do). */
		uint r = r0 + lid;
		int ms = 0, me = 0, mn = 0;
		if (r < m) {
			ms = rs[r];
			me = rs[r + 1];
			mn = r + 1 < m ? rs[r + 2] : 0;
		}
		T pv[PP];
		int pc[PP];
		if (ts < te) {
#pragma unroll
			for (uint q = 0; q < PP; q++) {
				uint j = min(ts + q * L + lid, te - 1);
				pv[q] = VAL(j);
				pc[q] = COL(j);
			}
#pragma unroll
			for (uint q = 0; q < PP; q++)
				pv[q] *= x[pc[q]];
		}
#pragma unroll
		for (uint q = 0; q < PP; q++) {
			uint e = q * L + lid;
			prod[PAD(e)] = ts + e < te ? pv[q] : IDENT;
		}
		/* The rows that end in the tile, L a round: the one work-item
		 * whose row ends in it and whose next row does not (or work-item
		 * 0, when none does) counts them; every loaded row that starts in
		 * the tile flags its start. */
		uint owned = 0;
		for (uint c = 0;; c ^= 1) {
			uint rr = r0 + owned + lid;
			int s = ms, e = me, en = mn;
			if (owned && rr < m) {
				s = rs[rr];
				e = rs[rr + 1];
				en = rr + 1 < m ? rs[rr + 2] : 0;
			}
			uint mine = rr < m && (uint)e <= te,
			     next = rr + 1 < m && (uint)en <= te && lid + 1 < L;
			if (rr < m && s < e && (uint)s >= ts && (uint)s < te)
				flag[PAD((uint)s - ts)] = 1;
			if (mine && !next)
				nrows[c] = owned + lid + 1;
			else if (lid == 0 && !mine)
				nrows[c] = owned;
			barrier(CLK_LOCAL_MEM_FENCE);
			uint now = nrows[c];
			if (now < owned + L) {
				owned = now;
				break;
			}
			owned = now;
		}
		/* The segmented scan, as in spmv_tiles_do, the carry entering at
		 * the tile's first element. */
		uint base = lid * PP, f = 0;
		T acc = lid == 0 ? carry : IDENT;
		for (uint q = 0; q < PP; q++) {
			uint e = PAD(base + q);
			acc = flag[e] ? prod[e] : acc + prod[e];
			f |= flag[e];
		}
		T run = group_segscan_excl(gv, gf, acc, f);
		if (lid == 0)
			run = carry;
		for (uint q = 0; q < PP; q++) {
			uint e = PAD(base + q);
			run = flag[e] ? prod[e] : run + prod[e];
			prod[e] = run;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint q = 0; q < PP; q++)
			flag[PAD(base + q)] = 0;
		/* The rows the tile owns; the group's first, when it began in an
		 * earlier span, is its head part. */
		for (uint i = lid; i < owned; i += L) {
			uint rr = r0 + i;
			int s = i == lid ? ms : rs[rr], e = i == lid ? me : rs[rr + 1];
			T v = s < e ? prod[PAD((uint)e - 1 - ts)] : IDENT;
			if (s < e && (uint)s < p0)
				spmv_part(part, cnt, y, G, span, g, 0, rr, (uint)s, (uint)e, v);
			else
				y[rr] = v;
		}
		r0 += owned;
		if (lid == 0 && ts < te) {
			carry = prod[PAD(te - 1 - ts)];
			/* The row that runs on past the span: its tail part. */
			uint s = r0 < m ? (uint)rs[r0] : te;
			if (te == p1 && s < te)
				spmv_part(part, cnt, y, G, span, g, 1, r0, s, (uint)rs[r0 + 1],
					  carry);
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

kernel void spmv_spans(SPMV_SPANS_ARGS(restrict))
{
	local uint sh[6]; /* the search's bounds, the rows counted */
	spmv_spans_do(SPMV_SPANS_PASS, sh, STREAM_OF(0));
}

kernel void spmv_spans_stream(SPMV_SPANS_ARGS(restrict))
{
	local uint sh[6];
	spmv_spans_do(SPMV_SPANS_PASS, sh, STREAM_OF(1));
}

/* ---- the row-vector kernel ---------------------------------------------- */

/* Elements a lane loads from each row before it multiplies any of them
 * (build option, 1 by default): with VW lanes a row, a row of VW U
 * non-zeros is one trip through the loop below. */
#ifndef SPMV_UNROLL
#define SPMV_UNROLL 1
#endif

/* spmv_vector: the CSR-vector kernel, for rows of even lengths (the band's
 * 32, the uniform matrix's 4), where the tiles' phases and barriers cost
 * more than they save. A vector of vw
 * lanes (a power of two up to 32, consecutive work-items, so inside one
 * warp) takes PP rows, the group's vectors side by side on consecutive
 * rows (coalesced for short rows too); each lane loads the row's elements
 * lane, lane + vw, ... of all PP rows (and SPMV_UNROLL of each) before it
 * multiplies any, so that a lane has 2 PP SPMV_UNROLL loads of V and C in
 * flight, then the gathers of x, then the sums. The vw lanes' partial sums
 * of a row meet by a butterfly of shuffles on NVIDIA (log2 vw of them, no
 * local memory, no barrier); elsewhere (and in groups smaller than a
 * warp) through local memory, where after one barrier a work-item adds a
 * row's vw partial sums in lane order.
 * No tile, no search, no fix-up: one launch, V, C and R read once
 * (coalesced: a row's vw lanes read consecutive words), y written once.
 * A long row costs its vector time in proportion, so rows of very unequal
 * lengths (the power law) belong to the tiles. red holds L PP values
 * (unused on NVIDIA in groups of 32 or more).
 * spmv_vector4 is the same by quads (below): lane l of a vector loads the
 * 16-byte words l, l + vw, ... of V and of C that hold a row, 4
 * non-zeros each, so that a row of 32 takes 8 lanes one load of each:
 * every element of the quads is read (a row's first and last quads may
 * hold other rows' elements, whose products it drops). */
#define SPMV_VECTOR_ARGS(R)                                                                 \
	global const T *R val, global const int *R col, global const int *R rs,             \
	    global const T *R x, global T *R y, uint k, uint m, uint vw, local T *red
#define SPMV_VECTOR_PASS val, col, rs, x, y, k, m, vw, red

__attribute__((always_inline)) inline void spmv_vector_do(SPMV_VECTOR_ARGS(), int stream,
							  int quads)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	uint lane = lid & (vw - 1), lg = 31 - clz(vw), v0 = lid >> lg, nv = L >> lg;
	/* The group's first row; its nv vectors take rows g0 + i nv + v0 (row
	 * i of vector v0), so that the group's vectors read consecutive rows
	 * at each i: a warp of 8 vectors of 4 lanes reads 8 rows of 4 in one
	 * line. */
	size_t g0 = get_group_id(0) * (size_t)nv * PP;
	uint s[PP], e[PP], len = 0;
	T acc[PP];
	SPMV_POLICY;
#pragma unroll
	for (uint i = 0; i < PP; i++) {
		size_t r = g0 + i * nv + v0;
		s[i] = r < m ? (uint)rs[r] : 0;
		e[i] = r < m ? (uint)rs[r + 1] : 0;
	}
	/* spmv_vector4 (quads): each lane loads 4 elements of V and C at
	 * once, from the 16-byte aligned quads that hold each row: quads
	 * a / 4 + lane, + vw, ... (a the row's start rounded down to a
	 * multiple of 4), and drops the products of elements outside the row,
	 * whose columns are other rows' and lie inside x. A quad that runs
	 * past k is read an element at a time. Plain loads: no stream. */
	if (quads) {
#pragma unroll
		for (uint i = 0; i < PP; i++) {
			len = max(len, e[i] - (s[i] & ~3u));
			acc[i] = IDENT;
		}
	} else {
#pragma unroll
		for (uint i = 0; i < PP; i++) {
			len = max(len, e[i] - s[i]);
			acc[i] = IDENT;
		}
	}
	for (uint q = 4 * lane; quads && q < len; q += 4 * vw) {
		T4 v[PP];
		int4 c[PP];
#pragma unroll
		for (uint i = 0; i < PP; i++) {
			uint j = (s[i] & ~3u) + q;
			v[i] = (T4)(IDENT);
			c[i] = (int4)(0);
			if (j + 4 <= k) {
				v[i] = ((global const T4 *)val)[j >> 2];
				c[i] = ((global const int4 *)col)[j >> 2];
			} else if (j < k) {
				v[i].s0 = val[j];
				c[i].s0 = col[j];
				if (j + 1 < k) {
					v[i].s1 = val[j + 1];
					c[i].s1 = col[j + 1];
				}
				if (j + 2 < k) {
					v[i].s2 = val[j + 2];
					c[i].s2 = col[j + 2];
				}
			}
		}
#pragma unroll
		for (uint i = 0; i < PP; i++) {
			uint j = (s[i] & ~3u) + q;
			T p0 = v[i].s0 * x[c[i].s0], p1 = v[i].s1 * x[c[i].s1],
			  p2 = v[i].s2 * x[c[i].s2], p3 = v[i].s3 * x[c[i].s3];
			acc[i] += (j >= s[i] && j < e[i] ? p0 : IDENT) +
				  (j + 1 >= s[i] && j + 1 < e[i] ? p1 : IDENT) +
				  (j + 2 >= s[i] && j + 2 < e[i] ? p2 : IDENT) +
				  (j + 3 >= s[i] && j + 3 < e[i] ? p3 : IDENT);
		}
	}
	for (uint q = lane; !quads && q < len; q += vw * SPMV_UNROLL) {
		T v[PP][SPMV_UNROLL];
		int c[PP][SPMV_UNROLL];
		/* Every load of V and C first, then the gathers, then the sums.
		 * With SPMV_CLAMP without a branch: a lane past its row's end
		 * reads an element of V (k > 0 here: some row has one) and x_0,
		 * and drops their product (more registers: 40 for PP = 4
		 * against 32). */
#if defined(SPMV_CLAMP) && SPMV_CLAMP
#pragma unroll
		for (uint i = 0; i < PP; i++) {
#pragma unroll
			for (uint u = 0; u < SPMV_UNROLL; u++) {
				uint j = s[i] + q + u * vw, jj = min(j, k - 1);
				v[i][u] = VAL(jj);
				c[i][u] = j < e[i] ? COL(jj) : -1;
			}
		}
#pragma unroll
		for (uint i = 0; i < PP; i++) {
#pragma unroll
			for (uint u = 0; u < SPMV_UNROLL; u++) {
				T p = v[i][u] * x[max(c[i][u], 0)];
				acc[i] += c[i][u] >= 0 ? p : IDENT;
			}
		}
#else
#pragma unroll
		for (uint i = 0; i < PP; i++) {
#pragma unroll
			for (uint u = 0; u < SPMV_UNROLL; u++) {
				uint j = s[i] + q + u * vw;
				v[i][u] = IDENT;
				c[i][u] = -1;
				if (j < e[i]) {
					v[i][u] = VAL(j);
					c[i][u] = COL(j);
				}
			}
		}
#pragma unroll
		for (uint i = 0; i < PP; i++) {
#pragma unroll
			for (uint u = 0; u < SPMV_UNROLL; u++)
				if (c[i][u] >= 0)
					acc[i] += v[i][u] * x[c[i][u]];
		}
#endif
	}
#ifdef PRAM_NV_PTX
	/* Each lane ends with every row's sum (the PP rows' shuffles of a step
	 * independent, in flight together); lane i % vw writes row i. Groups
	 * of whole warps only (all of a group takes the same branch). */
	if (L >= 32) {
		for (uint d = vw >> 1; d > 0; d >>= 1) {
#pragma unroll
			for (uint i = 0; i < PP; i++)
				acc[i] += NV_T(nv_shfl_xor(NV_U(acc[i]), d));
		}
#pragma unroll
		for (uint i = 0; i < PP; i++)
			if (lane == (i & (vw - 1)) && g0 + i * nv + v0 < m)
				y[g0 + i * nv + v0] = acc[i];
		return;
	}
#endif
#pragma unroll
	for (uint i = 0; i < PP; i++)
		red[i * L + lid] = acc[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Work-item t adds the vw partial sums of the group's row t: row
	 * t / nv of vector t % nv, whose lanes are local ids (t % nv) vw on. */
	for (uint t = lid; t < nv * PP; t += L) {
		uint b = (t >> (31 - clz(nv))) * L + (t & (nv - 1)) * vw;
		T sum = IDENT;
		for (uint l = 0; l < vw; l++)
			sum += red[b + l];
		if (g0 + t < m)
			y[g0 + t] = sum;
	}
}

kernel void spmv_vector(SPMV_VECTOR_ARGS(restrict))
{
	spmv_vector_do(SPMV_VECTOR_PASS, STREAM_OF(0), 0);
}

kernel void spmv_vector_stream(SPMV_VECTOR_ARGS(restrict))
{
	spmv_vector_do(SPMV_VECTOR_PASS, STREAM_OF(1), 0);
}

kernel void spmv_vector4(SPMV_VECTOR_ARGS(restrict))
{
	spmv_vector_do(SPMV_VECTOR_PASS, 0, 1);
}
