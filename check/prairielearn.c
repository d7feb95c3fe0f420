/*
 * prairielearn.c - PrairieLearn's external grader's results.json (see
 * result.h): the score from 0 to 1, a test per graded criterion, the text
 * report as output, and the measured W and D drawn by gnuplot (plots/wd.gp)
 * as a PNG in a data: URI.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ckutil.h"
#include "exercise.h"
#include "files.h"
#include "gplot.h"
#include "json.h"
#include "result.h"

/* The text of f's contents as base64, into a new string. */
static char *base64(const unsigned char *p, size_t n)
{
	static const char abc[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = malloc(4 * ((n + 2) / 3) + 1), *o = out;
	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);
		*o++ = abc[v >> 18 & 63];
		*o++ = abc[v >> 12 & 63];
		*o++ = i + 1 < n ? abc[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? abc[v & 63] : '=';
	}
	*o = '\0';
	return out;
}

/* W and D of r drawn as a PNG, base64 (malloc'd), or NULL with why. */
static char *wd_png(const ck_result *r, char *why, size_t len)
{
	if (r->nwd < 2) {
		snprintf(why, len, "W and D were not measured at two sizes or more");
		return NULL;
	}
	char dir[4096], p[4096], err[1024];
	const char *tdir = gplot_template_dir(err, sizeof err);
	if (!tdir) {
		snprintf(why, len, "%s", err);
		return NULL;
	}
	if (files_tempdir("pramwd", dir, sizeof dir) != 0) {
		snprintf(why, len, "cannot make a temporary folder: %s", strerror(errno));
		return NULL;
	}
	char *png = NULL;
	files_path(p, sizeof p, "%s/wd.csv", dir);
	FILE *f = fopen(p, "w");
	if (!f) {
		snprintf(why, len, "cannot write %.900s: %s", p, strerror(errno));
		goto done;
	}
	fprintf(f, "%s,W,D\n", r->wd_xname ? r->wd_xname : "n");
	for (size_t k = 0; k < r->nwd; k++)
		fprintf(f, "%.17g,%.17g,%.17g\n", r->wd_x[k], r->wd_w[k], r->wd_d[k]);
	fclose(f);
	char title[256], pre[1024];
	gplot_quote(title, sizeof title, r->ex->name, 1);
	snprintf(pre, sizeof pre,
		 "out = \"wd\"\ndatafile = \"wd.csv\"\nplot_title = %s.\": W and D as measured\"\n"
		 "xlabel = \"%s\"\n",
		 title,
		 r->wd_xname && strcmp(r->wd_xname, "L") == 0 ? "L, the work-group size (n = L)"
							      : "n, the input size");
	if (gplot_write_script(dir, "wd", pre, tdir, "wd", err, sizeof err) != 0 ||
	    gplot_run(dir, "wd", "png", err, sizeof err) != 0) {
		snprintf(why, len, "%s", err);
		goto done;
	}
	files_path(p, sizeof p, "%s/wd.png", dir);
	size_t n;
	char *bytes = ck_slurp(p, &n, err, sizeof err);
	if (!bytes) {
		snprintf(why, len, "%s", err);
		goto done;
	}
	png = base64((const unsigned char *)bytes, n);
	free(bytes);
done:
	static const char *const made[] = {"wd.csv", "wd.gp", "wd.png"};
	for (size_t k = 0; k < sizeof made / sizeof made[0]; k++) {
		files_path(p, sizeof p, "%s/%s", dir, made[k]);
		unlink(p);
	}
	rmdir(dir);
	return png;
}

void ck_report_prairielearn(FILE *f, const ck_result *r, int gradable, const char *why)
{
	char *text = NULL;
	size_t tlen = 0;
	FILE *m = open_memstream(&text, &tlen);
	if (m) {
		ck_report_text(m, r);
		fclose(m);
	}
	double max = ck_max_score(r);
	fprintf(f, "{\"gradable\": %s, \"score\": ", gradable ? "true" : "false");
	json_num(f, gradable && max > 0 ? ck_score(r) / max : 0);
	fputs(", \"format_errors\": {}, \"message\": ", f);
	char msg[1024];
	if (!gradable)
		snprintf(msg, sizeof msg, "not graded: %s", why ? why : "the check could not run");
	else
		snprintf(msg, sizeof msg, "%s: %g / %g%s%s", r->ex->name, ck_score(r), max,
			 r->ndiag ? ", " : "", r->ndiag ? ck_kind_name(r->diags[0].kind) : "");
	json_str(f, msg);
	fputs(", \"output\": ", f);
	json_str(f, text ? text : "");
	fputs(", \"tests\": [", f);
	int first = 1;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		fprintf(f, "%s{\"name\": \"%s\", \"description\": ", first ? "" : ", ",
			ck_crit_name(c));
		char d[256];
		snprintf(d, sizeof d, "%s: %s", r->ex->name, ck_crit_name(c));
		json_str(f, d);
		fputs(", \"points\": ", f);
		json_num(f, ck_crit_points(r, c));
		fputs(", \"max_points\": ", f);
		json_num(f, r->ex->points[c]);
		fputs(", \"message\": ", f);
		json_str(f, r->crit_note[c] ? r->crit_note[c] : "");
		fputs(", \"output\": ", f);
		char *t = ck_crit_text(r, c);
		json_str(f, t ? t : "");
		free(t);
		fputc('}', f);
		first = 0;
	}
	fputs("], \"images\": [", f);
	char pwhy[1024];
	char *png = gradable ? wd_png(r, pwhy, sizeof pwhy) : NULL;
	if (png) {
		fputs("{\"label\": \"W and D as measured\", \"url\": \"data:image/png;base64,", f);
		fputs(png, f);
		fputs("\"}", f);
		free(png);
	}
	fputs("]}\n", f);
	free(text);
}
