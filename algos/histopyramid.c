/*
 * histopyramid.c - the histopyramid of the counting-sort post: a sum
 * pyramid over a histogram, and its traversal, which expands the histogram
 * into a stream (the use of marching cubes and of counting sort).
 *
 * The input is m counts (the histogram), padded with zero counts to
 * M = 2^L, L = ceil(log2 m), as they are loaded. In the post's words the
 * pyramid "adds elements pairwise, then recurses": over 3 1 4 1 5 9 2 6
 * its levels are 4 5 14 8, then 9 22, then 31. They live in one array of
 * 2M - 1 cells (the post rounds it to 2M), level k from cell 2M - 2M/2^k
 * (pyramid.c):
 *
 *   build     L steps; step k sums the M / 2^k pairs of level k - 1:
 *             W = M/2 + M/4 + ... + 1 = M - 1, D = L. EREW.
 *   traverse  one processor per output index j in [0, T), T = the total
 *             (the root): from the root down, "is my index less than the
 *             left count? then go left; else subtract it and go right";
 *             L steps of T work (one step when M = 1). After it, processor
 *             j knows the input cell whose stretch of the expansion holds
 *             j, so output j is that cell's index: the second output.
 *
 * So W = M - 1 + T max(L, 1) and D = L + max(L, 1) (just L when T = 0;
 * nothing at all for m = 0). W depends on the data through T, so there is
 * no closed form in m alone; the tests check these sums on every input.
 * In the first step of the traversal all T processors read the root's left
 * child, and every later step has many of them on the same cells: the
 * traversal needs concurrent reads (CREW). No atomics: D_serial = D.
 *
 * The arrays node and rank hold each processor's position after each step
 * (its cell on the level it reached, and its index within that cell's
 * stretch), so --trace shows the post's decisions: with 3 1 4 1 5 9 2 6,
 * index 12 goes right at the root (12 >= 9, rank 3), left at 14 (3 < 14),
 * left at 5 (3 < 5): cell 4.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "common.h"

/* Most outputs a run may ask for (the total of the counts). */
#define MAX_TOTAL ((int64_t)1 << 26)

/* The parameters, by index. */
enum {
	P_DIST
};

static const algo_param hp_params[] = {
    [P_DIST] = {.name = "dist",
		.metavar = "D",
		.def = PROG_DIST_UNIFORM,
		.choices = prog_dists,
		.help = "distribution of the generated counts (each in [0, 4))"},
    {0},
};

static const algo_port hp_inputs[] = {
    {.name = "counts",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the histogram: m counts >= 0 (padded with zeros to a power of two)"},
    {0},
};

static const algo_port hp_outputs[] = {
    {.name = "pyramid",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the levels, 2M - 1 cells: the counts, the pair sums, ..., the total"},
    {.name = "from",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "for each output index j < total, the input cell it expands from"},
    {0},
};

/* The total of the counts, or -1 when a count is negative or the total
 * passes MAX_TOTAL. */
static int64_t total_of(const algo_data *in)
{
	int64_t t = 0;
	for (size_t i = 0; i < in->n; i++) {
		if (in->vals[i].i < 0 || in->vals[i].i > MAX_TOTAL - t)
			return -1;
		t += in->vals[i].i;
	}
	return t;
}

static size_t hp_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)p;
	if (port == 0)
		return in->n ? 2 * algo_next_pow2(in->n) - 1 : 0;
	int64_t t = total_of(in);
	return t < 0 ? 0 : (size_t)t;
}

static int hp_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_keys(in, n, PRAM_INT, 4, (int)p->v[P_DIST], seed);
}

static int hp_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	int64_t total = total_of(in);
	if (total < 0) {
		long bad = prog_bad_key(in, INT64_MAX);
		if (bad >= 0)
			pram_fail(m, PRAM_EINVAL, "count %" PRId64 " at index %ld is negative",
				  in->vals[bad].i, bad);
		else
			pram_fail(m, PRAM_EINVAL,
				  "the counts add up to more than %" PRId64
				  " outputs, one processor each",
				  MAX_TOTAL);
		return 0;
	}
	if (n == 0)
		return 0;
	size_t M = algo_next_pow2(n), T = (size_t)total;
	pram_array *pyr = pram_array_new(m, "pyramid", 2 * M - 1, PRAM_INT);
	pram_array *node = pram_array_new(m, "node", T ? T : 1, PRAM_INT);
	pram_array *rank = pram_array_new(m, "rank", T ? T : 1, PRAM_INT);
	pram_array *from = pram_array_new(m, "from", T ? T : 1, PRAM_INT);
	pram_value *level0 = calloc(M, sizeof *level0);
	if (!pyr || !node || !rank || !from || !level0) {
		if (!level0)
			pram_fail(m, PRAM_ENOMEM, "out of memory for %zu counts", M);
		free(level0);
		return 0;
	}
	/* The counts and their padding to M are the input's layout: loaded,
	 * no cost. The levels above are written by the build. */
	for (size_t i = 0; i < n; i++)
		level0[i] = in->vals[i];
	pram_array_load_v(pyr, level0, M);
	free(level0);
	prog_pyramid_build(m, pyr, M);
	prog_pyramid_traverse(m, pyr, M, T, node, rank, from);
	prog_store(pyr, &out[0]);
	prog_store(from, &out[1]);
	return 0;
}

static void hp_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	if (n == 0 || total_of(in) < 0)
		return;
	size_t M = algo_next_pow2(n);
	pram_value *pyr = out[0].vals;
	for (size_t i = 0; i < M; i++)
		pyr[i].i = i < n ? in->vals[i].i : 0;
	for (unsigned k = 1; (M >> k) >= 1; k++) {
		size_t below = prog_pyramid_level(M, k - 1), here = prog_pyramid_level(M, k);
		for (size_t c = 0; c < (M >> k); c++)
			pyr[here + c].i = pyr[below + 2 * c].i + pyr[below + 2 * c + 1].i;
	}
	size_t j = 0;
	for (size_t i = 0; i < n; i++)
		for (int64_t c = 0; c < in->vals[i].i; c++)
			out[1].vals[j++].i = (int64_t)i;
}

const algo algo_histopyramid = {
    .name = "histopyramid",
    .family = "histogram",
    .desc = "histopyramid: the sum pyramid of a histogram and its traversal (stream expansion)",
    .model = PRAM_CREW,
    .caps = 0,
    .inputs = hp_inputs,
    .outputs = hp_outputs,
    .params = hp_params,
    .work_o = "O(m + T log m)",
    .depth_o = "O(log m)",
    .work_exact = "M - 1 + T max(L, 1), M = 2^L = 2^ceil(log2 m), T = the total",
    .depth_exact = "L + max(L, 1) (L when T = 0); D_serial = D (no atomics)",
    .cost = NULL,
    .out_len = hp_out_len,
    .generate = hp_generate,
    .simulate = hp_simulate,
    .reference = hp_reference,
};
