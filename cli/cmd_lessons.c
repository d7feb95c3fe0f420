/*
 * cmd_lessons.c - `pram lessons` and `pram lesson`: the course of
 * lessons/ (lesson.h) listed, one lesson printed in the terminal with its
 * live examples run, and the whole course written as a static site.
 *
 *     pram lessons [--json]            the lessons and their exercises
 *     pram lessons --html DIR          the course as HTML pages
 *     pram lesson N|FOLDER             one lesson, its examples run
 *
 * Every example runs as a child of this same pram (its own executable),
 * in the lesson's folder, contained by check/contain.c with a time
 * limit, so that a broken example fails alone and says how.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "files.h"
#include "gplot.h"
#include "lesson.h"
#include "markdown.h"
#include "sitefig.h"

#define LIVE_LIMIT_S   20.0  /* seconds a live example may run */
#define HTML_LIMIT_S   30.0  /* seconds a step-through page may take */
#define REPORT_LIMIT_S 180.0 /* seconds a figure may take */

/* --time-limit: seconds every example may run, 0 for each kind's default. */
static double time_limit;

/* One example run: ok when it exited 0. */
typedef struct run_out {
	int ok;
	int violations; /* ok, though it exited 1: the violations of the --model it names */
	char how[160];  /* how it ended, when not ok */
	char *out;      /* its standard output and error */
} run_out;

/* Run the words of cmd (a "pram ..." line), with extra words after them,
 * in the folder dir, as a contained child of this program. */
static void run_example(const char *dir, const char *cmd, const char *const *extra, double limit,
			run_out *r)
{
	memset(r, 0, sizeof *r);
	char err[256];
	int argc;
	char **words = lesson_split(cmd, &argc, err, sizeof err);
	if (!words) {
		snprintf(r->how, sizeof r->how, "cannot read the command: %.134s", err);
		return;
	}
	size_t nextra = 0;
	while (extra && extra[nextra])
		nextra++;
	char **argv = calloc((size_t)argc + nextra + 1, sizeof *argv);
	if (!argv) {
		snprintf(r->how, sizeof r->how, "out of memory");
		lesson_argv_free(words);
		return;
	}
	const char *self = ck_self_exe();
	argv[0] = (char *)(self ? self : "pram");
	for (int k = 1; k < argc; k++)
		argv[k] = words[k];
	for (size_t k = 0; k < nextra; k++)
		argv[argc + k] = (char *)extra[k];
	if (time_limit > 0)
		limit = time_limit;
	ck_limits lim = {.wall_s = limit, .mem_bytes = (size_t)2 << 30, .cwd = dir};
	ck_proc p;
	if (ck_contain_exec(argv, &lim, &p, err, sizeof err)) {
		snprintf(r->how, sizeof r->how, "cannot run it: %.144s", err);
	} else {
		r->ok = p.exited && p.status == 0 && !p.timed_out;
		/* An example run under a model it names, to show that model's
		 * violations, exits 1 when it does: that is its point. */
		int named_model = 0;
		for (int k = 1; k < argc; k++)
			named_model |= strcmp(words[k], "--model") == 0 ||
				       strncmp(words[k], "--model=", 8) == 0;
		if (!r->ok && p.exited && p.status == 1 && !p.timed_out && named_model && p.out &&
		    strstr(p.out, "memory model violation"))
			r->ok = r->violations = 1;
		if (!r->ok)
			ck_proc_describe(&p, r->how, sizeof r->how);
		r->out = p.out;
		p.out = NULL;
		ck_proc_free(&p);
	}
	free(argv);
	lesson_argv_free(words);
}

/* ---- one walk over a lesson's text, two renderers ---------------------- */

/* What the walk does with each part of a lesson: print it in the terminal
 * (pram lesson) or write it into its page (pram lessons --html). */
typedef struct renderer {
	void (*text)(void *ud, const md_block *b);              /* a block of the text */
	void (*example)(void *ud, const md_block *b, size_t k); /* a pram block, block k */
	void (*exercises)(void *ud);                            /* the lesson's exercises */
	void (*goal)(void *ud, const char *goal); /* the goal (block 1), or NULL: as text */
} renderer;

/* Whether block k of d, a heading of level 1 or 2, ends the Exercises
 * section. */
static int ends_exercises(const md_doc *d, size_t k)
{
	const md_block *b = &d->b[k];
	if (b->kind != MD_HEADING || b->level > 2 || k == 0)
		return 0;
	for (size_t j = k; j-- > 0;)
		if (d->b[j].kind == MD_HEADING && d->b[j].level <= 2)
			return strcmp(d->b[j].text, "Exercises") == 0;
	return 0;
}

/* Render l's text through r, in order: the text, the examples and, at the
 * end of the Exercises section (else at the end), the exercises. */
static void walk_lesson(const lesson *l, const renderer *r, void *ud)
{
	const md_doc *d = &l->doc;
	int shown_ex = 0;
	for (size_t k = 0; k < d->n; k++) {
		const md_block *b = &d->b[k];
		if (!shown_ex && ends_exercises(d, k)) {
			r->exercises(ud);
			shown_ex = 1;
		}
		if (k == 1 && l->goal && r->goal)
			r->goal(ud, l->goal);
		else if (lesson_block_kind(b) != LESSON_NOT_PRAM)
			r->example(ud, b, k);
		else
			r->text(ud, b);
	}
	if (!shown_ex)
		r->exercises(ud);
}

/* ---- pram lessons ---------------------------------------------------- */

static void list_text(const lesson_set *s)
{
	for (size_t k = 0; k < s->n; k++) {
		const lesson *l = &s->l[k];
		printf("%2d  %-26s %s\n", l->number, l->folder,
		       l->title   ? l->title
		       : l->error ? "(lesson.md is malformed)"
				  : "(no lesson.md yet)");
		if (l->error)
			printf("      %s\n", l->error);
		for (size_t e = 0; e < l->nex; e++) {
			const lesson_ex *x = &l->ex[e];
			printf("      exercise %s: %s\n", x->name,
			       x->error   ? x->error
			       : x->title ? x->title
					  : "");
		}
	}
}

/* ,"key":value, the value a JSON string, or null for NULL. */
static void json_field(const char *key, const char *value)
{
	printf(",\"%s\":", key);
	if (value)
		json_str(stdout, value);
	else
		fputs("null", stdout);
}

static void list_json(const lesson_set *s)
{
	fputs("{\"root\":", stdout);
	json_str(stdout, s->root);
	fputs(",\"lessons\":[", stdout);
	for (size_t k = 0; k < s->n; k++) {
		const lesson *l = &s->l[k];
		printf("%s\n{\"number\":%d,\"folder\":", k ? "," : "", l->number);
		json_str(stdout, l->folder);
		json_field("dir", l->dir);
		json_field("text", l->md_path);
		json_field("title", l->title);
		json_field("goal", l->goal);
		json_field("error", l->error);
		int live = 0, html = 0, report = 0;
		for (size_t b = 0; b < l->doc.n; b++) {
			lesson_block kb = lesson_block_kind(&l->doc.b[b]);
			live += kb == LESSON_LIVE;
			html += kb == LESSON_HTML;
			report += kb == LESSON_REPORT;
		}
		printf(",\"examples\":{\"live\":%d,\"html\":%d,\"report\":%d},\"exercises\":[",
		       live, html, report);
		for (size_t e = 0; e < l->nex; e++) {
			const lesson_ex *x = &l->ex[e];
			fputs(e ? ",{\"name\":" : "{\"name\":", stdout);
			json_str(stdout, x->name);
			json_field("title", x->title);
			json_field("file", x->file);
			json_field("contract", x->contract);
			json_field("exercise", x->path);
			json_field("starter", x->starter);
			json_field("error", x->error);
			fputc('}', stdout);
		}
		fputs("]}", stdout);
	}
	fputs("\n]}\n", stdout);
}

/* ---- pram lesson N --------------------------------------------------- */

/* Print text indented by four spaces, ending in a newline. */
static void indented(FILE *f, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		fputs("    ", f);
		fwrite(p, 1, n, f);
		fputc('\n', f);
		p = e ? e + 1 : p + n;
	}
}

static void exercises_text(FILE *f, const lesson *l, int tty)
{
	if (l->nex == 0)
		return;
	fprintf(f, "%sThe exercises of this lesson:%s\n\n", tty ? "\033[1m" : "",
		tty ? "\033[0m" : "");
	for (size_t e = 0; e < l->nex; e++) {
		const lesson_ex *x = &l->ex[e];
		fprintf(f, "  %s%s%s", tty ? "\033[1m" : "", x->name, tty ? "\033[0m" : "");
		if (x->error) {
			fprintf(f, ": cannot be read: %s\n\n", x->error);
			continue;
		}
		fprintf(f, "%s%s\n", x->title ? ": " : "", x->title ? x->title : "");
		if (x->signature)
			fprintf(f, "    write:  %s\n", x->signature);
		fprintf(f, "    file:   %s", x->file);
		if (x->starter)
			fprintf(f, " (start from %s/%s)", l->dir, x->starter);
		fprintf(f, "\n    check:  pram check %s %s\n\n", x->name, x->file);
	}
}

/* pram lesson's renderer: the terminal, each example run under it. */
typedef struct term_out {
	const lesson *l;
	int tty;
	int failed;             /* examples that failed */
	char failed_lines[256]; /* where they are, file:line */
} term_out;

static void term_text(void *ud, const md_block *b)
{
	const term_out *t = ud;
	md_block_text(stdout, b, t->tty);
}

static void term_exercises(void *ud)
{
	const term_out *t = ud;
	exercises_text(stdout, t->l, t->tty);
}

static void term_example(void *ud, const md_block *b, size_t k)
{
	term_out *t = ud;
	lesson_block kind = lesson_block_kind(b);
	printf("    $ %s\n", b->text);
	if (kind == LESSON_REPORT) {
		printf("    (a figure: pram lessons --html DIR draws it)\n\n");
		return;
	}
	fflush(stdout);
	run_out r;
	run_example(t->l->dir, b->text, NULL, LIVE_LIMIT_S, &r);
	if (r.out && *r.out)
		indented(stdout, r.out);
	if (!r.ok) {
		printf("    !! this example failed: %s\n", r.how);
		t->failed++;
		size_t used = strlen(t->failed_lines);
		snprintf(t->failed_lines + used, sizeof t->failed_lines - used, "%s%s:%d",
			 used ? ", " : "", t->l->md_path, b->line);
	} else {
		if (r.violations)
			printf("    (exit status 1: the violations of the model it names, as "
			       "meant)\n");
		if (kind == LESSON_HTML)
			printf("    (pram lessons --html DIR steps through this run)\n");
	}
	free(r.out);
	fputc('\n', stdout);
}

static const renderer term_renderer = {
    .text = term_text, .example = term_example, .exercises = term_exercises};

static int lesson_print(const lesson *l)
{
	term_out t = {.l = l, .tty = isatty(STDOUT_FILENO)};
	if (!l->md_path) {
		cli_error("lesson: %s has no lesson.md yet", l->dir);
		exercises_text(stdout, l, t.tty);
		return EXIT_FAIL;
	}
	if (l->error) {
		cli_error("lesson: %s", l->error);
		return EXIT_FAIL;
	}
	walk_lesson(l, &term_renderer, &t);
	fflush(stdout);
	if (t.failed) {
		cli_error("lesson: %d example%s failed: %s", t.failed, t.failed > 1 ? "s" : "",
			  t.failed_lines);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void unknown_lesson(const lesson_set *s, const char *key)
{
	cli_error("lesson: no lesson '%s' in %s; the lessons are:", key, s->root);
	for (size_t k = 0; k < s->n; k++)
		fprintf(stderr, "  %2d  %s\n", s->l[k].number, s->l[k].folder);
}

/* ---- pram lessons --html DIR ----------------------------------------- */

static const char site_css[] =
    "body{font:16px/1.5 system-ui,sans-serif;max-width:64em;margin:2em auto;padding:0 1em;"
    "color:#222;background:#fff}\n"
    "h1,h2,h3{line-height:1.2}h2{border-bottom:1px solid #ddd;padding-bottom:.2em}\n"
    "code{font:0.92em/1.4 ui-monospace,monospace;background:#f3f3f3;padding:0 .2em}\n"
    "pre{background:#f6f6f6;border:1px solid #e2e2e2;padding:.6em .8em;overflow-x:auto}\n"
    "pre code{background:none;padding:0}\n"
    /* short code stays whole; a long signature breaks at its spaces */
    "td code,li code,p code{white-space:normal;overflow-wrap:break-word}\n"
    "pre.signature{white-space:pre-wrap}\n"
    "pre.cmd{background:#eef3fb;border-color:#c9d7ee;margin-bottom:0}\n"
    "pre.out{margin-top:0;border-top:none}\n"
    "pre.failed{background:#fdeeee;border-color:#e8b4b4}\n"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em}"
    "th{background:#f0f0f0}\n"
    ".goal{font-size:1.1em;background:#fafae8;border-left:4px solid #c8c060;padding:.4em .8em}\n"
    ".exercise{border:1px solid #ddd;padding:.2em 1em;margin:1em 0}\n"
    ".note{color:#8a4b00}\nnav{margin-bottom:1em}\nfigure img{max-width:100%;height:auto}\n"
    "ol.lessons>li{margin-bottom:1em}a.lesson{font-weight:600}\n"
    "figure{margin:1em 0}figcaption{font-size:.9em;color:#555}\n"
    ".own{display:grid;grid-template-columns:repeat(auto-fit,minmax(24em,1fr));gap:0 1em}\n";

/* s, a string, as HTML text. */
static void esc(FILE *f, const char *s)
{
	md_escape(f, s, strlen(s));
}

/* pre, then s escaped for HTML, then post. */
static void put_esc(FILE *f, const char *pre, const char *s, const char *post)
{
	fputs(pre, f);
	esc(f, s);
	fputs(post, f);
}

/* The file at path as a string, or NULL. */
static char *slurp_text(const char *path)
{
	char err[512];
	return ck_slurp(path, NULL, err, sizeof err);
}

static int copy_file(const char *from, const char *to)
{
	char *t = slurp_text(from);
	if (!t)
		return -1;
	FILE *f = fopen(to, "wb");
	int rc = f && fputs(t, f) >= 0 ? 0 : -1;
	if (f && fclose(f))
		rc = -1;
	free(t);
	return rc;
}

static void page_head(FILE *f, const char *title, const char *css)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
	      f);
	esc(f, title);
	fprintf(f, "</title>\n<link rel=\"stylesheet\" href=\"%s\">\n</head>\n<body>\n", css);
}

static void html_exercises(FILE *f, const lesson *l, const char *outdir)
{
	if (l->nex == 0)
		return;
	fputs("<div class=\"exercises\">\n", f);
	for (size_t e = 0; e < l->nex; e++) {
		const lesson_ex *x = &l->ex[e];
		put_esc(f, "<section class=\"exercise\" id=\"exercise-", x->name,
			"\">\n<h3>Exercise <code>");
		esc(f, x->name);
		fputs("</code>", f);
		if (x->title) {
			fputs(": ", f);
			esc(f, x->title);
		}
		fputs("</h3>\n", f);
		if (x->error) {
			put_esc(f, "<p class=\"note\">This exercise cannot be read: ", x->error,
				"</p>\n</section>\n");
			continue;
		}
		if (x->contract) {
			put_esc(f, "<p>Contract <code>", x->contract, "</code>; your file: <code>");
			esc(f, x->file);
			fputs("</code>.</p>\n", f);
		}
		if (x->signature) {
			put_esc(f, "<pre class=\"signature\"><code>", x->signature,
				"</code></pre>\n");
		}
		fputs("<p>Check it:</p>\n<pre class=\"cmd\"><code>pram check ", f);
		esc(f, x->name);
		fputc(' ', f);
		esc(f, x->file);
		fputs("</code></pre>\n", f);
		if (x->starter && !strstr(x->starter, "..")) {
			char from[PATH_MAX], to[PATH_MAX], sub[PATH_MAX];
			files_path(from, sizeof from, "%s/%s", l->dir, x->starter);
			char *text = slurp_text(from);
			files_path(sub, sizeof sub, "%s/%s/starter", outdir, l->folder);
			files_path(to, sizeof to, "%s/%s/starter/%s", outdir, l->folder,
				   ck_basename(x->starter));
			if (text && files_mkdir_p(sub) == 0 && copy_file(from, to) == 0) {
				fputs("<details open><summary>The starter file, <a href=\"starter/",
				      f);
				esc(f, ck_basename(x->starter));
				fputs("\">", f);
				esc(f, x->starter);
				fputs("</a> (it builds and runs; the check grades it as incomplete)"
				      "</summary>\n<pre><code>",
				      f);
				esc(f, text);
				fputs("</code></pre>\n</details>\n", f);
			}
			free(text);
		}
		char *spec = slurp_text(x->path);
		if (spec) {
			put_esc(f, "<details><summary>The exercise file, <code>",
				ck_basename(x->path),
				"</code>: its cases, bounds and points</summary>\n<pre><code>");
			esc(f, spec);
			fputs("</code></pre>\n</details>\n", f);
			free(spec);
		}
		fputs("</section>\n", f);
	}
	fputs("</div>\n", f);
}

typedef struct site_stats {
	int failed;  /* live examples or pages that failed */
	int skipped; /* figures not made */
} site_stats;

/* pram lessons --html's renderer: a lesson's page, each example run for
 * its output, its figure or its step-through page. */
typedef struct page_out {
	FILE *f;
	const lesson *l;
	const char *outdir;
	site_stats *st;
} page_out;

static void page_text(void *ud, const md_block *b)
{
	const page_out *p = ud;
	md_block_html(p->f, b);
}

static void page_exercises(void *ud)
{
	const page_out *p = ud;
	html_exercises(p->f, p->l, p->outdir);
}

static void page_goal(void *ud, const char *goal)
{
	const page_out *p = ud;
	fputs("<p class=\"goal\"><strong>Goal:</strong> ", p->f);
	md_inline_html(p->f, goal);
	fputs("</p>\n", p->f);
}

/* One figure of a report example on its page: the picture (a file of
 * report-K/), its link to the whole report, and the caption. */
static void put_figure(FILE *f, size_t k, const char *cls, const char *svg, const char *alt,
		       const char *caption)
{
	fprintf(f, "<figure class=\"%s\"><a href=\"report-%zu/index.html\"><img src=\"report-%zu/",
		cls, k, k);
	esc(f, svg);
	/* Every figure is drawn at one size: with it given, the page is laid
	 * out before the pictures load, and a link to #report-K lands. */
	fprintf(f, "\" width=\"%d\" height=\"%d\"", GPLOT_PNG_WIDTH, GPLOT_PNG_HEIGHT);
	put_esc(f, " alt=\"", alt, "\"></a><figcaption>");
	esc(f, caption);
	fputs("</figcaption></figure>\n", f);
}

/* The algorithms a 'pram report' command names, in its order: its words
 * that are names of the registry (an option's value never is one). At most
 * max into names (borrowed from the registry). */
static size_t report_names(const char *cmd, const char **names, size_t max)
{
	char err[256];
	int argc;
	char **w = lesson_split(cmd, &argc, err, sizeof err);
	size_t n = 0;
	for (int k = 2; w && k < argc && n < max; k++) {
		const algo *a = algo_find(w[k]);
		int seen = 0;
		for (size_t j = 0; a && j < n; j++)
			seen |= strcmp(names[j], a->name) == 0;
		if (a && !seen)
			names[n++] = a->name;
	}
	lesson_argv_free(w);
	return n;
}

/* The figures of a report example that compares algorithms (costs[0..n),
 * their cost figures): W and D side by side, then the speedup against the
 * best sequential time. */
static void page_contrast(const page_out *p, const md_block *b, size_t k,
			  const sitefig_fig *const *costs, size_t ncosts, const char *const *names,
			  size_t nnames)
{
	FILE *f = p->f;
	const lesson *l = p->l;
	char rdir[PATH_MAX], err[1024], alt[512];
	files_path(rdir, sizeof rdir, "%s/%s/report-%zu", p->outdir, l->folder, k);
	sitefig_out o;
	if (sitefig_contrast(rdir, costs, ncosts, &o, err, sizeof err) == 0) {
		snprintf(alt, sizeof alt, "the work and depth of %s", b->text);
		put_figure(f, k, "report contrast", o.svg, alt, o.caption);
	} else {
		p->st->skipped++;
		fprintf(stderr, "pram: lessons: %s:%d: the figure of W and D skipped: %s\n",
			l->md_path, b->line, err);
		put_esc(f, "<p class=\"note\">The figure of W and D was not made: ", err,
			".</p>\n");
	}
	int rc = sitefig_speedup(rdir, names, nnames, &o, err, sizeof err);
	if (rc == 0) {
		snprintf(alt, sizeof alt, "the speedup against the best sequential time of %s",
			 b->text);
		put_figure(f, k, "report speedup", o.svg, alt, o.caption);
	} else if (rc < 0) {
		p->st->skipped++;
		fprintf(stderr, "pram: lessons: %s:%d: the speedup figure skipped: %s\n",
			l->md_path, b->line, err);
		put_esc(f, "<p class=\"note\">The speedup figure was not made: ", err, ".</p>\n");
	}
}

/* Whether a report figure is one of an algorithm's own to show on the
 * page: its cost figure (W and D against the closed forms) or one of the
 * kind only some algorithms have (f per work-item, a parameter's series,
 * the algorithm's own), not the time and memory figures, whose one quick
 * round of runs says little, nor the report's figures of many algorithms. */
static int shown_own(const sitefig_fig *g, const char *name, const char *rdir)
{
	char path[PATH_MAX];
	struct stat sb;
	if (!g->algo[0] || !sitefig_of(g->algo, name) || strcmp(g->kind, "time") == 0 ||
	    strcmp(g->kind, "memory") == 0)
		return 0;
	files_path(path, sizeof path, "%s/%s", rdir, g->svg);
	return stat(path, &sb) == 0 && sb.st_size > 0;
}

/* A 'pram report' example: its figures, drawn by a quick report into
 * report-K/ beside the page. The report lists its algorithms in the
 * registry's order, whatever the command's, so each figure is found by
 * the algorithm it is of, never by its place in the report: with two
 * algorithms or more, their W and D side by side and their speedup
 * against the best sequential time, then each algorithm's own figures in
 * the command's order. */
static void page_report(const page_out *p, const md_block *b, size_t k)
{
	FILE *f = p->f;
	const lesson *l = p->l;
	char rdir[PATH_MAX], err[1024] = "";
	files_path(rdir, sizeof rdir, "%s/%s/report-%zu", p->outdir, l->folder, k);
	const char *extra[] = {"--out", rdir, "--budget", "0", "--reps", "1", "--quiet", NULL};
	run_out r;
	run_example(l->dir, b->text, extra, REPORT_LIMIT_S, &r);
	const char *names[64];
	size_t nnames = report_names(b->text, names, 64), nfigs = 0, nown = 0, ncosts = 0;
	sitefig_fig *figs = NULL;
	const sitefig_fig **own = NULL, **costs = NULL;
	if (sitefig_list(rdir, &figs, &nfigs, err, sizeof err) == 0 &&
	    (own = calloc(nfigs + 1, sizeof *own)) && (costs = calloc(nfigs + 1, sizeof *costs))) {
		for (size_t a = 0; a < nnames; a++)
			for (size_t j = 0; j < nfigs; j++)
				if (shown_own(&figs[j], names[a], rdir)) {
					own[nown++] = &figs[j];
					if (strcmp(figs[j].kind, "cost") == 0)
						costs[ncosts++] = &figs[j];
				}
	}
	/* The figures' own anchor, for a link to them. */
	fprintf(f, "<div class=\"figures\" id=\"report-%zu\">\n", k);
	if (ncosts > 1 || (ncosts == 1 && nnames > 1))
		page_contrast(p, b, k, costs, ncosts, names, nnames);
	if (nown > 1)
		fputs("<div class=\"own\">\n", f);
	for (size_t j = 0; j < nown; j++) {
		char alt[512];
		snprintf(alt, sizeof alt, "the %s figure of %s", own[j]->kind, own[j]->algo);
		put_figure(f, k, "report", own[j]->svg, alt,
			   own[j]->title[0] ? own[j]->title : own[j]->name);
	}
	if (nown > 1)
		fputs("</div>\n", f);
	if (nown && !r.ok)
		fprintf(stderr,
			"pram: lessons: %s:%d: pram report %s (the figures are there, see its "
			"report)\n",
			l->md_path, b->line, r.how);
	if (!nown) {
		p->st->skipped++;
		const char *why = !r.ok ? r.how : err[0] ? err : "drew no figure";
		fprintf(stderr, "pram: lessons: %s:%d: figure skipped: pram report %s\n",
			l->md_path, b->line, why);
		put_esc(f, "<p class=\"note\">The figure was not made: pram report ", why,
			".</p>\n");
		if (r.out && *r.out) {
			put_esc(f, "<pre class=\"out failed\"><code>", r.out, "</code></pre>\n");
		}
	}
	fputs("</div>\n", f);
	free(costs);
	free(own);
	free(figs);
	free(r.out);
}

/* The step-through page of a 'pram html' example, run-K.html beside the
 * page, and the link to it. */
static void page_stepthrough(const page_out *p, const md_block *b, size_t k)
{
	FILE *f = p->f;
	const lesson *l = p->l;
	char page[PATH_MAX];
	files_path(page, sizeof page, "%s/%s/run-%zu.html", p->outdir, l->folder, k);
	const char *extra[] = {"--html", page, NULL};
	run_out r;
	run_example(l->dir, b->text, extra, HTML_LIMIT_S, &r);
	struct stat sb;
	if (r.ok && stat(page, &sb) == 0) {
		fprintf(
		    f,
		    "<p class=\"stepthrough\"><a href=\"run-%zu.html\">Step through this run</a>: "
		    "the arrays, the cells each processor reads and writes, the conflicts, "
		    "step by step.</p>\n",
		    k);
	} else {
		p->st->failed++;
		fprintf(stderr, "pram: lessons: %s:%d: the step-through page: %s\n", l->md_path,
			b->line, r.how);
		put_esc(f, "<p class=\"note\">The step-through page was not made: ", r.how,
			".</p>\n");
	}
	free(r.out);
}

static void page_example(void *ud, const md_block *b, size_t k)
{
	const page_out *p = ud;
	FILE *f = p->f;
	const lesson *l = p->l;
	lesson_block kind = lesson_block_kind(b);
	put_esc(f, "<pre class=\"cmd\"><code>$ ", b->text, "</code></pre>\n");
	if (kind == LESSON_REPORT) {
		page_report(p, b, k);
		return;
	}
	run_out r;
	run_example(l->dir, b->text, NULL, LIVE_LIMIT_S, &r);
	fprintf(f, "<pre class=\"out%s\"><code>", r.ok ? "" : " failed");
	if (r.out)
		esc(f, r.out);
	fputs("</code></pre>\n", f);
	if (r.violations)
		fputs("<p class=\"note\">This run breaks the rules of the model it names, and pram "
		      "says where (exit status 1): that is the point of the example.</p>\n",
		      f);
	if (!r.ok) {
		p->st->failed++;
		fprintf(stderr, "pram: lessons: %s:%d: the example %s\n", l->md_path, b->line,
			r.how);
		put_esc(f, "<p class=\"note\">This example failed: ", r.how, ".</p>\n");
	}
	free(r.out);
	if (kind == LESSON_HTML)
		page_stepthrough(p, b, k);
}

static const renderer page_renderer = {
    .text = page_text, .example = page_example, .exercises = page_exercises, .goal = page_goal};

static int lesson_page(const lesson *l, const char *outdir, site_stats *st)
{
	char dir[PATH_MAX], path[PATH_MAX];
	files_path(dir, sizeof dir, "%s/%s", outdir, l->folder);
	files_path(path, sizeof path, "%s/index.html", dir);
	if (files_mkdir_p(dir)) {
		cli_error("lessons: cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	FILE *f = fopen(path, "w");
	if (!f) {
		cli_error("lessons: cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	char title[512];
	snprintf(title, sizeof title, "%d. %s", l->number, l->title ? l->title : l->folder);
	page_head(f, title, "../style.css");
	fputs("<nav><a href=\"../index.html\">All lessons</a></nav>\n<main>\n", f);
	if (!l->md_path || l->error) {
		put_esc(f, "<h1>", title, "</h1>\n<p class=\"note\">");
		const char *why =
		    l->error ? l->error : "The text of this lesson is not written yet.";
		esc(f, why);
		fputs("</p>\n<h2 id=\"exercises\">Exercises</h2>\n", f);
		html_exercises(f, l, outdir);
	} else {
		page_out p = {.f = f, .l = l, .outdir = outdir, .st = st};
		walk_lesson(l, &page_renderer, &p);
	}
	fputs("</main>\n<footer><p><a href=\"../index.html\">All lessons</a></p></footer>\n"
	      "</body>\n</html>\n",
	      f);
	if (fclose(f)) {
		cli_error("lessons: cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int write_site(const lesson_set *s, const char *out)
{
	if (files_mkdir_p(out)) {
		cli_error("lessons: --html %s: cannot create it: %s", out, strerror(errno));
		return EXIT_FAIL;
	}
	char outdir[PATH_MAX], path[PATH_MAX];
	if (!realpath(out, outdir)) {
		cli_error("lessons: --html %s: %s", out, strerror(errno));
		return EXIT_FAIL;
	}
	files_path(path, sizeof path, "%s/style.css", outdir);
	FILE *f = fopen(path, "w");
	if (!f || fputs(site_css, f) < 0 || fclose(f)) {
		cli_error("lessons: cannot write %s: %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	site_stats st = {0, 0};
	int bad_pages = 0;
	for (size_t k = 0; k < s->n; k++) {
		if (s->l[k].error) {
			cli_error("lessons: %s", s->l[k].error);
			bad_pages++;
		}
		if (lesson_page(&s->l[k], outdir, &st))
			bad_pages++;
	}
	files_path(path, sizeof path, "%s/index.html", outdir);
	if (!(f = fopen(path, "w"))) {
		cli_error("lessons: cannot create %s: %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	page_head(f, "pramsim: the lessons", "style.css");
	fputs("<main>\n<h1>The lessons</h1>\n<p>Each lesson runs its examples on the PRAM "
	      "simulator of pramsim and ends with exercises that <code>pram check</code> grades."
	      "</p>\n<ol class=\"lessons\">\n",
	      f);
	for (size_t k = 0; k < s->n; k++) {
		const lesson *l = &s->l[k];
		fprintf(f, "<li value=\"%d\"><a class=\"lesson\" href=\"", l->number);
		esc(f, l->folder);
		fputs("/index.html\">", f);
		const char *t = l->title ? l->title : l->folder;
		esc(f, t);
		fputs("</a>", f);
		if (l->goal) {
			fputs("<br>", f);
			md_inline_html(f, l->goal);
		} else if (!l->md_path) {
			fputs(" <span class=\"note\">(no text yet)</span>", f);
		}
		if (l->nex) {
			fputs("<br>Exercises:", f);
			for (size_t e = 0; e < l->nex; e++) {
				fputs(e ? ", <a href=\"" : " <a href=\"", f);
				esc(f, l->folder);
				put_esc(f, "/index.html#exercise-", l->ex[e].name, "\"><code>");
				esc(f, l->ex[e].name);
				fputs("</code></a>", f);
				if (l->ex[e].title) {
					fputs(" (", f);
					esc(f, l->ex[e].title);
					fputc(')', f);
				}
			}
		}
		fputs("</li>\n", f);
	}
	fputs("</ol>\n</main>\n</body>\n</html>\n", f);
	if (fclose(f)) {
		cli_error("lessons: cannot write %s: %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	printf("%zu lesson pages written to %s/index.html", s->n, outdir);
	if (st.skipped)
		printf("; %d figure%s skipped (see above)", st.skipped, st.skipped > 1 ? "s" : "");
	if (st.failed)
		printf("; %d example%s failed", st.failed, st.failed > 1 ? "s" : "");
	printf("\n");
	return st.failed || bad_pages ? EXIT_FAIL : EXIT_OK;
}

/* ---- the commands ---------------------------------------------------- */

typedef struct lessons_opts {
	int json;
	const char *html;
	double time_limit;
} lessons_opts;

/* The row of --time-limit, which both commands take. */
#define TIME_LIMIT_OPTION                                                                  \
	{                                                                                  \
		.name = "time-limit", .arg = "S", .kind = CLI_REAL,                        \
		.off = offsetof(lessons_opts, time_limit), .flags = CLI_ABOVE_LO, .lo = 0, \
		.hi = 3600, .bad = "give seconds from 0.1 to 3600",                        \
		.help = "seconds each example may run"                                     \
	}

static const cli_opt lessons_options[] = {
    {"json", .kind = CLI_FLAG, .off = offsetof(lessons_opts, json), .help = "the list as JSON"},
    {"html", .arg = "DIR", .kind = CLI_STR, .off = offsetof(lessons_opts, html),
     .flags = CLI_NONEMPTY, .bad = "give a folder", .help = "write the course as a static site"},
    TIME_LIMIT_OPTION,
    {"help", .kind = CLI_HELP, .help = "print this help"},
    {0}};

static const cli_opt lesson_options[] = {
    TIME_LIMIT_OPTION, {"help", .kind = CLI_HELP, .help = "print this help"}, {0}};

/* The lessons, for the command cmd, the examples' time limit o's. Returns
 * 0, or EXIT_FAIL (reported). */
static int load_lessons(const char *cmd, const lessons_opts *o, lesson_set *s)
{
	char err[512];
	time_limit = o->time_limit;
	if (lesson_load(NULL, s, err, sizeof err)) {
		cli_error("%s: %s", cmd, err);
		return EXIT_FAIL;
	}
	return 0;
}

static int lessons_exec(int argc, char **argv)
{
	lessons_opts o = {0};
	int nops, rc = cli_parse(&cmd_lessons_entry, argc, argv, &o, &nops);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	if (nops) {
		cli_error("lessons: unexpected argument '%s' (pram lesson %s prints one lesson)",
			  argv[1], argv[1]);
		return EXIT_USAGE;
	}
	if (o.json && o.html) {
		cli_error("lessons: give --json or --html, not both");
		return EXIT_USAGE;
	}
	lesson_set s;
	if (load_lessons("lessons", &o, &s))
		return EXIT_FAIL;
	rc = EXIT_OK;
	if (o.html)
		rc = write_site(&s, o.html);
	else if (o.json)
		list_json(&s);
	else
		list_text(&s);
	for (size_t k = 0; k < s.n && !o.html; k++)
		if (s.l[k].error)
			rc = EXIT_FAIL;
	lesson_set_free(&s);
	return rc;
}

static int lesson_exec(int argc, char **argv)
{
	lessons_opts o = {0};
	int nops, rc = cli_parse(&cmd_lesson_entry, argc, argv, &o, &nops);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	if (nops != 1) {
		cli_error("lesson: give one lesson, its number or its folder (pram lessons lists "
			  "them)");
		return EXIT_USAGE;
	}
	lesson_set s;
	if (load_lessons("lesson", &o, &s))
		return EXIT_FAIL;
	const lesson *l = lesson_lookup(&s, argv[1]);
	if (!l) {
		unknown_lesson(&s, argv[1]);
		rc = EXIT_USAGE;
	} else {
		rc = lesson_print(l);
	}
	lesson_set_free(&s);
	return rc;
}

const cmd_entry cmd_lessons_entry = {
    .name = "lessons",
    .args = "[--json | --html DIR [--time-limit S]]",
    .summary = "list the lessons and their exercises, or write them as a web site",
    .help = "The lessons are the NN-topic/ folders of $PRAM_LESSONS_DIR, else of the\n"
	    "source tree's lessons/, else of the installed lessons (as for pram check).\n"
	    "options:\n"
	    "  --json      the list as JSON: number, folder, title, goal, exercises\n"
	    "  --html DIR  write the course as a static site: DIR/index.html and one page\n"
	    "              per lesson, with the examples' outputs, a step-through page\n"
	    "              for each 'pram html' example, the figures of each 'pram report'\n"
	    "              example (drawn with --budget 0 --reps 1: each algorithm's W and\n"
	    "              D, and where it names several, their W and D side by side and\n"
	    "              their speedup against the best sequential time), the starter\n"
	    "              files and the exercises' contracts; nothing is fetched from a\n"
	    "              network. A figure that cannot be made is skipped and said.\n"
	    "  --time-limit S  seconds each example may run (default 20, a step-through\n"
	    "              page 30, a figure 180); past it the example is stopped\n"
	    "Exit status: 0 success, 1 a malformed lesson.md or a failed example,\n"
	    "2 a usage error.\n",
    .opts = lessons_options,
    .operands = CLI_ANY,
    .exec = lessons_exec,
};

const cmd_entry cmd_lesson_entry = {
    .name = "lesson",
    .args = "N | FOLDER [--time-limit S]",
    .summary = "print one lesson in the terminal, its examples run",
    .help = "N is the lesson's number (pram lessons lists them), FOLDER its folder\n"
	    "name (03-blelloch). Each 'pram' example of the text runs in the lesson's\n"
	    "folder, with a time limit, and its output is printed under it; a 'pram\n"
	    "report' example is shown, not run. The exercises end with the pram check\n"
	    "command that grades them.\n"
	    "options:\n"
	    "  --time-limit S  seconds each example may run (default 20)\n"
	    "Exit status: 0 success, 1 a malformed lesson.md or a failed example (the\n"
	    "rest of the lesson is still printed), 2 a usage error or no such lesson.\n",
    .opts = lesson_options,
    .operands = CLI_ANY,
    .exec = lesson_exec,
};
