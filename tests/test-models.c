/*
 * test-models.c - the programs whose cost or result depends on the memory
 * model: max-crcw against its tree counterpart reduce --op max (W and D at
 * several sizes), or-crcw, and leader-crcw, whose result is whichever
 * concurrent writer the model lets win. Prints TAP.
 *
 * The worked examples on the notes' array are tests/cases/models.case;
 * here the sizes sweep, the models are compared with each other, and the
 * leader's winners are checked across seeds.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "simrun.h"
#include "algotest.h"
#include "tap.h"

/* Run a on in under model (seed for crcw-arbitrary) with op; r holds the
 * run. Bails out when out of memory. */
static void run(const algo *a, const algo_data *in, pram_model model, pram_op op, uint64_t seed,
		simrun *r)
{
	algo_params p = algo_default_params(a);
	p.model = model;
	p.op = op;
	pram_config cfg = {.model = model, .seed = seed};
	if (simrun_exec(a, &p, in, &cfg, NULL, NULL, r)) {
		printf("Bail out! out of memory\n");
		exit(1);
	}
}

/* n integers from seed, in [0, range). */
static void gen(algo_data *in, size_t n, uint64_t seed, int64_t range)
{
	if (algo_data_alloc(in, n, PRAM_INT, 0)) {
		printf("Bail out! out of memory\n");
		exit(1);
	}
	for (size_t i = 0; i < n; i++)
		in->vals[i].i = (int64_t)(algo_rand(&seed) % (uint64_t)range);
}

/* max-crcw and reduce --op max on the same inputs: one result, each its
 * own exact W and D, and the depths part from n = 16 on. */
static void test_max(void)
{
	const algo *mc = test_algo("max-crcw"), *tree = test_algo("reduce");
	static const size_t sizes[] = {1, 2, 3, 8, 16, 100, 256};
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t n = sizes[k];
		algo_data in = {0};
		gen(&in, n, 7 + n, n > 4 ? 10 : 1000); /* small ranges: equal maxima */
		simrun c, t;
		run(mc, &in, PRAM_CRCW_COMMON, PRAM_OP_MAX, 1, &c);
		run(tree, &in, PRAM_EREW, PRAM_OP_MAX, 1, &t);
		pram_totals tc = pram_get_totals(c.m), tt = pram_get_totals(t.m);
		uint64_t wc = (uint64_t)n * n + 2 * n, wt = n - 1, dt = algo_ceil_log2(n);
		TAP_OK(
		    c.verified && t.verified && c.out[0].vals[0].i == t.out[0].vals[0].i,
		    "n = %zu: max-crcw on crcw-common and reduce --op max on erew agree (%" PRId64
		    ", %" PRId64 ")",
		    n, c.out[0].vals[0].i, t.out[0].vals[0].i);
		TAP_OK(tc.work == wc && tc.depth == 3,
		       "n = %zu: max-crcw W = n^2 + 2n = %" PRIu64 ", D = 3 (got %" PRIu64
		       ", %" PRIu64 ")",
		       n, wc, tc.work, tc.depth);
		TAP_OK(tt.work == wt && tt.depth == dt,
		       "n = %zu: reduce W = n - 1 = %" PRIu64 ", D = ceil(log2 n) = %" PRIu64
		       " (got %" PRIu64 ", %" PRIu64 ")",
		       n, wt, dt, tt.work, tt.depth);
		if (n >= 16)
			TAP_OK(tc.depth < tt.depth && tc.work > tt.work,
			       "n = %zu: the concurrent writes buy depth %" PRIu64 " < %" PRIu64
			       " with work %" PRIu64 " > %" PRIu64,
			       n, tc.depth, tt.depth, tc.work, tt.work);
		simrun_free(&c);
		simrun_free(&t);
		algo_data_free(&in);
	}

	/* Under the exclusive models the run fails with the model's rule. */
	static const struct {
		pram_model model;
		const char *rule;
	} bad[] = {{PRAM_EREW, "erew forbids concurrent reads"},
		   {PRAM_CREW, "crew forbids concurrent writes"}};
	algo_data in = {0};
	gen(&in, 16, 3, 1000);
	for (size_t k = 0; k < 2; k++) {
		simrun r;
		run(mc, &in, bad[k].model, PRAM_OP_MAX, 1, &r);
		TAP_OK(pram_failed(r.m) && pram_status_of(r.m) == PRAM_EVIOLATION &&
			   strstr(pram_errmsg(r.m), bad[k].rule) && !r.verified,
		       "max-crcw under %s fails: %s", pram_model_name(bad[k].model),
		       pram_errmsg(r.m));
		simrun_free(&r);
	}
	/* Every CRCW write rule accepts writes of one value. */
	for (pram_model mo = PRAM_CRCW_COMMON; mo <= PRAM_CRCW_PRIORITY; mo++) {
		simrun r;
		run(mc, &in, mo, PRAM_OP_MAX, 5, &r);
		TAP_OK(r.verified && pram_get_totals(r.m).violations == 0,
		       "max-crcw is legal under %s", pram_model_name(mo));
		simrun_free(&r);
	}
	algo_data_free(&in);

	/* Past its max_n, 4096, the program refuses the input. */
	algo_data big = {0};
	gen(&big, mc->max_n + 1, 1, 10);
	simrun r;
	algo_params p = algo_default_params(mc);
	pram_config cfg = {.model = PRAM_CRCW_COMMON};
	/* Only the refusal runs: it comes before any step. */
	if (simrun_exec(mc, &p, &big, &cfg, NULL, NULL, &r) == 0) {
		TAP_OK(mc->max_n == 4096 && pram_failed(r.m) &&
			   strstr(pram_errmsg(r.m), "for n <= 4096") && pram_step_count(r.m) == 0,
		       "max-crcw refuses n = 4097: %s", pram_errmsg(r.m));
		simrun_free(&r);
	}
	algo_data_free(&big);
}

/* or-crcw: every set bit writes 1, W = n + 1 and D = 2. */
static void test_or(void)
{
	const algo *a = test_algo("or-crcw");
	for (size_t n = 0; n <= 40; n += 5) {
		for (int ones = 0; ones <= 3; ones++) {
			algo_data in = {0};
			if (algo_data_alloc(&in, n, PRAM_INT, 0))
				exit(1);
			for (int k = 0; k < ones && n; k++)
				in.vals[(size_t)(k * 7 + 1) % n].i = 1 + k;
			int want = n > 0 && ones > 0;
			simrun r;
			run(a, &in, PRAM_CRCW_COMMON, PRAM_OP_SUM, 1, &r);
			pram_totals t = pram_get_totals(r.m);
			TAP_OK(r.verified && r.out[0].vals[0].i == want && t.work == n + 1 &&
				   t.depth == (n ? 2u : 1u),
			       "or-crcw n = %zu with %d set: %" PRId64 ", W = %" PRIu64
			       ", D = %" PRIu64,
			       n, ones, r.out[0].vals[0].i, t.work, t.depth);
			simrun_free(&r);
			algo_data_free(&in);
		}
	}
}

/* leader-crcw: the winner by the model. */
static void test_leader(void)
{
	const algo *a = test_algo("leader-crcw");
	algo_data in = {0};
	if (algo_data_alloc(&in, 64, PRAM_INT, 0))
		exit(1);
	static const int cand[] = {5, 9, 17, 30, 31, 44, 63};
	for (size_t k = 0; k < sizeof cand / sizeof cand[0]; k++)
		in.vals[cand[k]].i = 1;

	/* crcw-arbitrary: every seed's winner is a candidate, and the seeds
	 * pick different ones. */
	int seen[64] = {0}, distinct = 0, members = 1;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		simrun r;
		run(a, &in, PRAM_CRCW_ARBITRARY, PRAM_OP_SUM, seed, &r);
		int64_t y = r.out[0].vals[0].i;
		if (!r.verified || y < 0 || y >= 64 || in.vals[y].i == 0)
			members = 0;
		else if (!seen[y]++)
			distinct++;
		simrun_free(&r);
	}
	TAP_OK(members, "crcw-arbitrary: every seed's leader is a candidate");
	TAP_OK(distinct >= 3, "crcw-arbitrary: 40 seeds pick %d different leaders", distinct);

	/* The same seed picks the same leader. */
	simrun r1, r2;
	run(a, &in, PRAM_CRCW_ARBITRARY, PRAM_OP_SUM, 12, &r1);
	run(a, &in, PRAM_CRCW_ARBITRARY, PRAM_OP_SUM, 12, &r2);
	TAP_OK(r1.out[0].vals[0].i == r2.out[0].vals[0].i, "crcw-arbitrary: one seed, one leader");
	simrun_free(&r1);
	simrun_free(&r2);

	/* crcw-priority: always the lowest candidate, whatever the seed. */
	int lowest = 1;
	for (uint64_t seed = 1; seed <= 10; seed++) {
		simrun r;
		run(a, &in, PRAM_CRCW_PRIORITY, PRAM_OP_SUM, seed, &r);
		lowest &= r.verified && r.out[0].vals[0].i == 5;
		simrun_free(&r);
	}
	TAP_OK(lowest, "crcw-priority: the leader is the lowest candidate, 5, for every seed");

	/* crcw-common: different values, a violation. */
	simrun r;
	run(a, &in, PRAM_CRCW_COMMON, PRAM_OP_SUM, 1, &r);
	TAP_OK(pram_failed(r.m) && strstr(pram_errmsg(r.m), "write different values"),
	       "crcw-common refuses the leader's writes: %s", pram_errmsg(r.m));
	simrun_free(&r);

	/* The check judges membership, and the rule under priority. */
	algo_params p = algo_default_params(a);
	algo_data out = {0};
	char why[256];
	if (algo_data_alloc(&out, 1, PRAM_INT, 0))
		exit(1);
	out.vals[0].i = 30;
	TAP_OK(a->check(&in, &out, &p, why, sizeof why) < 0, "check: 30 is a candidate");
	out.vals[0].i = 6;
	TAP_OK(a->check(&in, &out, &p, why, sizeof why) >= 0 && strstr(why, "not the index"),
	       "check: 6 is not a candidate (%s)", why);
	out.vals[0].i = -1;
	TAP_OK(a->check(&in, &out, &p, why, sizeof why) >= 0, "check: -1 with candidates (%s)",
	       why);
	p.model = PRAM_CRCW_PRIORITY;
	out.vals[0].i = 30;
	TAP_OK(a->check(&in, &out, &p, why, sizeof why) >= 0 && strstr(why, "lowest"),
	       "check: 30 is wrong under crcw-priority (%s)", why);
	algo_data_free(&out);
	algo_data_free(&in);
}

int main(void)
{
	test_max();
	test_or();
	test_leader();
	return tap_done();
}
