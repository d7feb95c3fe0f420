/*
 * json.c - the program's JSON writer (see json.h).
 */
#include <inttypes.h>
#include <math.h>

#include "json.h"

void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
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
