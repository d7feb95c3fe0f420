/*
 * histogram_atomic.c - the histogram by atomic increments, the second
 * program of the histogram post ("reduction based on the atomic
 * operation").
 *
 * The post's kernel gives each work-group a private histogram in local
 * memory: the first numBins work-items clear it, every work-item
 * atomic_inc's the local count of its record's bin, and after a barrier
 * the first numBins work-items atomic_add their group's counts into the
 * global histogram. On the PRAM the n processors form q = ceil(n / G)
 * groups of G (the work-group size, --group); group g owns the row
 * local[g m .. g m + m) of a shared array, which only its processors touch:
 *
 *   clear  (q + 1) m processors: every local count and every global count
 *          is 0 (the post's host clears the global one)
 *   count  n processors: atomic_inc(local[g m + bin(x[i])]), g = i / G
 *   merge  q m processors, (g, b): atomic_add(counts[b], local[g m + b])
 *
 * so, for n >= 1, W = (q + 1) m + n + q m = n + (2q + 1) m and D = 3. The
 * post clears and merges with the first numBins work-items of a group, so
 * it needs G >= m; here every group has m processors for those steps
 * whatever G is.
 *
 * Concurrent atomics on one cell are legal in the CRCW models, the weakest
 * of which is crcw-common (the program makes no plain concurrent write);
 * they are applied one after another, and D_serial charges each step the
 * most atomics on one cell:
 *
 *   D_serial = 1 + max(1, c) + q
 *
 * where c is the largest count of one bin within one group and q the
 * merge's contention (q groups add into every global count). With uniform
 * records c is about G / m plus a few, so D_serial stays small; with every
 * record equal, c = min(n, G): one repeated key costs a whole group's
 * worth of serialized increments (n with one group, G = n).
 *
 * Records as in histogram_tree.c: bin numbers in [0, m), or with --float
 * values in [0, 1) falling in bin floor(x m).
 */
#include "common.h"

/* The parameters, by index: the histograms' --bins (common.h), then these. */
enum {
	P_GROUP = PROG_HIST_P_BINS + 1,
	P_DIST
};

static const algo_param atomic_params[] = {
    [PROG_HIST_P_BINS] = PROG_PARAM_BINS,
    [P_GROUP] = {.name = "group",
		 .metavar = "G",
		 .min = 1,
		 .max = 1 << 30,
		 .def = 256,
		 .help = "processors per group, each group with a private histogram (the "
			 "work-group size)"},
    [P_DIST] = PROG_PARAM_RECORD_DIST,
    {0},
};

static int atomic_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t m = (uint64_t)p->v[PROG_HIST_P_BINS], g = (uint64_t)p->v[P_GROUP];
	*w = *d = 0;
	if (n == 0)
		return 0;
	uint64_t q = (n + g - 1) / g;
	*w = n + (2 * q + 1) * m;
	*d = 3;
	return 0;
}

static int atomic_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_keys(in, n, p->type, p->v[PROG_HIST_P_BINS], (int)p->v[P_DIST], seed);
}

static int atomic_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, nb = (size_t)p->v[PROG_HIST_P_BINS], g = (size_t)p->v[P_GROUP];
	if (prog_hist_begin(m, in, out, (int64_t)nb))
		return 0;
	size_t q = (n + g - 1) / g;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *local = pram_array_new(m, "local", q * nb, PRAM_INT);
	pram_array *counts = pram_array_new(m, "counts", nb, PRAM_INT);
	if (!x || !local || !counts)
		return 0;
	PRAM_STEP(m, "clear: every group's local histogram, and the global one") {
		PRAM_FORALL(m, k, 0, (q + 1) * nb) {
			if ((size_t)k < q * nb)
				pram_write(m, local, k, 0);
			else
				pram_write(m, counts, k - (int64_t)(q * nb), 0);
		}
	}
	PRAM_STEP(m, "count: atomic_inc(local[g m + bin(x[i])]), g = i / G") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t b = prog_value_bin(in->type, pram_read_v(m, x, i), (int64_t)nb);
			pram_atomic_inc(m, local, (int64_t)((size_t)i / g * nb) + b);
		}
	}
	PRAM_STEP(m, "merge: processor (g, b) does atomic_add(counts[b], local[g m + b])") {
		PRAM_FORALL(m, k, 0, q * nb) {
			int64_t c = pram_read(m, local, k);
			pram_fetch_add(m, counts, k % (int64_t)nb, c);
		}
	}
	prog_store(counts, out);
	return 0;
}

const algo algo_histogram_atomic = {
    .name = "histogram-atomic",
    .family = "histogram",
    .desc = "histogram by atomic increments: private histograms per group, merged with atomics",
    .model = PRAM_CRCW_COMMON,
    .caps = ALGO_FLOAT,
    .inputs = prog_records_input,
    .outputs = prog_counts_output,
    .params = atomic_params,
    .work_o = "O(n + (n/G) m)",
    .depth_o = "O(1)",
    .work_exact = "n + (2q + 1) m, q = ceil(n / G), m = bins",
    .depth_exact = "3; D_serial = 1 + max(1, c) + q, c = the most records of one bin in one "
		   "group",
    .cost = atomic_cost,
    .out_len = prog_bins_len,
    .generate = atomic_generate,
    .simulate = atomic_simulate,
    .reference = prog_hist_reference,
};
