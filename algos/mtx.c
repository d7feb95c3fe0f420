/*
 * mtx.c - the Matrix Market coordinate reader (mtx.h): the header, the size
 * line and the entries, line by line, into (row, column, value) triples;
 * then the triples sorted by row and column, duplicates added, into CSR.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mtx.h"

/* One entry as read, with its line for the messages. */
typedef struct triple {
	int64_t r, c;
	pram_value v;
	long line;
} triple;

/* The reader's state. */
typedef struct reader {
	const char *name;
	char *err;
	size_t errlen;
	long line;
	triple *t;
	size_t n, cap;
} reader;

#define FAIL(rd, ...)                                                                           \
	do {                                                                                    \
		int o_ = snprintf((rd)->err, (rd)->errlen, "%s:%ld: ", (rd)->name, (rd)->line); \
		if (o_ >= 0 && (size_t)o_ < (rd)->errlen)                                       \
			snprintf((rd)->err + o_, (rd)->errlen - (size_t)o_, __VA_ARGS__);       \
		goto fail;                                                                      \
	} while (0)

int mtx_is_header(const char *line)
{
	return strncasecmp(line, "%%MatrixMarket", 14) == 0;
}

void mtx_free(mtx_csr *m)
{
	free(m->row_start);
	free(m->col);
	free(m->val);
	memset(m, 0, sizeof *m);
}

/* A whole token as a decimal integer in [lo, hi]: 0, or -1. */
static int parse_index(const char *tok, int64_t lo, int64_t hi, int64_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(tok, &end, 10);
	if (end == tok || *end || errno == ERANGE || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* The words of a line, split at spaces and tabs, at most max of them, into
 * w; returns how many there were (max + 1 when more). The line is cut. */
static size_t split(char *line, char **w, size_t max)
{
	size_t k = 0;
	for (char *save = NULL, *tok = strtok_r(line, " \t\r\n", &save); tok;
	     tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (k == max)
			return max + 1;
		w[k++] = tok;
	}
	return k;
}

/* tok, cut to 24 characters, for a message. */
static const char *shown(const char *tok, char *buf, size_t len)
{
	size_t o = 0;
	for (const unsigned char *c = (const unsigned char *)tok; *c && o + 5 < len && o < 24; c++)
		buf[o++] = *c >= 0x20 && *c < 0x7f ? (char)*c : '?';
	buf[o] = 0;
	return buf;
}

static int push(reader *rd, int64_t r, int64_t c, pram_value v)
{
	if (rd->n == rd->cap) {
		size_t cap = rd->cap ? 2 * rd->cap : 1024;
		triple *t = realloc(rd->t, cap * sizeof *t);
		if (!t)
			return -1;
		rd->t = t;
		rd->cap = cap;
	}
	rd->t[rd->n++] = (triple){r, c, v, rd->line};
	return 0;
}

static int cmp_triple(const void *x, const void *y)
{
	const triple *a = x, *b = y;
	if (a->r != b->r)
		return a->r < b->r ? -1 : 1;
	if (a->c != b->c)
		return a->c < b->c ? -1 : 1;
	return (a->line > b->line) - (a->line < b->line);
}

/* Read the header line: the format, field and symmetry. */
static int read_header(reader *rd, char *line, mtx_field *field, mtx_symmetry *sym)
{
	static const char *const fields[] = {"integer", "real", "pattern"};
	char *w[6], buf[32];
	if (!mtx_is_header(line))
		FAIL(rd, "no Matrix Market header: the first line must be '%%%%MatrixMarket matrix "
			 "coordinate real|integer|pattern general|symmetric'");
	size_t k = split(line, w, 5);
	if (k != 5 || strcasecmp(w[0], "%%MatrixMarket") != 0)
		FAIL(rd,
		     "the header has %s%zu words; it is '%%%%MatrixMarket matrix coordinate "
		     "FIELD SYMMETRY'",
		     k > 5 ? "more than " : "", k > 5 ? (size_t)5 : k);
	if (strcasecmp(w[1], "matrix") != 0)
		FAIL(rd, "object '%s': only 'matrix' files are read", shown(w[1], buf, sizeof buf));
	if (strcasecmp(w[2], "array") == 0)
		FAIL(rd, "the array (dense) format is not read: give a coordinate file (a sparse "
			 "matrix lists its entries)");
	if (strcasecmp(w[2], "coordinate") != 0)
		FAIL(rd, "format '%s': give coordinate", shown(w[2], buf, sizeof buf));
	if (strcasecmp(w[3], "complex") == 0)
		FAIL(rd, "complex values are not read: give an integer, real or pattern matrix");
	int f = -1;
	for (int j = 0; j < 3; j++)
		if (strcasecmp(w[3], fields[j]) == 0)
			f = j;
	if (f < 0)
		FAIL(rd, "field '%s': give integer, real or pattern", shown(w[3], buf, sizeof buf));
	*field = (mtx_field)f;
	if (strcasecmp(w[4], "general") == 0)
		*sym = MTX_GENERAL;
	else if (strcasecmp(w[4], "symmetric") == 0)
		*sym = MTX_SYMMETRIC;
	else if (strcasecmp(w[4], "hermitian") == 0 || strcasecmp(w[4], "skew-symmetric") == 0)
		FAIL(rd, "%s matrices are not read: give a general or symmetric one",
		     shown(w[4], buf, sizeof buf));
	else
		FAIL(rd, "symmetry '%s': give general or symmetric", shown(w[4], buf, sizeof buf));
	return 0;
fail:
	return -1;
}

/* One entry line's value into *v. */
static int read_value(reader *rd, mtx_field field, pram_type type, const char *tok, pram_value *v)
{
	char buf[32], *end;
	errno = 0;
	if (field == MTX_INTEGER) {
		long long x = strtoll(tok, &end, 10);
		if (end == tok || *end)
			FAIL(rd, "'%s' is not an integer (the file's field is integer)",
			     shown(tok, buf, sizeof buf));
		if (errno == ERANGE)
			FAIL(rd, "'%s' is too large for a 64-bit integer",
			     shown(tok, buf, sizeof buf));
		if (type == PRAM_INT)
			v->i = x;
		else
			v->f = (double)x;
		return 0;
	}
	double x = strtod(tok, &end);
	if (end == tok || *end || !isfinite(x))
		FAIL(rd, "'%s' is not a finite number", shown(tok, buf, sizeof buf));
	if (errno == ERANGE && fabs(x) > 1)
		FAIL(rd, "'%s' is too large for a double", shown(tok, buf, sizeof buf));
	v->f = x;
	return 0;
fail:
	return -1;
}

/* Sort rd's triples and add up duplicates into m's CSR. */
static int to_csr(reader *rd, mtx_csr *m)
{
	if (rd->n) /* qsort's array may not be NULL, even for no elements */
		qsort(rd->t, rd->n, sizeof *rd->t, cmp_triple);
	m->row_start = calloc(m->rows + 1, sizeof *m->row_start);
	m->col = malloc((rd->n ? rd->n : 1) * sizeof *m->col);
	m->val = malloc((rd->n ? rd->n : 1) * sizeof *m->val);
	if (!m->row_start || !m->col || !m->val)
		return -1;
	size_t k = 0;
	for (size_t e = 0; e < rd->n; e++) {
		const triple *t = &rd->t[e];
		if (k > 0 && e > 0 && t->r == rd->t[e - 1].r && t->c == rd->t[e - 1].c) {
			/* Added as the hardware would: integers wrap (unsigned, no UB). */
			if (m->type == PRAM_INT)
				m->val[k - 1].i =
				    (int64_t)((uint64_t)m->val[k - 1].i + (uint64_t)t->v.i);
			else
				m->val[k - 1].f += t->v.f;
			m->duplicates++;
			continue;
		}
		m->col[k] = t->c;
		m->val[k] = t->v;
		m->row_start[t->r + 1]++;
		k++;
	}
	m->nnz = k;
	for (size_t r = 0; r < m->rows; r++)
		m->row_start[r + 1] += m->row_start[r];
	return 0;
}

int mtx_read(FILE *f, const char *name, const mtx_opts *o, mtx_csr *m, char *err, size_t errlen)
{
	int64_t dim = o->max_dim && o->max_dim < MTX_MAX ? (int64_t)o->max_dim : MTX_MAX;
	pram_type type = o->type;
	reader rd = {.name = name, .err = err, .errlen = errlen};
	char *line = NULL, *w[4], buf[32];
	size_t linecap = 0, declared = 0;
	long size_line = 0;
	ssize_t got;
	mtx_field field = MTX_REAL;
	mtx_symmetry sym = MTX_GENERAL;
	memset(m, 0, sizeof *m);
	m->type = type;
	while ((got = getline(&line, &linecap, f)) >= 0) {
		rd.line++;
		if (memchr(line, 0, (size_t)got))
			FAIL(&rd, "a NUL byte: this is not a Matrix Market text file");
		if (rd.line == 1) {
			if (read_header(&rd, line, &field, &sym))
				goto fail;
			/* The header says what the values are: real ones are read
			 * as such, not refused for want of --float. */
			if (field == MTX_REAL)
				type = m->type = PRAM_FLOAT;
			continue;
		}
		char *q = line;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '%' || *q == '\n' || *q == '\r' || *q == 0)
			continue; /* a comment or a blank line */
		if (!size_line) {
			int64_t v[3];
			size_t k = split(q, w, 3);
			if (k != 3)
				FAIL(&rd,
				     "the size line has %s%zu numbers; it is 'ROWS COLUMNS "
				     "ENTRIES'",
				     k > 3 ? "more than " : "", k > 3 ? (size_t)3 : k);
			for (int j = 0; j < 3; j++)
				if (parse_index(w[j], 0, j < 2 ? dim : MTX_MAX, &v[j]))
					FAIL(&rd,
					     "'%s' in the size line: give whole numbers from 0 "
					     "to %lld",
					     shown(w[j], buf, sizeof buf),
					     (long long)(j < 2 ? dim : MTX_MAX));
			m->rows = (size_t)v[0];
			m->cols = (size_t)v[1];
			declared = (size_t)v[2];
			if (sym == MTX_SYMMETRIC && m->rows != m->cols)
				FAIL(&rd,
				     "a symmetric matrix of %zu rows and %zu columns: it must be "
				     "square",
				     m->rows, m->cols);
			char why[512];
			if (o->check &&
			    o->check(o->ud, m->rows, m->cols, declared, sym, why, sizeof why))
				FAIL(&rd, "a %zu by %zu matrix with %zu entr%s: %s", m->rows,
				     m->cols, declared, declared == 1 ? "y" : "ies", why);
			size_line = rd.line;
			continue;
		}
		size_t want = field == MTX_PATTERN ? 2 : 3;
		size_t k = split(q, w, 3);
		if (k != want)
			FAIL(&rd, "%s%zu numbers on an entry line; a%s %s entry is 'I J%s'",
			     k > 3 ? "more than " : "", k > 3 ? (size_t)3 : k,
			     field == MTX_INTEGER ? "n" : "",
			     field == MTX_INTEGER ? "integer"
			     : field == MTX_REAL  ? "real"
						  : "pattern",
			     field == MTX_PATTERN ? "" : " VALUE");
		if (m->entries == declared)
			FAIL(&rd, "more entries than the %zu the size line (line %ld) declares",
			     declared, size_line);
		int64_t i, j;
		if (parse_index(w[0], 1, (int64_t)m->rows, &i))
			FAIL(&rd, "row '%s' lies outside 1 .. %zu (indices are 1-based)",
			     shown(w[0], buf, sizeof buf), m->rows);
		if (parse_index(w[1], 1, (int64_t)m->cols, &j))
			FAIL(&rd, "column '%s' lies outside 1 .. %zu (indices are 1-based)",
			     shown(w[1], buf, sizeof buf), m->cols);
		pram_value v;
		if (field == MTX_PATTERN) {
			if (type == PRAM_INT)
				v.i = 1;
			else
				v.f = 1;
		} else if (read_value(&rd, field, type, w[2], &v)) {
			goto fail;
		}
		if (sym == MTX_SYMMETRIC && j > i)
			FAIL(&rd,
			     "entry (%lld, %lld) lies above the diagonal: a symmetric file "
			     "stores the lower triangle only",
			     (long long)i, (long long)j);
		m->entries++;
		int mirror = sym == MTX_SYMMETRIC && i != j;
		if (rd.n + 1 + (size_t)mirror > MTX_MAX)
			FAIL(&rd, "more than %d entries%s", MTX_MAX,
			     sym == MTX_SYMMETRIC ? " with their mirror images" : "");
		if (push(&rd, i - 1, j - 1, v) || (mirror && push(&rd, j - 1, i - 1, v)))
			FAIL(&rd, "out of memory");
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", name, strerror(errno));
		goto fail;
	}
	if (rd.line == 0) {
		rd.line = 1;
		FAIL(&rd, "an empty file: a Matrix Market file starts with its header");
	}
	if (!size_line)
		FAIL(&rd, "the file ends before its size line 'ROWS COLUMNS ENTRIES'");
	if (m->entries < declared)
		FAIL(&rd,
		     "the file ends after %zu of the %zu entries its size line (line %ld) "
		     "declares",
		     m->entries, declared, size_line);
	if (to_csr(&rd, m))
		FAIL(&rd, "out of memory for %zu entries", rd.n);
	free(rd.t);
	free(line);
	return 0;
fail:
	free(rd.t);
	free(line);
	mtx_free(m);
	return -1;
}
