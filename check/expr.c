/*
 * expr.c - the expressions of a prediction (expr.h): integers, n, + - * /
 * ^, parentheses, log2, ceil, floor, min and max, parsed by recursive
 * descent into a tree and evaluated as exact rationals (a 64-bit numerator
 * and denominator), or as a long double flagged inexact where a value is
 * not rational (log2 of a number that is not a power of two) or does not
 * fit; ceil and floor of an inexact value are whole numbers again.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

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

/* A left-associative chain operand (OP operand)..., where OP is ops[0],
 * making a node of kind kinds[0], or ops[1], making kinds[1]. With
 * adjacent, an operand right after another ("2n", "2(n + 1)") is an error
 * that says to write the operator. */
static ck_expr *p_chain(parser *ps, ck_expr *(*operand)(parser *), const char ops[2],
			const int kinds[2], int adjacent)
{
	char fb[40];
	ck_expr *a = operand(ps);
	while (!ps->failed) {
		skip(ps);
		if (*ps->p != ops[0] && *ps->p != ops[1]) {
			if (adjacent && (isalnum((unsigned char)*ps->p) || *ps->p == '(')) {
				perr(ps, ps->p,
				     "expected an operator before %s (write 2*n, not 2n)",
				     found(ps->p, fb, sizeof fb));
				break;
			}
			return a;
		}
		int op = *ps->p++ == ops[0] ? kinds[0] : kinds[1];
		ck_expr *b = operand(ps);
		if (ps->failed) {
			ck_expr_free(b);
			break;
		}
		a = node(ps, op, a, b);
	}
	ck_expr_free(a);
	return NULL;
}

static ck_expr *p_product(parser *ps)
{
	static const int kinds[2] = {E_MUL, E_DIV};
	return p_chain(ps, p_unary, "*/", kinds, 1);
}

static ck_expr *p_sum(parser *ps)
{
	static const int kinds[2] = {E_ADD, E_SUB};
	return p_chain(ps, p_product, "+-", kinds, 0);
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
