/*
 * segmented.c - segmented scan and segmented reduction: one vector holds
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

#define BITS ALGOS_FLAG_BITS

/* Lowest word whose bits reach position d (its last bit is >= d). */
static size_t first_changing_word(size_t d)
{
	return d >= BITS - 1 ? (d - (BITS - 1) + BITS - 1) / BITS : 0;
}

/* The work of the doubling steps, the same for scan and reduction. */
static void doubling_cost(size_t n, uint64_t *w, uint64_t *d)
{
	size_t nw = algos_flag_words(n);
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
static void segmented_doubling(pram *m, pram_array *x, pram_array *flags, pram_array *run,
			       pram_array *idx, size_t n, pram_op op)
{
	pram_type t = pram_array_type(x);
	size_t nw = algos_flag_words(n);
	for (size_t d = 1; d < n; d *= 2) {
		pram_array *src = d == 1 ? flags : run;
		int more = 2 * d < n;
		size_t lo = first_changing_word(d);
		PRAM_STEP(m, "(f,x)[i] = (f,x)[i - d] (+) (f,x)[i]; flags F |= F << d, by words") {
			PRAM_FORALL(m, i, lo, n) {
				if ((size_t)i >= d) {
					if (!algos_read_flag(m, src, i)) {
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

static int segscan_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	doubling_cost(n, w, d);
	if (!p->inclusive && n > 0) {
		*w += n;
		++*d;
	}
	return 0;
}

static int segscan_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_array *x = algos_load(m, "x", in, n, NULL);
	pram_array *flags = algos_load_flags(m, "flags", in);
	pram_array *run = pram_array_new(m, "run", algos_flag_words(n), PRAM_INT);
	if (!x || !flags || !run)
		return 0;
	segmented_doubling(m, x, flags, run, NULL, n, p->op);
	if (p->inclusive) {
		algos_store(x, out);
		return 0;
	}
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!y)
		return 0;
	pram_value id = pram_op_identity_v(p->op, t);
	PRAM_STEP(m, "exclusive: y[i] = flag i ? identity : x[i - 1]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write_v(m, y, i,
				     algos_read_flag(m, flags, i) ? id : pram_read_v(m, x, i - 1));
		}
	}
	algos_store(y, out);
	return 0;
}

static void segscan_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	algos_acc acc;
	for (size_t i = 0; i < in->n; i++) {
		if (algos_flag(in, i))
			algos_acc_init(&acc, p->op, in->type);
		pram_value before = algos_acc_get(&acc);
		algos_acc_add(&acc, in->vals[i]);
		out->vals[i] = p->inclusive ? algos_acc_get(&acc) : before;
	}
}

const algo algo_scan_segmented = {
    .name = "scan-segmented",
    .family = "scan",
    .desc = "segmented scan (packed flags; segmented Hillis-Steele on (flag, value) pairs)",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE | ALGO_FLAGS,
    .default_inclusive = 1,
    .work_o = "O(n log n)",
    .depth_o = "O(log n)",
    .work_exact = "sum over d = 1, 2, 4, ... < n of (n - d + e_d), e_d = the flag words "
		  "below id d rebuilt in that step (+ n exclusive)",
    .depth_exact = "ceil(log2 n) (+ 1 exclusive)",
    .cost = segscan_cost,
    .simulate = segscan_simulate,
    .reference = segscan_reference,
    .kernel = "scan-segmented",
};

static int segreduce_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = *d = 0;
	if (n == 0)
		return 0;
	doubling_cost(n, w, d);
	*w += 2 * (uint64_t)n;
	*d += 2;
	return 0;
}

static int segreduce_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, nseg = algos_segments(in);
	out->n = nseg;
	if (n == 0)
		return 0;
	pram_array *x = algos_load(m, "x", in, n, NULL);
	pram_array *flags = algos_load_flags(m, "flags", in);
	pram_array *run = pram_array_new(m, "run", algos_flag_words(n), PRAM_INT);
	pram_array *idx = pram_array_new(m, "seg", n, PRAM_INT);
	pram_array *r = pram_array_new(m, "out", nseg, in->type);
	if (!x || !flags || !run || !idx || !r)
		return 0;
	PRAM_STEP(m, "unpack: seg[i] = flag i") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, idx, i, algos_read_flag(m, flags, i));
		}
	}
	segmented_doubling(m, x, flags, run, idx, n, p->op);
	PRAM_STEP(m, "segment ends: out[seg[i] - 1] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			if ((size_t)i == n - 1 || algos_read_flag(m, flags, i + 1))
				pram_write_v(m, r, pram_read(m, idx, i) - 1, pram_read_v(m, x, i));
		}
	}
	algos_store(r, out);
	return 0;
}

static void segreduce_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t k = 0;
	algos_acc acc;
	for (size_t i = 0; i < in->n; i++) {
		if (algos_flag(in, i)) {
			if (i > 0)
				out->vals[k++] = algos_acc_get(&acc);
			algos_acc_init(&acc, p->op, in->type);
		}
		algos_acc_add(&acc, in->vals[i]);
	}
	if (in->n > 0)
		out->vals[k++] = algos_acc_get(&acc);
	out->n = k;
}

const algo algo_reduce_segmented = {
    .name = "reduce-segmented",
    .family = "reduce",
    .desc = "one reduction per segment (packed flags; segmented Hillis-Steele, then the ends)",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_FLOAT | ALGO_FLAGS | ALGO_OUT_DATA,
    .work_o = "O(n log n)",
    .depth_o = "O(log n)",
    .work_exact = "the segmented scan's (inclusive) + 2n",
    .depth_exact = "ceil(log2 n) + 2",
    .cost = segreduce_cost,
    .simulate = segreduce_simulate,
    .reference = segreduce_reference,
    .kernel = "reduce-segmented",
};
