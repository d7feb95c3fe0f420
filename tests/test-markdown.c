/*
 * test-markdown.c - the lessons' Markdown subset (cli/markdown.c): the
 * blocks it finds, HTML with everything escaped, emphasis and code spans,
 * tables and lists for HTML and for a terminal, the errors of malformed
 * input with their lines, and random and cut input that must never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"
#include "tap.h"

/* The HTML of the whole text, or the error "ERR: ..." (caller frees). */
static char *html_of(const char *text)
{
	md_doc d;
	char err[256];
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	if (md_parse(text, &d, err, sizeof err)) {
		fprintf(f, "ERR: %s", err);
	} else {
		for (size_t k = 0; k < d.n; k++)
			md_block_html(f, &d.b[k]);
		md_free(&d);
	}
	fclose(f);
	return buf;
}

static char *text_of(const char *text, int tty)
{
	md_doc d;
	char err[256];
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	if (md_parse(text, &d, err, sizeof err)) {
		fprintf(f, "ERR: %s", err);
	} else {
		for (size_t k = 0; k < d.n; k++)
			md_block_text(f, &d.b[k], tty);
		md_free(&d);
	}
	fclose(f);
	return buf;
}

static void test_blocks(void)
{
	const char *t = "# 1. Title\n\nGoal: a *goal*.\n\n## Background\n\nline one\nline two\n\n"
			"- a\n- b\n  more b\n\n3. three\n4. four\n\n| x | y |\n| --- | :-: |\n| 1 "
			"| 2 |\n| 3 |\n\n```pram html\npram run scan-blelloch --n 8\n```\n";
	md_doc d;
	char err[256];
	TAP_OK(md_parse(t, &d, err, sizeof err) == 0, "a lesson's blocks parse");
	TAP_EQ_I(d.n, 8, "eight blocks");
	TAP_OK(d.b[0].kind == MD_HEADING && d.b[0].level == 1 &&
		   strcmp(d.b[0].text, "1. Title") == 0,
	       "a level-1 heading without its marker");
	TAP_OK(d.b[1].kind == MD_PARA && d.b[1].line == 3, "the goal paragraph, at line 3");
	TAP_OK(d.b[3].kind == MD_PARA && strcmp(d.b[3].text, "line one\nline two") == 0,
	       "a paragraph keeps its lines");
	TAP_OK(d.b[4].kind == MD_LIST && d.b[4].ncell == 2 &&
		   strcmp(d.b[4].cell[1], "b\nmore b") == 0,
	       "a bullet list, an item continued on the next line");
	TAP_OK(d.b[5].kind == MD_OLIST && d.b[5].start == 3 && d.b[5].ncell == 2,
	       "a numbered list starting at 3");
	TAP_OK(d.b[6].kind == MD_TABLE && d.b[6].ncols == 2 && d.b[6].ncell == 6 &&
		   strcmp(d.b[6].cell[5], "") == 0,
	       "a table, its short row padded");
	TAP_OK(d.b[7].kind == MD_CODE && d.b[7].line == 22, "the code block last, at line 22");
	md_free(&d);
	md_parse("```pram html\npram run x\n```\n", &d, err, sizeof err);
	TAP_OK(d.n == 1 && d.b[0].kind == MD_CODE && strcmp(d.b[0].info, "pram html") == 0 &&
		   strcmp(d.b[0].text, "pram run x") == 0,
	       "a code block: its info string and its line");
	md_free(&d);
	md_parse("```\n\n  indented\n\n```\n", &d, err, sizeof err);
	TAP_OK(d.n == 1 && strcmp(d.b[0].text, "\n  indented\n") == 0 &&
		   strcmp(d.b[0].info, "") == 0,
	       "a code block keeps its blank lines and indentation");
	md_free(&d);
	md_parse("text\r\nmore\r\n", &d, err, sizeof err);
	TAP_OK(d.n == 1 && strcmp(d.b[0].text, "text\nmore") == 0, "CRLF line ends");
	md_free(&d);
}

static void test_escaping(void)
{
	char *h = html_of("Hello <script>alert('x')</script> & \"q\"\n");
	TAP_CONTAINS(h,
		     "<p>Hello &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; "
		     "&quot;q&quot;</p>",
		     "a paragraph's markup is escaped");
	TAP_OK(!strstr(h, "<script>"), "no tag gets through");
	free(h);
	h = html_of("```c\nif (a < b && c > d) return \"</code>\";\n```\n");
	TAP_CONTAINS(h,
		     "<pre><code class=\"language-c\">if (a &lt; b &amp;&amp; c &gt; d) return "
		     "&quot;&lt;/code&gt;&quot;;</code></pre>",
		     "a code block is escaped");
	free(h);
	h = html_of("```c\"><script>\nx\n```\n");
	TAP_OK(!strstr(h, "<script>") && strstr(h, "language-c&quot;&gt;&lt;script&gt;"),
	       "an info string is escaped in the class");
	free(h);
	h = html_of("# <b>Title</b>\n");
	TAP_CONTAINS(h, "<h1 id=\"b-title-b-\">&lt;b&gt;Title&lt;/b&gt;</h1>",
		     "a heading is escaped");
	free(h);
	h = html_of("| <a> | `<b>` |\n| --- | --- |\n| *<i>* | & |\n");
	TAP_CONTAINS(h, "<th>&lt;a&gt;</th><th><code>&lt;b&gt;</code></th>",
		     "table cells are escaped");
	TAP_CONTAINS(h, "<td><em>&lt;i&gt;</em></td><td>&amp;</td>", "with emphasis inside");
	free(h);
}

static void test_inline(void)
{
	char *h = html_of("a *b c* and `x * y` and 2 * 3 * 4 and *open\n");
	TAP_CONTAINS(h, "a <em>b c</em> and <code>x * y</code> and 2 * 3 * 4 and *open",
		     "emphasis, code with a star, lone stars and an unclosed star");
	free(h);
	h = html_of("`` and x, then `unclosed and **\n");
	TAP_CONTAINS(h, "<p>`<code> and x, then </code>unclosed and **</p>",
		     "an empty code span is text, the next backtick opens one");
	free(h);
	h = html_of("and `open only\n");
	TAP_CONTAINS(h, "<p>and `open only</p>", "an unclosed code span stays text");
	free(h);
	char *t = text_of("a *b* and `c`\n", 0);
	TAP_CONTAINS(t, "a b and c\n", "the terminal drops the markers");
	free(t);
	t = text_of("a *b* and `c`\n", 1);
	TAP_CONTAINS(t, "a \033[4mb\033[0m and \033[1mc\033[0m",
		     "and on a tty underlines and bolds");
	free(t);
	TAP_EQ_I(md_inline_text(NULL, "`é` *ü* x", 0), 5, "columns count characters, not bytes");
}

static void test_text(void)
{
	char *t =
	    text_of("## Sec\n\n| name | v |\n| --- | --- |\n| a | 1000 |\n| `long` | 2 |\n", 0);
	TAP_CONTAINS(t, "Sec\n---\n", "a level-2 heading underlined with dashes");
	TAP_CONTAINS(t, "  name  v\n  ----  ----\n  a     1000\n  long  2\n",
		     "a table's columns aligned");
	free(t);
	t = text_of("# T\n", 1);
	TAP_CONTAINS(t, "\033[1mT\033[0m\n=\n", "a tty's heading in bold, underlined");
	free(t);
	t = text_of("```\nx = 1\ny = 2\n```\n", 0);
	TAP_CONTAINS(t, "    x = 1\n    y = 2\n", "code indented by four");
	free(t);
	t = text_of("- a\n  b\n1. one\n", 0);
	TAP_CONTAINS(t, "  - a\n    b\n", "a bullet item, its second line indented");
	TAP_CONTAINS(t, "  1. one\n", "a numbered item");
	free(t);
	char *h = html_of("- a\n- b\n\n2. x\n");
	TAP_CONTAINS(h, "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start=\"2\">\n<li>x</li>\n</ol>",
		     "lists as HTML");
	free(h);
}

static void test_errors(void)
{
	char *h = html_of("text\n\n```pram\npram run x\n");
	TAP_CONTAINS(h, "ERR: line 3: the code block opened here is never closed",
		     "an unclosed code block, at its line");
	free(h);
	h = html_of("p\n\n| a | b |\n| 1 | 2 |\n");
	TAP_CONTAINS(h, "ERR: line 4: a table's second line must be its '| --- |' line",
		     "a table without its separator");
	free(h);
	h = html_of("| a | b |\n");
	TAP_CONTAINS(h, "ERR: line 2: a table needs its '| --- |' line", "a one-line table");
	free(h);
	h = html_of("| a |\n| --- |\n| 1 | 2 |\n");
	TAP_CONTAINS(h, "ERR: line 3: a table row of 2 cells, its header has 1", "a row too wide");
	free(h);
	h = html_of("");
	TAP_OK(h && *h == '\0', "empty text: no blocks");
	free(h);
}

/* Random bytes drawn mostly from the markup's characters, and every cut
 * of a real lesson: parse and render without crashing. */
static void test_fuzz(void)
{
	static const char alphabet[] = "#|-*`1. \n\n\r\tab<>&\"'\\:";
	uint64_t s = 88172645463325252u;
	int ok = 1;
	for (int round = 0; round < 3000; round++) {
		size_t n = (size_t)(round % 200);
		char *t = malloc(n + 1);
		for (size_t i = 0; i < n; i++) {
			s ^= s << 13, s ^= s >> 7, s ^= s << 17;
			t[i] = (s % 7 == 0) ? (char)(s >> 8 & 0xff)
					    : alphabet[(s >> 16) % (sizeof alphabet - 1)];
			if (!t[i])
				t[i] = ' ';
		}
		t[n] = '\0';
		char *h = html_of(t), *x = text_of(t, round & 1);
		ok &= h != NULL && x != NULL;
		free(h);
		free(x);
		free(t);
	}
	TAP_OK(ok, "3000 random texts parse and render");
	const char *lesson =
	    "# 1. T\n\nGoal: g.\n\n## Background\n\n```pram\npram run x --trace\n```\n\n"
	    "| a | b |\n| --- | --- |\n| *1* | `2` |\n\n- x\n  y\n\n## Questions\n";
	size_t len = strlen(lesson);
	ok = 1;
	for (size_t cut = 0; cut <= len; cut++) {
		char *t = strndup(lesson, cut);
		char *h = html_of(t);
		ok &= h != NULL;
		free(h);
		free(t);
	}
	TAP_OK(ok, "every prefix of a lesson parses or fails cleanly");
}

int main(void)
{
	test_blocks();
	test_escaping();
	test_inline();
	test_text();
	test_errors();
	test_fuzz();
	return tap_done();
}
