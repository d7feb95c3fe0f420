/*
 * counting_sort_scan.c - counting sort by a histogram, a scan and an atomic
 * scatter: the form the counting-sort post quotes from Wikipedia,
 *
 *     strictly_increasing := scanl1((+), histogram)
 *     foreach input as x:
 *       output[atomic_inc(&strictly_increasing[x])] = x
 *
 * with one change: the scan here is exclusive (Haskell's scanl, the
 * running sums Wikipedia's loop uses). With the post's inclusive scanl1,
 * atomic_inc would hand key x the positions after its own run, and the
 * largest key position n, past the end. With keys in [0, m), m =
 * --key-range, and S(m) = (S_W, S_D) the cost of one scan of m (common.h:
 * one step of the primitive under --model scan, a Blelloch scan
 * elsewhere):
 *
 *   clear    m processors: hist[k] = 0
 *   count    n processors: atomic_inc(hist[x[i]])
 *   scan     pos = the exclusive sum scan of hist
 *   scatter  n processors: k = atomic_inc(pos[x[i]]); y[k] = x[i];
 *            from[k] = i
 *
 * so, for n >= 1, W = m + 2n + S_W(m) and D = 3 + S_D(m): with Blelloch,
 * W = 3M - 1 + 2m + 2n and D = 2 ceil(log2 m) + 6, M = 2^ceil(log2 m).
 * The n processors of a key increment one cell, in both atomic steps, so
 * the program needs a CRCW model (crcw-common: no plain concurrent write)
 * and D_serial = D + 2 (mode - 1), mode the largest number of equal keys:
 * all keys equal costs 2n more than distinct ones. (Under --model scan,
 * EREW plus the primitive, it runs only on distinct keys.)
 *
 * Stable or not? The scatter hands the positions of a key's run out in the
 * order its atomics are applied. The PRAM here applies a step's atomics in
 * processor-id order (sim/pram.h, "PRAM semantics"), so equal keys keep
 * their input order: on the simulator the sort is stable, and the second
 * output, from (the input index of each sorted key), shows it and the
 * tests check it. On a GPU the atomics of equal keys come in no fixed
 * order, so there the same program is not stable. A radix sort, whose
 * passes must be stable, is better served by positions computed with a
 * scan alone. Integer keys only.
 */
#include "common.h"

/* The parameters, by index PROG_SORT_P_* (common.h). */
static const algo_param cscan_params[] = {
    [PROG_SORT_P_RANGE] = {.name = "key-range",
			   .metavar = "M",
			   .min = 1,
			   .max = 1 << 24,
			   .def = 256,
			   .props = ALGO_PARAM_KEY_RANGE,
			   .help = "keys lie in [0, M): the histogram's cells"},
    [PROG_SORT_P_DIST] = PROG_PARAM_DIST,
    {0},
};

static const algo_port cscan_outputs[] = {
    {.name = "keys", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_INT, .help = "the keys, sorted"},
    {.name = "from",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the input index of each sorted key (increasing within equal keys: stable)"},
    {0},
};

static int cscan_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t range = (uint64_t)p->v[PROG_SORT_P_RANGE];
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = range + 2 * (uint64_t)n;
	*d = 3;
	prog_scan_cost(range, p->model, 0, w, d);
	return 0;
}

static int cscan_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, range = (size_t)p->v[PROG_SORT_P_RANGE];
	pram_array *x = prog_load_keys(m, in, (int64_t)range);
	if (!x)
		return 0;
	pram_array *hist = pram_array_new(m, "histogram", range, PRAM_INT);
	pram_array *pos = pram_array_new(m, "pos", range, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	pram_array *from = pram_array_new(m, "from", n, PRAM_INT);
	if (!hist || !pos || !y || !from)
		return 0;
	PRAM_STEP(m, "clear: histogram[k] = 0") {
		PRAM_FORALL(m, k, 0, range) {
			pram_write(m, hist, k, 0);
		}
	}
	PRAM_STEP(m, "count: atomic_inc(histogram[keys[i]])") {
		PRAM_FORALL(m, i, 0, n) {
			pram_atomic_inc(m, hist, pram_read(m, x, i));
		}
	}
	prog_scan(m, pos, hist, range, PRAM_OP_SUM, 0);
	PRAM_STEP(m, "scatter: k = atomic_inc(pos[keys[i]]); y[k] = keys[i]; from[k] = i") {
		PRAM_FORALL(m, i, 0, n) {
			int64_t key = pram_read(m, x, i);
			int64_t k = pram_atomic_inc(m, pos, key);
			pram_write(m, y, k, key);
			pram_write(m, from, k, i);
		}
	}
	prog_store(y, &out[0]);
	prog_store(from, &out[1]);
	return 0;
}

/* The sorted keys, and the input index of each: a stable sort of the
 * indices by key (equal keys in input order). */
static void cscan_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	if (prog_bad_key(in, p->v[PROG_SORT_P_RANGE]) >= 0)
		return;
	prog_ref_stable(in, NULL, 0, &out[0], &out[1]);
}

const algo algo_counting_sort_scan = {
    .name = "counting-sort-scan",
    .family = "sort",
    .desc = "counting sort: atomic histogram, exclusive scan, atomic scatter (Wikipedia's form)",
    .model = PRAM_CRCW_COMMON,
    .caps = 0,
    .inputs = prog_keys_input,
    .outputs = cscan_outputs,
    .params = cscan_params,
    .work_o = "O(n + m)",
    .depth_o = "O(log m)",
    .work_exact = "3M - 1 + 2m + 2n, m = key-range, M = 2^ceil(log2 m); 2m + 2n under --model "
		  "scan",
    .depth_exact = "2 ceil(log2 m) + 6 (4 under --model scan); D_serial = D + 2 (mode - 1)",
    .cost = cscan_cost,
    .generate = prog_gen_sort_keys,
    .simulate = cscan_simulate,
    .reference = cscan_reference,
};
