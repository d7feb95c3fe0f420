/*
 * cmd_list.c - `pram list`: the registry, as a table or JSON.
 */
#include <string.h>

#include "cli.h"

static void print_ports(const algo_port *pt, const char *key)
{
	printf(",\"%s\":[", key);
	for (size_t k = 0; pt[k].name; k++) {
		fputs(k ? ",{\"name\":" : "{\"name\":", stdout);
		json_str(stdout, pt[k].name);
		printf(",\"shape\":\"%s\",\"type\":\"%s\",\"flags\":%s,\"help\":",
		       pt[k].shape == ALGO_GRID ? "grid" : "vector",
		       pt[k].elem == ALGO_ELEM_INT     ? "int"
		       : pt[k].elem == ALGO_ELEM_FLOAT ? "float"
						       : "data",
		       pt[k].props & ALGO_PORT_FLAGS ? "true" : "false");
		json_str(stdout, pt[k].help);
		fputc('}', stdout);
	}
	fputc(']', stdout);
}

static void print_params(const algo *a)
{
	fputs(",\"params\":[", stdout);
	for (size_t k = 0; a->params && a->params[k].name; k++) {
		const algo_param *pa = &a->params[k];
		fputs(k ? ",{\"name\":" : "{\"name\":", stdout);
		json_str(stdout, pa->name);
		printf(",\"min\":%lld,\"max\":%lld,\"default\":%lld,\"power_of_two\":%s,"
		       "\"whole_warps\":%s,\"swept\":%s",
		       (long long)pa->min, (long long)pa->max, (long long)pa->def,
		       pa->props & ALGO_PARAM_POW2 ? "true" : "false",
		       pa->props & ALGO_PARAM_WARPS ? "true" : "false",
		       pa->props & ALGO_PARAM_SWEEP ? "true" : "false");
		if (pa->choices) {
			fputs(",\"choices\":[", stdout);
			for (size_t c = 0; pa->choices[c]; c++) {
				fputs(c ? "," : "", stdout);
				json_str(stdout, pa->choices[c]);
			}
			fputc(']', stdout);
		}
		fputs(",\"help\":", stdout);
		json_str(stdout, pa->help);
		fputc('}', stdout);
	}
	fputc(']', stdout);
}

static int list_exec(int argc, char **argv)
{
	cli_json_opts o = {0};
	int nops, rc = cli_parse(&cmd_list_entry, argc, argv, &o, &nops);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	if (o.json) {
		fputs("[", stdout);
		for (size_t k = 0; algo_registry[k]; k++) {
			const algo *a = algo_registry[k];
			printf("%s\n {\"name\":", k ? "," : "");
			json_str(stdout, a->name);
			fputs(",\"family\":", stdout);
			json_str(stdout, a->family);
			fputs(",\"description\":", stdout);
			json_str(stdout, a->desc);
			fputs(",\"model\":", stdout);
			json_str(stdout, pram_model_name(a->model));
			fputs(",\"work\":", stdout);
			json_str(stdout, a->work_o);
			fputs(",\"depth\":", stdout);
			json_str(stdout, a->depth_o);
			fputs(",\"work_exact\":", stdout);
			if (a->work_exact)
				json_str(stdout, a->work_exact);
			else
				fputs("null", stdout);
			fputs(",\"depth_exact\":", stdout);
			if (a->depth_exact)
				json_str(stdout, a->depth_exact);
			else
				fputs("null", stdout);
			print_ports(algo_inputs(a), "inputs");
			print_ports(algo_outputs(a), "outputs");
			print_params(a);
			fputs(",\"kernel_variants\":[", stdout);
			const char *v = cli_kernel_variants(a);
			for (int first = 1; *v; first = 0) {
				size_t len = strcspn(v, " ");
				printf("%s\"%.*s\"", first ? "" : ",", (int)len, v);
				v += len + (v[len] == ' ');
			}
			fputs("]}", stdout);
		}
		fputs("\n]\n", stdout);
		return EXIT_OK;
	}
	/* Each column as wide as its widest entry. */
	int w[6] = {9, 6, 5, 4, 5, 7};
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		const char *cell[6] = {a->name,   a->family,  pram_model_name(a->model),
				       a->work_o, a->depth_o, cli_kernel_variants(a)};
		for (int j = 0; j < 6; j++)
			if ((int)strlen(cell[j]) > w[j])
				w[j] = (int)strlen(cell[j]);
	}
	printf("%-*s %-*s %-*s %-*s %-*s %-*s %s\n", w[0], "ALGORITHM", w[1], "FAMILY", w[2],
	       "MODEL", w[3], "WORK", w[4], "DEPTH", w[5], "KERNELS", "DESCRIPTION");
	for (size_t k = 0; algo_registry[k]; k++) {
		const algo *a = algo_registry[k];
		const char *v = cli_kernel_variants(a);
		printf("%-*s %-*s %-*s %-*s %-*s %-*s %s\n", w[0], a->name, w[1], a->family, w[2],
		       pram_model_name(a->model), w[3], a->work_o, w[4], a->depth_o, w[5],
		       *v ? v : "-", a->desc);
	}
	return EXIT_OK;
}

const cmd_entry cmd_list_entry = {
    .name = "list",
    .args = "[--json]",
    .summary = "list the algorithms with their family, model, work and depth",
    .help = "options:\n"
	    "  --json   one JSON array of objects: name, family, description, model,\n"
	    "           work, depth (big-O), work_exact, depth_exact, inputs and\n"
	    "           outputs (name, shape, type, flags, help), params (name, min,\n"
	    "           max, default, power_of_two, swept, choices, help),\n"
	    "           kernel_variants (the OpenCL kernels this build has)\n",
    .opts = cli_json_options,
    .operands = 0,
    .exec = list_exec,
};
