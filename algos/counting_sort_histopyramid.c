/*
 * counting_sort_histopyramid.c - counting sort by a histopyramid, the
 * counting-sort post's parallel program. With n keys in [0, m), m =
 * --key-range = 2^L, and the pyramid in one array of 2m - 1 cells whose
 * level 0 is the frequency histogram (pyramid.c), the post's passes are:
 *
 *   "To initialize the frequency histogram and the histopyramid to 0, 2m
 *   threads perform a O(1) computation": one step of 2m - 1 processors
 *   (every cell of the array; the levels above 0 would not need it, as the
 *   build writes them before anything reads them, but the post clears them)
 *
 *   "To create the frequency histogram, n threads perform a O(1)
 *   computation (using atomic_inc)": one step, atomic_inc(pyramid[x[i]])
 *
 *   "To create the histopyramid, there are log(m) passes, the biggest of
 *   which requires m/2 threads": L steps, m - 1 work
 *
 *   "To create the output array, n threads perform a O(log(m))
 *   computation": the traversal, processor j walking from the root to the
 *   bin that holds output index j and writing that bin, its key, to y[j]:
 *   max(L, 1) steps of n work
 *
 * so, for n >= 1,
 *
 *   W = (2m - 1) + n + (m - 1) + n max(L, 1) = 3m - 2 + n (1 + max(L, 1))
 *   D = 2 + L + max(L, 1)
 *
 * and the post's delay: "because atomic operations have to be serialized,
 * this has a delay of mode(input)": D_serial = D + mode - 1, the count
 * step charged the most equal keys. Overall O(mode(input) + log m), with
 * max(n, 2m) processors, as the post says. The atomics of equal keys make
 * the program CRCW (crcw-common: no plain concurrent write), and the
 * traversal reads the cells near the root concurrently. The output is
 * rebuilt from the histogram, so there is no stability to speak of; keys
 * only, integers.
 */
#include "common.h"

/* The parameters, by index PROG_SORT_P_* (common.h). */
static const algo_param chp_params[] = {
    [PROG_SORT_P_RANGE] = {.name = "key-range",
			   .metavar = "M",
			   .min = 1,
			   .max = 1 << 24,
			   .def = 256,
			   .props = ALGO_PARAM_POW2 | ALGO_PARAM_KEY_RANGE,
			   .help = "keys lie in [0, M): the pyramid's level 0"},
    [PROG_SORT_P_DIST] = PROG_PARAM_DIST,
    {0},
};

static int chp_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t m = (uint64_t)p->v[PROG_SORT_P_RANGE], L = algo_ceil_log2(m), L1 = L ? L : 1;
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 3 * m - 2 + (uint64_t)n * (1 + L1);
	*d = 2 + L + L1;
	return 0;
}

static int chp_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, M = (size_t)p->v[PROG_SORT_P_RANGE];
	pram_array *x = prog_load_keys(m, in, (int64_t)M);
	if (!x)
		return 0;
	pram_array *pyr = pram_array_new(m, "pyramid", 2 * M - 1, PRAM_INT);
	pram_array *node = pram_array_new(m, "node", n, PRAM_INT);
	pram_array *rank = pram_array_new(m, "rank", n, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	if (!pyr || !node || !rank || !y)
		return 0;
	PRAM_STEP(m, "pass 1: clear the histogram and the pyramid (2m threads)") {
		PRAM_FORALL(m, k, 0, 2 * M - 1) {
			pram_write(m, pyr, k, 0);
		}
	}
	PRAM_STEP(m, "pass 1: atomic_inc(pyramid[keys[i]]), the frequency histogram") {
		PRAM_FORALL(m, i, 0, n) {
			pram_atomic_inc(m, pyr, pram_read(m, x, i));
		}
	}
	prog_pyramid_build(m, pyr, M);
	/* The counts add up to n: one processor per output index. */
	prog_pyramid_traverse(m, pyr, M, n, node, rank, y);
	prog_store(y, out);
	return 0;
}

const algo algo_counting_sort_histopyramid = {
    .name = "counting-sort-histopyramid",
    .family = "sort",
    .desc = "counting sort by a histopyramid: atomic histogram, pyramid, one traversal per "
	    "output",
    .model = PRAM_CRCW_COMMON,
    .caps = 0,
    .inputs = prog_keys_input,
    .outputs = prog_sorted_keys_output,
    .params = chp_params,
    .work_o = "O(m + n log m)",
    .depth_o = "O(log m)",
    .work_exact = "3m - 2 + n (1 + max(L, 1)), m = key-range = 2^L",
    .depth_exact = "2 + L + max(L, 1); D_serial = D + mode - 1",
    .cost = chp_cost,
    .generate = prog_gen_sort_keys,
    .simulate = chp_simulate,
    .reference = prog_sort_reference,
};
