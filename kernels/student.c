/*
 * student.c - a student's kernel on the OpenCL device: build it from its own
 * text (with a #line directive, so the compiler's messages name the
 * student's file, never a temporary one), and launch it once with the
 * arguments a case gives (student_cl_launch), in work-groups of a given
 * size. Runs in a contained child (kernelcheck.c); uses the kernels'
 * runtime (clrt) for the device.
 *
 * A submission is one file: one that includes another (#include,
 * #include_next, #import) is refused before the build, as a compile error
 * at the directive, since the compiler follows any path, the installed
 * lessons' files included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "student.h"
#include "clrtint.h"
#include "gpuval.h"

struct student_cl {
	clrt *rt;
	cl_program prog;
	cl_kernel kern;
	char *entry;    /* the kernel's name */
	double last_ms; /* the last launch's kernel time */
};

void student_cl_close(student_cl *c)
{
	if (!c)
		return;
	if (c->kern)
		clReleaseKernel(c->kern);
	if (c->prog)
		clReleaseProgram(c->prog);
	clrt_close(c->rt);
	free(c->entry);
	free(c);
}

/* The source as the preprocessor reads it, one character at a time: a
 * backslash before a newline joining two lines, \r\n or \r as \n, and when
 * lax, the trigraphs ??= and ??/ as # and \ and blanks allowed between the
 * backslash and the newline (as clang reads OpenCL C). line and col say
 * where the next character is in the student's file, as the compiler
 * counts them. */
typedef struct pp_in {
	const char *p;
	int line, col;
	int lax;
} pp_in;

static int pp_raw(const char *p, int lax, int *len)
{
	if (lax && p[0] == '?' && p[1] == '?' && (p[2] == '=' || p[2] == '/')) {
		*len = 3;
		return p[2] == '=' ? '#' : '\\';
	}
	*len = *p ? 1 : 0;
	return (unsigned char)*p;
}

/* A blank between tokens: clang takes Unicode spaces for blanks too, so
 * any byte of a multibyte character counts as one here (nothing else
 * before a # or between it and the name would make a directive). */
static int pp_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c >= 0x80;
}

/* The next character (EOF at the end), where it was in *line and *col. */
static int pp_get(pp_in *in, int *line, int *col)
{
	for (;;) {
		int len, c = pp_raw(in->p, in->lax, &len);
		if (c == '\\') {
			const char *q = in->p + len;
			while (in->lax && (*q == ' ' || *q == '\t' || *q == '\v' || *q == '\f'))
				q++;
			if (*q == '\n' || *q == '\r') {
				in->p = q + (q[0] == '\r' && q[1] == '\n' ? 2 : 1);
				in->line++;
				in->col = 1;
				continue;
			}
		}
		if (line)
			*line = in->line, *col = in->col;
		if (!c)
			return EOF;
		if (c == '\n' || c == '\r') {
			in->p += c == '\r' && in->p[1] == '\n' ? 2 : 1;
			in->line++;
			in->col = 1;
			return '\n';
		}
		in->p += len;
		in->col += len;
		return c;
	}
}

static int pp_peek(const pp_in *in)
{
	pp_in t = *in;
	return pp_get(&t, NULL, NULL);
}

/* Past a comment whose / is read and whose next character is * or /:
 * returns whether it held a newline (a // comment ends at one, unread). */
static int pp_comment(pp_in *in)
{
	int c = pp_get(in, NULL, NULL), nl = 0;
	if (c == '/') {
		while ((c = pp_peek(in)) != EOF && c != '\n')
			pp_get(in, NULL, NULL);
		return 0;
	}
	int star = 0;
	while ((c = pp_get(in, NULL, NULL)) != EOF && !(star && c == '/')) {
		star = c == '*';
		nl |= c == '\n';
	}
	return nl;
}

/* The first directive of src, read strictly or lax, that includes a file:
 * its name (include, include_next, import) into name, the line and column
 * of its #, 1; or 0. Comments and string and character literals are read
 * as the compiler reads them, so "#include" in them is no directive;
 * blanks and comments may stand between the # (or %:, or ??=) and the
 * name, and a backslash and newline anywhere. */
static int include_in(const char *src, int lax, char *name, size_t len, int *line, int *col)
{
	pp_in in = {src, 1, 1, lax};
	int c, bol = 1; /* only blanks and comments since the line began */
	while ((c = pp_get(&in, line, col)) != EOF) {
		if (c == '\n') {
			bol = 1;
		} else if (pp_blank(c)) {
			continue;
		} else if (c == '/' && (pp_peek(&in) == '*' || pp_peek(&in) == '/')) {
			/* a comment across lines may hide a line's start: take it as one */
			bol |= pp_comment(&in);
		} else if (c == '"' || c == '\'') {
			int q = c;
			while ((c = pp_peek(&in)) != EOF && c != '\n') {
				pp_get(&in, NULL, NULL);
				if (c == q)
					break;
				if (c == '\\' && pp_peek(&in) != '\n')
					pp_get(&in, NULL, NULL);
			}
			bol = 0;
		} else if (bol && (c == '#' || (c == '%' && pp_peek(&in) == ':'))) {
			if (c == '%')
				pp_get(&in, NULL, NULL);
			char word[16];
			size_t k = 0;
			for (;;) {
				c = pp_peek(&in);
				if (pp_blank(c)) {
					pp_get(&in, NULL, NULL);
				} else if (c == '/') {
					pp_in t = in;
					pp_get(&t, NULL, NULL);
					int c2 = pp_peek(&t);
					if (c2 != '*')
						break; /* a // comment ends the directive, nameless */
					in = t;
					pp_comment(&in);
				} else {
					break;
				}
			}
			while ((c = pp_peek(&in)) != EOF &&
			       (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
				(c >= '0' && c <= '9'))) {
				pp_get(&in, NULL, NULL);
				if (k < sizeof word - 1)
					word[k++] = (char)c;
				else
					k = sizeof word; /* too long to be one of ours */
			}
			if (k < sizeof word) {
				word[k] = '\0';
				if (!strcmp(word, "include") || !strcmp(word, "include_next") ||
				    !strcmp(word, "import")) {
					snprintf(name, len, "%s", word);
					return 1;
				}
			}
			bol = 0;
		} else {
			bol = 0;
		}
	}
	return 0;
}

student_cl *student_cl_open(const char *device, const char *src, const char *shown,
			    const char *entry, const char *options, int *build_failed, char *err,
			    size_t errlen)
{
	student_cl *c = calloc(1, sizeof *c);
	char *text = NULL;
	*build_failed = 0;
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	char name[16];
	int line, col;
	/* both readings: a ??/ or a blank before a newline that one takes for
	 * a line's end and the other for a join must not hide a line */
	if (include_in(src, 1, name, sizeof name, &line, &col) ||
	    include_in(src, 0, name, sizeof name, &line, &col)) {
		snprintf(err, errlen,
			 "%s:%d:%d: error: #%s is not allowed in a submission: a kernel exercise "
			 "is one file, and the checker gives the kernel everything it needs",
			 shown, line, col, name);
		*build_failed = 1;
		free(c);
		return NULL;
	}
	c->rt = clrt_open(device, err, errlen);
	if (!c->rt)
		goto fail;
	/* the name as a string literal: a quote or a newline in a file's name
	 * would end the #line, and what followed it would be source */
	size_t tlen = 2 * strlen(shown) + strlen(src) + 16;
	text = malloc(tlen);
	if (text) {
		size_t k = (size_t)snprintf(text, tlen, "#line 1 \"");
		for (const char *q = shown; *q; q++) {
			if (*q == '"' || *q == '\\')
				text[k++] = '\\';
			text[k++] = (unsigned char)*q < 0x20 ? '?' : *q;
		}
		snprintf(text + k, tlen - k, "\"\n%s", src);
	}
	if (!text) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	cl_int rc;
	const char *s = text;
	c->prog = clCreateProgramWithSource(clrt_context(c->rt), 1, &s, NULL, &rc);
	CL_CHECK_RC(rc, "clCreateProgramWithSource", err, errlen);
	cl_device_id dev = clrt_device(c->rt);
	rc = clBuildProgram(c->prog, 1, &dev, options, NULL, NULL);
	if (rc != CL_SUCCESS) {
		size_t n = 0;
		clGetProgramBuildInfo(c->prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
		char *log = malloc(n + 1);
		if (log) {
			clGetProgramBuildInfo(c->prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
			log[n] = '\0';
			snprintf(err, errlen, "%s", log);
			free(log);
		} else {
			snprintf(err, errlen, "the build failed: %s", clrt_errname(rc));
		}
		*build_failed = 1;
		goto fail;
	}
	c->kern = clCreateKernel(c->prog, entry, &rc);
	if (rc != CL_SUCCESS) {
		snprintf(err, errlen, "%s:1: error: no kernel named '%s' (%s)", shown, entry,
			 clrt_errname(rc));
		*build_failed = 1;
		goto fail;
	}
	free(text);
	if (!(c->entry = strdup(entry))) {
		snprintf(err, errlen, "out of memory");
		student_cl_close(c);
		return NULL;
	}
	return c;
fail:
	free(text);
	student_cl_close(c);
	return NULL;
}

int student_cl_launch(student_cl *c, const student_arg *args, size_t nargs, size_t L, size_t w,
		      size_t h, char *err, size_t errlen)
{
	cl_context ctx = clrt_context(c->rt);
	cl_command_queue q = clrt_queue(c->rt);
	cl_mem *mem = calloc(nargs ? nargs : 1, sizeof *mem);
	size_t groups = w ? (w + L - 1) / L : 1;
	size_t global[2] = {L * groups, h}, local[2] = {L, 1};
	int ret = -1;
	cl_int rc;
	cl_event ev = NULL; /* before every goto fail */
	if (!mem) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t k = 0; k < nargs; k++) {
		const student_arg *x = &args[k];
		cl_uint at = (cl_uint)k;
		if (x->kind == STUDENT_GLOBAL) {
			/* a buffer of no elements is one that no one may touch */
			static const int32_t none = 0;
			void *host = x->len ? x->data : (void *)&none;
			mem[k] = clCreateBuffer(ctx,
						(x->out ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY) |
						    CL_MEM_COPY_HOST_PTR,
						4 * (x->len ? x->len : 1), host, &rc);
			CL_CHECK_RC(rc, "clCreateBuffer", err, errlen);
			CL_CHECK(clSetKernelArg(c->kern, at, sizeof mem[k], &mem[k]), err, errlen);
		} else if (x->kind == STUDENT_LOCAL) {
			CL_CHECK(clSetKernelArg(c->kern, at, 4 * L, NULL), err, errlen);
		} else if (x->kind == STUDENT_UINT) {
			cl_uint v = (cl_uint)x->value;
			CL_CHECK(clSetKernelArg(c->kern, at, sizeof v, &v), err, errlen);
		} else {
			cl_int v = (cl_int)x->value;
			CL_CHECK(clSetKernelArg(c->kern, at, sizeof v, &v), err, errlen);
		}
	}
	CL_CHECK(clEnqueueNDRangeKernel(q, c->kern, h ? 2 : 1, NULL, global, local, 0, NULL, &ev),
		 err, errlen);
	for (size_t k = 0; k < nargs; k++)
		if (args[k].kind == STUDENT_GLOBAL && args[k].out && args[k].len)
			CL_CHECK(clEnqueueReadBuffer(q, mem[k], CL_TRUE, 0, 4 * args[k].len,
						     args[k].data, 0, NULL, NULL),
				 err, errlen);
	CL_CHECK(clFinish(q), err, errlen);
	cl_ulong t0 = 0, t1 = 0;
	c->last_ms = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0,
					     NULL) == CL_SUCCESS &&
			     clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1,
						     NULL) == CL_SUCCESS &&
			     t1 >= t0
			 ? (double)(t1 - t0) / 1e6
			 : 0;
	ret = 0;
fail:
	if (ev)
		clReleaseEvent(ev);
	for (size_t k = 0; k < nargs; k++)
		if (mem[k])
			clReleaseMemObject(mem[k]);
	free(mem);
	return ret;
}

size_t student_cl_args(const student_cl *c, char *quals, size_t len)
{
	cl_uint n = 0;
	if (clGetKernelInfo(c->kern, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL) != CL_SUCCESS)
		n = 0;
	size_t k = 0;
	for (; k < n && k + 1 < len; k++) {
		cl_kernel_arg_address_qualifier q = 0;
		if (clGetKernelArgInfo(c->kern, (cl_uint)k, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
				       sizeof q, &q, NULL) != CL_SUCCESS)
			quals[k] = '?';
		else
			quals[k] = q == CL_KERNEL_ARG_ADDRESS_LOCAL     ? 'l'
				   : q == CL_KERNEL_ARG_ADDRESS_PRIVATE ? 'p'
									: 'g';
	}
	if (len)
		quals[k] = '\0';
	return n;
}

size_t student_cl_max_wg(const student_cl *c)
{
	size_t dev = clrt_max_wg(c->rt), k = 0;
	if (clGetKernelWorkGroupInfo(c->kern, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof k, &k,
				     NULL) != CL_SUCCESS ||
	    k == 0 || k > dev)
		k = dev;
	return k;
}

double student_cl_last_ms(const student_cl *c)
{
	return c->last_ms;
}

const char *student_cl_device(const student_cl *c)
{
	return clrt_device_name(c->rt);
}

int student_cl_stage(student_cl *c, const algo *a, const algo_params *p, const algo_data *in,
		     size_t L, int *verified, unsigned *ran, size_t *ran_L, char *why,
		     size_t whylen, char *err, size_t errlen)
{
	gpu_result g;
	clrt_set_stage(c->rt, c->entry, c->prog, L);
	int rc = gpuval_run(c->rt, a, p, in, GPU_TEACHING, 1, &g, err, errlen);
	*ran = clrt_stage_count(c->rt, ran_L);
	clrt_set_stage(c->rt, NULL, NULL, 0);
	if (rc != 0)
		return -1;
	*verified = g.verified;
	snprintf(why, whylen, "%s", g.verified ? "" : g.why);
	c->last_ms = g.median_ms;
	gpuval_free(&g);
	return 0;
}
