/*
 * radix_sort.c - LSD radix sort, the lecture notes' parallel radix sort:
 * "for i = 0 ... numbits - 1: split(i, a)", low digit first, each pass a
 * stable split of the keys by one digit (a bit by default: --bits-per-pass
 * b sorts b-bit digits, --radix R digits of any base R), double buffered.
 *
 * A pass is a counting sort by a scan, with no atomics. For radix r the
 * r x n flag matrix has flag[v n + i] = 1 when digit t of key i is v; its
 * exclusive sum scan pos (in that row-major order) gives key i its place,
 * pos[v n + i] = (keys of a smaller digit) + (keys of digit v before i),
 * so equal digits keep their order: the pass is stable, as the notes say
 * it must be. For r = 2 this is the notes' split word for word: the first
 * row of flags is their a' (the inverted bit), the first half of pos is
 * their 0-scan f_i, the second half is F + (i - f_i), F the number of 0s,
 * and d_i = f_i or F + i - f_i. One scan of 2n gives both halves, so no
 * processor has to read F (a concurrent read): every step is exclusive.
 * With S(N) = (S_W, S_D) the cost of one scan of N (common.h; one step of
 * the primitive under --model scan), pass t is
 *
 *   clear    r n processors: flag[k] = 0
 *   flag     n processors: flag[digit_t(keys[i]) n + i] = 1
 *   scan     pos = the exclusive sum scan of flag (S(r n))
 *   scatter  n processors: keys'[pos[d n + i]] = keys[i], and the value
 *
 * and with P passes, P the digits of key-range - 1 in base r (or
 * --digits D: sort by the D lowest digits only, the notes' d),
 *
 *   W = P (r n + 2n + S_W(r n)),   D = P (3 + S_D(r n))
 *
 * that is W = P (2 (r + 1) n + 3 L - 1) and D = P (2 ceil(log2 r n) + 6)
 * with L = 2^ceil(log2 r n) (EREW, Blelloch's scans), and W = 2 P (r + 1) n,
 * D = 4P under --model scan: the notes' O(b log n) depth for b passes, and
 * O(b) with a unit-cost scan. Larger digits mean fewer passes over a
 * wider matrix: the work of a pass grows with r, the number of passes
 * falls with log r. `pram report radix-sort` shows that trade: it
 * measures the sort at 1, 2, 4 and 8 bits a pass (the series of
 * --bits-per-pass), each its own line in the sort family's figure, and
 * the tuned kernels, 8-bit digits whatever is asked, at 8 only.
 *
 * With --pairs yes a value rides with each key (the second input and
 * output). Without (--pairs index), the second output is the input index
 * of each sorted key (the processors carry it as they would a value),
 * which makes the stability visible: it increases along every run of
 * equal keys. With --pairs no the keys travel alone and the second output
 * is empty: the same steps, W and D, without the values' reads and
 * writes. Integer keys only; --trace labels every step with its pass.
 */
#include <stdlib.h>

#include "common.h"

/* Most passes (--digits, and the digits of key-range - 1). */
#define MAX_PASSES 64

/* The parameters, by index: the radix sorts' own three (common.h), then
 * these. */
enum {
	P_DIGITS = PROG_RADIX_P_OWN,
	P_PAIRS,
	P_DIST,
	P_KEYS_ITEM,
	P_GROUP,
	P_EARLY
};

static const algo_param rs_params[] = {
    [PROG_RADIX_P_BITS] =
	{.name = "bits-per-pass",
	 .metavar = "B",
	 .min = 1,
	 .max = 16,
	 .def = 1,
	 .help = "sort B-bit digits, radix 2^B (1: the notes' split by each bit; the tuned "
		 "kernels sort 8-bit digits whatever B)",
	 .series = {1, 2, 4, 8},
	 .nseries = 4},
    [PROG_RADIX_P_RADIX] = {.name = "radix",
			    .metavar = "R",
			    .min = 0,
			    .max = 1 << 16,
			    .def = 0,
			    .help = "sort digits of base R instead (0: 2^bits-per-pass)"},
    [PROG_RADIX_P_RANGE] = {.name = "key-range",
			    .metavar = "K",
			    .min = 1,
			    .max = (int64_t)1 << 62,
			    .def = 1 << 16,
			    .props = ALGO_PARAM_KEY_RANGE,
			    .help = "keys lie in [0, K); the passes are the digits of K - 1"},
    [P_DIGITS] = {.name = "digits",
		  .metavar = "D",
		  .min = 0,
		  .max = MAX_PASSES,
		  .def = 0,
		  .help = "sort by the D lowest digits only (0: all the digits of K - 1)"},
    [P_PAIRS] = PROG_PARAM_PAIRS,
    [P_DIST] = PROG_PARAM_DIST,
    [P_KEYS_ITEM] = {.name = "keys-per-item",
		     .metavar = "K",
		     .min = 0,
		     .max = 64,
		     .def = 0,
		     .help = "tuned kernels only: keys each work-item of a pass ranks (a tile "
			     "is K times the work-group); 0: 24 for keys alone, with values 22 "
			     "packed (--early-values 3, and in the late kernel a sort of one pass "
			     "takes then), 32 with 0, 16 with 1, 24 with 2"},
    [P_GROUP] = {.name = "group-size",
		 .metavar = "G",
		 .min = 1,
		 .max = 1024,
		 .def = 256,
		 .props = ALGO_PARAM_WARPS,
		 .help = "tuned kernels only: work-items of a pass's work-group, at most (fewer "
			 "where the device has less)"},
    [P_EARLY] = {.name = "early-values",
		 .metavar = "E",
		 .min = 0,
		 .max = 3,
		 .def = 3,
		 .help =
		     "tuned kernels only, with values: 0 reads them as the keys are written; "
		     "1 stages a tile's values in local memory with its keys and writes each "
		     "beside its key (on an H100 at 2^28 pairs: 18.4 ms against 11.1, its "
		     "medians uneven); 2 reads them once the keys are written, the keys' ranks "
		     "kept in local memory rather than in registers; 3 packs each key and its "
		     "value into one 8-byte pair that travels whole through local memory and "
		     "between the passes, the fastest on an H200 at every size (a sort of one "
		     "pass takes 0)"},
    {0},
};

/* The labels of one pass's steps (static strings, as steps need). */
typedef struct pass_labels {
	const char *clear, *flag, *scatter;
	prog_scan_labels scan;
} pass_labels;

#define PASS_LABELS(t)                                                                            \
	{                                                                                         \
		"pass " #t ": clear the flag matrix, r rows of n",                                \
		    "pass " #t ": flag[digit(keys[i]) n + i] = 1",                                \
		    "pass " #t ": scatter keys[i] (and values[i]) to pos[digit n + i]",           \
		{                                                                                 \
			"pass " #t ", scan of the flags: copy in, pad",                           \
			    "pass " #t ", scan: up-sweep", "pass " #t ", scan: clear the root",   \
			    "pass " #t ", scan: down-sweep", "pass " #t ", scan: copy out to pos" \
		}                                                                                 \
	}

static const pass_labels labels[MAX_PASSES] = {
    PASS_LABELS(1),  PASS_LABELS(2),  PASS_LABELS(3),  PASS_LABELS(4),  PASS_LABELS(5),
    PASS_LABELS(6),  PASS_LABELS(7),  PASS_LABELS(8),  PASS_LABELS(9),  PASS_LABELS(10),
    PASS_LABELS(11), PASS_LABELS(12), PASS_LABELS(13), PASS_LABELS(14), PASS_LABELS(15),
    PASS_LABELS(16), PASS_LABELS(17), PASS_LABELS(18), PASS_LABELS(19), PASS_LABELS(20),
    PASS_LABELS(21), PASS_LABELS(22), PASS_LABELS(23), PASS_LABELS(24), PASS_LABELS(25),
    PASS_LABELS(26), PASS_LABELS(27), PASS_LABELS(28), PASS_LABELS(29), PASS_LABELS(30),
    PASS_LABELS(31), PASS_LABELS(32), PASS_LABELS(33), PASS_LABELS(34), PASS_LABELS(35),
    PASS_LABELS(36), PASS_LABELS(37), PASS_LABELS(38), PASS_LABELS(39), PASS_LABELS(40),
    PASS_LABELS(41), PASS_LABELS(42), PASS_LABELS(43), PASS_LABELS(44), PASS_LABELS(45),
    PASS_LABELS(46), PASS_LABELS(47), PASS_LABELS(48), PASS_LABELS(49), PASS_LABELS(50),
    PASS_LABELS(51), PASS_LABELS(52), PASS_LABELS(53), PASS_LABELS(54), PASS_LABELS(55),
    PASS_LABELS(56), PASS_LABELS(57), PASS_LABELS(58), PASS_LABELS(59), PASS_LABELS(60),
    PASS_LABELS(61), PASS_LABELS(62), PASS_LABELS(63), PASS_LABELS(64),
};

/* The radix and the number of passes of p, or -1 when --radix and
 * --bits-per-pass disagree (or the radix is 1). */
static int config(const algo_params *p, uint64_t *r, unsigned *passes)
{
	*r = prog_radix_param(p);
	if (*r == 0)
		return -1;
	*passes = p->v[P_DIGITS] ? (unsigned)p->v[P_DIGITS]
				 : prog_radix_digits((uint64_t)p->v[PROG_RADIX_P_RANGE] - 1, *r);
	return *passes <= MAX_PASSES ? 0 : -1;
}

static int rs_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t r;
	unsigned passes;
	*w = *d = 0;
	if (config(p, &r, &passes))
		return -1;
	if (n == 0)
		return 0;
	uint64_t pw = (r + 2) * n, pd = 3;
	prog_scan_cost(r * n, p->model, 0, &pw, &pd);
	*w = passes * pw;
	*d = passes * pd;
	return 0;
}

static int rs_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_pairs(in, n, p->v[PROG_RADIX_P_RANGE], (int)p->v[P_DIST], p->v[P_PAIRS],
			      seed);
}

static int rs_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in[0].n;
	uint64_t r;
	unsigned passes;
	if (config(p, &r, &passes)) {
		prog_radix_fail(m, p->v[PROG_RADIX_P_RADIX], p->v[PROG_RADIX_P_BITS]);
		return 0;
	}
	if (prog_radix_check(m, in, p, p->v[P_PAIRS]) || n == 0)
		return 0;
	int carry = p->v[P_PAIRS] != PROG_PAIRS_NO; /* the values ride along */
	pram_array *keys[2] = {prog_load(m, "keys0", &in[0], n, NULL),
			       pram_array_new(m, "keys1", n, PRAM_INT)};
	pram_array *vals[2] = {carry ? pram_array_new(m, "vals0", n, PRAM_INT) : NULL,
			       carry ? pram_array_new(m, "vals1", n, PRAM_INT) : NULL};
	size_t rn = (size_t)r * n;
	pram_array *flag = pram_array_new(m, "flag", rn, PRAM_INT);
	pram_array *pos = pram_array_new(m, "pos", rn, PRAM_INT);
	pram_array *scratch =
	    prog_scan_model(m) ? NULL : pram_array_new(m, "scan", algo_next_pow2(rn), PRAM_INT);
	if (!keys[0] || !keys[1] || (carry && (!vals[0] || !vals[1])) || !flag || !pos ||
	    (!scratch && !prog_scan_model(m)))
		return 0;
	/* The values, or the keys' indices, are loaded with the keys. */
	if (p->v[P_PAIRS] == PROG_PAIRS_YES) {
		pram_array_load_v(vals[0], in[1].vals, n);
	} else if (carry) {
		int64_t *idx = malloc(n * sizeof *idx);
		if (!idx) {
			pram_fail(m, PRAM_ENOMEM, "out of memory for %zu indices", n);
			return 0;
		}
		for (size_t i = 0; i < n; i++)
			idx[i] = (int64_t)i;
		pram_array_load_i(vals[0], idx, n);
		free(idx);
	}
	for (unsigned t = 0; t < passes && !pram_failed(m); t++) {
		pram_array *ks = keys[t % 2], *kd = keys[1 - t % 2];
		pram_array *vs = vals[t % 2], *vd = vals[1 - t % 2];
		uint64_t rt = prog_radix_power(r, t);
		const pass_labels *lb = &labels[t];
		PRAM_STEP(m, lb->clear) {
			PRAM_FORALL(m, k, 0, rn) {
				pram_write(m, flag, k, 0);
			}
		}
		PRAM_STEP(m, lb->flag) {
			PRAM_FORALL(m, i, 0, n) {
				int64_t v = prog_radix_digit(pram_read(m, ks, i), rt, r);
				pram_write(m, flag, v * (int64_t)n + i, 1);
			}
		}
		prog_scan_scratch(m, pos, flag, rn, PRAM_OP_SUM, 0, scratch, &lb->scan);
		PRAM_STEP(m, lb->scatter) {
			PRAM_FORALL(m, i, 0, n) {
				int64_t key = pram_read(m, ks, i);
				int64_t v = prog_radix_digit(key, rt, r);
				int64_t at = pram_read(m, pos, v * (int64_t)n + i);
				pram_write(m, kd, at, key);
				if (carry)
					pram_write(m, vd, at, pram_read(m, vs, i));
			}
		}
	}
	prog_store(keys[passes % 2], &out[0]);
	if (carry)
		prog_store(vals[passes % 2], &out[1]);
	return 0;
}

static void rs_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	uint64_t r;
	unsigned passes;
	if (config(p, &r, &passes))
		return;
	/* Sorting by the P lowest digits is sorting by key mod r^P (by the
	 * whole key when r^P passes every key). */
	prog_radix_reference(in, out, p, p->v[P_PAIRS], prog_radix_power(r, passes));
}

static size_t rs_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	return prog_pairs_len(in, port, p->v[P_PAIRS]);
}

const algo algo_radix_sort = {
    .name = "radix-sort",
    .family = "sort",
    .desc = "LSD radix sort: a stable split by each digit (the notes' 0-scan), low digit first",
    .model = PRAM_EREW,
    .caps = 0,
    .inputs = prog_pair_inputs,
    .outputs = prog_pair_outputs,
    .params = rs_params,
    .work_o = "O(P r n)",
    .depth_o = "O(P log(r n))",
    .work_exact = "P (2 (r + 1) n + 3L - 1), L = 2^ceil(log2 r n), r = radix, P = passes; "
		  "2P (r + 1) n under --model scan",
    .depth_exact = "P (2 ceil(log2 r n) + 6); 4P under --model scan",
    .cost = rs_cost,
    .out_len = rs_out_len,
    .generate = rs_generate,
    .simulate = rs_simulate,
    .reference = rs_reference,
};
