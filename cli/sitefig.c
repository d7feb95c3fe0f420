/*
 * sitefig.c - the course site's figures of a `pram report` example (see
 * sitefig.h): summary.json's list of figures read, and the contrast and
 * speedup figures drawn from the report's CSV files with the templates
 * plots/contrast.gp and plots/seqspeedup.gp.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckutil.h"
#include "gplot.h"
#include "sitefig.h"

/* ---- summary.json's figures ---- */

/* The end of the JSON value or object starting at p (a '{'), strings and
 * their escapes skipped: the character after its closing '}', or NULL. */
static const char *object_end(const char *p)
{
	int depth = 0, in_str = 0;
	for (; *p; p++) {
		if (in_str) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_str = 0;
		} else if (*p == '"') {
			in_str = 1;
		} else if (*p == '{' || *p == '[') {
			depth++;
		} else if ((*p == '}' || *p == ']') && --depth == 0) {
			return p + 1;
		}
	}
	return NULL;
}

/* The string value of "key" in the object text [p, e) into out, its
 * escapes decoded (\n as a space, \uXXXX as '?'), "" when it is null or
 * absent. An escaped quote cannot start the pattern, so a key's words
 * inside another string never match. Returns 0, or -1 when it does not
 * fit and cut is 0 (with cut, it is cut short). */
static int obj_str(const char *p, const char *e, const char *key, char *out, size_t len, int cut)
{
	char pat[64];
	int pl = snprintf(pat, sizeof pat, "\"%s\": \"", key);
	out[0] = '\0';
	for (const char *q = p; q + pl <= e; q++) {
		if (memcmp(q, pat, (size_t)pl) != 0)
			continue;
		size_t k = 0;
		for (const char *t = q + pl; t < e && *t != '"'; t++) {
			char c = *t;
			if (c == '\\' && t + 1 < e) {
				c = *++t;
				if (c == 'n' || c == 't' || c == 'r')
					c = ' ';
				else if (c == 'u') {
					c = '?';
					t += t + 4 < e ? 4 : 0;
				}
			}
			if (k + 1 >= len) {
				out[k] = '\0';
				return cut ? 0 : -1;
			}
			out[k++] = c;
		}
		out[k] = '\0';
		return 0;
	}
	return 0;
}

int sitefig_list(const char *dir, sitefig_fig **out, size_t *n, char *err, size_t errlen)
{
	char path[4096], rerr[512];
	snprintf(path, sizeof path, "%s/summary.json", dir);
	*out = NULL;
	*n = 0;
	char *t = ck_slurp(path, NULL, rerr, sizeof rerr);
	if (!t) {
		snprintf(err, errlen, "%s", rerr);
		return -1;
	}
	const char *p = strstr(t, "\"figures\": [");
	if (!p) {
		snprintf(err, errlen, "%s: no list of figures", path);
		goto fail;
	}
	p += strlen("\"figures\": [");
	for (;;) {
		p += strspn(p, " \t\r\n,");
		if (*p == ']')
			break;
		const char *e = *p == '{' ? object_end(p) : NULL;
		if (!e) {
			snprintf(err, errlen, "%s: figure %zu is not a JSON object", path, *n + 1);
			goto fail;
		}
		sitefig_fig *grown = realloc(*out, (*n + 1) * sizeof **out);
		if (!grown) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		*out = grown;
		sitefig_fig *g = &grown[*n];
		if (obj_str(p, e, "name", g->name, sizeof g->name, 0) ||
		    obj_str(p, e, "kind", g->kind, sizeof g->kind, 0) ||
		    obj_str(p, e, "algorithm", g->algo, sizeof g->algo, 0) ||
		    obj_str(p, e, "csv", g->csv, sizeof g->csv, 0) ||
		    obj_str(p, e, "svg", g->svg, sizeof g->svg, 0) ||
		    obj_str(p, e, "title", g->title, sizeof g->title, 1) || !g->name[0]) {
			snprintf(err, errlen, "%s: figure %zu: a name, kind or file unreadable",
				 path, *n + 1);
			goto fail;
		}
		/* A file of the folder, never a path out of it. */
		if (strchr(g->csv, '/') || strchr(g->svg, '/')) {
			snprintf(err, errlen, "%s: figure %s names a file outside the folder", path,
				 g->name);
			goto fail;
		}
		(*n)++;
		p = e;
	}
	free(t);
	return 0;
fail:
	free(*out);
	*out = NULL;
	*n = 0;
	free(t);
	return -1;
}

int sitefig_of(const char *label, const char *name)
{
	size_t k = strlen(name);
	return strncmp(label, name, k) == 0 && (label[k] == '\0' || label[k] == ' ');
}

/* ---- CSV files of the report ---- */

/* Field col (from 0) of the CSV line into out ("" past its end). */
static void csv_field(const char *line, int col, char *out, size_t len)
{
	for (int c = 0; c < col && line; c++) {
		line = strpbrk(line, ",\n");
		line = line && *line == ',' ? line + 1 : NULL;
	}
	size_t k = line ? strcspn(line, ",\r\n") : 0;
	if (k >= len)
		k = len - 1;
	memcpy(out, line ? line : "", k);
	out[k] = '\0';
}

/* The column of the header line named name, or -1. */
static int csv_col(const char *header, const char *name)
{
	char f[64];
	for (int c = 0; c < 32; c++) {
		csv_field(header, c, f, sizeof f);
		if (strcmp(f, name) == 0)
			return c;
		if (!f[0])
			break;
	}
	return -1;
}

/* The lines of dir/file: the text (caller frees), its lines NUL-ended in
 * place into *lines (caller frees), their number into *n. Returns the text,
 * or NULL with why in err. */
static char *csv_read(const char *dir, const char *file, char ***lines, size_t *n, char *err,
		      size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	char *t = ck_slurp(path, NULL, err, errlen);
	*lines = NULL;
	*n = 0;
	if (!t)
		return NULL;
	size_t cap = 1;
	for (const char *c = t; *c; c++)
		cap += *c == '\n';
	if (!(*lines = malloc(cap * sizeof **lines))) {
		snprintf(err, errlen, "out of memory");
		free(t);
		return NULL;
	}
	for (char *c = t; *c;) {
		char *e = strchr(c, '\n');
		if (e)
			*e = '\0';
		if (*c)
			(*lines)[(*n)++] = c;
		if (!e)
			break;
		c = e + 1;
	}
	return t;
}

/* n as the pages write a size: 2^14 for a power of two, else the number;
 * 2^{14} in gnuplot's enhanced text. */
static void size_fmt(char *buf, size_t len, uint64_t n, int enhanced)
{
	unsigned k = 0;
	while (k < 63 && ((uint64_t)1 << k) < n)
		k++;
	if (n > 1 && ((uint64_t)1 << k) == n)
		snprintf(buf, len, enhanced ? "2^{%u}" : "2^%u", k);
	else
		snprintf(buf, len, "%" PRIu64, n);
}

static void size_words(char *buf, size_t len, uint64_t n)
{
	size_fmt(buf, len, n, 0);
}

/* Write dir/NAME.gp from the preamble and the template KIND.gp, and draw
 * its SVG. Returns 0, or -1 with gnuplot's complaint in err. */
static int draw_svg(const char *dir, const char *name, const char *kind, const char *pre, char *err,
		    size_t errlen)
{
	const char *tdir = gplot_template_dir(err, errlen);
	if (!tdir || gplot_write_script(dir, name, pre, tdir, kind, err, errlen))
		return -1;
	return gplot_run(dir, name, "svg", err, errlen);
}

/* Append the gnuplot array NAME of the strings v[0..n) (plain text) and
 * nseries to *pre. Returns 0, or -1 when out of memory. */
static int pre_names(char **pre, const char *const *v, size_t n)
{
	if (gplot_appendf(pre, "nseries = %zu\narray name[%zu] = [", n, n ? n : 1))
		return -1;
	for (size_t k = 0; k < n; k++) {
		char q[300];
		gplot_quote(q, sizeof q, v[k], 1);
		if (gplot_appendf(pre, "%s%s", k ? ", " : "", q))
			return -1;
	}
	return gplot_appendf(pre, "%s]\n", n ? "" : "\"\"");
}

/* The title settings of a figure: the enhanced text, and plain text for
 * gnuplot's dumb terminal. */
static int pre_title(char **pre, const char *name, const char *title, const char *plain)
{
	char q[700], qp[700];
	gplot_quote(q, sizeof q, title, 0);
	gplot_quote(qp, sizeof qp, plain, 0);
	return gplot_appendf(pre, "datafile = \"%s.csv\"\nplot_title = %s\nplot_title_plain = %s\n",
			     name, q, qp);
}

/* "a", "a and b", "a, b and c" of names[0..n) into buf. */
static void name_list(char *buf, size_t len, const char *const *names, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < n && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 k == 0       ? ""
					 : k + 1 == n ? " and "
						      : ", ",
					 names[k]);
}

/* ---- W(n) and D(n) of the algorithms a lesson contrasts ---- */

int sitefig_contrast(const char *dir, const sitefig_fig *const *costs, size_t n, sitefig_out *out,
		     char *err, size_t errlen)
{
	static const char name[] = "contrast-wd";
	char path[4096], nfirst[32] = "", nlast[32] = "", at[1024] = "";
	const char **labels = calloc(n ? n : 1, sizeof *labels);
	char *pre = NULL, *text = NULL, **lines = NULL;
	FILE *f = NULL;
	if (!labels) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memset(out, 0, sizeof *out);
	snprintf(path, sizeof path, "%s/%s.csv", dir, name);
	if (!(f = fopen(path, "w"))) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	fputs("algorithm,n,source,work,depth\n", f);
	size_t at_used = 0;
	uint64_t lastn = 0;
	for (size_t k = 0; k < n; k++) {
		size_t nl;
		labels[k] = costs[k]->algo;
		if (!(text = csv_read(dir, costs[k]->csv, &lines, &nl, err, errlen)))
			goto fail;
		int cn = nl ? csv_col(lines[0], "n") : -1,
		    cs = nl ? csv_col(lines[0], "source") : -1,
		    cw = nl ? csv_col(lines[0], "work") : -1,
		    cd = nl ? csv_col(lines[0], "depth") : -1;
		if (cn < 0 || cs < 0 || cw < 0 || cd < 0) {
			snprintf(err, errlen, "%s/%s: no columns n, source, work and depth", dir,
				 costs[k]->csv);
			goto fail;
		}
		char vn[32] = "", vs[32], vw[32] = "", vd[32] = "";
		for (size_t i = 1; i < nl; i++) {
			csv_field(lines[i], cn, vn, sizeof vn);
			csv_field(lines[i], cs, vs, sizeof vs);
			csv_field(lines[i], cw, vw, sizeof vw);
			csv_field(lines[i], cd, vd, sizeof vd);
			fprintf(f, "%s,%s,%s,%s,%s\n", labels[k], vn, vs, vw, vd);
			if (k == 0 && i == 1)
				size_words(nfirst, sizeof nfirst, strtoull(vn, NULL, 10));
		}
		/* Each algorithm's W and D at its largest size, for the caption. */
		if (nl > 1 && at_used < sizeof at) {
			uint64_t big = strtoull(vn, NULL, 10);
			char sz[32];
			size_words(sz, sizeof sz, big);
			at_used += (size_t)snprintf(
			    at + at_used, sizeof at - at_used, "%s%s W = %s, D = %s%s%s",
			    k ? "; " : "", labels[k], vw, vd, big != lastn && k ? " at n = " : "",
			    big != lastn && k ? sz : "");
			if (k == 0)
				snprintf(nlast, sizeof nlast, "%s", sz);
			lastn = big;
		}
		free(text);
		free(lines);
		text = NULL;
		lines = NULL;
	}
	if (fclose(f)) {
		f = NULL;
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	f = NULL;
	char who[600], title[800], plain[800];
	name_list(who, sizeof who, labels, n);
	snprintf(title, sizeof title, "work W(n) and depth D(n): %s", who);
	snprintf(plain, sizeof plain, "%s", title);
	if (pre_title(&pre, name, title, plain) || pre_names(&pre, labels, n)) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	if (draw_svg(dir, name, "contrast", pre, err, errlen))
		goto fail;
	snprintf(out->svg, sizeof out->svg, "%s.svg", name);
	snprintf(out->caption, sizeof out->caption,
		 "The work W(n) and the depth D(n) of %s, as the simulator counts them, from n = "
		 "%s to %s. At n = %s: %s.",
		 who, nfirst, nlast, nlast, at);
	free(pre);
	free(labels);
	return 0;
fail:
	if (f)
		fclose(f);
	free(text);
	free(lines);
	free(pre);
	free(labels);
	return -1;
}

/* ---- speedup against the best sequential time ---- */

static uint64_t less_one(uint64_t n)
{
	return n ? n - 1 : 0;
}

/* The sixteen-element sums of reduce-matrix: 15 additions for each full
 * segment, one fewer than its elements for the last. */
static uint64_t less_sixteenth(uint64_t n)
{
	return n - (n + 15) / 16;
}

/* The best sequential time of each algorithm's problem, in operations of
 * one processor, as T_1 of the best sequential algorithm: what a parallel
 * algorithm's speedup is measured against. An algorithm not here has no
 * speedup figure on the site. */
static const struct baseline {
	const char *algo;    /* the algorithm, by its name in the registry */
	const char *t_seq;   /* T_seq as an expression in n */
	const char *ops;     /* what it counts */
	const char *problem; /* the sequential algorithm */
	uint64_t (*at)(uint64_t n);
} baselines[] = {
    {"scan-hillis-steele", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-blelloch", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-blocked", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-brent", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-backward", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-matrix", "n - 1", "additions", "one pass of a sequential scan", less_one},
    {"scan-segmented", "n - 1", "additions", "one pass of a sequential segmented scan", less_one},
    {"reduce", "n - 1", "operations", "one pass of a sequential reduction", less_one},
    {"reduce-atomic", "n - 1", "operations", "one pass of a sequential reduction", less_one},
    {"max-crcw", "n - 1", "comparisons", "one pass of a sequential maximum", less_one},
    {"reduce-matrix", "n - n/16", "additions", "each 16-element sum in turn", less_sixteenth},
};
#define NBASELINES (sizeof baselines / sizeof *baselines)

static const struct baseline *baseline_of(const char *name)
{
	for (size_t k = 0; k < NBASELINES; k++)
		if (strcmp(baselines[k].algo, name) == 0)
			return &baselines[k];
	return NULL;
}

static int same_baseline(const struct baseline *a, const struct baseline *b)
{
	return strcmp(a->t_seq, b->t_seq) == 0 && strcmp(a->ops, b->ops) == 0 &&
	       strcmp(a->problem, b->problem) == 0;
}

/* The caption's account of the baselines of names[0..n) that have one:
 * "T_seq = n - 1 additions (one pass of a sequential scan) for a and b; ..."
 * into buf. Returns how many different baselines there are. */
static int baseline_words(char *buf, size_t len, const char *const *names, size_t n)
{
	size_t used = 0;
	int kinds = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < n; k++) {
		const struct baseline *b = baseline_of(names[k]), *seen = NULL;
		for (size_t j = 0; j < k && b && !seen; j++) {
			const struct baseline *o = baseline_of(names[j]);
			if (o && same_baseline(o, b))
				seen = o;
		}
		if (!b || seen)
			continue;
		const char *group[64];
		size_t ng = 0;
		for (size_t j = k; j < n && ng < 64; j++) {
			const struct baseline *o = baseline_of(names[j]);
			if (o && same_baseline(o, b))
				group[ng++] = names[j];
		}
		char who[600];
		name_list(who, sizeof who, group, ng);
		if (used < len)
			used +=
			    (size_t)snprintf(buf + used, len - used, "%sT_seq = %s %s (%s) for %s",
					     kinds ? "; " : "", b->t_seq, b->ops, b->problem, who);
		kinds++;
	}
	return kinds;
}

int sitefig_speedup(const char *dir, const char *const *names, size_t n, sitefig_out *out,
		    char *err, size_t errlen)
{
	static const char name[] = "speedup-sequential";
	char path[4096], **lines = NULL;
	const char **drawn = calloc(n ? n : 1, sizeof *drawn),
		   **left = calloc(n ? n : 1, sizeof *left);
	char(*labels)[128] = calloc(64, sizeof *labels);
	size_t ndrawn = 0, nleft = 0, nl = 0, nlabels = 0;
	char *pre = NULL, *text = NULL;
	FILE *f = NULL;
	int rc = -1;
	memset(out, 0, sizeof *out);
	if (!drawn || !left || !labels) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	if (!(text = csv_read(dir, "brent-speedup.csv", &lines, &nl, err, errlen))) {
		rc = 1;
		goto done;
	}
	int ca = nl ? csv_col(lines[0], "algorithm") : -1, cn = nl ? csv_col(lines[0], "n") : -1,
	    cp = nl ? csv_col(lines[0], "p") : -1, ct = nl ? csv_col(lines[0], "t_p") : -1,
	    cw = nl ? csv_col(lines[0], "work") : -1, cd = nl ? csv_col(lines[0], "depth") : -1;
	if (ca < 0 || cn < 0 || cp < 0 || ct < 0 || cw < 0 || cd < 0) {
		snprintf(err, errlen,
			 "%s/brent-speedup.csv: no columns algorithm, n, p, t_p, work and depth",
			 dir);
		goto done;
	}
	snprintf(path, sizeof path, "%s/%s.csv", dir, name);
	if (!(f = fopen(path, "w"))) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		goto done;
	}
	fputs("algorithm,n,p,t_p,work,depth,t_seq,speedup,brent_speedup\n", f);
	uint64_t pmax = 1, size = 0;
	int sizes_differ = 0;
	for (size_t k = 0; k < n; k++) {
		const struct baseline *b = baseline_of(names[k]);
		int any = 0;
		char prev[128] = "";
		for (size_t i = 1; i < nl; i++) {
			char a[128], v[32];
			csv_field(lines[i], ca, a, sizeof a);
			if (!sitefig_of(a, names[k]))
				continue;
			any = 1;
			if (!b)
				continue;
			/* A new curve: the rows of a label come together. */
			if (strcmp(a, prev) != 0 && nlabels < 64)
				snprintf(labels[nlabels++], sizeof *labels, "%s", a);
			snprintf(prev, sizeof prev, "%s", a);
			uint64_t vals[5];
			const int cols[5] = {cn, cp, ct, cw, cd};
			for (int c = 0; c < 5; c++) {
				csv_field(lines[i], cols[c], v, sizeof v);
				vals[c] = strtoull(v, NULL, 10);
			}
			uint64_t sn = vals[0], p = vals[1], tp = vals[2], w = vals[3], d = vals[4];
			if (!p || !tp)
				continue;
			double ts = (double)b->at(sn);
			fprintf(f,
				"%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
				",%.0f,%.6g,%.6g\n",
				a, sn, p, tp, w, d, ts, ts / (double)tp,
				ts / ((double)w / (double)p + (double)d));
			pmax = p > pmax ? p : pmax;
			sizes_differ |= size && sn != size;
			size = sn;
		}
		if (any && b)
			drawn[ndrawn++] = names[k];
		else if (any)
			left[nleft++] = names[k];
	}
	if (fclose(f)) {
		f = NULL;
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		goto done;
	}
	f = NULL;
	if (ndrawn == 0) {
		snprintf(err, errlen, "%s",
			 nleft ? "no best sequential time is stated for these algorithms"
			       : "the report has no speedup on the simulator");
		rc = 1;
		goto done;
	}
	char base[1200], sz[32], esz[32], title[900], plain[900], lefts[600] = "";
	baseline_words(base, sizeof base, drawn, ndrawn);
	size_words(sz, sizeof sz, size);
	size_fmt(esz, sizeof esz, size, 1);
	/* The title names T_seq where every curve has the same expression. */
	const char *same = baseline_of(drawn[0])->t_seq;
	for (size_t k = 1; k < ndrawn; k++)
		if (same && strcmp(baseline_of(drawn[k])->t_seq, same) != 0)
			same = NULL;
	char ts[160];
	snprintf(ts, sizeof ts, "%s%s", same ? same : "the best sequential algorithm's",
		 " operations");
	snprintf(title, sizeof title,
		 "speedup against the best sequential time: T_{seq} / T_p%s%s\n"
		 "T_{seq} = %s, not each algorithm's own T_1 = W",
		 sizes_differ ? "" : " at n = ", sizes_differ ? "" : esz, ts);
	snprintf(plain, sizeof plain,
		 "speedup against the best sequential time: T_seq / T_p%s%s; T_seq = %s, not each "
		 "algorithm's own T_1 = W",
		 sizes_differ ? "" : " at n = ", sizes_differ ? "" : sz, ts);
	/* The curves are the labels (a series' values each), not the names. */
	const char *lp[64];
	for (size_t k = 0; k < nlabels; k++)
		lp[k] = labels[k];
	if (pre_title(&pre, name, title, plain) || pre_names(&pre, lp, nlabels) ||
	    gplot_appendf(&pre, "pmax = %" PRIu64 "\n", pmax)) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	if (draw_svg(dir, name, "seqspeedup", pre, err, errlen))
		goto done;
	if (nleft) {
		char who[500];
		name_list(who, sizeof who, left, nleft);
		snprintf(lefts, sizeof lefts,
			 " Left out: %s, for which no best sequential time is stated here.", who);
	}
	snprintf(out->svg, sizeof out->svg, "%s.svg", name);
	snprintf(out->caption, sizeof out->caption,
		 "Speedup on p processors%s%s against the best sequential time, T_seq / T_p, "
		 "where T_p is the time of the simulator's steps on p processors (the sum of "
		 "ceil(W_i / p) over the steps): %s. Not each algorithm's own T_1 = W, which "
		 "would flatter the algorithm that does more work. Dashed: Brent's bound "
		 "T_seq / (W/p + D); dotted: the ideal speedup p.%s",
		 sizes_differ ? "" : " at n = ", sizes_differ ? "" : sz, base, lefts);
	rc = 0;
done:
	if (f)
		fclose(f);
	free(text);
	free(lines);
	free(pre);
	free(drawn);
	free(left);
	free(labels);
	return rc;
}
