/*
 * program.c - a student's PRAM program run like the registry's (program.h):
 * the file is compiled with the checker's glue (check/ports.h) into a
 * shared object in a temporary folder, loaded into this process, and
 * wrapped in a copy of the exercise's reference whose simulate calls it,
 * so that `pram run` gives it the cost table, the violations, --trace,
 * --html and --json that the registry's programs get, and checks its
 * outputs against the reference. The program runs on a sealed machine, as
 * under pram check. It is the student's own code run by the student: it is
 * not contained (pram check contains it).
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ckutil.h"
#include "contracts.h"
#include "files.h"
#include "ports.h"
#include "program.h"

typedef void (*call_fn)(pram *m, pram_array *const *a, const size_t *sizes, const long *params);

/* The one program of this process: simulate has no user data. */
static struct {
	ck_exercise ex;
	ck_arg args[CK_MAX_ARGS];
	size_t nargs;
	const algo *ref;
	algo alg;
	char name[256], work_o[64], depth_o[64];
	call_fn call;
	void *so;
} prog;

static int prog_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	pram_array *a[CK_MAX_ARGS];
	size_t na = 0;
	long params[CK_MAX_ARGS];
	size_t np = 0;
	for (size_t k = 0; k < prog.nargs; k++) {
		const ck_arg *g = &prog.args[k];
		const algo_data *d = &in[g->port];
		pram_array *x = NULL;
		switch (g->kind) {
		case CK_ARG_IN:
		case CK_ARG_INOUT:
			x = pram_array_new(m, g->name, d->n, d->type);
			if (x)
				pram_array_load_v(x, d->vals, d->n);
			break;
		case CK_ARG_FLAGS: {
			int64_t *f = calloc(d->n ? d->n : 1, sizeof *f);
			x = f ? pram_array_new(m, g->name, d->n, PRAM_INT) : NULL;
			for (size_t i = 0; f && i < d->n; i++)
				f[i] = d->flags ? d->flags[i] != 0 : i == 0;
			if (x)
				pram_array_load_i(x, f, d->n);
			free(f);
			break;
		}
		case CK_ARG_OUT:
			x = pram_array_new(m, g->name, out[g->port].n, out[g->port].type);
			break;
		case CK_ARG_PARAM:
			params[np++] = (long)p->v[g->param];
			continue;
		default:
			continue;
		}
		if (!x)
			return 0; /* the machine has the error */
		a[na++] = x;
	}
	size_t sizes[3] = {in[0].n, in[0].w, in[0].h};
	pram_seal(m, 1);
	prog.call(m, a, sizes, params);
	pram_seal(m, 0);
	if (pram_failed(m))
		return 0;
	/* the outputs (pram-inplace: its one array) into out */
	for (size_t k = 0, ai = 0; k < prog.nargs; k++) {
		const ck_arg *g = &prog.args[k];
		if (g->kind == CK_ARG_PARAM || g->kind == CK_ARG_SIZE || g->kind == CK_ARG_LOCAL)
			continue;
		pram_array *x = a[ai++];
		if (g->kind != CK_ARG_OUT && g->kind != CK_ARG_INOUT)
			continue;
		algo_data *d = &out[g->kind == CK_ARG_OUT ? g->port : 0];
		for (size_t i = 0; i < d->n; i++)
			d->vals[i] = pram_array_get_v(x, i);
	}
	return 0;
}

/* Run argv to its end; its output (compiler messages) to standard error.
 * Returns its exit status, or -1 when it could not run. */
static int run_tool(char *const *argv, const char *dir)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (chdir(dir) != 0)
			_exit(127);
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execvp(argv[0], argv);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Build the shared object of path with the glue in dir; 0, or -1 with why. */
static int build(const char *path, const char *dir, char *err, size_t errlen)
{
	const char *shown = ck_basename(path);
	char *src = ck_slurp(path, NULL, err, errlen);
	if (!src)
		return -1;
	char *glue = ck_program_glue(&prog.ex, prog.args, prog.nargs, shown);
	char p1[PATH_MAX], p2[PATH_MAX];
	files_path(p1, sizeof p1, "%s/%s", dir, shown);
	files_path(p2, sizeof p2, "%s/glue.c", dir);
	FILE *f1 = fopen(p1, "w"), *f2 = fopen(p2, "w");
	int bad = !f1 || !f2 || !glue || fputs(src, f1) < 0 || fputs(glue, f2) < 0;
	bad |= (f1 && fclose(f1) != 0) | (f2 && fclose(f2) != 0);
	free(src);
	free(glue);
	if (bad) {
		snprintf(err, errlen, "cannot write into %s", dir);
		return -1;
	}
	char inc[4096], lib[4096], incf[4200];
	ck_libpram_paths(inc, sizeof inc, lib, sizeof lib);
	snprintf(incf, sizeof incf, "-I%s", inc);
	const char *cc = getenv("CC");
	char *argv[] = {(char *)(cc && *cc ? cc : "cc"), "-std=gnu11", "-O1", "-g", "-fPIC",
			"-shared", incf, "-o", "program.so", "glue.c", NULL};
	int rc = run_tool(argv, dir);
	if (rc < 0) {
		snprintf(err, errlen, "cannot run the compiler %s", argv[0]);
		return -1;
	}
	if (rc != 0) {
		char sig[1024];
		ck_contract_signature(&prog.ex, prog.args, prog.nargs, sig, sizeof sig);
		snprintf(err, errlen,
			 "%s does not build (the compiler's messages are above); %s's function "
			 "is %s",
			 path, prog.ex.name, sig);
		return -1;
	}
	return 0;
}

const algo *program_open(const char *exercise, const char *path, algo_params *p, char *err,
			 size_t errlen)
{
	if (prog.call) {
		snprintf(err, errlen, "one program a run");
		return NULL;
	}
	if (ck_exercise_find(exercise, &prog.ex, err, errlen) != 0)
		return NULL;
	if (!ck_contract_pram(prog.ex.contract)) {
		snprintf(err, errlen,
			 "%s is a %s exercise: --program runs a PRAM program (pram-program, "
			 "pram-inplace)%s",
			 prog.ex.name, ck_contract_name(prog.ex.contract),
			 ck_contract_kernel(prog.ex.contract) ? "; pram gpu runs a kernel" : "");
		return NULL;
	}
	prog.ref = algo_find(prog.ex.reference);
	if (!prog.ref || ck_reference_params(&prog.ex, prog.ref, p, err, errlen) != 0 ||
	    ck_contract_args(&prog.ex, prog.args, &prog.nargs, err, errlen) != 0)
		return NULL;
	char dir[PATH_MAX], so[PATH_MAX];
	if (files_tempdir("pramrun", dir, sizeof dir) != 0) {
		snprintf(err, errlen, "cannot make a temporary folder: %s", strerror(errno));
		return NULL;
	}
	int ok = build(path, dir, err, errlen) == 0;
	files_path(so, sizeof so, "%s/program.so", dir);
	if (ok && !(prog.so = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(err, errlen, "%s: %s", path, dlerror());
		ok = 0;
	}
	if (ok && !(prog.call = (call_fn)(uintptr_t)dlsym(prog.so, "pramdriver_call"))) {
		snprintf(err, errlen, "%s: the glue's call is missing", path);
		ok = 0;
	}
	/* the object stays mapped; its files go now */
	const char *made[] = {ck_basename(path), "glue.c", "program.so"};
	for (size_t k = 0; k < 3; k++) {
		char q[PATH_MAX];
		if (files_path(q, sizeof q, "%s/%s", dir, made[k]) == 0)
			unlink(q);
	}
	rmdir(dir);
	if (!ok)
		return NULL;
	/* the reference, but for its program, its name and its costs: the
	 * closed form is the reference's, not this program's */
	prog.alg = *prog.ref;
	snprintf(prog.name, sizeof prog.name, "%s", ck_basename(path));
	snprintf(prog.work_o, sizeof prog.work_o, "O(%s)",
		 prog.ex.work < CK_GROW_COUNT ? ck_growth_name(prog.ex.work) : "?");
	snprintf(prog.depth_o, sizeof prog.depth_o, "O(%s)",
		 prog.ex.depth < CK_GROW_COUNT ? ck_growth_name(prog.ex.depth) : "?");
	prog.alg.name = prog.name;
	prog.alg.desc = prog.ex.title ? prog.ex.title : prog.ex.name;
	prog.alg.simulate = prog_simulate;
	prog.alg.work_o = prog.work_o;
	prog.alg.depth_o = prog.depth_o;
	prog.alg.work_exact = prog.alg.depth_exact = NULL;
	prog.alg.cost = NULL;
	prog.alg.cost_in = NULL;
	prog.alg.figures = NULL;
	if (prog.ex.model_given || prog.ex.contract == CK_PRAM_INPLACE)
		prog.alg.model = (pram_model)prog.ex.model;
	p->model = prog.alg.model;
	return &prog.alg;
}
