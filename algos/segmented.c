/*
 * segmented.c - the steps that segmented scan (scan_segmented.c) and
 * segmented reduction (reduce_segmented.c) share. One vector holds
 * many segments, flags mark where each starts, and the scan (or reduction)
 * runs within each segment. The basis of quicksort, the sparse
 * matrix-vector product (one segment per row of the CSR matrix) and more.
 *
 * The notes warn that one integer per flag is wasteful; here the flags are
 * packed, 64 to a word (common.h), and element 0 always starts a segment.
 *
 * The program is the classic segmented Hillis-Steele scan on (flag, value)
 * pairs with the segmented operator
 *
 *     (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a + b)
 *
 * which is associative, so the recursive doubling of Hillis-Steele applies:
 * in the step of distance d = 1, 2, 4, ... < n, processor i >= d combines
 * pair i - d into pair i. The value half keeps x[i] when i's flag is set and
 * else forms x[i - d] + x[i]. The flag half, F := F | (F << d) on the packed
 * bit vector, is done a word at a time: processor w rebuilds word w from at
 * most three words (itself and the one or two that its bits come from), so
 * the flags stay packed while they change. Words whose bits all lie below d
 * do not change and are skipped, as is the flag half of the last step. The
 * first step reads the input flags and writes the working copy.
 *
 * Work: step d has n - d value processors plus the word processors with ids
 * below d (the others are value processors already): W = sum over d of
 * (n - d + e_d), e_d = max(0, min(nw, d) - ceil((d - 63) / 64)) when 2d < n,
 * else 0, nw = ceil(n / 64): Hillis-Steele's work plus at most nw a step.
 * The exclusive form adds one step of n (x[i - 1], or the identity at a
 * segment start). D = ceil(log2 n) (+ 1 exclusive).
 *
 * Memory model: x[i] is read by processors i and i + d, and the 64
 * processors of a word read that one packed word, in the same step:
 * concurrent reads, so the program needs CREW; writes are exclusive.
 *
 * The segmented reduction runs the same steps and, alongside, an ordinary
 * Hillis-Steele sum of the flags, which numbers the segments; a first step
 * unpacks the flags into that count, and a last step has the processor of
 * each segment's last element write its value to out[segment]. So W =
 * W_scan + 2n, D = ceil(log2 n) + 2, and the output has one value per
 * segment (ALGO_OUT_DATA).
 */
#include "common.h"

#define BITS PROG_FLAG_BITS

/* The tuned kernels' tile: L work-items of F elements each. */
#define SEG_PER_PROC                                                                               \
	{                                                                                          \
		.name = "per-proc", .metavar = "F", .min = 1, .max = 64, .def = 32,                \
		.help = "elements per work-item of the tuned kernels (a tile is G F elements)"     \
	}
#define SEG_GROUP                                                                                  \
	{                                                                                          \
		.name = "group", .metavar = "G", .min = 0, .max = 1024, .def = 0,                  \
		.props = ALGO_PARAM_POW2,                                                          \
		.help = "work-items per work-group of the tuned kernels (0: the largest that "     \
			"fits, up to 256; for reduce-segmented's group kernels 4096 / F, twice "   \
			"that for its look-back's one launch)"                                     \
	}

const algo_param prog_segscan_params[] = {SEG_PER_PROC, SEG_GROUP, {0}};

static const char *const numberings[] = {"auto", "lookback", "counted", "deferred", NULL};
static const char *const tiles[] = {"group", "warp", NULL};
static const char *const carries[] = {"lookback", "fixup", NULL};
static const char *const loads[] = {"local", "direct", NULL};
static const char *const forms[] = {"flags", "offsets", NULL};

const algo_param prog_segreduce_params[] = {
    SEG_PER_PROC,
    SEG_GROUP,
    {.name = "numbering",
     .metavar = "N",
     .def = 0,
     .choices = numberings,
     .help = "where the tuned kernel's tiles find their first segment number: lookback (in "
	     "the look-back, which a warp does 32 tiles a step on NVIDIA: one launch, the "
	     "flags and values read once), deferred (with --carry fixup and --tile-by group: "
	     "the pass counts its tiles' heads itself and writes its segments to a scratch as "
	     "large as the input, from which a second kernel moves them), counted (each "
	     "tile's heads counted and scanned first, by two kernels more) or auto (the "
	     "default: counted with --tile-by warp or --carry lookback, deferred with --load "
	     "direct, else lookback up to 16384 tiles and deferred above; on an H100 in segments of 1024, lookback took "
	     "0.0119 ms at 2^20 against deferred's 0.0157 and 0.115 at 2^26 against 0.119, "
	     "deferred 0.399 at 2^28 against 0.417)"},
    {.name = "tile-by",
     .metavar = "T",
     .def = 0,
     .choices = tiles,
     .help = "with --numbering counted, who takes a tuned kernel's tile: group (a work-group, "
	     "through local memory) or warp (32 work-items, by shuffles on NVIDIA; elsewhere "
	     "a slow form for the tests)"},
    {.name = "carry",
     .metavar = "C",
     .def = 1,
     .choices = carries,
     .help = "with --numbering counted and --tile-by group, how a segment that runs across "
	     "tiles gets the value running into a tile: lookback (the work-item holding its end "
	     "waits on the tile before) or fixup (no tile waits: each leaves its partials, and "
	     "a segmented scan of them and a small kernel finish those segments)"},
    {.name = "load",
     .metavar = "L",
     .def = 0,
     .choices = loads,
     .help = "with --carry fixup, how a work-item reads its F consecutive elements: local "
	     "(the tile through local memory, coalesced) or direct (straight from global "
	     "memory into registers, 4-wide; coalesced for small F)"},
    {.name = "segments",
     .metavar = "S",
     .def = 0,
     .choices = forms,
     .help = "how the kernels take the segments: flags (the packed flags, as the PRAM "
	     "program does; the default) or offsets (each segment's first index and n after "
	     "the last, as CUB's DeviceSegmentedReduce takes them, made from the flags on the "
	     "host before the first run, outside the timed runs: one kernel for both variants, "
	     "a work-group a segment, none waiting on another, but one group however long its "
	     "segment; the options above but --group then do not apply)"},
    {0},
};

/* Lowest word whose bits reach position d (its last bit is >= d). */
static size_t first_changing_word(size_t d)
{
	return d >= BITS - 1 ? (d - (BITS - 1) + BITS - 1) / BITS : 0;
}

/* The work of the doubling steps, the same for scan and reduction. */
void prog_segmented_cost(size_t n, uint64_t *w, uint64_t *d)
{
	size_t nw = prog_flag_words(n);
	for (size_t s = 1; s < n; s *= 2) {
		*w += n - s;
		size_t lo = first_changing_word(s), hi = nw < s ? nw : s;
		if (2 * s < n && hi > lo)
			*w += hi - lo;
		++*d;
	}
}

/* One word of F | (F << d): the word-processor half of a doubling step. */
static void shift_or_word(pram *m, pram_array *src, pram_array *dst, int64_t w, size_t d)
{
	int64_t q = (int64_t)(d / BITS);
	unsigned r = (unsigned)(d % BITS);
	uint64_t word = (uint64_t)pram_read(m, src, w);
	uint64_t from = 0;
	if (w >= q)
		from |= (q == 0 ? word : (uint64_t)pram_read(m, src, w - q)) << r;
	if (r && w >= q + 1)
		from |= (uint64_t)pram_read(m, src, w - q - 1) >> (BITS - r);
	pram_write(m, dst, w, (int64_t)(word | from));
}

/* The segmented doubling steps on x, with the packed flags in flags (left
 * as they are) and run (the working copy). When idx is not NULL it is
 * scanned (plain sum) in the same steps. */
void prog_segmented_doubling(pram *m, pram_array *x, pram_array *flags, pram_array *run,
			     pram_array *idx, size_t n, pram_op op)
{
	pram_type t = pram_array_type(x);
	size_t nw = prog_flag_words(n);
	for (size_t d = 1; d < n; d *= 2) {
		pram_array *src = d == 1 ? flags : run;
		int more = 2 * d < n;
		size_t lo = first_changing_word(d);
		/* A flag word, three accesses of x, three of idx and three
		 * of the flag words shifted: ten, by design. */
		PRAM_STEP_K(m, "(f,x)[i] = (f,x)[i - d] (+) (f,x)[i]; flags F |= F << d, by words",
			    10) {
			PRAM_FORALL(m, i, lo, n) {
				if ((size_t)i >= d) {
					if (!prog_read_flag(m, src, i)) {
						pram_value a = pram_read_v(m, x, i - (int64_t)d);
						pram_value b = pram_read_v(m, x, i);
						pram_write_v(m, x, i, pram_op_apply_v(op, t, a, b));
					}
					if (idx)
						pram_write(m, idx, i,
							   pram_read(m, idx, i - (int64_t)d) +
							       pram_read(m, idx, i));
				}
				if (more && (size_t)i < nw)
					shift_or_word(m, src, run, i, d);
			}
		}
	}
}
