/*
 * cli.c - what the subcommands share: the option parser (cli_parse reads
 * argv against a command's table of options), the options of the commands
 * that run an algorithm, number and size parsing, and output helpers.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "report.h" /* REPORT_MAX_SIZE, the sizes of cli_parse_sizes */

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("pram: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

double cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *pg, int wanted)
{
	memset(pg, 0, sizeof *pg);
	pg->on = wanted && isatty(STDERR_FILENO);
	pg->start = cli_now();
}

int cli_progress_due(cli_progress *pg, double gap)
{
	if (!pg->on)
		return 0;
	double t = cli_now();
	if (t < pg->next)
		return 0;
	pg->next = t + gap;
	return 1;
}

void cli_progress_show(cli_progress *pg, const char *fmt, ...)
{
	va_list ap;
	if (!pg->on)
		return;
	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	pg->shown = 1;
}

void cli_progress_end(cli_progress *pg)
{
	if (pg->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	pg->shown = 0;
}

void cli_usage(const cmd_entry *e, FILE *f)
{
	fprintf(f, "usage: pram %s %s\n\n%s\n", e->name, e->args, e->summary);
	if (e->help)
		fprintf(f, "\n%s", e->help);
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* One item of a size list, each size from 1 to most, appended to v (room
 * for max). */
static int parse_size_item(const char *s, size_t most, size_t *v, size_t max, size_t *n)
{
	const char *dots = strstr(s, "..");
	if (!dots) {
		if (*n == max || cli_parse_size(s, &v[*n]) || v[*n] == 0 || v[*n] > most)
			return -1;
		(*n)++;
		return 0;
	}
	char lo[32], hi[32];
	const char *colon = strchr(dots, ':');
	size_t llen = (size_t)(dots - s),
	       hlen = colon ? (size_t)(colon - dots - 2) : strlen(dots + 2);
	uint64_t step = 1;
	size_t a, b;
	if (llen >= sizeof lo || hlen >= sizeof hi || strncmp(s, "2^", 2) ||
	    strncmp(dots + 2, "2^", 2))
		return -1;
	memcpy(lo, s, llen);
	lo[llen] = '\0';
	memcpy(hi, dots + 2, hlen);
	hi[hlen] = '\0';
	if (cli_parse_size(lo, &a) || cli_parse_size(hi, &b) || a > b || b > most ||
	    (colon && (cli_parse_u64(colon + 1, &step) || step < 1 || step > 40)))
		return -1;
	for (size_t x = a; x <= b && x; x <<= step) {
		if (*n == max)
			return -1;
		v[(*n)++] = x;
		if (step >= 40 || x > (b >> step))
			break;
	}
	return 0;
}

int cli_parse_sizes_to(const char *s, size_t most, size_t *v, size_t max, size_t *count, char *why,
		       size_t whylen)
{
	size_t n = 0;
	const char *p = s;
	char most_s[32];
	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char buf[64];
		if (len == 0 || len >= sizeof buf)
			goto bad;
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (parse_size_item(buf, most, v, max, &n))
			goto bad;
		if (!end)
			break;
		p = end + 1;
	}
	qsort(v, n, sizeof *v, cmp_size);
	size_t u = 0;
	for (size_t k = 0; k < n; k++)
		if (u == 0 || v[k] != v[u - 1])
			v[u++] = v[k];
	*count = u;
	return 0;
bad:
	snprintf(why, whylen,
		 "give sizes from 1 to %s such as 1000,2^12 or a range such as 2^10..2^20:2, "
		 "at most %zu of them",
		 algo_size_name(most, most_s, sizeof most_s), max);
	return -1;
}

int cli_parse_sizes(const char *s, size_t *v, size_t max, size_t *count, char *why, size_t whylen)
{
	return cli_parse_sizes_to(s, REPORT_MAX_SIZE, v, max, count, why, whylen);
}

int cli_algo_help(const cmd_entry *e, const char *name)
{
	cli_usage(e, stdout);
	if (!name)
		return EXIT_OK;
	const algo *a = algo_find(name);
	if (!a) {
		cli_error("%s: unknown algorithm '%s'", e->name, name);
		return EXIT_USAGE;
	}
	printf("\n%s: %s\ninputs:\n", a->name, a->desc);
	const algo_port *pt = algo_inputs(a);
	for (size_t k = 0; pt[k].name; k++)
		printf("  %-16s %s%s%s\n", pt[k].name, pt[k].help,
		       pt[k].shape == ALGO_GRID ? " (a grid: one row a line)" : "",
		       pt[k].props & ALGO_PORT_FLAGS ? " (a 'flags:' line)" : "");
	if (a->params) {
		printf("parameters:\n");
		algo_print_params(a, stdout);
	}
	return EXIT_OK;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
	int64_t v;
	if (algo_parse_int(s, &v) || v < 0)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

int cli_parse_size(const char *s, size_t *out)
{
	uint64_t v;
	if (cli_parse_u64(s, &v) || v > CLI_MAX_SIZE)
		return -1;
	*out = (size_t)v;
	return 0;
}

/* ---- the option parser ---- */

/* --n N: the size, and that it was given. */
static int opt_n(void *dst, const char *arg, char *why, size_t len)
{
	cli_algo_opts *o = dst;
	if (cli_parse_size(arg, &o->n))
		return -1;
	o->have_n = 1;
	return 0;
}

/* The options of every command that runs an algorithm (cmd_entry.algo),
 * their offsets in cli_algo_opts, with which such a command's options
 * open. */
static const cli_opt algo_options[] = {
    {"n", .arg = "N", .kind = CLI_FN, .fn = opt_n,
     .bad = "give a size such as 1000 or 2^20 (at most 2^40)", .help = "the input's size"},
    {"input", .arg = "FILE", .kind = CLI_STR, .off = offsetof(cli_algo_opts, input),
     .help = "read the input from FILE ('-': standard input)"},
    {"seed", .arg = "S", .kind = CLI_UINT, .off = offsetof(cli_algo_opts, seed),
     .bad = "give a non-negative integer", .help = "the seed of the generated input"},
    {"json", .kind = CLI_FLAG, .off = offsetof(cli_algo_opts, json), .help = "one JSON object"},
    {"csv", .kind = CLI_FLAG, .off = offsetof(cli_algo_opts, csv), .help = "CSV lines"},
    {"op", .arg = "OP", .kind = CLI_ALGO, .help = "the operator: sum, max or min"},
    {"inclusive", .kind = CLI_ALGO, .help = "an inclusive scan"},
    {"exclusive", .kind = CLI_ALGO, .help = "an exclusive scan"},
    {"float", .kind = CLI_ALGO, .help = "float data"},
    {"PARAMETER", .arg = "V", .kind = CLI_PARAMS,
     .help = "one of the algorithm's parameters (pram run ALGO --help)"},
    {0}};

const cli_opt cli_json_options[] = {
    {"json", .kind = CLI_FLAG, .off = offsetof(cli_json_opts, json), .help = "one JSON array"},
    {"help", .kind = CLI_HELP, .help = "print this help"},
    {0}};

/* An option looked up: its declaration, its whole name (a parameter's, for
 * CLI_PARAMS) and the struct its offset is in; how many options the name
 * given begins, when it is not one whole. */
typedef struct found {
	const cli_opt *opt;
	const char *name;
	char *base;
	int exact, begins;
} found;

/* Match the option named s[0..len) against one name of o. Returns 1 when
 * it is that whole name, which ends the search. */
static int match(found *f, const cli_opt *o, const char *name, char *base, const char *s,
		 size_t len)
{
	if (strncmp(name, s, len) != 0)
		return 0;
	if (name[len] != '\0') {
		/* a beginning: of one option, however many rows name it */
		if ((o->flags & CLI_HIDDEN) || (f->begins && strcmp(f->name, name) == 0))
			return 0;
		if (f->begins++)
			return 0;
	} else {
		f->exact = 1;
	}
	f->opt = o;
	f->name = name;
	f->base = base;
	return f->exact;
}

/* Look --s[0..len) up in table t (offsets from base), a CLI_PARAMS row
 * standing for the registry's parameters. Returns 1 on a whole name. */
static int search(found *f, const cli_opt *t, char *base, const char *s, size_t len)
{
	for (; t->name; t++) {
		if (t->kind != CLI_PARAMS) {
			if (match(f, t, t->name, base, s, len))
				return 1;
			continue;
		}
		for (size_t r = 0; algo_registry[r]; r++)
			for (const algo_param *pa = algo_registry[r]->params; pa && pa->name; pa++)
				if (match(f, t, pa->name, base, s, len))
					return 1;
	}
	return 0;
}

/* The long option s[0..len) of e: a whole name, else the only one it
 * begins. Returns 1 when found. */
static int find_long(const cmd_entry *e, char *opts, const char *s, size_t len, found *f)
{
	memset(f, 0, sizeof *f);
	if (len == 0)
		return 0;
	if (search(f, e->opts, opts, s, len) || (e->algo && search(f, algo_options, opts, s, len)))
		return 1;
	return f->begins == 1;
}

/* The short option -c of e. Returns 1 when found. */
static int find_short(const cmd_entry *e, char *opts, char c, found *f)
{
	memset(f, 0, sizeof *f);
	const cli_opt *tables[] = {e->opts, e->algo ? algo_options : NULL};
	for (size_t k = 0; k < 2 && tables[k]; k++)
		for (const cli_opt *o = tables[k]; o->name; o++)
			if (o->letter == c) {
				f->opt = o;
				f->name = o->name;
				f->base = opts;
				return 1;
			}
	return 0;
}

/* A whole number of option o. Returns 0 or -1. */
static int parse_uint(const cli_opt *o, const char *s, uint64_t *v)
{
	uint64_t x;
	if (cli_parse_u64(s, &x) || x < o->min || (o->max && x > o->max) ||
	    ((o->flags & CLI_POW2) && (x & (x - 1))))
		return -1;
	*v = x;
	return 0;
}

/* A decimal number of option o. Returns 0 or -1. */
static int parse_real(const cli_opt *o, const char *s, double *v)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || errno || !isfinite(x) || x < o->lo || x > o->hi ||
	    ((o->flags & CLI_ABOVE_LO) && x == o->lo))
		return -1;
	if ((o->flags & CLI_PERCENT) && *end == '%')
		end++;
	if (*end)
		return -1;
	*v = x;
	return 0;
}

/* Keep one of the algorithm's own options for cli_algo_finish. */
static int keep_algo_option(const cmd_entry *e, cli_algo_opts *o, const char *name,
			    const char *value)
{
	if (o->nset == CLI_MAX_SET) {
		cli_error("%s: more than %d algorithm options", e->name, CLI_MAX_SET);
		return EXIT_USAGE;
	}
	o->set[o->nset].name = name;
	o->set[o->nset++].value = value;
	return 0;
}

/* Store option f's value arg (NULL for a switch) where it goes. Returns 0,
 * CLI_HELP_GIVEN or EXIT_USAGE (reported). */
static int store(const cmd_entry *e, const found *f, const char *arg)
{
	const cli_opt *o = f->opt;
	void *dst = f->base + o->off;
	char why[256] = "";
	switch (o->kind) {
	case CLI_FLAG:
		*(int *)dst = 1;
		return 0;
	case CLI_HELP:
		cli_usage(e, stdout);
		return CLI_HELP_GIVEN;
	case CLI_STR:
		if ((o->flags & CLI_NONEMPTY) && !*arg)
			break;
		*(const char **)dst = arg;
		return 0;
	case CLI_UINT:
		if (parse_uint(o, arg, dst))
			break;
		return 0;
	case CLI_REAL:
		if (parse_real(o, arg, dst))
			break;
		return 0;
	case CLI_FN:
		if (o->fn(dst, arg, why, sizeof why))
			break;
		return 0;
	case CLI_ALGO:
	case CLI_PARAMS:
		return keep_algo_option(e, dst, f->name, arg);
	}
	if (o->flags & CLI_OWN_WORDS)
		cli_error("%s: --%s: %s", e->name, o->name, why);
	else
		cli_error("%s: --%s '%s': %s", e->name, o->name, arg, *why ? why : o->bad);
	return EXIT_USAGE;
}

/* The long option argv[*i]: --name, --name=value, or --name and its value
 * the next argument. */
static int long_option(const cmd_entry *e, int argc, char **argv, int *i, char *opts)
{
	const char *a = argv[*i], *s = a + 2, *eq = strchr(s, '=');
	found f;
	if (!find_long(e, opts, s, eq ? (size_t)(eq - s) : strlen(s), &f) || (eq && !f.opt->arg)) {
		cli_error("%s: unknown option '%s' (pram %s --help)", e->name, a, e->name);
		return EXIT_USAGE;
	}
	if (!f.opt->arg)
		return store(e, &f, NULL);
	if (eq)
		return store(e, &f, eq + 1);
	if (*i + 1 == argc) {
		cli_error("%s: option '%s' needs a value", e->name, a);
		return EXIT_USAGE;
	}
	return store(e, &f, argv[++*i]);
}

/* The short options of argv[*i]: switches, and the last one may take the
 * rest of the argument, or the next one, as its value. */
static int short_options(const cmd_entry *e, int argc, char **argv, int *i, char *opts)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		found f;
		if (!find_short(e, opts, *p, &f)) {
			cli_error("%s: unknown option '-%c' (pram %s --help)", e->name, *p,
				  e->name);
			return EXIT_USAGE;
		}
		if (!f.opt->arg) {
			int rc = store(e, &f, NULL);
			if (rc)
				return rc;
			continue;
		}
		if (p[1])
			return store(e, &f, p + 1);
		if (*i + 1 == argc) {
			cli_error("%s: option '-%c' needs a value", e->name, *p);
			return EXIT_USAGE;
		}
		return store(e, &f, argv[++*i]);
	}
	return 0;
}

int cli_parse(const cmd_entry *e, int argc, char **argv, void *opts, int *nops)
{
	int n = 0, rest = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int rc = 0;
		if (rest || a[0] != '-' || a[1] == '\0')
			argv[1 + n++] = argv[i]; /* never past i: nothing unread is lost */
		else if (strcmp(a, "--") == 0)
			rest = 1;
		else if (a[1] == '-')
			rc = long_option(e, argc, argv, &i, opts);
		else
			rc = short_options(e, argc, argv, &i, opts);
		if (rc)
			return rc;
	}
	if (e->operands != CLI_ANY && n > e->operands) {
		cli_error("%s: unexpected argument '%s'", e->name, argv[1 + e->operands]);
		return EXIT_USAGE;
	}
	*nops = n;
	return 0;
}

static void list_names(FILE *f)
{
	fputs("the algorithms are:", f);
	for (size_t k = 0; algo_registry[k]; k++)
		fprintf(f, " %s", algo_registry[k]->name);
	fputs(" (pram list)\n", f);
}

int cli_algo_finish(cli_algo_opts *o, const char *cmd, const char *name)
{
	if (!name && !o->given) {
		cli_error("%s: name an algorithm", cmd);
		list_names(stderr);
		return EXIT_USAGE;
	}
	o->alg = o->given ? o->given : algo_find(name);
	if (!o->alg) {
		cli_error("%s: unknown algorithm '%s'", cmd, name);
		list_names(stderr);
		return EXIT_USAGE;
	}
	o->params = o->given ? o->given_params : algo_default_params(o->alg);
	for (size_t k = 0; k < o->nset; k++) {
		char err[512];
		if (algo_set_option(o->alg, &o->params, o->set[k].name, o->set[k].value, err,
				    sizeof err)) {
			cli_error("%s: %s", cmd, err);
			return EXIT_USAGE;
		}
	}
	if (o->input && o->have_n) {
		cli_error("%s: give --n or --input, not both", cmd);
		return EXIT_USAGE;
	}
	if (o->json && o->csv) {
		cli_error("%s: give --json or --csv, not both", cmd);
		return EXIT_USAGE;
	}
	return 0;
}

int cli_algo_input(cli_algo_opts *o, algo_data *in)
{
	char err[1024];
	o->from_input[0] = 0;
	if (o->input) {
		if (algo_read_input(o->alg, o->input, &o->params, in, err, sizeof err)) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		if (algo_params_from_input(o->alg, &o->params, in, o->input, o->from_input,
					   sizeof o->from_input, err, sizeof err)) {
			cli_error("%s", err);
			algo_data_free_all(in, algo_nin(o->alg));
			return EXIT_USAGE;
		}
		return 0;
	}
	if (algo_generate(o->alg, in, o->n, &o->params, o->seed)) {
		cli_error("out of memory for %zu input elements", o->n);
		return EXIT_FAIL;
	}
	return 0;
}
