/*
 * counting_sort_serial.c - counting sort as the counting-sort post writes
 * it for a scalar processor:
 *
 *     histogram[] := allocate max cells, initialize to 0
 *     foreach input as x: histogram[x]++
 *     foreach histogram as (index, x): for 0 to x: emit index
 *
 * On the PRAM one processor runs it, one statement a step (each does O(1)
 * shared reads and writes), with m = --key-range cells (the post's max,
 * "assumed to be known at compile time"; keys lie in [0, m)):
 *
 *   clear  m steps: histogram[k] = 0
 *   count  n steps: histogram[x[i]] = histogram[x[i]] + 1
 *   next   m steps: read histogram[k], the copies of key k to emit
 *   emit   n steps: y[o] = k, o = o + 1 (o and k in registers)
 *
 * so W = D = 2m + 2n for n >= 1 (nothing runs for n = 0: the sorted empty
 * input). One processor: EREW, no atomics, D_serial = D; Brent's T_p is
 * W for every p. This is the baseline the parallel counting sorts
 * (counting_sort_scan.c, counting_sort_histopyramid.c, counting_sort_2d.c)
 * are measured against. Integer keys only.
 */
#include "common.h"

/* The parameters, by index PROG_SORT_P_* (common.h). */
static const algo_param serial_params[] = {
    [PROG_SORT_P_RANGE] = {.name = "key-range",
			   .metavar = "M",
			   .min = 1,
			   .max = 1 << 24,
			   .def = 256,
			   .props = ALGO_PARAM_KEY_RANGE,
			   .help = "keys lie in [0, M): the histogram's cells (the post's max)"},
    [PROG_SORT_P_DIST] = PROG_PARAM_DIST,
    {0},
};

static int serial_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = n ? 2 * (uint64_t)p->v[PROG_SORT_P_RANGE] + 2 * (uint64_t)n : 0;
	return 0;
}

static int serial_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, range = (size_t)p->v[PROG_SORT_P_RANGE];
	pram_array *x = prog_load_keys(m, in, (int64_t)range);
	if (!x)
		return 0;
	pram_array *hist = pram_array_new(m, "histogram", range, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	if (!hist || !y)
		return 0;
	for (size_t k = 0; k < range; k++)
		PRAM_STEP(m, "clear: histogram[k] = 0") {
			PRAM_FORALL(m, j, 0, 1) {
				pram_write(m, hist, (int64_t)k, 0);
			}
		}
	for (size_t i = 0; i < n; i++)
		PRAM_STEP(m, "count: histogram[x[i]]++") {
			PRAM_FORALL(m, j, 0, 1) {
				int64_t key = pram_read(m, x, (int64_t)i);
				pram_write(m, hist, key, pram_read(m, hist, key) + 1);
			}
		}
	/* The processor's registers: the bin, its copies left, the output. */
	int64_t o = 0;
	for (size_t k = 0; k < range && !pram_failed(m); k++) {
		int64_t copies = 0;
		PRAM_STEP(m, "next bin: copies = histogram[k]") {
			PRAM_FORALL(m, j, 0, 1) {
				copies = pram_read(m, hist, (int64_t)k);
			}
		}
		for (int64_t c = 0; c < copies; c++, o++)
			PRAM_STEP(m, "emit: y[o++] = k") {
				PRAM_FORALL(m, j, 0, 1) {
					pram_write(m, y, o, (int64_t)k);
				}
			}
	}
	prog_store(y, out);
	return 0;
}

const algo algo_counting_sort_serial = {
    .name = "counting-sort-serial",
    .family = "sort",
    .desc = "counting sort on one processor: the post's scalar loops",
    .model = PRAM_EREW,
    .caps = 0,
    .inputs = prog_keys_input,
    .outputs = prog_sorted_keys_output,
    .params = serial_params,
    .work_o = "O(n + m)",
    .depth_o = "O(n + m)",
    .work_exact = "2m + 2n, m = key-range",
    .depth_exact = "2m + 2n (one processor); D_serial = D",
    .cost = serial_cost,
    .generate = prog_gen_sort_keys,
    .simulate = serial_simulate,
    .reference = prog_sort_reference,
};
