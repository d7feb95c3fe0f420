/*
 * test-algos.c - every registered algorithm against its sequential reference
 * on random and edge inputs, for each operator, type and scan kind it takes;
 * its counts against its closed forms; Brent's bound over many p; and the
 * first three algorithms' W and D against the notes' formulas, written out
 * here independently of the registry. The notes' worked examples are case
 * files (tests/cases/).
 */
#include <stdlib.h>
#include <string.h>

#include "algotest.h"
#include "simrun.h"
#include "tap.h"

static const size_t sizes[] = {0,   1,   2,   3,    4,    5,    7,    8,    9,   15,
			       16,  17,  31,  33,   63,   64,   65,   100,  127, 129,
			       255, 256, 257, 1000, 1023, 1025, 4096, 65537};
#define NSIZES (sizeof sizes / sizeof *sizes)

/* Under valgrind (make check-valgrind sets PRAM_VALGRIND) the sizes stop at
 * VALGRIND_MAX_N, and at VALGRIND_MAX_N2 for an algorithm of O(n^2) work
 * (the CRCW maximum): the largest, 65537, took most of the run's eleven
 * minutes there, then the maximum's n^2 processors at 4096. 4096 already
 * takes every allocation path (the tiled scan's third level of tiles is
 * only its loop once more). The sanitizer build runs every size. */
#define VALGRIND_MAX_N 4096
#define VALGRIND_MAX_N2 1025
static size_t max_n = (size_t)-1, max_n2 = (size_t)-1;

/* Run a on a seeded input of n elements. Returns 0 when the run verified,
 * had no violation under the algorithm's own model and met its closed form
 * and Brent's bound; else says what broke in why. */
static int check_one(const algo *a, const algo_params *p, size_t n, uint64_t seed, char *why,
		     size_t whylen)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	simrun r;
	int rc = -1;
	if (algo_generate(a, in, n, p, seed)) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	pram_config cfg = {.model = p->model, .seed = seed};
	if (simrun_exec(a, p, in, &cfg, NULL, NULL, &r)) {
		snprintf(why, whylen, "out of memory");
		algo_data_free_all(in, algo_nin(a));
		return -1;
	}
	pram_totals t = pram_get_totals(r.m);
	if (t.violations || pram_failed(r.m)) {
		snprintf(why, whylen, "n = %zu: %s", n, pram_errmsg(r.m));
		goto out;
	}
	if (!r.verified) {
		snprintf(why, whylen, "n = %zu: %s", n, r.why);
		goto out;
	}
	if (r.cost_known && (r.cost_w != t.work || r.cost_d != t.depth)) {
		snprintf(why, whylen, "n = %zu: W = %llu, D = %llu; closed form W = %llu, D = %llu",
			 n, (unsigned long long)t.work, (unsigned long long)t.depth,
			 (unsigned long long)r.cost_w, (unsigned long long)r.cost_d);
		goto out;
	}
	for (uint64_t procs = 1; procs <= 4 * (uint64_t)n + 8; procs = procs * 3 + 1) {
		uint64_t tp = pram_brent_time(r.m, procs), bound = pram_brent_bound(r.m, procs);
		if (tp > bound || (procs == 1 && tp != t.work)) {
			snprintf(why, whylen, "n = %zu, p = %llu: T_p = %llu, bound %llu", n,
				 (unsigned long long)procs, (unsigned long long)tp,
				 (unsigned long long)bound);
			goto out;
		}
	}
	rc = 0;
out:
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
	return rc;
}

/* One combination of parameters the algorithm takes, over every size. */
static void check_sizes(const algo *a, algo_params *p, void *ctx)
{
	(void)ctx;
	char why[512] = "";
	int ok = 1;
	for (size_t s = 0; s < NSIZES && ok; s++)
		ok = (a->max_n && sizes[s] > a->max_n) || sizes[s] > max_n ||
		     (sizes[s] > max_n2 && strstr(a->work_o, "n^2")) ||
		     check_one(a, p, sizes[s], 1000 + s, why, sizeof why) == 0;
	TAP_OK(ok, "%s, %s, %s, %s: verified, legal under %s, exact cost, Brent %s", a->name,
	       pram_op_name(p->op), p->type == PRAM_INT ? "int" : "float",
	       p->inclusive ? "inclusive" : "exclusive", pram_model_name(a->model), why);
}

/* Each combination of parameters each algorithm takes. */
static void test_registry(void)
{
	for (size_t k = 0; algo_registry[k]; k++)
		test_each_option(algo_registry[k], check_sizes, NULL);
}

static int run_counts(const char *name, size_t n, pram_model model, int inclusive, pram_totals *t,
		      char *err, size_t errlen)
{
	const algo *a = algo_find(name);
	algo_params p = algo_default_params(a);
	p.inclusive = inclusive;
	p.model = model;
	algo_data in;
	simrun r;
	algo_generate(a, &in, n, &p, 7);
	pram_config cfg = {.model = model};
	simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r);
	*t = pram_get_totals(r.m);
	snprintf(err, errlen, "%s", pram_errmsg(r.m));
	int ok = r.verified;
	simrun_free(&r);
	algo_data_free(&in);
	return ok;
}

/* The notes' and the formulas, independent of the registry. */
static void test_formulas(void)
{
	char err[512];
	pram_totals t;
	int ok = 1;
	for (size_t n = 1; n <= 300 && ok; n++) {
		unsigned k = 0;
		while (((size_t)1 << k) < n)
			k++;
		ok = run_counts("reduce", n, PRAM_EREW, 0, &t, err, sizeof err) &&
		     t.work == n - 1 && t.depth == k;
	}
	TAP_OK(ok, "reduce: W = n - 1 and D = ceil(log2 n) under EREW for n = 1..300");
	ok = 1;
	for (unsigned k = 0; k <= 14 && ok; k++) {
		size_t n = (size_t)1 << k;
		ok = run_counts("scan-hillis-steele", n, PRAM_CREW, 1, &t, err, sizeof err) &&
		     t.work == n * k - n + 1 && t.depth == k;
	}
	TAP_OK(ok, "scan-hillis-steele: W = n*k - n + 1 and D = k for n = 2^k, k = 0..14");
	ok = 1;
	for (unsigned k = 0; k <= 14 && ok; k++) {
		size_t n = (size_t)1 << k;
		ok = run_counts("scan-blelloch", n, PRAM_EREW, 0, &t, err, sizeof err) &&
		     t.work == 2 * n - 1 && t.depth == 2 * k + 1;
	}
	TAP_OK(ok, "scan-blelloch: W = 2n - 1 (O(n)) and D = 2 log2 n + 1 for n = 2^k under EREW");
	ok = run_counts("scan-hillis-steele", 16, PRAM_EREW, 1, &t, err, sizeof err);
	TAP_OK(!ok, "scan-hillis-steele under EREW fails");
	TAP_CONTAINS(err, "erew forbids concurrent reads", "and EREW reports the concurrent read");
	TAP_CONTAINS(err, "processors 1 and 2 both read x[1]",
		     "naming the processors and the cell");
	ok = run_counts("scan-blelloch", 1000, PRAM_EREW, 0, &t, err, sizeof err);
	TAP_OK(ok && t.depth == 2 * 10 + 1, "scan-blelloch: any n (1000 pads to 1024), D = 21");
}

int main(void)
{
	const char *vg = getenv("PRAM_VALGRIND");
	if (vg && *vg) {
		max_n = VALGRIND_MAX_N;
		max_n2 = VALGRIND_MAX_N2;
		printf("# under valgrind: sizes up to %zu, %zu for O(n^2) work (the sanitizer "
		       "build runs them all)\n",
		       max_n, max_n2);
	}
	test_registry();
	test_formulas();
	return tap_done();
}
