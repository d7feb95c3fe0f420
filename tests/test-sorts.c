/*
 * test-sorts.c - the histograms, the histopyramid, the counting sorts and
 * the radix sorts, one function per family. Prints TAP.
 *
 * Each entry runs against its sequential reference on seeded inputs of
 * every key distribution, of sizes from 0 up, for several bin counts, key
 * ranges, radixes and group sizes, and on edge and adversarial inputs
 * written out here (one key, all keys equal, one key at the maximum,
 * sorted, reversed, few distinct keys); every run must be legal under the
 * model the entry declares and meet its closed form where it has one.
 * Then W, D and D_serial against formulas written out here from the
 * programs' comments (D_serial computed from each input's own counts: its
 * mode, the largest count of one bin in one group, ...), and what else a
 * family promises: stability, the models it needs, its generator, the
 * inputs it refuses, its traces. The posts' and the notes' worked
 * examples are case files (tests/cases/histogram-and-sort.case and
 * radix-sort-lsd.case).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "simrun.h"
#include "algotest.h"
#include "tap.h"

/* ---- Helpers ------------------------------------------------------------ */

/* The inputs of a with the n integer keys k (and, for the entries with a
 * values input, the values v when not NULL, else none). */
static void make_input(const algo *a, algo_data *in, const int64_t *k, size_t n, const int64_t *v)
{
	memset(in, 0, ALGO_MAX_PORTS * sizeof *in);
	if (algo_data_alloc(&in[0], n, PRAM_INT, 0))
		exit(99);
	for (size_t i = 0; i < n; i++)
		in[0].vals[i].i = k[i];
	if (algo_nin(a) > 1) {
		if (algo_data_alloc(&in[1], v ? n : 0, PRAM_INT, 0))
			exit(99);
		for (size_t i = 0; v && i < n; i++)
			in[1].vals[i].i = v[i];
	}
}

/* Run a on in under model; r is the caller's to free. */
static void run(const algo *a, const algo_params *p, const algo_data *in, pram_model model,
		simrun *r)
{
	algo_params q = *p;
	q.model = model;
	pram_config cfg = {.model = model, .seed = 5};
	if (simrun_exec(a, &q, in, &cfg, NULL, NULL, r))
		exit(99);
}

/* Whether the run r of a on in is right: verified, no violation, the
 * closed form met when there is one, Brent's bound kept. Else why. */
static int run_ok(const algo *a, const simrun *r, size_t n, char *why, size_t len)
{
	pram_totals t = pram_get_totals(r->m);
	if (t.violations || pram_failed(r->m))
		snprintf(why, len, "n = %zu: %s", n, pram_errmsg(r->m));
	else if (!r->verified)
		snprintf(why, len, "n = %zu: %s", n, r->why);
	else if (a->cost && !r->cost_known)
		snprintf(why, len, "n = %zu: no closed form for these parameters", n);
	else if (r->cost_known && (r->cost_w != t.work || r->cost_d != t.depth))
		snprintf(why, len, "n = %zu: W = %llu, D = %llu; closed form W = %llu, D = %llu", n,
			 (unsigned long long)t.work, (unsigned long long)t.depth,
			 (unsigned long long)r->cost_w, (unsigned long long)r->cost_d);
	else if (pram_brent_time(r->m, 5) > pram_brent_bound(r->m, 5))
		snprintf(why, len, "n = %zu: Brent's bound broken for p = 5", n);
	else
		return 1;
	return 0;
}

/* The values output of a sort (the input indices without --pairs)
 * increases along every run of equal keys. */
static int stable(const simrun *r)
{
	const algo_data *k = &r->out[0], *v = &r->out[1];
	for (size_t j = 1; j < k->n; j++)
		if (k->vals[j].i == k->vals[j - 1].i && v->vals[j].i <= v->vals[j - 1].i)
			return 0;
	return 1;
}

/* The name of key distribution d (the choices of --dist). */
static const char *dist_name(int d)
{
	const algo *a = test_algo("histogram-tree");
	return a->params[algo_param_index(a, "dist")].choices[d];
}

/* Whether the entry's --pairs is the choice named what. */
static int pairs_are(const algo *a, const algo_params *p, const char *what)
{
	int k = algo_param_index(a, "pairs");
	return k >= 0 && strcmp(a->params[k].choices[p->v[k]], what) == 0;
}

/* Whether the entry reports an input index per sorted key (a second
 * output) and not a carried value: its stability is checkable. */
static int has_index_output(const algo *a, const algo_params *p)
{
	if (algo_nout(a) < 2 || strcmp(algo_outputs(a)[0].name, "keys") != 0)
		return 0;
	return algo_param_index(a, "pairs") < 0 || pairs_are(a, p, "index");
}

/* ---- Against the reference ---------------------------------------------- */

static const size_t sizes[] = {0, 1, 2, 3, 5, 8, 16, 17, 33, 100, 257, 1000};
#define NSIZES (sizeof sizes / sizeof *sizes)

/* The entry name with the options spec, over every size, distribution and
 * two seeds, under its model (and under the scan model when scan_too). */
static void sweep(const char *name, const char *spec, size_t max_n, int scan_too)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	int dist = algo_param_index(a, "dist");
	char why[512] = "";
	int ok = 1;
	for (int model = 0; model < 1 + scan_too && ok; model++)
		for (size_t s = 0; s < NSIZES && sizes[s] <= max_n && ok; s++)
			for (int d = 0; d < 6 && ok; d++)
				for (uint64_t seed = 1; seed <= 2 && ok; seed++) {
					algo_data in[ALGO_MAX_PORTS] = {0};
					simrun r;
					p.v[dist] = d;
					if (algo_generate(a, in, sizes[s], &p, seed * 100 + s))
						exit(99);
					run(a, &p, in, model ? PRAM_SCAN : a->model, &r);
					ok = run_ok(a, &r, sizes[s], why, sizeof why);
					if (ok && has_index_output(a, &p) && !stable(&r)) {
						ok = 0;
						snprintf(why, sizeof why, "n = %zu: not stable",
							 sizes[s]);
					}
					simrun_free(&r);
					algo_data_free_all(in, algo_nin(a));
				}
	TAP_OK_WHY(ok, why, "%s%s%s: every distribution, n = 0..%zu, %s%s%s", name,
		   *spec ? " " : "", spec, max_n < sizes[NSIZES - 1] ? max_n : sizes[NSIZES - 1],
		   pram_model_name(a->model), scan_too ? " and scan" : "",
		   a->cost ? ", exact W and D" : "");
}

/* ---- Edge and adversarial inputs ------------------------------------------ */

/* Keys of one kind, in [0, range): n of them into k. */
enum {
	EDGE_ONE,      /* n = 1 */
	EDGE_ZERO,     /* all 0 */
	EDGE_MAX,      /* all range - 1 */
	EDGE_ONE_MAX,  /* one key at range - 1 among zeros, last */
	EDGE_SORTED,   /* 0, 1, 2, ... */
	EDGE_REVERSED, /* ..., 2, 1, 0 */
	EDGE_FEW,      /* 0 and range - 1, alternating, and range / 2 */
	EDGE_SAWTOOTH, /* i mod 7, repeated */
	EDGE_KINDS
};

static const char *const edge_names[] = {
    "one key", "all keys 0", "all keys at the maximum", "one key at the maximum",
    "sorted",  "reversed",   "few distinct keys",       "a sawtooth"};

static size_t edge_keys(int kind, int64_t range, int64_t *k, size_t n)
{
	if (kind == EDGE_ONE)
		n = 1;
	for (size_t i = 0; i < n; i++) {
		int64_t v;
		switch (kind) {
		case EDGE_ONE:
		case EDGE_MAX:
			v = range - 1;
			break;
		case EDGE_ZERO:
			v = 0;
			break;
		case EDGE_ONE_MAX:
			v = i == n - 1 ? range - 1 : 0;
			break;
		case EDGE_SORTED:
			v = (int64_t)i;
			break;
		case EDGE_REVERSED:
			v = (int64_t)(n - 1 - i);
			break;
		case EDGE_FEW:
			v = i % 3 == 0 ? 0 : i % 3 == 1 ? range - 1 : range / 2;
			break;
		default:
			v = (int64_t)(i % 7);
		}
		k[i] = v % range;
	}
	return n;
}

/* Each entry on each kind of edge input, for n = 2..300 and a few ranges. */
static void edges(const char *name, const char *spec, const char *range_param, int64_t range)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	if (range_param && algo_set_param(a, &p, range_param, range)) {
		printf("Bail out! %s --%s %lld\n", name, range_param, (long long)range);
		exit(1);
	}
	static int64_t k[300];
	for (int kind = 0; kind < EDGE_KINDS; kind++) {
		char why[512] = "";
		int ok = 1;
		for (size_t n0 = 2; n0 <= 300 && ok; n0 = n0 * 2 + 1) {
			algo_data in[ALGO_MAX_PORTS];
			simrun r;
			size_t n = edge_keys(kind, range, k, n0);
			int64_t v[300];
			for (size_t i = 0; i < n; i++)
				v[i] = 1000 - (int64_t)i;
			make_input(a, in, k, n, pairs_are(a, &p, "yes") ? v : NULL);
			run(a, &p, in, a->model, &r);
			ok = run_ok(a, &r, n, why, sizeof why);
			if (ok && has_index_output(a, &p) && !stable(&r)) {
				ok = 0;
				snprintf(why, sizeof why, "n = %zu: not stable", n);
			}
			simrun_free(&r);
			algo_data_free_all(in, algo_nin(a));
		}
		char what[128];
		if (range_param)
			snprintf(what, sizeof what, "%s%s--%s %lld", spec, *spec ? " " : "",
				 range_param, (long long)range);
		else
			snprintf(what, sizeof what, "%s%svalues below %lld", spec, *spec ? " " : "",
				 (long long)range);
		TAP_OK_WHY(ok, why, "%s %s: %s", name, what, edge_names[kind]);
	}
}

/* ---- W, D and D_serial against the formulas ------------------------------ */

static uint64_t lg(uint64_t n)
{
	uint64_t k = 0;
	while (((uint64_t)1 << k) < n)
		k++;
	return k;
}

/* The counts of the run of a on n keys drawn by dist from [0, range) (the
 * entry's range parameter is set to range unless range_param is NULL). The
 * keys stay in k (room for n). Returns whether the run was right. */
static int totals(const char *name, const char *spec, const char *range_param, int64_t range,
		  size_t n, int dist, uint64_t seed, int64_t *k, pram_totals *t)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	if (range_param)
		algo_set_param(a, &p, range_param, range);
	p.v[algo_param_index(a, "dist")] = dist;
	algo_data in[ALGO_MAX_PORTS] = {0};
	simrun r;
	char why[256];
	if (algo_generate(a, in, n, &p, seed))
		exit(99);
	for (size_t i = 0; i < n && k; i++)
		k[i] = in[0].type == PRAM_INT ? in[0].vals[i].i
					      : (int64_t)(in[0].vals[i].f * (double)range);
	run(a, &p, in, a->model, &r);
	*t = pram_get_totals(r.m);
	int ok = run_ok(a, &r, n, why, sizeof why);
	if (!ok)
		tap_diag("%s %s, n = %zu: %s", name, spec, n, why);
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
	return ok;
}

/* The most keys equal to one another among k[lo, hi), for keys < range. */
static uint64_t mode_of(const int64_t *k, size_t lo, size_t hi, int64_t range)
{
	uint64_t *c = calloc((size_t)range, sizeof *c), best = 0;
	if (!c)
		exit(99);
	for (size_t i = lo; i < hi; i++)
		if (++c[k[i]] > best)
			best = c[k[i]];
	free(c);
	return best;
}

static uint64_t max1(uint64_t x)
{
	return x > 1 ? x : 1;
}

/* ---- Models, the generator, refused inputs ------------------------------ */

/* The violations of a on the keys k under model (counting mode). */
static uint64_t violations(const char *name, const char *spec, const int64_t *k, size_t n,
			   pram_model model)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	p.model = model;
	algo_data in[ALGO_MAX_PORTS];
	simrun r;
	make_input(a, in, k, n, NULL);
	pram_config cfg = {.model = model, .conflicts = PRAM_CONFLICT_COUNT};
	if (simrun_exec(a, &p, in, &cfg, NULL, NULL, &r))
		exit(99);
	uint64_t v = pram_get_totals(r.m).violations;
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
	return v;
}

/* n keys of the generator of name with spec; the caller frees in. */
static void generate(const char *name, const char *spec, size_t n, uint64_t seed, algo_data *in)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	if (algo_generate(a, in, n, &p, seed))
		exit(99);
}

/* The message of the run of a on keys k (and values v) with spec. */
static void refused(const char *name, const char *spec, const int64_t *k, size_t n,
		    const int64_t *v, size_t nv, const char *msg, const char *what)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	algo_data in[ALGO_MAX_PORTS];
	simrun r;
	make_input(a, in, k, n, NULL);
	if (v) {
		algo_data_free(&in[1]);
		if (algo_data_alloc(&in[1], nv, PRAM_INT, 0))
			exit(99);
		for (size_t i = 0; i < nv; i++)
			in[1].vals[i].i = v[i];
	}
	run(a, &p, in, a->model, &r);
	TAP_OK(pram_failed(r.m) && !r.verified, "%s%s%s: %s is refused", name, *spec ? " " : "",
	       spec, what);
	TAP_CONTAINS(pram_errmsg(r.m), msg, "%s: and says so", name);
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
}

/* Many equal keys with values that record their order: a stable sort
 * keeps every run of a key in input order. */
static void stable_on_repeats(const char *name, const char *spec)
{
	const algo *a = test_algo(name);
	algo_params p = test_params(a, spec);
	static int64_t k[500], v[500];
	uint64_t st = 9;
	for (size_t i = 0; i < 500; i++) {
		k[i] = (int64_t)(algo_rand(&st) % 8);
		v[i] = (int64_t)i;
	}
	algo_data in[ALGO_MAX_PORTS];
	simrun r;
	make_input(a, in, k, 500, v);
	run(a, &p, in, a->model, &r);
	TAP_OK(r.verified && stable(&r), "%s %s: 500 keys of 8 values, equal keys keep their order",
	       name, spec);
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
}

/* ---- The histograms ------------------------------------------------------ */

static void test_histograms(void)
{
	sweep("histogram-tree", "bins=1", 257, 0);
	sweep("histogram-tree", "bins=3", 1000, 0);
	sweep("histogram-tree", "bins=16 float", 1000, 0);
	sweep("histogram-tree", "bins=256", 100, 0);
	sweep("histogram-atomic", "bins=1 group=1", 1000, 0);
	sweep("histogram-atomic", "bins=5 group=7", 1000, 0);
	sweep("histogram-atomic", "bins=64 group=64 float", 1000, 0);
	sweep("histogram-atomic", "bins=256 group=4096", 1000, 0);
	sweep("histogram-atomic", "bins=256", 1000, 0);
	edges("histogram-tree", "", "bins", 1);
	edges("histogram-tree", "", "bins", 8);
	edges("histogram-atomic", "group=16", "bins", 1);
	edges("histogram-atomic", "group=16", "bins", 32);
	edges("histogram-atomic", "group=1000", "bins", 256);
}

static void test_histogram_formulas(void)
{
	static int64_t k[5000];
	pram_totals t;
	char why[256] = "";
	int ok = 1;
	for (int64_t m = 1; m <= 40 && ok; m += 13)
		for (size_t n = 1; n <= 70 && ok; n++) {
			ok = totals("histogram-tree", "", "bins", m, n, 0, n, NULL, &t) &&
			     t.work == 2 * n * (uint64_t)m &&
			     t.depth == (uint64_t)m * (lg(n) + 2) && t.depth_serial == t.depth;
			snprintf(why, sizeof why, "m = %lld, n = %zu: W = %llu, D = %llu",
				 (long long)m, n, (unsigned long long)t.work,
				 (unsigned long long)t.depth);
		}
	TAP_OK_WHY(ok, why,
		   "histogram-tree: W = 2nm, D = m (ceil(log2 n) + 2) = D_serial, n = 1..70");

	ok = 1;
	static const size_t groups[] = {1, 3, 16, 64, 5000};
	for (size_t g = 0; g < 5 && ok; g++)
		for (int64_t m = 1; m <= 256 && ok; m = m * 4 + 1)
			for (size_t n = 1; n <= 3000 && ok; n = n * 3 + 2)
				for (int d = 0; d < 6 && ok; d++) {
					char spec[32];
					snprintf(spec, sizeof spec, "group=%zu", groups[g]);
					ok = totals("histogram-atomic", spec, "bins", m, n, d, n, k,
						    &t);
					uint64_t q = (n + groups[g] - 1) / groups[g], c = 0;
					for (size_t lo = 0; lo < n; lo += groups[g]) {
						size_t hi = lo + groups[g] < n ? lo + groups[g] : n;
						uint64_t c1 = mode_of(k, lo, hi, m);
						c = c1 > c ? c1 : c;
					}
					ok = ok && t.work == n + (2 * q + 1) * (uint64_t)m &&
					     t.depth == 3 && t.depth_serial == 1 + max1(c) + q;
					snprintf(
					    why, sizeof why,
					    "G = %zu, m = %lld, n = %zu, %s: W = %llu, D_serial = "
					    "%llu, expected %llu",
					    groups[g], (long long)m, n, dist_name(d),
					    (unsigned long long)t.work,
					    (unsigned long long)t.depth_serial,
					    (unsigned long long)(1 + max1(c) + q));
				}
	TAP_OK_WHY(ok, why,
		   "histogram-atomic: W = n + (2q + 1) m, D = 3, D_serial = 1 + max(1, c) + q, "
		   "c the most records of one bin in one group");

	/* The headline numbers: n = 2^12, m = 256, groups of 256 (q = 16). */
	totals("histogram-atomic", "", "bins", 256, 4096, 1, 3, NULL, &t);
	TAP_EQ_I(t.depth_serial, 1 + 256 + 16,
		 "histogram-atomic, n = 2^12, m = 256, all keys equal: D_serial = 1 + G + q = 273");
	uint64_t equal = t.depth_serial;
	totals("histogram-atomic", "", "bins", 256, 4096, 0, 3, NULL, &t);
	TAP_OK(t.depth_serial >= 1 + 2 + 16 && t.depth_serial <= 1 + 12 + 16 &&
		   equal > 9 * t.depth_serial,
	       "histogram-atomic, uniform keys: D_serial = %llu, about 1 + G/m + q, a tenth of "
	       "all-equal's",
	       (unsigned long long)t.depth_serial);
	totals("histogram-atomic", "group=4096", "bins", 256, 4096, 1, 3, NULL, &t);
	TAP_EQ_I(t.depth_serial, 1 + 4096 + 1,
		 "histogram-atomic, one group of n, all keys equal: D_serial = n + 2");
	totals("histogram-atomic", "group=4096", "bins", 256, 4096, 0, 3, NULL, &t);
	TAP_OK(t.depth_serial >= 1 + 16 + 1 && t.depth_serial <= 1 + 48 + 1,
	       "histogram-atomic, one group, uniform keys: D_serial = %llu, about n/m",
	       (unsigned long long)t.depth_serial);

	/* The tree loses: m times the work for every m. (Not always the depth:
	 * with few bins the atomic one's increments pile up, D_serial about
	 * G / m, more than the tree's m (log2 n + 2) for m = 2.) */
	ok = 1;
	for (int64_t m = 1; m <= 256 && ok; m *= 2) {
		pram_totals ta;
		ok = totals("histogram-tree", "", "bins", m, 1024, 0, 1, NULL, &t) &&
		     totals("histogram-atomic", "", "bins", m, 1024, 0, 1, NULL, &ta) &&
		     t.work > ta.work && t.work == 2 * (uint64_t)m * 1024 &&
		     ta.work <= 1024 + 9 * (uint64_t)m;
		snprintf(why, sizeof why, "m = %lld", (long long)m);
	}
	TAP_OK_WHY(ok, why,
		   "n = 1024, m = 1..256: the tree's W = 2nm against the atomic one's n + 9m");
}

static void test_histogram_rest(void)
{
	static const int64_t distinct[] = {5, 3, 0, 7, 1, 6, 2, 4},
			     repeated[] = {5, 3, 5, 7, 1, 5, 2, 4};
	TAP_EQ_I(violations("histogram-tree", "bins=8", repeated, 8, PRAM_EREW), 0,
		 "histogram-tree: EREW");
	TAP_EQ_I(violations("histogram-atomic", "bins=8 group=8", distinct, 8, PRAM_EREW), 0,
		 "histogram-atomic: distinct keys in one group are legal even under EREW");
	TAP_EQ_I(violations("histogram-atomic", "bins=8 group=8", repeated, 8, PRAM_EREW), 2,
		 "histogram-atomic: a key three times in a group, two violations under EREW");
	TAP_EQ_I(violations("histogram-atomic", "bins=8 group=4", distinct, 8, PRAM_EREW), 8,
		 "histogram-atomic: two groups merge into every bin, 8 violations under EREW");
	TAP_EQ_I(violations("histogram-atomic", "bins=8 group=4", repeated, 8, PRAM_CRCW_COMMON), 0,
		 "histogram-atomic: none under crcw-common, its model");

	/* The generator's distributions. */
	algo_data in[ALGO_MAX_PORTS];
	for (int dist = 0; dist < 6; dist++) {
		char spec[64];
		snprintf(spec, sizeof spec, "bins=100 dist=%s", dist_name(dist));
		generate("histogram-tree", spec, 2000, 7, in);
		size_t ndistinct = 0;
		int seen[100] = {0};
		int up = 1, down = 1, in_range = 1;
		for (size_t i = 0; i < in[0].n; i++) {
			int64_t v = in[0].vals[i].i;
			in_range &= v >= 0 && v < 100;
			if (in_range && !seen[v]++)
				ndistinct++;
			if (i) {
				up &= v >= in[0].vals[i - 1].i;
				down &= v <= in[0].vals[i - 1].i;
			}
		}
		const char *d = dist_name(dist);
		int want = !strcmp(d, "equal")      ? ndistinct == 1
			   : !strcmp(d, "sorted")   ? up && ndistinct > 80
			   : !strcmp(d, "reversed") ? down && ndistinct > 80
			   : !strcmp(d, "few")      ? ndistinct >= 1 && ndistinct <= 4
						    : ndistinct > 80 && !up && !down;
		TAP_OK(in_range && want && in[0].n == 2000,
		       "--dist %s: 2000 keys of [0, 100) as it says (%zu distinct)", d, ndistinct);
		algo_data_free(&in[0]);
	}
	/* Zipf: key k with probability ln((k + 2) / (k + 1)) / ln(range + 1). */
	generate("histogram-tree", "bins=1000 dist=zipf", 100000, 3, in);
	size_t zeros = 0, ones = 0;
	for (size_t i = 0; i < in[0].n; i++) {
		zeros += in[0].vals[i].i == 0;
		ones += in[0].vals[i].i == 1;
	}
	TAP_OK(zeros > 9000 && zeros < 11000 && ones > 5300 && ones < 6500,
	       "--dist zipf over 1000 keys: %zu zeros (about 10000), %zu ones (about 5900)", zeros,
	       ones);
	algo_data_free(&in[0]);
	generate("histogram-atomic", "float", 1000, 3, in);
	int ok = in[0].type == PRAM_FLOAT;
	for (size_t i = 0; i < in[0].n; i++)
		ok &= in[0].vals[i].f >= 0 && in[0].vals[i].f < 1;
	TAP_OK(ok, "float records lie in [0, 1)");
	algo_data_free(&in[0]);
	algo_data again[ALGO_MAX_PORTS];
	generate("histogram-tree", "dist=zipf bins=2^16", 500, 11, in);
	generate("histogram-tree", "dist=zipf bins=2^16", 500, 11, again);
	ok = 1;
	for (size_t i = 0; i < 500 && ok; i++)
		ok = in[0].vals[i].i == again[0].vals[i].i;
	TAP_OK(ok, "the same seed gives the same records");
	algo_data_free(&in[0]);
	algo_data_free(&again[0]);

	/* What the histograms refuse. */
	static const int64_t big[] = {1, 2, 300}, neg[] = {1, -2, 3};
	refused("histogram-tree", "bins=4", big, 3, NULL, 0,
		"integer records are bin numbers; give more --bins", "a record past the bins");
	refused("histogram-atomic", "bins=4", neg, 3, NULL, 0,
		"key -2 at index 1 lies outside [0, 4): keys are whole numbers >= 0",
		"a negative record");
	/* Floats outside [0, 1). */
	const algo *a = test_algo("histogram-atomic");
	algo_params p = test_params(a, "float");
	algo_data f;
	simrun r;
	algo_data_alloc(&f, 3, PRAM_FLOAT, 0);
	f.vals[0].f = 0.5;
	f.vals[1].f = 1.0;
	f.vals[2].f = 0.25;
	run(a, &p, &f, a->model, &r);
	TAP_CONTAINS(pram_errmsg(r.m), "value 1 at index 1 lies outside [0, 1)",
		     "histogram-atomic --float: a record of 1 is refused, naming it");
	simrun_free(&r);
	algo_data_free(&f);

	/* Bins of floats: the post's index, m - 1 when x m rounds up to m. */
	a = test_algo("histogram-tree");
	p = test_params(a, "float bins=3");
	algo_data_alloc(&f, 4, PRAM_FLOAT, 0);
	f.vals[0].f = 0.999999999999999;
	f.vals[1].f = 0.0;
	f.vals[2].f = 1.0 / 3;
	f.vals[3].f = 0.5;
	run(a, &p, &f, a->model, &r);
	TAP_OK(r.verified && r.out[0].vals[0].i == 1 && r.out[0].vals[1].i == 2 &&
		   r.out[0].vals[2].i == 1,
	       "histogram-tree --float, 3 bins: 0 in bin 0, 1/3 and 0.5 in bin 1, just below 1 in "
	       "bin 2 (the post's index = numBins - 1)");
	simrun_free(&r);
	algo_data_free(&f);
}

/* ---- The histopyramid --------------------------------------------------- */

/* The node and rank of processor 12 after every step. */
typedef struct watch {
	int64_t node[8], rank[8];
	size_t steps;
} watch;

static void watch_step(pram *m, size_t step, void *ud)
{
	watch *w = ud;
	for (size_t k = 0; k < pram_array_count(m); k++) {
		pram_array *a = pram_array_at(m, k);
		int64_t *dst = !strcmp(pram_array_name(a), "node")   ? w->node
			       : !strcmp(pram_array_name(a), "rank") ? w->rank
								     : NULL;
		if (dst && step < 8)
			dst[step] = pram_array_written(a, 12) ? pram_array_get_i(a, 12) : -1;
	}
	w->steps = step + 1;
}

static void test_histopyramid(void)
{
	sweep("histopyramid", "", 1000, 0);
	sweep("histopyramid", "dist=zipf", 257, 0);
	edges("histopyramid", "", NULL, 6);

	const algo *a = test_algo("histopyramid");
	char why[256] = "";
	int ok = 1;
	static int64_t c[600];
	for (size_t n = 1; n <= 520 && ok; n = n < 20 ? n + 1 : n * 2 - 3)
		for (int kind = 0; kind < 3 && ok; kind++) {
			uint64_t T = 0;
			for (size_t i = 0; i < n; i++) {
				c[i] = kind == 0   ? (int64_t)(i % 5)
				       : kind == 1 ? 0
						   : (i == n / 2) * 9;
				T += (uint64_t)c[i];
			}
			algo_data in[ALGO_MAX_PORTS];
			simrun r;
			algo_params p = algo_default_params(a);
			make_input(a, in, c, n, NULL);
			run(a, &p, in, PRAM_CREW, &r);
			pram_totals t = pram_get_totals(r.m);
			uint64_t M = (uint64_t)1 << lg(n), L = lg(n), L1 = L ? L : 1;
			ok = run_ok(a, &r, n, why, sizeof why) && t.work == M - 1 + T * L1 &&
			     t.depth == L + (T ? L1 : 0) && t.depth_serial == t.depth &&
			     r.out[0].n == 2 * M - 1 && r.out[1].n == T;
			if (!ok && !why[0])
				snprintf(why, sizeof why, "n = %zu, T = %llu: W = %llu, D = %llu",
					 n, (unsigned long long)T, (unsigned long long)t.work,
					 (unsigned long long)t.depth);
			simrun_free(&r);
			algo_data_free_all(in, 1);
		}
	TAP_OK_WHY(ok, why,
		   "histopyramid: W = M - 1 + T max(L, 1), D = L + max(L, 1) (L when T = 0), "
		   "2M - 1 pyramid cells, T outputs");
	static const int64_t distinct[] = {5, 3, 0, 7, 1, 6, 2, 4}, neg[] = {1, -2, 3};
	TAP_OK(violations("histopyramid", "", distinct, 8, PRAM_EREW) > 0,
	       "histopyramid: the traversal's concurrent reads break EREW");
	TAP_EQ_I(violations("histopyramid", "", distinct, 8, PRAM_CREW), 0,
		 "histopyramid: legal under CREW");
	refused("histopyramid", "", neg, 3, NULL, 0, "count -2 at index 1 is negative",
		"a negative count");
	algo_data gen[ALGO_MAX_PORTS];
	generate("histopyramid", "", 300, 2, gen);
	ok = gen[0].n == 300;
	for (size_t i = 0; i < 300 && ok; i++)
		ok = gen[0].vals[i].i >= 0 && gen[0].vals[i].i < 4;
	TAP_OK(ok, "histopyramid's generated counts lie in [0, 4)");
	algo_data_free(&gen[0]);

	/* The post's pyramid, and output index 12: right at the root (12 >= 9,
	 * rank 3), left at 14 (3 < 14), left at 5 (3 < 5): cell 4. */
	static const int64_t post[] = {3, 1, 4, 1, 5, 9, 2, 6};
	algo_data in[ALGO_MAX_PORTS];
	make_input(a, in, post, 8, NULL);
	algo_params p = algo_default_params(a);
	pram_config cfg = {.model = PRAM_CREW};
	simrun r;
	watch w = {0};
	if (simrun_exec(a, &p, in, &cfg, watch_step, &w, &r))
		exit(99);
	TAP_OK(w.steps == 6 && w.node[3] == 1 && w.rank[3] == 3 && w.node[4] == 2 &&
		   w.rank[4] == 3 && w.node[5] == 4 && w.rank[5] == 3 && w.node[2] == -1,
	       "histopyramid: output index 12 goes right (rank 12 - 9 = 3), left, left, to cell 4");
	TAP_EQ_I(r.out[1].vals[12].i, 4, "and maps to input cell 4");
	simrun_free(&r);
	algo_data_free(&in[0]);
}

/* ---- The counting sorts ------------------------------------------------- */

static void test_counting_sorts(void)
{
	sweep("counting-sort-serial", "key-range=1", 257, 0);
	sweep("counting-sort-serial", "key-range=17", 1000, 0);
	sweep("counting-sort-serial", "", 1000, 0);
	sweep("counting-sort-scan", "key-range=1", 1000, 0);
	sweep("counting-sort-scan", "key-range=2", 1000, 0);
	sweep("counting-sort-scan", "key-range=17", 1000, 0);
	sweep("counting-sort-scan", "", 1000, 0);
	sweep("counting-sort-histopyramid", "key-range=1", 1000, 0);
	sweep("counting-sort-histopyramid", "key-range=2", 1000, 0);
	sweep("counting-sort-histopyramid", "key-range=16", 1000, 0);
	sweep("counting-sort-histopyramid", "", 1000, 0);
	sweep("counting-sort-2d", "key-range=1", 1000, 0);
	sweep("counting-sort-2d", "key-range=2", 1000, 0);
	sweep("counting-sort-2d", "key-range=17", 1000, 0);
	sweep("counting-sort-2d", "key-range=64", 257, 0);
	edges("counting-sort-serial", "", "key-range", 1);
	edges("counting-sort-serial", "", "key-range", 300);
	edges("counting-sort-scan", "", "key-range", 1);
	edges("counting-sort-scan", "", "key-range", 300);
	edges("counting-sort-histopyramid", "", "key-range", 1);
	edges("counting-sort-histopyramid", "", "key-range", 512);
	edges("counting-sort-2d", "", "key-range", 1);
	edges("counting-sort-2d", "", "key-range", 300);
}

static void test_counting_sort_formulas(void)
{
	static int64_t k[5000];
	pram_totals t;
	char why[256] = "";
	int ok = 1;
	for (int64_t m = 1; m <= 300 && ok; m = m * 3 + 1)
		for (size_t n = 1; n <= 600 && ok; n = n * 2 + 1) {
			ok =
			    totals("counting-sort-serial", "", "key-range", m, n, 0, 7, NULL, &t) &&
			    t.work == 2 * (uint64_t)m + 2 * n && t.depth == t.work &&
			    t.depth_serial == t.depth;
			snprintf(why, sizeof why, "m = %lld, n = %zu", (long long)m, n);
		}
	TAP_OK_WHY(ok, why, "counting-sort-serial: W = D = D_serial = 2m + 2n");

	ok = 1;
	for (int64_t m = 1; m <= 300 && ok; m = m * 3 + 1)
		for (size_t n = 1; n <= 2000 && ok; n = n * 2 + 1)
			for (int d = 0; d < 6 && ok; d++) {
				ok = totals("counting-sort-scan", "", "key-range", m, n, d, n, k,
					    &t);
				uint64_t M = (uint64_t)1 << lg((uint64_t)m),
					 mode = mode_of(k, 0, n, m);
				ok = ok && t.work == 3 * M - 1 + 2 * (uint64_t)m + 2 * n &&
				     t.depth == 2 * lg((uint64_t)m) + 6 &&
				     t.depth_serial == t.depth + 2 * (mode - 1);
				snprintf(why, sizeof why, "m = %lld, n = %zu, %s: D_serial = %llu",
					 (long long)m, n, dist_name(d),
					 (unsigned long long)t.depth_serial);
			}
	TAP_OK_WHY(ok, why,
		   "counting-sort-scan: W = 3M - 1 + 2m + 2n, D = 2 ceil(log2 m) + 6, "
		   "D_serial = D + 2 (mode - 1)");

	ok = 1;
	for (int64_t m = 1; m <= 1024 && ok; m *= 4)
		for (size_t n = 1; n <= 2000 && ok; n = n * 2 + 1)
			for (int d = 0; d < 6 && ok; d++) {
				ok = totals("counting-sort-histopyramid", "", "key-range", m, n, d,
					    n, k, &t);
				uint64_t L = lg((uint64_t)m), L1 = L ? L : 1,
					 mode = mode_of(k, 0, n, m);
				ok = ok && t.work == 3 * (uint64_t)m - 2 + n * (1 + L1) &&
				     t.depth == 2 + L + L1 && t.depth_serial == t.depth + mode - 1;
				snprintf(why, sizeof why, "m = %lld, n = %zu, %s", (long long)m, n,
					 dist_name(d));
			}
	TAP_OK_WHY(ok, why,
		   "counting-sort-histopyramid: W = 3m - 2 + n (1 + max(L, 1)), D = 2 + L + "
		   "max(L, 1), D_serial = D + mode - 1 (the post's O(mode + log m))");

	ok = 1;
	for (int64_t m = 1; m <= 200 && ok; m = m * 3 + 2)
		for (size_t n = 1; n <= 300 && ok; n = n * 2 + 1)
			for (int d = 0; d < 6 && ok; d++) {
				ok = totals("counting-sort-2d", "", "key-range", m, n, d, n, k, &t);
				uint64_t below = 0, most = 0;
				for (size_t i = 0; i < n; i++) {
					below += k[i] < m - 1;
					most = (uint64_t)k[i] > most ? (uint64_t)k[i] : most;
				}
				ok = ok && t.work == (uint64_t)m + n + (2 * (uint64_t)m - 1) * n &&
				     t.depth == 3 && t.depth_serial == 1 + max1(below) + max1(most);
				snprintf(why, sizeof why, "m = %lld, n = %zu, %s: D_serial = %llu",
					 (long long)m, n, dist_name(d),
					 (unsigned long long)t.depth_serial);
			}
	TAP_OK_WHY(ok, why,
		   "counting-sort-2d: W = m + n + (2m - 1) n, D = 3, D_serial = 1 + max(1, #{keys "
		   "< m - 1}) + max(1, max key): O(n + m)");

	/* The histopyramid sort's delay of mode(input): all keys equal against
	 * distinct keys, at the same n and m. */
	pram_totals te, ts;
	totals("counting-sort-histopyramid", "", "key-range", 4096, 4096, 1, 2, NULL, &te);
	totals("counting-sort-histopyramid", "", "key-range", 4096, 4096, 2, 2, NULL, &ts);
	TAP_EQ_I(te.depth_serial - te.depth, 4095,
		 "counting-sort-histopyramid, n = m = 2^12, all keys equal: D_serial = D + n - 1");
	TAP_OK(ts.depth_serial - ts.depth < 12,
	       "counting-sort-histopyramid, uniform keys: D_serial - D = %llu, small",
	       (unsigned long long)(ts.depth_serial - ts.depth));
}

static void test_counting_sort_rest(void)
{
	/* Counting sort by a scan: stable here, as the atomics of a step apply
	 * in processor-id order; from is a permutation. */
	const algo *a = test_algo("counting-sort-scan");
	algo_params p = test_params(a, "key-range=4");
	algo_data in[ALGO_MAX_PORTS];
	simrun r;
	static int64_t many[1000];
	uint64_t st = 3;
	for (size_t i = 0; i < 1000; i++)
		many[i] = (int64_t)(algo_rand(&st) % 4);
	make_input(a, in, many, 1000, NULL);
	run(a, &p, in, a->model, &r);
	int ok = r.verified && stable(&r);
	static char seen[1000];
	memset(seen, 0, sizeof seen);
	for (size_t j = 0; j < 1000 && ok; j++) {
		int64_t i = r.out[1].vals[j].i;
		ok = i >= 0 && i < 1000 && !seen[i] && many[i] == r.out[0].vals[j].i;
		if (ok)
			seen[i] = 1;
	}
	TAP_OK(ok, "counting-sort-scan: from is a permutation taking each key to its place, "
		   "increasing within equal keys (stable on this PRAM)");
	simrun_free(&r);
	algo_data_free(&in[0]);
	static const int64_t distinct[] = {5, 3, 0, 7, 1, 6, 2, 4},
			     repeated[] = {5, 3, 5, 7, 1, 5, 2, 4};
	TAP_EQ_I(violations("counting-sort-serial", "key-range=8", repeated, 8, PRAM_EREW), 0,
		 "counting-sort-serial: EREW");
	TAP_EQ_I(violations("counting-sort-scan", "key-range=8", distinct, 8, PRAM_SCAN), 0,
		 "counting-sort-scan: distinct keys run under the scan model");
	TAP_OK(violations("counting-sort-scan", "key-range=8", repeated, 8, PRAM_SCAN) > 0,
	       "counting-sort-scan: repeated keys need concurrent atomics, not in the scan model");
	TAP_EQ_I(violations("counting-sort-histopyramid", "key-range=8", distinct, 8, PRAM_CREW), 0,
		 "counting-sort-histopyramid: distinct keys run under CREW");
	TAP_OK(violations("counting-sort-histopyramid", "key-range=8", repeated, 8, PRAM_CREW) > 0,
	       "counting-sort-histopyramid: repeated keys need concurrent atomics, not in CREW");
	TAP_OK(violations("counting-sort-histopyramid", "key-range=8", distinct, 8, PRAM_EREW) > 0,
	       "counting-sort-histopyramid: the traversal's concurrent reads break EREW");
	TAP_OK(violations("counting-sort-2d", "key-range=8", distinct, 8, PRAM_CREW) > 0,
	       "counting-sort-2d: the increments of one cell break CREW");

	static const int64_t big[] = {1, 2, 300}, neg[] = {1, -2, 3};
	refused(
	    "counting-sort-serial", "key-range=256", big, 3, NULL, 0,
	    "key 300 at index 2 lies outside [0, 256): give a --key-range above the largest key",
	    "a key past the range");
	refused("counting-sort-scan", "key-range=256", neg, 3, NULL, 0,
		"key -2 at index 1 lies outside [0, 256): keys are whole numbers >= 0",
		"a negative key");
	refused("counting-sort-histopyramid", "key-range=256", big, 3, NULL, 0, "key 300",
		"a key past the range");
	refused("counting-sort-2d", "key-range=256", big, 3, NULL, 0, "key 300",
		"a key past the range");
}

/* ---- LSD radix sort ------------------------------------------------------ */

static void test_radix_sort(void)
{
	sweep("radix-sort", "", 1000, 1);
	sweep("radix-sort", "key-range=1", 100, 1);
	sweep("radix-sort", "key-range=2", 257, 1);
	sweep("radix-sort", "bits-per-pass=2 key-range=1000", 1000, 1);
	sweep("radix-sort", "bits-per-pass=4 key-range=65536 pairs=yes", 1000, 1);
	sweep("radix-sort", "bits-per-pass=8 key-range=2^20", 257, 1);
	sweep("radix-sort", "radix=10 key-range=100000", 1000, 1);
	sweep("radix-sort", "radix=3 key-range=100 pairs=yes", 1000, 1);
	sweep("radix-sort", "bits-per-pass=3 key-range=2^40", 257, 1);
	sweep("radix-sort", "radix=10 key-range=100000 digits=2", 257, 1);
	sweep("radix-sort", "bits-per-pass=1 key-range=2^62 digits=3", 257, 1);
	edges("radix-sort", "", "key-range", 1);
	edges("radix-sort", "", "key-range", 300);
	edges("radix-sort", "radix=10 pairs=yes", "key-range", 1000);
	edges("radix-sort", "bits-per-pass=8", "key-range", (int64_t)1 << 24);
	/* --pairs no: the keys alone, the values output empty. */
	sweep("radix-sort", "pairs=no", 1000, 1);
	sweep("radix-sort", "pairs=no bits-per-pass=8 key-range=2^31", 257, 1);
	edges("radix-sort", "pairs=no radix=10", "key-range", 1000);
}

static void test_radix_sort_formulas(void)
{
	static const struct {
		const char *spec;
		uint64_t r, range;
	} cfg[] = {
	    {"", 2, 1 << 16},
	    {"bits-per-pass=2", 4, 1000},
	    {"bits-per-pass=4", 16, 1 << 16},
	    {"radix=10", 10, 100000},
	    {"radix=3", 3, 1},
	    {"radix=3", 3, 2},
	    {"radix=7", 7, 50},
	    {"bits-per-pass=8", 256, 1 << 16},
	};
	pram_totals t;
	char why[256] = "";
	int ok = 1;
	for (size_t c = 0; c < sizeof cfg / sizeof *cfg && ok; c++)
		for (size_t n = 1; n <= 700 && ok; n = n * 2 + 1)
			for (int scan = 0; scan < 2 && ok; scan++) {
				const algo *a = test_algo("radix-sort");
				algo_params p = test_params(a, cfg[c].spec);
				algo_set_param(a, &p, "key-range", (int64_t)cfg[c].range);
				algo_data in[ALGO_MAX_PORTS] = {0};
				simrun r;
				if (algo_generate(a, in, n, &p, n))
					exit(99);
				run(a, &p, in, scan ? PRAM_SCAN : PRAM_EREW, &r);
				t = pram_get_totals(r.m);
				uint64_t P = 0, rn = cfg[c].r * n;
				for (uint64_t v = cfg[c].range - 1; v; v /= cfg[c].r)
					P++;
				uint64_t w = scan ? 2 * P * (cfg[c].r + 1) * n
						  : P * (2 * (cfg[c].r + 1) * n +
							 3 * ((uint64_t)1 << lg(rn)) - 1);
				uint64_t d = scan ? 4 * P : P * (2 * lg(rn) + 6);
				ok = run_ok(a, &r, n, why, sizeof why) && t.work == w &&
				     t.depth == d && t.depth_serial == t.depth;
				if (!ok)
					snprintf(why + strlen(why), sizeof why - strlen(why),
						 " [%s, n = %zu, %s: W = %llu, D = %llu]",
						 cfg[c].spec, n, scan ? "scan" : "erew",
						 (unsigned long long)t.work,
						 (unsigned long long)t.depth);
				simrun_free(&r);
				algo_data_free_all(in, 2);
			}
	TAP_OK_WHY(
	    ok, why,
	    "radix-sort: W = P (2 (r + 1) n + 3L - 1), D = P (2 ceil(log2 r n) + 6) on EREW; "
	    "W = 2P (r + 1) n, D = 4P under the scan model; P the digits of K - 1");
}

static void test_radix_sort_rest(void)
{
	stable_on_repeats("radix-sort", "pairs=yes key-range=8");
	stable_on_repeats("radix-sort", "pairs=yes bits-per-pass=2 key-range=8");
	stable_on_repeats("radix-sort", "pairs=yes radix=3 key-range=8");

	/* The notes' split keys on bit 0: the keys with bit 0 = 0 first, each
	 * group in input order. */
	const algo *a = test_algo("radix-sort");
	algo_params p = test_params(a, "digits=1");
	static const int64_t keys[] = {4, 7, 2, 6, 1, 5, 1, 0};
	static const int64_t want_k[] = {4, 2, 6, 0, 7, 1, 5, 1},
			     want_v[] = {0, 2, 3, 7, 1, 4, 5, 6};
	algo_data in[ALGO_MAX_PORTS];
	simrun r;
	make_input(a, in, keys, 8, NULL);
	run(a, &p, in, PRAM_EREW, &r);
	int ok = r.verified;
	for (size_t i = 0; i < 8 && ok; i++)
		ok = r.out[0].vals[i].i == want_k[i] && r.out[1].vals[i].i == want_v[i];
	TAP_OK(ok, "radix-sort --digits 1 is the notes' split on bit 0, stable");
	simrun_free(&r);
	algo_data_free_all(in, 2);

	static const int64_t repeated[] = {5, 3, 5, 7, 1, 5, 2, 4};
	TAP_EQ_I(violations("radix-sort", "key-range=8", repeated, 8, PRAM_EREW), 0,
		 "radix-sort: EREW");
	TAP_EQ_I(violations("radix-sort", "key-range=8", repeated, 8, PRAM_SCAN), 0,
		 "radix-sort: legal under the scan model");

	static const int64_t ok3[] = {1, 2, 3}, vals2[] = {7, 8};
	refused("radix-sort", "key-range=3", ok3, 3, NULL, 0, "key 3 at index 2",
		"a key past the range");
	refused("radix-sort", "radix=10 bits-per-pass=2", ok3, 3, NULL, 0,
		"--radix 10 and --bits-per-pass 2 disagree",
		"--radix with another --bits-per-pass");
	refused("radix-sort", "radix=1", ok3, 3, NULL, 0, "--radix 1 has no digits", "--radix 1");
	refused("radix-sort", "", ok3, 3, vals2, 2, "2 values given without --pairs yes",
		"values without --pairs");
	refused("radix-sort", "pairs=yes", ok3, 3, vals2, 2,
		"2 values for 3 keys: --pairs yes takes one per key", "too few values");

	algo_data again[ALGO_MAX_PORTS];
	generate("radix-sort", "dist=zipf pairs=yes key-range=2^20", 500, 11, in);
	generate("radix-sort", "dist=zipf pairs=yes key-range=2^20", 500, 11, again);
	ok = in[1].n == 500;
	for (size_t i = 0; i < 500 && ok; i++)
		ok = in[0].vals[i].i == again[0].vals[i].i && in[1].vals[i].i == again[1].vals[i].i;
	TAP_OK(ok, "the same seed gives the same keys and values");
	algo_data_free_all(in, 2);
	algo_data_free_all(again, 2);
	generate("radix-sort", "", 50, 11, in);
	TAP_OK(in[0].n == 50 && in[1].n == 0, "without --pairs the values input is empty");
	algo_data_free_all(in, 2);
	generate("radix-sort", "pairs=no", 50, 11, in);
	TAP_OK(in[0].n == 50 && in[1].n == 0, "with --pairs no the values input is empty");
	algo_data_free_all(in, 2);

	/* --pairs no sorts the keys as --pairs index does, with the same W and
	 * D, and leaves the values output empty; values given are refused. */
	static const int64_t pk[] = {35037, 71672, 35288, 35282, 88662, 79699,
				     80638, 80637, 55128, 55469, 82340, 82327};
	simrun with, alone;
	p = test_params(a, "radix=10 key-range=100000");
	make_input(a, in, pk, 12, NULL);
	run(a, &p, in, PRAM_EREW, &with);
	p = test_params(a, "radix=10 key-range=100000 pairs=no");
	run(a, &p, in, PRAM_EREW, &alone);
	pram_totals tw = pram_get_totals(with.m), ta = pram_get_totals(alone.m);
	ok = with.verified && alone.verified && alone.out[0].n == 12 && alone.out[1].n == 0 &&
	     tw.work == ta.work && tw.depth == ta.depth && ta.writes < tw.writes;
	for (size_t i = 0; i < 12 && ok; i++)
		ok = alone.out[0].vals[i].i == with.out[0].vals[i].i;
	TAP_OK(ok, "radix-sort --pairs no: the same keys, W and D, fewer writes, no values");
	simrun_free(&with);
	simrun_free(&alone);
	algo_data_free_all(in, 2);
	refused("radix-sort", "pairs=no", ok3, 3, vals2, 2, "2 values given without --pairs yes",
		"values with --pairs no");

	/* Radix sort: every step's label names its pass. */
	p = test_params(a, "radix=10 key-range=100000");
	static const int64_t pc[] = {35037, 71672, 35288, 35282, 88662, 79699,
				     80638, 80637, 55128, 55469, 82340, 82327};
	make_input(a, in, pc, 12, NULL);
	run(a, &p, in, PRAM_EREW, &r);
	ok = pram_step_count(r.m) == 5 * 20;
	for (size_t s = 0; s < pram_step_count(r.m) && ok; s++) {
		char want[32];
		snprintf(want, sizeof want, "pass %zu", s / 20 + 1);
		ok = strncmp(pram_step_at(r.m, s)->label, want, strlen(want)) == 0;
	}
	TAP_OK(ok, "radix-sort --radix 10: 5 passes of 20 steps, each labelled with its pass");
	simrun_free(&r);
	algo_data_free_all(in, 2);
}

/* ---- MSD radix sort ------------------------------------------------------ */

/* A key to sort by and its input index, for the stable order a
 * reference must give: qsort with ties broken by the index. */
typedef struct ranked {
	uint64_t k;
	size_t i;
} ranked;

static int cmp_ranked(const void *x, const void *y)
{
	const ranked *a = x, *b = y;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/* The reference of radix-sort (spec) on n keys drawn from [0, range) and,
 * with pairs=yes, values drawn from [lo, lo + 2^40) (shifted into 32 bits
 * when small), against the stable order by key % modulus (0: the whole
 * key) written out here: keys, and the values or input indices. The
 * reference takes packed records where keys and values fit 32 bits, the
 * input index where they do not, and a wider sort past 2^32. */
static void reference_is_stable(const char *spec, size_t n, int64_t range, uint64_t modulus,
				int small, const char *what)
{
	const algo *a = test_algo("radix-sort");
	algo_params p = test_params(a, spec);
	int yes = strstr(spec, "pairs=yes") != NULL, no = strstr(spec, "pairs=no") != NULL;
	int64_t *k = malloc((n ? n : 1) * sizeof *k), *v = malloc((n ? n : 1) * sizeof *v);
	ranked *t = malloc((n ? n : 1) * sizeof *t);
	if (!k || !v || !t)
		exit(99);
	uint64_t st = 77;
	for (size_t i = 0; i < n; i++) {
		k[i] = (int64_t)(algo_rand(&st) % (uint64_t)range);
		v[i] = (int64_t)(algo_rand(&st) >> 24) - (small ? INT64_C(1) << 39 : 0);
		if (small)
			v[i] >>= 8; /* [-2^31, 2^31) */
		t[i] = (ranked){modulus ? (uint64_t)k[i] % modulus : (uint64_t)k[i], i};
	}
	qsort(t, n, sizeof *t, cmp_ranked);
	algo_data in[ALGO_MAX_PORTS], out[ALGO_MAX_PORTS] = {0};
	make_input(a, in, k, n, yes ? v : NULL);
	if (algo_alloc_outputs(a, in, &p, out))
		exit(99);
	a->reference(in, out, &p);
	int ok = out[0].n == n && out[1].n == (no ? 0 : n);
	for (size_t j = 0; j < n && ok; j++) {
		int64_t want_v = yes ? v[t[j].i] : (int64_t)t[j].i;
		ok = out[0].vals[j].i == k[t[j].i] && (no || out[1].vals[j].i == want_v);
	}
	TAP_OK(ok, "radix-sort's reference, %s, n = %zu: %s", spec, n, what);
	algo_data_free_all(out, algo_nout(a));
	algo_data_free_all(in, algo_nin(a));
	free(t);
	free(v);
	free(k);
}

static void test_radix_reference(void)
{
	const int64_t k32 = INT64_C(1) << 32;
	const char *bytes = "bits-per-pass=8 key-range=2^32";
	const char *pairs = "bits-per-pass=8 key-range=2^32 pairs=yes";
	reference_is_stable(pairs, 70000, k32, 0, 1, "32-bit keys with 32-bit values");
	reference_is_stable(pairs, 70000, k32, 0, 0, "values past 32 bits");
	reference_is_stable(pairs, 70000, 16, 0, 1, "16 keys, many equal");
	reference_is_stable(pairs, 5000, 1, 0, 1, "every key 0");
	reference_is_stable(bytes, 70000, k32, 0, 0, "the input indices");
	reference_is_stable(bytes, 70000, 3, 0, 0, "3 keys, the input indices");
	reference_is_stable("bits-per-pass=8 key-range=2^32 pairs=no", 70000, k32, 0, 0,
			    "the keys alone");
	reference_is_stable(pairs, 0, k32, 0, 1, "nothing");
	reference_is_stable(pairs, 1, k32, 0, 1, "one key");
	reference_is_stable("radix=10 key-range=2^40 digits=2 pairs=yes", 70000, INT64_C(1) << 40,
			    100, 1, "by the 2 low decimal digits of 40-bit keys");
	reference_is_stable("bits-per-pass=4 key-range=2^40 pairs=yes", 70000, INT64_C(1) << 40, 0,
			    1, "40-bit keys");
	reference_is_stable("bits-per-pass=4 key-range=2^40", 3000, INT64_C(1) << 40, 0, 0,
			    "40-bit keys, the input indices");
}

static void test_radix_sort_msd(void)
{
	sweep("radix-sort-msd", "", 1000, 0);
	sweep("radix-sort-msd", "key-range=1", 100, 0);
	sweep("radix-sort-msd", "bits-per-pass=1 key-range=1024", 1000, 0);
	sweep("radix-sort-msd", "radix=10 key-range=100000 pairs=yes", 1000, 0);
	sweep("radix-sort-msd", "radix=10 key-range=100000 pairs=no", 1000, 0);
	sweep("radix-sort-msd", "bits-per-pass=4 key-range=2^40", 257, 0);
	edges("radix-sort-msd", "", "key-range", 300);
	edges("radix-sort-msd", "bits-per-pass=1 pairs=yes", "key-range", 300);
	edges("radix-sort-msd", "radix=7", "key-range", (int64_t)1 << 40);
	stable_on_repeats("radix-sort-msd", "pairs=yes key-range=8");
	stable_on_repeats("radix-sort-msd", "pairs=yes bits-per-pass=1 key-range=8");
	static const int64_t repeated[] = {5, 3, 5, 7, 1, 5, 2, 4}, ok3[] = {1, 2, 3},
			     vals2[] = {7, 8};
	TAP_EQ_I(violations("radix-sort-msd", "key-range=8", repeated, 8, PRAM_EREW), 0,
		 "radix-sort-msd: EREW");
	refused("radix-sort-msd", "pairs=yes", ok3, 3, vals2, 2,
		"2 values for 3 keys: --pairs yes takes one per key", "too few values");
	refused("radix-sort-msd", "radix=1", ok3, 3, NULL, 0, "--radix 1 has no digits",
		"--radix 1");
}

/* MSD: W = D = 1 + the sum over the segments of (1 + 2r + 3L), counted
 * here by a recursion over the sorted keys. */
static uint64_t msd_steps(const int64_t *sorted, size_t lo, size_t hi, int t, uint64_t r)
{
	uint64_t rt = 1;
	for (int j = 0; j < t; j++)
		rt *= r;
	uint64_t steps = 1 + 2 * r + 3 * (hi - lo);
	if (t == 0)
		return steps;
	/* The bins of digit t are runs of the sorted keys. */
	for (size_t i = lo; i < hi;) {
		size_t j = i;
		while (j < hi && ((uint64_t)sorted[j] / rt) % r == ((uint64_t)sorted[i] / rt) % r)
			j++;
		if (j - i >= 2)
			steps += msd_steps(sorted, i, j, t - 1, r);
		i = j;
	}
	return steps;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

static void test_radix_sort_msd_formulas(void)
{
	static const struct {
		const char *spec;
		uint64_t r;
		int64_t range;
	} cfg[] = {
	    {"", 256, 1 << 16},       {"bits-per-pass=1", 2, 1024},
	    {"radix=10", 10, 100000}, {"bits-per-pass=4", 16, 1 << 20},
	    {"radix=3", 3, 1},
	};
	static int64_t k[3000];
	pram_totals t;
	char why[256] = "";
	int ok = 1;
	for (size_t c = 0; c < sizeof cfg / sizeof *cfg && ok; c++)
		for (size_t n = 0; n <= 1000 && ok; n = n * 2 + 1)
			for (int d = 0; d < 6 && ok; d++) {
				ok = totals("radix-sort-msd", cfg[c].spec, "key-range",
					    cfg[c].range, n, d, n + 3, k, &t);
				int P = 0;
				for (uint64_t v = (uint64_t)cfg[c].range - 1; v; v /= cfg[c].r)
					P++;
				qsort(k, n, sizeof *k, cmp_i64);
				uint64_t want =
				    n >= 2 && P ? 1 + msd_steps(k, 0, n, P - 1, cfg[c].r) : 0;
				ok = ok && t.work == want && t.depth == want &&
				     t.depth_serial == want;
				snprintf(why, sizeof why,
					 "%s, n = %zu, %s: W = %llu, expected %llu", cfg[c].spec, n,
					 dist_name(d), (unsigned long long)t.work,
					 (unsigned long long)want);
			}
	TAP_OK_WHY(ok, why,
		   "radix-sort-msd: W = D = D_serial = 1 + sum over the segments of (1 + 2r + 3L)");

	/* The bookkeeping: on all-equal keys every digit is a segment of n. */
	pram_totals tl;
	totals("radix-sort-msd", "", "key-range", 1 << 16, 1000, 1, 1, NULL, &t);
	totals("radix-sort", "bits-per-pass=8", "key-range", 1 << 16, 1000, 1, 1, NULL, &tl);
	TAP_EQ_I(t.work, 1 + 2 * (1 + 2 * 256 + 3 * 1000),
		 "radix-sort-msd, r = 256, two digits, 1000 equal keys: two segments of n");
	TAP_OK(tl.depth < t.depth / 50,
	       "LSD radix sort with the same digits: D = %llu against MSD's %llu (one processor)",
	       (unsigned long long)tl.depth, (unsigned long long)t.depth);
}

int main(void)
{
	test_histograms();
	test_histogram_formulas();
	test_histogram_rest();
	test_histopyramid();
	test_counting_sorts();
	test_counting_sort_formulas();
	test_counting_sort_rest();
	test_radix_sort();
	test_radix_sort_formulas();
	test_radix_sort_rest();
	test_radix_reference();
	test_radix_sort_msd();
	test_radix_sort_msd_formulas();
	return tap_done();
}
