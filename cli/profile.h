/*
 * profile.h - what a GPU makes of an algorithm's own kernels (profile.c):
 * `pram gpu ALGO --variant V` run once under Oclgrind with the pramsim
 * plugin (check/grindview.h), its timed run's memory, branch and barrier
 * records summed per kernel and source line. The counts are a GPU's with
 * sub-groups of 32 work-items, 32-byte sectors and 32 banks of 4 bytes,
 * whatever device runs the report: Oclgrind simulates, so they are the same
 * on every machine.
 *
 *     const char *args[] = {"scan-blelloch", "--n", "16384", "--variant", "tuned"};
 *     prof p;
 *     if (prof_run(args, 5, &p, err, sizeof err) == 0) {
 *             ... p.total.gsect * 32.0 / p.n ...   // bytes moved per element
 *             prof_free(&p);
 *     }
 *
 * Nothing here prints or exits, but cli_gpu_profile: `pram gpu --profile`,
 * which prints the profile of every variant asked.
 */
#ifndef PRAM_PROFILE_H
#define PRAM_PROFILE_H

#include <stddef.h>

/* The size a profile takes when none is given, and the largest it takes:
 * Oclgrind interprets every work-item (the teaching scan at 2^14 takes
 * about 2 s, and time grows with n). */
#define PROF_DEFAULT_N ((size_t)1 << 14)
#define PROF_MAX_N     ((size_t)1 << 18)

/* The counts of one source line of one kernel, over the launches of a run. */
typedef struct prof_line {
	char kernel[128];             /* the kernel's name; "" in the totals */
	unsigned line;                /* the line in its program (the .cl file, or a
				       * header it includes); 0: no debug information */
	unsigned long long greq;      /* global memory requests of sub-groups */
	unsigned long long gsect;     /* the 32-byte sectors they touched */
	unsigned long long gleast;    /* the fewest sectors their bytes fill */
	unsigned long long lreq;      /* local memory requests */
	unsigned long long lturns;    /* their turns of the banks */
	unsigned long long lworst;    /* the worst bank-conflict degree (ways) */
	unsigned long long barriers;  /* work-group barriers passed */
	unsigned long long branches;  /* sub-groups' executions of conditional branches */
	unsigned long long divergent; /* of them, those whose work-items went both ways */
} prof_line;

typedef struct prof {
	size_t n;               /* the input size the kernels ran at */
	char kernel_file[512];  /* the kernel file they were built from */
	size_t launches;        /* kernel launches in the run */
	unsigned sector_bytes;  /* 32: a sector's bytes */
	prof_line *line;        /* nline entries by kernel, then line; owned by the prof */
	size_t nline;
	prof_line total;        /* every line summed (lworst the most) */
} prof;

/* Run `pram gpu` with the arguments args[0..nargs) (the algorithm's name
 * first, then its options, with --variant) plus --reps 1 --json
 * --no-output under Oclgrind with the plugin (on Oclgrind's device, so
 * PRAM_DEVICE is not passed on), and sum the records of its timed run (the
 * second of the two runs, warm-up first) into out, which the caller frees
 * with prof_free. Returns 0, or -1 with a message in err: Oclgrind or the
 * plugin missing (what to install), the run failed (its last words), its
 * result wrong, or its two runs launched different kernels. */
int prof_run(const char *const *args, size_t nargs, prof *out, char *err, size_t errlen);

/* Free what prof_run allocated. Accepts NULL. */
void prof_free(prof *p);

/* Bytes moved per element: the sectors times their bytes over n. */
double prof_bytes_per_element(const prof *p);

/* pram gpu ALGO --profile: profile each variant o asks for (one_variant:
 * only variant; else every one the algorithm has) over the input in (o's
 * --n or --input, at most PROF_MAX_N elements), passing on o's seed and
 * options and max_group (0: none), and print per kernel and line, the
 * totals, and the bytes moved per element beside the algorithm's
 * unavoidable bytes (algo_bytes), as text or JSON (o->json). Returns an
 * exit status (cli.h), having said what went wrong. */
struct cli_algo_opts;
struct algo_data;
int cli_gpu_profile(const struct cli_algo_opts *o, const struct algo_data *in, int one_variant,
		    int variant, unsigned long long max_group);

#endif
