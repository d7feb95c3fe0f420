/*
 * bench-sim.c - how fast the simulator runs: the in-place Hillis-Steele scan
 * with full checking (CREW rules, bounds, written cells, per-step counters)
 * against a plain C loop doing the same updates, on one core.
 *
 *     bench/bench-sim [log2 n] [repetitions]     (default 24 and 5)
 *
 * Prints the medians and the ratio. A benchmark, not a test: the machines it
 * runs on are shared and noisy, so it reports figures and checks nothing
 * but that both computed the same result.
 *
 * Instructions, unlike seconds, repeat on a noisy machine. To count them per
 * simulated processor-step:
 *
 *     valgrind --tool=callgrind bench/bench-sim 16 1
 *     callgrind_annotate --inclusive=yes callgrind.out.PID | grep _scan
 *
 * and divide pram_scan's instructions by the W it prints (plain_scan's by
 * the same W for the loop). Both are kept out of main for that.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pram.h"

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The same updates as the PRAM program: going down from n - 1 makes each
 * x[i - d] still hold the value of the step's start. */
static NOINLINE void plain_scan(int64_t *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		for (size_t i = n - 1; i >= d; i--)
			x[i] += x[i - d];
}

static NOINLINE uint64_t pram_scan(const int64_t *in, size_t n, int64_t *last, pram_model model)
{
	pram *m = pram_new(&(pram_config){.model = model});
	pram_array *x = pram_array_new(m, "x", n, PRAM_INT);
	pram_array_load_i(x, in, n);
	for (int64_t d = 1; d < (int64_t)n; d *= 2)
		PRAM_STEP(m, "x[i] = x[i - d] + x[i]") {
			PRAM_FORALL(m, i, d, n) {
				pram_write(m, x, i, pram_read(m, x, i - d) + pram_read(m, x, i));
			}
		}
	if (pram_failed(m))
		fprintf(stderr, "bench-sim: %s\n", pram_errmsg(m));
	*last = pram_array_get_i(x, n - 1);
	uint64_t w = pram_get_totals(m).work;
	pram_free(m);
	return w;
}

int main(int argc, char **argv)
{
	int logn = argc > 1 ? atoi(argv[1]) : 24;
	int reps = argc > 2 ? atoi(argv[2]) : 5;
	if (logn < 1 || logn > 30 || reps < 1 || reps > 100) {
		fprintf(stderr, "usage: bench-sim [log2 n (1..30)] [repetitions (1..100)]\n");
		return 2;
	}
	size_t n = (size_t)1 << logn;
	int64_t *in = malloc(n * sizeof *in), *x = malloc(n * sizeof *x);
	double *tp = malloc((size_t)reps * sizeof *tp), *ts = malloc((size_t)reps * sizeof *ts);
	if (!in || !x || !tp || !ts) {
		fprintf(stderr, "bench-sim: out of memory for n = %zu\n", n);
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		in[i] = (int64_t)(i % 100);
	uint64_t work = 0;
	int64_t want = 0, got = 0;
	for (int r = 0; r < reps; r++) {
		memcpy(x, in, n * sizeof *x);
		double t0 = now();
		plain_scan(x, n);
		tp[r] = now() - t0;
		want = x[n - 1];
		t0 = now();
		work = pram_scan(in, n, &got, PRAM_CREW);
		ts[r] = now() - t0;
	}
	double mp = median(tp, reps), ms = median(ts, reps);
	printf(
	    "Hillis-Steele scan, n = 2^%d, W = %llu processor-steps, D = %d, %d runs (medians)\n",
	    logn, (unsigned long long)work, logn, reps);
	printf("  plain C loop:          %8.3f s  %8.1f M updates/s\n", mp, work / mp / 1e6);
	printf("  simulator, CREW checks:%8.3f s  %8.1f M processor-steps/s\n", ms,
	       work / ms / 1e6);
	printf("  ratio simulator / plain loop: %.1f\n", ms / mp);
	printf("  results %s\n", got == want ? "agree" : "DIFFER");
	free(in);
	free(x);
	free(tp);
	free(ts);
	return got == want ? 0 : 1;
}
