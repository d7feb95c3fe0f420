/*
 * cli.c - option parsing and output helpers shared by the subcommands.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

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

int cli_bad_option(const char *cmd, int c, char **argv)
{
	if (c == ':')
		cli_error("%s: option '%s' needs a value", cmd, argv[optind - 1]);
	else
		cli_error("%s: unknown option '%s' (pram %s --help)", cmd, argv[optind - 1], cmd);
	return EXIT_USAGE;
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* One item of a size list, appended to v (room for max). */
static int parse_size_item(const char *s, size_t *v, size_t max, size_t *n)
{
	const char *dots = strstr(s, "..");
	if (!dots) {
		if (*n == max || cli_parse_size(s, &v[*n]) || v[*n] == 0)
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
	if (cli_parse_size(lo, &a) || cli_parse_size(hi, &b) || a > b ||
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

int cli_parse_sizes(const char *s, size_t *v, size_t max, size_t *count, char *why, size_t whylen)
{
	size_t n = 0;
	const char *p = s;
	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char buf[64];
		if (len == 0 || len >= sizeof buf)
			goto bad;
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (parse_size_item(buf, v, max, &n))
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
		 "give sizes from 1 to 2^40 such as 1000,2^12 or a range such as 2^10..2^20:2, "
		 "at most %zu of them",
		 max);
	return -1;
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
	if (cli_parse_u64(s, &v) || v > ((uint64_t)1 << 40))
		return -1;
	*out = (size_t)v;
	return 0;
}

/* The options every algorithm command shares. */
static const struct option common_opts[] = {
    {"n", required_argument, 0, OPT_N},       {"input", required_argument, 0, OPT_INPUT},
    {"seed", required_argument, 0, OPT_SEED}, {"json", no_argument, 0, OPT_JSON},
    {"csv", no_argument, 0, OPT_CSV},         {"help", no_argument, 0, OPT_HELP},
    {"op", required_argument, 0, OPT_ALGO},   {"inclusive", no_argument, 0, OPT_ALGO},
    {"exclusive", no_argument, 0, OPT_ALGO},  {"float", no_argument, 0, OPT_ALGO},
};
#define NCOMMON      (sizeof common_opts / sizeof *common_opts)
/* Room for the common options, every registered parameter and a command's own. */
#define MAX_LONGOPTS 128

const struct option *cli_algo_longopts(const struct option *own)
{
	static struct option table[MAX_LONGOPTS];
	size_t k = 0;
	for (size_t i = 0; i < NCOMMON; i++)
		table[k++] = common_opts[i];
	for (size_t r = 0; algo_registry[r]; r++) {
		const algo_param *pa = algo_registry[r]->params;
		for (size_t i = 0; pa && pa[i].name; i++) {
			size_t j = 0;
			while (j < k && strcmp(table[j].name, pa[i].name) != 0)
				j++;
			if (j < k)
				continue; /* another algorithm has it too */
			assert(k < MAX_LONGOPTS - 1);
			table[k++] = (struct option){pa[i].name, required_argument, 0, OPT_ALGO};
		}
	}
	for (size_t i = 0; own && own[i].name; i++) {
		assert(k < MAX_LONGOPTS - 1);
		table[k++] = own[i];
	}
	table[k] = (struct option){0, 0, 0, 0};
	return table;
}

int cli_algo_option(cli_algo_opts *o, int code, const char *name, const char *arg)
{
	switch (code) {
	case OPT_N:
		if (cli_parse_size(arg, &o->n)) {
			cli_error("--n '%s': give a size such as 1000 or 2^20 (at most 2^40)", arg);
			return -1;
		}
		o->have_n = 1;
		return 1;
	case OPT_INPUT:
		o->input = arg;
		return 1;
	case OPT_SEED:
		if (cli_parse_u64(arg, &o->seed)) {
			cli_error("--seed '%s': give a non-negative integer", arg);
			return -1;
		}
		return 1;
	case OPT_ALGO:
		if (o->nset == CLI_MAX_SET) {
			cli_error("more than %d algorithm options", CLI_MAX_SET);
			return -1;
		}
		o->set[o->nset].name = name;
		o->set[o->nset++].value = arg;
		return 1;
	case OPT_JSON:
		o->json = 1;
		return 1;
	case OPT_CSV:
		o->csv = 1;
		return 1;
	default:
		return 0;
	}
}

int cli_parse_algo_args(const char *cmd, int argc, char **argv, const struct option *own,
			cli_own_fn fn, void *ud, cli_algo_opts *o, const char **name)
{
	const struct option *longopts = cli_algo_longopts(own);
	int c, li = 0;
	*name = NULL;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", longopts, &li)) != -1) {
		if (c == ':' || c == '?')
			return cli_bad_option(cmd, c, argv);
		if (c == OPT_HELP) {
			o->help = 1;
			continue;
		}
		int h = cli_algo_option(o, c, longopts[li].name, optarg);
		if (h < 0)
			return EXIT_USAGE;
		if (h == 0 && fn(ud, c, optarg))
			return EXIT_USAGE;
	}
	if (optind < argc)
		*name = argv[optind++];
	if (optind < argc) {
		cli_error("%s: unexpected argument '%s'", cmd, argv[optind]);
		return EXIT_USAGE;
	}
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
	if (!name) {
		cli_error("%s: name an algorithm", cmd);
		list_names(stderr);
		return EXIT_USAGE;
	}
	o->alg = algo_find(name);
	if (!o->alg) {
		cli_error("%s: unknown algorithm '%s'", cmd, name);
		list_names(stderr);
		return EXIT_USAGE;
	}
	o->params = algo_default_params(o->alg);
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

int cli_algo_input(const cli_algo_opts *o, algo_data *in)
{
	char err[512];
	if (o->input) {
		if (algo_read_input(o->alg, o->input, &o->params, in, err, sizeof err)) {
			cli_error("%s", err);
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
