/*
 * profile.c - an algorithm's kernels under Oclgrind with the pramsim plugin
 * (profile.h): this pram runs itself, `pram gpu ... --reps 1 --json`, as
 * Oclgrind's host program, and the plugin's records of the timed run are
 * summed per kernel and line.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algo.h"
#include "ckutil.h"
#include "cli.h"
#include "contain.h"
#include "files.h"
#include "gpu.h"
#include "grind.h"
#include "grindview.h"
#include "profile.h"

#define PROF_MAX_ARGS  48
#define PROF_MAX_LINES 512

void prof_free(prof *p)
{
	if (!p)
		return;
	free(p->line);
	p->line = NULL;
	p->nline = 0;
}

double prof_bytes_per_element(const prof *p)
{
	return p->n ? (double)p->total.gsect * p->sector_bytes / (double)p->n : 0;
}

/* Why the profile cannot run here, or NULL: *og and *so are then Oclgrind
 * and the plugin. */
static const char *blocked(const char **og, const char **so, char *buf, size_t len)
{
	*og = ck_oclgrind();
	*so = gv_plugin_path();
	if (!*og)
		return "Oclgrind is not installed (Debian: apt-get install oclgrind; or name "
		       "the program in PRAM_OCLGRIND)";
	if (!*so && getenv("PRAM_GRIND_PLUGIN")) {
		snprintf(
		    buf, len,
		    "the pramsim Oclgrind plugin named by PRAM_GRIND_PLUGIN (%s) cannot be read",
		    getenv("PRAM_GRIND_PLUGIN"));
		return buf;
	}
	if (!*so)
		return "the pramsim Oclgrind plugin is not built (configure found no "
		       "liboclgrind-dev or no C++ compiler: install g++ liboclgrind-dev llvm-dev "
		       "and configure again)";
	return NULL;
}

/* The entry of kernel k, line ln in p, made when missing; NULL when full. */
static prof_line *entry(prof *p, const char *k, unsigned ln)
{
	for (size_t i = 0; i < p->nline; i++)
		if (p->line[i].line == ln && strcmp(p->line[i].kernel, k) == 0)
			return &p->line[i];
	if (p->nline == PROF_MAX_LINES)
		return NULL;
	prof_line *e = &p->line[p->nline++];
	memset(e, 0, sizeof *e);
	snprintf(e->kernel, sizeof e->kernel, "%s", k);
	e->line = ln;
	return e;
}

static int by_kernel_line(const void *x, const void *y)
{
	const prof_line *a = x, *b = y;
	int c = strcmp(a->kernel, b->kernel);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* Sum launch l's records into p. Returns 0, or -1 when p has no room. */
static int add_launch(prof *p, const gv_launch *l)
{
	gv_memory m[PROF_MAX_LINES];
	size_t nm = gv_memory_lines(l, m, PROF_MAX_LINES);
	if (nm > PROF_MAX_LINES)
		return -1;
	for (size_t i = 0; i < nm; i++) {
		prof_line *e = entry(p, l->kernel, m[i].line);
		if (!e)
			return -1;
		if (m[i].space == GV_GLOBAL) {
			e->greq += m[i].requests;
			e->gsect += m[i].transactions;
			e->gleast += m[i].least;
		} else {
			e->lreq += m[i].requests;
			e->lturns += m[i].transactions;
			if (m[i].worst > e->lworst)
				e->lworst = m[i].worst;
		}
	}
	for (size_t i = 0; i < l->nbranch; i++) {
		prof_line *e = entry(p, l->kernel, l->branch[i].line);
		if (!e)
			return -1;
		e->branches += l->branch[i].requests;
		e->divergent += l->branch[i].divergent;
	}
	for (size_t i = 0; i < l->nbarrier; i++) {
		prof_line *e = entry(p, l->kernel, l->barrier[i].line);
		if (!e)
			return -1;
		e->barriers += l->barrier[i].count;
	}
	return 0;
}

/* The value of the JSON string field "key": in text, into buf (the
 * kernel file's path has no escapes to undo). */
static void json_field(const char *text, const char *key, char *buf, size_t len)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":\"", key);
	const char *s = strstr(text, pat);
	buf[0] = '\0';
	if (s) {
		s += strlen(pat);
		size_t k = strcspn(s, "\"");
		snprintf(buf, len, "%.*s", (int)k, s);
	}
}

/* The last line of what a failed child wrote, into buf. */
static void last_words(const char *out, char *buf, size_t len)
{
	size_t n = strlen(out);
	while (n && out[n - 1] == '\n')
		n--;
	size_t b = n;
	while (b && out[b - 1] != '\n')
		b--;
	snprintf(buf, len, "%.*s", (int)(n - b), out + b);
}

/* Sum the timed run of the launches recorded in run into out. */
static int fold(const gv_run *run, prof *out, char *err, size_t errlen)
{
	size_t half = run->nlaunch / 2;
	int same = run->nlaunch && run->nlaunch % 2 == 0;
	for (size_t k = 0; same && k < half; k++)
		same = strcmp(run->launch[k].kernel, run->launch[half + k].kernel) == 0;
	if (!same) {
		snprintf(err, errlen,
			 "Oclgrind recorded %zu launches, not one run of kernels repeated twice "
			 "(the warm-up and the timed run)",
			 run->nlaunch);
		return -1;
	}
	out->launches = half;
	out->sector_bytes = run->launch[half].sector_bytes ? run->launch[half].sector_bytes : 32;
	for (size_t k = half; k < run->nlaunch; k++)
		if (add_launch(out, &run->launch[k])) {
			snprintf(err, errlen, "more than %d kernel lines to profile",
				 PROF_MAX_LINES);
			return -1;
		}
	qsort(out->line, out->nline, sizeof *out->line, by_kernel_line);
	prof_line *t = &out->total;
	for (size_t i = 0; i < out->nline; i++) {
		const prof_line *e = &out->line[i];
		t->greq += e->greq;
		t->gsect += e->gsect;
		t->gleast += e->gleast;
		t->lreq += e->lreq;
		t->lturns += e->lturns;
		t->lworst = e->lworst > t->lworst ? e->lworst : t->lworst;
		t->barriers += e->barriers;
		t->branches += e->branches;
		t->divergent += e->divergent;
	}
	return 0;
}

int prof_run(const char *const *args, size_t nargs, prof *out, char *err, size_t errlen)
{
	const char *og, *so;
	char why[512], self[PATH_MAX], dir[PATH_MAX] = "", rec[PATH_MAX] = "";
	char *argv[PROF_MAX_ARGS + 8];
	char *dev = NULL, *saved_out = NULL;
	ck_proc proc = {0};
	gv_run run = {0};
	int rc = -1, ran = 0;
	memset(out, 0, sizeof *out);
	const char *no = blocked(&og, &so, why, sizeof why);
	if (no) {
		snprintf(err, errlen, "cannot profile: %s", no);
		return -1;
	}
	if (nargs > PROF_MAX_ARGS) {
		snprintf(err, errlen, "cannot profile: %zu arguments are too many", nargs);
		return -1;
	}
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0) {
		snprintf(err, errlen, "cannot profile: this program's path is unknown (%s)",
			 strerror(errno));
		return -1;
	}
	self[len] = '\0';
	if (!(out->line = calloc(PROF_MAX_LINES, sizeof *out->line)) ||
	    files_tempdir("pramprof", dir, sizeof dir) != 0 ||
	    files_path(rec, sizeof rec, "%s/run.grind", dir) != 0) {
		snprintf(err, errlen, "cannot profile: no temporary folder or memory (%s)",
			 strerror(errno));
		goto fail;
	}
	size_t k = 0;
	argv[k++] = (char *)og;
	argv[k++] = "--plugins";
	argv[k++] = (char *)so;
	argv[k++] = self;
	argv[k++] = "gpu";
	for (size_t i = 0; i < nargs; i++)
		argv[k++] = (char *)args[i];
	argv[k++] = "--reps=1";
	argv[k++] = "--json";
	argv[k++] = "--no-output";
	argv[k] = NULL;
	/* The child finds the plugin's file and Oclgrind's device through the
	 * environment it inherits: PRAM_DEVICE would name a device Oclgrind
	 * does not have. */
	if (getenv("PRAM_DEVICE"))
		dev = strdup(getenv("PRAM_DEVICE"));
	if (getenv("PRAM_GRIND_OUT"))
		saved_out = strdup(getenv("PRAM_GRIND_OUT"));
	unsetenv("PRAM_DEVICE");
	setenv("PRAM_GRIND_OUT", rec, 1);
	ck_limits lim = {.wall_s = 600, .mem_bytes = 0};
	ran = ck_contain_exec(argv, &lim, &proc, why, sizeof why) == 0;
	if (dev)
		setenv("PRAM_DEVICE", dev, 1);
	if (saved_out)
		setenv("PRAM_GRIND_OUT", saved_out, 1);
	else
		unsetenv("PRAM_GRIND_OUT");
	if (!ran) {
		snprintf(err, errlen, "cannot run Oclgrind: %s", why);
		goto fail;
	}
	const char *json = proc.out ? strstr(proc.out, "{\"algorithm\":") : NULL;
	if (proc.timed_out || !proc.exited || (proc.status != 0 && proc.status != 1) || !json) {
		last_words(proc.out ? proc.out : "", why, sizeof why);
		snprintf(err, errlen, "the kernels did not run under Oclgrind%s: %s",
			 proc.timed_out ? " in 600 s" : "", why[0] ? why : "it said nothing");
		goto fail;
	}
	if (!strstr(json, "\"verified\":true}")) {
		snprintf(err, errlen, "the kernels gave a wrong result under Oclgrind");
		goto fail;
	}
	json_field(json, "kernel_file", out->kernel_file, sizeof out->kernel_file);
	const char *np = strstr(json, "\"n\":");
	out->n = np ? strtoull(np + 4, NULL, 10) : 0;
	if (gv_read(rec, &run, err, errlen) != 0 || fold(&run, out, err, errlen) != 0)
		goto fail;
	rc = 0;
fail:
	if (rc)
		prof_free(out);
	gv_free(&run);
	ck_proc_free(&proc);
	free(saved_out);
	free(dev);
	if (rec[0])
		unlink(rec);
	if (dir[0])
		rmdir(dir);
	return rc;
}

/* ---- pram gpu --profile ---------------------------------------------- */

static void print_counts_json(FILE *f, const prof_line *e)
{
	fprintf(f,
		"\"global_requests\":%llu,\"sectors\":%llu,\"least_sectors\":%llu,"
		"\"local_requests\":%llu,\"bank_turns\":%llu,\"worst_ways\":%llu,"
		"\"barriers\":%llu,\"branches\":%llu,\"divergent\":%llu",
		e->greq, e->gsect, e->gleast, e->lreq, e->lturns, e->lworst, e->barriers,
		e->branches, e->divergent);
}

void prof_write_json(FILE *f, const char *variant, const prof *p, double need)
{
	fputs("{\"variant\":", f);
	json_str(f, variant);
	fputs(",\"kernel_file\":", f);
	json_str(f, p->kernel_file);
	fprintf(f, ",\"launches\":%zu,\"lines\":[", p->launches);
	for (size_t i = 0; i < p->nline; i++) {
		fprintf(f, "%s{\"kernel\":", i ? "," : "");
		json_str(f, p->line[i].kernel);
		fprintf(f, ",\"line\":%u,", p->line[i].line);
		print_counts_json(f, &p->line[i]);
		fputs("}", f);
	}
	fputs("],\"total\":{", f);
	print_counts_json(f, &p->total);
	fprintf(f, "},\"bytes_per_element\":%.4f", prof_bytes_per_element(p));
	if (need >= 0)
		fprintf(f, ",\"unavoidable_bytes_per_element\":%.4f", need);
	fputs("}", f);
}

static void print_row(const prof_line *e, const char *name)
{
	char line[16];
	snprintf(line, sizeof line, "%u", e->line);
	printf("  %-22.22s %5s %8llu %9llu %9llu %8llu %9llu %5llu %8llu %8llu %6llu\n", name,
	       name == e->kernel ? line : "", e->greq, e->gsect, e->gleast, e->lreq, e->lturns,
	       e->lworst, e->barriers, e->branches, e->divergent);
}

static void print_profile(const cli_algo_opts *o, const char *variant, const prof *p, double need,
			  int first)
{
	double moved = prof_bytes_per_element(p);
	if (o->json) {
		if (!first)
			fputc(',', stdout);
		prof_write_json(stdout, variant, p, need);
		return;
	}
	printf("%s: %zu launches of %s\n", variant, p->launches, p->kernel_file);
	printf("  %-22s %5s %8s %9s %9s %8s %9s %5s %8s %8s %6s\n", "kernel", "line", "global",
	       "sectors", "least", "local", "turns", "ways", "barriers", "branches", "diverg");
	for (size_t i = 0; i < p->nline; i++)
		print_row(&p->line[i], p->line[i].kernel);
	print_row(&p->total, "total");
	printf("  bytes moved per element %.2f (sectors * %u / n), unavoidable %.2f (%.2fx)\n",
	       moved, p->sector_bytes, need, need > 0 ? moved / need : 0);
}

int cli_gpu_profile(const cli_algo_opts *o, const algo_data *in, int one_variant, int variant,
		    unsigned long long max_group)
{
	const gpu_algo *ga = gpu_for(o->alg);
	if (!ga) {
		cli_error("gpu: %s has no OpenCL kernels yet", o->alg->name);
		return EXIT_USAGE;
	}
	if (one_variant && !gpu_has_variant(ga, (enum gpu_variant)variant)) {
		cli_error("gpu: %s has no %s kernel", o->alg->name,
			  gpu_variant_name((enum gpu_variant)variant));
		return EXIT_USAGE;
	}
	if (in->n > PROF_MAX_N) {
		cli_error("gpu: --profile: n = %zu is too large for Oclgrind, which interprets "
			  "every work-item: give --n %zu or less (default %zu)",
			  in->n, PROF_MAX_N, PROF_DEFAULT_N);
		return EXIT_USAGE;
	}
	/* The unavoidable bytes: every input read and every output written once. */
	algo_data outs[ALGO_MAX_PORTS] = {0};
	if (algo_alloc_outputs(o->alg, in, &o->params, outs)) {
		cli_error("gpu: out of memory for the outputs of %s", o->alg->name);
		return EXIT_FAIL;
	}
	double need = in->n ? (double)algo_bytes(o->alg, in, outs, &o->params) / (double)in->n : 0;
	algo_data_free_all(outs, ALGO_MAX_PORTS);
	/* The child's arguments: the same input and parameters. */
	char buf[PROF_MAX_ARGS][160];
	const char *args[PROF_MAX_ARGS];
	size_t na = 0, vslot;
	args[na++] = o->alg->name;
	if (o->input)
		snprintf(buf[na], sizeof buf[na], "--input=%s", o->input);
	else
		snprintf(buf[na], sizeof buf[na], "--n=%zu", in->n);
	args[na] = buf[na], na++;
	snprintf(buf[na], sizeof buf[na], "--seed=%llu", (unsigned long long)o->seed);
	args[na] = buf[na], na++;
	if (max_group) {
		snprintf(buf[na], sizeof buf[na], "--max-group=%llu", max_group);
		args[na] = buf[na], na++;
	}
	for (size_t k = 0; k < o->nset && na + 1 < PROF_MAX_ARGS; k++) {
		snprintf(buf[na], sizeof buf[na], "--%s%s%s", o->set[k].name,
			 o->set[k].value ? "=" : "", o->set[k].value ? o->set[k].value : "");
		args[na] = buf[na], na++;
	}
	vslot = na++;
	if (o->json) {
		char key[256];
		prof_params_key(o->alg, &o->params, key, sizeof key);
		fputs("{\"algorithm\":", stdout);
		json_str(stdout, o->alg->name);
		fputs(",\"params\":", stdout);
		json_str(stdout, key);
		fprintf(stdout,
			",\"n\":%zu,\"seed\":%llu,\"subgroup\":32,\"sector_bytes\":32,\"banks\":32,"
			"\"profiles\":[",
			in->n, (unsigned long long)o->seed);
	} else {
		printf("%s under Oclgrind, n = %zu, one run: requests of sub-groups of 32 "
		       "work-items, 32-byte sectors, 32 banks of 4 bytes\n",
		       o->alg->name, in->n);
	}
	int done = 0;
	for (unsigned v = 0; v < GPU_NVARIANTS; v++) {
		if (one_variant ? v != (unsigned)variant : !gpu_has_variant(ga, v))
			continue;
		snprintf(buf[vslot], sizeof buf[vslot], "--variant=%s", gpu_variant_name(v));
		args[vslot] = buf[vslot];
		prof p;
		char err[1024];
		if (prof_run(args, na, &p, err, sizeof err) != 0) {
			if (o->json)
				fputs("]}\n", stdout);
			cli_error("gpu: %s (%s): %s", o->alg->name, gpu_variant_name(v), err);
			return EXIT_FAIL;
		}
		print_profile(o, gpu_variant_name(v), &p, need, done == 0);
		prof_free(&p);
		done++;
	}
	if (o->json)
		fputs("]}\n", stdout);
	return EXIT_OK;
}
