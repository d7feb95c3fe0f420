/*
 * grind.c - Oclgrind's diagnostics of a kernel (grind.h): finding the
 * oclgrind program and the checker's helper it runs (pram-grind-case), and
 * reading its messages (data races, work-group divergence at a barrier,
 * invalid reads and writes, uninitialised values) into one diagnosis per
 * problem, with the student's source line and a hint.
 *
 * Oclgrind writes each message as a first line that says what happened,
 * then indented lines: the kernel, the work-items involved, and for each
 * one "At line N (column C) of FILE:" followed by the source line.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ckutil.h"
#include "exercise.h"
#include "files.h"
#include "grind.h"
#include "result.h"

#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR "."
#endif
#ifndef PKGLIBEXECDIR
#define PKGLIBEXECDIR "/usr/local/libexec/pramsim"
#endif

#define GRIND_CASE "pram-grind-case"

const char *ck_oclgrind(void)
{
	static char found[4096];
	const char *env = getenv("PRAM_OCLGRIND");
	if (env)
		return *env && access(env, X_OK) == 0 ? env : NULL;
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	const char *p = path;
	while (*p) {
		const char *e = strchr(p, ':');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		snprintf(found, sizeof found, "%.*s/oclgrind", (int)len, p);
		struct stat st;
		if (len && stat(found, &st) == 0 && S_ISREG(st.st_mode) && access(found, X_OK) == 0)
			return found;
		p += len + (e ? 1 : 0);
	}
	return NULL;
}

const char *ck_helper_path(const char *name, const char *env, char *path, size_t len, char *why,
			   size_t whylen)
{
	const char *named = getenv(env);
	if (named && *named) {
		if (files_path(path, len, "%s", named) == 0 && access(path, X_OK) == 0)
			return path;
		snprintf(why, whylen, "the checker's helper named by %s (%s) cannot be run", env,
			 named);
		return NULL;
	}
	if (ck_from_build_tree() &&
	    files_path(path, len, "%s/check/%s", ABS_TOP_BUILDDIR, name) == 0 &&
	    access(path, X_OK) == 0)
		return path;
	if (files_path(path, len, "%s/%s", PKGLIBEXECDIR, name) == 0 && access(path, X_OK) == 0)
		return path;
	snprintf(why, whylen,
		 "the checker's helper %s is not installed in %s (make install puts it there)",
		 name, PKGLIBEXECDIR);
	return NULL;
}

const char *ck_grind_case_path(char *why, size_t whylen)
{
	static char path[PATH_MAX];
	return ck_helper_path(GRIND_CASE, "PRAM_GRIND_CASE", path, sizeof path, why, whylen);
}

/* The source lines of the message [m, end): up to 2 nonzero ones, in order
 * of mention (Oclgrind says line 0 where it lost the place). */
static int lines_of(const char *m, const char *end, int *lines)
{
	int k = 0;
	const char *p = m;
	while (k < 2 && (p = strstr(p, "At line ")) && p < end) {
		int ln = 0;
		if (sscanf(p, "At line %d", &ln) == 1 && ln > 0)
			lines[k++] = ln;
		p += 8;
	}
	return k;
}

/* Line ln of the student's text, without leading blanks, into buf. */
static void source_line(const char *src, int ln, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int k = 1; src && *src && k < ln; k++) {
		src = strchr(src, '\n');
		if (!src)
			return;
		src++;
	}
	if (!src)
		return;
	while (*src == ' ' || *src == '\t')
		src++;
	size_t n = strcspn(src, "\n");
	snprintf(buf, len, "%.*s", (int)(n > 150 ? 150 : n), src);
}

/* The two work-groups of a race: "Group(a,b,c)" after "First entity" and
 * "Second entity"; -1 when not said. */
static void groups_of(const char *m, const char *end, long g[2])
{
	g[0] = g[1] = -1;
	const char *f = strstr(m, "First entity");
	const char *s = strstr(m, "Second entity");
	if (f && f < end) {
		const char *q = strstr(f, "Group(");
		if (q && q < end)
			g[0] = strtol(q + 6, NULL, 10);
	}
	if (s && s < end) {
		const char *q = strstr(s, "Group(");
		if (q && q < end)
			g[1] = strtol(q + 6, NULL, 10);
	}
}

int ck_grind_parse(const char *log, const char *shown, const char *src, const char *casedesc,
		   ck_result *r)
{
	int found = 0, uninit = 0, others = 0;
	/* Values read past an array or in a race are undefined, and Oclgrind
	 * follows them as uninitialised: such reports are left out when the
	 * run has another problem, and of the rest only the first is kept. */
	for (const char *h = log; h; h = strchr(h, '\n'), h = h ? h + 1 : NULL) {
		size_t len = strcspn(h, "\n");
		char head[256];
		snprintf(head, sizeof head, "%.*s", (int)(len > 250 ? 250 : len), h);
		if (!strncmp(head, "Invalid ", 8) || strstr(head, "data race") ||
		    !strncmp(head, "Work-group divergence", 21))
			others++;
	}
	const char *p = log;
	while (*p) {
		/* a message starts at a line that is not indented */
		const char *nl = strchr(p, '\n');
		const char *next = nl ? nl + 1 : p + strlen(p);
		if (*p == ' ' || *p == '\t' || *p == '\n') {
			p = next;
			continue;
		}
		const char *end = next;
		while (*end && (*end == ' ' || *end == '\t' || *end == '\n')) {
			const char *n2 = strchr(end, '\n');
			end = n2 ? n2 + 1 : end + strlen(end);
		}
		int hlen = nl ? (int)(nl - p) : (int)strlen(p);
		char head[256];
		snprintf(head, sizeof head, "%.*s", hlen > 250 ? 250 : hlen, p);
		int lines[2] = {0, 0};
		int nl2 = lines_of(next, end, lines);
		ck_kind kind;
		char hint[512] = "";
		if (strstr(head, "data race")) {
			kind = CK_RACE;
			long g[2];
			groups_of(next, end, g);
			int global = strstr(head, "global memory") != NULL;
			if (global && g[0] >= 0 && g[1] >= 0 && g[0] != g[1])
				snprintf(hint, sizeof hint,
					 "work-groups %ld and %ld touch the same global cell: "
					 "work-groups cannot wait for each other, so each must "
					 "write only its own part",
					 g[0], g[1]);
			else if (nl2 == 2 && lines[0] != lines[1])
				snprintf(
				    hint, sizeof hint,
				    "a barrier(CLK_%s_MEM_FENCE) is missing between line %d and "
				    "line %d?",
				    global ? "GLOBAL" : "LOCAL",
				    lines[0] < lines[1] ? lines[0] : lines[1],
				    lines[0] < lines[1] ? lines[1] : lines[0]);
			else if (nl2 >= 1)
				snprintf(hint, sizeof hint,
					 "two work-items use the same cell at line %d in one step: "
					 "a barrier is missing inside the loop, or two work-items "
					 "write one cell?",
					 lines[0]);
		} else if (strstr(head, "divergence")) {
			kind = CK_BARRIER_DIVERGENCE;
			snprintf(
			    hint, sizeof hint,
			    "every work-item of a work-group must reach the same barrier: take "
			    "it out of the if (or the loop whose trip count differs), and "
			    "guard only the work");
		} else if (strstr(head, "Invalid read") || strstr(head, "Invalid write")) {
			kind = CK_OUT_OF_BOUNDS;
			snprintf(hint, sizeof hint,
				 "check the index against n before the access (the last "
				 "work-group is not full when n is not a multiple of L)");
		} else if (strstr(head, "ninitiali")) {
			if (others || uninit++) {
				p = end;
				continue;
			}
			kind = CK_UNINITIALIZED;
			snprintf(hint, sizeof hint,
				 "a cell is read before any work-item wrote it: write every cell "
				 "of tmp (0 past n) and put a barrier before the reads");
		} else {
			p = end;
			continue;
		}
		int line = nl2 ? lines[0] : 0;
		if (kind == CK_RACE && nl2 == 2 && lines[1] < line)
			line = lines[1];
		char srcs[400] = "";
		for (int k = 0; k < nl2; k++) {
			char text[160];
			source_line(src, lines[k], text, sizeof text);
			snprintf(srcs + strlen(srcs), sizeof srcs - strlen(srcs), "\n  line %d: %s",
				 lines[k], text);
		}
		size_t before = r->ndiag;
		ck_diag_add(r, kind, CK_CRIT_MEMORY, shown, line, casedesc, hint[0] ? hint : NULL,
			    "Oclgrind: %s%s", head, srcs);
		if (r->ndiag > before)
			found++;
		p = end;
	}
	return found;
}
