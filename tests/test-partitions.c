/*
 * test-partitions.c - the programs on partitioned streams (partition-offsets,
 * jfa-reduce) and the matrix-product reduction (reduce-matrix). Prints TAP.
 *
 * Each runs against its sequential reference on seeded inputs and on edge
 * inputs (n = 0 and 1, one partition, every element its own partition,
 * partitions of two, one large partition), legal under its model; then W
 * and D against the formulas of the programs' header comments, computed here
 * from each input's own partitions (T, m), since they depend on the data;
 * then what jump flooding promises: 7 samples take fewer steps than 3 and
 * do more work in each, and a sum of signed values, which the gist's max
 * formula would get wrong, comes out right. The gist's worked example is a
 * case file (tests/cases/partitioned-streams.case).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "simrun.h"
#include "algotest.h"
#include "tap.h"

static void run(const algo *a, const algo_params *p, const algo_data *in, simrun *r)
{
	pram_config cfg = {.model = p->model, .seed = 5};
	if (simrun_exec(a, p, in, &cfg, NULL, NULL, r))
		exit(99);
}

/* The partitions of in: their number and the longest. */
static void shape(const algo_data *in, size_t *T, size_t *m)
{
	size_t t = 0, longest = 0, start = 0;
	for (size_t i = 0; i < in->n; i++)
		if (i == 0 || (in->flags && in->flags[i])) {
			if (i - start > longest)
				longest = i - start;
			start = i;
			t++;
		}
	if (in->n - start > longest)
		longest = in->n - start;
	*T = t;
	*m = in->n ? longest : 0;
}

static unsigned ceil_log(size_t m, unsigned b)
{
	unsigned k = 0;
	for (size_t s = 1; s < m; s *= b)
		k++;
	return k;
}

/* W and D of partition-offsets with fan-in fan, from its header comment. */
static void po_formula(size_t n, size_t T, unsigned fan, uint64_t *w, uint64_t *d)
{
	uint64_t S = 0;
	unsigned L = 0;
	for (size_t len = n; len > 1; L++) {
		len = (len + fan - 1) / fan;
		S += len;
	}
	unsigned L1 = L ? L : 1;
	*w = n ? n + S + (uint64_t)T * L1 + T : 0;
	*d = n ? L + L1 + 2 : 0;
}

/* W and D of jfa-reduce with k samples, from its header comment. */
static void jfa_formula(size_t n, size_t m, unsigned k, uint64_t *w, uint64_t *d)
{
	size_t P = 1;
	unsigned lg = 0;
	while (P < n) {
		P *= 2;
		lg++;
	}
	unsigned K = ceil_log(m, k == 7 ? 4 : 2);
	*w = n ? 2 * n + (3 * P - 1 + n) + (uint64_t)k * n * K : 0;
	*d = n ? 2 + (2 * lg + 3) + 2 * K : 0;
}

/* One run: verified, legal, and W and D as the formula says. */
static void check(const algo *a, const char *spec, size_t n, int64_t part_len, uint64_t seed)
{
	algo_params p = test_params(a, spec);
	int k = algo_param_index(a, "part-len");
	if (k >= 0)
		p.v[k] = part_len;
	algo_data in[ALGO_MAX_PORTS] = {0};
	if (algo_generate(a, in, n, &p, seed))
		exit(99);
	simrun r;
	run(a, &p, in, &r);
	pram_totals t = pram_get_totals(r.m);
	uint64_t w = 0, d = 0;
	int known = 1;
	size_t T, m;
	shape(&in[0], &T, &m);
	if (strcmp(a->name, "partition-offsets") == 0)
		po_formula(n, T, (unsigned)p.v[algo_param_index(a, "fan")], &w, &d);
	else if (strcmp(a->name, "jfa-reduce") == 0)
		jfa_formula(n, m, p.v[algo_param_index(a, "samples")] ? 7 : 3, &w, &d);
	else if (r.cost_known)
		w = r.cost_w, d = r.cost_d;
	else
		known = 0;
	char why[512] = "";
	if (pram_failed(r.m) || t.violations)
		snprintf(why, sizeof why, "%s", pram_errmsg(r.m));
	else if (!r.verified)
		snprintf(why, sizeof why, "%s", r.why);
	else if (!known || t.work != w || t.depth != d)
		snprintf(why, sizeof why, "W = %llu, D = %llu; the formula says %llu, %llu",
			 (unsigned long long)t.work, (unsigned long long)t.depth,
			 (unsigned long long)w, (unsigned long long)d);
	TAP_OK_WHY(!*why, why, "%s %s, n = %zu, partitions %s%lld: right, legal, W and D exact",
		   a->name, spec, n, part_len ? "of " : "random ", (long long)part_len);
	simrun_free(&r);
	algo_data_free_all(in, ALGO_MAX_PORTS);
}

static const size_t sizes[] = {0, 1, 2, 3, 7, 16, 17, 40, 255, 256, 257, 1000, 4096};
#define NSIZES (sizeof sizes / sizeof *sizes)
/* 0: random, 1: every element its own, 2: pairs, 5000: one partition. */
static const int64_t lens[] = {0, 1, 2, 3, 16, 5000};
#define NLENS (sizeof lens / sizeof *lens)

static void test_against_reference(void)
{
	static const char *const specs[][2] = {
	    {"partition-offsets", ""},
	    {"partition-offsets", "fan=2"},
	    {"partition-offsets", "fan=16"},
	    {"jfa-reduce", "op=count"},
	    {"jfa-reduce", "op=sum"},
	    {"jfa-reduce", "op=max"},
	    {"jfa-reduce", "op=min"},
	    {"jfa-reduce", "op=count samples=7"},
	    {"jfa-reduce", "op=sum samples=7"},
	    {"jfa-reduce", "op=max samples=7"},
	    {"jfa-reduce", "op=min samples=7"},
	    {"jfa-reduce", "op=sum float"},
	    {"jfa-reduce", "op=sum float samples=7"},
	    {"jfa-reduce", "op=max float samples=7"},
	};
	for (size_t s = 0; s < sizeof specs / sizeof *specs; s++)
		for (size_t l = 0; l < NLENS; l++)
			for (size_t i = 0; i < NSIZES; i++)
				if (sizes[i] >= 256 || l == 0 || lens[l] == 2)
					check(test_algo(specs[s][0]), specs[s][1], sizes[i],
					      lens[l], 7 + i);
	const algo *rm = test_algo("reduce-matrix");
	for (size_t i = 0; i < NSIZES; i++) {
		check(rm, "", sizes[i], 0, 3 + i);
		check(rm, "float", sizes[i], 0, 3 + i);
	}
}

/* The 7-sample passes: fewer steps, more work in each, as the counted W
 * and D show, on one partition of 4096 (m = 4096: 12 passes against 6). */
static void test_samples(void)
{
	const algo *a = test_algo("jfa-reduce");
	uint64_t w[2], d[2], passw[2];
	for (int s = 0; s < 2; s++) {
		algo_params p = test_params(a, s ? "op=sum samples=7" : "op=sum");
		p.v[algo_param_index(a, "part-len")] = 4096;
		algo_data in[ALGO_MAX_PORTS] = {0};
		if (algo_generate(a, in, 4096, &p, 11))
			exit(99);
		simrun r;
		run(a, &p, in, &r);
		pram_totals t = pram_get_totals(r.m);
		w[s] = t.work;
		d[s] = t.depth;
		/* The work of the passes alone: every step after the scan but the
		 * last (the finish). */
		passw[s] = 0;
		size_t steps = pram_step_count(r.m);
		for (size_t k = 0; k < steps; k++) {
			const pram_step_stats *st = pram_step_at(r.m, k);
			if (strncmp(st->label, "pass", 4) == 0)
				passw[s] += st->work;
		}
		TAP_OK(r.verified, "jfa-reduce, %d samples, one partition of 4096: right",
		       s ? 7 : 3);
		simrun_free(&r);
		algo_data_free_all(in, ALGO_MAX_PORTS);
	}
	/* 3 samples: 12 passes of 2 steps; 7 samples: 6. */
	TAP_EQ_I(d[0] - d[1], 12, "7 samples: 12 steps fewer (6 passes of 2 against 12)");
	TAP_OK(passw[1] / 12 > passw[0] / 24,
	       "7 samples: more work a pass step (%llu against %llu)",
	       (unsigned long long)(passw[1] / 12), (unsigned long long)(passw[0] / 24));
	TAP_EQ_I(passw[0], 3ull * 4096 * 12, "3 samples: 3n work a pass, 12 passes");
	TAP_EQ_I(passw[1], 7ull * 4096 * 6, "7 samples: 7n work a pass, 6 passes");
	TAP_OK(w[1] > w[0], "7 samples: more work in all (%llu against %llu)",
	       (unsigned long long)w[1], (unsigned long long)w[0]);
}

/* Signed sums: the gist's max(c(i + s), c(i - s)), 0 for a non-neighbour,
 * drops a negative neighbour; the program takes it. Partitions 5 -3 and
 * -4 -4 -4 sum to 2 and -12. */
static void test_signed(void)
{
	const algo *a = test_algo("jfa-reduce");
	static const int64_t v[] = {5, -3, -4, -4, -4};
	static const unsigned char f[] = {1, 0, 1, 0, 0};
	for (int s = 0; s < 2; s++) {
		algo_params p = test_params(a, s ? "op=sum samples=7" : "op=sum");
		algo_data in[ALGO_MAX_PORTS] = {0};
		if (algo_data_alloc(&in[0], 5, PRAM_INT, 1))
			exit(99);
		for (size_t i = 0; i < 5; i++) {
			in[0].vals[i].i = v[i];
			in[0].flags[i] = f[i];
		}
		simrun r;
		run(a, &p, in, &r);
		TAP_OK(r.verified && r.out[1].n == 2 && r.out[1].vals[0].i == 2 &&
			   r.out[1].vals[1].i == -12,
		       "jfa-reduce sum, %d samples: signed partitions give 2 and -12", s ? 7 : 3);
		simrun_free(&r);
		algo_data_free_all(in, ALGO_MAX_PORTS);
	}
}

/* --op count is jfa-reduce's alone, and said so elsewhere. */
static void test_count_option(void)
{
	char err[256] = "";
	algo_params p = algo_default_params(test_algo("reduce"));
	int rc = algo_set_option(test_algo("reduce"), &p, "op", "count", err, sizeof err);
	TAP_OK(rc != 0, "reduce refuses --op count");
	TAP_CONTAINS(err, "count", "the message names count");
	const algo *a = test_algo("jfa-reduce");
	p = algo_default_params(a);
	TAP_OK(algo_set_option(a, &p, "op", "count", err, sizeof err) == 0 && p.count &&
		   strcmp(algo_op_name(&p), "count") == 0,
	       "jfa-reduce takes --op count");
	TAP_OK(algo_set_option(a, &p, "op", "max", err, sizeof err) == 0 && !p.count,
	       "a later --op max replaces count");
}

int main(void)
{
	test_against_reference();
	test_samples();
	test_signed();
	test_count_option();
	return tap_done();
}
