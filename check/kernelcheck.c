/*
 * kernelcheck.c - the check of a kernel exercise (contracts
 * kernel-program, and its instances kernel-reduce-blocks and
 * kernel-scan-blocks): build it in a contained child and check that it
 * takes the contract's arguments, run the cases (the edges students get
 * wrong and random inputs) for each work-group size in children of their
 * own, compare with the registry's reference (a program's outputs whole,
 * by the reference's check, floats within its float tolerance; the block
 * contracts' block by block), say which work-group sizes fail, then run
 * the smallest failing case (or a small one) under Oclgrind, and the PRAM
 * view (check_pram_view), both through the helper program pram-grind-case
 * (grind.h), which runs ck_grind_case below. Integer overflow wraps (two's
 * complement), in the reference as on the device.
 *
 * Every case is one launch (student_cl_launch) of the contract's
 * arguments (ports.h): each input a global buffer with padding after it,
 * its segment flags packed 32 a word, each output zeroed (the block
 * contracts': a sentinel) with guard cells after it that catch a write
 * past its end, the local arrays of L ints, the sizes and the parameters.
 *
 * A child runs all the cases of one work-group size and reports one line
 * per case ("begin K", then "ok K", "bad K PORT INDEX WHAT" or "oob K PORT
 * INDEX LENGTH") on the grading channel (channel.h), never on its standard
 * output, which is the kernel's (OpenCL C has printf): what a kernel
 * prints is shown, never read. When the child dies or hangs in case K,
 * that case gets the diagnosis and a new child goes on with case K + 1.
 *
 * The work-group sizes tried are the exercise's local-sizes, or every
 * power of two from 1 to the largest work-group the device runs the kernel
 * in; a size whose cases did not all run is never called correct.
 */
#define _GNU_SOURCE /* realpath */
#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algo.h"
#include "channel.h"
#include "ckutil.h"
#include "contain.h"
#include "contracts.h"
#include "exercise.h"
#include "files.h"
#include "grind.h"
#include "grindview.h"
#include "gpuval.h"
#include "json.h"
#include "ports.h"
#include "result.h"
#include "student.h"

/* Guard cells after each output (L more), to catch writes past its end. */
#define GUARD    16
#define SENTINEL 0x7e7e7e7e
#define PADDING  0x05a5a5a5

/* Stop running cases after this many time-outs, and the cases of one
 * work-group size after this many deaths (crashes or time-outs). */
#define MAX_TIMEOUTS 2
#define MAX_DEATHS   2

typedef struct kcase {
	size_t n, L;
	size_t h; /* > 0: the first input a grid of n by h (the PRAM view's) */
	int dist;
	uint64_t seed;
	const char *why; /* "n < L", "n not a multiple of L", ... */
} kcase;

static void case_desc(const kcase *c, char *buf, size_t len)
{
	char size[64];
	if (c->h)
		snprintf(size, sizeof size, "%zu by %zu", c->n, c->h);
	else
		snprintf(size, sizeof size, "n = %zu", c->n);
	snprintf(buf, len, "%s%s%s%s, L = %zu, %s input, seed %" PRIu64, size, c->why ? " (" : "",
		 c->why ? c->why : "", c->why ? ")" : "", c->L, ck_dist_name(c->dist), c->seed);
}

/* A reference value as the device holds it: a sum wraps to 32 bits; a
 * maximum or minimum is an input or the operator's identity, which is
 * INT_MIN (INT_MAX) on the device where the simulator's is int64's. */
static int32_t dev32(int op, int64_t v)
{
	if (op == PRAM_OP_MAX || op == PRAM_OP_MIN)
		return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
	return (int32_t)(uint32_t)(uint64_t)v;
}

/* What a kernel's cases are made with: the reference, its parameters and
 * the contract's arguments (ports.h; the block contracts' own list for
 * kernel-reduce-blocks and kernel-scan-blocks). */
typedef struct kref {
	const algo *a;
	algo_params p;
	ck_arg args[CK_MAX_ARGS];
	size_t nargs;
} kref;

/* The block contracts' arguments: (in, out[, sums], tmp, n). */
static void block_args(const ck_exercise *ex, ck_arg *args, size_t *nargs)
{
	size_t k = 0;
	args[k++] = (ck_arg){.kind = CK_ARG_IN, .port = 0, .type = PRAM_INT, .name = "in"};
	args[k++] = (ck_arg){.kind = CK_ARG_OUT, .port = 0, .type = PRAM_INT, .name = "out"};
	if (ex->contract == CK_KERNEL_SCAN_BLOCKS)
		args[k++] =
		    (ck_arg){.kind = CK_ARG_OUT, .port = 1, .type = PRAM_INT, .name = "sums"};
	args[k++] = (ck_arg){.kind = CK_ARG_LOCAL, .name = "tmp"};
	args[k++] = (ck_arg){.kind = CK_ARG_SIZE, .param = 0, .name = "n"};
	*nargs = k;
}

/* Whether c continues an identifier. */
static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether word (len characters) is one of the NULL-ended words. */
static int word_in(const char *word, size_t len, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == len && strncmp(word, *words, len) == 0)
			return 1;
	return 0;
}

/* A kernel-stage's arguments, read from its signature (the project's
 * kernel's, which the exercise's lint compares): each a global buffer
 * (global or constant), a local array or a value, named as the signature
 * names it. Returns 0, or -1 with why in err. */
static int stage_args(const char *sig, ck_arg *args, size_t *nargs, char *err, size_t errlen)
{
	static const char *const global[] = {"global", "__global", "constant", "__constant", NULL};
	static const char *const local[] = {"local", "__local", NULL};
	const char *open = sig ? strchr(sig, '(') : NULL, *close = sig ? strrchr(sig, ')') : NULL;
	*nargs = 0;
	if (!open || !close || close < open) {
		snprintf(err, errlen, "the signature '%s' has no argument list", sig ? sig : "");
		return -1;
	}
	for (const char *p = open + 1; p < close;) {
		size_t len = strcspn(p, ",)");
		if (*nargs == CK_MAX_ARGS) {
			snprintf(err, errlen, "the signature has more than %d arguments",
				 CK_MAX_ARGS);
			return -1;
		}
		ck_arg *g = &args[*nargs];
		*g = (ck_arg){.kind = CK_ARG_PARAM};
		const char *name = NULL;
		size_t nlen = 0;
		for (const char *q = p; q < p + len;) {
			size_t w = 0;
			while (q + w < p + len && ident_char(q[w]))
				w++;
			if (!w) {
				q++;
				continue;
			}
			if (word_in(q, w, global))
				g->kind = CK_ARG_IN;
			else if (word_in(q, w, local))
				g->kind = CK_ARG_LOCAL;
			name = q;
			nlen = w;
			q += w;
		}
		if (name)
			snprintf(g->name, sizeof g->name, "%.*s", (int)nlen, name);
		if (name || len)
			(*nargs)++;
		p += len + (p[len] == ',');
		if (p[-1] == ')')
			break;
	}
	return 0;
}

/* The reference, its parameters and the arguments of ex. Returns 0, or -1
 * with why in err. */
static int kref_make(const ck_exercise *ex, kref *kr, char *err, size_t errlen)
{
	kr->a = algo_find(ex->reference ? ex->reference : "");
	if (!kr->a) {
		snprintf(err, errlen, "the reference %s is not in the registry",
			 ex->reference ? ex->reference : "");
		return -1;
	}
	if (ck_reference_params(ex, kr->a, &kr->p, err, errlen) != 0)
		return -1;
	if (ex->contract == CK_KERNEL_STAGE)
		return stage_args(ex->signature, kr->args, &kr->nargs, err, errlen);
	if (ex->contract != CK_KERNEL_PROGRAM) {
		block_args(ex, kr->args, &kr->nargs);
		return 0;
	}
	return ck_contract_args(ex, kr->args, &kr->nargs, err, errlen);
}

/* The expected outputs of a block contract on in (n values, blocks of L):
 * want[0] the blocks' reductions (groups values) or scans (n), want[1] the
 * scan's block totals, from the reference with the exercise's op,
 * elements at n and beyond counting as the operator's identity. Returns 0,
 * or -1 out of memory. */
static int expected_blocks(const ck_exercise *ex, const kref *kr, const algo_data *in, size_t L,
			   algo_data *want)
{
	size_t n = in->n, groups = n ? (n + L - 1) / L : 1;
	int op = ex->op, scan = ex->contract == CK_KERNEL_SCAN_BLOCKS;
	if (algo_data_alloc(&want[0], scan ? n : groups, PRAM_INT, 0) != 0 ||
	    (scan && algo_data_alloc(&want[1], groups, PRAM_INT, 0) != 0))
		return -1;
	for (size_t g = 0; g < groups; g++) {
		size_t lo = g * L, len = lo >= n ? 0 : (n - lo < L ? n - lo : L);
		algo_data din = {0}, dout = {0};
		if (algo_data_alloc(&din, len, PRAM_INT, 0) != 0)
			return -1;
		int64_t total = pram_op_identity_i((pram_op)op);
		for (size_t i = 0; i < len; i++) {
			int64_t v = in->vals[lo + i].i;
			din.vals[i].i = v;
			total = op == PRAM_OP_MAX   ? (v > total ? v : total)
				: op == PRAM_OP_MIN ? (v < total ? v : total)
						    : total + v;
		}
		if (algo_alloc_outputs(kr->a, &din, &kr->p, &dout) != 0) {
			algo_data_free(&din);
			return -1;
		}
		if (len)
			kr->a->reference(&din, &dout, &kr->p);
		if (!scan) {
			want[0].vals[g].i = dev32(op, len ? dout.vals[0].i : total);
		} else {
			for (size_t i = 0; i < len; i++)
				want[0].vals[lo + i].i = dev32(op, dout.vals[i].i);
			want[1].vals[g].i = dev32(op, total);
		}
		algo_data_free(&din);
		algo_data_free(&dout);
	}
	return 0;
}

/* One case's launch, made in the child: the arguments, the global buffer
 * of each (an input with padding after it, an output with guard cells),
 * the inputs as the device holds them and the outputs expected. */
typedef struct klaunch {
	student_arg arg[CK_MAX_ARGS];
	int32_t *buf[CK_MAX_ARGS]; /* each global argument's buffer (malloc'd), or NULL */
	size_t len[CK_MAX_ARGS];   /* its elements, padding and guards not counted */
	algo_data in[ALGO_MAX_PORTS], want[ALGO_MAX_PORTS];
	size_t w, h; /* the launch: over w elements, or a w by h grid (h > 0) */
} klaunch;

static void klaunch_free(klaunch *kl)
{
	for (size_t k = 0; k < CK_MAX_ARGS; k++)
		free(kl->buf[k]);
	algo_data_free_all(kl->in, ALGO_MAX_PORTS);
	algo_data_free_all(kl->want, ALGO_MAX_PORTS);
}

/* The first input as a w by h grid of its own values, repeated (or zeros). */
static int reshape(algo_data *d, size_t w, size_t h)
{
	algo_data g = {0};
	if (algo_grid_alloc(&g, w, h, d->type) != 0)
		return -1;
	for (size_t i = 0; d->n && i < g.n; i++)
		g.vals[i] = d->vals[i % d->n];
	algo_data_free(d);
	*d = g;
	return 0;
}

/* The inputs of case c from the registry's generator (the block
 * contracts: integers from ck_fill), the first input all one value for an
 * all-equal case and extreme values for an algorithm with an operator,
 * held as the device holds them (32-bit integers, floats); then the
 * reference's outputs. Returns 0, or -1 with why in err. */
/* A kernel-program's expected outputs with blocks: yes, the reference run
 * on each work-group's block of L elements of every input alone (its
 * flags with it), the blocks' outputs one after the other. 0, or -1 when
 * out of memory. */
static int program_blocks(const kref *kr, const algo_data *in, size_t L, algo_data *want)
{
	const algo *a = kr->a;
	size_t n = in[0].n, groups = n ? (n + L - 1) / L : 0, nin = algo_nin(a),
	       nout = algo_nout(a);
	algo_data part[ALGO_MAX_PORTS] = {{0}}, pout[ALGO_MAX_PORTS] = {{0}};
	int rc = -1;
	/* the lengths first: every block's outputs */
	size_t len[ALGO_MAX_PORTS] = {0};
	for (int pass = 0; pass < 2; pass++) {
		size_t at[ALGO_MAX_PORTS] = {0};
		for (size_t g = 0; g < groups; g++) {
			size_t lo = g * L, m = n - lo < L ? n - lo : L;
			for (size_t k = 0; k < nin; k++) {
				if (algo_data_alloc(&part[k], m, in[k].type, in[k].flags != NULL) !=
				    0)
					goto done;
				memcpy(part[k].vals, in[k].vals + lo, m * sizeof *part[k].vals);
				if (in[k].flags)
					memcpy(part[k].flags, in[k].flags + lo, m);
			}
			if (algo_alloc_outputs(a, part, &kr->p, pout) != 0)
				goto done;
			if (pass)
				a->reference(part, pout, &kr->p);
			for (size_t k = 0; k < nout; k++) {
				if (pass)
					memcpy(want[k].vals + at[k], pout[k].vals,
					       pout[k].n * sizeof *pout[k].vals);
				at[k] += pout[k].n;
			}
			algo_data_free_all(part, nin);
			algo_data_free_all(pout, nout);
		}
		for (size_t k = 0; k < nout && !pass; k++) {
			len[k] = at[k];
			if (algo_data_alloc(&want[k], len[k],
					    algo_port_type(&algo_outputs(a)[k], &kr->p), 0) != 0)
				goto done;
		}
	}
	rc = 0;
done:
	algo_data_free_all(part, nin);
	algo_data_free_all(pout, nout);
	return rc;
}

static int make_inputs(const ck_exercise *ex, const kref *kr, const kcase *c, klaunch *kl,
		       char *err, size_t errlen)
{
	algo_data *in = kl->in;
	int64_t *v = NULL;
	if (ex->contract != CK_KERNEL_PROGRAM) {
		if (algo_data_alloc(&in[0], c->n, PRAM_INT, 0) != 0)
			goto oom;
	} else {
		size_t n = c->h ? c->n * c->h : c->n;
		if (algo_generate(kr->a, in, n, &kr->p, c->seed) != 0) {
			snprintf(err, errlen, "the reference %s cannot make an input of n = %zu",
				 kr->a->name, n);
			return -1;
		}
		if (c->h && reshape(&in[0], c->n, c->h) != 0)
			goto oom;
		if (c->dist == CK_DIST_EQUAL)
			for (size_t i = 1; i < in[0].n; i++)
				in[0].vals[i] = in[0].vals[0];
	}
	int fill = ex->contract != CK_KERNEL_PROGRAM ||
		   (c->dist == CK_DIST_EXTREME && in[0].type == PRAM_INT);
	if (fill) {
		v = calloc(in[0].n ? in[0].n : 1, sizeof *v);
		if (!v)
			goto oom;
		ck_fill(v, in[0].n, c->dist, c->seed);
		for (size_t i = 0; i < in[0].n; i++)
			in[0].vals[i].i = v[i];
		free(v);
	}
	/* the device's values: what the reference must see too */
	size_t nin = ex->contract == CK_KERNEL_PROGRAM ? algo_nin(kr->a) : 1;
	for (size_t k = 0; k < nin; k++)
		for (size_t i = 0; i < in[k].n; i++)
			if (in[k].type == PRAM_INT)
				in[k].vals[i].i = (int32_t)(uint32_t)(uint64_t)in[k].vals[i].i;
			else
				in[k].vals[i].f = (float)in[k].vals[i].f;
	kl->w = ex->launch ? in[0].w : in[0].n;
	kl->h = ex->launch ? (in[0].h ? in[0].h : 1) : 0;
	if (ex->contract != CK_KERNEL_PROGRAM)
		return expected_blocks(ex, kr, &in[0], c->L, kl->want) != 0 ? -1 : 0;
	if (ex->blocks) {
		if (program_blocks(kr, in, c->L, kl->want) != 0)
			goto oom;
	} else {
		if (algo_alloc_outputs(kr->a, in, &kr->p, kl->want) != 0)
			goto oom;
		if (in[0].n)
			kr->a->reference(in, kl->want, &kr->p);
	}
	for (size_t k = 0; k < algo_nout(kr->a); k++)
		for (size_t i = 0; kl->want[k].type == PRAM_INT && i < kl->want[k].n; i++)
			kl->want[k].vals[i].i = (int32_t)(uint32_t)(uint64_t)kl->want[k].vals[i].i;
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* The values of d as the device's words. */
static void put_words(int32_t *w, const algo_data *d)
{
	for (size_t i = 0; i < d->n; i++) {
		if (d->type == PRAM_INT) {
			w[i] = (int32_t)d->vals[i].i;
		} else {
			float f = (float)d->vals[i].f;
			memcpy(&w[i], &f, 4);
		}
	}
}

/* Case c's launch into kl: its inputs and expected outputs, and its
 * arguments; exact: buffers of the ports' own lengths (under Oclgrind),
 * else inputs padded and outputs followed by guard cells. Returns 0, or -1
 * with why in err. */
static int make_launch(const ck_exercise *ex, const kref *kr, const kcase *c, int exact,
		       klaunch *kl, char *err, size_t errlen)
{
	memset(kl, 0, sizeof *kl);
	if (make_inputs(ex, kr, c, kl, err, errlen) != 0)
		return -1;
	for (size_t k = 0; k < kr->nargs; k++) {
		const ck_arg *g = &kr->args[k];
		student_arg *x = &kl->arg[k];
		const algo_data *d = g->kind == CK_ARG_OUT ? &kl->want[g->port] : &kl->in[g->port];
		switch (g->kind) {
		case CK_ARG_LOCAL:
			x->kind = STUDENT_LOCAL;
			continue;
		case CK_ARG_SIZE:
			x->kind = STUDENT_UINT;
			x->value = (int64_t)(g->param == 0   ? kl->in[0].n
					     : g->param == 1 ? kl->in[0].w
					     : g->param == 2 ? kl->in[0].h
							     : kl->want[g->param - 3].n);
			continue;
		case CK_ARG_PARAM:
			x->kind = STUDENT_INT;
			x->value = kr->p.v[g->param];
			continue;
		default:
			break;
		}
		size_t len = g->kind == CK_ARG_FLAGS ? (d->n + 31) / 32 : d->n;
		size_t cap = exact ? len : len + c->L + GUARD;
		int32_t *w = malloc(4 * (cap ? cap : 1));
		if (!w) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		kl->buf[k] = w;
		kl->len[k] = len;
		int out = g->kind == CK_ARG_OUT;
		for (size_t i = 0; i < cap; i++)
			w[i] = out ? SENTINEL : PADDING;
		if (g->kind == CK_ARG_IN) {
			put_words(w, d);
		} else if (g->kind == CK_ARG_FLAGS) {
			memset(w, 0, 4 * len);
			for (size_t i = 0; i < d->n; i++)
				if (d->flags ? d->flags[i] != 0 : i == 0)
					w[i / 32] = (int32_t)((uint32_t)w[i / 32] | 1u << (i % 32));
		} else if (ex->contract == CK_KERNEL_PROGRAM) {
			memset(w, 0, 4 * len); /* outputs start zeroed */
		}
		*x = (student_arg){.kind = STUDENT_GLOBAL, .data = w, .len = cap, .out = out};
	}
	return 0;
}

/* Kernel output k of kl (argument g) as an algo_data like the expected. */
static int got_output(const klaunch *kl, size_t k, const algo_data *want, algo_data *got)
{
	if (algo_data_alloc(got, want->n, want->type, 0) != 0)
		return -1;
	got->w = want->w, got->h = want->h;
	for (size_t i = 0; i < want->n; i++) {
		if (want->type == PRAM_INT) {
			got->vals[i].i = kl->buf[k][i];
		} else {
			float f;
			memcpy(&f, &kl->buf[k][i], 4);
			got->vals[i].f = f;
		}
	}
	return 0;
}

/* One check of a kernel: what its parts share. */
typedef struct kctx {
	const ck_exercise *ex;
	const char *path, *src, *shown;
	ck_channel ch; /* where the children report */
	int printed;   /* the kernel's own output was shown in a note */
	size_t max_wg; /* the largest work-group the device runs it in */
	ck_result *r;
} kctx;

typedef struct kjob {
	const ck_exercise *ex;
	const char *src, *shown;
	const kcase *cases;
	size_t ncases, start;
	int exact;            /* exact buffer sizes (under Oclgrind), else padding and guards */
	int show;             /* report the outputs too */
	const ck_channel *ch; /* the grading channel; NULL: standard output (under
			       * Oclgrind, where only Oclgrind's log is read) */
} kjob;

/* The start of a line of the child's report; end_line ends it. */
static FILE *begin_line(const kjob *j)
{
	if (!j->ch)
		return stdout;
	fprintf(j->ch->f, "%s ", j->ch->nonce);
	return j->ch->f;
}

static void end_line(FILE *f)
{
	fputc('\n', f);
	fflush(f);
}

/* One line of the report; a newline in what fmt makes is a space. */
static void say(const kjob *j, const char *fmt, ...)
{
	char line[16384];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	for (char *q = line; *q; q++)
		if (*q == '\n')
			*q = ' ';
	FILE *f = begin_line(j);
	fputs(line, f);
	end_line(f);
}

/* A build log, one line of the report per line of it, each after tag. */
static void say_log(const kjob *j, const char *tag, const char *log)
{
	for (const char *q = log; *q;) {
		size_t n = strcspn(q, "\n");
		FILE *f = begin_line(j);
		fprintf(f, "%s %.*s", tag, (int)n, q);
		end_line(f);
		q += n + (q[n] == '\n');
	}
}

static void say_vals(const kjob *j, const char *name, const int32_t *v, size_t n)
{
	FILE *f = begin_line(j);
	fputs(name, f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %" PRId32, v[i]);
	end_line(f);
}

/* The lines after tag in a report, joined by newlines (malloc'd). */
static char *lines_after(const char *lines, const char *tag)
{
	size_t tl = strlen(tag), used = 0;
	char *out = malloc(strlen(lines) + 1);
	if (!out)
		return NULL;
	for (const char *q = lines; *q;) {
		size_t n = strcspn(q, "\n");
		if (n > tl && strncmp(q, tag, tl) == 0 && q[tl] == ' ')
			used +=
			    (size_t)sprintf(out + used, "%.*s\n", (int)(n - tl - 1), q + tl + 1);
		q += n + (q[n] == '\n');
	}
	out[used] = '\0';
	return out;
}

/* What the kernel printed (its child's standard output and error), shown
 * once in a note, never read as results. */
static void keep_printed(kctx *kc, const char *out)
{
	if (kc->printed || !out[0])
		return;
	kc->printed = 1;
	ck_note_output(kc->r, "the kernel", out);
}

/* Judge the outputs of case k's launch and report it: "bad K PORT INDEX
 * WHAT" for the first wrong value, "oob K PORT INDEX LEN" for a guard cell
 * written, else "ok K". The block contracts compare exactly, a program's
 * outputs are the reference's check (algo_verify), floats within the
 * reference's tolerance for float arithmetic. */
static void judge_launch(const kjob *j, const kref *kr, const klaunch *kl, size_t k)
{
	int program = j->ex->contract == CK_KERNEL_PROGRAM;
	algo_data got[ALGO_MAX_PORTS] = {{0}};
	size_t at[ALGO_MAX_PORTS] = {0}; /* each output's argument */
	size_t nout = 0;
	for (size_t i = 0; i < kr->nargs; i++)
		if (kr->args[i].kind == CK_ARG_OUT) {
			size_t port = kr->args[i].port;
			at[port] = i;
			nout = port + 1 > nout ? port + 1 : nout;
			if (got_output(kl, i, &kl->want[port], &got[port]) != 0) {
				say(j, "error %zu out of memory", k);
				goto done;
			}
		}
	size_t port = 0;
	long bad = -1;
	char what[600];
	/* blocks: each block's outputs as the reference made them, exactly */
	int whole = program && !j->ex->blocks;
	if (whole) {
		double tol = algo_tolerance(kr->a, kl->in, &kr->p, FLT_EPSILON);
		bad = algo_verify(kr->a, kl->in, got, kl->want, &kr->p, tol, &port, what,
				  sizeof what);
	}
	for (size_t q = 0; !whole && q < nout && bad < 0; q++)
		for (size_t i = 0; i < kl->want[q].n && bad < 0; i++)
			if (got[q].vals[i].i != kl->want[q].vals[i].i) {
				port = q;
				bad = (long)i;
				snprintf(what, sizeof what,
					 "%s[%zu] = %" PRId64 ", expected %" PRId64,
					 kr->args[at[q]].name, i, got[q].vals[i].i,
					 kl->want[q].vals[i].i);
			}
	if (bad >= 0) {
		const char *name = kr->args[at[port]].name;
		if (whole)
			say(j, "bad %zu %s %ld %s%s%s (the reference: %s)", k, name, bad,
			    kr->a->check ? "" : name, kr->a->check ? "" : ": ", what, kr->a->name);
		else
			say(j, "bad %zu %s %ld %s", k, name, bad, what);
		goto done;
	}
	/* a guard cell written: a write past the output's end */
	for (size_t q = 0; !j->exact && q < nout; q++) {
		size_t i = at[q];
		for (size_t e = kl->len[i]; e < kl->arg[i].len; e++)
			if (kl->buf[i][e] != SENTINEL) {
				say(j, "oob %zu %s %zu %zu", k, kr->args[i].name, e, kl->len[i]);
				goto done;
			}
	}
	say(j, "ok %zu", k);
done:
	algo_data_free_all(got, ALGO_MAX_PORTS);
}

/* Run the cases start.. of a kernel-stage job, in the child: each the
 * reference's teaching kernels over the registry's input, c's kernel in
 * the place of theirs (student_cl_stage), and the last output judged by
 * the reference. A case whose stage was not run in work-groups of its L
 * (the runner allows less), or not at all, is "unrun K WHY": the size is
 * not judged on it. */
static int run_stage(const kjob *j, const kref *kr, student_cl *c)
{
	char err[4096], why[600];
	const algo_port *out = algo_outputs(kr->a);
	for (size_t k = j->start; k < j->ncases; k++) {
		const kcase *kc = &j->cases[k];
		algo_data in[ALGO_MAX_PORTS] = {{0}};
		if (algo_generate(kr->a, in, kc->n, &kr->p, kc->seed) != 0) {
			say(j, "error %zu the reference %s cannot make an input of n = %zu", k,
			    kr->a->name, kc->n);
			return 3;
		}
		/* every other case not square, every third one segment */
		ck_vary_case(kr->a, in, kc->seed % 2 == 0, kc->seed % 3 == 0);
		if (kc->dist == CK_DIST_EQUAL)
			for (size_t i = 1; i < in[0].n; i++)
				in[0].vals[i] = in[0].vals[0];
		say(j, "begin %zu", k);
		int ok;
		unsigned ran;
		size_t ran_L;
		int rc = student_cl_stage(c, kr->a, &kr->p, in, kc->L, &ok, &ran, &ran_L, why,
					  sizeof why, err, sizeof err);
		algo_data_free_all(in, ALGO_MAX_PORTS);
		if (rc != 0) {
			say(j, "error %zu %s", k, err);
			return 3;
		}
		if (kc->n && !ran)
			say(j, "unrun %zu the reference's teaching kernels never ran %s", k,
			    j->ex->entry);
		else if (ran && ran_L != kc->L)
			say(j,
			    "unrun %zu %s's teaching kernels run %s in work-groups of %zu at most",
			    k, kr->a->name, j->ex->entry, ran_L);
		else if (!ok)
			say(j,
			    "bad %zu %s 0 %s (the reference: %s, its other stages the project's)",
			    k, out[0].name, why, kr->a->name);
		else
			say(j, "ok %zu", k);
	}
	return 0;
}

/* Run the cases start.. of the job; in the child. */
static int run_cases(void *arg)
{
	kjob *j = arg;
	char err[16384];
	int bf;
	kref kr;
	if (kref_make(j->ex, &kr, err, sizeof err) != 0) {
		say(j, "error %s", err);
		return 3;
	}
	/* under Oclgrind: no optimisation, so every access keeps its line */
	const char *opts = j->exact ? "-cl-std=CL1.2 -cl-opt-disable" : "-cl-std=CL1.2";
	student_cl *c =
	    student_cl_open(NULL, j->src, j->shown, j->ex->entry, opts, &bf, err, sizeof err);
	if (!c) {
		if (bf)
			say_log(j, "build", err);
		else
			say(j, "error %s", err);
		return 3;
	}
	if (j->ex->contract == CK_KERNEL_STAGE) {
		int rc = run_stage(j, &kr, c);
		student_cl_close(c);
		return rc;
	}
	for (size_t k = j->start; k < j->ncases; k++) {
		const kcase *kc = &j->cases[k];
		klaunch kl;
		if (make_launch(j->ex, &kr, kc, j->exact, &kl, err, sizeof err) != 0) {
			say(j, "error %zu %s", k, err);
			klaunch_free(&kl);
			return 3;
		}
		say(j, "begin %zu", k);
		if (student_cl_launch(c, kl.arg, kr.nargs, kc->L, kl.w, kl.h, err, sizeof err) !=
		    0) {
			say(j, "error %zu %s", k, err);
			klaunch_free(&kl);
			return 3;
		}
		for (size_t i = 0; j->show && i < kr.nargs; i++) {
			const ck_arg *g = &kr.args[i];
			if ((g->kind == CK_ARG_IN && g->port == 0) || g->kind == CK_ARG_OUT)
				say_vals(j, g->name, kl.buf[i], kl.len[i]);
		}
		judge_launch(j, &kr, &kl, k);
		klaunch_free(&kl);
	}
	student_cl_close(c);
	return 0;
}

static int at_most(size_t n, size_t top)
{
	return n <= top;
}

/* Whether the exercise's contract allows work-groups of L. */
static int local_allowed(const ck_exercise *ex, size_t L)
{
	for (size_t k = 0; k < ex->nlocal; k++)
		if (ex->local_sizes[k] == L)
			return 1;
	return ex->nlocal == 0;
}

/* The cases for one work-group size: the edges, then the exercise's sizes
 * with random inputs, then all-equal and (a block contract, or a reference
 * with an operator) extreme values; none past the reference's largest n. */
static size_t make_cases(const ck_exercise *ex, size_t L, kcase *cs, size_t max)
{
	const algo *a = algo_find(ex->reference ? ex->reference : "");
	size_t top = a && a->max_n ? a->max_n : SIZE_MAX;
	int program = ex->contract == CK_KERNEL_PROGRAM || ex->contract == CK_KERNEL_STAGE;
	int extreme = !program || (a && (a->caps & ALGO_OP));
	size_t k = 0;
#define ADD(N, D, WHY)                                                                           \
	do {                                                                                     \
		if (k < max && at_most(N, top))                                                  \
			cs[k++] =                                                                \
			    (kcase){.n = (N), .L = L, .dist = (D), .seed = k + 1, .why = (WHY)}; \
	} while (0)
	ADD(0, CK_DIST_RANDOM, "empty");
	ADD(1, CK_DIST_RANDOM, "one element");
	if (L > 2)
		ADD(L / 2 + 1, CK_DIST_RANDOM, "n < L");
	ADD(L, CK_DIST_RANDOM, "one full work-group");
	ADD(3 * L + 1, CK_DIST_RANDOM, "n not a multiple of L");
	ADD(1000, CK_DIST_RANDOM, "not a power of two");
	for (size_t s = 0; s < ex->nsizes; s++)
		ADD(ex->sizes[s], CK_DIST_RANDOM, NULL);
	ADD(1000, CK_DIST_EQUAL, NULL);
	if (extreme)
		ADD(1000, CK_DIST_EXTREME, "sums wrap around");
#undef ADD
	return k;
}

/* A growth class with L for n ("L log L"), for the PRAM view of one
 * work-group of L. */
static void growth_L(ck_growth g, char *buf, size_t len)
{
	const char *s = ck_growth_name(g);
	size_t k = 0;
	for (size_t i = 0; s[i] && k + 1 < len; i++) {
		int alone = s[i] == 'n' && (i == 0 || s[i - 1] == ' ') &&
			    (s[i + 1] == '\0' || s[i + 1] == ' ');
		buf[k++] = alone ? 'L' : s[i];
	}
	buf[k] = '\0';
}

/* "3, 7, 15, ..." of the measured values, into buf. */
static void list_vals(const ck_result *r, int depth, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t k = 0; k < r->npview; k++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%llu", k ? ", " : "",
			 depth ? (unsigned long long)r->pview[k].depth : r->pview[k].work);
}

/* Why the PRAM view cannot be measured here, or NULL: then *og, *so and
 * *hc are oclgrind, the plugin and the helper program. buf holds a
 * message made for the occasion. */
static const char *view_blocked(int timeouts, const char **og, const char **so, const char **hc,
				char *buf, size_t len)
{
	*og = ck_oclgrind();
	*so = gv_plugin_path();
	*hc = ck_grind_case_path(buf, len);
	const char *env = getenv("PRAM_GRIND_PLUGIN");
	if (!*og)
		return "Oclgrind is not installed (Debian: apt-get install oclgrind)";
	if (!*so && env) {
		snprintf(buf, len,
			 "the pramsim Oclgrind plugin named by PRAM_GRIND_PLUGIN (%s) cannot be "
			 "read",
			 env);
		return buf;
	}
	if (!*so)
		return "the pramsim Oclgrind plugin is not built (configure found no "
		       "liboclgrind-dev or no C++ compiler)";
	if (!*hc)
		return buf;
	return timeouts ? "the kernel does not finish" : NULL;
}

/* path made absolute (the sandbox shows a file at its own path, and the
 * child's working folder is not the caller's), into buf. */
static void absolute(const char *path, char *buf, size_t len)
{
	char real[PATH_MAX];
	snprintf(buf, len, "%s", realpath(path, real) ? real : path);
}

/* Work-groups of the PRAM view of a kernel-program with blocks: yes. Its
 * blocks are reduced alone, but a block may need what the blocks before it
 * hold (where its outputs go: jfa-kernel's partitions before the block,
 * a split's or a counting sort's keys before it), and with n = L there is
 * no block before the first: one work-item counting them all would not
 * show. With 4 blocks the last one counts 3 L elements before it, which
 * costs a work-item alone 3 L / 32 flag words (jfa-kernel), the group's
 * L work-items 3 / 32 each. */
#define VIEW_BLOCKS 4

/* The work-groups of ex's PRAM view: VIEW_BLOCKS for blocks: yes, else 1
 * (n = L). */
static size_t view_groups(const ck_exercise *ex)
{
	return ex->contract == CK_KERNEL_PROGRAM && ex->blocks && !ex->launch ? VIEW_BLOCKS : 1;
}

/* Four blocks do not show every loop over the blocks before a block: a
 * work-item alone that counts jfa-kernel's partitions before its block 32
 * flags a word by popcount reads 3 L / 32 words, a unit of time a K = 8
 * of them, and skips the tree that L work-items sharing the count need,
 * so at L = 64 it is shallower than the solution (D = 29 against 34). So
 * a blocks exercise's view has one more launch, of VIEW_MANY_BLOCKS
 * work-groups of the sweep's largest L, judged by judge_before: there the
 * last group counts 63 L elements before it. Under Oclgrind at L = 64 that
 * cheat's last group took D = 51 against 28 for group 0, which has none
 * before it, and the lessons' solutions the same D in every group (0.3 to
 * 2.2 s a launch). */
#define VIEW_MANY_BLOCKS 64

/* Run the helper under Oclgrind with the plugin, one launch of
 * view_groups(ex) work-groups of L, n = that many times L, for each of
 * Ls[0..m), then, when many is set, one of VIEW_MANY_BLOCKS work-groups of
 * Ls[m - 1], and read what the plugin recorded into run. Returns 0, or -1
 * with a note. */
static int record_view(const ck_exercise *ex, const char *path, const char *og, const char *so,
		       const char *hc, const size_t *Ls, size_t m, int many, gv_run *run,
		       ck_result *r)
{
	char list[(CK_MAX_LIST + 1) * 10] = "", ns[(CK_MAX_LIST + 1) * 10] = "", err[1024];
	for (size_t k = 0; k < m + (many != 0); k++) {
		size_t L = Ls[k < m ? k : m - 1],
		       groups = k < m ? view_groups(ex) : VIEW_MANY_BLOCKS;
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%zu", k ? "," : "", L);
		/* a grid launch's work-group is one row of L cells */
		snprintf(ns + strlen(ns), sizeof ns - strlen(ns), "%s%zu%s", k ? "," : "",
			 L * groups, ex->contract == CK_KERNEL_PROGRAM && ex->launch ? "x1" : "");
	}
	char dir[PATH_MAX], outp[PATH_MAX];
	int made = files_tempdir("pramview", dir, sizeof dir) == 0;
	if (!made || files_path(outp, sizeof outp, "%s/view.grind", dir) != 0) {
		ck_note(r, "cannot make a temporary folder for the PRAM view");
		if (made)
			rmdir(dir);
		return -1;
	}
	/* no -g: Oclgrind gives the lines anyway, and -g changes what it runs */
	char aex[PATH_MAX], apath[PATH_MAX];
	absolute(ex->path, aex, sizeof aex);
	absolute(path, apath, sizeof apath);
	char *argv[] = {(char *)og, "--plugins", (char *)so, (char *)hc, "--record", outp, aex,
			apath,      ns,          list,       "0",        "1",        NULL};
	ck_limits gl = {
	    .wall_s = ex->time_limit * 3, .sandbox = 1, .ro = {aex, apath}, .rw = {dir}};
	ck_proc p;
	int ret = -1;
	if (ck_contain_exec(argv, &gl, &p, err, sizeof err) != 0) {
		ck_note(r, "the PRAM view: cannot run Oclgrind: %s", err);
		goto done;
	}
	char how[160];
	ck_proc_describe(&p, how, sizeof how);
	if (gv_read(outp, run, err, sizeof err) != 0) {
		ck_note(r,
			"the PRAM view: Oclgrind with the plugin %s and recorded nothing usable "
			"(%s)%s%.300s",
			how, err, p.out[0] ? "; it said: " : "", p.out);
	} else {
		if (p.timed_out || !p.exited || p.status != 0)
			ck_note(r, "the PRAM view: Oclgrind %s after %zu of %zu launches", how,
				run->nlaunch, m + (many != 0));
		ret = 0;
	}
	ck_proc_free(&p);
done:
	unlink(outp);
	rmdir(dir);
	return ret;
}

/* Keep of run only the first launch of kernel at each work-group size: a
 * stage's PRAM view, without the project's kernels of the pipeline (or
 * the stage's own later passes). */
static void keep_stage(gv_run *run, const char *kernel)
{
	gv_run drop = {0};
	if (!run->nlaunch || !(drop.launch = malloc(run->nlaunch * sizeof *drop.launch)))
		return;
	size_t keep = 0;
	for (size_t k = 0; k < run->nlaunch; k++) {
		gv_launch *l = &run->launch[k];
		int again = 0;
		for (size_t q = 0; q < keep; q++)
			again |= run->launch[q].local[0] == l->local[0];
		if (strcmp(l->kernel, kernel) == 0 && !again)
			run->launch[keep++] = *l;
		else
			drop.launch[drop.nlaunch++] = *l;
	}
	run->nlaunch = keep;
	gv_free(&drop);
}

/* The launches of run as the result's PRAM view, each by its deepest
 * work-group (the only one, or the last of view_groups(ex) blocks), and a
 * note that lists them. */
static void keep_view(const ck_exercise *ex, const gv_run *run, const char *path, ck_result *r)
{
	size_t groups = view_groups(ex);
	r->npview = r->nwd = 0;
	for (size_t k = 0; k < run->nlaunch && r->npview < CK_MAX_LIST; k++) {
		const gv_launch *l = &run->launch[k];
		if ((l->dim != 1 && l->local[1] != 1) || l->ngroup != groups || l->local[0] < 2)
			continue;
		const gv_group *deep = &l->group[0];
		for (size_t g = 1; g < l->ngroup; g++)
			if (l->group[g].depth >= deep->depth)
				deep = &l->group[g];
		ck_pview *v = &r->pview[r->npview++];
		v->L = l->local[0];
		v->work = deep->work;
		v->depth = deep->depth;
		r->wd_x[r->nwd] = (double)v->L;
		r->wd_w[r->nwd] = (double)v->work;
		r->wd_d[r->nwd++] = (double)v->depth;
		r->wd_xname = "L";
		v->access = (int)l->access;
		v->line = l->access != GV_EREW ? l->group[l->worst].first.line : 0;
		snprintf(v->array, sizeof v->array, "%s",
			 l->access != GV_EREW ? l->group[l->worst].first.array : "");
	}
	char acc[CK_MAX_LIST * 48] = "";
	for (size_t k = 0; k < r->npview; k++) {
		const ck_pview *v = &r->pview[k];
		snprintf(acc + strlen(acc), sizeof acc - strlen(acc),
			 "%sL = %zu: W = %llu, D = %zu, %s", k ? "; " : "", v->L, v->work, v->depth,
			 gv_class_name((gv_class)v->access));
		if (v->access != GV_EREW && v->line)
			snprintf(acc + strlen(acc), sizeof acc - strlen(acc), " (%s:%u%s%s)",
				 ck_basename(path), v->line, v->array[0] ? ", " : "", v->array);
	}
	if (r->npview && groups == 1)
		ck_note(r, "the PRAM view of one work-group of L with n = L (Oclgrind plugin): %s",
			acc);
	else if (r->npview)
		ck_note(r,
			"the PRAM view of the deepest of %zu work-groups of L with n = %zu L, the "
			"blocks before a block counted (Oclgrind plugin): %s",
			groups, groups, acc);
}

/* W and D of the result's PRAM view (three launches or more) against the
 * exercise's bounds, as growths in L. */
static void judge_view(const ck_exercise *ex, const char *path, ck_result *r)
{
	double ns[CK_MAX_LIST], w[CK_MAX_LIST], d[CK_MAX_LIST];
	size_t mm = 0;
	for (size_t k = 0; k < r->npview; k++)
		if (r->pview[k].work > 0 && r->pview[k].depth > 0) {
			ns[mm] = (double)r->pview[k].L;
			w[mm] = (double)r->pview[k].work;
			d[mm] = (double)r->pview[k].depth;
			mm++;
		}
	char vals[CK_MAX_LIST * 24], gname[64], bname[64];
	char cased[160], over[64];
	size_t groups = view_groups(ex);
	if (groups == 1) {
		snprintf(over, sizeof over, "one work-group of L");
		snprintf(cased, sizeof cased, "one work-group, n = L = %zu .. %zu, under Oclgrind",
			 r->pview[0].L, r->pview[r->npview - 1].L);
	} else {
		snprintf(over, sizeof over, "the deepest of %zu work-groups of L", groups);
		snprintf(cased, sizeof cased,
			 "the deepest of %zu work-groups, n = %zu L, L = %zu .. %zu, under Oclgrind",
			 groups, groups, r->pview[0].L, r->pview[r->npview - 1].L);
	}
	for (int c = CK_CRIT_WORK; c <= CK_CRIT_DEPTH; c++) {
		int isd = c == CK_CRIT_DEPTH;
		ck_growth bound = isd ? ex->depth : ex->work;
		if (bound == CK_GROW_COUNT)
			continue;
		r->ran[c] = CK_RAN_CHECKED;
		ck_growth g = mm >= 3 ? ck_growth_classify(ns, isd ? d : w, mm) : CK_GROW_COUNT;
		list_vals(r, isd, vals, sizeof vals);
		growth_L(g, gname, sizeof gname);
		growth_L(bound, bname, sizeof bname);
		ck_crit_note(
		    r, (ck_crit)c,
		    "%s grows as %s over %s = %zu .. %zu: %s; bound O(%s)",
		    isd ? "D" : "W", gname, over, r->pview[0].L, r->pview[r->npview - 1].L, vals, bname);
		ck_growth least = isd ? ex->depth_min : ex->work_min;
		if (g != CK_GROW_COUNT && least != CK_GROW_COUNT && g < least) {
			char lname[64];
			growth_L(least, lname, sizeof lname);
			ck_diag_add(r, CK_BELOW_BOUND, (ck_crit)c, ck_basename(path), 0, cased,
				    isd ? "a tree over L values needs log L levels, each a barrier "
					  "interval"
					: "each element of the group must be read",
				    "%s grows as %s over %s, below the exercise's "
				    "lower bound (Omega(%s))",
				    isd ? "D" : "W", gname, over, lname);
			continue;
		}
		if (g == CK_GROW_COUNT || g <= bound)
			continue;
		double lw = isd ? d[mm - 1] : w[mm - 1], lL = ns[mm - 1];
		if (!isd)
			ck_diag_add(r, CK_NOT_WORK_EFFICIENT, CK_CRIT_WORK, ck_basename(path), 0,
				    cased,
				    "a work-efficient kernel does O(L) work per work-group: each "
				    "level of a tree halves the work-items that take part, where "
				    "adding at every distance in every step keeps all L busy",
				    "W grows as %s over %s: not work-efficient "
				    "(measured W = %g at L = %g, %.1f per work-item; the exercise "
				    "asks for O(%s))",
				    gname, over, lw, lL, lw / lL, bname);
		else
			ck_diag_add(r, CK_DEPTH, CK_CRIT_DEPTH, ck_basename(path), 0, cased,
				    "each barrier interval is a PRAM step, and a work-item's "
				    "accesses in it are charged (K = 8 at unit cost): a loop over "
				    "the elements, with barriers or inside one work-item, costs "
				    "a step per element or per K of them",
				    "D grows as %s over %s: %g units of time "
				    "at L = %g (the exercise asks for O(%s))",
				    gname, over, lw, lL, bname);
	}
}

/* What judge_before needs of the launch of VIEW_MANY_BLOCKS work-groups:
 * group 0, which has no block before it, and the deepest. */
typedef struct before_view {
	size_t L, groups, deep; /* deep: the deepest group's id */
	unsigned long long d0, w0, d, w;
} before_view;

/* Take the launch of VIEW_MANY_BLOCKS work-groups of L out of run (so that
 * the view and the memory's counts are those of the sweep, as without it)
 * into *bv. Returns 1, or 0 where the run has no such launch (cut short). */
static int take_before(gv_run *run, size_t L, before_view *bv)
{
	for (size_t k = 0; k < run->nlaunch; k++) {
		gv_launch *l = &run->launch[k];
		if (l->ngroup != VIEW_MANY_BLOCKS || l->local[0] != L ||
		    (l->dim != 1 && l->local[1] != 1))
			continue;
		/* in the order Oclgrind ran them: group 0 is found by its id */
		const gv_group *first = &l->group[0], *deep = &l->group[0];
		for (size_t g = 1; g < l->ngroup; g++) {
			if (l->group[g].id[0] == 0)
				first = &l->group[g];
			if (l->group[g].depth > deep->depth)
				deep = &l->group[g];
		}
		*bv = (before_view){.L = L,
				    .groups = l->ngroup,
				    .deep = deep->id[0],
				    .d0 = first->depth,
				    .w0 = first->work,
				    .d = deep->depth,
				    .w = deep->work};
		gv_run one = {.nlaunch = 1, .launch = malloc(sizeof *l)};
		if (one.launch) {
			one.launch[0] = *l;
			memmove(l, l + 1, (run->nlaunch - k - 1) * sizeof *l);
			run->nlaunch--;
			gv_free(&one);
		}
		return 1;
	}
	return 0;
}

/* The blocks before a block, counted by the block's work-items together
 * (blocks: yes): the deepest of VIEW_MANY_BLOCKS work-groups may be deeper
 * than group 0, which has no block before it, by at most twice its extra
 * work shared by the L work-items, plus log L for a tree that adds their
 * counts, plus 2. A loop over them in one work-item (or two) adds its
 * whole extra work. Judged where D was: the depth criterion. */
static void judge_before(const char *path, const before_view *bv, ck_result *r)
{
	if (r->ran[CK_CRIT_DEPTH] != CK_RAN_CHECKED)
		return;
	double L = (double)bv->L, dd = bv->d > bv->d0 ? (double)(bv->d - bv->d0) : 0,
	       dw = bv->w > bv->w0 ? (double)(bv->w - bv->w0) : 0;
	double allowed = 2 * dw / L + log2(L) + 2;
	char what[400];
	if (bv->d <= bv->d0)
		snprintf(what, sizeof what,
			 "the blocks before a block, over %zu work-groups of L = %zu: no group "
			 "deeper than group 0 (no block before it, D = %llu)",
			 bv->groups, bv->L, bv->d0);
	else
		snprintf(what, sizeof what,
			 "the blocks before a block, over %zu work-groups of L = %zu: D = %llu "
			 "in group %zu, %llu in group 0 (no block before it), %g more for %g "
			 "more work; at most %.1f (twice that work over L, log L and 2)",
			 bv->groups, bv->L, bv->d, bv->deep, bv->d0, dd, dw, allowed);
	const char *old = r->crit_note[CK_CRIT_DEPTH];
	ck_crit_note(r, CK_CRIT_DEPTH, "%s%s%s", old ? old : "", old ? "; " : "", what);
	if (dd <= allowed)
		return;
	char cased[160];
	snprintf(cased, sizeof cased,
		 "%zu work-groups, n = %zu L, L = %zu, under Oclgrind: group %zu against group 0",
		 bv->groups, bv->groups, bv->L, bv->deep);
	ck_diag_add(r, CK_DEPTH, CK_CRIT_DEPTH, ck_basename(path), 0, cased,
		    "the blocks before a block are the L work-items' to share: each takes every "
		    "L-th word (or element) before the block, and a tree adds their counts in "
		    "log L steps; a loop over them in one work-item costs a unit of time a K = 8 "
		    "accesses and grows with n",
		    "D grows with the blocks before a block, counted by few of its work-items: "
		    "over %zu work-groups of L = %zu, group %zu has D = %llu against %llu for "
		    "group 0, %g units of time more for %g more work, where its L work-items "
		    "sharing that work would add at most %.1f",
		    bv->groups, bv->L, bv->deep, bv->d, bv->d0, dd, dw, allowed);
}

/* The PRAM view of a kernel: its measured work and depth per work-group and
 * the class of its local-memory accesses (EREW, CREW, CRCW), from the
 * pramsim Oclgrind plugin (grindview.h). This runs `oclgrind --plugins
 * PATH` on the helper `pram-grind-case --record FILE` (grind.h), one
 * launch of one work-group with n = L for each L = 2, 4, ..., grind-max
 * (over n with L fixed every kernel's work is linear, so the growth that
 * tells a work-efficient kernel is the one in L), and judges W and D with
 * ck_growth_classify against the exercise's work: and depth: bounds. The
 * whole sweep is one Oclgrind run within three time limits; a run cut
 * short keeps the launches it finished. */
static void check_pram_view(const ck_exercise *ex, const char *path, int timeouts, ck_result *r)
{
	const char *og, *so, *hc;
	char buf[600];
	const char *why = view_blocked(timeouts, &og, &so, &hc, buf, sizeof buf);
	if (why) {
		int bounded = ex->work != CK_GROW_COUNT || ex->depth != CK_GROW_COUNT;
		ck_note(r,
			"the PRAM view (work, depth and EREW/CREW/CRCW per work-group) was not "
			"measured: %s%s",
			why, bounded && !timeouts ? "; W and D are not graded here" : "");
		ck_bounds_ran(r, timeouts ? CK_RAN_NOT_REACHED : CK_RAN_NOT_HERE);
		return;
	}
	/* the work-group sizes the contract allows (a kernel of a histogram
	 * of 8 bins in local memory runs in groups of 8 or more) */
	size_t Ls[CK_MAX_LIST], m = 0;
	size_t top = ex->grind_max < 256 ? ex->grind_max : 256;
	for (size_t L = 2; L <= top && m < CK_MAX_LIST; L *= 2)
		if (local_allowed(ex, L))
			Ls[m++] = L;
	/* too few of them to see a growth: every power of two, as a kernel
	 * of one size is usually written for any */
	if (m < 3) {
		m = 0;
		for (size_t L = 2; L <= top && m < CK_MAX_LIST; L *= 2)
			Ls[m++] = L;
	}
	if (m < 3) {
		ck_note(r, "the PRAM view needs grind-max of 8 or more (it is %zu)", ex->grind_max);
		return;
	}
	gv_run run = {0};
	int many = view_groups(ex) > 1;
	if (record_view(ex, path, og, so, hc, Ls, m, many, &run, r) != 0)
		return;
	before_view bv;
	int have_before = many && take_before(&run, Ls[m - 1], &bv);
	if (ex->contract == CK_KERNEL_STAGE)
		keep_stage(&run, ex->entry);
	keep_view(ex, &run, path, r);
	ck_grind_memory(&run, path, ck_basename(path), r);
	gv_free(&run);
	if (r->npview < 3) {
		ck_note(r, "the PRAM view: too few launches recorded to judge W and D");
		ck_bounds_ran(r, CK_RAN_NOT_REACHED);
		return;
	}
	judge_view(ex, path, r);
	if (have_before)
		judge_before(path, &bv, r);
	else if (many)
		ck_note(r,
			"the PRAM view: the launch of %d work-groups, which judges the count "
			"of the blocks before a block, was not recorded",
			VIEW_MANY_BLOCKS);
}

typedef struct lstat_ {
	size_t L;
	int complete; /* every case ran */
	int failed;   /* some case failed */
	size_t first; /* the first failing case */
	int mismatch; /* ... and it gave a wrong result (not a crash or a time-out) */
	char first_msg[1024];
} lstat_;

/* Run the cases of one work-group size, restarting after a child dies. */
static void run_size(kctx *kx, size_t L, lstat_ *ls, int *timeouts, kcase *best, int *have_best,
		     int *compile_failed, size_t *not_run)
{
	const ck_exercise *ex = kx->ex;
	const char *shown = kx->shown;
	ck_result *r = kx->r;
	kcase cs[64];
	size_t nc = make_cases(ex, L, cs, 64);
	ck_limits lim = {.wall_s = ex->time_limit, .mem_bytes = ex->mem_limit, .sandbox = 1};
	size_t start = 0;
	int deaths = 0, unrun = 0;
	ls->L = L;
	while (start < nc && *timeouts < MAX_TIMEOUTS && deaths < MAX_DEATHS && !*compile_failed) {
		kjob j = {ex, kx->src, shown, cs, nc, start, 0, 0, &kx->ch};
		ck_proc p;
		char err[512];
		if (ck_contain_fn(run_cases, &j, &lim, &p, err, sizeof err) != 0) {
			ck_note(r, "cannot run the cases: %s", err);
			return;
		}
		char *lines = ck_channel_read(&kx->ch);
		if (!lines) {
			ck_note(r, "cannot read the grading channel");
			ck_proc_free(&p);
			return;
		}
		keep_printed(kx, p.out);
		long cur = -1;
		size_t next = nc;
		char *save = NULL;
		for (char *line = strtok_r(lines, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			size_t k;
			char desc[256];
			if (sscanf(line, "begin %zu", &k) == 1) {
				cur = (long)k;
				continue;
			}
			if (strncmp(line, "build ", 6) == 0) {
				*compile_failed = 1;
				break;
			}
			int off = 0;
			if (sscanf(line, "unrun %zu %n", &k, &off) == 1 && off > 0) {
				if (!unrun++)
					ck_note(r, "L = %zu: not judged: %s", L, line + off);
				cur = -1;
				continue;
			}
			if (sscanf(line, "ok %zu", &k) == 1) {
				r->cases_run++;
				r->cases_passed++;
				cur = -1;
				continue;
			}
			char port[64];
			size_t idx, plen = 0;
			off = 0;
			int isbad =
			    sscanf(line, "bad %zu %63s %zu %n", &k, port, &idx, &off) == 3 &&
			    off > 0 && k < nc;
			int isoob =
			    !isbad &&
			    sscanf(line, "oob %zu %63s %zu %zu", &k, port, &idx, &plen) == 4 &&
			    k < nc;
			if (isbad || isoob) {
				r->cases_run++;
				cur = -1;
				case_desc(&cs[k], desc, sizeof desc);
				if (isoob)
					ck_diag_add(r, CK_OUT_OF_BOUNDS, CK_CRIT_RESULTS, shown, 0,
						    desc,
						    "check the index against n (or the number of "
						    "work-groups) before writing",
						    "%s[%zu] was written, past its end (%s has %zu "
						    "elements)",
						    port, idx, port, plen);
				if (!ls->failed) {
					ls->failed = 1;
					ls->first = k;
					ls->mismatch = 1;
					if (isbad)
						snprintf(ls->first_msg, sizeof ls->first_msg,
							 "%.700s (%s)", line + off, desc);
					else
						snprintf(ls->first_msg, sizeof ls->first_msg,
							 "%s[%zu] written past the end (%s)", port,
							 idx, desc);
				}
				if (!*have_best || (cs[k].n && (!best->n || cs[k].n < best->n))) {
					*best = cs[k];
					*have_best = 1;
				}
				continue;
			}
			if (strncmp(line, "error ", 6) == 0) {
				ck_note(r, "L = %zu: %s", L, line + 6);
				break;
			}
		}
		free(lines);
		if (*compile_failed) {
			ck_proc_free(&p);
			return;
		}
		if (cur >= 0) {
			/* the child died or hung in case cur */
			char desc[256], how[160];
			case_desc(&cs[cur], desc, sizeof desc);
			ck_proc_describe(&p, how, sizeof how);
			r->cases_run++;
			if (p.timed_out) {
				(*timeouts)++;
				ck_diag_add(r, CK_TIMEOUT, CK_CRIT_RESULTS, shown, 0, desc,
					    "a loop that never ends? (a barrier every work-item "
					    "must reach, a loop bound that never changes)",
					    "the kernel did not finish within %g s",
					    ex->time_limit);
			} else if (p.signal) {
				ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, 0, desc,
					    "an index far out of bounds?", "the kernel %s", how);
			} else if (strstr(p.out, "out of memory") ||
				   strstr(p.out, "OUT_OF_HOST_MEMORY")) {
				ck_diag_add(r, CK_OUT_OF_MEMORY, CK_CRIT_RESULTS, shown, 0, desc,
					    NULL, "the run ran out of memory (limit %zu MiB)",
					    ex->mem_limit >> 20);
			} else {
				ck_diag_add(r, CK_CRASH, CK_CRIT_RESULTS, shown, 0, desc, NULL,
					    "the run %s", how);
			}
			if (!ls->failed) {
				ls->failed = 1;
				ls->first = (size_t)cur;
				snprintf(ls->first_msg, sizeof ls->first_msg, "%s (%s)", how, desc);
			}
			next = (size_t)cur + 1;
			deaths++;
		}
		ck_proc_free(&p);
		start = next;
	}
	ls->complete = start >= nc && !unrun;
	if (start < nc && (*timeouts >= MAX_TIMEOUTS || deaths >= MAX_DEATHS))
		*not_run += nc - start;
}

/* The compile error: the first line of the log that names a place in the
 * student's file ("FILE:LINE:COL: ..."), one that says "error" first. */
static void compile_diag(ck_result *r, const char *shown, const char *log)
{
	size_t sl = strlen(shown);
	for (int pass = 0; pass < 2; pass++) {
		for (const char *p = log; (p = strstr(p, shown)); p += sl) {
			int line = 0, col = 0;
			if (sscanf(p + sl, ":%d:%d:", &line, &col) != 2 || line <= 0)
				continue;
			const char *b = p;
			while (b > log && b[-1] != '\n')
				b--;
			const char *e = strchr(p, '\n');
			int len = e ? (int)(e - b) : (int)strlen(b);
			char text[600];
			snprintf(text, sizeof text, "%.*s", len > 590 ? 590 : len, b);
			if (pass == 0 && !strstr(text, "error"))
				continue;
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, line, NULL, NULL,
				    "%s", text);
			return;
		}
	}
	ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, 0, NULL, NULL,
		    "the kernel does not build:\n%.2000s", log);
}

/* The line of src where the kernel entry is defined (its name followed by
 * "("), or 1. */
static int entry_line(const char *src, const char *entry)
{
	size_t el = strlen(entry);
	for (const char *q = src; (q = strstr(q, entry)); q += el) {
		const char *e = q + el;
		while (*e == ' ' || *e == '\t' || *e == '\n')
			e++;
		int word = q == src || !ident_char(q[-1]);
		if (word && *e == '(') {
			int line = 1;
			for (const char *t = src; t < q; t++)
				line += *t == '\n';
			return line;
		}
	}
	return 1;
}

/* Whether the built kernel takes the contract's arguments: as many, each
 * in the address space the launch gives it (a global buffer, a local
 * array, a value). When not, a compile error that shows the contract's
 * signature, on the report; returns 0 then. */
static int args_match(const kjob *j, const student_cl *c)
{
	kref kr;
	char err[512], have[CK_MAX_ARGS + 8], want[CK_MAX_ARGS + 1];
	if (kref_make(j->ex, &kr, err, sizeof err) != 0)
		return 1; /* the cases say why */
	size_t n = student_cl_args(c, have, sizeof have);
	for (size_t k = 0; k < kr.nargs; k++)
		want[k] = kr.args[k].kind == CK_ARG_LOCAL                                     ? 'l'
			  : kr.args[k].kind == CK_ARG_SIZE || kr.args[k].kind == CK_ARG_PARAM ? 'p'
											      : 'g';
	want[kr.nargs] = '\0';
	size_t bad = 0;
	while (have[bad] && (have[bad] == '?' || have[bad] == want[bad]))
		bad++;
	if (n == kr.nargs && bad == kr.nargs)
		return 1;
	if (n != kr.nargs)
		bad = SIZE_MAX;
	static const char *const words[] = {"a global buffer", "a local array", "a value"};
	char what[256];
	if (bad == SIZE_MAX)
		snprintf(what, sizeof what, "the kernel takes %zu argument%s, the contract %zu", n,
			 n == 1 ? "" : "s", kr.nargs);
	else
		snprintf(what, sizeof what, "argument %zu (%s) must be %s", bad + 1,
			 kr.args[bad].name,
			 words[want[bad] == 'g'   ? 0
			       : want[bad] == 'l' ? 1
						  : 2]);
	say(j, "build %s:%d:1: error: %s: the contract's kernel is %s", j->shown,
	    entry_line(j->src, j->ex->entry), what, j->ex->signature ? j->ex->signature : "");
	return 0;
}

/* Build the kernel and report "built MAXWG": the largest work-group the
 * device runs it in; or, when it does not take the contract's arguments,
 * why, as a compile error. */
static int build_only(void *arg)
{
	kjob *j = arg;
	char err[16384];
	int bf;
	/* the arguments' address spaces are known only with their info kept */
	student_cl *c = student_cl_open(NULL, j->src, j->shown, j->ex->entry,
					"-cl-std=CL1.2 -cl-kernel-arg-info", &bf, err, sizeof err);
	if (!c) {
		if (bf)
			say_log(j, "build", err);
		else
			say(j, "error %s", err);
		return 3;
	}
	if (args_match(j, c))
		say(j, "built %zu", student_cl_max_wg(c));
	student_cl_close(c);
	return 0;
}

/* Show the any-length scan completed from sums, on a small case. */
static void show_completion(kctx *kx)
{
	const ck_exercise *ex = kx->ex;
	ck_result *r = kx->r;
	kcase c = {.n = 10, .L = 4, .dist = CK_DIST_RANDOM, .seed = 5, .why = NULL};
	kjob j = {ex, kx->src, kx->shown, &c, 1, 0, 0, 1, &kx->ch};
	ck_limits lim = {.wall_s = ex->time_limit, .mem_bytes = ex->mem_limit, .sandbox = 1};
	ck_proc p;
	char err[256];
	if (ck_contain_fn(run_cases, &j, &lim, &p, err, sizeof err) != 0)
		return;
	char *lines = ck_channel_read(&kx->ch);
	if (!lines) {
		ck_proc_free(&p);
		return;
	}
	char *in = strstr(lines, "\nin "), *out = strstr(lines, "\nout "),
	     *sums = strstr(lines, "\nsums ");
	if (in && out && sums) {
		int64_t v[10], o[10], s[3];
		char *q = in + 3;
		for (int i = 0; i < 10; i++)
			v[i] = strtoll(q, &q, 10);
		q = out + 4;
		for (int i = 0; i < 10; i++)
			o[i] = strtoll(q, &q, 10);
		q = sums + 5;
		for (int i = 0; i < 3; i++)
			s[i] = strtoll(q, &q, 10);
		char a[512] = "", b[512] = "", cbuf[512] = "", want[512] = "";
		int op = ex->op;
		int64_t id = dev32(op, pram_op_identity_i((pram_op)op));
#define COMBINE(x, y)                                  \
	(op == PRAM_OP_MAX   ? ((x) > (y) ? (x) : (y)) \
	 : op == PRAM_OP_MIN ? ((x) < (y) ? (x) : (y)) \
			     : (x) + (y))
		int64_t off = id, run = id;
		for (int i = 0; i < 10; i++) {
			if (i && i % 4 == 0)
				off = COMBINE(off, s[i / 4 - 1]);
			snprintf(a + strlen(a), sizeof a - strlen(a), "%s%" PRId64,
				 i == 0       ? ""
				 : i % 4 == 0 ? " | "
					      : " ",
				 o[i]);
			snprintf(cbuf + strlen(cbuf), sizeof cbuf - strlen(cbuf), " %" PRId64,
				 COMBINE(off, o[i]));
			if (ex->inclusive)
				run = COMBINE(run, v[i]);
			snprintf(want + strlen(want), sizeof want - strlen(want), " %" PRId64, run);
			if (!ex->inclusive)
				run = COMBINE(run, v[i]);
		}
#undef COMBINE
		for (int g = 0; g < 3; g++)
			snprintf(b + strlen(b), sizeof b - strlen(b), " %" PRId64, s[g]);
		const char *opn = pram_op_name((pram_op)op);
		ck_note(r,
			"the any-length scan from your blocks (n = 10, L = 4): block scans %s; "
			"%s%s; combining each block with the %s-scan of the %s before it gives%s "
			"(the %s %s-scan is%s)",
			a, op == PRAM_OP_SUM ? "sums" : "block totals", b, opn,
			op == PRAM_OP_SUM ? "sums" : "totals", cbuf,
			ex->inclusive ? "inclusive" : "exclusive", opn, want);
	}
	free(lines);
	ck_proc_free(&p);
}

/* Build the kernel alone, in a contained child, and learn the largest
 * work-group the device runs it in (kx->max_wg). Returns 0 when it built,
 * 1 when it did not (diagnosed: a compile error, or a build that hung or
 * crashed), -1 when it could not be run at all (a note). */
static int build_kernel(kctx *kx)
{
	const ck_exercise *ex = kx->ex;
	const char *shown = kx->shown;
	ck_result *r = kx->r;
	char err[512];
	ck_limits lim = {.wall_s = ex->time_limit * 3, .mem_bytes = ex->mem_limit, .sandbox = 1};
	kjob bj = {ex, kx->src, shown, NULL, 0, 0, 0, 0, &kx->ch};
	ck_proc p;
	r->ran[CK_CRIT_BUILD] = CK_RAN_CHECKED;
	if (ck_contain_fn(build_only, &bj, &lim, &p, err, sizeof err) != 0) {
		ck_note(r, "cannot start the build: %s", err);
		return -1;
	}
	char *lines = ck_channel_read(&kx->ch);
	char *log = lines ? lines_after(lines, "build") : NULL;
	const char *built =
	    lines ? (strncmp(lines, "built ", 6) == 0 ? lines : strstr(lines, "\nbuilt ")) : NULL;
	const char *why = lines ? (strncmp(lines, "error ", 6) == 0 ? lines + 6 : NULL) : NULL;
	int ret = 0;
	if (log && log[0]) {
		compile_diag(r, shown, log);
		ret = 1;
	} else if (built) {
		kx->max_wg = strtoull(built + (*built == '\n' ? 7 : 6), NULL, 10);
	} else {
		r->ran[CK_CRIT_BUILD] = CK_RAN_NOT_REACHED;
		char how[160];
		ck_proc_describe(&p, how, sizeof how);
		if (p.timed_out || p.signal)
			ck_diag_add(r, p.timed_out ? CK_TIMEOUT : CK_CRASH, CK_CRIT_BUILD, shown, 0,
				    NULL, NULL, "the build %s", how);
		else
			ck_note(r, "the kernel could not be run: %.1000s", why ? why : how);
		ret = p.timed_out || p.signal ? 1 : -1;
	}
	keep_printed(kx, p.out);
	free(log);
	free(lines);
	ck_proc_free(&p);
	return ret;
}

/* "1, 2, 4" of the sizes of ls[0..n) that are (or are not) in state,
 * into buf: 0 right, 1 failed, 2 not run to the end. */
static void list_sizes(const lstat_ *ls, size_t n, int state, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t k = 0; k < n; k++) {
		int st = ls[k].failed ? 1 : ls[k].complete ? 0 : 2;
		if (st == state)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%zu", buf[0] ? ", " : "",
				 ls[k].L);
	}
}

/* The work-group sizes judged from how their cases went: only some sizes
 * wrong is a work-group-size diagnosis, every size (above 2) wrong a wrong
 * result; sizes is graded only where some size of 4 or more is right, and
 * passes only where every size ran all its cases. A size that did not run
 * to the end is never called correct. */
static void judge_sizes(const ck_exercise *ex, const char *shown, const lstat_ *ls, size_t nl,
			ck_result *r)
{
	size_t nfail = 0, nopen = 0;
	for (size_t k = 0; k < nl; k++) {
		nfail += ls[k].failed;
		nopen += !ls[k].failed && !ls[k].complete;
	}
	int big_ok = 0;       /* a size of 4 or more passes: 1 and 2 pass for trivial reasons */
	int crashes_only = 1; /* the sizes fail by crashing, not by their results */
	for (size_t k = 0; k < nl; k++) {
		big_ok |= !ls[k].failed && ls[k].complete && ls[k].L >= 4;
		if (ls[k].failed && ls[k].mismatch)
			crashes_only = 0;
	}
	if (crashes_only)
		big_ok = 0;
	size_t fk = 0; /* the first size that fails */
	while (fk < nl && !ls[fk].failed)
		fk++;
	char ok[512], bad[512], open[512];
	list_sizes(ls, nl, 0, ok, sizeof ok);
	list_sizes(ls, nl, 1, bad, sizeof bad);
	list_sizes(ls, nl, 2, open, sizeof open);
	if (nopen)
		ck_note(r, "L = %s: not every case ran, so %s not judged correct", open,
			nopen == 1 ? "it is" : "they are");
	if (nfail && nfail + nopen < nl && big_ok) {
		ck_diag_add(r, CK_WORK_GROUP_SIZE, CK_CRIT_SIZES, shown, 0, NULL,
			    "does the kernel assume one work-group size (a constant where "
			    "get_local_size(0) belongs, a local array of fixed length)?",
			    "correct only for L = %s; wrong for L = %s: first %s", ok, bad,
			    ls[fk].first_msg);
	} else if (nfail && !crashes_only && !ck_has_kind(r, CK_OUT_OF_BOUNDS)) {
		/* the sizes whose first failure is a wrong value (the others
		 * crashed or hung, diagnosed as such) */
		char wrong[512] = "";
		size_t nwrong = 0, fm = nl;
		for (size_t k = 0; k < nl; k++)
			if (ls[k].failed && ls[k].mismatch) {
				snprintf(wrong + strlen(wrong), sizeof wrong - strlen(wrong),
					 "%s%zu", nwrong++ ? ", " : "", ls[k].L);
				fm = fm < nl ? fm : k;
			}
		ck_diag_add(r, CK_WRONG_RESULT, CK_CRIT_RESULTS, shown, 0, NULL, NULL,
			    "wrong for %s%s; first %s",
			    nwrong == nl ? "every work-group size tried" : "L = ",
			    nwrong == nl ? "" : wrong, ls[fm].first_msg);
	}
	if (nfail || nopen)
		r->failed[CK_CRIT_RESULTS] = 1;
	/* sizes: right for every size where it is right for some */
	if (nfail + nopen == nl || (nfail && !big_ok))
		r->ran[CK_CRIT_SIZES] = CK_RAN_NOT_REACHED;
	else if (nopen)
		r->failed[CK_CRIT_SIZES] = 1;
}

/* The work-group sizes to try, into Ls: the exercise's local-sizes that
 * the device runs, or every power of two it runs. Returns how many. */
static size_t sizes_to_try(kctx *kx, size_t *Ls)
{
	const ck_exercise *ex = kx->ex;
	size_t m = 0, top = kx->max_wg ? kx->max_wg : 256;
	if (ex->nlocal == 0) {
		for (size_t L = 1; L <= top && m < CK_MAX_LIST; L *= 2)
			Ls[m++] = L;
		return m;
	}
	char over[256] = "";
	for (size_t k = 0; k < ex->nlocal; k++)
		if (ex->local_sizes[k] <= top)
			Ls[m++] = ex->local_sizes[k];
		else
			snprintf(over + strlen(over), sizeof over - strlen(over), "%s%zu",
				 over[0] ? ", " : "", ex->local_sizes[k]);
	if (over[0])
		ck_note(kx->r,
			"L = %s not tried: the largest work-group this device runs the kernel "
			"in is %zu",
			over, top);
	return m;
}

/* The cases of every work-group size, then the sizes judged. *timeouts
 * counts the time-outs; *best is the smallest failing case, when
 * *have_best; *big the largest size whose every case ran right (0:
 * none). */
static void check_sizes(kctx *kx, int *timeouts, kcase *best, int *have_best, size_t *big)
{
	ck_result *r = kx->r;
	r->ran[CK_CRIT_RESULTS] = r->ran[CK_CRIT_SIZES] = CK_RAN_CHECKED;
	size_t Ls[CK_MAX_LIST], nl = sizes_to_try(kx, Ls);
	char tried[256] = "";
	for (size_t k = 0; k < nl; k++)
		snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%zu",
			 k ? ", " : "", Ls[k]);
	ck_note(r, "work-group sizes tried: L = %s", tried);
	lstat_ ls[CK_MAX_LIST];
	memset(ls, 0, sizeof ls);
	int cf = 0;
	size_t not_run = 0;
	*big = 0;
	for (size_t k = 0; k < nl; k++) {
		run_size(kx, Ls[k], &ls[k], timeouts, best, have_best, &cf, &not_run);
		if (ls[k].complete && !ls[k].failed && Ls[k] > *big)
			*big = Ls[k];
	}
	if (not_run)
		ck_note(r,
			"%zu cases were not run: after two crashes or time-outs in a work-group "
			"size, its other cases are left out, and after %d time-outs every case",
			not_run, MAX_TIMEOUTS);
	judge_sizes(kx->ex, kx->shown, ls, nl, r);
}

/* What check_order puts before the kernel: each work-group's work-items
 * numbered in reverse, local and global ids alike, and the kernel's own
 * lines numbered from 1 again. */
static const char order_prelude[] =
    "size_t pram_reversed_local_id(uint d);\n"
    "size_t pram_reversed_local_id(uint d)\n"
    "{ return get_local_size(d) - 1 - get_local_id(d); }\n"
    "size_t pram_reversed_global_id(uint d);\n"
    "size_t pram_reversed_global_id(uint d)\n"
    "{ return get_global_offset(d) + get_group_id(d) * get_local_size(d) +\n"
    "  pram_reversed_local_id(d); }\n"
    "#define get_local_id(d) pram_reversed_local_id(d)\n"
    "#define get_global_id(d) pram_reversed_global_id(d)\n"
    "#line 1\n";

/* The length of a backslash-newline at p (a line spliced), or 0. The
 * backslash may be the trigraph ??/, which OpenCL C's compiler (clang)
 * converts. */
static size_t splice_at(const char *p)
{
	size_t b = p[0] == '\\' ? 1 : p[0] == '?' && p[1] == '?' && p[2] == '/' ? 3 : 0;
	if (!b)
		return 0;
	return p[b] == '\n' ? b + 1 : p[b] == '\r' && p[b + 1] == '\n' ? b + 2 : 0;
}

/* src with every get_local_id and get_global_id renamed to the prelude's
 * functions, into out (2 strlen(src) + 1 bytes at least), so that the
 * submission cannot #undef the prelude's macros, nor test for them: those
 * macros are left for a name made by token pasting. An identifier spliced
 * by backslash-newlines (or ??/-newlines) is one name; its splices follow
 * it, as backslash-newlines, so that the lines keep their numbers. */
static void rename_ids(const char *src, char *out)
{
	static const char *const from[] = {"get_local_id", "get_global_id"};
	static const char *const to[] = {"pram_reversed_local_id", "pram_reversed_global_id"};
	const char *p = src;
	while (*p) {
		if (!ident_char(*p)) {
			*out++ = *p++;
			continue;
		}
		char word[32];
		size_t n = 0, splices = 0;
		const char *q = p;
		for (;;) {
			size_t sp = splice_at(q);
			if (sp && ident_char(q[sp])) {
				q += sp;
				splices++;
			} else if (ident_char(*q)) {
				if (n < sizeof word - 1)
					word[n] = *q;
				n++;
				q++;
			} else {
				break;
			}
		}
		size_t k = n < sizeof word ? 2 : 0;
		word[n < sizeof word ? n : 0] = '\0';
		while (k > 0 && strcmp(word, from[k - 1]) != 0)
			k--;
		if (k == 0) {
			memcpy(out, p, (size_t)(q - p));
			out += q - p;
		} else {
			out += sprintf(out, "%s", to[k - 1]);
			for (; splices > 0; splices--)
				out += sprintf(out, "\\\n");
		}
		p = q;
	}
	*out = '\0';
}

/* Whether the results hold whatever order a work-group's work-items run
 * in. PoCL and Oclgrind run them one after the other in the order of
 * their ids, so a kernel whose results hang on that order (a place taken
 * by an atomic's return value, a race) is right there and wrong on a GPU:
 * a counting sort that takes each key's slot by atomic_inc is stable
 * only so. The cases of work-group size L run again with each group's
 * work-items numbered in reverse, so that they run last to first; run
 * where every case was right. The cases' counts stay the first run's;
 * the reversed run's are counted apart. */
static void check_order(kctx *kx, size_t L)
{
	ck_result *r = kx->r;
	char *rev = malloc(sizeof order_prelude + 2 * strlen(kx->src) + 1);
	if (!rev)
		return;
	memcpy(rev, order_prelude, sizeof order_prelude);
	rename_ids(kx->src, rev + sizeof order_prelude - 1);
	const char *src = kx->src;
	int run = r->cases_run, passed = r->cases_passed;
	lstat_ ls;
	memset(&ls, 0, sizeof ls);
	int timeouts = 0, have = 0, cf = 0;
	kcase best = {0};
	size_t not_run = 0;
	kx->src = rev;
	run_size(kx, L, &ls, &timeouts, &best, &have, &cf, &not_run);
	kx->src = src;
	free(rev);
	r->reversed_run = r->cases_run - run;
	r->reversed_passed = r->cases_passed - passed;
	r->reversed_L = L;
	r->cases_run = run;
	r->cases_passed = passed;
	if (cf) {
		ck_note(r, "the work-items' order was not tried: the kernel does not build with "
			   "their ids numbered in reverse");
		return;
	}
	if (!ls.failed) {
		if (ls.complete)
			ck_note(r,
				"L = %zu again, each work-group's work-items run last to first: "
				"the same results",
				L);
		return;
	}
	ck_diag_add(r, CK_WRONG_RESULT, CK_CRIT_RESULTS, kx->shown, 0,
		    "each work-group's work-items numbered in reverse, so that they run last "
		    "to first",
		    "a GPU runs a work-group's work-items in any order, so a value that hangs "
		    "on which of them comes first (a place taken by an atomic's return value, "
		    "a race) changes from run to run; rank by a scan, and let barriers order "
		    "what must be ordered",
		    "the results hang on the order the work-items run in: right in the order "
		    "of their ids, wrong at L = %zu with each work-group's work-items run last "
		    "to first: first %s",
		    L, ls.first_msg);
}

/* Case c of the kernel at path (its text src) under Oclgrind's race,
 * divergence, bounds and uninitialised-memory checks, through the helper
 * hc; its messages become diagnoses. */
static void grind_case(const ck_exercise *ex, const char *path, const char *src, const char *shown,
		       const char *og, const char *hc, const kcase *c, ck_result *r)
{
	char desc[256], dir[PATH_MAX], logp[PATH_MAX], err[512];
	case_desc(c, desc, sizeof desc);
	int made = files_tempdir("pramcheck", dir, sizeof dir) == 0;
	if (!made || files_path(logp, sizeof logp, "%s/oclgrind.log", dir) != 0) {
		ck_note(r, "cannot make a temporary folder for Oclgrind's log");
		if (made)
			rmdir(dir);
		return;
	}
	char ns[32], Ls[32], ds[16], ss[32];
	snprintf(ns, sizeof ns, "%zu", c->n);
	snprintf(Ls, sizeof Ls, "%zu", c->L);
	snprintf(ds, sizeof ds, "%d", c->dist);
	snprintf(ss, sizeof ss, "%" PRIu64, c->seed);
	char aex[PATH_MAX], apath[PATH_MAX];
	absolute(ex->path, aex, sizeof aex);
	absolute(path, apath, sizeof apath);
	char *argv[] = {(char *)og,
			"--data-races",
			"--uninitialized",
			"--num-threads",
			"1",
			"--log",
			logp,
			(char *)hc,
			aex,
			apath,
			ns,
			Ls,
			ds,
			ss,
			NULL};
	ck_limits gl = {
	    .wall_s = ex->time_limit * 3, .sandbox = 1, .ro = {aex, apath}, .rw = {dir}};
	ck_proc p;
	if (ck_contain_exec(argv, &gl, &p, err, sizeof err) == 0) {
		char *log = ck_slurp(logp, NULL, err, sizeof err);
		int found = log ? ck_grind_parse(log, shown, src, desc, r) : 0;
		if (!found && (!log || !log[0]) && !p.timed_out && (!p.exited || p.status != 0)) {
			/* Oclgrind itself did not run: no problem found is no news */
			char how[160];
			ck_proc_describe(&p, how, sizeof how);
			ck_note(r, "Oclgrind could not run the case %s: it %s%s%.300s", desc, how,
				p.out[0] ? "; it said: " : "", p.out);
			if (r->ran[CK_CRIT_MEMORY] == CK_RAN_CHECKED && !r->failed[CK_CRIT_MEMORY])
				r->ran[CK_CRIT_MEMORY] = CK_RAN_NOT_REACHED;
		} else if (p.timed_out && !found)
			ck_note(r, "Oclgrind did not finish the case %s within %g s", desc,
				gl.wall_s);
		else
			ck_note(r, "Oclgrind ran the case %s: %d problem%s", desc, found,
				found == 1 ? "" : "s");
		free(log);
		ck_proc_free(&p);
	}
	unlink(logp);
	rmdir(dir);
}

/* Oclgrind on several cases, unless the kernel does not finish or this
 * machine has no Oclgrind: the smallest failing case (best, when have_best
 * and small enough for grind-max), one of several work-groups with the last
 * one partial (where work-groups race on global memory), and one at the
 * smallest work-group size (where a kernel that assumes a larger L reads
 * local memory no one wrote, or past its end). */
static void check_memory(kctx *kx, int timeouts, kcase best, int have_best)
{
	const ck_exercise *ex = kx->ex;
	ck_result *r = kx->r;
	r->ran[CK_CRIT_MEMORY] = CK_RAN_CHECKED;
	const char *og = ck_oclgrind();
	char nohelper[600];
	const char *hc = og ? ck_grind_case_path(nohelper, sizeof nohelper) : NULL;
	if (!og) {
		ck_note(r, "Oclgrind is not installed, so races, barrier divergence, out-of-bounds "
			   "accesses and uninitialised reads were not looked for (Debian: apt-get "
			   "install oclgrind)");
		r->ran[CK_CRIT_MEMORY] = CK_RAN_NOT_HERE;
		return;
	}
	if (!hc) {
		ck_note(r, "Oclgrind was not run: %s", nohelper);
		r->ran[CK_CRIT_MEMORY] = CK_RAN_NOT_HERE;
		return;
	}
	if (timeouts) {
		r->ran[CK_CRIT_MEMORY] = CK_RAN_NOT_REACHED;
		ck_note(r, "Oclgrind was not run: the kernel does not finish");
		return;
	}
	kcase cs[3];
	size_t nc = 0;
	if (have_best && best.n <= ex->grind_max)
		cs[nc++] = best;
	/* several work-groups, the last one partial: L = 16, or the nearest
	 * size the contract allows */
	size_t L = 16 < ex->grind_max / 2 ? 16 : ex->grind_max / 2 ? ex->grind_max / 2 : 1;
	if (L > kx->max_wg && kx->max_wg)
		L = kx->max_wg;
	for (size_t up = L, down = L; !local_allowed(ex, L) && (up || down);) {
		up = up && up * 2 <= CK_MAX_LOCAL ? up * 2 : 0;
		down /= 2;
		L = down && local_allowed(ex, down) ? down : up ? up : L;
	}
	cs[nc++] = (kcase){.n = 2 * L + L / 2 + 1,
			   .L = L,
			   .dist = CK_DIST_RANDOM,
			   .seed = 1,
			   .why = "several work-groups, the last partial"};
	/* the smallest work-group size, three groups of it */
	size_t Lmin = ex->nlocal ? ex->local_sizes[0] : 1;
	for (size_t k = 1; k < ex->nlocal; k++)
		Lmin = ex->local_sizes[k] < Lmin ? ex->local_sizes[k] : Lmin;
	if (Lmin != L && 3 * Lmin <= ex->grind_max)
		cs[nc++] = (kcase){.n = 3 * Lmin - (Lmin > 1),
				   .L = Lmin,
				   .dist = CK_DIST_RANDOM,
				   .seed = 2,
				   .why = "the smallest work-group size"};
	for (size_t k = 0; k < nc; k++)
		if (k == 0 || cs[k].n != cs[0].n || cs[k].L != cs[0].L)
			grind_case(ex, kx->path, kx->src, kx->shown, og, hc, &cs[k], r);
}

int ck_kernel_check(const ck_exercise *ex, const char *path, ck_result *r)
{
	char err[512];
	kctx kx = {.ex = ex, .path = path, .shown = ck_basename(path), .r = r};
	char *src = ck_slurp(path, NULL, err, sizeof err);
	if (!src) {
		ck_note(r, "%s", err);
		return -1;
	}
	kx.src = src;
	if (ck_channel_open(&kx.ch, err, sizeof err) != 0) {
		ck_note(r, "cannot run the kernel: %s", err);
		free(src);
		return -1;
	}
	int built = build_kernel(&kx);
	if (built == 0) {
		int timeouts = 0, have_best = 0;
		kcase best = {0};
		size_t big = 0;
		check_sizes(&kx, &timeouts, &best, &have_best, &big);
		if (!timeouts && big && !r->failed[CK_CRIT_RESULTS])
			check_order(&kx, big);
		if (ex->contract == CK_KERNEL_SCAN_BLOCKS && timeouts == 0)
			show_completion(&kx);
		check_memory(&kx, timeouts, best, have_best);
		check_pram_view(ex, path, timeouts, r);
	}
	ck_channel_close(&kx.ch);
	free(src);
	return built < 0 ? -1 : 0;
}

/* Parse "A,B,C" into v (at most max sizes), and with h, "AxH" as A and H
 * (h[k] 0 where no H is given); returns the count, or 0 when malformed. */
static size_t parse_list(const char *s, size_t *v, size_t *h, size_t max)
{
	size_t k = 0;
	while (*s && k < max) {
		char *end;
		if (!isdigit((unsigned char)*s))
			return 0;
		unsigned long long x = strtoull(s, &end, 10), y = 0;
		if (h && *end == 'x') {
			s = end + 1;
			if (!isdigit((unsigned char)*s))
				return 0;
			y = strtoull(s, &end, 10);
			if (y == 0)
				return 0;
		}
		if (end == s || (*end && *end != ','))
			return 0;
		v[k] = (size_t)x;
		if (h)
			h[k] = (size_t)y;
		k++;
		s = *end ? end + 1 : end;
	}
	return *s ? 0 : k;
}

int ck_grind_case(const char *exercise, const char *path, const char *ns, const char *Ls, int dist,
		  uint64_t seed, char *err, size_t errlen)
{
	size_t nv[CK_MAX_LIST], hv[CK_MAX_LIST], lv[CK_MAX_LIST];
	size_t m = parse_list(ns, nv, hv, CK_MAX_LIST), ml = parse_list(Ls, lv, NULL, CK_MAX_LIST);
	if (m == 0 || m != ml) {
		snprintf(err, errlen,
			 "N '%s' (sizes, or WxH grids) and L '%s' must be lists of equal length",
			 ns, Ls);
		return 2;
	}
	for (size_t k = 0; k < m; k++)
		if (lv[k] == 0 || lv[k] > CK_MAX_LOCAL || (lv[k] & (lv[k] - 1))) {
			snprintf(err, errlen, "L = %zu is not a power of two from 1 to %d", lv[k],
				 CK_MAX_LOCAL);
			return 2;
		}
	ck_exercise ex;
	if (ck_exercise_find(exercise, &ex, err, errlen) != 0)
		return 2;
	char *src = ck_slurp(path, NULL, err, errlen);
	if (!src) {
		ck_exercise_free(&ex);
		return 2;
	}
	kcase c[CK_MAX_LIST];
	for (size_t k = 0; k < m; k++)
		c[k] = (kcase){.n = nv[k], .h = hv[k], .L = lv[k], .dist = dist, .seed = seed};
	kjob j = {&ex, src, ck_basename(path), c, m, 0, 1, 0, NULL};
	int rc = run_cases(&j);
	free(src);
	ck_exercise_free(&ex);
	return rc;
}

/* A kernel-stage's times: o->reps runs of the reference's teaching
 * kernels with c's in their place, over one input of o->n, each the
 * whole pipeline's kernel time into ms; whether the first gave the
 * reference's output (*ok, and when not, why). Returns 0, or -1 with err. */
static int stage_time(const kref *kr, student_cl *c, const ck_time_opts *o, size_t L, double *ms,
		      size_t *nin, int *ok, char *why, size_t whylen, char *err, size_t errlen)
{
	algo_data in[ALGO_MAX_PORTS] = {{0}};
	if (algo_generate(kr->a, in, o->n, &kr->p, o->seed) != 0) {
		snprintf(err, errlen, "the reference %s cannot make an input of n = %zu",
			 kr->a->name, o->n);
		return -1;
	}
	*nin = in[0].n;
	int rc = 0;
	for (unsigned r = 0; r < o->reps && rc == 0; r++) {
		int good;
		unsigned ran;
		size_t ran_L;
		char w[600];
		rc = student_cl_stage(c, kr->a, &kr->p, in, L, &good, &ran, &ran_L, w, sizeof w,
				      err, errlen);
		if (rc == 0 && ran && ran_L != L) {
			snprintf(
			    err, errlen,
			    "--local %zu: %s's teaching kernels run the stage in work-groups of "
			    "%zu at most",
			    L, kr->a->name, ran_L);
			rc = -1;
		}
		ms[r] = student_cl_last_ms(c);
		if (r == 0) {
			*ok = good;
			snprintf(why, whylen, "%s", w);
		}
	}
	algo_data_free_all(in, ALGO_MAX_PORTS);
	return rc;
}

int ck_kernel_time(const ck_exercise *ex, const char *path, const ck_time_opts *o, FILE *f,
		   char *err, size_t errlen)
{
	char *src = ck_slurp(path, NULL, err, errlen);
	kref kr;
	if (!src || kref_make(ex, &kr, err, errlen) != 0) {
		free(src);
		return -1;
	}
	int bf, rc = -1;
	const char *shown = ck_basename(path);
	student_cl *c =
	    student_cl_open(o->device, src, shown, ex->entry, "-cl-std=CL1.2", &bf, err, errlen);
	double *ms = calloc(o->reps ? o->reps : 1, sizeof *ms);
	ck_channel ch = {0};
	char *lines = NULL;
	if (!c || !ms)
		goto done;
	size_t L = o->L;
	if (!L) /* the largest power of two the kernel runs in, at most 256 */
		for (L = 1; L * 2 <= student_cl_max_wg(c) && L < 256; L *= 2)
			;
	if (L > student_cl_max_wg(c) || (L & (L - 1))) {
		snprintf(err, errlen,
			 "--local %zu: give a power of two the device runs %s in (1 to %zu)", L,
			 ex->entry, student_cl_max_wg(c));
		goto done;
	}
	size_t nin = 0;
	int ok = 0;
	char why[700] = "";
	if (ex->contract == CK_KERNEL_STAGE) {
		if (stage_time(&kr, c, o, L, ms, &nin, &ok, why, sizeof why, err, errlen) != 0)
			goto done;
	} else {
		if (ck_channel_open(&ch, err, errlen) != 0)
			goto done;
		kcase kc = {.n = o->n, .L = L, .dist = CK_DIST_RANDOM, .seed = o->seed};
		kjob j = {
		    .ex = ex, .src = src, .shown = shown, .cases = &kc, .ncases = 1, .ch = &ch};
		for (unsigned r = 0; r < o->reps; r++) {
			/* each run from the same inputs and zeroed outputs */
			klaunch kl;
			if (make_launch(ex, &kr, &kc, 0, &kl, err, errlen) != 0 ||
			    student_cl_launch(c, kl.arg, kr.nargs, L, kl.w, kl.h, err, errlen) !=
				0) {
				klaunch_free(&kl);
				goto done;
			}
			ms[r] = student_cl_last_ms(c);
			nin = kl.in[0].n;
			if (r == 0)
				judge_launch(&j, &kr, &kl, 0);
			klaunch_free(&kl);
		}
		lines = ck_channel_read(&ch);
		const char *verdict = lines ? lines : "";
		ok = strncmp(verdict, "ok 0", 4) == 0;
		if (!ok) {
			size_t k, at, len;
			char name[64];
			int off = 0;
			if (sscanf(verdict, "bad %zu %63s %zu %n", &k, name, &at, &off) == 3 && off)
				snprintf(why, sizeof why, "%.*s", (int)strcspn(verdict + off, "\n"),
					 verdict + off);
			else if (sscanf(verdict, "oob %zu %63s %zu %zu", &k, name, &at, &len) == 4)
				snprintf(why, sizeof why,
					 "%s[%zu] was written, past its end (%zu elements)", name,
					 at, len);
			else
				snprintf(why, sizeof why, "%.*s", (int)strcspn(verdict, "\n"),
					 verdict);
		}
	}
	double lo = ms[0], hi = ms[0];
	for (unsigned r = 1; r < o->reps; r++) {
		lo = ms[r] < lo ? ms[r] : lo;
		hi = ms[r] > hi ? ms[r] : hi;
	}
	double med = gpuval_median(ms, o->reps);
	double rate = med > 0 ? (double)nin / (med * 1e-3) / 1e9 : 0;
	if (o->json) {
		fputs("{\"exercise\":", f);
		json_str(f, ex->name);
		fputs(",\"file\":", f);
		json_str(f, shown);
		fputs(",\"device\":", f);
		json_str(f, student_cl_device(c));
		fprintf(f,
			",\"n\":%zu,\"L\":%zu,\"reps\":%u,\"verified\":%s,\"median_ms\":%.6f,"
			"\"min_ms\":%.6f,\"max_ms\":%.6f,\"g_elements_per_s\":%.4f",
			nin, L, o->reps, ok ? "true" : "false", med, lo, hi, rate);
		if (!ok) {
			fputs(",\"mismatch\":", f);
			json_str(f, why);
		}
		fputs("}\n", f);
	} else {
		fprintf(f, "%s (%s) on %s, n = %zu, L = %zu, %u run%s\n", shown, ex->name,
			student_cl_device(c), nin, L, o->reps, o->reps == 1 ? "" : "s");
		fprintf(f, "%s: median %.4f ms (min %.4f, max %.4f), %.3f G elements/s\n",
			ex->contract == CK_KERNEL_STAGE ? "the pipeline (the reference's teaching "
							  "kernels, yours in their place)"
							: "kernel",
			med, lo, hi, rate);
		if (ok)
			fprintf(f, "verified: the outputs equal the reference's (%s)\n",
				ex->reference);
		else
			fprintf(f, "WRONG: %s\n", why);
	}
	rc = ok ? 0 : 1;
done:
	free(lines);
	if (ch.f)
		ck_channel_close(&ch);
	free(ms);
	student_cl_close(c);
	free(src);
	return rc;
}
