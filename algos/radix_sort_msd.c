/*
 * radix_sort_msd.c - MSD radix sort, the lecture notes' first ("naive,
 * intuitive") radix sort: distribute the keys into r bins by their most
 * significant digit, sort each bin recursively by the next digit, gather.
 *
 * The notes keep it sequential and warn about its bookkeeping: "in each
 * recursion, we need to save r - 1 many bins", with "marker arrays like
 * with Counting Sort" as one way out. This program is that way, and it is
 * sequential: one processor, one statement a step (O(1) shared reads and
 * writes each), the recursion an explicit stack of segments (lo, hi,
 * digit) in shared memory. For a segment of L >= 2 keys at digit t:
 *
 *   pop         1 step: read (lo, hi, t) from the stack
 *   clear       r steps: cnt[v] = 0
 *   count       L steps: cnt[digit_t(keys[i])]++
 *   bins        r steps: off[v] = lo + the counts before v, and push the
 *               bin (off[v], off[v] + cnt[v], t - 1) when it holds 2 or
 *               more keys and t > 0: the notes' saved bins
 *   distribute  L steps: buf[off[d]++] = keys[i] (and its value), in input
 *               order, so equal digits keep their order: stable
 *   gather      L steps: keys[i] = buf[i]
 *
 * and one step pushes the whole array at the top digit, P - 1, P the
 * digits of key-range - 1 in base r. So
 *
 *   W = D = 1 + sum over the segments sorted of (1 + 2r + 3L)
 *
 * (0 when n < 2 or P = 0), the segments being the whole array and every
 * bin of 2 or more keys above digit 0. It depends on how the keys fall, so
 * there is no closed form in n; the tests count the segments on each
 * input. Two sorted keys that share a long prefix cost a segment of 2r + 7
 * steps at every digit: the house keeping of the notes. Against it, LSD
 * (radix_sort.c) makes P passes over all n keys with no stack at all. The
 * stack holds at most (r - 1)(P - 1) + 1 segments (r - 1 saved bins per
 * level on the path down), three cells each.
 *
 * One processor: EREW, W = D = T_p for every p. Ports and parameters are
 * radix-sort's: --pairs yes carries values, without it the second output
 * is the input index of each sorted key, and --pairs no moves the keys
 * alone (the same steps). The notes' own pseudo-code
 * recurses into every bin, empty or not, and one digit past the last (its
 * "if i >= 0" after sorting by digit i); here only bins of 2 or more keys
 * above digit 0 are sorted further. Integer keys only.
 */
#include <stdlib.h>

#include "common.h"

/* The parameters, by index: the radix sorts' own three (common.h), then
 * these. */
enum {
	P_PAIRS = PROG_RADIX_P_OWN,
	P_DIST
};

static const algo_param msd_params[] = {
    [PROG_RADIX_P_BITS] = {.name = "bits-per-pass",
			   .metavar = "B",
			   .min = 1,
			   .max = 16,
			   .def = 8,
			   .help = "B-bit digits, radix 2^B (8: the notes' r = 256)"},
    [PROG_RADIX_P_RADIX] = {.name = "radix",
			    .metavar = "R",
			    .min = 0,
			    .max = 1 << 16,
			    .def = 0,
			    .help = "digits of base R instead (0: 2^bits-per-pass)"},
    [PROG_RADIX_P_RANGE] = {.name = "key-range",
			    .metavar = "K",
			    .min = 1,
			    .max = (int64_t)1 << 62,
			    .def = 1 << 16,
			    .props = ALGO_PARAM_KEY_RANGE,
			    .help =
				"keys lie in [0, K); the recursion's depth is the digits of K - 1"},
    [P_PAIRS] = PROG_PARAM_PAIRS,
    [P_DIST] = PROG_PARAM_DIST,
    {0},
};

static int msd_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_pairs(in, n, p->v[PROG_RADIX_P_RANGE], (int)p->v[P_DIST], p->v[P_PAIRS],
			      seed);
}

/* One step of the one processor. */
#define ONE(m, label)       \
	PRAM_STEP(m, label) \
		PRAM_FORALL(m, proc, 0, 1)

static int msd_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in[0].n;
	uint64_t r = prog_radix_param(p);
	if (r == 0) {
		prog_radix_fail(m, p->v[PROG_RADIX_P_RADIX], p->v[PROG_RADIX_P_BITS]);
		return 0;
	}
	if (prog_radix_check(m, in, p, p->v[P_PAIRS]))
		return 0;
	int carry = p->v[P_PAIRS] != PROG_PAIRS_NO; /* the values ride along */
	unsigned passes = prog_radix_digits((uint64_t)p->v[PROG_RADIX_P_RANGE] - 1, r);
	size_t cap = (size_t)(r - 1) * (passes ? passes - 1 : 0) + 1;
	pram_array *keys = prog_load(m, "keys", &in[0], n ? n : 1, NULL);
	pram_array *vals = carry ? pram_array_new(m, "vals", n ? n : 1, PRAM_INT) : NULL;
	pram_array *bufk = pram_array_new(m, "bufk", n ? n : 1, PRAM_INT);
	pram_array *bufv = carry ? pram_array_new(m, "bufv", n ? n : 1, PRAM_INT) : NULL;
	pram_array *cnt = pram_array_new(m, "cnt", (size_t)r, PRAM_INT);
	pram_array *off = pram_array_new(m, "off", (size_t)r, PRAM_INT);
	pram_array *stack = pram_array_new(m, "stack", 3 * cap, PRAM_INT);
	int64_t *v0 = malloc((n ? n : 1) * sizeof *v0);
	if (!keys || (carry && (!vals || !bufv)) || !bufk || !cnt || !off || !stack || !v0) {
		if (!v0)
			pram_fail(m, PRAM_ENOMEM, "out of memory for %zu values", n);
		free(v0);
		return 0;
	}
	/* The values, or the keys' indices, are loaded with the keys. */
	for (size_t i = 0; i < n; i++)
		v0[i] = p->v[P_PAIRS] == PROG_PAIRS_YES ? in[1].vals[i].i : (int64_t)i;
	if (carry)
		pram_array_load_i(vals, v0, n);
	free(v0);
	/* The processor's registers: the stack pointer, the segment popped,
	 * the running sum of the bins. */
	size_t sp = 0;
	if (n >= 2 && passes > 0) {
		PRAM_STEP(m, "push (0, n, top digit)") {
			PRAM_FORALL(m, proc, 0, 1) {
				pram_write(m, stack, 0, 0);
				pram_write(m, stack, 1, (int64_t)n);
				pram_write(m, stack, 2, (int64_t)passes - 1);
			}
		}
		sp = 1;
	}
	while (sp > 0 && !pram_failed(m)) {
		int64_t lo = 0, hi = 0, t = 0;
		sp--;
		PRAM_STEP(m, "pop (lo, hi, digit)") {
			PRAM_FORALL(m, proc, 0, 1) {
				lo = pram_read(m, stack, 3 * (int64_t)sp);
				hi = pram_read(m, stack, 3 * (int64_t)sp + 1);
				t = pram_read(m, stack, 3 * (int64_t)sp + 2);
			}
		}
		uint64_t rt = prog_radix_power(r, (unsigned)t);
		for (uint64_t v = 0; v < r; v++)
			PRAM_STEP(m, "clear: cnt[v] = 0") {
				PRAM_FORALL(m, proc, 0, 1) {
					pram_write(m, cnt, (int64_t)v, 0);
				}
			}
		for (int64_t i = lo; i < hi; i++)
			PRAM_STEP(m, "count: cnt[digit(keys[i])]++") {
				PRAM_FORALL(m, proc, 0, 1) {
					int64_t d = prog_radix_digit(pram_read(m, keys, i), rt, r);
					pram_write(m, cnt, d, pram_read(m, cnt, d) + 1);
				}
			}
		int64_t run = lo;
		for (uint64_t v = 0; v < r && !pram_failed(m); v++) {
			int64_t c = 0;
			PRAM_STEP(
			    m, "bins: off[v] = lo + the counts before v; save bin v on the stack") {
				PRAM_FORALL(m, proc, 0, 1) {
					c = pram_read(m, cnt, (int64_t)v);
					pram_write(m, off, (int64_t)v, run);
					if (c >= 2 && t > 0) {
						pram_write(m, stack, 3 * (int64_t)sp, run);
						pram_write(m, stack, 3 * (int64_t)sp + 1, run + c);
						pram_write(m, stack, 3 * (int64_t)sp + 2, t - 1);
					}
				}
			}
			if (c >= 2 && t > 0)
				sp++;
			run += c;
		}
		for (int64_t i = lo; i < hi; i++)
			PRAM_STEP(m, "distribute: buf[off[d]++] = keys[i], d = digit(keys[i])") {
				PRAM_FORALL(m, proc, 0, 1) {
					int64_t key = pram_read(m, keys, i);
					int64_t d = prog_radix_digit(key, rt, r);
					int64_t at = pram_read(m, off, d);
					pram_write(m, off, d, at + 1);
					pram_write(m, bufk, at, key);
					if (carry)
						pram_write(m, bufv, at, pram_read(m, vals, i));
				}
			}
		for (int64_t i = lo; i < hi; i++)
			PRAM_STEP(m, "gather: keys[i] = buf[i]") {
				PRAM_FORALL(m, proc, 0, 1) {
					pram_write(m, keys, i, pram_read(m, bufk, i));
					if (carry)
						pram_write(m, vals, i, pram_read(m, bufv, i));
				}
			}
	}
	prog_store(keys, &out[0]);
	if (carry)
		prog_store(vals, &out[1]);
	return 0;
}

static void msd_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	if (prog_radix_param(p) != 0)
		prog_radix_reference(in, out, p, p->v[P_PAIRS], 0);
}

static size_t msd_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	return prog_pairs_len(in, port, p->v[P_PAIRS]);
}

const algo algo_radix_sort_msd = {
    .name = "radix-sort-msd",
    .family = "sort",
    .desc = "MSD radix sort, sequential: the notes' recursion on a stack of saved bins",
    .model = PRAM_EREW,
    .caps = 0,
    .inputs = prog_pair_inputs,
    .outputs = prog_pair_outputs,
    .params = msd_params,
    .work_o = "O(P n + r S)",
    .depth_o = "O(P n + r S)",
    .work_exact = "1 + sum over the segments of (1 + 2r + 3L), L = the segment's keys; "
		  "0 for n < 2",
    .depth_exact = "= W; D_serial = D",
    .cost = NULL,
    .out_len = msd_out_len,
    .generate = msd_generate,
    .simulate = msd_simulate,
    .reference = msd_reference,
};
