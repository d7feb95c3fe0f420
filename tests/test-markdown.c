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

/* The whole text rendered as HTML, or for a terminal (tty: with its
 * escapes), or the error "ERR: ..." (caller frees). */
static char *render(const char *text, int html, int tty)
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
			if (html)
				md_block_html(f, &d.b[k]);
			else
				md_block_text(f, &d.b[k], tty);
		md_free(&d);
	}
	fclose(f);
	return buf;
}

static char *html_of(const char *text)
{
	return render(text, 1, 0);
}

static char *text_of(const char *text, int tty)
{
	return render(text, 0, tty);
}

/* One test: the HTML of text contains want. */
static void expect_html(const char *text, const char *want, const char *name)
{
	char *h = html_of(text);
	TAP_CONTAINS(h, want, "%s", name);
	free(h);
}

/* One test: the terminal's text of text (tty: with its escapes) contains
 * want. */
static void expect_text(const char *text, int tty, const char *want, const char *name)
{
	char *t = text_of(text, tty);
	TAP_CONTAINS(t, want, "%s", name);
	free(t);
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
	expect_html("```c\nif (a < b && c > d) return \"</code>\";\n```\n",
		    "<pre><code class=\"language-c\">if (a &lt; b &amp;&amp; c &gt; d) return "
		    "&quot;&lt;/code&gt;&quot;;</code></pre>",
		    "a code block is escaped");
	h = html_of("```c\"><script>\nx\n```\n");
	TAP_OK(!strstr(h, "<script>") && strstr(h, "language-c&quot;&gt;&lt;script&gt;"),
	       "an info string is escaped in the class");
	free(h);
	expect_html("# <b>Title</b>\n", "<h1 id=\"b-title-b-\">&lt;b&gt;Title&lt;/b&gt;</h1>",
		    "a heading is escaped");
	const char *table = "| <a> | `<b>` |\n| --- | --- |\n| *<i>* | & |\n";
	expect_html(table, "<th>&lt;a&gt;</th><th><code>&lt;b&gt;</code></th>",
		    "table cells are escaped");
	expect_html(table, "<td><em>&lt;i&gt;</em></td><td>&amp;</td>", "with emphasis inside");
}

static void test_inline(void)
{
	expect_html("a *b c* and `x * y` and 2 * 3 * 4 and *open\n",
		    "a <em>b c</em> and <code>x * y</code> and 2 * 3 * 4 and *open",
		    "emphasis, code with a star, lone stars and an unclosed star");
	expect_html("`` and x, then `unclosed and **\n",
		    "<p>`<code> and x, then </code>unclosed and **</p>",
		    "an empty code span is text, the next backtick opens one");
	expect_html("and `open only\n", "<p>and `open only</p>",
		    "an unclosed code span stays text");
	expect_text("a *b* and `c`\n", 0, "a b and c\n", "the terminal drops the markers");
	expect_text("a *b* and `c`\n", 1, "a \033[4mb\033[0m and \033[1mc\033[0m",
		    "and on a tty underlines and bolds");
	TAP_EQ_I(md_inline_text(NULL, "`é` *ü* x", 0), 5, "columns count characters, not bytes");
}

static void test_text(void)
{
	const char *table = "## Sec\n\n| name | v |\n| --- | --- |\n| a | 1000 |\n| `long` | 2 |\n";
	expect_text(table, 0, "Sec\n---\n", "a level-2 heading underlined with dashes");
	expect_text(table, 0, "  name  v\n  ----  ----\n  a     1000\n  long  2\n",
		    "a table's columns aligned");
	expect_text("# T\n", 1, "\033[1mT\033[0m\n=\n", "a tty's heading in bold, underlined");
	expect_text("```\nx = 1\ny = 2\n```\n", 0, "    x = 1\n    y = 2\n",
		    "code indented by four");
	expect_text("- a\n  b\n1. one\n", 0, "  - a\n    b\n",
		    "a bullet item, its second line indented");
	expect_text("- a\n  b\n1. one\n", 0, "  1. one\n", "a numbered item");
	expect_html("- a\n- b\n\n2. x\n",
		    "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start=\"2\">\n<li>x</li>\n</ol>",
		    "lists as HTML");
}

static void test_errors(void)
{
	expect_html("text\n\n```pram\npram run x\n",
		    "ERR: line 3: the code block opened here is never closed",
		    "an unclosed code block, at its line");
	expect_html("p\n\n| a | b |\n| 1 | 2 |\n",
		    "ERR: line 4: a table's second line must be its '| --- |' line",
		    "a table without its separator");
	expect_html("| a | b |\n", "ERR: line 2: a table needs its '| --- |' line",
		    "a one-line table");
	expect_html("| a |\n| --- |\n| 1 | 2 |\n",
		    "ERR: line 3: a table row of 2 cells, its header has 1", "a row too wide");
	char *h = html_of("");
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
