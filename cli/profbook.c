/*
 * profbook.c - saved profiles (profile.h): the profiles a report counted
 * under Oclgrind, written as JSON in the shape pram gpu --profile --json
 * prints, and read back, checked field by field, where the report is drawn
 * without Oclgrind.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "cli.h"
#include "jsonread.h"
#include "profile.h"

/* The largest file of profiles read: a profile of one variant is a few
 * kilobytes. */
#define BOOK_MAX_BYTES ((size_t)64 << 20)

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

/* Say that the value v at w's path (with a member's name, or NULL) is
 * wrong: "FILE:LINE:COLUMN: PATH.MEMBER: what", or "FILE:LINE:COLUMN:
 * what" at the top. Returns -1. */
static int bad(const where *w, const jr_value *v, const char *member, const char *fmt, ...)
{
	const char *at = w->path[0] == '.' ? w->path + 1 : w->path;
	char field[256];
	snprintf(field, sizeof field, "%s%s%s", at, at[0] && member ? "." : "",
		 member ? member : "");
	int k = snprintf(w->err, w->errlen, "%s:%u:%u: %s%s", w->file, v->line, v->column, field,
			 field[0] ? ": " : "");
	if (k < 0 || (size_t)k >= w->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->err + k, w->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* The member key of object v as a whole number, into *out; absent, *out
 * keeps its value unless the member is required. */
static int get_uint(const where *w, const jr_value *v, const char *key, int required,
		    unsigned long long *out)
{
	const jr_value *m = jr_get(v, key);
	if (!m)
		return required ? bad(w, v, NULL, "no member \"%s\" (a whole number)", key) : 0;
	if (m->kind == JR_NUM && !m->is_uint)
		return bad(w, m, key, "expected a whole number from 0 to 2^64 - 1, found %g",
			   m->num);
	if (m->kind != JR_NUM)
		return bad(w, m, key, "expected a whole number, found %s", jr_kind_name(m->kind));
	*out = m->u;
	return 0;
}

/* The member key of object v as a string, into buf; absent, "" unless it
 * is required. */
static int get_str(const where *w, const jr_value *v, const char *key, int required, char *buf,
		   size_t len)
{
	const jr_value *m = jr_get(v, key);
	buf[0] = '\0';
	if (!m)
		return required ? bad(w, v, NULL, "no member \"%s\" (a string)", key) : 0;
	if (m->kind != JR_STR)
		return bad(w, m, key, "expected a string, found %s", jr_kind_name(m->kind));
	if (strlen(m->str) >= len)
		return bad(w, m, key, "longer than %zu characters", len - 1);
	snprintf(buf, len, "%s", m->str);
	return 0;
}

/* The counts of a line or of the total, from the object v. */
static int read_counts(const where *w, const jr_value *v, prof_line *e)
{
	struct {
		const char *key;
		unsigned long long *at;
	} f[] = {{"global_requests", &e->greq}, {"sectors", &e->gsect},
		 {"least_sectors", &e->gleast}, {"local_requests", &e->lreq},
		 {"bank_turns", &e->lturns},    {"worst_ways", &e->lworst},
		 {"barriers", &e->barriers},    {"branches", &e->branches},
		 {"divergent", &e->divergent}};
	if (v->kind != JR_OBJ)
		return bad(w, v, NULL, "expected an object of counts, found %s",
			   jr_kind_name(v->kind));
	for (size_t k = 0; k < sizeof f / sizeof *f; k++)
		if (get_uint(w, v, f[k].key, 1, f[k].at))
			return -1;
	return 0;
}

/* One member of a "profiles" array, v, into p (of size n), with its
 * variant in variant. */
static int read_profile(where *w, const jr_value *v, size_t n, unsigned sector_bytes, prof *p,
			char *variant, size_t vlen)
{
	size_t base = strlen(w->path);
	unsigned long long launches = 0;
	if (v->kind != JR_OBJ)
		return bad(w, v, NULL, "expected an object (one variant's profile), found %s",
			   jr_kind_name(v->kind));
	if (get_str(w, v, "variant", 1, variant, vlen) ||
	    get_str(w, v, "kernel_file", 0, p->kernel_file, sizeof p->kernel_file) ||
	    get_uint(w, v, "launches", 1, &launches))
		return -1;
	p->n = n;
	p->sector_bytes = sector_bytes;
	p->launches = (size_t)launches;
	const jr_value *t = jr_get(v, "total");
	if (!t)
		return bad(w, v, NULL, "no member \"total\" (the counts summed)");
	snprintf(w->path + base, sizeof w->path - base, ".total");
	if (read_counts(w, t, &p->total))
		return -1;
	w->path[base] = '\0';
	const jr_value *ls = jr_get(v, "lines");
	if (!ls)
		return 0;
	if (ls->kind != JR_ARR)
		return bad(w, ls, "lines", "expected an array, found %s", jr_kind_name(ls->kind));
	if (ls->n && !(p->line = calloc(ls->n, sizeof *p->line)))
		return bad(w, ls, "lines", "out of memory");
	unsigned long long sectors = 0;
	for (size_t k = 0; k < ls->n; k++) {
		const jr_value *l = &ls->item[k];
		prof_line *e = &p->line[k];
		unsigned long long ln = 0;
		snprintf(w->path + base, sizeof w->path - base, ".lines[%zu]", k);
		if (l->kind != JR_OBJ)
			return bad(w, l, NULL, "expected an object (a kernel's line), found %s",
				   jr_kind_name(l->kind));
		if (get_str(w, l, "kernel", 1, e->kernel, sizeof e->kernel) ||
		    get_uint(w, l, "line", 1, &ln) || read_counts(w, l, e))
			return -1;
		e->line = (unsigned)ln;
		p->nline++;
		sectors += e->gsect;
	}
	w->path[base] = '\0';
	if (ls->n && sectors != p->total.gsect)
		return bad(w, t, "total.sectors", "%llu, not the sum of its lines' sectors (%llu)",
			   p->total.gsect, sectors);
	return 0;
}

/* One object of the file, v: an algorithm's profiles, added to b. */
static int read_group(where *w, const jr_value *v, prof_book *b)
{
	char name[64], params[256];
	unsigned long long n = 0, sb = 32;
	size_t base = strlen(w->path);
	if (v->kind != JR_OBJ)
		return bad(w, v, NULL,
			   "expected an object (what pram gpu ALGO --profile --json prints), found "
			   "%s",
			   jr_kind_name(v->kind));
	if (get_str(w, v, "algorithm", 1, name, sizeof name) ||
	    get_str(w, v, "params", 0, params, sizeof params) || get_uint(w, v, "n", 1, &n) ||
	    get_uint(w, v, "sector_bytes", 0, &sb))
		return -1;
	if (n == 0)
		return bad(w, jr_get(v, "n"), "n", "0 elements: a profile needs a size");
	if (sb == 0 || sb > 4096)
		return bad(w, jr_get(v, "sector_bytes"), "sector_bytes",
			   "%llu, not a sector's bytes from 1 to 4096", sb);
	const jr_value *ps = jr_get(v, "profiles");
	if (!ps)
		return bad(w, v, NULL, "no member \"profiles\" (an array of the variants')");
	if (ps->kind != JR_ARR)
		return bad(w, ps, "profiles", "expected an array, found %s",
			   jr_kind_name(ps->kind));
	for (size_t k = 0; k < ps->n; k++) {
		prof p;
		char variant[32];
		memset(&p, 0, sizeof p);
		snprintf(w->path + base, sizeof w->path - base, ".profiles[%zu]", k);
		int rc = read_profile(w, &ps->item[k], (size_t)n, (unsigned)sb, &p, variant,
				      sizeof variant);
		if (rc == 0 && prof_book_add(b, name, params, variant, &p) != 0)
			rc = bad(w, &ps->item[k], NULL, "out of memory");
		prof_free(&p);
		if (rc)
			return -1;
	}
	w->path[base] = '\0';
	return 0;
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
	jr_value *v = NULL;
	char why[256];
	int rc = -1;
	where w = {.file = path, .err = err, .errlen = errlen};
	if (jr_parse(text, len, &v, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s:%s (not JSON)", path, why);
		goto done;
	}
	if (v->kind == JR_ARR) {
		for (size_t k = 0; k < v->n; k++) {
			snprintf(w.path, sizeof w.path, "[%zu]", k);
			if (read_group(&w, &v->item[k], b))
				goto done;
		}
	} else if (v->kind == JR_OBJ) {
		if (read_group(&w, v, b))
			goto done;
	} else {
		bad(&w, v, NULL,
		    "expected an object (what pram gpu ALGO --profile --json prints) or an array "
		    "of them, found %s",
		    jr_kind_name(v->kind));
		goto done;
	}
	rc = 0;
done:
	jr_free(v);
	free(text);
	return rc;
}
