/*
 * profbook.c - saved profiles (profile.h): the profiles a report counted
 * under Oclgrind, written as JSON in the shape pram gpu --profile --json
 * prints, and read back, checked field by field, where the report is drawn
 * without Oclgrind. json-c parses the text (strictly: JSON and nothing
 * else); the messages say the file, and a line and a column where the text
 * is not JSON, or the path of the field that is wrong.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "cli.h"
#include "profile.h"

#include <json-c/json.h>

/* The largest file of profiles read: a profile of one variant is a few
 * kilobytes; and the deepest nesting json-c is to follow (the file's is
 * 4), so that a hostile text cannot exhaust the stack. */
#define BOOK_MAX_BYTES ((size_t)64 << 20)
#define BOOK_MAX_DEPTH 16

void prof_params_key(const algo *a, const algo_params *p, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; a->params && i < ALGO_MAX_PARAMS && a->params[i].name; i++) {
		const algo_param *ap = &a->params[i];
		if (p->v[i] == ap->def || k >= len)
			continue;
		const char *sep = k ? " " : "";
		if (ap->choices)
			k += (size_t)snprintf(buf + k, len - k, "%s%s=%s", sep, ap->name,
					      ap->choices[p->v[i]]);
		else
			k += (size_t)snprintf(buf + k, len - k, "%s%s=%lld", sep, ap->name,
					      (long long)p->v[i]);
	}
}

int prof_book_add(prof_book *b, const char *name, const char *params, const char *variant,
		  const prof *p)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 8;
		prof_entry *e = realloc(b->e, cap * sizeof *e);
		if (!e)
			return -1;
		b->e = e;
		b->cap = cap;
	}
	prof_entry *e = &b->e[b->n];
	memset(e, 0, sizeof *e);
	snprintf(e->algo, sizeof e->algo, "%s", name);
	snprintf(e->params, sizeof e->params, "%s", params ? params : "");
	snprintf(e->variant, sizeof e->variant, "%s", variant);
	e->p = *p;
	e->p.line = NULL;
	if (p->nline) {
		e->p.line = malloc(p->nline * sizeof *p->line);
		if (!e->p.line)
			return -1;
		memcpy(e->p.line, p->line, p->nline * sizeof *p->line);
	}
	b->n++;
	return 0;
}

const prof_entry *prof_book_find(const prof_book *b, const char *name, const char *params,
				 const char *variant)
{
	for (size_t k = 0; k < b->n; k++)
		if (strcmp(b->e[k].algo, name) == 0 && strcmp(b->e[k].params, params) == 0 &&
		    strcmp(b->e[k].variant, variant) == 0)
			return &b->e[k];
	return NULL;
}

void prof_book_free(prof_book *b)
{
	if (!b)
		return;
	for (size_t k = 0; k < b->n; k++)
		prof_free(&b->e[k].p);
	free(b->e);
	memset(b, 0, sizeof *b);
}

/* ---- writing ---- */

int prof_book_write(const prof_book *b, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	fputs("[", f);
	for (size_t k = 0; k < b->n; k++) {
		const prof_entry *e = &b->e[k];
		/* A new object where the algorithm, its parameters or n change. */
		int same = k && strcmp(e->algo, e[-1].algo) == 0 &&
			   strcmp(e->params, e[-1].params) == 0 && e->p.n == e[-1].p.n &&
			   e->p.sector_bytes == e[-1].p.sector_bytes;
		if (!same) {
			fputs(k ? "]},\n{\"algorithm\":" : "\n{\"algorithm\":", f);
			json_str(f, e->algo);
			fputs(",\"params\":", f);
			json_str(f, e->params);
			fprintf(f,
				",\"n\":%zu,\"subgroup\":32,\"sector_bytes\":%u,\"banks\":32,"
				"\"profiles\":[",
				e->p.n, e->p.sector_bytes);
		} else {
			fputs(",", f);
		}
		prof_write_json(f, e->variant, &e->p, -1);
	}
	fputs(b->n ? "]}\n]\n" : "]\n", f);
	if (ferror(f) | (fclose(f) != 0)) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- reading ---- */

/* Where the reader is: the file, and the path of the value being read
 * ("[0].profiles[1].total"), for the messages. */
typedef struct where {
	const char *file;
	char path[160];
	char *err;
	size_t errlen;
} where;

/* Say that the value at w's path (with a member's name, or NULL) is
 * wrong: "FILE: PATH.MEMBER: what", or "FILE: what" at the top. Returns
 * -1. */
static int bad(const where *w, const char *member, const char *fmt, ...)
{
	const char *at = w->path[0] == '.' ? w->path + 1 : w->path;
	char field[256];
	snprintf(field, sizeof field, "%s%s%s", at, at[0] && member ? "." : "",
		 member ? member : "");
	int k = snprintf(w->err, w->errlen, "%s: %s%s", w->file, field, field[0] ? ": " : "");
	if (k < 0 || (size_t)k >= w->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->err + k, w->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* What v is, as a message says it: "a number", "an object". */
static const char *kind(const json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "true or false";
	case json_type_double:
	case json_type_int:
		return "a number";
	case json_type_string:
		return "a string";
	case json_type_array:
		return "an array";
	case json_type_object:
		return "an object";
	}
	return "a value";
}

/* The member key of object v, or NULL. */
static json_object *member(const json_object *v, const char *key)
{
	json_object *m = NULL;
	return json_object_object_get_ex(v, key, &m) ? m : NULL;
}

/* The member key of object v as a whole number, into *out; absent, *out
 * keeps its value unless the member is required. */
static int get_uint(const where *w, const json_object *v, const char *key, int required,
		    unsigned long long *out)
{
	json_object *m = member(v, key);
	if (!m)
		return required ? bad(w, NULL, "no member \"%s\" (a whole number)", key) : 0;
	if (json_object_is_type(m, json_type_double) ||
	    (json_object_is_type(m, json_type_int) && json_object_get_int64(m) < 0))
		return bad(w, key, "expected a whole number from 0 to 2^64 - 1, found %s",
			   json_object_to_json_string(m));
	if (!json_object_is_type(m, json_type_int))
		return bad(w, key, "expected a whole number, found %s", kind(m));
	*out = (unsigned long long)json_object_get_uint64(m);
	return 0;
}

/* The member key of object v as a string, into buf; absent, "" unless it
 * is required. */
static int get_str(const where *w, const json_object *v, const char *key, int required, char *buf,
		   size_t len)
{
	json_object *m = member(v, key);
	buf[0] = '\0';
	if (!m)
		return required ? bad(w, NULL, "no member \"%s\" (a string)", key) : 0;
	if (!json_object_is_type(m, json_type_string))
		return bad(w, key, "expected a string, found %s", kind(m));
	const char *str = json_object_get_string(m);
	size_t n = (size_t)json_object_get_string_len(m), upto = strlen(str);
	if (upto != n) /* a \u0000 inside: C would read it cut there */
		return bad(w, key, "holds a NUL character (\\u0000) after %zu characters", upto);
	if (n >= len)
		return bad(w, key, "longer than %zu characters", len - 1);
	snprintf(buf, len, "%s", str);
	return 0;
}

/* w's path with suffix (printf-style) added; returns where it ended, to
 * cut it back there. */
static size_t path_push(where *w, const char *fmt, ...)
{
	size_t base = strlen(w->path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->path + base, sizeof w->path - base, fmt, ap);
	va_end(ap);
	return base;
}

/* The counts of a line or of the total, from the object v. */
static int read_counts(const where *w, const json_object *v, prof_line *e)
{
	struct {
		const char *key;
		unsigned long long *at;
	} f[] = {{"global_requests", &e->greq}, {"sectors", &e->gsect},
		 {"least_sectors", &e->gleast}, {"local_requests", &e->lreq},
		 {"bank_turns", &e->lturns},    {"worst_ways", &e->lworst},
		 {"barriers", &e->barriers},    {"branches", &e->branches},
		 {"divergent", &e->divergent}};
	if (!json_object_is_type(v, json_type_object))
		return bad(w, NULL, "expected an object of counts, found %s", kind(v));
	for (size_t k = 0; k < sizeof f / sizeof *f; k++)
		if (get_uint(w, v, f[k].key, 1, f[k].at))
			return -1;
	return 0;
}

/* One member of a "profiles" array, v, into p (of size n), with its
 * variant in variant. */
static int read_profile(where *w, const json_object *v, size_t n, unsigned sector_bytes, prof *p,
			char *variant, size_t vlen)
{
	unsigned long long launches = 0;
	if (!json_object_is_type(v, json_type_object))
		return bad(w, NULL, "expected an object (one variant's profile), found %s",
			   kind(v));
	if (get_str(w, v, "variant", 1, variant, vlen) ||
	    get_str(w, v, "kernel_file", 0, p->kernel_file, sizeof p->kernel_file) ||
	    get_uint(w, v, "launches", 1, &launches))
		return -1;
	p->n = n;
	p->sector_bytes = sector_bytes;
	p->launches = (size_t)launches;
	json_object *t = member(v, "total");
	if (!t)
		return bad(w, NULL, "no member \"total\" (the counts summed)");
	size_t base = path_push(w, ".total");
	if (read_counts(w, t, &p->total))
		return -1;
	w->path[base] = '\0';
	json_object *ls = member(v, "lines");
	if (!ls)
		return 0;
	if (!json_object_is_type(ls, json_type_array))
		return bad(w, "lines", "expected an array, found %s", kind(ls));
	size_t nl = json_object_array_length(ls);
	if (nl && !(p->line = calloc(nl, sizeof *p->line)))
		return bad(w, "lines", "out of memory");
	unsigned long long sectors = 0;
	for (size_t k = 0; k < nl; k++) {
		const json_object *l = json_object_array_get_idx(ls, k);
		prof_line *e = &p->line[k];
		unsigned long long ln = 0;
		path_push(w, ".lines[%zu]", k);
		if (!json_object_is_type(l, json_type_object))
			return bad(w, NULL, "expected an object (a kernel's line), found %s",
				   kind(l));
		if (get_str(w, l, "kernel", 1, e->kernel, sizeof e->kernel) ||
		    get_uint(w, l, "line", 1, &ln) || read_counts(w, l, e))
			return -1;
		e->line = (unsigned)ln;
		p->nline++;
		sectors += e->gsect;
		w->path[base] = '\0';
	}
	if (nl && sectors != p->total.gsect)
		return bad(w, "total.sectors", "%llu, not the sum of its lines' sectors (%llu)",
			   p->total.gsect, sectors);
	return 0;
}

/* One object of the file, v: an algorithm's profiles, added to b. */
static int read_group(where *w, const json_object *v, prof_book *b)
{
	char name[64], params[256];
	unsigned long long n = 0, sb = 32;
	if (!json_object_is_type(v, json_type_object))
		return bad(w, NULL,
			   "expected an object (what pram gpu ALGO --profile --json prints), found "
			   "%s",
			   kind(v));
	if (get_str(w, v, "algorithm", 1, name, sizeof name) ||
	    get_str(w, v, "params", 0, params, sizeof params) || get_uint(w, v, "n", 1, &n) ||
	    get_uint(w, v, "sector_bytes", 0, &sb))
		return -1;
	if (n == 0)
		return bad(w, "n", "0 elements: a profile needs a size");
	if (sb == 0 || sb > 4096)
		return bad(w, "sector_bytes", "%llu, not a sector's bytes from 1 to 4096", sb);
	json_object *ps = member(v, "profiles");
	if (!ps)
		return bad(w, NULL, "no member \"profiles\" (an array of the variants')");
	if (!json_object_is_type(ps, json_type_array))
		return bad(w, "profiles", "expected an array, found %s", kind(ps));
	size_t np = json_object_array_length(ps);
	for (size_t k = 0; k < np; k++) {
		prof p;
		char variant[32];
		memset(&p, 0, sizeof p);
		size_t base = path_push(w, ".profiles[%zu]", k);
		int rc = read_profile(w, json_object_array_get_idx(ps, k), (size_t)n, (unsigned)sb,
				      &p, variant, sizeof variant);
		if (rc == 0 && prof_book_add(b, name, params, variant, &p) != 0)
			rc = bad(w, NULL, "out of memory");
		prof_free(&p);
		if (rc)
			return -1;
		w->path[base] = '\0';
	}
	return 0;
}

/* Parse the len bytes of text, one JSON value with nothing but white space
 * after it, by json-c's strict parser. Returns the value, or NULL with
 * "FILE:LINE:COLUMN: what (not JSON)" in err. */
static json_object *parse(const char *file, const char *text, size_t len, char *err, size_t errlen)
{
	json_tokener *tok = json_tokener_new_ex(BOOK_MAX_DEPTH);
	if (!tok || len > INT_MAX) {
		snprintf(err, errlen, "%s: %s", file, tok ? "too large" : "out of memory");
		json_tokener_free(tok);
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	json_object *v = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	const char *why = NULL;
	if (!v || e != json_tokener_success)
		why = e == json_tokener_continue ? "the text ends inside a value"
						 : json_tokener_error_desc(e);
	/* strict: white space alone may follow the value, which a NUL byte
	 * would end early */
	else if (end < len)
		why = "more after the value";
	json_tokener_free(tok);
	if (!why)
		return v;
	json_object_put(v);
	/* The place: the error's offset as a line and a column, from 1. */
	unsigned line = 1, col = 1;
	for (size_t i = 0; i < end && i < len; i++, col++)
		if (text[i] == '\n') {
			line++;
			col = 0;
		}
	snprintf(err, errlen, "%s:%u:%u: %s (not JSON)", file, line, col, why);
	return NULL;
}

/* The whole file path into a NUL-ended buffer (caller frees), its length
 * in *len. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 1 << 16, k = 0, got;
	char *buf = malloc(cap + 1);
	while (buf && (got = fread(buf + k, 1, cap - k, f)) > 0) {
		k += got;
		if (k == cap && cap < BOOK_MAX_BYTES) {
			char *more = realloc(buf, 2 * cap + 1);
			if (!more) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = more;
			cap *= 2;
		} else if (k == cap) {
			snprintf(err, errlen, "%s: larger than %zu MiB: not a file of profiles",
				 path, BOOK_MAX_BYTES >> 20);
			free(buf);
			fclose(f);
			return NULL;
		}
	}
	if (!buf || ferror(f)) {
		snprintf(err, errlen, "cannot read %s: %s", path,
			 buf ? strerror(errno) : "out of memory");
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[k] = '\0';
	*len = k;
	return buf;
}

int prof_book_read(prof_book *b, const char *path, char *err, size_t errlen)
{
	size_t len = 0;
	char *text = slurp(path, &len, err, errlen);
	if (!text)
		return -1;
	int rc = -1;
	where w = {.file = path, .err = err, .errlen = errlen};
	json_object *v = parse(path, text, len, err, errlen);
	if (!v)
		goto done;
	if (json_object_is_type(v, json_type_array)) {
		for (size_t k = 0; k < json_object_array_length(v); k++) {
			snprintf(w.path, sizeof w.path, "[%zu]", k);
			if (read_group(&w, json_object_array_get_idx(v, k), b))
				goto done;
		}
	} else if (json_object_is_type(v, json_type_object)) {
		if (read_group(&w, v, b))
			goto done;
	} else {
		bad(&w, NULL,
		    "expected an object (what pram gpu ALGO --profile --json prints) or an array "
		    "of them, found %s",
		    kind(v));
		goto done;
	}
	rc = 0;
done:
	json_object_put(v);
	free(text);
	return rc;
}
