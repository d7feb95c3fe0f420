/*
 * markdown.c - the lessons' Markdown subset (markdown.h): the block parser,
 * the inline renderer (code spans and emphasis), and the block renderers
 * for HTML (everything escaped) and for a terminal.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "markdown.h"

/* A growing string. */
typedef struct sbuf {
	char *s;
	size_t n, cap;
	int nomem;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
	if (b->nomem)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *t = realloc(b->s, cap);
		if (!t) {
			b->nomem = 1;
			return;
		}
		b->s = t;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static char *sb_take(sbuf *b)
{
	if (b->nomem) {
		free(b->s);
		return NULL;
	}
	if (!b->s)
		return calloc(1, 1);
	char *s = b->s;
	b->s = NULL;
	b->n = b->cap = 0;
	return s;
}

static char *dupn(const char *s, size_t n)
{
	char *t = malloc(n + 1);
	if (t) {
		memcpy(t, s, n);
		t[n] = '\0';
	}
	return t;
}

/* s[0..n) without its leading and trailing blanks. */
static void trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s))
		++*s, --*n;
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		--*n;
}

static void block_free(md_block *b)
{
	free(b->info);
	free(b->text);
	for (size_t k = 0; k < b->ncell; k++)
		free(b->cell[k]);
	free(b->cell);
}

void md_free(md_doc *doc)
{
	for (size_t k = 0; k < doc->n; k++)
		block_free(&doc->b[k]);
	free(doc->b);
	doc->b = NULL;
	doc->n = doc->cap = 0;
}

static md_block *new_block(md_doc *doc, md_kind kind, int line)
{
	if (doc->n == doc->cap) {
		size_t cap = doc->cap ? 2 * doc->cap : 16;
		md_block *b = realloc(doc->b, cap * sizeof *b);
		if (!b)
			return NULL;
		doc->b = b;
		doc->cap = cap;
	}
	md_block *b = &doc->b[doc->n++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	b->line = line;
	return b;
}

static int add_cell(md_block *b, char *s)
{
	if (!s)
		return -1;
	char **c = realloc(b->cell, (b->ncell + 1) * sizeof *c);
	if (!c) {
		free(s);
		return -1;
	}
	b->cell = c;
	b->cell[b->ncell++] = s;
	return 0;
}

/* Append "\n" and s[0..n) to *dst (a malloc'd string). */
static int append_line(char **dst, const char *s, size_t n)
{
	size_t old = strlen(*dst);
	char *t = realloc(*dst, old + n + 2);
	if (!t)
		return -1;
	t[old] = '\n';
	memcpy(t + old + 1, s, n);
	t[old + n + 1] = '\0';
	*dst = t;
	return 0;
}

/* The cells of a table row: between the pipes, trimmed; "\|" is a pipe. */
static int split_row(const char *s, size_t n, md_block *b, size_t *ncells)
{
	trim(&s, &n);
	if (n && *s == '|')
		s++, n--;
	if (n && s[n - 1] == '|' && !(n >= 2 && s[n - 2] == '\\'))
		n--;
	*ncells = 0;
	sbuf cell = {0};
	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == '|') {
			const char *c = cell.s ? cell.s : "";
			size_t cn = cell.n;
			trim(&c, &cn);
			if (add_cell(b, dupn(c, cn)))
				goto fail;
			free(cell.s);
			cell = (sbuf){0};
			++*ncells;
		} else if (s[i] == '\\' && i + 1 < n && s[i + 1] == '|') {
			sb_add(&cell, "|", 1);
			i++;
		} else {
			sb_add(&cell, s + i, 1);
		}
	}
	return cell.nomem ? -1 : 0;
fail:
	free(cell.s);
	return -1;
}

static int is_separator(const char *s, size_t n)
{
	int dash = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '-')
			dash = 1;
		else if (!strchr("|: \t", s[i]))
			return 0;
	}
	return dash;
}

/* "1. " (digits, a dot, a blank): the length of the marker, or 0. */
static size_t olist_marker(const char *s, size_t n, int *num)
{
	size_t i = 0;
	while (i < n && i < 9 && isdigit((unsigned char)s[i]))
		i++;
	if (i == 0 || i + 1 >= n || s[i] != '.' || s[i + 1] != ' ')
		return 0;
	*num = atoi(s);
	return i + 2;
}

/* The block parser, a line at a time. */
typedef struct parser {
	md_doc *doc;
	md_block *cur;  /* the paragraph, list or table lines join */
	md_block *code; /* the code block open, or NULL */
	sbuf body;      /* its lines so far */
	int lineno, table_rows;
	char *err;
	size_t errlen;
} parser;

static int out_of_memory(parser *ps)
{
	snprintf(ps->err, ps->errlen, "line %d: out of memory", ps->lineno);
	return -1;
}

/* A line of the open code block: its closing fence, or one more line of
 * its text. */
static int code_line(parser *ps, const char *line, size_t n, const char *t, size_t tn)
{
	if (tn >= 3 && strncmp(t, "```", 3) == 0) {
		ps->code->text = sb_take(&ps->body);
		if (!ps->code->text)
			return out_of_memory(ps);
		ps->code = NULL;
		return 0;
	}
	if (ps->body.n || ps->body.s)
		sb_add(&ps->body, "\n", 1);
	else
		sb_add(&ps->body, "", 0);
	sb_add(&ps->body, line, n);
	return 0;
}

/* A code block's opening fence, its info string after the backticks. */
static int open_code(parser *ps, const char *t, size_t tn)
{
	ps->cur = NULL;
	if (!(ps->code = new_block(ps->doc, MD_CODE, ps->lineno)))
		return out_of_memory(ps);
	const char *info = t + 3;
	size_t in = tn - 3;
	trim(&info, &in);
	if (!(ps->code->info = dupn(info, in)))
		return out_of_memory(ps);
	ps->body = (sbuf){0};
	return 0;
}

/* A heading (# to ###, from the first column). Returns 1 when the line is
 * one, 0 when not, -1 on an error. */
static int heading(parser *ps, const char *line, const char *t, size_t tn)
{
	int level = 0;
	while (level < (int)tn && t[level] == '#')
		level++;
	if (level < 1 || level > 3 || (size_t)level >= tn || t[level] != ' ' || line[0] != '#')
		return 0;
	ps->cur = NULL;
	md_block *b = new_block(ps->doc, MD_HEADING, ps->lineno);
	if (!b)
		return out_of_memory(ps);
	b->level = level;
	const char *h = t + level;
	size_t hn = tn - (size_t)level;
	trim(&h, &hn);
	if (!(b->text = dupn(h, hn)))
		return out_of_memory(ps);
	return 1;
}

/* A line of a table: its head, its '| --- |' line, or a row, narrower rows
 * filled with empty cells. */
static int table_line(parser *ps, const char *t, size_t tn)
{
	if (!ps->cur || ps->cur->kind != MD_TABLE) {
		if (!(ps->cur = new_block(ps->doc, MD_TABLE, ps->lineno)))
			return out_of_memory(ps);
		ps->table_rows = 0;
	}
	md_block *cur = ps->cur;
	ps->table_rows++;
	if (ps->table_rows == 2) {
		if (is_separator(t, tn))
			return 0;
		snprintf(ps->err, ps->errlen,
			 "line %d: a table's second line must be its '| --- |' line", ps->lineno);
		return -1;
	}
	size_t nc;
	if (split_row(t, tn, cur, &nc))
		return out_of_memory(ps);
	if (ps->table_rows == 1) {
		cur->ncols = nc;
	} else if (nc > cur->ncols) {
		snprintf(ps->err, ps->errlen,
			 "line %d: a table row of %zu cells, its header has %zu", ps->lineno, nc,
			 cur->ncols);
		return -1;
	} else {
		for (; nc < cur->ncols; nc++)
			if (add_cell(cur, calloc(1, 1)))
				return out_of_memory(ps);
	}
	return 0;
}

/* Past a table's last line: it needs its '| --- |' line. */
static int end_table(parser *ps)
{
	if (!ps->cur || ps->cur->kind != MD_TABLE)
		return 0;
	if (ps->table_rows < 2) {
		snprintf(ps->err, ps->errlen, "line %d: a table needs its '| --- |' line",
			 ps->cur->line + 1);
		return -1;
	}
	ps->cur = NULL;
	return 0;
}

/* An item of a list ("- ") or of a numbered list ("1. "), from the first
 * column. Returns 1 when the line is one, 0 when not, -1 on an error. */
static int list_item(parser *ps, const char *line, const char *t, size_t tn)
{
	int num = 0;
	size_t om = line[0] != ' ' ? olist_marker(t, tn, &num) : 0;
	int bullet = line[0] == '-' && tn >= 2 && t[1] == ' ';
	if (!bullet && !om)
		return 0;
	md_kind k = bullet ? MD_LIST : MD_OLIST;
	if (!ps->cur || ps->cur->kind != k) {
		if (!(ps->cur = new_block(ps->doc, k, ps->lineno)))
			return out_of_memory(ps);
		ps->cur->start = num;
	}
	const char *it = t + (bullet ? 2 : om);
	size_t itn = tn - (bullet ? 2 : om);
	trim(&it, &itn);
	if (add_cell(ps->cur, dupn(it, itn)))
		return out_of_memory(ps);
	return 1;
}

/* Text: the next line of a list item or a paragraph, or a new paragraph. */
static int text_line(parser *ps, const char *t, size_t tn)
{
	md_block *cur = ps->cur;
	if (cur && (cur->kind == MD_LIST || cur->kind == MD_OLIST)) {
		if (append_line(&cur->cell[cur->ncell - 1], t, tn))
			return out_of_memory(ps);
		return 0;
	}
	if (cur && cur->kind == MD_PARA) {
		if (append_line(&cur->text, t, tn))
			return out_of_memory(ps);
		return 0;
	}
	if (!(ps->cur = new_block(ps->doc, MD_PARA, ps->lineno)) || !(ps->cur->text = dupn(t, tn)))
		return out_of_memory(ps);
	return 0;
}

/* One line, n bytes without its end. Returns 0 or -1 (the error in
 * ps->err). */
static int parse_line(parser *ps, const char *line, size_t n)
{
	const char *t = line;
	size_t tn = n;
	trim(&t, &tn);
	if (ps->code)
		return code_line(ps, line, n, t, tn);
	if (tn == 0) {
		ps->cur = NULL;
		return 0;
	}
	if (tn >= 3 && strncmp(t, "```", 3) == 0)
		return open_code(ps, t, tn);
	int r = heading(ps, line, t, tn);
	if (r)
		return r < 0 ? -1 : 0;
	if (*t == '|' && line[0] == '|')
		return table_line(ps, t, tn);
	if (end_table(ps))
		return -1;
	if ((r = list_item(ps, line, t, tn)))
		return r < 0 ? -1 : 0;
	return text_line(ps, t, tn);
}

int md_parse(const char *text, md_doc *doc, char *err, size_t errlen)
{
	memset(doc, 0, sizeof *doc);
	parser ps = {.doc = doc, .err = err, .errlen = errlen};
	const char *p = text;
	while (*p || ps.code) {
		if (!*p) {
			snprintf(err, errlen,
				 "line %d: the code block opened here is never closed (```)",
				 ps.code->line);
			goto fail;
		}
		const char *e = strchr(p, '\n');
		size_t full = e ? (size_t)(e - p) : strlen(p), n = full;
		const char *line = p;
		if (n && line[n - 1] == '\r')
			n--;
		ps.lineno++;
		p = e ? e + 1 : p + full;
		if (parse_line(&ps, line, n))
			goto fail;
	}
	if (end_table(&ps))
		goto fail;
	return 0;
fail:
	free(ps.body.s);
	md_free(doc);
	return -1;
}

void md_escape(FILE *f, const char *s, size_t n)
{
	html_text(f, s, n);
}

/* Where the emphasis opened at s[i] closes: the next '*' after a non-blank,
 * on a non-blank; 0 when it does not. */
static size_t em_close(const char *s, size_t i)
{
	if (!s[i + 1] || isspace((unsigned char)s[i + 1]) || s[i + 1] == '*')
		return 0;
	for (size_t j = i + 2; s[j]; j++)
		if (s[j] == '*' && !isspace((unsigned char)s[j - 1]))
			return j;
	return 0;
}

/* Columns of s[0..n): UTF-8 characters. */
static size_t columns(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

/* Walk the inline text: fn gets each piece as text (kind 0), code (1) or
 * emphasis (2). */
static void inline_walk(const char *s, void (*fn)(const char *, size_t, int, void *), void *ud)
{
	size_t i = 0, start = 0;
	while (s[i]) {
		if (s[i] == '`') {
			const char *c = strchr(s + i + 1, '`');
			if (c && c > s + i + 1) {
				if (i > start)
					fn(s + start, i - start, 0, ud);
				fn(s + i + 1, (size_t)(c - s) - i - 1, 1, ud);
				i = start = (size_t)(c - s) + 1;
				continue;
			}
		} else if (s[i] == '*') {
			size_t j = em_close(s, i);
			if (j) {
				if (i > start)
					fn(s + start, i - start, 0, ud);
				fn(s + i + 1, j - i - 1, 2, ud);
				i = start = j + 1;
				continue;
			}
		}
		i++;
	}
	if (i > start)
		fn(s + start, i - start, 0, ud);
}

static void html_piece(const char *s, size_t n, int kind, void *ud)
{
	FILE *f = ud;
	if (kind == 1)
		fputs("<code>", f);
	else if (kind == 2)
		fputs("<em>", f);
	md_escape(f, s, n);
	if (kind == 1)
		fputs("</code>", f);
	else if (kind == 2)
		fputs("</em>", f);
}

void md_inline_html(FILE *f, const char *s)
{
	inline_walk(s, html_piece, f);
}

struct text_ud {
	FILE *f;
	int tty;
	size_t cols;
};

static void text_piece(const char *s, size_t n, int kind, void *ud)
{
	struct text_ud *t = ud;
	t->cols += columns(s, n);
	if (!t->f)
		return;
	if (t->tty && kind)
		fputs(kind == 1 ? "\033[1m" : "\033[4m", t->f);
	fwrite(s, 1, n, t->f);
	if (t->tty && kind)
		fputs("\033[0m", t->f);
}

size_t md_inline_text(FILE *f, const char *s, int tty)
{
	struct text_ud t = {f, tty, 0};
	inline_walk(s, text_piece, &t);
	return t.cols;
}

static void html_id(FILE *f, const char *s)
{
	int dash = 1; /* no leading dash */
	for (; *s; s++) {
		if (isalnum((unsigned char)*s)) {
			fputc(tolower((unsigned char)*s), f);
			dash = 0;
		} else if (!dash) {
			fputc('-', f);
			dash = 1;
		}
	}
}

void md_block_html(FILE *f, const md_block *b)
{
	switch (b->kind) {
	case MD_HEADING:
		fprintf(f, "<h%d id=\"", b->level);
		html_id(f, b->text);
		fputs("\">", f);
		md_inline_html(f, b->text);
		fprintf(f, "</h%d>\n", b->level);
		break;
	case MD_PARA:
		fputs("<p>", f);
		md_inline_html(f, b->text);
		fputs("</p>\n", f);
		break;
	case MD_LIST:
	case MD_OLIST:
		if (b->kind == MD_OLIST && b->start != 1)
			fprintf(f, "<ol start=\"%d\">\n", b->start);
		else
			fputs(b->kind == MD_LIST ? "<ul>\n" : "<ol>\n", f);
		for (size_t k = 0; k < b->ncell; k++) {
			fputs("<li>", f);
			md_inline_html(f, b->cell[k]);
			fputs("</li>\n", f);
		}
		fputs(b->kind == MD_LIST ? "</ul>\n" : "</ol>\n", f);
		break;
	case MD_TABLE:
		fputs("<table>\n<thead><tr>", f);
		for (size_t k = 0; k < b->ncell; k++) {
			if (k == b->ncols)
				fputs("</tr></thead>\n<tbody>\n<tr>", f);
			else if (k > b->ncols && k % b->ncols == 0)
				fputs("</tr>\n<tr>", f);
			fputs(k < b->ncols ? "<th>" : "<td>", f);
			md_inline_html(f, b->cell[k]);
			fputs(k < b->ncols ? "</th>" : "</td>", f);
		}
		fputs(b->ncell > b->ncols ? "</tr>\n</tbody>\n</table>\n"
					  : "</tr></thead>\n</table>\n",
		      f);
		break;
	case MD_CODE:
		fputs("<pre><code", f);
		if (b->info && *b->info) {
			fputs(" class=\"language-", f);
			md_escape(f, b->info, strcspn(b->info, " \t"));
			fputc('"', f);
		}
		fputc('>', f);
		md_escape(f, b->text, strlen(b->text));
		fputs("</code></pre>\n", f);
		break;
	}
}

/* s with each line after the first indented by ind spaces. */
static void text_indented(FILE *f, const char *s, int tty, int ind)
{
	const char *p = s;
	for (;;) {
		const char *e = strchr(p, '\n');
		char *line = dupn(p, e ? (size_t)(e - p) : strlen(p));
		if (line)
			md_inline_text(f, line, tty);
		free(line);
		if (!e)
			break;
		fprintf(f, "\n%*s", ind, "");
		p = e + 1;
	}
}

void md_block_text(FILE *f, const md_block *b, int tty)
{
	switch (b->kind) {
	case MD_HEADING: {
		if (tty)
			fputs("\033[1m", f);
		size_t cols = md_inline_text(f, b->text, 0);
		if (tty)
			fputs("\033[0m", f);
		fputc('\n', f);
		if (b->level <= 2) {
			for (size_t k = 0; k < cols; k++)
				fputc(b->level == 1 ? '=' : '-', f);
			fputc('\n', f);
		}
		break;
	}
	case MD_PARA:
		text_indented(f, b->text, tty, 0);
		fputc('\n', f);
		break;
	case MD_LIST:
	case MD_OLIST:
		for (size_t k = 0; k < b->ncell; k++) {
			int ind;
			if (b->kind == MD_LIST) {
				fputs("  - ", f);
				ind = 4;
			} else {
				ind = fprintf(f, "  %d. ", b->start + (int)k);
			}
			text_indented(f, b->cell[k], tty, ind);
			fputc('\n', f);
		}
		break;
	case MD_TABLE: {
		size_t nc = b->ncols ? b->ncols : 1;
		size_t *w = calloc(nc, sizeof *w);
		if (!w)
			return;
		for (size_t k = 0; k < b->ncell; k++) {
			size_t c = md_inline_text(NULL, b->cell[k], 0);
			if (c > w[k % nc])
				w[k % nc] = c;
		}
		for (size_t k = 0; k < b->ncell; k++) {
			size_t col = k % nc;
			fputs(col ? "  " : "  ", f);
			size_t c = md_inline_text(f, b->cell[k], tty);
			if (col + 1 < nc)
				fprintf(f, "%*s", (int)(w[col] - c), "");
			if (col + 1 == nc) {
				fputc('\n', f);
				if (k + 1 == nc) {
					for (size_t j = 0; j < nc; j++) {
						fputs("  ", f);
						for (size_t d = 0; d < w[j]; d++)
							fputc('-', f);
					}
					fputc('\n', f);
				}
			}
		}
		free(w);
		break;
	}
	case MD_CODE: {
		const char *p = b->text;
		for (;;) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			fputs("    ", f);
			fwrite(p, 1, n, f);
			fputc('\n', f);
			if (!e)
				break;
			p = e + 1;
		}
		break;
	}
	}
	fputc('\n', f);
}
