/*
 * cli.h - what the subcommands of the pram program share: the command table,
 * the options every algorithm command takes, and output helpers (JSON comes
 * from json.h).
 */
#ifndef PRAM_CLI_H
#define PRAM_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "algo.h"
#include "json.h" /* the commands write JSON through it */

/* Exit status of every command. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2
};

typedef struct cmd_entry {
	const char *name;
	const char *args;    /* the usage line after the name */
	const char *summary; /* one line for `pram help` */
	const char *help;    /* the options, for `pram NAME --help` */
	int (*exec)(int argc, char **argv);
} cmd_entry;

extern const cmd_entry cmd_list_entry, cmd_run_entry, cmd_gpu_entry, cmd_devices_entry,
    cmd_report_entry, cmd_bench_entry;
extern const cmd_entry cmd_check_entry;
extern const cmd_entry cmd_lessons_entry, cmd_lesson_entry;

/* Print "pram: message" to stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* A progress line on standard error, for long work on a terminal: each
 * cli_progress_show rewrites it; cli_progress_end clears it. */
typedef struct cli_progress {
	int on;       /* wanted, and standard error is a terminal */
	int shown;    /* a line is on the screen */
	double start; /* cli_now() at cli_progress_init */
	double next;  /* the earliest time cli_progress_due says yes again */
} cli_progress;

/* Seconds of CLOCK_MONOTONIC. */
double cli_now(void);
void cli_progress_init(cli_progress *pg, int wanted);
/* Whether the line is on and gap seconds have passed since it was last
 * due (so a fast loop rewrites it a few times a second at most). */
int cli_progress_due(cli_progress *pg, double gap);
void cli_progress_show(cli_progress *pg, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cli_progress_end(cli_progress *pg);

/* Print the usage of e to f. */
void cli_usage(const cmd_entry *e, FILE *f);
/* `pram CMD [ALGO] --help`: the usage of e and, when name is an algorithm,
 * its inputs and parameters. Returns EXIT_OK, or EXIT_USAGE for an unknown
 * name. */
int cli_algo_help(const cmd_entry *e, const char *name);

/* The kernel variants an algorithm has in this build: the names, space
 * separated ("teaching tuned"), or "" (no kernels, or no OpenCL). Static. */
const char *cli_kernel_variants(const algo *a);

/* Most algorithm options one command line may give. */
#define CLI_MAX_SET 32

/* Options shared by the commands that run an algorithm. The algorithm's own
 * options (--op, --inclusive, --float and its parameters, declared in its
 * registry entry) are kept in the order given and applied by
 * cli_algo_finish, once the algorithm is known. */
typedef struct cli_algo_opts {
	const algo *alg;
	algo_params params;
	size_t n; /* --n */
	int have_n;
	const char *input; /* --input FILE, or NULL */
	uint64_t seed;     /* --seed */
	int json, csv;
	int help;    /* --help */
	size_t nset; /* the algorithm's options, as given */
	struct {
		const char *name, *value; /* without the dashes; value NULL for a switch */
	} set[CLI_MAX_SET];
} cli_algo_opts;

/* Report the option getopt_long (with optstring ":") refused: c is ':' for
 * a missing value, else an unknown option. Returns EXIT_USAGE. */
int cli_bad_option(const char *cmd, int c, char **argv);

/* Parse a non-negative whole number (algo_parse_int: decimal, 0x hex or
 * 2^k, below 2^63). Returns 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *out);
/* The same for a size, at most 2^40. */
int cli_parse_size(const char *s, size_t *out);
/* Parse a list of sizes (--sizes): comma-separated items, each a size
 * ("1000", "2^20") or a range of powers of two "2^A..2^B" or "2^A..2^B:S"
 * (every S-th exponent). Returns 0 with at most max sizes in v, sorted and
 * without repeats, their number in *count; or -1 with what is accepted in
 * why. */
int cli_parse_sizes(const char *s, size_t *v, size_t max, size_t *count, char *why, size_t whylen);

/* Getopt codes of the options the commands share. */
enum {
	OPT_N = 1000,
	OPT_INPUT,
	OPT_SEED,
	OPT_ALGO, /* one of an algorithm's own options (the name says which) */
	OPT_JSON,
	OPT_CSV,
	OPT_MODEL,
	OPT_PROCS,
	OPT_TRACE,
	OPT_CONFLICTS,
	OPT_COMBINE,
	OPT_DEVICE,
	OPT_REPS,
	OPT_VARIANT,
	OPT_HELP,
	OPT_SIZES,
	OPT_OUT,
	OPT_PREVIEW,
	OPT_QUIET,
	OPT_MAX_GROUP,
	OPT_NO_DRAW,
	OPT_FORCE,
	OPT_BASE,
	OPT_HTML
};

/* The long options of a command that runs an algorithm: --n, --input,
 * --seed, --json, --csv, --help, every algorithm option of the registry
 * (code OPT_ALGO) and the command's own, own ended by {0}. Returns a static
 * table (the registry's options are added once). */
const struct option *cli_algo_longopts(const struct option *own);
/* A command's own options, by their getopt code (arg: the value, or NULL):
 * returns 0, or EXIT_USAGE after saying what was wrong. */
typedef int (*cli_own_fn)(void *ud, int code, const char *arg);

/* Parse argv (argv[0] the command's name) for a command that runs an
 * algorithm: the shared options and the algorithm's own into o, --help into
 * o->help, the command's own options (own, ended by {0}) through fn with
 * ud, and the algorithm's name into *name (NULL when none is given). An
 * unknown option, a missing value and an extra argument are reported with
 * cmd's name. Returns 0 or EXIT_USAGE. */
int cli_parse_algo_args(const char *cmd, int argc, char **argv, const struct option *own,
			cli_own_fn fn, void *ud, cli_algo_opts *o, const char **name);

/* Handle one of the shared options by its getopt code; name is the long
 * option's name (longopts[index].name). Returns 1 when handled, 0 when not
 * one of them, -1 on a bad value (already reported). */
int cli_algo_option(cli_algo_opts *o, int code, const char *name, const char *arg);
/* After parsing: look the algorithm up, apply its options and check them.
 * Returns 0 or EXIT_USAGE (already reported). */
int cli_algo_finish(cli_algo_opts *o, const char *cmd, const char *name);
/* Make the input: read --input or generate n elements from the seed, into
 * in (room for ALGO_MAX_PORTS). Returns 0 or EXIT_USAGE / EXIT_FAIL
 * (already reported). */
int cli_algo_input(const cli_algo_opts *o, algo_data *in);

#endif
