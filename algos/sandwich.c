/*
 * sandwich.c - the notes' first example of scan, built on prog_scan (one
 * unit-cost step under `--model scan`).
 *
 * The sandwich. A 100-inch sandwich, ten persons who want [3 5 2 7 10 4 3 0
 * 8 1] inches: the inclusive prefix sums of the lengths are the positions of
 * the cuts, and ten knives then cut at once. W and D are those of one
 * inclusive prog_scan.
 */
#include "common.h"

static int sandwich_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	prog_scan_cost(n, p->model, 0, w, d);
	return 0;
}

/* Lengths of 0 to 10 inches (floats: [0, 10)). */
static int sandwich_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	if (algo_data_alloc(in, n, p->type, 0))
		return -1;
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = algo_rand(&s);
		if (p->type == PRAM_INT)
			in->vals[i].i = (int64_t)(r % 11);
		else
			in->vals[i].f = (double)(r >> 11) * 0x1.0p-53 * 10;
	}
	return 0;
}

static int sandwich_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	if (n == 0)
		return 0;
	pram_array *len = prog_load(m, "length", in, n, NULL);
	pram_array *cut = pram_array_new(m, "cut", n, in->type);
	if (!len || !cut)
		return 0;
	prog_scan(m, cut, len, n, PRAM_OP_SUM, 1);
	prog_store(cut, out);
	return 0;
}

static void sandwich_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	prog_ref_scan(in, out, PRAM_OP_SUM, 1);
}

const algo algo_sandwich = {
    .name = "sandwich",
    .family = "scan",
    .desc = "where to cut a sandwich: the prefix sums of the wanted lengths",
    .model = PRAM_EREW,
    .caps = ALGO_FLOAT,
    .default_inclusive = 1,
    .work_o = "O(n)",
    .depth_o = "O(log n)", /* O(1) under --model scan */
    .work_exact = "3m - 1 + n, m = 2^ceil(log2 n); n under --model scan",
    .depth_exact = "2 ceil(log2 n) + 3; 1 under --model scan",
    .cost = sandwich_cost,
    .generate = sandwich_generate,
    .simulate = sandwich_simulate,
    .reference = sandwich_reference,
};
