/*
 * report.c - a report as a whole (see report.h): making one from its
 * configuration, with its folder, and freeing it; and what every writer of
 * the report shares (report_int.h): sizes as text and the folder's files.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "files.h"
#include "report_int.h"

const char *rep_source_name(rep_source s)
{
	static const char *const names[] = {"none", "simulator", "closed-form"};
	return names[s];
}

const char *rep_stop_name(rep_stop s)
{
	static const char *const names[] = {"none",     "fixed",  "precise", "budget",
					    "max-runs", "failed", "decided"};
	return names[s];
}

const char *report__size_str(size_t n, char *buf, size_t len)
{
	return algo_size_name(n, buf, len);
}

void report__title_plain(char *buf, size_t len, const char *title, const char *nl)
{
	size_t k = 0, nll = strlen(nl);
	for (; *title && k + nll + 2 < len; title++) {
		if (*title == '\\' && title[1]) {
			buf[k++] = *++title; /* an escaped mark stands for itself */
		} else if (*title == '{' && title[1] == '/') {
			/* A font change: skip to the space before its text. */
			size_t mark = strcspn(title, " ");
			title += title[mark] ? mark : mark - 1;
		} else if (*title == '\n') {
			memcpy(buf + k, nl, nll);
			k += nll;
		} else if (*title != '{' && *title != '}') {
			buf[k++] = *title;
		}
	}
	buf[k] = '\0';
}

FILE *report__open(const report *r, const char *name, const char *ext, char *err, size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", r->outdir, name, ext);
	FILE *f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	return f;
}

int report__close(FILE *f, const report *r, const char *name, const char *ext, char *err,
		  size_t errlen)
{
	if (fclose(f)) {
		snprintf(err, errlen, "cannot write %s/%s.%s: %s", r->outdir, name, ext,
			 strerror(errno));
		return -1;
	}
	return 0;
}

int report_new(const report_config *cfg, report **out, char *err, size_t errlen)
{
	*out = NULL;
	report *r = calloc(1, sizeof *r);
	if (!r || !(r->sizes = malloc((cfg->nsizes ? cfg->nsizes : 1) * sizeof *r->sizes))) {
		free(r);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(r->sizes, cfg->sizes, cfg->nsizes * sizeof *r->sizes);
	r->nsizes = cfg->nsizes;
	r->outdir = cfg->outdir;
	snprintf(r->command, sizeof r->command, "%s", cfg->command ? cfg->command : "");
	r->reps = cfg->reps;
	r->budget_s = cfg->budget_s;
	r->precision = cfg->precision;
	r->seed = cfg->seed;
	r->sim_max = cfg->sim_max;
	r->no_draw = cfg->no_draw;
	time_t t0 = time(NULL);
	strftime(r->date, sizeof r->date, "%Y-%m-%d %H:%M %Z", localtime(&t0));
	if (files_mkdir_p(r->outdir)) {
		snprintf(err, errlen, "cannot create the folder '%s': %s", r->outdir,
			 strerror(errno));
		report_free(r);
		return -1;
	}
	*out = r;
	return 0;
}

void report_free(report *r)
{
	if (!r)
		return;
	for (size_t k = 0; k < r->nalgos; k++) {
		free(r->algos[k].cost);
		for (size_t v = 0; v < r->algos[k].nvar; v++) {
			rep_series *s = &r->algos[k].var[v];
			for (size_t i = 0; s->runs && i < r->nsizes; i++)
				free(s->runs[i].ms);
			for (int f = 0; f < REP_NF; f++)
				free(s->f_runs[f].ms);
			free(s->runs);
			free(s->fitv);
		}
	}
	free(r->algos);
	free(r->figs);
	free(r->sizes);
	free(r);
}
