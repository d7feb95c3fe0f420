/*
 * jsonread.c - a JSON reader (jsonread.h): a recursive descent over the
 * text of RFC 8259, strict (no comments, no trailing commas, no control
 * characters inside strings), into a tree whose every value knows its line
 * and column, so that a reader of the tree can say where a field is wrong.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonread.h"

typedef struct reader {
	const char *s;
	size_t len, pos;
	unsigned line; /* the line of pos, from 1 */
	size_t lstart; /* where that line begins */
	char *err;
	size_t errlen;
	int failed;
} reader;

/* Say what is wrong at pos, once: the first error is the one to fix. */
static int fail(reader *r, const char *fmt, ...)
{
	if (r->failed)
		return -1;
	r->failed = 1;
	int k = snprintf(r->err, r->errlen, "%u:%zu: ", r->line, r->pos - r->lstart + 1);
	if (k < 0 || (size_t)k >= r->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err + k, r->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static int oom(reader *r)
{
	if (!r->failed)
		snprintf(r->err, r->errlen, "out of memory");
	r->failed = 1;
	return -1;
}

/* What stands at pos, for a message: the character, or "the end". */
static const char *here(const reader *r, char *buf, size_t len)
{
	if (r->pos >= r->len)
		return "the end of the text";
	unsigned char c = (unsigned char)r->s[r->pos];
	if (c >= 0x20 && c < 0x7f)
		snprintf(buf, len, "'%c'", c);
	else
		snprintf(buf, len, "the byte 0x%02x", c);
	return buf;
}

static void skip_ws(reader *r)
{
	while (r->pos < r->len) {
		char c = r->s[r->pos];
		if (c == '\n') {
			r->line++;
			r->lstart = r->pos + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		r->pos++;
	}
}

static int value(reader *r, jr_value *v, unsigned depth);

static int hex4(reader *r, unsigned *out)
{
	unsigned u = 0;
	for (int k = 0; k < 4; k++, r->pos++) {
		char c = r->pos < r->len ? r->s[r->pos] : '\0';
		u <<= 4;
		if (c >= '0' && c <= '9')
			u |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			u |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			u |= (unsigned)(c - 'A' + 10);
		else
			return fail(r, "a \\u escape needs four hexadecimal digits");
	}
	*out = u;
	return 0;
}

/* Append code point u to buf as UTF-8; buf has room (a string's escapes
 * never write more bytes than they take). */
static size_t utf8(char *buf, unsigned u)
{
	if (u < 0x80) {
		buf[0] = (char)u;
		return 1;
	}
	if (u < 0x800) {
		buf[0] = (char)(0xc0 | u >> 6);
		buf[1] = (char)(0x80 | (u & 0x3f));
		return 2;
	}
	if (u < 0x10000) {
		buf[0] = (char)(0xe0 | u >> 12);
		buf[1] = (char)(0x80 | (u >> 6 & 0x3f));
		buf[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	}
	buf[0] = (char)(0xf0 | u >> 18);
	buf[1] = (char)(0x80 | (u >> 12 & 0x3f));
	buf[2] = (char)(0x80 | (u >> 6 & 0x3f));
	buf[3] = (char)(0x80 | (u & 0x3f));
	return 4;
}

/* The string at pos (its opening quote), unescaped into *out (caller
 * frees). */
static int string(reader *r, char **out)
{
	size_t start = ++r->pos, end = start;
	while (end < r->len && r->s[end] != '"')
		end += r->s[end] == '\\' && end + 1 < r->len ? 2 : 1;
	char *buf = malloc(end - start + 1);
	if (!buf)
		return oom(r);
	size_t k = 0;
	for (;;) {
		if (r->pos >= r->len) {
			free(buf);
			return fail(r, "a string is not closed by '\"'");
		}
		unsigned char c = (unsigned char)r->s[r->pos];
		if (c == '"') {
			r->pos++;
			break;
		}
		if (c < 0x20) {
			free(buf);
			return fail(r,
				    "a control character (0x%02x) inside a string: write it as an "
				    "escape",
				    c);
		}
		if (c != '\\') {
			buf[k++] = (char)c;
			r->pos++;
			continue;
		}
		char e = ++r->pos < r->len ? r->s[r->pos] : '\0';
		const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
		const char *m = e ? strchr(from, e) : NULL;
		if (m) {
			buf[k++] = to[m - from];
			r->pos++;
			continue;
		}
		if (e != 'u') {
			free(buf);
			return fail(r, "an unknown escape in a string (\\ then %c)", e ? e : '?');
		}
		r->pos++;
		unsigned u, lo;
		if (hex4(r, &u)) {
			free(buf);
			return -1;
		}
		/* A surrogate pair, \uD83D\uDE00, is one code point. */
		if (u >= 0xd800 && u < 0xdc00 && r->pos + 1 < r->len && r->s[r->pos] == '\\' &&
		    r->s[r->pos + 1] == 'u') {
			r->pos += 2;
			if (hex4(r, &lo)) {
				free(buf);
				return -1;
			}
			if (lo >= 0xdc00 && lo < 0xe000)
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			else
				k += utf8(buf + k, u), u = lo;
		}
		if (u == 0) {
			free(buf);
			return fail(r, "a string holds \\u0000, which this program cannot keep");
		}
		k += utf8(buf + k, u);
	}
	buf[k] = '\0';
	*out = buf;
	return 0;
}

static int number(reader *r, jr_value *v)
{
	size_t start = r->pos, p = r->pos;
	const char *s = r->s;
	if (p < r->len && s[p] == '-')
		p++;
	if (p >= r->len || s[p] < '0' || s[p] > '9') {
		r->pos = p;
		return fail(r, "a number needs a digit here");
	}
	int plain = s[start] != '-';
	if (s[p] == '0' && p + 1 < r->len && s[p + 1] >= '0' && s[p + 1] <= '9') {
		r->pos = p + 1;
		return fail(r, "a number may not begin with 0 and another digit");
	}
	while (p < r->len && s[p] >= '0' && s[p] <= '9')
		p++;
	if (p < r->len && s[p] == '.') {
		plain = 0;
		if (++p >= r->len || s[p] < '0' || s[p] > '9') {
			r->pos = p;
			return fail(r, "a number needs a digit after its '.'");
		}
		while (p < r->len && s[p] >= '0' && s[p] <= '9')
			p++;
	}
	if (p < r->len && (s[p] == 'e' || s[p] == 'E')) {
		plain = 0;
		if (++p < r->len && (s[p] == '+' || s[p] == '-'))
			p++;
		if (p >= r->len || s[p] < '0' || s[p] > '9') {
			r->pos = p;
			return fail(r, "a number needs a digit in its exponent");
		}
		while (p < r->len && s[p] >= '0' && s[p] <= '9')
			p++;
	}
	char buf[64];
	if (p - start >= sizeof buf)
		return fail(r, "a number of more than %zu characters", sizeof buf - 1);
	memcpy(buf, s + start, p - start);
	buf[p - start] = '\0';
	v->kind = JR_NUM;
	v->num = strtod(buf, NULL);
	if (plain) {
		errno = 0;
		v->u = strtoull(buf, NULL, 10);
		v->is_uint = errno == 0;
	}
	r->pos = p;
	return 0;
}

/* The literal word (true, false, null) at pos. */
static int literal(reader *r, const char *word)
{
	size_t n = strlen(word);
	if (r->len - r->pos < n || memcmp(r->s + r->pos, word, n) != 0) {
		char b[32];
		return fail(r,
			    "expected a value (an object, array, string, number, true, false "
			    "or null), found %s",
			    here(r, b, sizeof b));
	}
	r->pos += n;
	return 0;
}

/* Grow v's items (and keys, for an object) to hold one more. */
static jr_value *push(reader *r, jr_value *v, size_t *cap)
{
	if (v->n == *cap) {
		size_t c = *cap ? *cap * 2 : 4;
		jr_value *it = realloc(v->item, c * sizeof *it);
		if (!it)
			return oom(r), NULL;
		v->item = it;
		if (v->kind == JR_OBJ) {
			char **k = realloc(v->key, c * sizeof *k);
			if (!k)
				return oom(r), NULL;
			v->key = k;
		}
		*cap = c;
	}
	jr_value *e = &v->item[v->n];
	memset(e, 0, sizeof *e);
	if (v->kind == JR_OBJ)
		v->key[v->n] = NULL;
	v->n++;
	return e;
}

/* An array or an object at pos; close is its closing bracket. */
static int container(reader *r, jr_value *v, unsigned depth)
{
	int obj = r->s[r->pos] == '{';
	char close = obj ? '}' : ']', b[32];
	size_t cap = 0;
	if (depth >= JR_MAX_DEPTH)
		return fail(r, "arrays and objects nested more than %d deep", JR_MAX_DEPTH);
	v->kind = obj ? JR_OBJ : JR_ARR;
	r->pos++;
	skip_ws(r);
	if (r->pos < r->len && r->s[r->pos] == close) {
		r->pos++;
		return 0;
	}
	for (;;) {
		jr_value *e = push(r, v, &cap);
		if (!e)
			return -1;
		if (obj) {
			skip_ws(r);
			if (r->pos >= r->len || r->s[r->pos] != '"')
				return fail(r,
					    "expected a member's name in double quotes, found %s",
					    here(r, b, sizeof b));
			if (string(r, &v->key[v->n - 1]))
				return -1;
			skip_ws(r);
			if (r->pos >= r->len || r->s[r->pos] != ':')
				return fail(
				    r, "expected ':' after the member name \"%.60s\", found %s",
				    v->key[v->n - 1], here(r, b, sizeof b));
			r->pos++;
		}
		if (value(r, e, depth + 1))
			return -1;
		skip_ws(r);
		if (r->pos < r->len && r->s[r->pos] == ',') {
			r->pos++;
			skip_ws(r);
			if (r->pos < r->len && r->s[r->pos] == close)
				return fail(r, "a ',' before '%c': JSON has no trailing commas",
					    close);
			continue;
		}
		if (r->pos < r->len && r->s[r->pos] == close) {
			r->pos++;
			return 0;
		}
		return fail(r, "expected ',' or '%c' after %s, found %s", close,
			    obj ? "a member" : "an element", here(r, b, sizeof b));
	}
}

static int value(reader *r, jr_value *v, unsigned depth)
{
	skip_ws(r);
	v->line = r->line;
	v->column = (unsigned)(r->pos - r->lstart + 1);
	char c = r->pos < r->len ? r->s[r->pos] : '\0', b[32];
	if (r->pos >= r->len)
		return fail(r, "expected a value, found the end of the text");
	switch (c) {
	case '{':
	case '[':
		return container(r, v, depth);
	case '"':
		v->kind = JR_STR;
		return string(r, &v->str);
	case 't':
		v->kind = JR_BOOL;
		v->boolean = 1;
		return literal(r, "true");
	case 'f':
		v->kind = JR_BOOL;
		return literal(r, "false");
	case 'n':
		v->kind = JR_NULL;
		return literal(r, "null");
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(r, v);
		return fail(r,
			    "expected a value (an object, array, string, number, true, false "
			    "or null), found %s",
			    here(r, b, sizeof b));
	}
}

/* Free what v holds, not v itself. */
static void clear(jr_value *v)
{
	for (size_t k = 0; k < v->n; k++) {
		clear(&v->item[k]);
		if (v->kind == JR_OBJ)
			free(v->key[k]);
	}
	free(v->item);
	free(v->key);
	free(v->str);
}

int jr_parse(const char *text, size_t len, jr_value **out, char *err, size_t errlen)
{
	reader r = {.s = text, .len = len, .line = 1, .err = err, .errlen = errlen};
	jr_value *v = calloc(1, sizeof *v);
	*out = NULL;
	if (!v)
		return oom(&r);
	if (value(&r, v, 0) == 0) {
		skip_ws(&r);
		if (r.pos < r.len) {
			char b[32];
			fail(&r, "more after the value: %s", here(&r, b, sizeof b));
		}
	}
	if (r.failed) {
		jr_free(v);
		return -1;
	}
	*out = v;
	return 0;
}

void jr_free(jr_value *v)
{
	if (!v)
		return;
	clear(v);
	free(v);
}

const jr_value *jr_get(const jr_value *v, const char *key)
{
	if (!v || v->kind != JR_OBJ)
		return NULL;
	for (size_t k = 0; k < v->n; k++)
		if (v->key[k] && strcmp(v->key[k], key) == 0)
			return &v->item[k];
	return NULL;
}

const char *jr_kind_name(jr_kind k)
{
	static const char *const names[] = {"null",     "true or false", "a number",
					    "a string", "an array",      "an object"};
	return (unsigned)k < sizeof names / sizeof *names ? names[k] : "a value";
}
