/*
 * html.c - the page of `pram run --html` (html.h): the arrays after every
 * step, collected by the step hook, and the recorded accesses, written as
 * JSON into the template cli/run.html, whose script draws them.
 *
 * The template is a file of its own, readable and editable as the HTML,
 * CSS and JavaScript it is, and built into the program (cli/local.mk turns
 * it into html_run_template) so that pram needs no data file to write a
 * page and the page needs nothing beside itself.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "json.h"

/* The arrays after one step: the first narrays arrays of the machine, their
 * cells from cells[first]. */
typedef struct snap {
	size_t narrays;
	size_t first;
} snap;

struct html_rec {
	snap *steps;
	size_t nsteps, steps_cap;
	pram_value *vals;    /* the cells of every snapshot, one after another */
	unsigned char *held; /* whether each holds a value */
	size_t ncells, cells_cap;
	int full;  /* HTML_MAX_CELLS reached: no more snapshots */
	int nomem; /* out of memory while collecting */
};

html_rec *html_rec_new(void)
{
	return calloc(1, sizeof(html_rec));
}

void html_rec_free(html_rec *h)
{
	if (!h)
		return;
	free(h->steps);
	free(h->vals);
	free(h->held);
	free(h);
}

/* Room for need more cells; 0, or -1 when out of memory. */
static int grow_cells(html_rec *h, size_t need)
{
	if (h->ncells + need <= h->cells_cap)
		return 0;
	size_t cap = h->cells_cap ? h->cells_cap : 4096;
	while (cap < h->ncells + need)
		cap *= 2;
	pram_value *v = realloc(h->vals, cap * sizeof *v);
	if (!v)
		return -1;
	h->vals = v;
	unsigned char *w = realloc(h->held, cap);
	if (!w)
		return -1;
	h->held = w;
	h->cells_cap = cap;
	return 0;
}

void html_step(pram *m, size_t step, void *ud)
{
	html_rec *h = ud;
	if (h->full || h->nomem || step != h->nsteps)
		return;
	size_t na = pram_array_count(m), cells = 0;
	for (size_t k = 0; k < na; k++)
		cells += pram_array_len(pram_array_at(m, k));
	if (h->ncells + cells > HTML_MAX_CELLS) {
		h->full = 1;
		return;
	}
	if (h->nsteps == h->steps_cap) {
		size_t cap = h->steps_cap ? 2 * h->steps_cap : 64;
		snap *s = realloc(h->steps, cap * sizeof *s);
		if (!s) {
			h->nomem = 1;
			return;
		}
		h->steps = s;
		h->steps_cap = cap;
	}
	if (grow_cells(h, cells)) {
		h->nomem = 1;
		return;
	}
	h->steps[h->nsteps++] = (snap){na, h->ncells};
	for (size_t k = 0; k < na; k++) {
		const pram_array *a = pram_array_at(m, k);
		for (size_t i = 0; i < pram_array_len(a); i++) {
			h->held[h->ncells] = (unsigned char)pram_array_written(a, i);
			h->vals[h->ncells++] = pram_array_get_v(a, i);
		}
	}
}

/* The cells of array k of m after a step, from the snapshot at first:
 * values, null where a cell holds none. Returns where the next array
 * starts. */
static size_t write_cells(FILE *f, const html_rec *h, const pram *m, size_t k, size_t first)
{
	const pram_array *a = pram_array_at(m, k);
	size_t len = pram_array_len(a);
	fputc('[', f);
	for (size_t i = 0; i < len; i++) {
		if (i)
			fputc(',', f);
		if (h->held[first + i])
			json_value(f, pram_array_type(a), h->vals[first + i]);
		else
			fputs("null", f);
	}
	fputc(']', f);
	return first + len;
}

static void write_step(FILE *f, const html_rec *h, const pram *m, size_t s, size_t *acc)
{
	const pram_step_stats *st = pram_step_at(m, s);
	fprintf(f, "{\"step\":%zu,\"line\":%d,\"file\":", s + 1, st->line);
	json_str_html(f, st->file);
	fputs(",\"label\":", f);
	json_str_html(f, st->label);
	fprintf(f,
		",\"work\":%" PRIu64 ",\"reads\":%" PRIu64 ",\"writes\":%" PRIu64
		",\"atomics\":%" PRIu64 ",\"contention\":%" PRIu64 ",\"max_atomic\":%" PRIu64,
		st->work, st->reads, st->writes, st->atomics, st->contention, st->max_atomic);
	fputs(",\"after\":[", f);
	size_t first = h->steps[s].first;
	for (size_t k = 0; k < h->steps[s].narrays; k++) {
		if (k)
			fputc(',', f);
		first = write_cells(f, h, m, k, first);
	}
	fputs("],\"accesses\":[", f);
	size_t n = pram_record_count(m);
	for (int any = 0; *acc < n && pram_record_at(m, *acc)->step == s; ++*acc, any = 1) {
		if (any)
			fputc(',', f);
		fputc('\n', f);
		json_access(f, m, pram_record_at(m, *acc));
	}
	fputs("]}", f);
}

/* The data of the page, one JSON object. */
static void write_data(FILE *f, const html_rec *h, const html_info *info)
{
	const pram *m = info->run->m;
	const algo *a = info->alg;
	pram_totals t = pram_get_totals(m);
	size_t nsteps = pram_step_count(m), shown = pram_record_steps(m);
	if (shown > h->nsteps)
		shown = h->nsteps;
	if (shown > nsteps)
		shown = nsteps;

	fputs("{\"algorithm\":", f);
	json_str_html(f, a->name);
	fputs(",\"desc\":", f);
	json_str_html(f, a->desc);
	fputs(",\"model\":", f);
	json_str_html(f, pram_model_name(info->cfg->model));
	fputs(",\"model_desc\":", f);
	json_str_html(f, pram_model_desc(info->cfg->model));
	fprintf(f, ",\"n\":%zu,\"seed\":%" PRIu64 ",\"conflicts\":\"%s\",\"combine\":", info->in->n,
		info->cfg->seed, info->cfg->conflicts == PRAM_CONFLICT_COUNT ? "count" : "error");
	json_str_html(f, pram_op_name(info->cfg->combine));
	fputs(",\"op\":", f);
	json_str_html(f, a->caps & ALGO_OP ? pram_op_name(info->params->op) : "");
	fputs(",\"work_o\":", f);
	json_str_html(f, a->work_o);
	fputs(",\"depth_o\":", f);
	json_str_html(f, a->depth_o);
	if (info->run->cost_known)
		fprintf(f, ",\"work_exact\":%" PRIu64 ",\"depth_exact\":%" PRIu64,
			info->run->cost_w, info->run->cost_d);
	fputs(",\"arrays\":[", f);
	for (size_t k = 0; k < pram_array_count(m); k++) {
		fputs(k ? "," : "", f);
		json_str_html(f, pram_array_name(pram_array_at(m, k)));
	}
	fprintf(f, "],\"nsteps\":%zu,\"shown\":%zu,\"truncated\":", nsteps, shown);
	char note[256] = "";
	if (shown < nsteps) {
		if (pram_record_truncated(m) && pram_record_steps(m) == shown)
			snprintf(
			    note, sizeof note,
			    "The page shows steps 1 to %zu of %zu: step %zu would pass the "
			    "limit of %u recorded accesses. Run a smaller input to see them all.",
			    shown, nsteps, shown + 1, HTML_MAX_ACCESSES);
		else
			snprintf(note, sizeof note,
				 "The page shows steps 1 to %zu of %zu: step %zu would pass the "
				 "limit of %u array cells kept over the steps. Run a smaller input "
				 "to see them all.",
				 shown, nsteps, shown + 1, HTML_MAX_CELLS);
	}
	json_str_html(f, note);
	fprintf(f,
		",\"totals\":{\"work\":%" PRIu64 ",\"depth\":%" PRIu64 ",\"depth_serial\":%" PRIu64
		",\"reads\":%" PRIu64 ",\"writes\":%" PRIu64 ",\"atomics\":%" PRIu64
		",\"contention\":%" PRIu64 ",\"violations\":%" PRIu64 "}",
		t.work, t.depth, t.depth_serial, t.reads, t.writes, t.atomics, t.contention,
		t.violations);
	fputs(",\"violations\":[", f);
	char line[512];
	for (size_t k = 0; k < pram_violation_count(m); k++) {
		const pram_violation *v = pram_violation_at(m, k);
		pram_violation_format(v, line, sizeof line);
		fprintf(f, "%s{\"step\":%" PRIu64 ",\"array\":", k ? "," : "", v->step);
		json_str_html(f, v->array);
		fprintf(f, ",\"index\":%" PRId64 ",\"message\":", v->index);
		json_str_html(f, line);
		fputc('}', f);
	}
	fputs("],\"error\":", f);
	json_str_html(f, pram_failed(m) ? pram_errmsg(m) : "");
	fprintf(f,
		",\"verified\":%s,\"several\":%s,\"why\":", info->run->verified ? "true" : "false",
		a->check ? "true" : "false");
	json_str_html(f, info->run->verified ? "" : info->run->why);
	fputs(",\"outputs\":[", f);
	const algo_port *pt = algo_outputs(a);
	for (size_t k = 0; k < info->run->nout; k++) {
		fputs(k ? ",{\"name\":" : "{\"name\":", f);
		json_str_html(f, pt[k].name);
		fputs(",\"values\":", f);
		json_values(f, &info->run->out[k]);
		fputc('}', f);
	}
	fputs("],\"steps\":[", f);
	size_t acc = 0;
	for (size_t s = 0; s < shown; s++) {
		fputs(s ? ",\n" : "\n", f);
		write_step(f, h, m, s, &acc);
	}
	fputs("]}", f);
}

int html_write(FILE *f, const html_rec *h, const html_info *info, char *err, size_t errlen)
{
	if (h->nomem) {
		snprintf(err, errlen, "out of memory for the arrays of the page");
		return -1;
	}
	for (const char *const *l = html_run_template; *l; l++) {
		if (strcmp(*l, "<!--PRAM-DATA-->\n") == 0) {
			fputs("<script type=\"application/json\" id=\"pram-data\">", f);
			write_data(f, h, info);
			fputs("</script>\n", f);
		} else {
			fputs(*l, f);
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "cannot write the page");
		return -1;
	}
	return 0;
}
