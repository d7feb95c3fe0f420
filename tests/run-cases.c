/*
 * run-cases.c - runs case files: worked examples written as text, each an
 * algorithm of the registry on a given input under a given model with the
 * output, work, depth and violations it must give. The format is described
 * in tests/cases/README.md. Each case runs on the simulator through simrun;
 * every check is one TAP test point, named by the case's file and line.
 *
 *     run-cases FILE...
 *
 * Exit status: 0 when every point passed, 1 when one failed (or a case could
 * not be read), 2 without files.
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algo.h"
#include "simrun.h"
#include "tap.h"

/* Output values and violations shown in a diagnostic. */
#define SHOW_VALUES     32
#define SHOW_VIOLATIONS 3
/* Arrays one case may check. */
#define CASE_MAX_ARRAYS 8

/* The value of one key: its text, continuation lines joined by newlines, and
 * the file's line of each of its lines (for messages). */
typedef struct case_value {
	char *text;    /* NULL when the key is absent; owned */
	long line;     /* the key's line */
	long *lines;   /* lines[k] is the file line of the text's line k; owned */
	size_t nlines; /* lines of text */
} case_value;

typedef struct case_array {
	char *name;   /* the machine's array; owned */
	case_value v; /* its expected cells */
} case_array;

/* One case as read from its file. */
typedef struct pcase {
	const char *file;
	long line; /* of its first key */
	case_value algo, args, model, conflicts, input, output, work, depth, violations, error;
	case_array arrays[CASE_MAX_ARRAYS];
	size_t narrays;
	char bad[512]; /* the first syntax error met while reading it, or "" */
} pcase;

/* The keys, by name; "array NAME" is handled apart. */
static const struct case_key {
	const char *name;
	size_t offset; /* of its case_value in pcase */
} case_keys[] = {
    {"algo", offsetof(pcase, algo)},
    {"args", offsetof(pcase, args)},
    {"model", offsetof(pcase, model)},
    {"conflicts", offsetof(pcase, conflicts)},
    {"input", offsetof(pcase, input)},
    {"output", offsetof(pcase, output)},
    {"work", offsetof(pcase, work)},
    {"depth", offsetof(pcase, depth)},
    {"violations", offsetof(pcase, violations)},
    {"error", offsetof(pcase, error)},
};
#define NKEYS (sizeof case_keys / sizeof *case_keys)

/* ---- The algorithm's options from args ----------------------------------
 *
 * args takes the options `pram run` takes for an algorithm: --op,
 * --inclusive, --exclusive, --float and its own parameters, each set by the
 * registry's algo_set_option. A value follows as the next word or after
 * '=' ("--block=16"). Returns 0, or -1 with the reason in err.
 */
static int case_apply_args(const algo *a, algo_params *p, const char *args, char *err,
			   size_t errlen)
{
	char *copy = strdup(args ? args : "");
	int rc = -1;
	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	char *save = NULL, why[400];
	for (char *tok = strtok_r(copy, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (strncmp(tok, "--", 2) != 0) {
			snprintf(err, errlen, "args: '%s' is not an option", tok);
			goto out;
		}
		char *name = tok + 2, *val = strchr(name, '=');
		if (val)
			*val++ = '\0';
		int takes_value = 0;
		if (!algo_option_known(name, &takes_value)) {
			snprintf(err, errlen, "args: unknown option '--%s'", name);
			goto out;
		}
		if (takes_value && !val)
			val = strtok_r(NULL, " \t\n", &save);
		if (!takes_value && val) {
			snprintf(err, errlen, "args: --%s takes no value", name);
			goto out;
		}
		if (algo_set_option(a, p, name, val, why, sizeof why)) {
			snprintf(err, errlen, "args: %s", why);
			goto out;
		}
	}
	rc = 0;
out:
	free(copy);
	return rc;
}

/* ---- Reading case files ------------------------------------------------- */

static void value_free(case_value *v)
{
	free(v->text);
	free(v->lines);
	memset(v, 0, sizeof *v);
}

static void case_free(pcase *c)
{
	for (size_t k = 0; k < NKEYS; k++)
		value_free((case_value *)((char *)c + case_keys[k].offset));
	for (size_t k = 0; k < c->narrays; k++) {
		free(c->arrays[k].name);
		value_free(&c->arrays[k].v);
	}
	memset(c, 0, sizeof *c);
}

/* Add one line of text, from the file's line lineno, to v. Returns 0 or -1
 * (out of memory). */
static int value_add(case_value *v, const char *text, long lineno)
{
	size_t old = v->text ? strlen(v->text) : 0, add = strlen(text);
	char *t = realloc(v->text, old + add + 2);
	long *l = realloc(v->lines, (v->nlines + 1) * sizeof *l);
	if (t)
		v->text = t;
	if (l)
		v->lines = l;
	if (!t || !l)
		return -1;
	if (v->nlines)
		t[old++] = '\n';
	memcpy(t + old, text, add + 1);
	v->lines[v->nlines++] = lineno;
	return 0;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		s[--n] = '\0';
	return s;
}

/* The case_value of key in c, or NULL (with the reason in c->bad) for an
 * unknown key, a repeated one or too many arrays. */
static case_value *case_key(pcase *c, char *key, long lineno)
{
	if (strncmp(key, "array ", 6) == 0 || strncmp(key, "array\t", 6) == 0) {
		char *name = trim(key + 6);
		for (size_t k = 0; k < c->narrays; k++)
			if (strcmp(c->arrays[k].name, name) == 0) {
				snprintf(c->bad, sizeof c->bad, "%s:%ld: 'array %s' given twice",
					 c->file, lineno, name);
				return NULL;
			}
		if (c->narrays == CASE_MAX_ARRAYS || !*name) {
			snprintf(c->bad, sizeof c->bad, "%s:%ld: %s", c->file, lineno,
				 *name ? "too many arrays (at most 8)" : "'array' names no array");
			return NULL;
		}
		case_array *a = &c->arrays[c->narrays];
		if (!(a->name = strdup(name))) {
			snprintf(c->bad, sizeof c->bad, "%s:%ld: out of memory", c->file, lineno);
			return NULL;
		}
		c->narrays++;
		return &a->v;
	}
	for (size_t k = 0; k < NKEYS; k++) {
		if (strcmp(case_keys[k].name, key) != 0)
			continue;
		case_value *v = (case_value *)((char *)c + case_keys[k].offset);
		if (v->text) {
			snprintf(c->bad, sizeof c->bad,
				 "%s:%ld: '%s' given twice (first at line %ld)", c->file, lineno,
				 key, v->line);
			return NULL;
		}
		return v;
	}
	snprintf(c->bad, sizeof c->bad,
		 "%s:%ld: unknown key '%s' (algo, args, model, conflicts, input, output, work, "
		 "depth, violations, error, array NAME)",
		 c->file, lineno, key);
	return NULL;
}

static void run_case(pcase *c);

/* Read path and run each of its cases. A file that cannot be opened is a
 * failed point. */
static void run_file(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		tap_point(0, "%s: read the case file", path);
		tap_diag("%s: cannot open: %s", path, strerror(errno));
		return;
	}
	pcase c;
	memset(&c, 0, sizeof c);
	case_value *last = NULL; /* the key continuation lines add to */
	int started = 0;         /* c has a key */
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0;
	for (;;) {
		int eof = getline(&line, &cap, f) < 0;
		lineno++;
		char *t = eof ? NULL : trim(line);
		if (eof || !*t || strcmp(t, "---") == 0) {
			/* A blank line, "---" or the end closes the case. */
			if (started)
				run_case(&c);
			case_free(&c);
			last = NULL;
			started = 0;
			if (eof)
				break;
			continue;
		}
		if (*t == '#')
			continue;
		if (!started) {
			c.file = path;
			c.line = lineno;
			started = 1;
		}
		if (c.bad[0])
			continue; /* the case is reported with its first error */
		if (line[0] == ' ' || line[0] == '\t') {
			if (!last)
				snprintf(c.bad, sizeof c.bad,
					 "%s:%ld: an indented line continues a key, but no key "
					 "comes before it",
					 path, lineno);
			else if (value_add(last, t, lineno))
				snprintf(c.bad, sizeof c.bad, "%s:%ld: out of memory", path,
					 lineno);
			continue;
		}
		char *colon = strchr(t, ':');
		if (!colon) {
			snprintf(c.bad, sizeof c.bad, "%s:%ld: '%s' is not 'key: value'", path,
				 lineno, t);
			continue;
		}
		*colon = '\0';
		last = case_key(&c, trim(t), lineno);
		if (!last)
			continue;
		last->line = lineno;
		char *val = trim(colon + 1);
		/* "key:" alone starts a value given on the lines below. */
		if (*val ? value_add(last, val, lineno) : !(last->text = strdup("")))
			snprintf(c.bad, sizeof c.bad, "%s:%ld: out of memory", path, lineno);
	}
	free(line);
	fclose(f);
}

/* ---- Values ------------------------------------------------------------- */

/* Expected values are read as the one input of this stand-in entry. */
static const algo expected_values = {
    .name = "expected values",
    .caps = ALGO_FLOAT,
};

/* Read the numbers of v, in the format of `pram run --input`, as the
 * inputs of a (NULL: one vector of p's type) into d (room for
 * ALGO_MAX_PORTS). Returns 0, or -1 with "file:line: what" in err, the line
 * being the case file's. */
static int case_read_values(const case_value *v, const char *file, const algo *a,
			    const algo_params *p, algo_data *d, char *err, size_t errlen)
{
	char msg[512];
	FILE *f = fmemopen(v->text, strlen(v->text), "r");
	if (!f) {
		snprintf(err, errlen, "%s:%ld: cannot read the value: %s", file, v->line,
			 strerror(errno));
		return -1;
	}
	int rc = algo_read_stream(a ? a : &expected_values, f, "@", p, d, msg, sizeof msg);
	fclose(f);
	if (rc == 0)
		return 0;
	/* Say where in the case file: "@:K: what" is the value's line K. */
	const char *rest = msg[0] == '@' ? msg + 1 : msg;
	long line = v->line;
	char *end;
	if (rest != msg && rest[0] == ':' && rest[1] >= '0' && rest[1] <= '9') {
		long k = strtol(rest + 1, &end, 10);
		if (*end == ':' && k >= 1 && (size_t)k <= v->nlines) {
			line = v->lines[k - 1];
			rest = end;
		}
	}
	if (rest == msg)
		snprintf(err, errlen, "%s:%ld: %s", file, line, msg);
	else
		snprintf(err, errlen, "%s:%ld%s", file, line, rest);
	return -1;
}

static void format_value(char *buf, size_t len, pram_type t, pram_value v)
{
	if (t == PRAM_INT)
		snprintf(buf, len, "%" PRId64, v.i);
	else
		snprintf(buf, len, "%.9g", v.f);
}

/* n values of type t, from vals or (when vals is NULL) from array a, as
 * text into buf; "." for a cell never written. */
static void format_values(char *buf, size_t len, pram_type t, const pram_value *vals,
			  const pram_array *a, size_t n)
{
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && i < SHOW_VALUES && at + 40 < len; i++) {
		char one[32] = ".";
		if (vals)
			format_value(one, sizeof one, t, vals[i]);
		else if (pram_array_written(a, i))
			format_value(one, sizeof one, t, pram_array_get_v(a, i));
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? " " : "", one);
	}
	if (n > SHOW_VALUES && at + 32 < len)
		snprintf(buf + at, len - at, " ... (%zu in all)", n);
	if (n == 0)
		snprintf(buf, len, "(none)");
}

static int same_value(pram_type t, pram_value got, pram_value want, double tol)
{
	if (t == PRAM_INT)
		return got.i == want.i;
	double d = got.f - want.f;
	return got.f == want.f || (d <= tol && -d <= tol);
}

/* ---- Running a case ----------------------------------------------------- */

/* The run's checks, after a run that set up. */
static void check_run(const pcase *c, const char *name, const algo *alg, const algo_params *p,
		      const algo_data *in, const algo_data *want, const simrun *r, uint64_t work,
		      uint64_t depth, uint64_t violations)
{
	const pram *m = r->m;
	pram_totals t = pram_get_totals(m);
	double tol = in->type == PRAM_FLOAT ? algo_tolerance(alg, in, p, DBL_EPSILON) : 0;
	char got_s[1024], want_s[1024];

	/* Every output of the algorithm, as the case gives them (a "NAME:" line
	 * starts each after the first). */
	int ok = !pram_failed(m);
	size_t bad = 0;
	for (size_t k = 0; ok && k < r->nout; k++) {
		ok = r->out[k].n == want[k].n;
		for (size_t i = 0; ok && i < want[k].n; i++)
			ok = same_value(want[k].type, r->out[k].vals[i], want[k].vals[i], tol);
		bad = k;
	}
	if (!tap_point(ok && r->verified, "%s: output", name)) {
		format_values(got_s, sizeof got_s, r->out[bad].type, r->out[bad].vals, NULL,
			      r->out[bad].n);
		format_values(want_s, sizeof want_s, want[bad].type, want[bad].vals, NULL,
			      want[bad].n);
		if (pram_failed(m))
			tap_diag("the run failed: %s", pram_errmsg(m));
		else if (!ok)
			tap_diag("got      %s\nexpected %s (%s:%ld)", got_s, want_s, c->file,
				 c->output.line);
		else
			tap_diag("the output is the case's, but the sequential reference "
				 "disagrees: %s",
				 r->why);
	}

	for (size_t k = 0; k < c->narrays; k++) {
		const case_array *ca = &c->arrays[k];
		const pram_array *a = NULL;
		for (size_t j = 0; j < pram_array_count(m) && !a; j++)
			if (strcmp(pram_array_name(pram_array_at(m, j)), ca->name) == 0)
				a = pram_array_at(m, j);
		algo_data cells[ALGO_MAX_PORTS] = {0};
		char err[512];
		if (!a) {
			tap_point(0, "%s: array %s", name, ca->name);
			tap_diag("the run made no array named '%s'", ca->name);
			continue;
		}
		pram_type at = pram_array_type(a);
		algo_params vp = {.type = at};
		if (case_read_values(&ca->v, c->file, NULL, &vp, cells, err, sizeof err)) {
			tap_point(0, "%s: array %s", name, ca->name);
			tap_diag("%s", err);
			continue;
		}
		size_t len = pram_array_len(a);
		ok = len == cells[0].n;
		for (size_t i = 0; ok && i < len; i++)
			ok = pram_array_written(a, i) &&
			     same_value(at, pram_array_get_v(a, i), cells[0].vals[i], tol);
		if (!tap_point(ok, "%s: array %s", name, ca->name)) {
			format_values(got_s, sizeof got_s, at, NULL, a, len);
			format_values(want_s, sizeof want_s, at, cells[0].vals, NULL, cells[0].n);
			tap_diag("got      %s\nexpected %s (%s:%ld)", got_s, want_s, c->file,
				 ca->v.line);
		}
		algo_data_free_all(cells, ALGO_MAX_PORTS);
	}

	if (c->work.text && !tap_point(t.work == work, "%s: W = %" PRIu64, name, work))
		tap_diag("got W = %" PRIu64 ", expected %" PRIu64 " (%s:%ld)", t.work, work,
			 c->file, c->work.line);
	if (c->depth.text && !tap_point(t.depth == depth, "%s: D = %" PRIu64, name, depth))
		tap_diag("got D = %" PRIu64 ", expected %" PRIu64 " (%s:%ld)", t.depth, depth,
			 c->file, c->depth.line);

	ok = t.violations == violations && (violations > 0 || !pram_failed(m));
	if (violations == 0)
		ok = tap_point(ok, "%s: no violation", name);
	else
		ok = tap_point(ok, "%s: %" PRIu64 " violation%s", name, violations,
			       violations == 1 ? "" : "s");
	if (!ok) {
		tap_diag("got %" PRIu64 " violation%s, expected %" PRIu64, t.violations,
			 t.violations == 1 ? "" : "s", violations);
		char line[512];
		for (size_t k = 0; k < pram_violation_count(m) && k < SHOW_VIOLATIONS; k++) {
			pram_violation_format(pram_violation_at(m, k), line, sizeof line);
			tap_diag("%s", line);
		}
		if (pram_failed(m) && pram_violation_count(m) == 0)
			tap_diag("%s", pram_errmsg(m));
	}
}

/* Whether msg holds every line of the expected error. */
static int error_matches(const char *msg, const char *expected)
{
	int ok = *msg != '\0';
	for (const char *s = expected; ok && *s;) {
		size_t len = strcspn(s, "\n");
		char frag[512];
		snprintf(frag, sizeof frag, "%.*s", (int)len, s);
		ok = strstr(msg, frag) != NULL;
		s += len + (s[len] == '\n');
	}
	return ok;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!*s || *s == '-' || *s == '+')
		return -1;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

/* A whole number key, or -1 with the reason in err. */
static int number_key(const pcase *c, const case_value *v, const char *key, uint64_t *out,
		      char *err, size_t errlen)
{
	if (!v->text)
		return 0;
	if (parse_u64(v->text, out) == 0)
		return 0;
	snprintf(err, errlen, "%s:%ld: %s '%s': give a whole number", c->file, v->line, key,
		 v->text);
	return -1;
}

/* Check the case's own consistency and look up what it names. Returns 0, or
 * -1 with "file:line: what" in err. */
static int case_check(const pcase *c, const algo **a, pram_config *cfg, uint64_t *work,
		      uint64_t *depth, uint64_t *violations, char *err, size_t errlen)
{
	if (!c->algo.text) {
		snprintf(err, errlen, "%s:%ld: the case has no 'algo'", c->file, c->line);
		return -1;
	}
	if (!(*a = algo_find(c->algo.text))) {
		snprintf(err, errlen, "%s:%ld: unknown algorithm '%s' (pram list)", c->file,
			 c->algo.line, c->algo.text);
		return -1;
	}
	if (!c->input.text) {
		snprintf(err, errlen, "%s:%ld: the case has no 'input'", c->file, c->line);
		return -1;
	}
	int others =
	    c->output.text || c->work.text || c->depth.text || c->violations.text || c->narrays;
	if (c->error.text && others) {
		snprintf(err, errlen,
			 "%s:%ld: a case with 'error' checks nothing else (no output, work, "
			 "depth, violations or array)",
			 c->file, c->error.line);
		return -1;
	}
	if (!c->error.text && !c->output.text) {
		snprintf(err, errlen, "%s:%ld: the case has no 'output' (or 'error')", c->file,
			 c->line);
		return -1;
	}
	if (c->error.text && !*c->error.text) {
		snprintf(err, errlen, "%s:%ld: 'error' gives no text to find", c->file,
			 c->error.line);
		return -1;
	}
	cfg->model = (*a)->model;
	if (c->model.text && pram_model_parse(c->model.text, &cfg->model)) {
		snprintf(err, errlen,
			 "%s:%ld: model '%s': give erew, crew, crcw-common, crcw-arbitrary, "
			 "crcw-priority, crcw-combining or scan",
			 c->file, c->model.line, c->model.text);
		return -1;
	}
	cfg->conflicts = PRAM_CONFLICT_ERROR;
	if (c->conflicts.text) {
		if (strcmp(c->conflicts.text, "count") == 0) {
			cfg->conflicts = PRAM_CONFLICT_COUNT;
		} else if (strcmp(c->conflicts.text, "error") != 0) {
			snprintf(err, errlen, "%s:%ld: conflicts '%s': give error or count",
				 c->file, c->conflicts.line, c->conflicts.text);
			return -1;
		}
	}
	*violations = 0;
	return number_key(c, &c->work, "work", work, err, errlen) ||
		       number_key(c, &c->depth, "depth", depth, err, errlen) ||
		       number_key(c, &c->violations, "violations", violations, err, errlen)
		   ? -1
		   : 0;
}

static void run_case(pcase *c)
{
	char where[512], name[768], err[1024] = "", fail[1024] = "";
	const algo *a = NULL;
	pram_config cfg = {.seed = 1};
	uint64_t work = 0, depth = 0, violations = 0;
	algo_data in[ALGO_MAX_PORTS] = {0}, want[ALGO_MAX_PORTS] = {0};
	snprintf(where, sizeof where, "%s:%ld", c->file, c->line);
	if (c->bad[0] || case_check(c, &a, &cfg, &work, &depth, &violations, err, sizeof err)) {
		tap_point(0, "%s: the case reads", where);
		tap_diag("%s", c->bad[0] ? c->bad : err);
		return;
	}
	snprintf(name, sizeof name, "%s: %s%s%s on %s", where, a->name, c->args.text ? " " : "",
		 c->args.text ? c->args.text : "", pram_model_name(cfg.model));

	/* What the algorithm does with the case: an error here is the case's
	 * outcome, which 'error' may expect. */
	algo_params p = algo_default_params(a);
	simrun r;
	int ran = 0;
	if (case_apply_args(a, &p, c->args.text, err, sizeof err)) {
		snprintf(fail, sizeof fail, "%s:%ld: %s", c->file, c->args.line, err);
		goto outcome;
	}
	p.model = cfg.model;
	if (case_read_values(&c->input, c->file, a, &p, in, fail, sizeof fail))
		goto outcome;
	if (simrun_exec_cells(a, &p, in, &cfg, NULL, NULL, &r)) {
		snprintf(fail, sizeof fail, "out of memory");
		goto outcome;
	}
	ran = 1;
	if (pram_failed(r.m))
		snprintf(fail, sizeof fail, "%s", pram_errmsg(r.m));

outcome:
	if (c->error.text) {
		if (!tap_point(error_matches(fail, c->error.text), "%s: fails as expected", name))
			tap_diag("%s\nexpected an error with: %s (%s:%ld)",
				 *fail ? fail : "the case ran without an error", c->error.text,
				 c->file, c->error.line);
	} else if (!ran) {
		tap_point(0, "%s: runs", name);
		tap_diag("%s", fail);
	} else {
		/* The expected outputs are read as the inputs of an entry whose
		 * inputs are a's outputs: one "NAME:" section per output. */
		const algo outs = {.name = a->name, .caps = ALGO_FLOAT, .inputs = algo_outputs(a)};
		if (case_read_values(&c->output, c->file, &outs, &p, want, err, sizeof err)) {
			tap_point(0, "%s: the case reads", where);
			tap_diag("%s", err);
		} else {
			check_run(c, name, a, &p, in, want, &r, work, depth, violations);
		}
	}
	if (ran)
		simrun_free(&r);
	algo_data_free_all(in, ALGO_MAX_PORTS);
	algo_data_free_all(want, ALGO_MAX_PORTS);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: run-cases FILE...\n");
		return 2;
	}
	for (int k = 1; k < argc; k++)
		run_file(argv[k]);
	return tap_done();
}
