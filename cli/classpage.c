/*
 * classpage.c - summary.html of pram check --class (see classpage.h).
 * Everything a student wrote or a diagnosis quotes is escaped; the
 * distribution's bars are drawn by the page's script from a JSON block, so
 * the page works from a file with no network.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classpage.h"
#include "json.h"

/* s as HTML text. */
static void html(FILE *f, const char *s)
{
	html_text(f, s, strlen(s));
}

typedef struct kind_count {
	char kind[32];
	int count;
	const class_row *example; /* the first student with it */
} kind_count;

/* Count each diagnosis kind over the rows, most frequent first. */
static size_t count_kinds(const class_row *rows, size_t n, kind_count *kc, size_t max)
{
	size_t nk = 0;
	for (size_t r = 0; r < n; r++) {
		char buf[600];
		snprintf(buf, sizeof buf, "%s", rows[r].kinds);
		char *save = NULL;
		for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			size_t k = 0;
			while (k < nk && strcmp(kc[k].kind, t) != 0)
				k++;
			if (k == nk) {
				if (nk == max)
					continue;
				snprintf(kc[nk].kind, sizeof kc[nk].kind, "%s", t);
				kc[nk].count = 0;
				kc[nk].example = &rows[r];
				nk++;
			}
			kc[k].count++;
		}
	}
	for (size_t i = 1; i < nk; i++) /* a few kinds: insertion sort */
		for (size_t j = i; j > 0 && kc[j].count > kc[j - 1].count; j--) {
			kind_count t = kc[j];
			kc[j] = kc[j - 1];
			kc[j - 1] = t;
		}
	return nk;
}

static const char style[] =
    "body{font-family:sans-serif;margin:2em;max-width:70em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;"
    "text-align:left;vertical-align:top}th{background:#f0f0f0}"
    ".bar{display:inline-block;height:1em;background:#0072B2;vertical-align:middle}"
    ".pass{color:#007a4d}.fail{color:#b00020}.missing{color:#777}"
    "#dist .col{display:inline-block;width:3em;margin-right:.3em;text-align:center;"
    "vertical-align:bottom}#dist .col div{background:#0072B2;margin:0 auto;width:2em}"
    "code{font-size:90%}";

int class_page(const char *path, const ck_exercise *ex, const class_row *rows, size_t n, char *err,
	       size_t errlen)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	size_t npassed = 0, nmissing = 0;
	for (size_t k = 0; k < n; k++) {
		npassed += strcmp(rows[k].passed, "yes") == 0;
		nmissing += strcmp(rows[k].passed, "missing") == 0;
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
	html(f, ex->name);
	fprintf(f, ": the class</title><style>%s</style></head><body>\n<h1>", style);
	html(f, ex->name);
	fputs(": the class at a glance</h1>\n<p>", f);
	html(f, ex->title ? ex->title : "");
	fprintf(f, "</p>\n<p id=\"counts\">%zu submissions: %zu passed, %zu missing.</p>\n", n,
		npassed, nmissing);

	/* the distribution: the script draws it from the data */
	fputs("<h2>Scores</h2>\n<div id=\"dist\"></div>\n", f);

	/* each criterion's pass rate over the students graded */
	fputs("<h2>Criteria</h2>\n<table id=\"criteria\"><tr><th>criterion</th><th>points</th>"
	      "<th>passed</th><th></th></tr>\n",
	      f);
	int col = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (ex->points[c] <= 0)
			continue;
		size_t pass = 0, graded = 0;
		for (size_t k = 0; k < n; k++)
			if (rows[k].full) {
				graded++;
				pass += strcmp(rows[k].crit[col], "pass") == 0;
			}
		double rate = graded ? 100.0 * (double)pass / (double)graded : 0;
		fprintf(f,
			"<tr><td>%s</td><td>%g</td><td>%zu of %zu</td><td><span class=\"bar\" "
			"style=\"width:%.0fpx\"></span> %.0f%%</td></tr>\n",
			ck_crit_name(c), ex->points[c], pass, graded, 2 * rate, rate);
		col++;
	}
	fputs("</table>\n", f);

	/* the most frequent diagnoses, an example of each */
	kind_count kc[CK_KIND_COUNT + 4];
	size_t nk = count_kinds(rows, n, kc, sizeof kc / sizeof kc[0]);
	fputs("<h2>Diagnoses</h2>\n<table id=\"diagnoses\"><tr><th>kind</th><th>students</th>"
	      "<th>an example</th></tr>\n",
	      f);
	for (size_t k = 0; k < nk; k++) {
		fprintf(f, "<tr><td>%s</td><td>%d</td><td>", kc[k].kind, kc[k].count);
		html(f, kc[k].example->name);
		fputs(": <code>", f);
		html(f, kc[k].example->example);
		fputs("</code></td></tr>\n", f);
	}
	if (!nk)
		fputs("<tr><td colspan=\"3\">none</td></tr>\n", f);
	fputs("</table>\n", f);

	/* the students */
	fputs("<h2>Students</h2>\n<table id=\"students\"><tr><th>student</th><th>passed</th>"
	      "<th>score</th><th>W</th><th>D</th><th>diagnoses</th></tr>\n",
	      f);
	for (size_t k = 0; k < n; k++) {
		const class_row *r = &rows[k];
		const char *cls = strcmp(r->passed, "yes") == 0       ? "pass"
				  : strcmp(r->passed, "missing") == 0 ? "missing"
								      : "fail";
		fputs("<tr><td>", f);
		html(f, r->name);
		fprintf(f, "</td><td class=\"%s\">%s</td><td>%g / %g</td><td>", cls, r->passed,
			r->score, r->max);
		html(f, r->wnote);
		fputs("</td><td>", f);
		html(f, r->dnote);
		fputs("</td><td>", f);
		html(f, strcmp(r->passed, "missing") == 0 ? "no submission" : r->kinds);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);

	/* the data, and the script that draws the distribution from it */
	fprintf(f, "<script type=\"application/json\" id=\"data\">{\"max\": %g, \"scores\": [",
		n ? rows[0].max : 0);
	for (size_t k = 0; k < n; k++) {
		fprintf(f, "%s{\"student\": ", k ? ", " : "");
		json_str_html(f, rows[k].name);
		fprintf(f, ", \"score\": %g, \"max\": %g}", rows[k].score, rows[k].max);
	}
	fputs("]}</script>\n"
	      "<script>\n"
	      "(function () {\n"
	      "  var d = JSON.parse(document.getElementById('data').textContent);\n"
	      "  var bins = 10, counts = new Array(bins + 1).fill(0), most = 1;\n"
	      "  d.scores.forEach(function (s) {\n"
	      "    var b = s.max > 0 ? Math.floor(bins * s.score / s.max) : 0;\n"
	      "    counts[b]++; most = Math.max(most, counts[b]);\n"
	      "  });\n"
	      "  var dist = document.getElementById('dist');\n"
	      "  counts.forEach(function (c, b) {\n"
	      "    var col = document.createElement('span');\n"
	      "    col.className = 'col';\n"
	      "    col.title = c + ' students at ' + (b * 10) + '%';\n"
	      "    var bar = document.createElement('div');\n"
	      "    bar.className = 'bin';\n"
	      "    bar.dataset.count = c;\n"
	      "    bar.style.height = (6 * c / most) + 'em';\n"
	      "    col.appendChild(document.createTextNode(c));\n"
	      "    col.appendChild(bar);\n"
	      "    col.appendChild(document.createTextNode((b * 10) + '%'));\n"
	      "    dist.appendChild(col);\n"
	      "  });\n"
	      "})();\n"
	      "</script>\n</body></html>\n",
	      f);
	if (fclose(f) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
