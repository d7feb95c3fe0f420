/*
 * report.c - a check's result and its outputs (result.h): the diagnoses
 * (one per problem), the score per criterion, and the report as text for
 * the student, as JSON (the stable schema of doc/pram.1 and README.md), as TAP
 * and as Gradescope's results.json. What a GPU makes of a kernel's accesses
 * is shown as notes, the three lines that cost the most beyond what they
 * must, and in full in the JSON (memory_lines).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckutil.h"
#include "exercise.h"
#include "json.h"
#include "result.h"

static const char *const kind_names[CK_KIND_COUNT] = {
#define CK_X_NAME(e, s) s,
    CK_KIND_MAP(CK_X_NAME)
#undef CK_X_NAME
};

const char *ck_kind_name(ck_kind k)
{
	return k < CK_KIND_COUNT ? kind_names[k] : "?";
}

void ck_result_init(ck_result *r, const ck_exercise *ex, const char *submission)
{
	memset(r, 0, sizeof *r);
	r->ex = ex;
	r->submission = strdup(submission);
}

void ck_result_free(ck_result *r)
{
	for (size_t k = 0; k < r->ndiag; k++) {
		free(r->diags[k].file);
		free(r->diags[k].message);
		free(r->diags[k].hint);
		free(r->diags[k].casedesc);
	}
	free(r->diags);
	for (size_t k = 0; k < r->nnotes; k++)
		free(r->notes[k]);
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		free(r->crit_note[c]);
	free(r->submission);
	memset(r, 0, sizeof *r);
}

static char *vstrf(const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

void ck_diag_add(ck_result *r, ck_kind kind, ck_crit crit, const char *file, int line,
		 const char *casedesc, const char *hint, const char *fmt, ...)
{
	r->failed[crit] = 1;
	r->ran[crit] = CK_RAN_CHECKED;
	for (size_t k = 0; k < r->ndiag; k++) {
		const ck_diag *d = &r->diags[k];
		if (d->kind == kind && d->line == line &&
		    (d->file && file ? strcmp(d->file, file) == 0 : d->file == file))
			return;
	}
	if (r->ndiag == r->cap) {
		size_t nc = r->cap ? 2 * r->cap : 8;
		ck_diag *nd = realloc(r->diags, nc * sizeof *nd);
		if (!nd)
			return;
		r->diags = nd;
		r->cap = nc;
	}
	ck_diag *d = &r->diags[r->ndiag++];
	va_list ap;
	va_start(ap, fmt);
	d->message = vstrf(fmt, ap);
	va_end(ap);
	d->kind = kind;
	d->crit = crit;
	d->file = file ? strdup(file) : NULL;
	d->line = line;
	d->hint = hint ? strdup(hint) : NULL;
	d->casedesc = casedesc ? strdup(casedesc) : NULL;
}

void ck_note(ck_result *r, const char *fmt, ...)
{
	if (r->nnotes >= sizeof r->notes / sizeof r->notes[0])
		return;
	va_list ap;
	va_start(ap, fmt);
	char *s = vstrf(fmt, ap);
	va_end(ap);
	if (s)
		r->notes[r->nnotes++] = s;
}

void ck_bounds_ran(ck_result *r, int ran)
{
	if (r->ex->work != CK_GROW_COUNT)
		r->ran[CK_CRIT_WORK] = ran;
	if (r->ex->depth != CK_GROW_COUNT)
		r->ran[CK_CRIT_DEPTH] = ran;
	if (r->ex->points[CK_CRIT_ACCESS] > 0)
		r->ran[CK_CRIT_ACCESS] = ran;
}

void ck_note_output(ck_result *r, const char *who, const char *out)
{
	size_t n = strlen(out);
	if (n)
		ck_note(r, "%s printed %zu bytes (shown, never read as results)%s: %.300s%s", who,
			n, n > 300 ? ", the first 300" : "", out, n > 300 ? " ..." : "");
}

void ck_crit_note(ck_result *r, ck_crit c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vstrf(fmt, ap);
	va_end(ap);
	free(r->crit_note[c]);
	r->crit_note[c] = s;
}

int ck_has_kind(const ck_result *r, ck_kind k)
{
	for (size_t i = 0; i < r->ndiag; i++)
		if (r->diags[i].kind == k)
			return 1;
	return 0;
}

/* A criterion counts when it has points, unless this machine could not
 * check it (ran is CK_RAN_NOT_HERE, such as Oclgrind not installed) and
 * the exercise (or the grader) said it may be skipped: max_score never
 * changes silently. */
static int counts(const ck_result *r, int c)
{
	return r->ex->points[c] > 0 && (r->ran[c] != CK_RAN_NOT_HERE || !r->ex->may_skip[c]);
}

static int crit_passed(const ck_result *r, int c)
{
	return r->ran[c] == CK_RAN_CHECKED && !r->failed[c];
}

double ck_crit_points(const ck_result *r, int c)
{
	if (!counts(r, c) || !crit_passed(r, c))
		return 0;
	double pts = r->ex->points[c];
	/* memory, model, work and depth are worth what the results are: a
	 * program that computes nothing has no memory bug, no violation and a
	 * small W to show */
	int scaled =
	    c == CK_CRIT_MEMORY || c == CK_CRIT_MODEL || c == CK_CRIT_WORK || c == CK_CRIT_DEPTH ||
	    c == CK_CRIT_ACCESS;
	if (scaled && counts(r, CK_CRIT_RESULTS))
		pts *= r->cases_run ? (double)r->cases_passed / (double)r->cases_run : 0;
	/* to a hundredth, which a grade book shows (and sums exactly) */
	return floor(pts * 100 + 0.5) / 100;
}

double ck_score(const ck_result *r)
{
	double s = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		s += ck_crit_points(r, c);
	return s;
}

double ck_max_score(const ck_result *r)
{
	double s = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		if (counts(r, c))
			s += r->ex->points[c];
	return s;
}

int ck_passed(const ck_result *r)
{
	if (r->ndiag)
		return 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		if (counts(r, c) && !crit_passed(r, c))
			return 0;
	return r->ran[CK_CRIT_BUILD] == CK_RAN_CHECKED;
}

static void text_diag(FILE *f, const ck_diag *d)
{
	if (d->file && d->line)
		fprintf(f, "  %s:%d: %s: ", d->file, d->line, ck_kind_name(d->kind));
	else
		fprintf(f, "  %s: ", ck_kind_name(d->kind));
	for (const char *p = d->message; *p; p++) {
		fputc(*p, f);
		if (*p == '\n')
			fputs("    ", f);
	}
	fputc('\n', f);
	if (d->casedesc)
		fprintf(f, "    case: %s\n", d->casedesc);
	if (d->hint)
		fprintf(f, "    hint: %s\n", d->hint);
}

#define MEM_NOTES 3

/* The notes on what a GPU makes of the kernel's accesses: the lines that
 * waste the most transactions (MEM_NOTES of them), or a word that none
 * does. */
static void text_memory(FILE *f, const ck_result *r)
{
	if (!r->mem_L)
		return;
	char groups[48] = "one work-group";
	if (r->mem_groups > 1)
		snprintf(groups, sizeof groups, "%zu work-groups", r->mem_groups);
	fprintf(f,
		"note: memory, as a GPU would run %s of L = %zu (sub-groups of %u, %u banks of %u "
		"bytes, sectors of %u bytes):",
		groups, r->mem_L, r->mem_subgroup, r->mem_banks, r->mem_bank_bytes,
		r->mem_sector_bytes);
	int shown[CK_MAX_MEMLINES] = {0}, any = 0;
	if (r->ex->points[CK_CRIT_ACCESS] > 0) {
		/* graded: the lines that cost more are the problems of the report */
		fputs(r->failed[CK_CRIT_ACCESS] ? " the lines that cost more are the access "
						  "problems above\n"
						: " every access is as coalesced and as free of bank "
						  "conflicts as its bytes allow\n",
		      f);
		return;
	}
	for (int k = 0; k < MEM_NOTES; k++) {
		size_t best = r->nmem;
		for (size_t j = 0; j < r->nmem; j++) {
			const ck_memline *m = &r->mem[j];
			if (shown[j] || !m->note[0])
				continue;
			if (best == r->nmem || m->transactions - m->least >
						   r->mem[best].transactions - r->mem[best].least)
				best = j;
		}
		if (best == r->nmem)
			break;
		shown[best] = 1;
		fprintf(f, "\nnote: %s", r->mem[best].note);
		any = 1;
	}
	size_t left = 0;
	for (size_t j = 0; j < r->nmem; j++)
		left += r->mem[j].note[0] && !shown[j];
	if (!any)
		fputs(" every access is as coalesced and as free of bank conflicts as its bytes "
		      "allow",
		      f);
	else if (left)
		fprintf(f, "\nnote: and %zu more line%s (--json: memory_lines)", left,
			left == 1 ? "" : "s");
	fputc('\n', f);
}

void ck_report_text(FILE *f, const ck_result *r)
{
	fprintf(f, "pram check %s %s\n", r->ex->name, r->submission);
	if (r->ex->title)
		fprintf(f, "  %s\n", r->ex->title);
	fputc('\n', f);
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		const char *st = r->ran[c] == CK_RAN_NOT_HERE      ? "not checked here"
				 : r->ran[c] == CK_RAN_NOT_REACHED ? "not reached"
				 : r->failed[c]                    ? "FAILED"
								   : "passed";
		fprintf(f, "  %-8s %5g / %-5g %s", ck_crit_name(c), ck_crit_points(r, c),
			r->ex->points[c], st);
		if (r->crit_note[c])
			fprintf(f, "  (%s)", r->crit_note[c]);
		fputc('\n', f);
	}
	if (r->cases_run) {
		fprintf(f, "  cases: %d of %d right", r->cases_passed, r->cases_run);
		if (r->reversed_run)
			fprintf(f,
				"; at L = %zu again, each work-group's work-items last to "
				"first: %d of %d",
				r->reversed_L, r->reversed_passed, r->reversed_run);
		fputc('\n', f);
	}
	fprintf(f, "  score: %g / %g\n", ck_score(r), ck_max_score(r));
	if (r->ndiag) {
		fprintf(f, "\n%zu problem%s:\n", r->ndiag, r->ndiag == 1 ? "" : "s");
		for (size_t k = 0; k < r->ndiag; k++)
			text_diag(f, &r->diags[k]);
	}
	if (r->nnotes) {
		fputc('\n', f);
		for (size_t k = 0; k < r->nnotes; k++)
			fprintf(f, "note: %s\n", r->notes[k]);
	}
	if (r->mem_L) {
		if (!r->nnotes)
			fputc('\n', f);
		text_memory(f, r);
	}
	fprintf(f, "\n%s\n", ck_passed(r) ? "PASSED" : "NOT PASSED");
}

/* "memory_lines" (the pram_view's list still open before it, closed here)
 * and "divergent_lines": what a GPU makes of a kernel's accesses. */
static void json_memory(FILE *f, const ck_result *r)
{
	fputs("], \"memory\": ", f);
	if (r->mem_L)
		fprintf(f,
			"{\"L\": %zu, \"groups\": %zu, \"subgroup\": %u, \"banks\": %u, "
			"\"bank_bytes\": %u, \"sector_bytes\": %u}",
			r->mem_L, r->mem_groups, r->mem_subgroup, r->mem_banks, r->mem_bank_bytes,
			r->mem_sector_bytes);
	else
		fputs("null", f);
	fputs(", \"memory_lines\": [", f);
	for (size_t k = 0; k < r->nmem; k++) {
		const ck_memline *m = &r->mem[k];
		fprintf(f,
			"%s{\"line\": %u, \"space\": \"%s\", \"requests\": %llu, \"%s\": %llu, "
			"\"transactions\": %llu, \"least\": %llu, \"worst\": %llu, \"step\": %zu, "
			"\"stride\": %lld, \"array\": ",
			k ? ", " : "", m->line, m->local ? "local" : "global", m->requests,
			m->local ? "conflict_ways" : "sectors",
			m->local ? m->worst : m->transactions, m->transactions, m->least, m->worst,
			m->step, m->stride);
		if (m->array[0])
			json_str(f, m->array);
		else
			fputs("null", f);
		fputs(", \"note\": ", f);
		if (m->note[0])
			json_str(f, m->note);
		else
			fputs("null", f);
		fputc('}', f);
	}
	fputs("], \"divergent_lines\": [", f);
	for (size_t k = 0; k < r->nbranch; k++)
		fprintf(f, "%s{\"line\": %u, \"requests\": %llu, \"divergent\": %llu}",
			k ? ", " : "", r->branch[k].line, r->branch[k].requests,
			r->branch[k].divergent);
	fputc(']', f);
}

void ck_report_json(FILE *f, const ck_result *r)
{
	fputs("{\"schema\": 1, \"exercise\": ", f);
	json_str(f, r->ex->name);
	fputs(", \"submission\": ", f);
	json_str(f, r->submission);
	fprintf(f, ", \"passed\": %s, \"score\": ", ck_passed(r) ? "true" : "false");
	json_num(f, ck_score(r));
	fputs(", \"max_score\": ", f);
	json_num(f, ck_max_score(r));
	fprintf(f, ", \"cases\": {\"run\": %d, \"passed\": %d", r->cases_run, r->cases_passed);
	if (r->reversed_run)
		fprintf(f, ", \"reversed\": {\"L\": %zu, \"run\": %d, \"passed\": %d}",
			r->reversed_L, r->reversed_run, r->reversed_passed);
	fputc('}', f);
	fputs(", \"criteria\": [", f);
	int first = 1;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		fprintf(f, "%s{\"name\": \"%s\", \"points\": ", first ? "" : ", ", ck_crit_name(c));
		json_num(f, ck_crit_points(r, c));
		fputs(", \"max_points\": ", f);
		json_num(f, r->ex->points[c]);
		fprintf(f, ", \"status\": \"%s\", \"note\": ",
			r->ran[c] == CK_RAN_NOT_HERE      ? "not-checked"
			: r->ran[c] == CK_RAN_NOT_REACHED ? "not-reached"
			: r->failed[c]                    ? "failed"
							  : "passed");
		if (r->crit_note[c])
			json_str(f, r->crit_note[c]);
		else
			fputs("null", f);
		fputc('}', f);
		first = 0;
	}
	fputs("], \"diagnoses\": [", f);
	for (size_t k = 0; k < r->ndiag; k++) {
		const ck_diag *d = &r->diags[k];
		fprintf(f, "%s{\"kind\": \"%s\", \"criterion\": \"%s\", \"file\": ", k ? ", " : "",
			ck_kind_name(d->kind), ck_crit_name(d->crit));
		if (d->file)
			json_str(f, d->file);
		else
			fputs("null", f);
		fputs(", \"line\": ", f);
		if (d->line)
			fprintf(f, "%d", d->line);
		else
			fputs("null", f);
		fputs(", \"message\": ", f);
		json_str(f, d->message);
		fputs(", \"hint\": ", f);
		if (d->hint)
			json_str(f, d->hint);
		else
			fputs("null", f);
		fputs(", \"case\": ", f);
		if (d->casedesc)
			json_str(f, d->casedesc);
		else
			fputs("null", f);
		fputc('}', f);
	}
	fputs("], \"pram_view\": [", f);
	for (size_t k = 0; k < r->npview; k++) {
		const ck_pview *v = &r->pview[k];
		static const char *const cls[] = {"EREW", "CREW", "CRCW"};
		fprintf(f,
			"%s{\"L\": %zu, \"n\": %zu, \"work\": %llu, \"depth\": %zu, \"class\": "
			"\"%s\", \"line\": ",
			k ? ", " : "", v->L, v->L, v->work, v->depth,
			v->access >= 0 && v->access < 3 ? cls[v->access] : "?");
		if (v->line)
			fprintf(f, "%u", v->line);
		else
			fputs("null", f);
		fputs(", \"array\": ", f);
		if (v->array[0])
			json_str(f, v->array);
		else
			fputs("null", f);
		fputc('}', f);
	}
	json_memory(f, r);
	fputs(", \"notes\": [", f);
	for (size_t k = 0; k < r->nnotes; k++) {
		if (k)
			fputs(", ", f);
		json_str(f, r->notes[k]);
	}
	fputs("]}\n", f);
}

/* s after what is already on the line, its later lines as TAP comments. */
static void tap_lines(FILE *f, const char *s)
{
	for (; *s; s++) {
		fputc(*s, f);
		if (*s == '\n')
			fputs("#   ", f);
	}
	fputc('\n', f);
}

/* A diagnosis's head: "FILE:LINE: KIND: " or "KIND: ", into buf. */
static void diag_head(const ck_diag *d, char *buf, size_t len)
{
	if (d->file && d->line)
		snprintf(buf, len, "%s:%d: %s: ", d->file, d->line, ck_kind_name(d->kind));
	else
		snprintf(buf, len, "%s: ", ck_kind_name(d->kind));
}

void ck_report_tap(FILE *f, const ck_result *r, int *n)
{
	const char *sub = ck_basename(r->submission);
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		++*n;
		if (r->ran[c] == CK_RAN_NOT_HERE) {
			fprintf(f, "ok %d - %s %s %s # SKIP not checked here\n", *n, r->ex->name,
				sub, ck_crit_name(c));
			continue;
		}
		fprintf(f, "%s %d - %s %s %s\n", crit_passed(r, c) ? "ok" : "not ok", *n,
			r->ex->name, sub, ck_crit_name(c));
		if (r->ran[c] == CK_RAN_NOT_REACHED)
			fprintf(f, "# not reached\n");
		for (size_t k = 0; k < r->ndiag; k++) {
			const ck_diag *d = &r->diags[k];
			if ((int)d->crit != c)
				continue;
			char head[256];
			diag_head(d, head, sizeof head);
			fprintf(f, "# %s", head);
			tap_lines(f, d->message);
			if (d->hint)
				fprintf(f, "#   hint: %s\n", d->hint);
		}
	}
}

void ck_report_tap_plan(FILE *f, int n)
{
	fprintf(f, "1..%d\n", n);
}

/* s as XML character data or an attribute's value. */
static void xml_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '<')
			fputs("&lt;", f);
		else if (ch == '>')
			fputs("&gt;", f);
		else if (ch == '&')
			fputs("&amp;", f);
		else if (ch == '"')
			fputs("&quot;", f);
		else if (ch < 0x20 && ch != '\n' && ch != '\t')
			fputc(' ', f); /* not allowed in XML 1.0 */
		else
			fputc(ch, f);
	}
}

void ck_report_junit(FILE *f, const ck_result *r)
{
	const char *sub = ck_basename(r->submission);
	int tests = 0, failures = 0, skipped = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		tests++;
		skipped += r->ran[c] == CK_RAN_NOT_HERE;
		failures += r->ran[c] != CK_RAN_NOT_HERE && !crit_passed(r, c);
	}
	fputs("  <testsuite name=\"", f);
	xml_str(f, r->ex->name);
	fputs(" ", f);
	xml_str(f, sub);
	fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">\n", tests,
		failures, skipped);
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		fputs("    <testcase classname=\"", f);
		xml_str(f, r->ex->name);
		fputs(".", f);
		xml_str(f, sub);
		fprintf(f, "\" name=\"%s\">", ck_crit_name(c));
		if (r->ran[c] == CK_RAN_NOT_HERE) {
			fputs("<skipped message=\"not checked here\"/>", f);
		} else if (!crit_passed(r, c)) {
			fprintf(f, "<failure message=\"%s\">",
				r->ran[c] == CK_RAN_NOT_REACHED ? "not reached" : "failed");
			char *text = ck_crit_text(r, c);
			if (text)
				xml_str(f, text);
			free(text);
			fputs("</failure>", f);
		}
		fputs("</testcase>\n", f);
	}
	fputs("  </testsuite>\n", f);
}

char *ck_crit_text(const ck_result *r, int c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	if (r->crit_note[c])
		fprintf(m, "%s\n", r->crit_note[c]);
	for (size_t k = 0; k < r->ndiag; k++)
		if ((int)r->diags[k].crit == c)
			text_diag(m, &r->diags[k]);
	fclose(m);
	return buf;
}

void ck_report_gradescope(FILE *f, const ck_result *r)
{
	fputs("{\"score\": ", f);
	json_num(f, ck_score(r));
	fputs(", \"output\": ", f);
	char *all = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&all, &len);
	if (m) {
		ck_report_text(m, r);
		fclose(m);
	}
	json_str(f, all ? all : "");
	free(all);
	fputs(", \"tests\": [", f);
	int first = 1;
	for (int c = 0; c < CK_CRIT_COUNT; c++) {
		if (r->ex->points[c] <= 0)
			continue;
		fprintf(f, "%s{\"name\": \"%s: %s\", \"score\": ", first ? "" : ", ", r->ex->name,
			ck_crit_name(c));
		json_num(f, ck_crit_points(r, c));
		fputs(", \"max_score\": ", f);
		json_num(f, counts(r, c) ? r->ex->points[c] : 0);
		fprintf(f, ", \"status\": \"%s\", \"output\": ",
			r->ran[c] == CK_RAN_NOT_HERE || crit_passed(r, c) ? "passed" : "failed");
		char *t = ck_crit_text(r, c);
		json_str(f, t ? t : "");
		free(t);
		fputc('}', f);
		first = 0;
	}
	fputs("]}\n", f);
}
