/*
 * test-kernels.c - every kernel of every algorithm of the registry against
 * its sequential reference, through gpuval_run as `pram gpu` runs them: each
 * variant, for every operator, type and form (inclusive, exclusive) the
 * entry takes, at sizes from 0 to 2^20 around work-group and vector
 * boundaries; again in work-groups of 4, so that small inputs need several
 * levels of block sums; the per-work-item counts and block sizes; the
 * distributions and ranges of the records where the kernels take them; the
 * edges of compaction, split and line of sight; the segmented kernels on
 * flag patterns the generator misses; then the
 * runtime's error paths: a bad device spec, a kernel file that does not
 * compile, jobs the kernels refuse. An algorithm added to the registry with
 * kernels is tested here with no change. Runs on the device clrt_open picks
 * (PRAM_DEVICE, else the first CPU device: PoCL). Prints TAP.
 */
#define _XOPEN_SOURCE 700 /* realpath, mkdtemp */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sat.h"
#include "clrtint.h"
#include "gpu.h"
#include "gpuval.h"
#include "gputest.h"
#include "../tap.h"

static const pram_op ops[] = {PRAM_OP_SUM, PRAM_OP_MAX, PRAM_OP_MIN};

/* The parts. The program is built whole (tests/gpu/test-kernels, which
 * bench/gpu-run.sh runs on a GPU) and in TEST_PARTS parts,
 * tests/gpu/test-kernels-1 to -TEST_PARTS (tests/local.mk), each a test of
 * its own, so that make check -jN runs them side by side: on PoCL, building
 * the kernels for the first time takes most of a run whose kernel cache is
 * cold (a minute or more for the radix sort's widest tiles). The tests fall
 * into units in a fixed order; part k runs units k, k + TEST_PARTS, ...
 * Every part asks mine() at the same points, whatever it answered before,
 * so that all number the units alike: a test returns early only after its
 * last unit. */
#ifndef TEST_PARTS
#define TEST_PARTS 1
#define TEST_PART  1
#endif
static unsigned units;

/* Whether the next unit is this part's. */
static int mine(void)
{
	return units++ % TEST_PARTS == TEST_PART - 1;
}

/* Every size for the default parameters; the other combinations take the
 * ones marked short, which still cross the work-group boundaries. */
static const struct {
	size_t n;
	int in_short;
} sizes[] = {
    {0, 1},    {1, 1},    {2, 0},      {3, 1},
    {7, 0},    {8, 0},    {31, 0},     {33, 1},
    {255, 0},  {256, 0},  {257, 1},    {1023, 0},
    {1025, 1}, {4097, 1}, {100003, 1}, {(size_t)1 << 20, 0},
};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static char err[65536];

/* Run variant v of a on in and say on one TAP line, named what, whether the
 * output equals the reference (or why it could not run). */
static void run_tap(clrt *rt, const algo *a, enum gpu_variant v, const algo_params *p,
		    const algo_data *in, const char *what)
{
	gpu_result g;
	if (gpuval_run(rt, a, p, in, v, 1, &g, err, sizeof err)) {
		TAP_OK(0, "%s: %.400s", what, err);
		return;
	}
	TAP_OK(g.verified, "%s%s%s", what, g.verified ? "" : ": ", g.verified ? "" : g.why);
	gpuval_free(&g);
}

/* Run the variant of a on a seeded input of n elements; one TAP line. */
static void one(clrt *rt, const algo *a, enum gpu_variant variant, const algo_params *p, size_t n,
		uint64_t seed, const char *note)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	char what[160];
	snprintf(what, sizeof what, "%s %s %s %s%s n=%zu%s", a->name, gpu_variant_name(variant),
		 algo_op_name(p), p->type == PRAM_FLOAT ? "float" : "int",
		 a->caps & ALGO_INCLUSIVE ? (p->inclusive ? " inclusive" : " exclusive") : "", n,
		 note);
	if (algo_generate(a, in, n, p, seed)) {
		TAP_OK(0, "%s: cannot make the input", what);
		return;
	}
	run_tap(rt, a, variant, p, in, what);
	algo_data_free_all(in, ALGO_MAX_PORTS);
}

/* Every operator, type and form of a's variant at the sizes (short ones
 * only, beyond the default parameters), or at sizes up to max_n; with few
 * set, each type with one operator (sum for integers, max for floats, the
 * operator whose identity is no zero) in every form: the work-groups of 4
 * test the levels of block sums, which every operator has alike, and each
 * operator and type is a kernel build of its own. */
static void sweep(clrt *rt, const algo *a, enum gpu_variant variant, size_t max_n, int few,
		  const char *note)
{
	/* The three operators, and count where the entry takes it. */
	unsigned nops = (a->caps & ALGO_OP ? 3 : 1) + (a->caps & ALGO_OP_COUNT ? 1 : 0);
	/* with few, the one operator of each type: sum, and max for floats */
	const unsigned one_op[2] = {0, a->caps & ALGO_OP ? 1 : 0};
	for (int t = 0; t < (a->caps & ALGO_FLOAT ? 2 : 1); t++)
		for (unsigned o = 0; o < nops; o++)
			for (int f = 0; f < (a->caps & ALGO_INCLUSIVE ? 2 : 1); f++) {
				if (few && o != one_op[t])
					continue;
				algo_params p = algo_default_params(a);
				p.type = t ? PRAM_FLOAT : PRAM_INT;
				p.op = o < 3 ? ops[o] : PRAM_OP_SUM;
				p.count = o == 3;
				if (a->caps & ALGO_INCLUSIVE)
					p.inclusive = f == 0;
				int dflt = t == 0 && o == 0 && f == 0;
				for (size_t s = 0; s < NSIZES; s++)
					if (sizes[s].n <= max_n &&
					    (dflt || max_n < 1u << 20 || sizes[s].in_short))
						one(rt, a, variant, &p, sizes[s].n,
						    42 + s + 7 * (uint64_t)t, note);
			}
}

/* The first variant of a's kernels at or after v, in the table's order,
 * or GPU_NVARIANTS when none is left. */
static unsigned next_variant(const algo *a, unsigned v)
{
	while (v < GPU_NVARIANTS && !gpu_has_variant(gpu_for(a), v))
		v++;
	return v;
}

/* A job of one teaching run (one repetition, its time into *ms) of the
 * algorithm named name under p: the n elements of in into the nout of out. */
static gpu_job small_job(const char *name, const algo_params *p, int32_t *in, size_t n,
			 int32_t *out, size_t nout, double *ms)
{
	gpu_job job = {.algo = algo_find(name),
		       .variant = GPU_TEACHING,
		       .params = p,
		       .in = {{.n = n, .data = in}},
		       .out = {{.n = nout, .data = out}},
		       .reps = 1,
		       .times_ms = ms};
	return job;
}

/* A kernel folder whose reduce.cl has a syntax error must give an error that
 * names the file's real path and carries the compiler's message. */
static void test_build_error(void)
{
	char dir[] = "/tmp/pram-kernels-XXXXXX", file[PATH_MAX], *real_dir = NULL;
	const char *old = getenv("PRAM_KERNEL_DIR");
	char *saved = old ? strdup(old) : NULL;
	clrt *rt = NULL;
	int made = mkdtemp(dir) != NULL;
	snprintf(file, sizeof file, "%s/reduce.cl", dir);
	FILE *f = made ? fopen(file, "w") : NULL;
	if (f) {
		fputs("kernel void reduce_tree(global int *in {\n  in[0] = ;\n}\n", f);
		fclose(f);
	}
	setenv("PRAM_KERNEL_DIR", dir, 1);
	real_dir = realpath(dir, NULL);
	rt = clrt_open(NULL, err, sizeof err);
	int rc = -1;
	if (rt && f) {
		int32_t in[4] = {1, 2, 3, 4}, out = 0;
		double ms;
		algo_params p = algo_default_params(algo_find("reduce"));
		gpu_job job = small_job("reduce", &p, in, 4, &out, 1, &ms);
		rc = gpu_run(rt, &job, err, sizeof err);
	}
	TAP_OK(rc != 0, "a kernel with a syntax error fails to build");
	char real_file[PATH_MAX];
	snprintf(real_file, sizeof real_file, "%s/reduce.cl", real_dir ? real_dir : dir);
	TAP_CONTAINS(err, real_file, "the build error names the kernel file");
	TAP_CONTAINS(err, "error", "the build error carries the compiler's log");
	TAP_CONTAINS(err, "reduce", "the build error names the algorithm");
	clrt_close(rt);
	if (saved)
		setenv("PRAM_KERNEL_DIR", saved, 1);
	else
		unsetenv("PRAM_KERNEL_DIR");
	free(saved);
	free(real_dir);
	unlink(file);
	rmdir(dir);
}

/* Jobs the kernels refuse, each with an error that says why. */
static void test_refusals(clrt *rt)
{
	int32_t in[4] = {1, 2, 3, 4}, out[4];
	unsigned char flags[4] = {1, 0, 1, 0};
	double ms;
	enum gpu_variant v;
	if (!mine())
		return;
	TAP_OK(gpu_variant_parse("fancy", &v, err, sizeof err) != 0,
	       "an unknown variant is refused");
	TAP_CONTAINS(err, "fancy", "the error names the variant");
	algo_params p = algo_default_params(algo_find("reduce"));
	gpu_job bad = small_job("reduce", &p, in, 1, out, 1, &ms);
	bad.variant = GPU_NVARIANTS;
	TAP_OK(gpu_run(rt, &bad, err, sizeof err) != 0, "a variant out of range is refused");
	bad.variant = GPU_TEACHING;
	p.op = PRAM_OP_XOR;
	TAP_OK(gpu_run(rt, &bad, err, sizeof err) != 0, "an operator without kernels is refused");
	TAP_CONTAINS(err, "xor", "the error names the operator");
	algo_params pm = algo_default_params(algo_find("scan-matrix"));
	pm.op = PRAM_OP_MAX;
	gpu_job mat = small_job("scan-matrix", &pm, in, 4, out, 4, &ms);
	TAP_OK(gpu_run(rt, &mat, err, sizeof err) != 0, "the matrix scan refuses max");
	TAP_CONTAINS(err, "add", "the error says the kernels add");
	algo_params ps = algo_default_params(algo_find("scan-segmented"));
	gpu_job seg = small_job("scan-segmented", &ps, in, 4, out, 4, &ms);
	TAP_OK(gpu_run(rt, &seg, err, sizeof err) != 0,
	       "a segmented scan without flags is refused");
	TAP_CONTAINS(err, "flags", "the error names the flags");
	seg.in[0].flags = flags;
	seg.out[0].n = 3;
	TAP_OK(gpu_run(rt, &seg, err, sizeof err) != 0, "an output of the wrong length is refused");
	algo_params pb = algo_default_params(algo_find("scan-blocked"));
	/* Past the registry's check (a power of two), to see the runner's own. */
	int kb = algo_param_index(algo_find("scan-blocked"), "block");
	pb.v[kb] = 6;
	pb.given |= 1u << kb;
	gpu_job blk = small_job("scan-blocked", &pb, in, 4, out, 4, &ms);
	TAP_OK(gpu_run(rt, &blk, err, sizeof err) != 0, "a block size of 6 is refused");
	TAP_CONTAINS(err, "power of two", "the error says why");
	TAP_OK(gpu_has_variant(gpu_for(algo_find("scan-blelloch")), GPU_TUNED) &&
		   !gpu_has_variant(gpu_for(algo_find("scan-hillis-steele")), GPU_TUNED) &&
		   !gpu_has_variant(gpu_for(algo_find("sort")), GPU_TEACHING),
	       "gpu_has_variant knows the table");
	TAP_OK(gpu_lanes(rt) >= clrt_compute_units(rt), "gpu_lanes is at least the compute units");
}

/* The registry's kernels, then their parameters: Brent's f, block sizes. */
static void test_registry(clrt *rt)
{
	int tested = 0;
	for (const algo *const *ap = algo_registry; *ap; ap++) {
		const algo *a = *ap;
		for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS;
		     v = next_variant(a, v + 1)) {
			tested++;
			if (!mine())
				continue;
			sweep(rt, a, v, (size_t)1 << 20, 0, "");
			/* Work-groups of 4: small inputs already need several
			 * levels of block sums, and the tuned chunks several tiles. */
			clrt_set_wg_cap(rt, 4);
			sweep(rt, a, v, 4097, 1, " (work-groups of 4)");
			clrt_set_wg_cap(rt, 0);
		}
	}
	/* Kernels that ignore the series parameter name the value they act as
	 * if it had, one of its series, or the report measures them nowhere. */
	if (mine()) {
		TAP_OK(tested >= 10, "the registry has kernels to test (%d algorithm variants)",
		       tested);
		for (const algo *const *ap = algo_registry; *ap; ap++) {
			const gpu_algo *g = gpu_for(*ap);
			int sp = algo_series_param(*ap);
			for (unsigned v = 0; g && v < GPU_NVARIANTS; v++) {
				int64_t at = g->variant[v].series_at;
				if (!at)
					continue;
				int found = 0;
				for (unsigned k = 0; sp >= 0 && k < (*ap)->params[sp].nseries; k++)
					found |= (*ap)->params[sp].series[k] == at;
				TAP_OK(found, "%s's %s kernels act at %lld, one of its series",
				       (*ap)->name, gpu_variant_name(v), (long long)at);
			}
		}
	}

	static const unsigned pps[] = {1, 2, 3, 4, 8, 33, 64};
	const algo *brent = algo_find("scan-brent"), *blocked = algo_find("scan-blocked");
	for (size_t k = 0; brent && k < sizeof pps / sizeof pps[0]; k++) {
		if (!mine())
			continue;
		char note[64];
		snprintf(note, sizeof note, " (f = %u)", pps[k]);
		algo_params p = algo_default_params(brent);
		algo_set_param(brent, &p, "per-proc", pps[k]);
		for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
			p.op = PRAM_OP_SUM;
			p.inclusive = 0;
			one(rt, brent, v, &p, 100003, 99, note);
			p.op = PRAM_OP_MAX;
			p.inclusive = 1;
			one(rt, brent, v, &p, 4097, 98, note);
		}
	}
	for (unsigned b = 2; blocked && b <= 512; b *= 4) {
		if (!mine())
			continue;
		char note[64];
		snprintf(note, sizeof note, " (block %u)", b);
		algo_params p = algo_default_params(blocked);
		algo_set_param(blocked, &p, "block", b);
		one(rt, blocked, GPU_TEACHING, &p, 5000, 97, note);
	}
}

/* The partitioned streams beyond their defaults, every variant: 7 samples,
 * the pyramid's fan-in, every element its own partition, pairs, partitions
 * around the tuned kernel's halo, one partition of the whole input (m = n:
 * the most passes), the tuned kernel's shapes; again in work-groups of 4.
 * Then the tuned reduce-matrix's shapes. */
static void test_partitions(clrt *rt)
{
	static const struct {
		const char *algo, *spec;
	} runs[] = {
	    {"jfa-reduce", "samples=7 op=sum"},
	    {"jfa-reduce", "samples=7 op=count"},
	    {"jfa-reduce", "samples=7 op=max float"},
	    {"jfa-reduce", "samples=7 op=min"},
	    {"jfa-reduce", "op=sum float"},
	    {"partition-offsets", "fan=2"},
	    {"partition-offsets", "fan=16"},
	    {"jfa-reduce", "op=sum per-proc=5"},
	    {"jfa-reduce", "samples=7 op=max per-proc=33 group=64"},
	};
	/* The tuned jump flooding takes a tile while 3 H + 1 <= its window
	 * (H = b^K - 1): m = 1024 fits and 1025 does not in the default 4096
	 * (3 and 7 samples), m = 16 and 17 in work-groups of 4 (a window of
	 * 64); 256, 257, 512, 513 are steps of K between. */
	static const int64_t lens[] = {1, 2, 3, 16, 17, 256, 257, 512, 513, 1024, 1025, 100000};
	for (int wg = 0; wg < 2; wg++) {
		clrt_set_wg_cap(rt, wg ? 4 : 0);
		for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
			const algo *a = algo_find(runs[r].algo);
			/* A --group above the cap is refused (tests/cli.sh). */
			if (!a || (wg && strstr(runs[r].spec, "group=")) || !mine())
				continue;
			for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
				algo_params p = algo_default_params(a);
				char buf[64], note[96];
				snprintf(buf, sizeof buf, "%s", runs[r].spec);
				char *save = NULL;
				for (char *tok = strtok_r(buf, " ", &save); tok;
				     tok = strtok_r(NULL, " ", &save)) {
					char *eq = strchr(tok, '=');
					if (eq)
						*eq++ = '\0';
					if (algo_set_option(a, &p, tok, eq, err, sizeof err))
						TAP_OK(0, "%s %s: %s", a->name, runs[r].spec, err);
				}
				algo_set_param(a, &p, "part-len", lens[l]);
				snprintf(note, sizeof note, " (%s, partitions of %lld%s)",
					 runs[r].spec, (long long)lens[l],
					 wg ? ", work-groups of 4" : "");
				for (unsigned v = 0; v < GPU_NVARIANTS; v++)
					if (gpu_has_variant(gpu_for(a), v))
						one(rt, a, v, &p, wg ? 4097 : 100003, 31 + l, note);
			}
		}
	}
	clrt_set_wg_cap(rt, 0);
	/* The tuned reduce-matrix's shapes: loads per work-item and groups
	 * (of 32: the local-memory combination where shuffles are not). */
	const algo *rm = algo_find("reduce-matrix");
	static const int64_t loads[] = {1, 2, 16};
	if (!mine())
		return;
	for (size_t l = 0; rm && l < sizeof loads / sizeof loads[0]; l++)
		for (int t = 0; t < 2; t++) {
			algo_params p = algo_default_params(rm);
			char note[64];
			p.type = t ? PRAM_FLOAT : PRAM_INT;
			algo_set_param(rm, &p, "per-proc", loads[l]);
			algo_set_param(rm, &p, "group", l == 1 ? 32 : 0);
			snprintf(note, sizeof note, " (per-proc %lld%s)", (long long)loads[l],
				 l == 1 ? ", group 32" : "");
			one(rt, rm, GPU_TUNED, &p, 100003, 7 + l, note);
			one(rt, rm, GPU_TUNED, &p, 4093, 7 + l, note);
		}
}

/* Radix sort beyond its defaults, each variant: values carried (--pairs
 * yes, 1), the keys alone (--pairs no, 2), the indices (0), digits of 4
 * bits and of base 10, fewer digits than the keys have (so equal low
 * digits show stability), full 32-bit keys (the top bit set in half of
 * them: unsigned words) and 31-bit ones, all keys equal; again in
 * work-groups of 4. A modulus that is no power of two is the teaching
 * kernels' alone: the tuned ones sort by bits and say so. Then the tuned
 * kernels' tiles of other shapes. */
static void test_radix(clrt *rt)
{
	static const struct {
		const char *note;
		int64_t pairs, bits, radix, digits, range, dist;
	} cases[] = {
	    {" (pairs, 32-bit keys)", 1, 0, 0, 0, (int64_t)1 << 32, 0},
	    {" (keys alone, 32-bit keys)", 2, 0, 0, 0, (int64_t)1 << 32, 0},
	    {" (indices, 32-bit keys)", 0, 0, 0, 0, (int64_t)1 << 32, 0},
	    {" (keys alone, 31-bit keys)", 2, 0, 0, 0, (int64_t)1 << 31, 0},
	    {" (4-bit digits)", 0, 4, 0, 0, 1 << 20, 0},
	    {" (radix 10)", 1, 0, 10, 0, 1000000, 0},
	    {" (radix 10, 32-bit keys)", 2, 0, 10, 0, (int64_t)1 << 32, 0},
	    {" (3 digits of 4 bits, 32-bit keys)", 1, 4, 0, 3, (int64_t)1 << 32, 0},
	    {" (3 digits of 4 bits, keys alone)", 2, 4, 0, 3, (int64_t)1 << 32, 0},
	    {" (keys all equal)", 1, 0, 0, 0, (int64_t)1 << 32, 1},
	    {" (keys all equal, keys alone)", 2, 0, 0, 0, (int64_t)1 << 32, 1},
	};
	const algo *a = algo_find("radix-sort");
	if (!a)
		return;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		if (!mine())
			continue;
		algo_params p = algo_default_params(a);
		algo_set_param(a, &p, "pairs", cases[k].pairs);
		algo_set_param(a, &p, "key-range", cases[k].range);
		algo_set_param(a, &p, "dist", cases[k].dist);
		if (cases[k].bits)
			algo_set_param(a, &p, "bits-per-pass", cases[k].bits);
		if (cases[k].radix)
			algo_set_param(a, &p, "radix", cases[k].radix);
		if (cases[k].digits)
			algo_set_param(a, &p, "digits", cases[k].digits);
		for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS;
		     v = next_variant(a, v + 1)) {
			one(rt, a, v, &p, 100003, 96, cases[k].note);
			char note[96];
			snprintf(note, sizeof note, "%s (work-groups of 4)", cases[k].note);
			clrt_set_wg_cap(rt, 4);
			one(rt, a, v, &p, 4097, 95, note);
			clrt_set_wg_cap(rt, 0);
		}
	}
	if (!gpu_has_variant(gpu_for(a), GPU_TUNED))
		return;
	/* Tiles of other shapes: keys a work-item (odd ones too), work-groups
	 * of up to 1024 (fewer where the device has less) and of 96, three
	 * warps, whose work-items look back for three digits each; sizes that fill
	 * the last tile or not; the four kinds of values, early, late, ranked
	 * and packed. */
	static const struct {
		int64_t keys, group;
	} shapes[] = {{1, 256}, {7, 64}, {24, 512}, {32, 256}, {13, 1024}, {64, 32}, {23, 96}};
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		if (!mine())
			continue;
		/* --early-values 1, 0, 2 and 3: early, late, ranked, packed. */
		static const int64_t how[] = {1, 0, 2, 3};
		static const char *const how_name[] = {"early", "late", "ranked", "packed"};
		for (int64_t pairs = 0; pairs < 12; pairs++) {
			algo_params p = algo_default_params(a);
			char note[96];
			if (pairs / 3 && pairs % 3 == 2)
				continue; /* --pairs no: no values to be early or late */
			/* The most keys a work-item, 64, with the keys alone: PoCL
			 * takes minutes to build each pass of values at that width,
			 * which the narrower shapes test. */
			if (shapes[k].keys == 64 && pairs != 2)
				continue;
			algo_set_param(a, &p, "pairs", pairs % 3);
			algo_set_param(a, &p, "early-values", how[pairs / 3]);
			algo_set_param(a, &p, "key-range", (int64_t)1 << 32);
			algo_set_param(a, &p, "keys-per-item", shapes[k].keys);
			algo_set_param(a, &p, "group-size", shapes[k].group);
			snprintf(note, sizeof note,
				 " (%lld keys a work-item, groups of %lld, pairs %lld, %s values)",
				 (long long)shapes[k].keys, (long long)shapes[k].group,
				 (long long)(pairs % 3), how_name[pairs / 3]);
			size_t tile = (size_t)(shapes[k].keys * shapes[k].group);
			one(rt, a, GPU_TUNED, &p, 3 * tile + (pairs % 3 == 1 ? 0 : 1 + tile / 3),
			    92, note);
		}
	}
	if (!mine())
		return;
	algo_params p = algo_default_params(a);
	algo_set_param(a, &p, "radix", 10);
	algo_set_param(a, &p, "digits", 2);
	algo_data in[ALGO_MAX_PORTS] = {0};
	gpu_result g;
	int gen = algo_generate(a, in, 1000, &p, 94);
	int rc = gen ? 0 : gpuval_run(rt, a, &p, in, GPU_TUNED, 1, &g, err, sizeof err);
	if (!gen && rc == 0)
		gpuval_free(&g);
	algo_data_free_all(in, ALGO_MAX_PORTS);
	TAP_OK(!gen && rc != 0, "radix-sort tuned refuses to sort by key mod 100");
	TAP_CONTAINS(err, "teaching", "the error names the kernels that can");
}

/* The parameters that shape the data, for every algorithm whose kernels
 * read them: each distribution of the records (all equal: every atomic on
 * one cell; sorted: long runs), and ranges of bins or keys from 1 up to
 * more than there are records, again in work-groups of 4. Float records
 * k / 2^24 times bins that are no power of two land next to a bin's end,
 * where a product rounded in float crosses it: with 65535 bins, about one
 * record in 500. */
static void test_shapes(clrt *rt)
{
	static const int64_t ranges[] = {1, 3, 1000, 4096, 65535};
	for (const algo *const *ap = algo_registry; *ap; ap++) {
		const algo *a = *ap;
		int kd = algo_param_index(a, "dist"), kr = algo_param_index(a, "bins");
		if (kr < 0)
			kr = algo_param_index(a, "key-range");
		for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS;
		     v = next_variant(a, v + 1)) {
			if ((kd < 0 && kr < 0) || !mine())
				continue;
			for (int d = 0; kd >= 0 && a->params[kd].choices[d]; d++) {
				const char *dist = a->params[kd].choices[d];
				char note[64];
				algo_params p = algo_default_params(a);
				algo_set_param(a, &p, "dist", d);
				snprintf(note, sizeof note, " (dist %s)", dist);
				one(rt, a, v, &p, 100003, 96, note);
				clrt_set_wg_cap(rt, 4);
				snprintf(note, sizeof note, " (dist %s, work-groups of 4)", dist);
				one(rt, a, v, &p, 1000, 95, note);
				clrt_set_wg_cap(rt, 0);
			}
			for (size_t r = 0; kr >= 0 && r < sizeof ranges / sizeof ranges[0]; r++)
				for (int t = 0; t < (a->caps & ALGO_FLOAT ? 2 : 1); t++) {
					char note[64];
					algo_params p = algo_default_params(a);
					p.type = t ? PRAM_FLOAT : PRAM_INT;
					if (algo_set_param(a, &p, a->params[kr].name, ranges[r]))
						continue; /* a range the parameter refuses */
					snprintf(note, sizeof note, " (%s %lld)",
						 a->params[kr].name, (long long)ranges[r]);
					one(rt, a, v, &p, 1000, 94, note);
					clrt_set_wg_cap(rt, 4);
					snprintf(note, sizeof note, " (%s %lld, work-groups of 4)",
						 a->params[kr].name, (long long)ranges[r]);
					one(rt, a, v, &p, 1000, 93, note);
					clrt_set_wg_cap(rt, 0);
				}
		}
	}
}

/* Run variant v of a on in, made by the caller; one TAP line. */
static void one_input(clrt *rt, const algo *a, enum gpu_variant v, const algo_params *p,
		      const algo_data *in, const char *what)
{
	char full[200];
	snprintf(full, sizeof full, "%s %s %s n=%zu %s", a->name, gpu_variant_name(v),
		 p->type == PRAM_FLOAT ? "float" : "int", in->n, what);
	run_tap(rt, a, v, p, in, full);
}

/* The edge cases of test_streams, by number: what each input is. */
static const char *const keeps[] = {"nothing kept",  "everything kept",  "the first kept",
				    "the last kept", "every other kept", "one in 33 kept"};
static const char *const keys[] = {"keys all even", "keys all odd", "keys alternating",
				   "keys even but the last"};
static const char *const lands[] = {"flat",
				    "a wall next to the eye",
				    "on one line",
				    "across the whole int range",
				    "slopes near the least a float allows",
				    "slopes near the largest a float allows"};
#define NELEMS(a) (sizeof(a) / sizeof(a)[0])

/* Float heights of line of sight whose angles reach the ends of their
 * range, where the tuned kernel's status words squeeze an angle into 62
 * bits (line_of_sight.cl, angle_code). Land 4: the eye at 0 and heights
 * that are multiples of float's least step, 2^-149, rising as (i^2 + noise)
 * steps, so that slopes from about 2^-149 / i on decide; land 5: the eye
 * at -FLT_MAX and heights rising from it by about 2^111 a point (slopes
 * near 2^111, the noise deciding), with a point at FLT_MAX, a slope near
 * 2^129 / i, every 50000th, which hides what follows. */
static double los_extreme(size_t land, size_t i, int64_t noise)
{
	if (land == 4)
		return i ? (double)(float)ldexp((double)i * (double)i + (double)noise, -149) : -1.0;
	if (i == 0)
		return -FLT_MAX;
	if (i % 50000 == 1 && i > 1)
		return FLT_MAX;
	return (double)(float)(-FLT_MAX + ldexp((double)i * (1.0 + (double)noise / 1e4), 111));
}

/* Input k of test_streams for a (compact, split or line-of-sight), of n
 * elements, into in (zeroed), its type in *p. Returns 0 or -1. */
static int stream_input(const algo *a, size_t k, size_t n, algo_params *p, algo_data *in)
{
	int is_compact = strcmp(a->name, "compact") == 0, is_split = strcmp(a->name, "split") == 0;
	p->type = !is_split && k % 2 ? PRAM_FLOAT : PRAM_INT;
	if (algo_data_alloc(in, n, p->type, is_compact))
		return -1;
	for (size_t i = 0; i < n; i++) {
		int64_t x;
		if (is_compact) {
			x = (int64_t)i * 7 - 1000;
			in->flags[i] = k == 1 || (k == 2 && i == 0) || (k == 3 && i == n - 1) ||
				       (k == 4 && i % 2) || (k == 5 && i % 33 == 5);
		} else if (is_split) {
			int odd = k == 1 || (k == 2 && i % 2) || (k == 3 && i == n - 1);
			x = (int64_t)(i % 1000) * 2 + odd;
		} else {
			/* Heights: flat, a wall at point 1, the line of slope 9
			 * through the eye (up to 10^6, exact in float); and
			 * from INT32_MIN up 0.429 i^2 with noise below 1000,
			 * which crosses 0 and nearly reaches INT32_MAX at
			 * 100003 points, where the rise from the eye takes 32
			 * bits (rounded to float in floats): most points are
			 * visible, and which depends on every rise. */
			size_t land = k / 2;
			int64_t r = (int64_t)(i % 100004),
				noise = (int64_t)((i * 2654435761u) >> 7) % 1000,
				curve = INT32_MIN + r * r * 429 / 1000 + noise;
			if (land >= 4 && p->type == PRAM_FLOAT) {
				in->vals[i].f = los_extreme(land, i, noise);
				continue;
			}
			x = land == 0   ? 1000
			    : land == 1 ? (i == 1 ? 1000000 : 1000)
			    : land == 2 ? 1001 + (int64_t)i * 9
			    : land == 3 ? curve
			    : land == 4 ? (i ? INT32_MAX - (int64_t)(i % 3) : INT32_MAX)
					: INT32_MIN + r * 21000 + noise;
		}
		if (p->type == PRAM_FLOAT && is_compact)
			in->vals[i].f = (double)x + 0.5;
		else if (p->type == PRAM_FLOAT)
			in->vals[i].f = (double)(float)x;
		else
			in->vals[i].i = x;
	}
	return 0;
}

/* The applications of scan that move or test elements, on inputs chosen to
 * hit their edges, each variant, at sizes around the tuned kernels' tiles
 * (4096 elements) and 32-element flag words, again in work-groups of 4:
 * compaction keeping nothing, everything, only the first or the last
 * element, every other one, one in 33; split of keys all even, all odd,
 * alternating, all even but the last; line of sight over flat terrain
 * (every point visible), a wall next to the eye (hiding every point behind
 * it), points all on one line through the eye (the first only: the
 * test is strict), a noisy rising curve from INT32_MIN to near
 * INT32_MAX (the heights' exact conversion), in integers and floats, and
 * slopes at the ends of their range (los_extreme). */
static void test_streams(clrt *rt)
{
	static const size_t ns[] = {1, 31, 33, 4095, 4096, 4097, 100003};
	static const struct {
		const char *algo;
		const char *const *cases;
		size_t ncases; /* names in cases */
		size_t each;   /* inputs per name: line of sight's lands in int and float */
	} algos[] = {
	    {"compact", keeps, NELEMS(keeps), 1},
	    {"split", keys, NELEMS(keys), 1},
	    {"line-of-sight", lands, NELEMS(lands), 2},
	};
	for (int wg = 0; wg < 2; wg++) {
		clrt_set_wg_cap(rt, wg ? 4 : 0);
		for (size_t r = 0; r < NELEMS(algos); r++) {
			const algo *a = algo_find(algos[r].algo);
			for (unsigned v = a ? next_variant(a, 0) : GPU_NVARIANTS; v < GPU_NVARIANTS;
			     v = next_variant(a, v + 1)) {
				if (!mine())
					continue;
				for (size_t s = 0; s < NELEMS(ns) && (!wg || ns[s] <= 4097); s++)
					for (size_t k = 0; k < algos[r].ncases * algos[r].each;
					     k++) {
						algo_params p = algo_default_params(a);
						algo_data in = {0};
						char what[96];
						snprintf(what, sizeof what, "(%s%s)",
							 algos[r].cases[k / algos[r].each],
							 wg ? ", work-groups of 4" : "");
						if (stream_input(a, k, ns[s], &p, &in))
							TAP_OK(0, "%s: out of memory for %zu",
							       a->name, ns[s]);
						else
							one_input(rt, a, v, &p, &in, what);
						algo_data_free(&in);
					}
			}
		}
	}
	clrt_set_wg_cap(rt, 0);
}

/* One setting of the parameters a variant is run under: the defaults (pr
 * NULL), or choice ch of the parameter pr. */
typedef struct setting {
	const algo_param *pr;
	int ch;
} setting;

/* Setting k of a: setting 0 is the defaults, then in turn each choice
 * other than the default of each parameter with named values. Returns 0
 * past the last. */
static int setting_at(const algo *a, size_t k, setting *st)
{
	st->pr = NULL;
	st->ch = 0;
	if (k == 0)
		return 1;
	for (size_t q = 0; q < algo_nparams(a); q++)
		for (int c = 0; a->params[q].choices && a->params[q].choices[c]; c++)
			if (c != a->params[q].def && --k == 0) {
				st->pr = &a->params[q];
				st->ch = c;
				return 1;
			}
	return 0;
}

/* p under st. */
static void setting_apply(const algo *a, const setting *st, algo_params *p)
{
	if (st->pr)
		algo_set_param(a, p, st->pr->name, st->ch);
}

/* The algorithms whose inputs are all grids (images), beyond the square
 * grids the generators make: one pixel, one row, one column, shapes that
 * are no multiple of any tile or work-group, each value of every parameter
 * with named choices, each type, again in work-groups of 4. Random pixels in
 * [0, 100) (or the same as floats plus a quarter). */
static void test_grids(clrt *rt)
{
	static const size_t shapes[][2] = {{1, 1},   {1, 37},  {37, 1},   {3, 300},
					   {300, 3}, {33, 65}, {129, 31}, {100, 100}};
	for (const algo *const *ap = algo_registry; *ap; ap++) {
		const algo *a = *ap;
		const algo_port *pt = algo_inputs(a);
		size_t nin = algo_nin(a), grids = 0;
		for (size_t k = 0; k < nin; k++)
			grids += pt[k].shape == ALGO_GRID;
		if (grids == 0 || grids != nin)
			continue;
		for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS;
		     v = next_variant(a, v + 1)) {
			if (!mine())
				continue;
			setting st;
			for (size_t q = 0; setting_at(a, q, &st); q++) {
				for (int t = 0; t < (a->caps & ALGO_FLOAT ? 2 : 1); t++)
					for (size_t s = 0; s < sizeof shapes / sizeof *shapes;
					     s++) {
						size_t w = shapes[s][0], h = shapes[s][1];
						algo_params p = algo_default_params(a);
						p.type = t ? PRAM_FLOAT : PRAM_INT;
						setting_apply(a, &st, &p);
						algo_data in[ALGO_MAX_PORTS] = {0};
						uint64_t seed = 77 + s;
						for (size_t k = 0; k < nin; k++) {
							algo_grid_alloc(&in[k], w, h, p.type);
							for (size_t i = 0; i < w * h; i++) {
								int64_t x =
								    (int64_t)(algo_rand(&seed) %
									      100);
								if (t)
									in[k].vals[i].f =
									    (double)x + 0.25;
								else
									in[k].vals[i].i = x;
							}
						}
						char what[200];
						snprintf(
						    what, sizeof what, "%s %s %s %zu x %zu%s%s%s",
						    a->name, gpu_variant_name(v),
						    t ? "float" : "int", w, h, st.pr ? " --" : "",
						    st.pr ? st.pr->name : "", st.pr ? " " : "");
						if (st.pr)
							snprintf(what + strlen(what),
								 sizeof what - strlen(what), "%s",
								 st.pr->choices[st.ch]);
						for (int cap = 0; cap < 2; cap++) {
							char named[sizeof what + 32];
							snprintf(named, sizeof named, "%s%s", what,
								 cap ? " (work-groups "
								       "of 4)"
								     : "");
							clrt_set_wg_cap(rt, cap ? 4 : 0);
							run_tap(rt, a, v, &p, in, named);
						}
						clrt_set_wg_cap(rt, 0);
						algo_data_free_all(in, nin);
					}
			}
		}
	}
}

/* sat's tuned kernels beyond their defaults: strips of 1, 3, 16 and 64 rows,
 * tiles of 1 to 64 columns (strips of one row in tiles of 8: rows that
 * cross tiles in segments of one word), on grids no multiple of either, each kind of
 * table, each type, again in work-groups of 4. Each case runs twice (the
 * warm-up and one timed run), so the second run meets the first one's
 * status words. Random pixels in [0, 100) (or the same as floats plus a
 * quarter). */
static void test_sat_tiles(clrt *rt)
{
	static const size_t shapes[][2] = {{1, 1}, {1, 37}, {37, 1}, {300, 3}, {33, 65}, {129, 70}};
	static const int64_t tiles[][2] = {{1, 1}, {3, 2}, {16, 8}, {64, 64}, {5, 32}, {1, 8}};
	const algo *a = algo_find("sat");
	if (!a || !gpu_has_variant(gpu_for(a), GPU_TUNED))
		return;
	for (size_t k = 0; k < sizeof tiles / sizeof *tiles; k++) {
		if (!mine())
			continue;
		for (int table = 0; sat_variants[table]; table++)
			for (int t = 0; t < 2; t++)
				for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
					size_t w = shapes[s][0], h = shapes[s][1];
					algo_params p = algo_default_params(a);
					p.type = t ? PRAM_FLOAT : PRAM_INT;
					algo_set_param(a, &p, "table", table);
					algo_set_param(a, &p, "strip-rows", tiles[k][0]);
					algo_set_param(a, &p, "tile-cols", tiles[k][1]);
					algo_data in = {0};
					algo_grid_alloc(&in, w, h, p.type);
					uint64_t seed = 55 + s + k;
					for (size_t i = 0; i < w * h; i++) {
						int64_t x = (int64_t)(algo_rand(&seed) % 100);
						if (t)
							in.vals[i].f = (double)x + 0.25;
						else
							in.vals[i].i = x;
					}
					for (int cap = 0; cap < 2; cap++) {
						char what[200];
						snprintf(
						    what, sizeof what,
						    "sat tuned %s %zu x %zu --table %s, strips of "
						    "%lld rows, tiles of %lld columns%s",
						    t ? "float" : "int", w, h, sat_variants[table],
						    (long long)tiles[k][0], (long long)tiles[k][1],
						    cap ? " (work-groups of 4)" : "");
						clrt_set_wg_cap(rt, cap ? 4 : 0);
						run_tap(rt, a, GPU_TUNED, &p, &in, what);
					}
					clrt_set_wg_cap(rt, 0);
					algo_data_free(&in);
				}
	}
}

/* A flag pattern of the segmented tests: a head at i when i % every == 0
 * (every > 0), or one in `rare` at random (rare > 0), and at `also`
 * (SIZE_MAX: nowhere); element 0's flag as first says (the kernels must
 * count it as a head either way). */
typedef struct seg_pattern {
	const char *name;
	size_t every, rare, also;
	int first;
} seg_pattern;

/* Run a's variant v on n seeded values with pattern fl; one TAP line. */
static void one_flags(clrt *rt, const algo *a, enum gpu_variant v, const algo_params *p, size_t n,
		      const seg_pattern *fl, const char *note)
{
	algo_data in[ALGO_MAX_PORTS] = {0};
	char what[200];
	snprintf(what, sizeof what, "%s %s %s %s%s n=%zu (flags: %s%s)", a->name,
		 gpu_variant_name(v), algo_op_name(p), p->type == PRAM_FLOAT ? "float" : "int",
		 a->caps & ALGO_INCLUSIVE ? (p->inclusive ? " inclusive" : " exclusive") : "", n,
		 fl->name, note);
	if (algo_generate(a, in, n, p, 61)) {
		TAP_OK(0, "%s: cannot make the input", what);
		return;
	}
	uint64_t state = 62;
	for (size_t i = 0; i < n; i++)
		in[0].flags[i] = (fl->every && i % fl->every == 0) ||
				 (fl->rare && algo_rand(&state) % fl->rare == 0) || i == fl->also;
	if (n)
		in[0].flags[0] = (unsigned char)fl->first;
	run_tap(rt, a, v, p, in, what);
	algo_data_free_all(in, ALGO_MAX_PORTS);
}

/* The algorithms that read segment flags, each variant, on the flag
 * patterns the generator's one head in eight misses: one segment (with and
 * without element 0's flag), every element a head, heads at and between
 * the tuned kernels' tile boundaries (tiles of 256 x 32 elements, of
 * 4 x 32 in work-groups of 4), segments across many tiles, a head at the
 * last element alone; for the operators and forms, again in work-groups of
 * 4, and with each value of the parameters with named choices (the
 * reduction's numbering). Then the tuned kernels' elements per work-item. */
static void test_segments(clrt *rt)
{
	static const seg_pattern pats[] = {
	    {"one segment", 0, 0, SIZE_MAX, 1},
	    {"one segment, element 0 unflagged", 0, 0, SIZE_MAX, 0},
	    {"every element a head", 1, 0, SIZE_MAX, 1},
	    {"every 3", 3, 0, SIZE_MAX, 1},
	    {"every 128", 128, 0, SIZE_MAX, 1},
	    {"every 1000", 1000, 0, SIZE_MAX, 1},
	    {"every 8192", 8192, 0, SIZE_MAX, 1},
	    {"every 50000", 50000, 0, SIZE_MAX, 1},
	    {"the last element alone", 0, 0, 100002, 1},
	    {"the last element alone", 0, 0, 4096, 1},
	    {"one in 5000", 0, 5000, SIZE_MAX, 1},
	    {"one in 5, element 0 unflagged", 0, 5, SIZE_MAX, 0},
	};
	static const struct {
		pram_op op;
		int fl, incl;
	} forms[] = {
	    {PRAM_OP_SUM, 0, 1}, {PRAM_OP_MAX, 1, 1}, {PRAM_OP_MIN, 0, 0}, {PRAM_OP_SUM, 1, 0}};
	for (const algo *const *ap = algo_registry; *ap; ap++) {
		const algo *a = *ap;
		if (!algo_takes_flags(a))
			continue;
		for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS;
		     v = next_variant(a, v + 1)) {
			setting st;
			for (size_t q = 0; setting_at(a, q, &st); q++) {
				if (!mine())
					continue;
				for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
					algo_params p = algo_default_params(a);
					if ((a->caps & ALGO_OP) || forms[f].op == PRAM_OP_SUM)
						p.op = forms[f].op;
					else
						continue;
					if (forms[f].fl && !(a->caps & ALGO_FLOAT))
						continue;
					p.type = forms[f].fl ? PRAM_FLOAT : PRAM_INT;
					if (!forms[f].incl && !(a->caps & ALGO_INCLUSIVE))
						continue;
					if (a->caps & ALGO_INCLUSIVE)
						p.inclusive = forms[f].incl;
					char note[96] = "";
					setting_apply(a, &st, &p);
					if (st.pr) {
						snprintf(note, sizeof note, ", --%s %s",
							 st.pr->name, st.pr->choices[st.ch]);
					}
					for (size_t k = 0; k < sizeof pats / sizeof *pats; k++) {
						char n4[128];
						if (pats[k].also != 4096)
							one_flags(rt, a, v, &p, 100003, &pats[k],
								  note);
						if (pats[k].also == 100002)
							continue;
						snprintf(n4, sizeof n4, "%s, work-groups of 4",
							 note);
						clrt_set_wg_cap(rt, 4);
						one_flags(rt, a, v, &p, 4097, &pats[k], n4);
						clrt_set_wg_cap(rt, 0);
					}
				}
			}
			int kp = algo_param_index(a, "per-proc");
			if (kp < 0 || v != GPU_TUNED || !mine())
				continue;
			static const unsigned pps[] = {1, 3, 33, 64};
			for (size_t k = 0; k < sizeof pps / sizeof *pps; k++) {
				char note[64];
				algo_params p = algo_default_params(a);
				algo_set_param(a, &p, "per-proc", pps[k]);
				snprintf(note, sizeof note, ", per-proc %u", pps[k]);
				one_flags(rt, a, v, &p, 100003, &pats[5], note);
				one_flags(rt, a, v, &p, 100003, &pats[11], note);
				one_flags(rt, a, v, &p, 100003, &pats[2], note);
				p.op = PRAM_OP_MAX;
				p.type = PRAM_FLOAT;
				one_flags(rt, a, v, &p, 100003, &pats[1], note);
				snprintf(note, sizeof note, ", per-proc %u, work-groups of 4",
					 pps[k]);
				clrt_set_wg_cap(rt, 4);
				one_flags(rt, a, v, &p, 4097, &pats[7], note);
				clrt_set_wg_cap(rt, 0);
			}
		}
	}
}

/* spmv-csr's tuned methods on every generated shape, the vector kernel
 * with lanes a row and rows a vector of several sizes (odd and larger than
 * the rows), and both on a matrix of empty rows, rows of every short length
 * and one row of 5000, which a vector of one lane takes alone. */
static void test_spmv_methods(clrt *rt)
{
	const algo *a = algo_find("spmv-csr");
	if (!a || !gpu_has_variant(gpu_for(a), GPU_TUNED))
		return;
	static const int64_t lanes[] = {0, 1, 4, 32}, pps[] = {0, 1, 3, 8};
	for (int d = 0; a->params[algo_param_index(a, "dist")].choices[d]; d++) {
		if (!mine())
			continue;
		for (size_t l = 0; l < NELEMS(lanes); l++)
			for (size_t q = 0; q < NELEMS(pps); q++) {
				algo_params p = algo_default_params(a);
				char note[96];
				p.type = (l + q) % 2 ? PRAM_FLOAT : PRAM_INT;
				algo_set_param(a, &p, "dist", d);
				algo_set_param(a, &p, "method", 2);
				if (lanes[l])
					algo_set_param(a, &p, "lanes", lanes[l]);
				if (pps[q])
					algo_set_param(a, &p, "per-proc", pps[q]);
				snprintf(note, sizeof note,
					 " (dist %s, vector, lanes %lld, rows %lld)",
					 a->params[algo_param_index(a, "dist")].choices[d],
					 (long long)lanes[l], (long long)pps[q]);
				one(rt, a, GPU_TUNED, &p, l == 2 ? 100003 : 1000, 90 + d, note);
			}
	}
	/* 300 rows: every fifth empty, row 17 of 5000 non-zeros, the others
	 * of i % 7; columns in [0, 50). */
	if (!mine())
		return;
	size_t m = 300, k = 0;
	for (size_t i = 0; i < m; i++)
		k += i == 17 ? 5000 : i % 5 == 0 ? 0 : i % 7;
	for (int t = 0; t < 2; t++)
		for (int meth = 1; meth <= 2; meth++)
			for (size_t l = 1; l < NELEMS(lanes); l++) {
				if (meth == 1 && l > 1)
					break;
				algo_params p = algo_default_params(a);
				algo_data in[ALGO_MAX_PORTS] = {0};
				pram_type ty = t ? PRAM_FLOAT : PRAM_INT;
				char what[96];
				p.type = ty;
				algo_set_param(a, &p, "method", meth);
				algo_set_param(a, &p, "lanes", lanes[l]);
				if (algo_data_alloc(&in[0], k, ty, 0) ||
				    algo_data_alloc(&in[1], k, PRAM_INT, 0) ||
				    algo_data_alloc(&in[2], m + 1, PRAM_INT, 0) ||
				    algo_data_alloc(&in[3], 50, ty, 0)) {
					TAP_OK(0, "spmv-csr: cannot make the matrix of empty rows");
					algo_data_free_all(in, ALGO_MAX_PORTS);
					return;
				}
				for (size_t i = 0, j = 0; i < m; i++) {
					size_t len = i == 17 ? 5000 : i % 5 == 0 ? 0 : i % 7;
					in[2].vals[i].i = (int64_t)j;
					for (size_t e = 0; e < len; e++, j++) {
						in[1].vals[j].i = (int64_t)((j * 7919 + i) % 50);
						if (t)
							in[0].vals[j].f = 1 + (double)(j % 13);
						else
							in[0].vals[j].i = 1 + (int64_t)(j % 13);
					}
				}
				in[2].vals[m].i = (int64_t)k;
				for (size_t c = 0; c < 50; c++)
					if (t)
						in[3].vals[c].f = (double)(c % 9);
					else
						in[3].vals[c].i = (int64_t)(c % 9);
				snprintf(what, sizeof what,
					 "empty rows and a long one, %s, lanes %lld",
					 meth == 1 ? "tiles" : "vector", (long long)lanes[l]);
				one_input(rt, a, GPU_TUNED, &p, in, what);
				algo_data_free_all(in, ALGO_MAX_PORTS);
			}
}

/* sat's kernels keep integer tables in 32 bits: an image whose table the
 * notes' rule (log w + log h + b bits, and a sign) does not bound within
 * them is refused, saying so, not summed with wrap-around. */
static void test_sat_bits(clrt *rt)
{
	const algo *a = algo_find("sat");
	if (!a || !gpu_has_variant(gpu_for(a), GPU_TEACHING))
		return;
	for (unsigned v = next_variant(a, 0); v < GPU_NVARIANTS; v = next_variant(a, v + 1)) {
		if (!mine())
			continue;
		algo_params p = algo_default_params(a);
		algo_data in = {0};
		algo_grid_alloc(&in, 1024, 1024, PRAM_INT);
		for (size_t i = 0; i < in.n; i++)
			in.vals[i].i = 1 << 14;
		gpu_result g;
		int rc = gpuval_run(rt, a, &p, &in, v, 1, &g, err, sizeof err);
		if (rc == 0)
			gpuval_free(&g);
		TAP_OK(rc != 0, "sat %s: a 1024 x 1024 image of 15-bit samples is refused",
		       gpu_variant_name(v));
		TAP_CONTAINS(err, "log w + log h + b = 35 bits", "and the message states the rule");
		algo_data_free(&in);
	}
}

int main(void)
{
	clrt *rt = gputest_open(err, sizeof err);
	if (!rt)
		return 0;
	if (TEST_PARTS > 1)
		printf("# part %d of %d\n", TEST_PART, TEST_PARTS);
	printf("# device: %s (%s), %u compute units, work-groups up to %zu\n", clrt_device_name(rt),
	       clrt_platform_name(rt), clrt_compute_units(rt), clrt_max_wg(rt));
	test_registry(rt);
	test_radix(rt);
	test_partitions(rt);
	test_shapes(rt);
	test_streams(rt);
	test_grids(rt);
	test_sat_tiles(rt);
	test_segments(rt);
	test_sat_bits(rt);
	test_spmv_methods(rt);
	test_refusals(rt);
	clrt_close(rt);
	if (!mine())
		return tap_done();

	/* The runtime's own errors. */
	rt = clrt_open("no-such-device-xyz", err, sizeof err);
	TAP_OK(rt == NULL, "a device spec that matches nothing is refused");
	TAP_CONTAINS(err, "no-such-device-xyz", "the error names the spec");
	clrt_close(rt);
	rt = clrt_open("99:0", err, sizeof err);
	TAP_OK(rt == NULL, "a platform index that does not exist is refused");
	clrt_close(rt);
	rt = clrt_open("0", err, sizeof err);
	TAP_OK(rt != NULL, "the spec '0' opens the first device%s%s", rt ? "" : ": ",
	       rt ? "" : err);
	clrt_close(rt);
	test_build_error();
	TAP_OK(strcmp(clrt_errname(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES") == 0,
	       "clrt_errname(CL_OUT_OF_RESOURCES)");
	TAP_OK(strcmp(clrt_errname(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE") == 0,
	       "clrt_errname(CL_INVALID_WORK_GROUP_SIZE)");
	TAP_OK(strcmp(clrt_errname(12345), "CL_UNKNOWN_ERROR") == 0,
	       "clrt_errname of an unknown code");
	return tap_done();
}
