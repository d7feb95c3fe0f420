/*
 * lesson.c - finding and reading the lessons (lesson.h): the lesson
 * folders, lesson.md parsed and checked against the format of
 * lessons/README.md, and the exercises beside it.
 */
#define _XOPEN_SOURCE 700 /* realpath, strndup */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ckutil.h"
#include "exercise.h"
#include "lesson.h"

static char *sdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

static char *strfmt(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "%s/%s", a, b);
	return s;
}

/* A folder name "NN-topic": its number, or -1. */
static int folder_number(const char *name)
{
	if (!isdigit((unsigned char)name[0]) || !isdigit((unsigned char)name[1]) ||
	    name[2] != '-' || !name[3])
		return -1;
	return (name[0] - '0') * 10 + (name[1] - '0');
}

static void ex_free(lesson_ex *e)
{
	free(e->name);
	free(e->title);
	free(e->file);
	free(e->contract);
	free(e->signature);
	free(e->starter);
	free(e->solution);
	free(e->path);
	free(e->error);
}

/* The keys a lesson page shows, as the checker reads the exercise; one it
 * cannot read is kept with its error. */
static int ex_read(const char *path, const char *fname, lesson_ex *e)
{
	memset(e, 0, sizeof *e);
	if (!(e->path = sdup(path)))
		return -1;
	ck_exercise ex;
	char err[512];
	if (ck_exercise_read(path, &ex, err, sizeof err)) {
		if (!(e->error = sdup(err)) || !(e->name = strndup(fname, strlen(fname) - 9)))
			return -1;
		return 0;
	}
	const char *from[] = {ex.name,      ex.title,   ex.file,    ck_contract_name(ex.contract),
			      ex.signature, ex.starter, ex.solution};
	char **to[] = {&e->name,      &e->title,   &e->file,    &e->contract,
		       &e->signature, &e->starter, &e->solution};
	int rc = 0;
	for (size_t k = 0; k < sizeof to / sizeof *to; k++)
		if (from[k] && !(*to[k] = sdup(from[k])))
			rc = -1;
	ck_exercise_free(&ex);
	return rc;
}

static int cmp_ex(const void *a, const void *b)
{
	return strcmp(((const lesson_ex *)a)->name, ((const lesson_ex *)b)->name);
}

lesson_block lesson_block_kind(const md_block *b)
{
	if (b->kind != MD_CODE || strncmp(b->info, "pram", 4) != 0)
		return LESSON_NOT_PRAM;
	const char *rest = b->info + 4;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (b->info[4] && b->info[4] != ' ' && b->info[4] != '\t')
		return LESSON_NOT_PRAM;
	if (!*rest)
		return LESSON_LIVE;
	if (strcmp(rest, "html") == 0)
		return LESSON_HTML;
	if (strcmp(rest, "report") == 0)
		return LESSON_REPORT;
	return LESSON_NOT_PRAM;
}

/* Set l->error to "md_path:line: what" (the first error only). */
static int bad(lesson *l, int line, const char *what)
{
	if (l->error)
		return -1;
	size_t n = strlen(l->md_path) + strlen(what) + 32;
	if ((l->error = malloc(n)))
		snprintf(l->error, n, "%s:%d: %s", l->md_path, line, what);
	return -1;
}

/* Parse lesson.md and check its shape. Returns 0, or -1 with l->error
 * (or out of memory, l->error NULL). */
static int parse_md(lesson *l)
{
	char err[512], buf[512];
	char *text = ck_slurp(l->md_path, NULL, err, sizeof err);
	if (!text) {
		l->error = sdup(err); /* "lesson.md: what" */
		return -1;
	}
	int rc = md_parse(text, &l->doc, err, sizeof err);
	free(text);
	if (rc) {
		/* err is "line N: what" */
		int line = 0;
		const char *what = err;
		if (sscanf(err, "line %d:", &line) == 1 && (what = strchr(err, ':')))
			what += 2;
		return bad(l, line, what ? what : err);
	}
	const md_doc *d = &l->doc;
	if (d->n == 0 || d->b[0].kind != MD_HEADING || d->b[0].level != 1 || d->b[0].line != 1) {
		snprintf(buf, sizeof buf, "the first line must be the title, '# %d. Title'",
			 l->number);
		return bad(l, 1, buf);
	}
	const char *t = d->b[0].text;
	char *end;
	long num = strtol(t, &end, 10);
	if (end == t || *end != '.' || end[1] != ' ' || !end[2]) {
		snprintf(buf, sizeof buf, "the title must read '# %d. Title'", l->number);
		return bad(l, 1, buf);
	}
	if (num != l->number) {
		snprintf(buf, sizeof buf, "the title's number is %ld, the folder %s says %d", num,
			 l->folder, l->number);
		return bad(l, 1, buf);
	}
	if (!(l->title = sdup(end + 2)))
		return -1;
	if (d->n < 2 || d->b[1].kind != MD_PARA || strncmp(d->b[1].text, "Goal:", 5) != 0)
		return bad(l, d->n < 2 ? 2 : d->b[1].line,
			   "a paragraph starting 'Goal:' must follow the title");
	const char *g = d->b[1].text + 5;
	while (isspace((unsigned char)*g))
		g++;
	if (!*g)
		return bad(l, d->b[1].line, "the Goal paragraph says nothing");
	if (!(l->goal = sdup(g)))
		return -1;
	for (char *c = l->goal; *c; c++)
		if (*c == '\n')
			*c = ' ';
	static const char *const need[] = {"Background", "Exercises", "Questions"};
	for (size_t k = 0; k < 3; k++) {
		int found = 0;
		for (size_t i = 0; i < d->n && !found; i++)
			found = d->b[i].kind == MD_HEADING && d->b[i].level == 2 &&
				strcmp(d->b[i].text, need[k]) == 0;
		if (!found) {
			snprintf(buf, sizeof buf, "no '## %s' section", need[k]);
			int last = d->b[d->n - 1].line;
			return bad(l, last, buf);
		}
	}
	for (size_t i = 0; i < d->n; i++) {
		const md_block *b = &d->b[i];
		if (b->kind == MD_CODE && strncmp(b->info, "pram", 4) == 0 &&
		    lesson_block_kind(b) == LESSON_NOT_PRAM && (!b->info[4] || b->info[4] == ' ')) {
			snprintf(buf, sizeof buf,
				 "'```%.60s': a pram block is '```pram', '```pram html' or "
				 "'```pram report'",
				 b->info);
			return bad(l, b->line, buf);
		}
		lesson_block k = lesson_block_kind(b);
		if (k == LESSON_NOT_PRAM)
			continue;
		if (strchr(b->text, '\n') || strncmp(b->text, "pram ", 5) != 0)
			return bad(l, b->line + 1,
				   "a pram block holds one command line, starting 'pram '");
		if (k == LESSON_HTML && strncmp(b->text, "pram run ", 9) != 0)
			return bad(l, b->line + 1, "a '```pram html' block holds a 'pram run ...'");
		if (k == LESSON_HTML && strstr(b->text, "--trace"))
			return bad(l, b->line + 1,
				   "a '```pram html' block's command has no --trace (the "
				   "step-through page shows the steps)");
		if (k == LESSON_REPORT && strncmp(b->text, "pram report ", 12) != 0)
			return bad(l, b->line + 1,
				   "a '```pram report' block holds a 'pram report ...'");
		int argc;
		char **argv = lesson_split(b->text, &argc, buf, sizeof buf);
		if (!argv)
			return bad(l, b->line + 1, buf);
		lesson_argv_free(argv);
	}
	return 0;
}

static int read_lesson(const char *root, const char *name, lesson *l)
{
	memset(l, 0, sizeof *l);
	l->number = folder_number(name);
	if (!(l->folder = sdup(name)) || !(l->dir = strfmt(root, name)))
		return -1;
	DIR *d = opendir(l->dir);
	if (!d)
		return 0;
	struct dirent *e;
	int rc = 0;
	while ((e = readdir(d)) && rc == 0) {
		size_t n = strlen(e->d_name);
		if (strcmp(e->d_name, "lesson.md") == 0) {
			if (!(l->md_path = strfmt(l->dir, "lesson.md")))
				rc = -1;
		} else if (n > 9 && strcmp(e->d_name + n - 9, ".exercise") == 0 &&
			   e->d_name[0] != '.') {
			lesson_ex *x = realloc(l->ex, (l->nex + 1) * sizeof *x);
			char *p = strfmt(l->dir, e->d_name);
			if (!x || !p) {
				free(p);
				if (x)
					l->ex = x;
				rc = -1;
				break;
			}
			l->ex = x;
			rc = ex_read(p, e->d_name, &l->ex[l->nex]);
			free(p);
			if (rc == 0)
				l->nex++;
		}
	}
	closedir(d);
	if (rc)
		return -1;
	if (l->nex > 1)
		qsort(l->ex, l->nex, sizeof *l->ex, cmp_ex);
	if (l->md_path && parse_md(l) && !l->error)
		return -1;
	return 0;
}

static void lesson_free(lesson *l)
{
	free(l->folder);
	free(l->dir);
	free(l->md_path);
	free(l->title);
	free(l->goal);
	free(l->error);
	md_free(&l->doc);
	for (size_t k = 0; k < l->nex; k++)
		ex_free(&l->ex[k]);
	free(l->ex);
}

void lesson_set_free(lesson_set *s)
{
	for (size_t k = 0; k < s->n; k++)
		lesson_free(&s->l[k]);
	free(s->l);
	free(s->root);
	memset(s, 0, sizeof *s);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The NN-topic folders of root that hold a lesson.md or an exercise. */
static int lesson_folders(const char *root, char ***names, size_t *n)
{
	*names = NULL;
	*n = 0;
	DIR *d = opendir(root);
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (folder_number(e->d_name) < 0)
			continue;
		char *sub = strfmt(root, e->d_name);
		DIR *d2 = sub ? opendir(sub) : NULL;
		free(sub);
		if (!d2)
			continue;
		int any = 0;
		struct dirent *e2;
		while (!any && (e2 = readdir(d2))) {
			size_t l = strlen(e2->d_name);
			any = strcmp(e2->d_name, "lesson.md") == 0 ||
			      (l > 9 && strcmp(e2->d_name + l - 9, ".exercise") == 0);
		}
		closedir(d2);
		if (!any)
			continue;
		char **t = realloc(*names, (*n + 1) * sizeof *t);
		if (!t || !(t[*n] = sdup(e->d_name))) {
			if (t)
				*names = t;
			closedir(d);
			return -1;
		}
		*names = t;
		++*n;
	}
	closedir(d);
	qsort(*names, *n, sizeof **names, cmp_name);
	return 0;
}

int lesson_load(const char *root, lesson_set *s, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	const char *dirs[3];
	size_t nd = 0;
	if (root) {
		dirs[nd++] = root;
	} else {
		nd = ck_lesson_dirs(dirs);
	}
	char **names = NULL;
	size_t n = 0;
	for (size_t k = 0; k < nd; k++) {
		if (lesson_folders(dirs[k], &names, &n))
			goto nomem;
		if (n) {
			char real[PATH_MAX];
			if (!(s->root = sdup(realpath(dirs[k], real) ? real : dirs[k])))
				goto nomem;
			break;
		}
		free(names);
		names = NULL;
	}
	if (!n) {
		if (nd == 1)
			snprintf(err, errlen,
				 "no lessons in %s (NN-topic/ folders with a lesson.md)", dirs[0]);
		else
			snprintf(err, errlen,
				 "no lessons found: not in $PRAM_LESSONS_DIR, %s nor %s",
				 dirs[nd - 2], dirs[nd - 1]);
		return -1;
	}
	if (!(s->l = calloc(n, sizeof *s->l)))
		goto nomem;
	for (size_t k = 0; k < n; k++) {
		if (read_lesson(s->root, names[k], &s->l[k])) {
			s->n = k + 1;
			goto nomem;
		}
		s->n = k + 1;
	}
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	return 0;
nomem:
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	lesson_set_free(s);
	snprintf(err, errlen, "out of memory reading the lessons");
	return -1;
}

const lesson *lesson_lookup(const lesson_set *s, const char *key)
{
	char *end;
	long num = strtol(key, &end, 10);
	int numeric = *key && !*end;
	for (size_t k = 0; k < s->n; k++) {
		const lesson *l = &s->l[k];
		if (numeric ? l->number == num : strcmp(l->folder, key) == 0)
			return l;
	}
	return NULL;
}

void lesson_argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}

char **lesson_split(const char *cmd, int *argc, char *err, size_t errlen)
{
	size_t cap = 8, n = 0, len = strlen(cmd);
	char **argv = calloc(cap, sizeof *argv);
	char *word = malloc(len + 1);
	if (!argv || !word)
		goto nomem;
	const char *p = cmd;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		size_t w = 0;
		while (*p && *p != ' ' && *p != '\t') {
			if (*p == '\'' || *p == '"') {
				char q = *p++;
				while (*p && *p != q) {
					if (q == '"' && *p == '\\' && (p[1] == '"' || p[1] == '\\'))
						p++;
					word[w++] = *p++;
				}
				if (!*p) {
					snprintf(err, errlen, "a quote (%c) is never closed", q);
					goto fail;
				}
				p++;
			} else {
				word[w++] = *p++;
			}
		}
		if (n + 2 > cap) {
			cap *= 2;
			char **t = realloc(argv, cap * sizeof *t);
			if (!t)
				goto nomem;
			argv = t;
		}
		if (!(argv[n] = strndup(word, w)))
			goto nomem;
		argv[++n] = NULL;
	}
	free(word);
	*argc = (int)n;
	return argv;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	free(word);
	lesson_argv_free(argv);
	return NULL;
}
