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
#include <stdio.h>

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
	size_t n;              /* the input size the kernels ran at */
	char kernel_file[512]; /* the kernel file they were built from */
	size_t launches;       /* kernel launches in the run */
	unsigned sector_bytes; /* 32: a sector's bytes */
	prof_line *line;       /* nline entries by kernel, then line; owned by the prof */
	size_t nline;
	prof_line total; /* every line summed (lworst the most) */
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

/* Write p as one object of a "profiles" array (the JSON of pram gpu
 * --profile): its variant, kernel file, launches, the counts per kernel
 * and line and in total, and its bytes per element, with the unavoidable
 * ones beside them where need >= 0. */
void prof_write_json(FILE *f, const char *variant, const prof *p, double need);

/*
 * Saved profiles (profbook.c), so that a report drawn where Oclgrind is not
 * (a GPU machine) takes the bytes counted where it is. A file of them holds
 * what `pram gpu ALGO --profile --json` prints, an object:
 *
 *     {"algorithm":"reduce","params":"","n":16384,"sector_bytes":32,...,
 *      "profiles":[{"variant":"teaching","kernel_file":"...","launches":3,
 *                   "lines":[{"kernel":"...","line":12,"sectors":..., ...}],
 *                   "total":{"global_requests":...,"sectors":...,...},
 *                   "bytes_per_element":...}, ...]}
 *
 * or an array of such objects, one per algorithm and parameters, which is
 * what `pram report --profile` writes as DIR/profiles.json. params names
 * the algorithm's parameters that differ from their defaults
 * (prof_params_key), "" or absent when none do. A reader takes the counts,
 * not bytes_per_element, which it works out again from the sectors.
 */
typedef struct prof_entry {
	char algo[64];    /* the algorithm's name */
	char params[256]; /* prof_params_key of the parameters it ran with */
	char variant[32]; /* "teaching" or "tuned" */
	prof p;           /* the counts; owned by the book */
} prof_entry;

typedef struct prof_book {
	prof_entry *e; /* n entries in the order added or read */
	size_t n, cap;
} prof_book;

/* The parameters of p that differ from a's defaults, as "name=value"
 * joined by spaces ("bits-per-pass=4"), into buf; "" when none do. */
struct algo;
struct algo_params;
void prof_params_key(const struct algo *a, const struct algo_params *p, char *buf, size_t len);

/* Add a copy of p to b under the algorithm name, params and variant. Returns 0, or -1
 * when out of memory. */
int prof_book_add(prof_book *b, const char *name, const char *params, const char *variant,
		  const prof *p);

/* The entry of the algorithm name, params and variant in b (the first), or NULL. Valid
 * until b changes. */
const prof_entry *prof_book_find(const prof_book *b, const char *name, const char *params,
				 const char *variant);

/* Read the file path (the format above) into b, adding to what it holds.
 * Returns 0, or -1 with a message in err that names the file and, for a
 * file that is not JSON or not of this shape, the line and column and the
 * field that is wrong ("FILE:3:17: [0].profiles[1].total: no member
 * \"sectors\" (a whole number)"). */
int prof_book_read(prof_book *b, const char *path, char *err, size_t errlen);

/* Write b to the file path as an array of objects, entries of one
 * algorithm, parameters and size together. Returns 0, or -1 with a message
 * in err. */
int prof_book_write(const prof_book *b, const char *path, char *err, size_t errlen);

/* Free what b holds. Accepts NULL. */
void prof_book_free(prof_book *b);

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
