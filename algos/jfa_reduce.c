/*
 * jfa_reduce.c - partitioned reduction by jump flooding: the gist
 * "Massively Parallel Processing of Partitioned Streams", "Partitioned
 * Reduction" and "Reducing JFA Passes".
 *
 * Every element of a flagged stream ends up holding the reduction (count,
 * sum, max or min) of its partition, as in the gist's last table, and the
 * second output holds one value per partition, read where each partition
 * starts (its offset, which partition-offsets finds with a histopyramid;
 * here the start flags say it directly).
 *
 * The passes. With m the largest partition and b = 2 (--samples 3) or
 * b = 4 (--samples 7), K = ceil(log_b m) passes with the steps s = b^(K-1),
 * ..., b, 1: for m = 10 the gist's 8 4 2 1 (3 samples), and 4 1 (7
 * samples). A pass samples, for each element i, the elements i +- s (and
 * i +- 2s, i +- 3s with 7 samples) that lie in i's partition.
 *
 *   max, min  c'(i) = op of c(i) and every sample in the partition.
 *             After the K passes c(i) combines every element i + d of the
 *             partition with d = sum of e_k s_k, digits e_k in [-(b - 1),
 *             b - 1]: every |d| < b^K, so the whole partition once b^K >= m
 *             (a partition is an interval, so the monotone path of base-b
 *             digits to i + d never leaves it). Many d have several digit
 *             strings, so an element reaches i along several paths: the
 *             operator is idempotent, and that does no harm.
 *   sum       not idempotent: summing every sample counts elements twice.
 *   count     (the number of nonzero elements: a sum of x != 0)
 *             The invariant that holds is this: after the pass of step s,
 *             c(i) is the sum over the elements of i's partition congruent
 *             to i modulo s (before the first pass, modulo b^K >= m: i
 *             alone). The pass of step s takes the classes of s from those
 *             of b s: the class of i modulo s is the union of the classes
 *             modulo b s of i, i + s, ..., i + (b - 1) s, and the class of
 *             i + t s modulo b s is also that of i - (b - t) s. Both of
 *             those elements hold the same value when both lie in the
 *             partition, and at least one does when the class has an
 *             element there. So the correct pass is
 *
 *                 c'(i) = c(i) + sum over t = 1 .. b - 1 of
 *                         c(i + t s) if it is in the partition,
 *                         else c(i - (b - t) s) if that is, else 0:
 *
 *             each class once, never both elements of a pair. With b = 2
 *             the pair is i + s, i - s (3 samples); with b = 4 the pairs
 *             are (i + s, i - 3s), (i + 2s, i - 2s), (i + 3s, i - s): the
 *             gist's 7 samples.
 *
 * Where the gist needs care (its formula, "new_count(i) = count(i) + max
 * (is_neighbor(i,i+step)?count(i+1):0, is_neighbor(i,i-step)?count(i-1):0)"):
 *   - count(i+1) and count(i-1) must be count(i+step) and count(i-step):
 *     as printed it adds the adjacent element's count, gated by the far
 *     one's partition (on the gist's stream that gives 8 for the ten-element
 *     partition of count 5).
 *   - max is right for a count only because the two candidates, when both
 *     are neighbours, are the same class sum (see above) and counts are >= 0;
 *     adding both (the reading for a sum) counts the class twice, and for
 *     a sum of signed values max(c, 0) drops a negative class. Take the
 *     first neighbour of each pair, as above.
 *   - "a step size of N/2": it must be the largest power of two below N,
 *     2^(ceil(log2 N) - 1), the 8 its own table uses for N = 10; with 5, 2,
 *     1 ten ones sum to 8.
 *   - its 7-sample variant, all seven samples added, counts elements up to
 *     twice (ten elements of count 5 give 5 6 7 8 9 9 9 7 6 5); take one
 *     of each pair.
 *   - its last table (step 1) shows the second two-element partition,
 *     elements 15 and 16, as "1 0": the formula gives 1 1 (element 16 adds
 *     count(15) = 1); every other cell of its four tables is what the
 *     formula (with i +- step) gives.
 *
 * The program, for n elements, m the largest partition, k = 3 or 7
 * samples, K passes (the number of passes is a function of m, which the
 * gist takes as known; the host reads it off the partition sizes):
 *
 *   load      n processors: f(i) = flag i, c(i) = x(i) (x(i) != 0 for a
 *             count). n work, 1 step.
 *   part      p = the inclusive scan of f, each element's partition number
 *             (prog_scan: W_s = 3 P - 1 + n, D_s = 2 log2 P + 3, P the
 *             power of two >= n; 1 step of n under --model scan).
 *   passes    each two steps: the samples, one processor for each of the
 *             k - 1 samples of each element ((k - 1) n work: it reads the
 *             two partition numbers and, when they match, the sample; for
 *             a sum it also checks the pair's first element), then the
 *             combination, n processors. k n work, 2 steps.
 *   finish    n processors: y(i) = c(i), and where a partition starts
 *             out(p(i) - 1) = c(i). n work, 1 step.
 *
 * So W = 2n + W_s + k n K and D = 2 + D_s + 2K (nothing for n = 0): with 7
 * samples fewer steps (K = ceil(log4 m) against ceil(log2 m)) and more work
 * in each (7n against 3n a pass). On the gist's stream (n = 40, m = 10,
 * P = 64): 3 samples W = 80 + 231 + 3 * 40 * 4 = 791, D = 2 + 15 + 8 = 25;
 * 7 samples W = 80 + 231 + 7 * 40 * 2 = 871, D = 2 + 15 + 4 = 21. The
 * samples read the cells of other processors (a cell is sampled by up to
 * k - 1 of them): CREW.
 */
#include "common.h"

enum {
	P_SAMPLES,
	P_PART_LEN,
	P_PER_PROC,
	P_GROUP
};

/* The values of --samples: 0 is 3 samples, 1 is 7. */
static const char *const samples_choices[] = {"3", "7", NULL};

static const algo_param jfa_params[] = {
    [P_SAMPLES] = {.name = "samples",
		   .metavar = "K",
		   .def = 0,
		   .choices = samples_choices,
		   .help =
		       "samples a pass: 3 (i, i +- s; log2 m passes) or 7 (i, i +- s, +- 2s, +- "
		       "3s; log4 m passes)"},
    [P_PART_LEN] = PROG_PARAM_PART_LEN,
    /* The tuned kernel's shape, for sweeping it on a GPU. */
    [P_PER_PROC] = {.name = "per-proc",
		    .metavar = "F",
		    .min = 1,
		    .max = 64,
		    .def = 8,
		    .help = "elements per work-item of the tuned kernel (its window is G F "
			    "elements: the tile and the passes' reach on each side)"},
    [P_GROUP] = PROG_PARAM_GROUP("512"),
    {0},
};

static const algo_port jfa_outputs[] = {
    {.name = "y",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "every element: its partition's reduction (the gist's last table)"},
    {.name = "out",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "one value per partition"},
    {0},
};

static size_t jfa_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)p;
	return port == 0 ? in->n : prog_segments(in);
}

static int jfa_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_partitions(in, n, p->type, p->v[P_PART_LEN], seed);
}

/* b, the base of the steps, for k samples. */
static unsigned base_of(const algo_params *p)
{
	return p->v[P_SAMPLES] == 1 ? 4 : 2;
}

unsigned prog_jfa_passes(size_t m, unsigned b)
{
	unsigned K = 0;
	for (size_t span = 1; span < m; span *= b)
		K++;
	return K;
}

/* The offset of sample slot q (0 .. k - 2) in units of the step: slots
 * 0 .. b - 2 are +1 .. +(b - 1), the others -1 .. -(b - 1). The pair of
 * slot q < b - 1 (offset t) is the slot of offset -(b - t). */
static int64_t slot_offset(int64_t q, unsigned b)
{
	return q < (int64_t)b - 1 ? q + 1 : -(q - ((int64_t)b - 1) + 1);
}

static int jfa_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, T = prog_segments(in);
	out[0].n = n;
	out[1].n = T;
	if (n == 0)
		return 0;
	pram_type t = in->type;
	pram_op op = p->op;
	int sum = op == PRAM_OP_SUM;
	unsigned b = base_of(p), K = prog_jfa_passes(prog_largest_partition(in), b);
	int64_t slots = (int64_t)(2 * (b - 1));
	pram_value ident = pram_op_identity_v(op, t);
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *flags = prog_load_flags(m, "flags", in);
	pram_array *f = pram_array_new(m, "f", n, PRAM_INT);
	pram_array *part = pram_array_new(m, "part", n, PRAM_INT);
	pram_array *c = pram_array_new(m, "c", n, t);
	pram_array *smp = pram_array_new(m, "samples", (size_t)slots * n, t);
	pram_array *y = pram_array_new(m, "y", n, t);
	pram_array *r = pram_array_new(m, "out", T, t);
	if (!x || !flags || !f || !part || !c || !smp || !y || !r)
		return 0;
	PRAM_STEP(m, p->count ? "load: f[i] = flag i, c[i] = (x[i] != 0)"
			      : "load: f[i] = flag i, c[i] = x[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, f, i, prog_read_flag(m, flags, i));
			pram_value v = pram_read_v(m, x, i);
			if (p->count)
				v = prog_value(t, t == PRAM_INT ? v.i != 0 : v.f != 0);
			pram_write_v(m, c, i, v);
		}
	}
	prog_scan(m, part, f, n, PRAM_OP_SUM, 1);
	for (unsigned k = K; k-- > 0;) {
		int64_t s = 1;
		for (unsigned j = 0; j < k; j++)
			s *= b;
		const char *lsample = sum ? "pass, samples: i + t s in the partition, else i - (b "
					    "- t) s (one of each "
					    "pair)"
					  : "pass, samples: every i +- t s in the partition";
		PRAM_STEP(m, lsample) {
			PRAM_FORALL(m, g, 0, slots * (int64_t)n) {
				int64_t q = g / (int64_t)n, i = g % (int64_t)n;
				int64_t o = slot_offset(q, b), j = i + o * s;
				int64_t pi = pram_read(m, part, i);
				pram_value v = ident;
				int in_part =
				    j >= 0 && j < (int64_t)n && pram_read(m, part, j) == pi;
				if (in_part && sum && o < 0) {
					/* The pair's first element, i + (b + o) s, wins. */
					int64_t a = i + ((int64_t)b + o) * s;
					if (a < (int64_t)n && pram_read(m, part, a) == pi)
						in_part = 0;
				}
				if (in_part)
					v = pram_read_v(m, c, j);
				pram_write_v(m, smp, g, v);
			}
		}
		PRAM_STEP(m, "pass, combine: c[i] = c[i] op its samples") {
			PRAM_FORALL(m, i, 0, n) {
				pram_value v = pram_read_v(m, c, i);
				for (int64_t q = 0; q < slots; q++)
					v = pram_op_apply_v(
					    op, t, v, pram_read_v(m, smp, q * (int64_t)n + i));
				pram_write_v(m, c, i, v);
			}
		}
	}
	PRAM_STEP(m, "finish: y[i] = c[i]; at a partition's start out[part[i] - 1] = c[i]") {
		PRAM_FORALL(m, i, 0, n) {
			pram_value v = pram_read_v(m, c, i);
			pram_write_v(m, y, i, v);
			if (prog_read_flag(m, flags, i))
				pram_write_v(m, r, pram_read(m, part, i) - 1, v);
		}
	}
	prog_store(y, &out[0]);
	prog_store(r, &out[1]);
	return 0;
}

/* K, for pram bench's time a pass. */
static unsigned jfa_passes(const algo_data *in, const algo_params *p)
{
	return prog_jfa_passes(prog_largest_partition(in), base_of(p));
}

static void jfa_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, T = 0, start = 0;
	out[0].n = n;
	for (size_t i = 1; i <= n; i++) {
		if (i < n && !prog_flag(in, i))
			continue;
		prog_acc acc;
		prog_acc_init(&acc, p->op, in->type);
		for (size_t j = start; j < i; j++) {
			pram_value v = in->vals[j];
			if (p->count)
				v = prog_value(in->type,
					       in->type == PRAM_INT ? v.i != 0 : v.f != 0);
			prog_acc_add(&acc, v);
		}
		pram_value r = prog_acc_get(&acc);
		for (size_t j = start; j < i; j++)
			out[0].vals[j] = r;
		out[1].vals[T++] = r;
		start = i;
	}
	out[1].n = T;
}

const algo algo_jfa_reduce = {
    .name = "jfa-reduce",
    .family = "reduce",
    .desc = "partitioned reduction (count, sum, max, min) by jump flooding, 3 or 7 samples a pass",
    .model = PRAM_CREW,
    .caps = ALGO_OP | ALGO_OP_COUNT | ALGO_FLOAT,
    .inputs = prog_flagged_input,
    .outputs = jfa_outputs,
    .params = jfa_params,
    .work_o = "O(n log m)",
    .depth_o = "O(log n)",
    .work_exact = "2n + W_scan(n) + k n K; k samples, K = ceil(log_b m), b = 2 (k = 3) or 4 "
		  "(k = 7), m the largest partition, W_scan = 3P - 1 + n (P = next pow2 >= n)",
    .depth_exact = "2 + D_scan(n) + 2K; D_scan = 2 log2 P + 3 (0 for n = 0)",
    .cost = NULL,
    .out_len = jfa_out_len,
    .passes = jfa_passes,
    .generate = jfa_generate,
    .simulate = jfa_simulate,
    .reference = jfa_reference,
};
