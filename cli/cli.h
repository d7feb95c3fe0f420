/*
 * cli.h - what the subcommands of the pram program share: the command table,
 * the options each command declares as data and the one parser that reads
 * them (cli_parse), the options every algorithm command takes, and output
 * helpers (JSON comes from json.h).
 */
#ifndef PRAM_CLI_H
#define PRAM_CLI_H

#include <stddef.h> /* offsetof, for the option tables */
#include <stdio.h>

#include "algo.h"
#include "json.h" /* the commands write JSON through it */

/* Exit status of every command. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2
};

/* ---- options, declared as data ----
 *
 * Each command declares its options in a table of cli_opt, ended by {0}:
 * the long name, the short letter if any, the value's name if it takes one,
 * what the value is (its kind, and its range where it is a number), where
 * it goes (an offset in the command's own options struct), what a bad value
 * is told, and a line of help. cli_parse reads argv against the table:
 *
 *     static const cli_opt check_options[] = {
 *         {"jobs", .arg = "N", .kind = CLI_UINT, .off = offsetof(check_opts, jobs),
 *          .min = 1, .max = 256, .bad = "give a number from 1 to 256",
 *          .help = "students graded at once (default: the cores)"},
 *         ...
 *         {0}};
 */

/* What an option's value is, and the type of the field at its offset. */
typedef enum cli_kind {
	CLI_FLAG,  /* no value: the int becomes 1 */
	CLI_HELP,  /* no value: cli_parse prints the usage, returns CLI_HELP_GIVEN */
	CLI_STR,   /* the value as given: a const char * */
	CLI_UINT,  /* a whole number (cli_parse_u64) from min to max (0: no bound): uint64_t */
	CLI_REAL,  /* a decimal number from lo to hi: a double */
	CLI_FN,    /* whatever fn makes of the value, at the offset */
	CLI_ALGO,  /* one of the algorithm's own options (--op, --float): the
		    * cli_algo_opts at the offset keeps it for cli_algo_finish */
	CLI_PARAMS /* stands for every parameter the registry's algorithms declare
		    * (algo.h), kept as CLI_ALGO; its own name is no option */
} cli_kind;

/* Flags of an option. */
enum {
	CLI_NONEMPTY = 1 << 0,  /* CLI_STR: '' is refused */
	CLI_POW2 = 1 << 1,      /* CLI_UINT: a power of two */
	CLI_ABOVE_LO = 1 << 2,  /* CLI_REAL: above lo, lo itself refused */
	CLI_PERCENT = 1 << 3,   /* CLI_REAL: a '%' may follow the number */
	CLI_HIDDEN = 1 << 4,    /* for pram's own children: in no help, and only its
				 * whole name matches */
	CLI_OWN_WORDS = 1 << 5, /* CLI_FN: its why names the value: "CMD: --NAME: WHY" */
};

/* A CLI_FN option's parser: the value arg into dst (the field at the
 * offset). Returns 0, or -1 with what is wrong in why (left empty: the
 * option's bad). */
typedef int (*cli_opt_fn)(void *dst, const char *arg, char *why, size_t len);

typedef struct cli_opt {
	const char *name; /* the long name, without the dashes; NULL ends a table */
	char letter;      /* the short option's letter, or 0 (no command has one yet) */
	const char *arg;  /* the value's name (N, FILE), or NULL for a switch */
	cli_kind kind;
	size_t off;        /* where the value goes in the command's options */
	unsigned flags;    /* CLI_NONEMPTY ... */
	uint64_t min, max; /* CLI_UINT */
	double lo, hi;     /* CLI_REAL */
	cli_opt_fn fn;     /* CLI_FN */
	const char *bad;   /* what a bad value is told: "give a number from 1 to 256" */
	const char *help;  /* one line: what the option does */
} cli_opt;

/* cmd_entry.operands: no limit. */
#define CLI_ANY (-1)

typedef struct cmd_entry {
	const char *name;
	const char *args;    /* the usage line after the name */
	const char *summary; /* one line for `pram help` */
	const char *help;    /* the options, for `pram NAME --help` */
	const cli_opt *opts; /* the options cli_parse reads, ended by {0} */
	int algo;            /* it runs an algorithm: the options of cli_algo_opts are
			      * its options too (cli.c), and its options open with one */
	int operands;        /* the most operands it takes, or CLI_ANY */
	int (*exec)(int argc, char **argv);
} cmd_entry;

/* The options of the commands that take --json alone (list, devices). */
typedef struct cli_json_opts {
	int json;
} cli_json_opts;
extern const cli_opt cli_json_options[];

/* cli_parse's answer to --help (a CLI_HELP option), after the usage. */
#define CLI_HELP_GIVEN (-1)

/* Read argv (argv[0] the command's name) against e's options, in any order
 * with the operands; "--" makes the rest operands. A long option is
 * --name, --name=value or --name value, and may be shortened to the
 * beginning of one name only; a short one is -l, -lvalue or -l value. Each
 * value is checked and stored in opts, the struct e->opts' offsets are of;
 * the operands are moved, in their order, to argv[1..*nops]. An unknown
 * option, a missing or bad value and an operand past e->operands are
 * reported with the command's name. Returns 0, CLI_HELP_GIVEN, or
 * EXIT_USAGE. */
int cli_parse(const cmd_entry *e, int argc, char **argv, void *opts, int *nops);

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

/* Options shared by the commands that run an algorithm (cmd_entry.algo:
 * their options struct opens with one, cli_parse fills it). The
 * algorithm's own options (--op, --inclusive, --float and its parameters,
 * declared in its registry entry) are kept in the order given and applied
 * by cli_algo_finish, once the algorithm is known. */
typedef struct cli_algo_opts {
	const algo *alg;
	algo_params params;
	/* Set before cli_algo_finish: the algorithm and its base parameters
	 * (a student's program, program.h), instead of the name's. */
	const algo *given;
	algo_params given_params;
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
	/* What --input set that the options left out, in words ("key range
	 * 88663, from the input (its largest key 88662)"), for the output
	 * beside the other parameters; "" when nothing. */
	char from_input[512];
} cli_algo_opts;

/* Parse a non-negative whole number (algo_parse_int: decimal, 0x hex or
 * 2^k, below 2^63). Returns 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *out);
/* The largest size any option takes (--n, --sizes). */
#define CLI_MAX_SIZE ((size_t)1 << 40)
/* The same for a size, at most CLI_MAX_SIZE. */
int cli_parse_size(const char *s, size_t *out);
/* Parse a list of sizes (--sizes): comma-separated items, each a size
 * from 1 to most ("1000", "2^20") or a range of powers of two "2^A..2^B"
 * or "2^A..2^B:S" (every S-th exponent). Returns 0 with at most max sizes
 * in v, sorted and without repeats, their number in *count; or -1 with
 * what is accepted, most among it, in why. */
int cli_parse_sizes_to(const char *s, size_t most, size_t *v, size_t max, size_t *count, char *why,
		       size_t whylen);
/* The same for pram report's --sizes: most is REPORT_MAX_SIZE, the largest
 * size the report measures, so that its message names that limit. */
int cli_parse_sizes(const char *s, size_t *v, size_t max, size_t *count, char *why, size_t whylen);

/* After parsing: look the algorithm up, apply its options and check them.
 * Returns 0 or EXIT_USAGE (already reported). */
int cli_algo_finish(cli_algo_opts *o, const char *cmd, const char *name);
/* Make the input: read --input or generate n elements from the seed, into
 * in (room for ALGO_MAX_PORTS). What a file implies where the options were
 * silent (algo_params_from_input) goes into o->params, in words into
 * o->from_input. Returns 0 or EXIT_USAGE / EXIT_FAIL (already reported). */
int cli_algo_input(cli_algo_opts *o, algo_data *in);

#endif
