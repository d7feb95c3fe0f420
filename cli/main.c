/*
 * main.c - the pram program: finds the subcommand in the table and runs it.
 *
 *     pram list | run | gpu | devices | report | bench | check | lessons | lesson
 *          | help [COMMAND]
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"

/* The commands, in the order `pram help` lists them; each is defined in its
 * cmd_*.c with its options (cli.h). */
static const cmd_entry *const commands[] = {
    &cmd_list_entry,  &cmd_run_entry,   &cmd_gpu_entry,     &cmd_devices_entry, &cmd_report_entry,
    &cmd_bench_entry, &cmd_check_entry, &cmd_lessons_entry, &cmd_lesson_entry,  NULL,
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: pram COMMAND [OPTIONS]\n\n"
		"pramsim %s: a PRAM simulator that counts work and depth, with OpenCL\n"
		"kernels that run the same algorithms on real hardware.\n\ncommands:\n",
		PACKAGE_VERSION);
	for (size_t k = 0; commands[k]; k++)
		fprintf(f, "  %-8s %s\n", commands[k]->name, commands[k]->summary);
	fprintf(f, "\n'pram COMMAND --help' gives a command's options; 'man pram' has more.\n"
		   "Exit status: 0 success, 1 a failed validation or a model violation,\n"
		   "2 a usage error.\n");
}

static const cmd_entry *find(const char *name)
{
	for (size_t k = 0; commands[k]; k++)
		if (strcmp(commands[k]->name, name) == 0)
			return commands[k];
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
		if (argc > 2) {
			const cmd_entry *e = find(argv[2]);
			if (!e) {
				cli_error("help: unknown command '%s'", argv[2]);
				return EXIT_USAGE;
			}
			cli_usage(e, stdout);
			return EXIT_OK;
		}
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(name, "--version") == 0) {
		printf("pramsim %s\n", PACKAGE_VERSION);
		return EXIT_OK;
	}
	const cmd_entry *e = find(name);
	if (!e) {
		cli_error("unknown command '%s'", name);
		usage(stderr);
		return EXIT_USAGE;
	}
	return e->exec(argc - 1, argv + 1);
}
