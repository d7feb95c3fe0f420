/*
 * ports.c - the arguments and the signature of a program contract, made
 * from the reference's ports and parameters in the registry (ports.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "algo.h"
#include "ckutil.h"
#include "ports.h"

/* name as a C identifier: '-' and anything else not allowed become '_'. */
static void ident(char *buf, size_t len, const char *name, const char *suffix)
{
	snprintf(buf, len, "%s%s", name, suffix);
	for (char *q = buf; *q; q++)
		if (!isalnum((unsigned char)*q) && *q != '_')
			*q = '_';
}

static int add(ck_arg *args, size_t *n, ck_arg a, char *err, size_t errlen)
{
	if (*n >= CK_MAX_ARGS) {
		snprintf(err, errlen, "more than %d arguments", CK_MAX_ARGS);
		return -1;
	}
	args[(*n)++] = a;
	return 0;
}

/* The names of a list ("bins, groups"), each passed to fn; 0, or fn's -1. */
static int each_name(const char *list, int (*fn)(const char *name, void *ud), void *ud)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", list ? list : "");
	char *save = NULL;
	for (char *t = strtok_r(buf, ", \t", &save); t; t = strtok_r(NULL, ", \t", &save))
		if (fn(t, ud) != 0)
			return -1;
	return 0;
}

typedef struct build {
	const algo *a;
	ck_arg *args;
	size_t *nargs;
	char *err;
	size_t errlen;
} build;

static int add_param(const char *name, void *ud)
{
	build *b = ud;
	int k = algo_param_index(b->a, name);
	if (k < 0) {
		snprintf(b->err, b->errlen,
			 "params: %s has no parameter '%s' (pram run %s --help lists its own)",
			 b->a->name, name, b->a->name);
		return -1;
	}
	ck_arg x = {.kind = CK_ARG_PARAM, .param = k};
	ident(x.name, sizeof x.name, name, "");
	return add(b->args, b->nargs, x, b->err, b->errlen);
}

static int add_length(const char *name, void *ud)
{
	build *b = ud;
	const algo_port *out = algo_outputs(b->a);
	for (size_t k = 0; k < algo_nout(b->a); k++)
		if (strcmp(out[k].name, name) == 0) {
			ck_arg x = {.kind = CK_ARG_SIZE, .param = 3 + (int)k};
			ident(x.name, sizeof x.name, name, "_len");
			return add(b->args, b->nargs, x, b->err, b->errlen);
		}
	snprintf(b->err, b->errlen, "lengths: %s has no output '%s'", b->a->name, name);
	return -1;
}

static int add_local(const char *name, void *ud)
{
	build *b = ud;
	ck_arg x = {.kind = CK_ARG_LOCAL};
	ident(x.name, sizeof x.name, name, "");
	if (strcmp(x.name, name) != 0 || isdigit((unsigned char)name[0])) {
		snprintf(b->err, b->errlen, "local: '%s' is not a C name", name);
		return -1;
	}
	return add(b->args, b->nargs, x, b->err, b->errlen);
}

int ck_contract_args(const ck_exercise *ex, ck_arg *args, size_t *nargs, char *err, size_t errlen)
{
	*nargs = 0;
	const algo *a = algo_find(ex->reference ? ex->reference : "");
	if (!a) {
		snprintf(err, errlen, "reference '%s' is not in the registry",
			 ex->reference ? ex->reference : "");
		return -1;
	}
	algo_params p;
	if (ck_reference_params(ex, a, &p, err, errlen) != 0)
		return -1;
	const algo_port *in = algo_inputs(a), *out = algo_outputs(a);
	build b = {a, args, nargs, err, errlen};
	if (ex->contract == CK_PRAM_INPLACE) {
		ck_arg x = {.kind = CK_ARG_INOUT, .type = PRAM_INT};
		ident(x.name, sizeof x.name, in[0].name, "");
		ck_arg n = {.kind = CK_ARG_SIZE, .param = 0, .name = "n"};
		return add(args, nargs, x, err, errlen) || add(args, nargs, n, err, errlen) ? -1 : 0;
	}
	if (a->caps & ALGO_OUT_DATA) {
		snprintf(err, errlen,
			 "reference: the length of %s's output depends on the data, which a "
			 "program contract cannot take (its outputs have the lengths the "
			 "driver allocates)",
			 a->name);
		return -1;
	}
	if ((ex->locals || ex->lengths) && ex->contract != CK_KERNEL_PROGRAM) {
		snprintf(err, errlen, "%s: only a kernel-program takes it",
			 ex->locals ? "local" : "lengths");
		return -1;
	}
	for (size_t k = 0; k < algo_nin(a); k++) {
		ck_arg x = {.kind = CK_ARG_IN, .port = k, .type = algo_port_type(&in[k], &p)};
		ident(x.name, sizeof x.name, in[k].name, "");
		if (add(args, nargs, x, err, errlen) != 0)
			return -1;
		if (in[k].props & ALGO_PORT_FLAGS) {
			ck_arg f = {.kind = CK_ARG_FLAGS, .port = k, .type = PRAM_INT};
			ident(f.name, sizeof f.name, in[k].name, "_flags");
			if (add(args, nargs, f, err, errlen) != 0)
				return -1;
		}
	}
	for (size_t k = 0; k < algo_nout(a); k++) {
		ck_arg x = {.kind = CK_ARG_OUT, .port = k, .type = algo_port_type(&out[k], &p)};
		ident(x.name, sizeof x.name, out[k].name, "");
		/* a sort's keys in and keys out: the output is keys_out */
		for (size_t i = 0; i < algo_nin(a); i++)
			if (strcmp(in[i].name, out[k].name) == 0)
				ident(x.name, sizeof x.name, out[k].name, "_out");
		if (add(args, nargs, x, err, errlen) != 0)
			return -1;
	}
	if (each_name(ex->locals, add_local, &b) != 0)
		return -1;
	if (in[0].shape == ALGO_GRID) {
		ck_arg w = {.kind = CK_ARG_SIZE, .param = 1, .name = "w"};
		ck_arg h = {.kind = CK_ARG_SIZE, .param = 2, .name = "h"};
		if (add(args, nargs, w, err, errlen) || add(args, nargs, h, err, errlen))
			return -1;
	} else {
		ck_arg n = {.kind = CK_ARG_SIZE, .param = 0, .name = "n"};
		if (add(args, nargs, n, err, errlen) != 0)
			return -1;
	}
	/* a kernel cannot ask an array its length: the outputs lengths: names
	 * (spmv-csr's y, one a row) get theirs passed */
	if (each_name(ex->lengths, add_length, &b) != 0)
		return -1;
	if (each_name(ex->params, add_param, &b) != 0)
		return -1;
	/* two arguments of one name would not compile */
	for (size_t i = 0; i < *nargs; i++)
		for (size_t j = i + 1; j < *nargs; j++)
			if (strcmp(args[i].name, args[j].name) == 0 || strcmp(args[i].name, "m") == 0) {
				snprintf(err, errlen, "two arguments would be called '%s'",
					 args[i].name);
				return -1;
			}
	return 0;
}

/* The OpenCL C type of a kernel's port of pram_type t. */
static const char *cl_type(int t)
{
	return t == PRAM_FLOAT ? "float" : "int";
}

void ck_contract_signature(const ck_exercise *ex, const ck_arg *args, size_t nargs, char *buf,
			   size_t len)
{
	int kernel = ex->contract == CK_KERNEL_PROGRAM;
	size_t used = (size_t)snprintf(buf, len, kernel ? "kernel void %s(" : "void %s(pram *m",
				       ex->entry ? ex->entry : "ENTRY");
	for (size_t k = 0; k < nargs && used < len; k++) {
		const ck_arg *x = &args[k];
		const char *sep = kernel && k == 0 ? "" : ", ";
		char t[64];
		switch (x->kind) {
		case CK_ARG_IN:
		case CK_ARG_FLAGS:
			if (kernel)
				snprintf(t, sizeof t, "global const %s *",
					 x->kind == CK_ARG_FLAGS ? "uint" : cl_type(x->type));
			else
				snprintf(t, sizeof t, "pram_array *");
			break;
		case CK_ARG_OUT:
		case CK_ARG_INOUT:
			if (kernel)
				snprintf(t, sizeof t, "global %s *", cl_type(x->type));
			else
				snprintf(t, sizeof t, "pram_array *");
			break;
		case CK_ARG_LOCAL:
			snprintf(t, sizeof t, "local int *");
			break;
		case CK_ARG_SIZE:
			snprintf(t, sizeof t, kernel ? "uint " : "size_t ");
			break;
		default:
			snprintf(t, sizeof t, kernel ? "int " : "long ");
			break;
		}
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s", sep, t, x->name);
	}
	if (used < len)
		snprintf(buf + used, len - used, kernel ? ")" : ");");
}

int ck_signature_same(const char *a, const char *b)
{
	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

char *ck_program_glue(const ck_exercise *ex, const ck_arg *args, size_t nargs, const char *include)
{
	char sig[1024], call[2048];
	ck_contract_signature(ex, args, nargs, sig, sizeof sig);
	size_t used = (size_t)snprintf(call, sizeof call, "%s(m", ex->entry);
	for (size_t i = 0, arr = 0, par = 0; i < nargs && used < sizeof call; i++) {
		const ck_arg *g = &args[i];
		if (g->kind == CK_ARG_SIZE)
			used += (size_t)snprintf(call + used, sizeof call - used, ", sizes[%d]",
						 g->param);
		else if (g->kind == CK_ARG_PARAM)
			used += (size_t)snprintf(call + used, sizeof call - used, ", params[%zu]",
						 par++);
		else
			used += (size_t)snprintf(call + used, sizeof call - used, ", a[%zu]", arr++);
	}
	return ck_strf("/* the checker's glue: the contract, the submission, the call */\n"
		       "#include <stddef.h>\n#include \"pram.h\"\n%s\n#include \"%s\"\n"
		       "void pramdriver_call(pram *m, pram_array *const *a, const size_t *sizes, "
		       "const long *params);\n"
		       "void pramdriver_call(pram *m, pram_array *const *a, const size_t *sizes, "
		       "const long *params)\n{\n\t(void)sizes, (void)params;\n\t%s);\n}\n",
		       sig, include, call);
}
