/*
 * predict.c - the check of a prediction exercise (contract prediction): the
 * student states W(n) and D(n) of the exercise's reference algorithm as
 * expressions in n, and the checker compares them, exactly, with the
 * simulator's W and D of the algorithm run with the exercise's args: and
 * model: at each n of sizes:. Also the expressions themselves (ck_expr_*):
 * integers, n, + - * / ^, parentheses, log2, ceil, floor, min and max,
 * evaluated as exact rationals (a 64-bit numerator and denominator), or as
 * a long double flagged inexact where a value is not rational (log2 of a
 * number that is not a power of two) or does not fit; ceil and floor of an
 * inexact value are whole numbers again.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "check.h"
#include "simrun.h"

enum {
	E_NUM,
	E_VAR,
	E_ADD,
	E_SUB,
	E_MUL,
	E_DIV,
	E_POW,
	E_NEG,
	E_LOG2,
	E_CEIL,
	E_FLOOR,
	E_MIN,
	E_MAX
};

struct ck_expr {
	int op;
	int64_t v;
	struct ck_expr *a, *b;
};

void ck_expr_free(ck_expr *e)
{
	if (!e)
		return;
	ck_expr_free(e->a);
	ck_expr_free(e->b);
	free(e);
}

/* ---- parsing --------------------------------------------------------- */

typedef struct parser {
	const char *s, *p;
	char *err;
	size_t errlen;
	size_t col; /* of the error, 1-based */
	int failed;
} parser;

static void perr(parser *ps, const char *at, const char *fmt, const char *what)
{
	if (ps->failed)
		return;
	ps->failed = 1;
	ps->col = (size_t)(at - ps->s) + 1;
	snprintf(ps->err, ps->errlen, fmt, what);
}

static void skip(parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/* What is at p, for a message: "'n'", "'log2'", "the end of the line". */
static const char *found(const char *p, char *buf, size_t len)
{
	if (!*p)
		return "the end of the line";
	size_t k = 0;
	if (isalnum((unsigned char)*p))
		while (isalnum((unsigned char)p[k]) && k < 20)
			k++;
	else
		k = 1;
	snprintf(buf, len, "'%.*s'", (int)k, p);
	return buf;
}

static ck_expr *node(parser *ps, int op, ck_expr *a, ck_expr *b)
{
	ck_expr *e = calloc(1, sizeof *e);
	if (!e) {
		perr(ps, ps->p, "%s", "out of memory");
		ck_expr_free(a);
		ck_expr_free(b);
		return NULL;
	}
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

static ck_expr *p_sum(parser *ps);

static ck_expr *p_primary(parser *ps)
{
	char fb[40];
	skip(ps);
	const char *at = ps->p;
	if (isdigit((unsigned char)*ps->p)) {
		int64_t v = 0;
		while (isdigit((unsigned char)*ps->p)) {
			int d = *ps->p++ - '0';
			if (v > (INT64_MAX - d) / 10) {
				perr(ps, at, "%s", "a number too large");
				return NULL;
			}
			v = v * 10 + d;
		}
		ck_expr *e = node(ps, E_NUM, NULL, NULL);
		if (e)
			e->v = v;
		return e;
	}
	if (*ps->p == '(') {
		ps->p++;
		ck_expr *e = p_sum(ps);
		skip(ps);
		if (!ps->failed && *ps->p != ')') {
			perr(ps, ps->p, "expected ')', found %s", found(ps->p, fb, sizeof fb));
			ck_expr_free(e);
			return NULL;
		}
		ps->p++;
		return e;
	}
	if (isalpha((unsigned char)*ps->p)) {
		const char *b = ps->p;
		while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
			ps->p++;
		size_t len = (size_t)(ps->p - b);
		if (len == 1 && *b == 'n')
			return node(ps, E_VAR, NULL, NULL);
		static const struct {
			const char *name;
			int op, args;
		} fns[] = {{"log2", E_LOG2, 1},
			   {"ceil", E_CEIL, 1},
			   {"floor", E_FLOOR, 1},
			   {"min", E_MIN, 2},
			   {"max", E_MAX, 2}};
		int k;
		for (k = 0; k < 5; k++)
			if (strlen(fns[k].name) == len && strncmp(b, fns[k].name, len) == 0)
				break;
		if (k == 5) {
			char name[40];
			snprintf(name, sizeof name, "%.*s", (int)(len > 30 ? 30 : len), b);
			perr(ps, b,
			     "unknown name '%s' (write n, log2(x), ceil(x), floor(x), min(a, b), "
			     "max(a, b))",
			     name);
			return NULL;
		}
		skip(ps);
		if (*ps->p != '(') {
			perr(ps, ps->p, "expected '(' after the function's name, found %s",
			     found(ps->p, fb, sizeof fb));
			return NULL;
		}
		ps->p++;
		ck_expr *a = p_sum(ps), *c = NULL;
		skip(ps);
		if (!ps->failed && fns[k].args == 2) {
			if (*ps->p != ',') {
				perr(ps, ps->p, "expected ',' between the two arguments, found %s",
				     found(ps->p, fb, sizeof fb));
			} else {
				ps->p++;
				c = p_sum(ps);
				skip(ps);
			}
		}
		if (!ps->failed && *ps->p != ')')
			perr(ps, ps->p,
			     *ps->p == ',' ? "this function takes one argument, found %s"
					   : "expected ')' after the arguments, found %s",
			     found(ps->p, fb, sizeof fb));
		if (ps->failed) {
			ck_expr_free(a);
			ck_expr_free(c);
			return NULL;
		}
		ps->p++;
		return node(ps, fns[k].op, a, c);
	}
	perr(ps, at, "expected a number, n, a function or '(', found %s", found(at, fb, sizeof fb));
	return NULL;
}

static ck_expr *p_unary(parser *ps);

/* primary [^ unary]: right-associative, above the sign (-2^2 is -4) */
static ck_expr *p_power(parser *ps)
{
	ck_expr *a = p_primary(ps);
	if (ps->failed)
		return a;
	skip(ps);
	if (*ps->p != '^')
		return a;
	ps->p++;
	ck_expr *b = p_unary(ps);
	if (ps->failed) {
		ck_expr_free(a);
		ck_expr_free(b);
		return NULL;
	}
	return node(ps, E_POW, a, b);
}

static ck_expr *p_unary(parser *ps)
{
	skip(ps);
	if (*ps->p == '-' || *ps->p == '+') {
		int neg = *ps->p++ == '-';
		ck_expr *a = p_unary(ps);
		if (ps->failed || !neg)
			return a;
		return node(ps, E_NEG, a, NULL);
	}
	return p_power(ps);
}

static ck_expr *p_product(parser *ps)
{
	char fb[40];
	ck_expr *a = p_unary(ps);
	while (!ps->failed) {
		skip(ps);
		if (*ps->p != '*' && *ps->p != '/') {
			if (isalnum((unsigned char)*ps->p) || *ps->p == '(') {
				perr(ps, ps->p,
				     "expected an operator before %s (write 2*n, not 2n)",
				     found(ps->p, fb, sizeof fb));
				break;
			}
			return a;
		}
		int op = *ps->p++ == '*' ? E_MUL : E_DIV;
		ck_expr *b = p_unary(ps);
		if (ps->failed) {
			ck_expr_free(b);
			break;
		}
		a = node(ps, op, a, b);
	}
	ck_expr_free(a);
	return NULL;
}

static ck_expr *p_sum(parser *ps)
{
	ck_expr *a = p_product(ps);
	while (!ps->failed) {
		skip(ps);
		if (*ps->p != '+' && *ps->p != '-')
			return a;
		int op = *ps->p++ == '+' ? E_ADD : E_SUB;
		ck_expr *b = p_product(ps);
		if (ps->failed) {
			ck_expr_free(b);
			break;
		}
		a = node(ps, op, a, b);
	}
	ck_expr_free(a);
	return NULL;
}

ck_expr *ck_expr_parse(const char *s, size_t *col, char *err, size_t errlen)
{
	char fb[40];
	parser ps = {s, s, err, errlen, 0, 0};
	ck_expr *e = p_sum(&ps);
	skip(&ps);
	if (!ps.failed && *ps.p)
		perr(&ps, ps.p,
		     *ps.p == ')' ? "%s without its '('" : "expected an operator, found %s",
		     found(ps.p, fb, sizeof fb));
	if (ps.failed) {
		ck_expr_free(e);
		*col = ps.col;
		return NULL;
	}
	return e;
}

/* ---- evaluation ------------------------------------------------------ */

typedef struct val {
	int exact;        /* num / den, den > 0, in lowest terms */
	int64_t num, den; /* when exact */
	long double ap;   /* the value (approximate when not exact) */
} val;

static __int128 gcd128(__int128 a, __int128 b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		__int128 t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* num / den as a val: exact when it fits 64 bits in lowest terms. */
static val mkrat(__int128 num, __int128 den)
{
	val v;
	if (den < 0)
		num = -num, den = -den;
	__int128 g = gcd128(num, den);
	if (g > 1)
		num /= g, den /= g;
	v.ap = (long double)num / (long double)den;
	v.exact = num >= INT64_MIN && num <= INT64_MAX && den <= INT64_MAX;
	v.num = v.exact ? (int64_t)num : 0;
	v.den = v.exact ? (int64_t)den : 1;
	return v;
}

static val mkap(long double x)
{
	val v = {0, 0, 1, x};
	return v;
}

static int cmp(val a, val b)
{
	if (a.exact && b.exact) {
		__int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
		return l < r ? -1 : l > r;
	}
	return a.ap < b.ap ? -1 : a.ap > b.ap;
}

static int eval(const ck_expr *e, int64_t n, val *out, char *why, size_t whylen)
{
	val a = {1, 0, 1, 0}, b = {1, 0, 1, 0};
	if (e->a && eval(e->a, n, &a, why, whylen) != 0)
		return -1;
	if (e->b && eval(e->b, n, &b, why, whylen) != 0)
		return -1;
	int both = a.exact && b.exact;
	switch (e->op) {
	case E_NUM:
		*out = mkrat(e->v, 1);
		return 0;
	case E_VAR:
		*out = mkrat(n, 1);
		return 0;
	case E_ADD:
		*out = both ? mkrat((__int128)a.num * b.den + (__int128)b.num * a.den,
				    (__int128)a.den * b.den)
			    : mkap(a.ap + b.ap);
		return 0;
	case E_SUB:
		*out = both ? mkrat((__int128)a.num * b.den - (__int128)b.num * a.den,
				    (__int128)a.den * b.den)
			    : mkap(a.ap - b.ap);
		return 0;
	case E_MUL:
		*out = both ? mkrat((__int128)a.num * b.num, (__int128)a.den * b.den)
			    : mkap(a.ap * b.ap);
		return 0;
	case E_DIV:
		if (b.exact ? b.num == 0 : b.ap == 0) {
			snprintf(why, whylen, "a division by zero");
			return -1;
		}
		*out = both ? mkrat((__int128)a.num * b.den, (__int128)a.den * b.num)
			    : mkap(a.ap / b.ap);
		return 0;
	case E_NEG:
		*out = a.exact ? mkrat(-(__int128)a.num, a.den) : mkap(-a.ap);
		return 0;
	case E_POW:
		if (both && b.den == 1 && b.num >= -64 && b.num <= 64) {
			int64_t k = b.num < 0 ? -b.num : b.num;
			if (a.num == 0 && b.num < 0) {
				snprintf(why, whylen, "a division by zero (0 to a negative power)");
				return -1;
			}
			val r = mkrat(1, 1);
			for (int64_t i = 0; i < k && r.exact; i++)
				r = mkrat((__int128)r.num * a.num, (__int128)r.den * a.den);
			if (!r.exact)
				r = mkap(powl(a.ap, (long double)k));
			if (b.num < 0)
				r = r.exact ? mkrat(r.den, r.num) : mkap(1 / r.ap);
			*out = r;
			return 0;
		}
		if (a.ap < 0) {
			snprintf(why, whylen, "a negative number to a power that is not whole");
			return -1;
		}
		*out = mkap(powl(a.ap, b.ap));
		return 0;
	case E_LOG2:
		if (a.exact ? a.num <= 0 : a.ap <= 0) {
			snprintf(why, whylen, "log2 of %s",
				 a.exact && a.num == 0 ? "0" : "a negative number");
			return -1;
		}
		if (a.exact && (a.num & (a.num - 1)) == 0 && (a.den & (a.den - 1)) == 0) {
			int ln = 0, ld = 0;
			while (((int64_t)1 << ln) < a.num)
				ln++;
			while (((int64_t)1 << ld) < a.den)
				ld++;
			*out = mkrat(ln - ld, 1);
			return 0;
		}
		*out = mkap(log2l(a.ap));
		return 0;
	case E_CEIL:
	case E_FLOOR: {
		if (!a.exact) {
			long double r = e->op == E_CEIL ? ceill(a.ap) : floorl(a.ap);
			if (fabsl(r) > 9e18L) {
				snprintf(why, whylen, "a number too large");
				return -1;
			}
			*out = mkrat((__int128)r, 1);
			return 0;
		}
		int64_t q = a.num / a.den, m = a.num % a.den;
		if (m && e->op == E_FLOOR && a.num < 0)
			q--;
		if (m && e->op == E_CEIL && a.num > 0)
			q++;
		*out = mkrat(q, 1);
		return 0;
	}
	case E_MIN:
		*out = cmp(a, b) <= 0 ? a : b;
		return 0;
	case E_MAX:
		*out = cmp(a, b) >= 0 ? a : b;
		return 0;
	}
	snprintf(why, whylen, "an unknown operation");
	return -1;
}

int ck_expr_eval(const ck_expr *e, int64_t n, int64_t *out, char *why, size_t whylen)
{
	val v;
	if (eval(e, n, &v, why, whylen) != 0)
		return -1;
	if (v.exact && v.den == 1) {
		*out = v.num;
		return 0;
	}
	if (v.exact)
		snprintf(why, whylen, "%" PRId64 "/%" PRId64 ", not a whole number", v.num, v.den);
	else
		snprintf(why, whylen,
			 "about %.6Lg, not a whole number (log2 of a number that is not a "
			 "power of two? ceil() or floor() make it one)",
			 v.ap);
	return -1;
}

/* ---- the check ------------------------------------------------------- */

/* The reference's parameters: its defaults, the exercise's op and
 * inclusiveness where it takes them, then args: through the same setter
 * as the command line. */
int ck_reference_params(const ck_exercise *ex, const algo *a, algo_params *p, char *err,
			size_t errlen)
{
	*p = algo_default_params(a);
	if (a->caps & ALGO_OP)
		p->op = (pram_op)ex->op;
	if (a->caps & ALGO_INCLUSIVE)
		p->inclusive = ex->inclusive;
	if (ex->model_given)
		p->model = (pram_model)ex->model;
	if (!ex->args)
		return 0;
	char buf[512];
	snprintf(buf, sizeof buf, "%s", ex->args);
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (strncmp(t, "--", 2) != 0) {
			snprintf(err, errlen, "%s: args: '%s' is not an option (--NAME [VALUE])",
				 ex->path, t);
			return -1;
		}
		char *name = t + 2, *value = NULL, *eq = strchr(name, '=');
		int takes = 0;
		if (eq) {
			*eq = '\0';
			value = eq + 1;
		} else if (algo_option_known(name, &takes) && takes) {
			value = strtok_r(NULL, " \t", &save);
			if (!value) {
				snprintf(err, errlen, "%s: args: --%s needs a value", ex->path,
					 name);
				return -1;
			}
		}
		char why[256];
		if (algo_set_option(a, p, name, value, why, sizeof why) != 0) {
			snprintf(err, errlen, "%s: args: %s", ex->path, why);
			return -1;
		}
	}
	return 0;
}

/* One answer line: its expression (NULL: '?', not answered) and where it is. */
typedef struct answer {
	int given, line, unanswered;
	ck_expr *e;
} answer;

int ck_predict_check(const ck_exercise *ex, const char *path, ck_result *r)
{
	char err[512];
	const char *shown = ck_basename(path);
	const algo *a = algo_find(ex->reference);
	answer ans[2] = {{0}, {0}}; /* W, D */
	int ret = -1;
	char *text = ck_slurp(path, NULL, err, sizeof err);
	if (!text) {
		ck_note(r, "%s", err);
		return -1;
	}
	if (!a) {
		ck_note(r, "%s: the reference '%s' is not in the registry", ex->path,
			ex->reference);
		goto fail;
	}
	algo_params p;
	if (ck_reference_params(ex, a, &p, err, sizeof err) != 0) {
		ck_note(r, "%s", err);
		goto fail;
	}
	r->ran[CK_CRIT_BUILD] = 1;
	int lineno = 0;
	for (char *l = text, *nl; l && *l; l = nl) {
		nl = strchr(l, '\n');
		if (nl)
			*nl++ = '\0';
		lineno++;
		size_t ll = strlen(l);
		if (ll && l[ll - 1] == '\r')
			l[--ll] = '\0';
		char *s = l;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#' || *s == '\0')
			continue;
		int which = *s == 'W' ? 0 : *s == 'D' ? 1 : -1;
		char *q = s + 1;
		while (*q == ' ' || *q == '\t')
			q++;
		int head = which >= 0 && strncmp(q, "(n)", 3) == 0;
		if (head) {
			q += 3;
			while (*q == ' ' || *q == '\t')
				q++;
			head = *q == '=';
		}
		if (!head) {
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL,
				    "the answer is two lines, W(n) = ... and D(n) = ...; comments "
				    "start with #",
				    "%s:%d:%d: expected 'W(n) = EXPRESSION' or 'D(n) = EXPRESSION'",
				    shown, lineno, (int)(s - l) + 1);
			continue;
		}
		answer *an = &ans[which];
		if (an->given) {
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL, NULL,
				    "%s:%d:%d: %c(n) is given twice (first on line %d)", shown,
				    lineno, (int)(s - l) + 1, which ? 'D' : 'W', an->line);
			continue;
		}
		an->given = 1;
		an->line = lineno;
		char *ex_ = q + 1;
		while (*ex_ == ' ' || *ex_ == '\t')
			ex_++;
		char *end = ex_ + strlen(ex_);
		while (end > ex_ && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = '\0';
		if (strcmp(ex_, "?") == 0) {
			an->unanswered = 1;
			continue;
		}
		size_t col = 0;
		char why[256];
		an->e = ck_expr_parse(ex_, &col, why, sizeof why);
		if (!an->e) {
			an->given = -1; /* malformed */
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, lineno, NULL,
				    "expressions in n with + - * / ^, parentheses, whole numbers, "
				    "log2(x), ceil(x), floor(x), min(a, b) and max(a, b)",
				    "%s:%d:%zu: %s", shown, lineno, (size_t)(ex_ - l) + col, why);
		}
	}
	for (int k = 0; k < 2; k++)
		if (!ans[k].given)
			ck_diag_add(r, CK_COMPILE_ERROR, CK_CRIT_BUILD, shown, 0, NULL,
				    "write '?' to leave it unanswered", "%s: no '%c(n) = ...' line",
				    shown, k ? 'D' : 'W');

	/* the simulator's W and D at each n */
	uint64_t sw[CK_MAX_LIST], sd[CK_MAX_LIST];
	size_t ns = 0;
	for (size_t k = 0; k < ex->nsizes; k++) {
		size_t n = ex->sizes[k];
		algo_data in[ALGO_MAX_PORTS];
		memset(in, 0, sizeof in);
		simrun run;
		memset(&run, 0, sizeof run);
		pram_config cfg = {.model = p.model, .seed = 1};
		if (algo_generate(a, in, n, &p, 1) != 0) {
			ck_note(r, "%s: cannot make an input of %s at n = %zu", ex->path,
				ex->reference, n);
			goto fail;
		}
		int rc = simrun_exec(a, &p, in, &cfg, NULL, NULL, &run);
		int bad = rc != 0 || pram_failed(run.m);
		if (!bad) {
			pram_totals t = pram_get_totals(run.m);
			sw[ns] = t.work;
			sd[ns] = t.depth;
			ns++;
		} else
			ck_note(r, "%s: the reference %s does not run at n = %zu: %s", ex->path,
				ex->reference, n, run.m ? pram_errmsg(run.m) : "out of memory");
		simrun_free(&run);
		algo_data_free_all(in, algo_nin(a));
		if (bad)
			goto fail;
	}

	for (int k = 0; k < 2; k++) {
		ck_crit c = k ? CK_CRIT_DEPTH : CK_CRIT_WORK;
		char name = k ? 'D' : 'W';
		const uint64_t *sim = k ? sd : sw;
		answer *an = &ans[k];
		if (an->given <= 0) {
			r->ran[c] = 0;
			continue;
		}
		r->ran[c] = 1;
		if (an->unanswered) {
			r->failed[c] = 1;
			ck_crit_note(r, c, "not answered");
			ck_note(r, "%c(n) is not answered yet ('?' on line %d of %s): 0 points",
				name, an->line, shown);
			continue;
		}
		size_t at;
		for (at = 0; at < ns; at++) {
			int64_t got;
			char why[256];
			size_t n = ex->sizes[at];
			if (ck_expr_eval(an->e, (int64_t)n, &got, why, sizeof why) != 0) {
				ck_diag_add(
				    r, CK_WRONG_RESULT, c, shown, an->line, NULL, NULL,
				    "%c(n) at n = %zu is %s; the simulator counts %c = %" PRIu64,
				    name, n, why, name, sim[at]);
				break;
			}
			if (got < 0 || (uint64_t)got != sim[at]) {
				ck_diag_add(r, CK_WRONG_RESULT, c, shown, an->line, NULL, NULL,
					    "%c(n) differs at n = %zu: expected %c = %" PRIu64
					    " (the simulator's count), your %c(n) gives %" PRId64,
					    name, n, name, sim[at], name, got);
				break;
			}
		}
		char vals[CK_MAX_LIST * 24] = "";
		for (size_t i = 0; i < ns; i++)
			snprintf(vals + strlen(vals), sizeof vals - strlen(vals),
				 "%s%c(%zu) = %" PRIu64, i ? ", " : "", name, ex->sizes[i], sim[i]);
		if (at == ns)
			ck_crit_note(r, c, "right at every n: %s", vals);
	}
	ck_note(r, "the simulator ran %s %s under %s at n = %zu .. %zu", ex->reference,
		ex->args ? ex->args : "", pram_model_name(p.model), ex->sizes[0],
		ex->sizes[ex->nsizes - 1]);
	ret = 0;
fail:
	ck_expr_free(ans[0].e);
	ck_expr_free(ans[1].e);
	free(text);
	return ret;
}
