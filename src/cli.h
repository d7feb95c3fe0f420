/*
 * cli.h - what the subcommands of the pram program share: the command table,
 * the options every algorithm command takes, and output helpers (JSON comes
 * from json.h).
 */
#ifndef PRAM_CLI_H
#define PRAM_CLI_H

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
    cmd_report_entry;

/* Print "pram: message" to stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Print the usage of e to f. */
void cli_usage(const cmd_entry *e, FILE *f);

/* The kernel variants an algorithm has in this build: the names, space
 * separated ("teaching tuned"), or "" (no kernels, or no OpenCL). Static. */
const char *cli_kernel_variants(const algo *a);

/* Options shared by the commands that run an algorithm. */
typedef struct cli_algo_opts {
	const algo *alg;
	algo_params params;
	size_t n; /* --n */
	int have_n;
	const char *input; /* --input FILE, or NULL */
	uint64_t seed;     /* --seed */
	int json, csv;
	int op_given, incl_given, float_given, per_proc_given, block_given;
} cli_algo_opts;

/* Parse a size: decimal, or 2^k. Returns 0 or -1. */
int cli_parse_size(const char *s, size_t *out);
int cli_parse_u64(const char *s, uint64_t *out);
/* Handle one of the shared options (--n, --input, --seed, --op, --inclusive,
 * --exclusive, --float, --per-proc, --block, --json, --csv) by its getopt code.
 * Returns 1 when handled, 0 when not one of them, -1 on a bad value
 * (already reported). */
int cli_algo_option(cli_algo_opts *o, int code, const char *arg);
/* Getopt codes of the shared options, for the commands' option tables. */
enum {
	OPT_N = 1000,
	OPT_INPUT,
	OPT_SEED,
	OPT_OP,
	OPT_INCLUSIVE,
	OPT_EXCLUSIVE,
	OPT_FLOAT,
	OPT_PER_PROC,
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
	OPT_BLOCK,
	OPT_MAX_GROUP,
	OPT_NO_DRAW
};
#define CLI_ALGO_LONGOPTS                                                                       \
	{"n", required_argument, 0, OPT_N}, {"input", required_argument, 0, OPT_INPUT},         \
	    {"seed", required_argument, 0, OPT_SEED}, {"op", required_argument, 0, OPT_OP},     \
	    {"inclusive", no_argument, 0, OPT_INCLUSIVE},                                       \
	    {"exclusive", no_argument, 0, OPT_EXCLUSIVE}, {"float", no_argument, 0, OPT_FLOAT}, \
	    {"per-proc", required_argument, 0, OPT_PER_PROC},                                   \
	    {"block", required_argument, 0, OPT_BLOCK}, {"json", no_argument, 0, OPT_JSON},     \
	    {"csv", no_argument, 0, OPT_CSV},                                                   \
	{                                                                                       \
		"help", no_argument, 0, OPT_HELP                                                \
	}
/* After parsing: look the algorithm up and check the options fit it.
 * Returns 0 or EXIT_USAGE (already reported). */
int cli_algo_finish(cli_algo_opts *o, const char *cmd, const char *name);
/* Make the input: read --input or generate n elements from the seed.
 * Returns 0 or EXIT_USAGE / EXIT_FAIL (already reported). */
int cli_algo_input(const cli_algo_opts *o, algo_data *in);

#endif
