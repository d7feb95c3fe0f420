/*
 * histogram_tree.c - the histogram by one tree reduction per bin, the first
 * program of the histogram post ("hierarchical reduction").
 *
 * The post's kernel counts the records of one interval [a, b) per launch:
 * each work-item writes 1 to local memory when its record lies in the
 * interval and 0 otherwise, a binomial tree halves the local sums each
 * step, the group sums are added on the host, and the launch is repeated
 * for every interval. On the PRAM the groups become one tree over all n
 * records (the group size changes the depth by a constant, not the work),
 * and the m bins run one after another, as the launches do. For bin b:
 *
 *   flag     n processors: t[i] = 1 when x[i] falls in bin b, else 0
 *   combine  reduce.c's tree on t: ceil(log2 n) steps, n - 1 work
 *   store    one processor: counts[b] = t[0]
 *
 * so, for n >= 1,
 *
 *   W = m (n + (n - 1) + 1) = 2 n m,   D = m (ceil(log2 n) + 2)
 *
 * (for n = 0 every count is 0 and nothing runs). Every record is read once
 * per bin: m times the work of the one pass the atomic histogram makes
 * (histogram_atomic.c: W = n + (2q + 1) m), and a depth that grows with m
 * too. That is why it loses in the post's timings. No cell is touched by
 * two processors in a step: EREW, and no atomics (D_serial = D).
 *
 * Integer records are bin numbers in [0, m). Float records (--float) lie in
 * [0, 1), the post's interval [lo, hi) with lo = 0 and hi = 1, and fall in
 * bin floor(x m) (the post's (x - lo) / step, with its m - 1 when that
 * reaches m). Anything else is refused.
 */
#include "common.h"

/* The parameters, by index: the histograms' --bins (common.h), then --dist. */
enum {
	P_DIST = PROG_HIST_P_BINS + 1
};

static const algo_param tree_params[] = {
    [PROG_HIST_P_BINS] = PROG_PARAM_BINS,
    [P_DIST] = PROG_PARAM_RECORD_DIST,
    {0},
};

static int64_t bins(const algo_params *p)
{
	return p->v[PROG_HIST_P_BINS];
}

static int tree_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t m = (uint64_t)bins(p);
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 2 * (uint64_t)n * m;
	*d = m * (algo_ceil_log2(n) + 2);
	return 0;
}

static int tree_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_keys(in, n, p->type, bins(p), (int)p->v[P_DIST], seed);
}

static int tree_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	int64_t nb = bins(p);
	if (prog_hist_begin(m, in, out, nb))
		return 0;
	pram_array *x = prog_load(m, "x", in, n, NULL);
	pram_array *t = pram_array_new(m, "t", n, PRAM_INT);
	pram_array *counts = pram_array_new(m, "counts", (size_t)nb, PRAM_INT);
	if (!x || !t || !counts)
		return 0;
	for (int64_t b = 0; b < nb && !pram_failed(m); b++) {
		PRAM_STEP(m, "flag: t[i] = (x[i] in bin b) ? 1 : 0") {
			PRAM_FORALL(m, i, 0, n) {
				int64_t bi = prog_value_bin(in->type, pram_read_v(m, x, i), nb);
				pram_write(m, t, i, bi == b);
			}
		}
		for (size_t s = 1; s < n; s *= 2) {
			size_t procs = (n - s + 2 * s - 1) / (2 * s);
			PRAM_STEP(m, "combine pairs at stride s: t[2sj] += t[2sj + s]") {
				PRAM_FORALL(m, j, 0, procs) {
					int64_t i = (int64_t)(2 * s) * j;
					pram_write(m, t, i,
						   pram_read(m, t, i) +
						       pram_read(m, t, i + (int64_t)s));
				}
			}
		}
		PRAM_STEP(m, "store: counts[b] = t[0]") {
			PRAM_FORALL(m, j, 0, 1) {
				pram_write(m, counts, b, pram_read(m, t, 0));
			}
		}
	}
	prog_store(counts, out);
	return 0;
}

const algo algo_histogram_tree = {
    .name = "histogram-tree",
    .family = "histogram",
    .desc = "histogram by one tree reduction per bin (the post's hierarchical reduction)",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT,
    .inputs = prog_records_input,
    .outputs = prog_counts_output,
    .params = tree_params,
    .work_o = "O(n m)",
    .depth_o = "O(m log n)",
    .work_exact = "2 n m, m = bins",
    .depth_exact = "m (ceil(log2 n) + 2); D_serial = D (no atomics)",
    .cost = tree_cost,
    .out_len = prog_bins_len,
    .generate = tree_generate,
    .simulate = tree_simulate,
    .reference = prog_hist_reference,
};
