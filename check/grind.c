/*
 * grind.c - Oclgrind's diagnostics of a kernel (grind.h): finding the
 * oclgrind program and the checker's helper it runs (pram-grind-case), and
 * reading its messages (data races, work-group divergence at a barrier,
 * invalid reads and writes, uninitialised values) into one diagnosis per
 * problem, with the student's source lines, a caret at each access (what
 * it did, and which work-item) and a hint for its cause: a race between
 * work-groups is not a missing barrier, and an index past a local array
 * is not the last work-group's.
 *
 * Oclgrind writes each message as a first line that says what happened,
 * then indented lines: the kernel, the work-items involved, and for each
 * one its instruction, "At line N (column C) of FILE:" and the source line.
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

/* Where a message, the line at p, ends: after the indented lines that
 * follow it. Its first line goes into head. */
static const char *message_end(const char *p, char *head, size_t hlen)
{
	size_t n = strcspn(p, "\n");
	snprintf(head, hlen, "%.*s", (int)(n > hlen - 6 ? hlen - 6 : n), p);
	const char *end = p[n] ? p + n + 1 : p + n;
	while (*end == ' ' || *end == '\t' || *end == '\n') {
		const char *nl = strchr(end, '\n');
		end = nl ? nl + 1 : end + strlen(end);
	}
	return end;
}

/* The first s in [b, e), or NULL. */
static const char *find_in(const char *b, const char *e, const char *s)
{
	size_t n = strlen(s);
	for (const char *p = b; p + n <= e; p++)
		if (*p == *s && memcmp(p, s, n) == 0)
			return p;
	return NULL;
}

/* One side of a message: the work-item (or work-group) that made the
 * access, what it did, and where. */
typedef struct grind_at {
	long group, item; /* its work-group and local id, -1 when not said */
	const char *did;  /* "read", "write", "atomic access" or "access" */
	int line, col;    /* 0 when not said (Oclgrind says line 0 where it lost the place) */
} grind_at;

/* What the LLVM instruction that Oclgrind prints at t did: "%12 = load"
 * reads, "store" writes, a call of an atom... builtin is an atomic; NULL
 * for any other line. A value's name is one word, so the instruction is
 * the word after " = ". */
static const char *did_of(const char *t, const char *e)
{
	if (*t == '%') {
		const char *q = find_in(t, e, " = ");
		if (!q)
			return NULL;
		t = q + 3;
	}
	if (!strncmp(t, "load ", 5))
		return "read";
	if (!strncmp(t, "store ", 6))
		return "write";
	if (!strncmp(t, "atomicrmw ", 10) || !strncmp(t, "cmpxchg ", 8) ||
	    (!strncmp(t, "call ", 5) && find_in(t, e, "atom")))
		return "atomic access";
	return NULL;
}

/* The side of a message in [b, e): Oclgrind names the entity
 * ("Global(8,0,0) Local(8,0,0) Group(0,0,0)", or "Group(1,0,0)" for an
 * access of a whole work-group), prints the instruction, then "At line N
 * (column C) of FILE:" and the source line. Only the lines up to "At line"
 * are read: the source line after it is the student's text. */
static void at_of(const char *b, const char *e, grind_at *a)
{
	*a = (grind_at){.group = -1, .item = -1, .did = "access", .line = 0, .col = 0};
	for (const char *l = b; l < e;) {
		const char *nl = memchr(l, '\n', (size_t)(e - l));
		const char *le = nl ? nl : e;
		while (l < le && (*l == ' ' || *l == '\t'))
			l++;
		if (!strncmp(l, "At line ", 8)) {
			if (sscanf(l, "At line %d (column %d)", &a->line, &a->col) < 1 ||
			    a->line < 0)
				a->line = 0;
			if (a->col < 0)
				a->col = 0;
			return;
		}
		const char *q = find_in(l, le, "Group(");
		if (q)
			a->group = strtol(q + 6, NULL, 10);
		if ((q = find_in(l, le, "Local(")))
			a->item = strtol(q + 6, NULL, 10);
		const char *d = did_of(l, le);
		if (d)
			a->did = d;
		l = nl ? nl + 1 : e;
	}
}

/* The sides of the message body [b, e): a race has two, after "First
 * entity" and "Second entity"; any other message one. */
static int sides_of(const char *b, const char *e, grind_at *at)
{
	const char *f = find_in(b, e, "First entity");
	const char *s = f ? find_in(f, e, "Second entity") : NULL;
	if (f && s) {
		at_of(f, s, &at[0]);
		at_of(s, e, &at[1]);
		return 2;
	}
	at_of(b, e, &at[0]);
	return 1;
}

/* Line ln of the student's text into buf, without leading blanks and with
 * tabs as one space each (so that a column still counts one per
 * character); returns how many blanks it left out. */
static int source_line(const char *src, int ln, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int k = 1; src && *src && k < ln; k++) {
		src = strchr(src, '\n');
		if (!src)
			return 0;
		src++;
	}
	if (!src)
		return 0;
	int skipped = 0;
	while (src[skipped] == ' ' || src[skipped] == '\t')
		skipped++;
	size_t n = strcspn(src + skipped, "\n");
	snprintf(buf, len, "%.*s", (int)(n > 150 ? 150 : n), src + skipped);
	for (char *t = buf; *t; t++)
		if (*t == '\t')
			*t = ' ';
	return skipped;
}

/* Side a's source line after "  line N: ", and under it a caret at its
 * column with what it did and who, added to out: where two accesses share
 * a line, the carets tell them apart. */
static void add_source(char *out, size_t len, const char *src, const grind_at *a)
{
	char text[160], who[96] = "";
	int skipped = source_line(src, a->line, text, sizeof text);
	size_t o = strlen(out);
	int pre = snprintf(out + o, len - o, "\n  line %d: ", a->line) - 1;
	o = strlen(out);
	snprintf(out + o, len - o, "%s", text);
	int c = a->col - 1 - skipped;
	if (a->col <= 0 || c < 0 || (size_t)c >= strlen(text) || !strcmp(a->did, "access"))
		return;
	if (a->item >= 0 && a->group >= 0)
		snprintf(who, sizeof who, " %s by work-item %ld of work-group %ld", a->did, a->item,
			 a->group);
	else if (a->group >= 0)
		snprintf(who, sizeof who, " %s by work-group %ld", a->did, a->group);
	else
		snprintf(who, sizeof who, " %s", a->did);
	o = strlen(out);
	snprintf(out + o, len - o, "\n%*s^%s", pre + c, "", who);
}

/* "work-group 1's read at line 18" */
static void group_phrase(const grind_at *a, char *buf, size_t len)
{
	int k = snprintf(buf, len, "work-group %ld's %s", a->group, a->did);
	if (a->line && k > 0 && (size_t)k < len)
		snprintf(buf + k, len - (size_t)k, " at line %d", a->line);
}

/* The hint of a race between the sides at[0..nat). */
static void race_hint(const char *head, const grind_at *at, int nat, char *hint, size_t len)
{
	int global = strstr(head, "global memory") != NULL;
	const grind_at *a = &at[0], *b = &at[1];
	if (nat == 2 && global && a->group >= 0 && b->group >= 0 && a->group != b->group) {
		/* no barrier orders work-groups: never advise one here */
		char pa[96], pb[96];
		group_phrase(a, pa, sizeof pa);
		group_phrase(b, pb, sizeof pb);
		snprintf(
		    hint, len,
		    "%s and %s touch the same global cell, and nothing orders two "
		    "work-groups (a barrier waits only for the work-items of one work-group, "
		    "so no barrier can fix this): for a total the work-groups share, add into "
		    "it with an atomic (atomic_add); otherwise give each cell one writer, each "
		    "work-group writing only its own out[g], and combine the work-groups' "
		    "results in a second launch or on the host",
		    pa, pb);
		return;
	}
	int l0 = a->line, l1 = nat == 2 ? b->line : 0;
	if (l0 && l1 && l0 != l1)
		snprintf(hint, len,
			 "a barrier(CLK_%s_MEM_FENCE) is missing between line %d and line %d?",
			 global ? "GLOBAL" : "LOCAL", l0 < l1 ? l0 : l1, l0 < l1 ? l1 : l0);
	else if (l0 || l1)
		snprintf(hint, len,
			 "two work-items use the same cell at line %d in one step: a barrier is "
			 "missing inside the loop, work-items outside the active range take part "
			 "(guard the step by it), or two work-items write one cell?",
			 l0 ? l0 : l1);
}

/* The element an access of size bytes at Oclgrind's address addr falls
 * on, from the start of its buffer: Oclgrind (on a 64-bit host) keeps the
 * buffer in the top 16 bits of an address and the offset in the low 48, so
 * an index that wrapped below 0 lands just under the start (a negative
 * element). 0 when it cannot tell. */
static int element_of(unsigned long long addr, unsigned size, long long *el)
{
	const unsigned long long span = 1ULL << 48;
	unsigned long long off = addr & (span - 1);
	if (!size)
		return 0;
	if (off >= span / 2) {
		if ((span - off) % size)
			return 0;
		*el = -(long long)((span - off) / size);
	} else {
		if (off % size)
			return 0;
		*el = (long long)(off / size);
	}
	return *el > -(1LL << 24) && *el < (1LL << 24);
}

/* Oclgrind's "Index (X) exceeds static array size (M)" at line ln of the
 * log, which it writes beside the invalid access to an array of fixed
 * length; 1 with X and M, else 0. */
static int static_index_at(const char *log, int ln, long long *x, long long *m)
{
	char head[256];
	for (const char *p = log; *p;) {
		const char *end = message_end(p, head, sizeof head);
		grind_at a;
		if (sscanf(head, "Index (%lld) exceeds static array size (%lld)", x, m) == 2) {
			at_of(p + strcspn(p, "\n"), end, &a);
			if (a.line == ln)
				return 1;
		}
		p = end;
	}
	return 0;
}

/* The hint of an invalid access (head) by side a: its address space tells
 * an array of the work-group (local) from a buffer (global), and its
 * address where the index fell. */
static void oob_hint(const char *head, const char *log, const grind_at *a, char *hint, size_t len)
{
	char rw[8] = "", space[16] = "";
	unsigned size = 0;
	unsigned long long addr = 0;
	long long el = 0, x = 0, m = 0;
	if (!strncmp(head, "Invalid write to read-only buffer", 33)) {
		snprintf(hint, len,
			 "the kernel writes into in, which it may only read: the results go to out "
			 "(and the partial ones to local memory)");
		return;
	}
	int parsed = sscanf(head, "Invalid %7s of size %u at %15s memory address 0x%llx", rw, &size,
			    space, &addr) == 4;
	int known = parsed && element_of(addr, size, &el);
	int fixed = sscanf(head, "Index (%lld) exceeds static array size (%lld)", &x, &m) == 2 ||
		    (a->line && static_index_at(log, a->line, &x, &m));
	const char *what = parsed ? rw : "access";
	if (fixed && !strcmp(space, "private"))
		snprintf(
		    hint, len,
		    "an array of each work-item's own, declared with %lld elements, is indexed "
		    "at %lld, past its end: keep the index below %lld",
		    m, x, m);
	else if (fixed)
		snprintf(hint, len,
			 "an array declared with %lld elements is indexed at %lld, past its end: a "
			 "fixed length does not follow L, the work-group size, which changes from "
			 "launch to launch; for a cell per work-item use the local argument tmp, "
			 "which has L elements (get_local_size(0))",
			 m, x);
	else if (!strcmp(space, "local") && known && el < 0)
		snprintf(
		    hint, len,
		    "this %s is of element %lld of a local array, before its start: an index "
		    "such as lid - d wraps around below 0 when lid < d (size_t has no negative "
		    "values); guard the access (if (lid >= d))",
		    what, el);
	else if (!strcmp(space, "local")) {
		char at[64] = "";
		if (known)
			snprintf(at, sizeof at, ", and this %s is of element %lld, past its end",
				 what, el);
		snprintf(hint, len,
			 "the local array tmp has L elements (get_local_size(0)), tmp[0] to "
			 "tmp[L - 1]%s: an index past L - 1 (such as lid + s when lid is not below "
			 "s) reads or writes past it; guard the access by the active range "
			 "(if (lid < s))",
			 at);
	} else if (!strcmp(space, "global") && known && el < 0)
		snprintf(
		    hint, len,
		    "this %s is of element %lld of a global buffer, before its start: an index "
		    "such as i - 1 wraps around below 0 when i = 0 (size_t has no negative "
		    "values); guard the access",
		    what, el);
	else if (!strcmp(space, "private"))
		snprintf(hint, len,
			 "an array of each work-item's own is indexed past its end: keep the index "
			 "below the length it was declared with");
	else
		snprintf(hint, len,
			 "check the index against n before the access (the last work-group is not "
			 "full when n is not a multiple of L)");
}

/* Whether r has a diagnosis of kind at line ln of file already (another
 * would be dropped: one per problem). */
static int diagnosed(const ck_result *r, ck_kind kind, const char *file, int ln)
{
	for (size_t k = 0; k < r->ndiag; k++)
		if (r->diags[k].kind == kind && r->diags[k].line == ln && r->diags[k].file &&
		    strcmp(r->diags[k].file, file) == 0)
			return 1;
	return 0;
}

/* The messages of the log that are not about uninitialised values: heads
 * only, never the student's source lines Oclgrind quotes (indented), which
 * could say "data race" to hide an uninitialised read. */
static int count_others(const char *log)
{
	int others = 0;
	char head[256];
	for (const char *p = log; *p;) {
		if (*p == ' ' || *p == '\t' || *p == '\n') {
			const char *nl = strchr(p, '\n');
			p = nl ? nl + 1 : p + strlen(p);
			continue;
		}
		const char *end = message_end(p, head, sizeof head);
		if (!strncmp(head, "Invalid ", 8) || !strncmp(head, "Index (", 7) ||
		    strstr(head, "data race") || !strncmp(head, "Work-group divergence", 21))
			others++;
		p = end;
	}
	return others;
}

int ck_grind_parse(const char *log, const char *shown, const char *src, const char *casedesc,
		   ck_result *r)
{
	int found = 0, uninit = 0, others = count_others(log);
	/* Values read past an array or in a race are undefined, and Oclgrind
	 * follows them as uninitialised: such reports are left out when the
	 * run has another problem, and of the rest only the first is kept. */
	const char *p = log;
	while (*p) {
		/* a message starts at a line that is not indented */
		if (*p == ' ' || *p == '\t' || *p == '\n') {
			const char *nl = strchr(p, '\n');
			p = nl ? nl + 1 : p + strlen(p);
			continue;
		}
		char head[256];
		const char *end = message_end(p, head, sizeof head);
		const char *body = p + strcspn(p, "\n");
		grind_at at[2];
		int nat = sides_of(body, end, at);
		ck_kind kind;
		if (strstr(head, "data race"))
			kind = CK_RACE;
		else if (strstr(head, "divergence"))
			kind = CK_BARRIER_DIVERGENCE;
		else if (!strncmp(head, "Invalid read", 12) ||
			 !strncmp(head, "Invalid write", 13) || !strncmp(head, "Index (", 7))
			kind = CK_OUT_OF_BOUNDS;
		else if (strstr(head, "ninitiali") && !others && !uninit++)
			kind = CK_UNINITIALIZED;
		else {
			p = end;
			continue;
		}
		/* the diagnosis's line: a race's earlier one */
		int line = 0;
		for (int k = 0; k < nat; k++)
			if (at[k].line && (!line || at[k].line < line))
				line = at[k].line;
		if (diagnosed(r, kind, shown, line)) {
			p = end;
			continue;
		}
		char hint[768] = "";
		if (kind == CK_RACE)
			race_hint(head, at, nat, hint, sizeof hint);
		else if (kind == CK_OUT_OF_BOUNDS)
			oob_hint(head, log, &at[0], hint, sizeof hint);
		else if (kind == CK_BARRIER_DIVERGENCE)
			snprintf(
			    hint, sizeof hint,
			    "every work-item of a work-group must reach the same barrier: take "
			    "it out of the if (or the loop whose trip count differs), and guard "
			    "only the work");
		else
			snprintf(hint, sizeof hint,
				 "a cell is read before any work-item wrote it: write every cell "
				 "of tmp (0 past n) and put a barrier before the reads");
		char srcs[1200] = "";
		for (int k = 0; k < nat; k++)
			if (at[k].line)
				add_source(srcs, sizeof srcs, src, &at[k]);
		size_t before = r->ndiag;
		ck_diag_add(r, kind, CK_CRIT_MEMORY, shown, line, casedesc, hint[0] ? hint : NULL,
			    "Oclgrind: %s%s", head, srcs);
		if (r->ndiag > before)
			found++;
		p = end;
	}
	return found;
}

/* ---- what a GPU makes of the accesses --------------------------------- */

/* The access to array on line ln of src, as written ("tmp[2 * s * lid]"),
 * into buf; the line itself (shortened) where the array is unknown or not
 * on it. */
static void access_text(const char *src, unsigned ln, const char *array, char *buf, size_t len)
{
	char text[160];
	source_line(src, (int)ln, text, sizeof text);
	size_t an = strlen(array);
	for (const char *p = an ? text : NULL; p && (p = strstr(p, array)); p += an) {
		int starts = p == text ||
			     !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			       (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9'));
		const char *q = p + an;
		while (*q == ' ')
			q++;
		if (!starts || *q != '[')
			continue;
		int depth = 0;
		const char *e = q;
		for (; *e; e++) {
			depth += *e == '[' ? 1 : *e == ']' ? -1 : 0;
			if (!depth)
				break;
		}
		if (*e) {
			snprintf(buf, len, "%.*s", (int)(e + 1 - p), p);
			return;
		}
	}
	snprintf(buf, len, "%.60s%s", text, strlen(text) > 60 ? "..." : "");
}

/* The note of a line that costs more than it must, or none. */
static void memline_note(ck_memline *m, const char *src, const char *shown, unsigned banks)
{
	char what[96];
	m->note[0] = '\0';
	access_text(src, m->line, m->array, what, sizeof what);
	if (m->local && m->worst >= 2) {
		char why[96] = "";
		if (m->stride > 1 || m->stride < -1)
			snprintf(why, sizeof why, " (neighbouring work-items %lld elements apart)",
				 m->stride);
		snprintf(
		    m->note, sizeof m->note,
		    "%s:%u: %s: %llu-way bank conflicts in barrier interval %zu%s, %llu bank "
		    "turns for %llu requests: index local memory by the local id (neighbouring "
		    "work-items, neighbouring words), not by a multiple of it, or pad the array "
		    "(rows of %u words for %u banks)",
		    shown, m->line, what, m->worst, m->step, why, m->transactions, m->requests,
		    banks + 1, banks);
	} else if (!m->local && m->transactions >= 2 * m->least &&
		   m->transactions - m->least >= 4) {
		unsigned long long per = (m->least + m->requests - 1) / m->requests;
		if (m->worst <= per) {
			/* each request is as small as it can be, and there are too
			 * many: a work-item that walks the words alone */
			snprintf(m->note, sizeof m->note,
				 "%s:%u: %s: %llu sectors for %llu requests where %llu would hold "
				 "their bytes: few work-items access word after word; let "
				 "consecutive work-items access consecutive words, together",
				 shown, m->line, what, m->transactions, m->requests, m->least);
			return;
		}
		char why[96] = "";
		if (m->stride != 1)
			snprintf(why, sizeof why, " (neighbouring work-items %lld elements apart)",
				 m->stride);
		snprintf(
		    m->note, sizeof m->note,
		    "%s:%u: %s: %llu sectors a request where %llu would do%s, %llu sectors for "
		    "%llu requests: consecutive work-items should access consecutive words",
		    shown, m->line, what, m->worst, per ? per : 1, why, m->transactions,
		    m->requests);
	}
}

void ck_grind_memory(const gv_run *run, const char *path, const char *shown, ck_result *r)
{
	/* the largest work-group's launch, of one group where the view has
	 * them (a blocks exercise's view has several: their counts summed) */
	const gv_launch *l = NULL;
	for (size_t k = 0; k < run->nlaunch; k++) {
		const gv_launch *c = &run->launch[k];
		int one = c->ngroup == 1, was_one = l && l->ngroup == 1;
		if (c->subgroup &&
		    (!l || (one && !was_one) || (one == was_one && c->local[0] >= l->local[0])))
			l = c;
	}
	r->nmem = r->nbranch = 0;
	r->mem_L = 0;
	if (!l) {
		/* launches recorded, none with the GPU's counts: say why access
		 * stays ungraded, not only that it was not reached */
		if (run->nlaunch && r->ex->points[CK_CRIT_ACCESS] > 0)
			ck_note(r, "the PRAM view recorded no GPU counts (PRAM_GRIND_GPU=0 in the "
				   "environment turns them off), so access was not graded");
		return;
	}
	r->mem_L = l->local[0] * l->local[1] * l->local[2];
	r->mem_groups = l->ngroup;
	r->mem_subgroup = l->subgroup;
	r->mem_banks = l->banks;
	r->mem_bank_bytes = l->bank_bytes;
	r->mem_sector_bytes = l->sector_bytes;
	gv_memory m[CK_MAX_MEMLINES];
	size_t n = gv_memory_lines(l, m, CK_MAX_MEMLINES);
	char err[256];
	char *src = ck_slurp(path, NULL, err, sizeof err);
	int graded = r->ex->points[CK_CRIT_ACCESS] > 0;
	if (graded)
		r->ran[CK_CRIT_ACCESS] = CK_RAN_CHECKED;
	for (size_t k = 0; k < n && k < CK_MAX_MEMLINES; k++) {
		ck_memline *c = &r->mem[r->nmem++];
		*c = (ck_memline){.line = m[k].line,
				  .local = m[k].space == GV_LOCAL,
				  .requests = m[k].requests,
				  .transactions = m[k].transactions,
				  .least = m[k].least,
				  .worst = m[k].worst,
				  .step = m[k].step,
				  .stride = m[k].stride};
		snprintf(c->array, sizeof c->array, "%s", m[k].array);
		memline_note(c, src ? src : "", shown, l->banks);
		/* an exercise that grades the accesses: each line that costs more
		 * than its bytes need is a problem, in the note's words */
		size_t pre = strlen(shown);
		if (graded && c->note[0] && strncmp(c->note, shown, pre) == 0) {
			const char *msg = strchr(c->note + pre + 1, ' ');
			ck_diag_add(r, c->local ? CK_BANK_CONFLICT : CK_UNCOALESCED, CK_CRIT_ACCESS,
				    shown, (int)c->line, NULL, NULL, "%s", msg ? msg + 1 : c->note);
		}
	}
	free(src);
	for (size_t k = 0; k < l->nbranch; k++) {
		const gv_branch *b = &l->branch[k];
		size_t at = 0;
		while (at < r->nbranch && r->branch[at].line != b->line)
			at++;
		if (at == r->nbranch) {
			if (r->nbranch == CK_MAX_MEMLINES)
				continue;
			r->branch[r->nbranch++] = (ck_branchline){.line = b->line};
		}
		r->branch[at].requests += b->requests;
		r->branch[at].divergent += b->divergent;
	}
	/* only the lines where some sub-group diverged */
	size_t kept = 0;
	for (size_t k = 0; k < r->nbranch; k++)
		if (r->branch[k].divergent)
			r->branch[kept++] = r->branch[k];
	r->nbranch = kept;
}
