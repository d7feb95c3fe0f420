/*
 * test-scanfamily.c - the scan family: the scans (Hillis-Steele, Blelloch,
 * blocked, per-processor, backward, segmented, matrix), the segmented
 * reduction, and the programs built on scans (line of sight, the sandwich,
 * split and compaction). Prints TAP.
 *
 * The family is read from the registry: the entries of family "scan", those
 * that read segment flags, and those built on the scan primitive (an EREW
 * program whose closed form changes under the scan model). Each runs against
 * its sequential reference on seeded inputs of edge and larger sizes, for
 * every operator, type, scan kind, block size and elements per processor
 * its capabilities say it takes, with several densities of segment flags
 * where it reads them, under the model it claims (no violation) and, when
 * built on the primitive, under the scan model; its counts must equal its
 * closed form where it has one. Then the closed forms against formulas
 * written out here, Brent's analysis of the per-processor scan, and the
 * memory models the packed flags and the Hillis-Steele-like steps need.
 * The lecture notes' worked examples are case files (tests/cases/).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algotest.h"
#include "simrun.h"
#include "tap.h"

static const size_t sizes[] = {0,   1,   2,   3,   4,   5,   7,   8,    9,    15,
			       16,  17,  31,  32,  33,  63,  64,  65,   127,  128,
			       129, 255, 256, 257, 511, 512, 513, 1000, 3001, 4096};
#define NSIZES (sizeof sizes / sizeof *sizes)

/* Segment-flag densities: the default generator's, then every second, every
 * element, and only the first. */
enum {
	FLAGS_DEFAULT,
	FLAGS_HALF,
	FLAGS_ALL,
	FLAGS_FIRST,
	FLAGS_KINDS
};

static void set_flags(algo_data *in, int kind, uint64_t seed)
{
	if (!in->flags || kind == FLAGS_DEFAULT)
		return;
	uint64_t s = seed * 7 + 1;
	for (size_t i = 0; i < in->n; i++)
		in->flags[i] = kind == FLAGS_ALL     ? 1
			       : kind == FLAGS_FIRST ? i == 0
						     : (algo_rand(&s) & 1);
}

/* The scan primitive sums sequentially, so a float sum under the scan
 * model may err by (n - 1) eps sum|a|, more than the tree orders' tolerance
 * that simrun applies: accept that bound there. */
static int sequential_ok(const simrun *r, const algo_data *in, const algo_params *p)
{
	if (p->model != PRAM_SCAN || in->type != PRAM_FLOAT || pram_failed(r->m))
		return 0;
	double abs_sum = 0;
	for (size_t i = 0; i < in->n; i++)
		abs_sum += fabs(in->vals[i].f);
	char why[256];
	return algo_compare(r->out, r->ref, (double)(in->n + 1) * DBL_EPSILON * abs_sum, why,
			    sizeof why) < 0;
}

/* One run on a seeded input: verified, no violation under model, the
 * closed form met, Brent's bound kept. Returns 0, or -1 with why. */
static int run_one(const algo *a, const algo_params *p, size_t n, uint64_t seed, int flagkind,
		   char *why, size_t len)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	simrun r;
	if (algo_generate(a, in, n, p, seed)) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	set_flags(in, flagkind, seed);
	pram_config cfg = {.model = p->model, .seed = seed};
	if (simrun_exec(a, p, in, &cfg, NULL, NULL, &r)) {
		algo_data_free_all(in, algo_nin(a));
		snprintf(why, len, "out of memory");
		return -1;
	}
	int rc = -1;
	pram_totals t = pram_get_totals(r.m);
	if (t.violations || pram_failed(r.m))
		snprintf(why, len, "n = %zu: %s", n, pram_errmsg(r.m));
	else if (!r.verified && !sequential_ok(&r, in, p))
		snprintf(why, len, "n = %zu, seed %llu: %s", n, (unsigned long long)seed, r.why);
	else if (a->cost && !r.cost_known)
		snprintf(why, len, "n = %zu: no closed form for these parameters", n);
	else if (r.cost_known && (r.cost_w != t.work || r.cost_d != t.depth))
		snprintf(why, len, "n = %zu: got W = %llu, D = %llu, expected W = %llu, D = %llu",
			 n, (unsigned long long)t.work, (unsigned long long)t.depth,
			 (unsigned long long)r.cost_w, (unsigned long long)r.cost_d);
	else if (pram_brent_time(r.m, 7) > pram_brent_bound(r.m, 7))
		snprintf(why, len, "n = %zu: Brent's bound broken for p = 7", n);
	else
		rc = 0;
	simrun_free(&r);
	algo_data_free_all(in, algo_nin(a));
	return rc;
}

/* Whether a runs under the scan model too: an EREW program (the scan model
 * is EREW plus the primitive) whose closed form changes there is built on
 * the scan primitive (prog_scan). */
static int uses_scan(const algo *a)
{
	if (a->model != PRAM_EREW || !a->cost)
		return 0;
	algo_params p = algo_default_params(a);
	uint64_t w, d, ws, ds;
	if (a->cost(1024, &p, &w, &d))
		return 0;
	p.model = PRAM_SCAN;
	return a->cost(1024, &p, &ws, &ds) == 0 && (ws != w || ds != d);
}

/* Every size, three seeds, one parameter set. */
static void sweep(const algo *a, const algo_params *p, const char *extra)
{
	char why[512] = "";
	int ok = 1;
	int kinds = algo_takes_flags(a) ? FLAGS_KINDS : 1;
	for (size_t s = 0; s < NSIZES && ok; s++)
		for (uint64_t seed = 1; seed <= 3 && ok; seed++)
			ok = run_one(a, p, sizes[s], seed * 1000 + s, (int)(seed + s) % kinds, why,
				     sizeof why) == 0;
	TAP_OK_WHY(ok, why, "%s %s%s%s%s: correct, legal under %s%s, n = 0..4096", a->name,
		   (a->caps & ALGO_OP) ? pram_op_name(p->op) : "",
		   p->type == PRAM_FLOAT ? " float" : " int",
		   (a->caps & ALGO_INCLUSIVE) ? (p->inclusive ? " inclusive" : " exclusive") : "",
		   extra, pram_model_name(p->model), a->cost ? ", exact W and D" : "");
}

/* Whether a belongs to the scan family: a scan, a segmented operation (a
 * scan or reduction within the segments its flags mark), or a program built
 * on the scan primitive. */
static int in_family(const algo *a)
{
	return !strcmp(a->family, "scan") || algo_takes_flags(a) || uses_scan(a);
}

/* One combination of parameters, swept; again under the scan model for an
 * entry built on the scans. */
static void sweep_models(const algo *a, algo_params *p, void *ctx)
{
	(void)ctx;
	sweep(a, p, "");
	if (uses_scan(a)) {
		p->model = PRAM_SCAN;
		sweep(a, p, " (scan model)");
	}
}

/* Every entry of the scan family, with each combination of the parameters
 * its capabilities say it takes, and the sizes of its blocks and elements
 * per processor for the entries that take them. */
static void test_registry(void)
{
	static const unsigned blocks[] = {2, 4, 16, 64};
	static const unsigned fs[] = {1, 2, 3, 5, 8};
	char extra[64];
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		if (!in_family(a))
			continue;
		test_each_option(a, sweep_models, NULL);
		for (size_t j = 0;
		     algo_param_index(a, "block") >= 0 && j < sizeof blocks / sizeof *blocks; j++) {
			algo_params p = algo_default_params(a);
			algo_set_param(a, &p, "block", blocks[j]);
			if (a->caps & ALGO_INCLUSIVE)
				p.inclusive = j % 2;
			snprintf(extra, sizeof extra, ", B = %u", blocks[j]);
			sweep(a, &p, extra);
		}
		for (size_t j = 0;
		     algo_param_index(a, "per-proc") >= 0 && j < sizeof fs / sizeof *fs; j++) {
			algo_params p = algo_default_params(a);
			algo_set_param(a, &p, "per-proc", fs[j]);
			if (a->caps & ALGO_INCLUSIVE)
				p.inclusive = j % 2;
			if (a->caps & ALGO_OP)
				p.op = (pram_op)(j % 3);
			snprintf(extra, sizeof extra, ", f = %u", fs[j]);
			sweep(a, &p, extra);
		}
	}
}

static pram_array *find_array(const pram *m, const char *name)
{
	for (size_t k = 0; k < pram_array_count(m); k++)
		if (!strcmp(pram_array_name(pram_array_at(m, k)), name))
			return pram_array_at(m, k);
	return NULL;
}

/* W and D of name for n (parameters p, model) from the simulator. */
static int counts(const char *name, size_t n, algo_params *pp, pram_model model, uint64_t *w,
		  uint64_t *d, uint64_t *tp, uint64_t procs)
{
	const algo *a = algo_find(name);
	algo_params p = pp ? *pp : algo_default_params(a);
	p.model = model;
	algo_data in;
	simrun r;
	if (algo_generate(a, &in, n, &p, 11))
		exit(99);
	pram_config cfg = {.model = model};
	if (simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r))
		exit(99);
	pram_totals t = pram_get_totals(r.m);
	*w = t.work;
	*d = t.depth;
	if (tp)
		*tp = pram_brent_time(r.m, procs);
	int ok = r.verified && !t.violations;
	simrun_free(&r);
	algo_data_free(&in);
	return ok;
}

static unsigned lg(size_t n)
{
	unsigned k = 0;
	while (((size_t)1 << k) < n)
		k++;
	return k;
}

/* The closed forms, written out here from the notes and the programs'
 * comments, independently of the registry's cost functions. */
static void test_formulas(void)
{
	uint64_t w, d;
	char why[256];
	int ok;
	/* The scan model: a scan is one step. */
	ok = 1;
	for (size_t n = 1; n <= 2000 && ok; n += 37) {
		ok = counts("line-of-sight", n, NULL, PRAM_SCAN, &w, &d, NULL, 1) && w == 5 * n &&
		     d == 5;
		snprintf(why, sizeof why, "n = %zu: got W = %llu, D = %llu, expected %zu, 5", n,
			 (unsigned long long)w, (unsigned long long)d, 5 * n);
	}
	TAP_OK_WHY(ok, why,
		   "line-of-sight under the scan model: W = 5n, D = 5 (O(1)) for n = 1..2000");
	ok = 1;
	for (size_t n = 2; n <= 4096 && ok; n = n * 3 / 2 + 1) {
		ok = counts("line-of-sight", n, NULL, PRAM_EREW, &w, &d, NULL, 1) &&
		     d == 4 * lg(n) + 9 && w == 5 * n + 6 * ((uint64_t)1 << lg(n)) - 2;
		snprintf(why, sizeof why, "n = %zu: got W = %llu, D = %llu", n,
			 (unsigned long long)w, (unsigned long long)d);
	}
	TAP_OK_WHY(ok, why,
		   "line-of-sight under EREW: D = 4 ceil(log2 n) + 9 (O(log n)), W = 5n + 6m - 2");
	ok = 1;
	for (size_t n = 1; n <= 3000 && ok; n += 101) {
		uint64_t w2, d2, w3, d3;
		ok = counts("split", n, NULL, PRAM_SCAN, &w, &d, NULL, 1) && w == 6 * n && d == 6 &&
		     counts("compact", n, NULL, PRAM_SCAN, &w2, &d2, NULL, 1) && w2 == 2 * n &&
		     d2 == 2 && counts("sandwich", n, NULL, PRAM_SCAN, &w3, &d3, NULL, 1) &&
		     w3 == n && d3 == 1;
		snprintf(why, sizeof why, "n = %zu", n);
	}
	TAP_OK_WHY(ok, why,
		   "scan model: split W = 6n D = 6, compact W = 2n D = 2, sandwich W = n D = 1");

	/* Blocked: n = B 2^k, nb = 2^k blocks. */
	ok = 1;
	for (unsigned b = 2; b <= 64 && ok; b *= 2)
		for (size_t nb = 1; nb <= 256 && ok; nb *= 2) {
			algo_params p = algo_default_params(algo_find("scan-blocked"));
			algo_set_param(algo_find("scan-blocked"), &p, "block", b);
			size_t n = nb * b;
			ok = counts("scan-blocked", n, &p, PRAM_CREW, &w, &d, NULL, 1) &&
			     w == 2 * nb * (b - 1) + nb + n + 3 * nb - 1 + nb &&
			     d == 2 * lg(b) + 2 + 2 * lg(nb) + 3;
			snprintf(why, sizeof why, "B = %u, n = %zu: got W = %llu, D = %llu", b, n,
				 (unsigned long long)w, (unsigned long long)d);
		}
	TAP_OK_WHY(
	    ok, why,
	    "scan-blocked, n = B 2^k: W = 2nb(B-1) + nb + n + 4nb - 1, D = 2 log B + 2 log nb + 5");

	/* Backward = Blelloch. */
	ok = 1;
	for (unsigned k = 0; k <= 12 && ok; k++) {
		size_t n = (size_t)1 << k;
		ok = counts("scan-backward", n, NULL, PRAM_EREW, &w, &d, NULL, 1) &&
		     w == 2 * n - 1 && d == 2 * k + 1;
	}
	TAP_OK(ok, "scan-backward exclusive, n = 2^k: W = 2n - 1, D = 2k + 1 (Blelloch's)");

	/* The matrix scan's depth: 3 steps a tile level, 2 more per level up. */
	ok = 1;
	static const size_t mn[] = {1, 100, 256, 257, 4096, 65536, 65537};
	static const uint64_t md[] = {3, 3, 3, 8, 8, 8, 13};
	for (size_t k = 0; k < sizeof mn / sizeof *mn && ok; k++) {
		ok = counts("scan-matrix", mn[k], NULL, PRAM_CREW, &w, &d, NULL, 1) && d == md[k];
		snprintf(why, sizeof why, "n = %zu: got D = %llu, expected %llu", mn[k],
			 (unsigned long long)d, (unsigned long long)md[k]);
	}
	TAP_OK_WHY(ok, why, "scan-matrix: D = 3 (n <= 256), 8 (n <= 65536), 13 (n = 65537)");
	counts("scan-matrix", 256, NULL, PRAM_CREW, &w, &d, NULL, 1);
	TAP_EQ_I((long long)w, 3 * 256, "scan-matrix on one tile: three products of 256 entries");

	/* Segmented scan: Hillis-Steele's n k - n + 1 plus the flag words. */
	ok = 1;
	for (unsigned k = 1; k <= 12 && ok; k++) {
		size_t n = (size_t)1 << k, nw = (n + 63) / 64;
		uint64_t want = 0;
		for (size_t s = 1; s < n; s *= 2) {
			size_t lo = s >= 63 ? (s - 63 + 63) / 64 : 0, hi = nw < s ? nw : s;
			want += n - s + (2 * s < n && hi > lo ? hi - lo : 0);
		}
		algo_params p = algo_default_params(algo_find("scan-segmented"));
		ok = counts("scan-segmented", n, &p, PRAM_CREW, &w, &d, NULL, 1) && w == want &&
		     d == k && w >= n * k - n + 1 && w <= n * k - n + 1 + k * (nw + 1);
		snprintf(why, sizeof why, "n = %zu: got W = %llu, D = %llu, expected %llu, %u", n,
			 (unsigned long long)w, (unsigned long long)d, (unsigned long long)want, k);
	}
	TAP_OK_WHY(ok, why,
		   "scan-segmented, n = 2^k: D = k, W = n k - n + 1 + the flag-word updates");
}

/* Brent's analysis of the per-processor scan. */
static void test_brent(void)
{
	uint64_t w, d;
	char why[256];
	int ok = 1;
	for (unsigned f = 1; f <= 16 && ok; f++)
		for (unsigned k = 0; k <= 10 && ok; k++) {
			algo_params p = algo_default_params(algo_find("scan-brent"));
			algo_set_param(algo_find("scan-brent"), &p, "per-proc", f);
			size_t n = (size_t)f << k;
			ok = counts("scan-brent", n, &p, PRAM_EREW, &w, &d, NULL, 1) &&
			     w == 2 * n + 2 * n / f - 1 && d == 2 * k + 2 * f + 1;
			snprintf(why, sizeof why, "f = %u, n = %zu: got W = %llu, D = %llu", f, n,
				 (unsigned long long)w, (unsigned long long)d);
		}
	TAP_OK_WHY(
	    ok, why,
	    "scan-brent, n = f 2^k: W = n(2 + 2/f) - 1, D = 2 log2(n/f) + 2f + 1, f = 1..16");

	/* The notes' W2 = n(1 + 2/f) is that W less the second element pass. */
	ok = 1;
	for (unsigned f = 2; f <= 16 && ok; f *= 2) {
		algo_params p = algo_default_params(algo_find("scan-brent"));
		algo_set_param(algo_find("scan-brent"), &p, "per-proc", f);
		size_t n = (size_t)1 << 14;
		ok = counts("scan-brent", n, &p, PRAM_EREW, &w, &d, NULL, 1);
		double notes = (double)n * (1 + 2.0 / f), have = (double)(w - n);
		ok = ok && fabs(have - notes) <= 1;
		snprintf(why, sizeof why, "f = %u: got W - n = %.0f, expected %.0f", f, have,
			 notes);
	}
	TAP_OK_WHY(ok, why, "scan-brent: W - n = n(1 + 2/f) - 1, the notes' W2 (one element pass)");

	/* Speedups from the simulator's counts through Brent's T_p, p = 256,
	 * n = 2^18 (so n/p >> D): over f = 1 the PRAM gives 2f/(f + 1); the
	 * notes' 2f/(f + 2) is W1 / W2 with W1 = 2n (Blelloch) and W2 = W - n. */
	const size_t n = (size_t)1 << 18;
	const uint64_t procs = 256;
	uint64_t t1, tf, w1, d1;
	algo_params p = algo_default_params(algo_find("scan-brent"));
	algo_set_param(algo_find("scan-brent"), &p, "per-proc", 1);
	counts("scan-brent", n, &p, PRAM_EREW, &w1, &d1, &t1, procs);
	uint64_t wb, db;
	counts("scan-blelloch", n, NULL, PRAM_EREW, &wb, &db, NULL, 1);
	for (unsigned f = 2; f <= 8; f *= 2) {
		algo_set_param(algo_find("scan-brent"), &p, "per-proc", f);
		counts("scan-brent", n, &p, PRAM_EREW, &w, &d, &tf, procs);
		double s = (double)t1 / (double)tf, pred = 2.0 * f / (f + 1);
		snprintf(why, sizeof why, "got %.4f, expected %.4f within 3%%", s, pred);
		TAP_OK_WHY(fabs(s - pred) <= 0.03 * pred, why,
			   "scan-brent f = %u: Brent speedup T_p(f=1)/T_p(f) = %.3f "
			   "~ 2f/(f+1) = %.3f (p = 256, n = 2^18)",
			   f, s, pred);
		double notes = (double)wb / (double)(w - n), npred = 2.0 * f / (f + 2);
		snprintf(why, sizeof why, "got %.4f, expected %.4f within 0.1%%", notes, npred);
		TAP_OK_WHY(fabs(notes - npred) <= 0.001 * npred, why,
			   "scan-brent f = %u: W_blelloch / (W - n) = %.3f ~ the "
			   "notes' 2f/(f+2) = %.3f",
			   f, notes, npred);
	}
}

/* The models: each program's own is enough (the sweep), and an entry that
 * claims CREW needs it: under EREW its concurrent reads (Hillis-Steele-like
 * steps, packed flags) are reported. */
static void test_models(void)
{
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		if (a->model != PRAM_CREW)
			continue;
		algo_params p = algo_default_params(a);
		p.model = PRAM_EREW;
		algo_data in[ALGO_MAX_PORTS] = {0}; /* every input of a (an image and its radii) */
		simrun r;
		if (algo_generate(a, in, 300, &p, 5))
			exit(99);
		pram_config cfg = {.model = PRAM_EREW};
		if (simrun_exec(a, &p, in, &cfg, NULL, NULL, &r))
			exit(99);
		TAP_OK_WHY(pram_failed(r.m) &&
			       strstr(pram_errmsg(r.m), "erew forbids concurrent reads"),
			   pram_errmsg(r.m), "%s claims CREW, and EREW reports its concurrent read",
			   a->name);
		simrun_free(&r);
		algo_data_free_all(in, algo_nin(a));
	}
	/* The packed flags take n / 64 words. */
	const algo *a = algo_find("scan-segmented");
	algo_params p = algo_default_params(a);
	algo_data in;
	simrun r;
	if (algo_generate(a, &in, 1000, &p, 5))
		exit(99);
	pram_config cfg = {.model = PRAM_CREW};
	if (simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r))
		exit(99);
	pram_array *flags = find_array(r.m, "flags");
	TAP_EQ_I(flags ? (long long)pram_array_len(flags) : -1, 16,
		 "scan-segmented keeps 1000 flags packed in 16 words");
	simrun_free(&r);
	algo_data_free(&in);

	/* The blocked scan's cost table names its three phases. */
	a = algo_find("scan-blocked");
	p = algo_default_params(a);
	if (algo_generate(a, &in, 100, &p, 5))
		exit(99);
	cfg.model = PRAM_CREW;
	if (simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r))
		exit(99);
	int phases[4] = {0};
	for (size_t k = 0; k < pram_step_count(r.m); k++) {
		const char *l = pram_step_at(r.m, k)->label;
		for (int q = 1; q <= 3; q++) {
			char tag[16];
			snprintf(tag, sizeof tag, "phase %d", q);
			phases[q] += strncmp(l, tag, strlen(tag)) == 0;
		}
	}
	char why[128];
	snprintf(why, sizeof why, "got %d, %d and %d steps", phases[1], phases[2], phases[3]);
	TAP_OK_WHY(
	    phases[1] == 7 && phases[2] == 11 && phases[3] == 1 &&
		(size_t)(phases[1] + phases[2] + phases[3]) == pram_step_count(r.m),
	    why,
	    "scan-blocked, n = 100, B = 8: steps labelled phase 1 (7), phase 2 (11), phase 3 (1)");
	simrun_free(&r);
	algo_data_free(&in);

	/* Under the scan model every scan of line of sight is one primitive step. */
	a = algo_find("line-of-sight");
	p = algo_default_params(a);
	p.model = PRAM_SCAN;
	if (algo_generate(a, &in, 1000, &p, 5))
		exit(99);
	cfg.model = PRAM_SCAN;
	if (simrun_exec(a, &p, &in, &cfg, NULL, NULL, &r))
		exit(99);
	int prims = 0;
	for (size_t k = 0; k < pram_step_count(r.m); k++) {
		const pram_step_stats *s = pram_step_at(r.m, k);
		prims += !strcmp(s->label, "scan primitive") && s->work == 1000;
	}
	TAP_EQ_I(prims, 2,
		 "line-of-sight under the scan model: its two scans are one step of n each");
	simrun_free(&r);
	algo_data_free(&in);
}

int main(void)
{
	test_registry();
	test_formulas();
	test_brent();
	test_models();
	return tap_done();
}
