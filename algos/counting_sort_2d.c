/*
 * counting_sort_2d.c - the counting-sort post's "two-dimensional work size"
 * counting sort: one processor for every pair of an element and a cell,
 * atomic increments only, no scan.
 *
 * With n keys in [0, m), m = --key-range:
 *
 *   clear   m + n processors: hist[h] = 0, y[j] = 0
 *   pass 1  n m processors, (i, h): "if (histogram_index > input_element)
 *           atomic_inc(&histogram[histogram_index])", so hist[h] becomes
 *           the number of keys below h
 *   pass 2  (m - 1) n processors, (h, j) for thresholds h = 1 .. m - 1:
 *           n - hist[h] keys are >= h, so "increment the last k elements
 *           in the output array": if j >= hist[h], atomic_inc(&y[j]).
 *           Then y[j] counts the thresholds h <= the j-th smallest key:
 *           y[j] is that key. (Threshold 0 is left out: every key is >= 0,
 *           and it would add 1 to every output.)
 *
 * so, for n >= 1, W = (m + n) + n m + (m - 1) n = m + n + (2m - 1) n and
 * D = 3: "it would appear that this is a constant-time sort. However, it
 * isn't": the atomics on one cell are serialized. In pass 1 hist[m - 1] is
 * incremented once for every key below m - 1, in pass 2 y[n - 1] once for
 * every threshold up to the largest key, so
 *
 *   D_serial = 1 + max(1, #{keys < m - 1}) + max(1, max key)
 *
 * which is O(n + m), the post's bound (pass 1 O(n), pass 2 O(m)). In both
 * passes many processors read one cell (keys[i] in pass 1, hist[h] in
 * pass 2) and increment one cell: crcw-common (no plain concurrent write).
 * Processor ids are below n m < 2^32. The output is rebuilt from counts:
 * keys only, integers.
 */
#include <inttypes.h>

#include "common.h"

/* The parameters, by index PROG_SORT_P_* (common.h). */
static const algo_param c2d_params[] = {
    [PROG_SORT_P_RANGE] = {.name = "key-range",
			   .metavar = "M",
			   .min = 1,
			   .max = 1 << 16,
			   .def = 256,
			   .props = ALGO_PARAM_KEY_RANGE,
			   .help = "keys lie in [0, M): the histogram's cells, one grid dimension"},
    [PROG_SORT_P_DIST] = PROG_PARAM_DIST,
    {0},
};

static int c2d_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	uint64_t m = (uint64_t)p->v[PROG_SORT_P_RANGE];
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = m + n + (2 * m - 1) * n;
	*d = 3;
	return 0;
}

static int c2d_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n;
	int64_t range = p->v[PROG_SORT_P_RANGE];
	if (prog_check_key_range(m, in, range) || n == 0)
		return 0;
	if ((uint64_t)n * (uint64_t)range >= UINT32_MAX) {
		pram_fail(m, PRAM_EINVAL,
			  "%zu keys times --key-range %" PRId64
			  " processors need ids of 2^32 and more",
			  n, range);
		return 0;
	}
	pram_array *x = prog_load(m, "keys", in, n, NULL);
	pram_array *hist = pram_array_new(m, "histogram", (size_t)range, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	if (!x || !hist || !y)
		return 0;
	PRAM_STEP(m, "clear: histogram[h] = 0, y[j] = 0") {
		PRAM_FORALL(m, k, 0, range + (int64_t)n) {
			if (k < range)
				pram_write(m, hist, k, 0);
			else
				pram_write(m, y, k - range, 0);
		}
	}
	PRAM_STEP(m, "pass 1, processor (i, h): if (h > keys[i]) atomic_inc(histogram[h])") {
		PRAM_FORALL(m, id, 0, (int64_t)n * range) {
			int64_t i = id / range, h = id % range;
			if (h > pram_read(m, x, i))
				pram_atomic_inc(m, hist, h);
		}
	}
	PRAM_STEP(m, "pass 2, processor (h, j), h >= 1: if (j >= histogram[h]) atomic_inc(y[j])") {
		PRAM_FORALL(m, id, 0, (int64_t)n * (range - 1)) {
			int64_t h = 1 + id / (int64_t)n, j = id % (int64_t)n;
			if (j >= pram_read(m, hist, h))
				pram_atomic_inc(m, y, j);
		}
	}
	prog_store(y, out);
	return 0;
}

const algo algo_counting_sort_2d = {
    .name = "counting-sort-2d",
    .family = "sort",
    .desc = "counting sort with one processor per (key, cell) pair: two passes of atomics",
    .model = PRAM_CRCW_COMMON,
    .caps = 0,
    .inputs = prog_keys_input,
    .outputs = prog_sorted_keys_output,
    .params = c2d_params,
    .work_o = "O(n m)",
    .depth_o = "O(1)",
    .work_exact = "m + n + (2m - 1) n, m = key-range",
    .depth_exact = "3; D_serial = 1 + max(1, #{keys < m - 1}) + max(1, max key)",
    .cost = c2d_cost,
    .generate = prog_gen_sort_keys,
    .simulate = c2d_simulate,
    .reference = prog_sort_reference,
};
