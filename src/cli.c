/*
 * cli.c - option parsing and output helpers shared by the subcommands.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

void cli_usage(const cmd_entry *e, FILE *f)
{
	fprintf(f, "usage: pram %s %s\n\n%s\n", e->name, e->args, e->summary);
	if (e->help)
		fprintf(f, "\n%s", e->help);
}

int cli_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return -1;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_size(const char *s, size_t *out)
{
	uint64_t v;
	if (strncmp(s, "2^", 2) == 0) {
		if (cli_parse_u64(s + 2, &v) || v > 40)
			return -1;
		*out = (size_t)1 << v;
		return 0;
	}
	if (cli_parse_u64(s, &v) || v > ((uint64_t)1 << 40))
		return -1;
	*out = (size_t)v;
	return 0;
}

int cli_algo_option(cli_algo_opts *o, int code, const char *arg)
{
	uint64_t v;
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
	case OPT_OP:
		if (pram_op_parse(arg, &o->params.op) || o->params.op > PRAM_OP_MIN) {
			cli_error("--op '%s': give sum, max or min", arg);
			return -1;
		}
		o->op_given = 1;
		return 1;
	case OPT_INCLUSIVE:
	case OPT_EXCLUSIVE:
		o->params.inclusive = code == OPT_INCLUSIVE;
		o->incl_given = 1;
		return 1;
	case OPT_FLOAT:
		o->params.type = PRAM_FLOAT;
		o->float_given = 1;
		return 1;
	case OPT_PER_PROC:
		if (cli_parse_u64(arg, &v) || v < 1 || v > 4096) {
			cli_error("--per-proc '%s': give a whole number from 1 to 4096", arg);
			return -1;
		}
		o->params.per_proc = (unsigned)v;
		o->per_proc_given = 1;
		return 1;
	case OPT_BLOCK:
		if (cli_parse_u64(arg, &v) || v < 2 || v > (1u << 20) || (v & (v - 1))) {
			cli_error("--block '%s': give a power of two from 2 to 2^20", arg);
			return -1;
		}
		o->params.block = (unsigned)v;
		o->block_given = 1;
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
	/* Keep what the user chose, fill in the algorithm's defaults. */
	algo_params d = algo_default_params(o->alg);
	if (!o->incl_given)
		o->params.inclusive = d.inclusive;
	unsigned caps = o->alg->caps;
	const char *bad = NULL;
	if (o->op_given && !(caps & ALGO_OP))
		bad = "--op";
	else if (o->incl_given && !(caps & ALGO_INCLUSIVE))
		bad = o->params.inclusive ? "--inclusive" : "--exclusive";
	else if (o->float_given && !(caps & ALGO_FLOAT))
		bad = "--float";
	else if (o->per_proc_given && !(caps & ALGO_PER_PROC))
		bad = "--per-proc";
	else if (o->block_given && !(caps & ALGO_BLOCK))
		bad = "--block";
	if (bad) {
		cli_error("%s: %s does not take %s", cmd, o->alg->name, bad);
		return EXIT_USAGE;
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
		if (algo_read_input(o->input, o->params.type, in, err, sizeof err)) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		if ((o->alg->caps & ALGO_FLAGS) && !in->flags) {
			/* No flags line: the whole input is one segment. */
			in->flags = calloc(in->n ? in->n : 1, 1);
			if (!in->flags) {
				cli_error("out of memory");
				return EXIT_FAIL;
			}
			if (in->n)
				in->flags[0] = 1;
		}
		return 0;
	}
	if (algo_generate(o->alg, in, o->n, &o->params, o->seed)) {
		cli_error("out of memory for %zu input elements", o->n);
		return EXIT_FAIL;
	}
	return 0;
}
