/*
 * markdown.h - the Markdown subset of the lessons (lessons/README.md): a
 * parser into blocks, and two renderers, for a terminal and for HTML.
 *
 * Blocks: `#`..`###` headings, paragraphs (lines joined by spaces), `- `
 * bullet lists, `1. ` numbered lists, tables (`| a | b |` rows, the second
 * a `| --- |` line) and fenced code blocks (three backticks, an info
 * string). Inline: `code` in backticks and *emphasis* in single stars; a
 * marker without its closing twin is text. Everything else is text, and
 * the HTML renderer escapes all of it.
 *
 *     md_doc d;
 *     if (md_parse(text, &d, err, sizeof err)) ... err: "line 12: ..."
 *     for (size_t k = 0; k < d.n; k++) md_block_html(f, &d.b[k]);
 *     md_free(&d);
 */
#ifndef PRAM_MARKDOWN_H
#define PRAM_MARKDOWN_H

#include <stddef.h>
#include <stdio.h>

typedef enum md_kind {
	MD_HEADING,
	MD_PARA,
	MD_LIST,  /* bullets */
	MD_OLIST, /* numbered */
	MD_TABLE,
	MD_CODE
} md_kind;

typedef struct md_block {
	md_kind kind;
	int line;    /* its first line in the text, from 1 */
	int level;   /* headings: 1 to 3 */
	char *info;  /* code: the info string ("" when none) */
	char *text;  /* headings and paragraphs: the text; code: the lines */
	char **cell; /* lists: the items; tables: the cells, row by row */
	size_t ncell;
	size_t ncols; /* tables: the columns (the header row's cells) */
	int start;    /* numbered lists: the first number */
} md_block;

typedef struct md_doc {
	md_block *b;
	size_t n, cap;
} md_doc;

/* Parse text into doc. Returns 0, or -1 with "line N: what" in err (a code
 * block never closed, a table without its `| --- |` line or with a row of
 * more cells than its header, out of memory); doc is then empty. */
int md_parse(const char *text, md_doc *doc, char *err, size_t errlen);
void md_free(md_doc *doc);

/* Write s[0..n) with &, <, >, " and ' escaped. */
void md_escape(FILE *f, const char *s, size_t n);
/* Inline text as HTML: escaped, with <code> and <em>. */
void md_inline_html(FILE *f, const char *s);
/* Inline text for a terminal: the markers dropped; with tty, emphasis
 * underlined and code bold. Returns the columns written (UTF-8 aware). */
size_t md_inline_text(FILE *f, const char *s, int tty);

/* One block as HTML. Code blocks become <pre><code>. */
void md_block_html(FILE *f, const md_block *b);
/* One block for a terminal: headings underlined (bold on a tty), list
 * items marked, tables aligned, code indented by four spaces. A blank line
 * follows each block. */
void md_block_text(FILE *f, const md_block *b, int tty);

#endif
