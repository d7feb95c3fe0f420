/*
 * json.c - the program's JSON writer (see json.h).
 */
#include <inttypes.h>
#include <math.h>

#include "json.h"

static void str_escaped(FILE *f, const char *s, int html)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (html && (c == '<' || c == '>' || c == '&'))
			fprintf(f, "\\u%04x", c);
		else if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void json_str(FILE *f, const char *s)
{
	str_escaped(f, s, 0);
}

void html_text(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		case '\0':
			break;
		default:
			fputc(s[i], f);
		}
	}
}

void json_str_html(FILE *f, const char *s)
{
	str_escaped(f, s, 1);
}

void json_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	else
		fputs("null", f);
}

void json_value(FILE *f, pram_type t, pram_value v)
{
	if (t == PRAM_INT)
		fprintf(f, "%" PRId64, v.i);
	else if (isfinite(v.f))
		fprintf(f, "%.17g", v.f);
	else
		fputs("null", f);
}

void json_values(FILE *f, const algo_data *d)
{
	fputc('[', f);
	for (size_t i = 0; i < d->n; i++) {
		if (i)
			fputc(',', f);
		json_value(f, d->type, d->vals[i]);
	}
	fputc(']', f);
}

void json_access(FILE *f, const pram *m, const pram_access *e)
{
	static const char *const kinds[] = {"read", "write", "atomic"};
	const pram_array *a = pram_array_at(m, e->array);
	pram_type t = pram_array_type(a);
	fprintf(f, "{\"proc\":%" PRIu32 ",\"kind\":\"%s\",\"array\":", e->pid,
		kinds[e->kind <= PRAM_ACCESS_ATOMIC ? e->kind : 0]);
	json_str_html(f, pram_array_name(a));
	fprintf(f, ",\"index\":%" PRId64 ",\"value\":", e->index);
	json_value(f, e->kind == PRAM_ACCESS_ATOMIC ? PRAM_INT : t, e->value);
	fprintf(f, ",\"nread\":%" PRIu32 ",\"nwrite\":%" PRIu32, e->nread, e->nwrite);
	if (e->kind != PRAM_ACCESS_READ) {
		fputs(",\"result\":", f);
		json_value(f, t, e->result);
		fprintf(f, ",\"winner\":%" PRIu32 ",\"before\":", e->winner);
		if (e->held)
			json_value(f, t, e->before);
		else
			fputs("null", f);
	}
	fputc('}', f);
}
