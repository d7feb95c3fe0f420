/*
 * grindview.c - finding the PRAM-view plugin and reading what it recorded
 * (the format is in grindview.h). The reader is strict: every record is
 * checked against its neighbours (the steps of a group, the groups of a
 * launch, the totals of the end line), and anything out of place is an
 * error naming the file and line.
 */
#include "grindview.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define PLUGIN_FILE "pram_plugin.so"
#define MAX_FIELDS  32

const char *gv_class_name(gv_class c)
{
	return c == GV_CRCW ? "CRCW" : c == GV_CREW ? "CREW" : "EREW";
}

const char *gv_plugin_path(void)
{
	static char path[PATH_MAX];
	const char *named = getenv("PRAM_GRIND_PLUGIN");
	if (named && *named) {
		if (strlen(named) >= sizeof path || access(named, R_OK) != 0)
			return NULL;
		strcpy(path, named);
		return path;
	}
	const char *dirs[2] = {ABS_TOP_BUILDDIR "/kernels/oclgrind", PKGLIBDIR};
	for (int k = 0; k < 2; k++) {
		int len = snprintf(path, sizeof path, "%s/%s", dirs[k], PLUGIN_FILE);
		if (len > 0 && (size_t)len < sizeof path && access(path, R_OK) == 0)
			return path;
	}
	return NULL;
}

const char *gv_space_name(gv_space s)
{
	return s == GV_LOCAL ? "local" : "global";
}

void gv_free(gv_run *r)
{
	if (!r)
		return;
	for (size_t k = 0; k < r->nlaunch; k++) {
		gv_launch *l = &r->launch[k];
		for (size_t g = 0; g < l->ngroup; g++)
			free(l->group[g].step);
		free(l->group);
		free(l->memory);
		free(l->branch);
		free(l->barrier);
	}
	free(r->launch);
	r->launch = NULL;
	r->nlaunch = 0;
}

/* ---- the reader ------------------------------------------------------ */

typedef struct reader {
	const char *path;
	size_t line; /* the line being read, from 1 */
	char *err;
	size_t errlen;
	/* The current line cut into its record type and fields. */
	char *type;
	char *key[MAX_FIELDS], *val[MAX_FIELDS];
	int nfield;
} reader;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
fail(reader *rd, const char *fmt, ...)
{
	int n = snprintf(rd->err, rd->errlen, "%s:%zu: ", rd->path, rd->line);
	if (n >= 0 && (size_t)n < rd->errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(rd->err + n, rd->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Cut line (modified in place) into the record type and KEY=VALUE fields. */
static int split(reader *rd, char *line)
{
	rd->nfield = 0;
	rd->type = NULL;
	char *save = NULL;
	for (char *tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!rd->type) {
			rd->type = tok;
			continue;
		}
		char *eq = strchr(tok, '=');
		if (!eq || eq == tok)
			return fail(rd, "'%s' is not KEY=VALUE", tok);
		if (rd->nfield == MAX_FIELDS)
			return fail(rd, "more than %d fields", MAX_FIELDS);
		*eq = '\0';
		rd->key[rd->nfield] = tok;
		rd->val[rd->nfield] = eq + 1;
		rd->nfield++;
	}
	return 0;
}

/* The value of field key of the current line, or NULL after an error. */
static const char *field(reader *rd, const char *key)
{
	for (int k = 0; k < rd->nfield; k++)
		if (strcmp(rd->key[k], key) == 0)
			return rd->val[k];
	fail(rd, "%s record without %s=", rd->type, key);
	return NULL;
}

static int get_ull(reader *rd, const char *key, unsigned long long *v)
{
	const char *s = field(rd, key);
	if (!s)
		return -1;
	char *end;
	errno = 0;
	if (*s < '0' || *s > '9' || (*v = strtoull(s, &end, 10), errno) || *end)
		return fail(rd, "%s=%s is not a count", key, s);
	return 0;
}

/* An optional count: def where the record has no such field (a record of
 * the plugin before it charged accesses). */
static int get_ull_or(reader *rd, const char *key, unsigned long long *v, unsigned long long def)
{
	for (int k = 0; k < rd->nfield; k++)
		if (strcmp(rd->key[k], key) == 0)
			return get_ull(rd, key, v);
	*v = def;
	return 0;
}

static int get_size(reader *rd, const char *key, size_t *v)
{
	unsigned long long u;
	if (get_ull(rd, key, &u) != 0)
		return -1;
	if (u > SIZE_MAX)
		return fail(rd, "%s=%llu is too large", key, u);
	*v = (size_t)u;
	return 0;
}

/* A signed value, -1 or more. */
static int parse_ll(const char *s, long long *v)
{
	char *end;
	errno = 0;
	if (!*s || ((*s < '0' || *s > '9') && *s != '-'))
		return -1;
	*v = strtoll(s, &end, 10);
	return errno || *end || *v < -1 ? -1 : 0;
}

/* X,Y,Z */
static int get_size3(reader *rd, const char *key, size_t v[3])
{
	const char *s = field(rd, key);
	if (!s)
		return -1;
	const char *p = s;
	for (int k = 0; k < 3; k++) {
		char *end;
		errno = 0;
		if (*p < '0' || *p > '9')
			return fail(rd, "%s=%s is not X,Y,Z", key, s);
		unsigned long long u = strtoull(p, &end, 10);
		if (errno || u > SIZE_MAX || *end != (k < 2 ? ',' : '\0'))
			return fail(rd, "%s=%s is not X,Y,Z", key, s);
		v[k] = (size_t)u;
		p = end + 1;
	}
	return 0;
}

static int get_name(reader *rd, const char *key, char *buf, size_t len)
{
	const char *s = field(rd, key);
	if (!s)
		return -1;
	if (strlen(s) >= len)
		return fail(rd, "%s=%s is longer than %zu characters", key, s, len - 1);
	strcpy(buf, s);
	return 0;
}

/* The fields a group and a step share. */
static int get_counts(reader *rd, unsigned long long *work, unsigned long long *reads,
		      unsigned long long *writes, unsigned long long *instructions, gv_class *cls,
		      gv_conflict *c)
{
	if (get_ull(rd, "work", work) || get_ull(rd, "reads", reads) ||
	    get_ull(rd, "writes", writes) || get_ull(rd, "instructions", instructions))
		return -1;
	const char *s = field(rd, "class");
	if (!s)
		return -1;
	if (strcmp(s, "EREW") == 0)
		*cls = GV_EREW;
	else if (strcmp(s, "CREW") == 0)
		*cls = GV_CREW;
	else if (strcmp(s, "CRCW") == 0)
		*cls = GV_CRCW;
	else
		return fail(rd, "class=%s is not EREW, CREW or CRCW", s);
	unsigned long long line;
	if (get_ull(rd, "line", &line))
		return -1;
	if (line > UINT_MAX)
		return fail(rd, "line=%llu is too large", line);
	c->line = (unsigned)line;
	if (get_name(rd, "array", c->array, sizeof c->array))
		return -1;
	if (strcmp(c->array, "-") == 0)
		c->array[0] = '\0';
	if (!(s = field(rd, "index")))
		return -1;
	if (parse_ll(s, &c->index) != 0)
		return fail(rd, "index=%s is not an index or -1", s);
	if (!(s = field(rd, "items")))
		return -1;
	const char *comma = strchr(s, ',');
	char a[32];
	if (!comma || (size_t)(comma - s) >= sizeof a)
		return fail(rd, "items=%s is not P,Q", s);
	memcpy(a, s, (size_t)(comma - s));
	a[comma - s] = '\0';
	if (parse_ll(a, &c->item[0]) != 0 || parse_ll(comma + 1, &c->item[1]) != 0)
		return fail(rd, "items=%s is not P,Q", s);
	if (*cls != GV_EREW && (c->item[0] < 0 || c->item[1] < 0 || c->index < 0 || !c->array[0]))
		return fail(rd, "a %s record without the conflict's array, index and items",
			    gv_class_name(*cls));
	return 0;
}

/* Append an element of size sz to the array *v of *n, growing *cap. */
static void *grow(void *v, size_t n, size_t *cap, size_t sz)
{
	if (n < *cap)
		return v;
	size_t nc = *cap ? 2 * *cap : 4;
	if (nc > SIZE_MAX / sz)
		return NULL;
	void *p = realloc(v, nc * sz);
	if (p)
		*cap = nc;
	return p;
}

static int read_launch(reader *rd, gv_launch *l)
{
	unsigned long long dim;
	if (get_name(rd, "kernel", l->kernel, sizeof l->kernel) || get_ull(rd, "dim", &dim) ||
	    get_size3(rd, "global", l->global) || get_size3(rd, "local", l->local) ||
	    get_size3(rd, "groups", l->groups))
		return -1;
	if (dim < 1 || dim > 3)
		return fail(rd, "dim=%llu is not 1, 2 or 3", dim);
	l->dim = (unsigned)dim;
	/* the GPU's parameters, from version 2 */
	static const char *const keys[4] = {"subgroup", "banks", "bankbytes", "sectorbytes"};
	unsigned *vals[4] = {&l->subgroup, &l->banks, &l->bank_bytes, &l->sector_bytes};
	for (int k = 0; k < 4; k++) {
		unsigned long long v;
		if (get_ull_or(rd, keys[k], &v, 0))
			return -1;
		if (v > 65536)
			return fail(rd, "%s=%llu is more than this reader takes", keys[k], v);
		*vals[k] = (unsigned)v;
	}
	return 0;
}

static int read_group(reader *rd, gv_group *g)
{
	if (get_size3(rd, "id", g->id) || get_size(rd, "steps", &g->steps) ||
	    get_counts(rd, &g->work, &g->reads, &g->writes, &g->instructions, &g->access,
		       &g->first) ||
	    get_ull_or(rd, "depth", &g->depth, g->steps) ||
	    get_ull_or(rd, "accesses", &g->accesses, 0))
		return -1;
	if (g->steps == 0)
		return fail(rd, "steps=0: a work-group runs at least one step");
	if (g->steps > ((size_t)1 << 24))
		return fail(rd, "steps=%zu is more than this reader takes", g->steps);
	if (!(g->step = calloc(g->steps, sizeof *g->step)))
		return fail(rd, "out of memory for %zu steps", g->steps);
	return 0;
}

/* The group's totals against its steps, once they are all read. */
static int check_group(reader *rd, const gv_group *g)
{
	unsigned long long work = 0, reads = 0, writes = 0, inst = 0, depth = 0;
	gv_class cls = GV_EREW;
	for (size_t k = 0; k < g->steps; k++) {
		depth += g->step[k].time;
		work += g->step[k].work;
		reads += g->step[k].reads;
		writes += g->step[k].writes;
		inst += g->step[k].instructions;
		if (g->step[k].access > cls)
			cls = g->step[k].access;
	}
	if (work != g->work || reads != g->reads || writes != g->writes || inst != g->instructions)
		return fail(rd,
			    "the steps of group %zu,%zu,%zu sum to work=%llu reads=%llu "
			    "writes=%llu instructions=%llu, its line says %llu %llu %llu %llu",
			    g->id[0], g->id[1], g->id[2], work, reads, writes, inst, g->work,
			    g->reads, g->writes, g->instructions);
	if (depth != g->depth)
		return fail(rd,
			    "the steps of group %zu,%zu,%zu take %llu units of time, its line "
			    "says depth=%llu",
			    g->id[0], g->id[1], g->id[2], depth, g->depth);
	if (cls != g->access)
		return fail(rd, "the steps of group %zu,%zu,%zu are %s at most, its line says %s",
			    g->id[0], g->id[1], g->id[2], gv_class_name(cls),
			    gv_class_name(g->access));
	return 0;
}

static int read_end(reader *rd, gv_launch *l)
{
	size_t groups, depth;
	unsigned long long work;
	if (get_size(rd, "groups", &groups) || get_ull(rd, "work", &work) ||
	    get_size(rd, "depth", &depth))
		return -1;
	l->work = 0;
	l->depth = 0;
	l->access = GV_EREW;
	l->worst = 0;
	for (size_t g = 0; g < l->ngroup; g++) {
		l->work += l->group[g].work;
		if (l->group[g].depth > l->depth)
			l->depth = (size_t)l->group[g].depth;
		if (l->group[g].access > l->access) {
			l->access = l->group[g].access;
			l->worst = g;
		}
	}
	if (groups != l->ngroup || work != l->work || depth != l->depth)
		return fail(rd,
			    "end says groups=%zu work=%llu depth=%zu, the launch of %s has %zu "
			    "groups, work %llu, depth %zu",
			    groups, work, depth, l->kernel, l->ngroup, l->work, l->depth);
	return 0;
}

/* Where the reader is in the run: the launch and the group it is in. */
typedef struct position {
	gv_run run;
	size_t launch_cap, group_cap, memory_cap, branch_cap, barrier_cap;
	gv_launch *l;       /* the open launch */
	gv_group *g;        /* the open group, until its last step */
	size_t next_step;   /* the step of g the next step line is */
	size_t launch_line; /* where l opened */
} position;

/* The first line: "pram-grind 1" or "pram-grind 2". */
static int read_header(reader *rd, const char *buf)
{
	if (strncmp(buf, "pram-grind ", 11) != 0)
		return fail(rd, "not a PRAM-view file (it starts '%.40s', expected 'pram-grind 2')",
			    buf);
	if (strcmp(buf + 11, "1") != 0 && strcmp(buf + 11, "2") != 0)
		return fail(rd, "format version %.20s; this reader knows versions 1 and 2",
			    buf + 11);
	return 0;
}

static int on_launch(reader *rd, position *ps)
{
	if (ps->l)
		return fail(
		    rd, "a launch line inside the launch of %s (line %zu), which has no end line",
		    ps->l->kernel, ps->launch_line);
	gv_launch *more = grow(ps->run.launch, ps->run.nlaunch, &ps->launch_cap, sizeof *more);
	if (!more)
		return fail(rd, "out of memory");
	ps->run.launch = more;
	ps->l = &ps->run.launch[ps->run.nlaunch++];
	memset(ps->l, 0, sizeof *ps->l);
	ps->group_cap = ps->memory_cap = ps->branch_cap = ps->barrier_cap = 0;
	ps->launch_line = rd->line;
	return read_launch(rd, ps->l);
}

static int on_group(reader *rd, position *ps)
{
	if (!ps->l)
		return fail(rd, "a group line outside a launch");
	if (ps->g)
		return fail(rd, "a group line where step %zu of %zu was expected",
			    ps->next_step + 1, ps->g->steps);
	gv_group *more = grow(ps->l->group, ps->l->ngroup, &ps->group_cap, sizeof *more);
	if (!more)
		return fail(rd, "out of memory");
	ps->l->group = more;
	ps->g = &ps->l->group[ps->l->ngroup++];
	memset(ps->g, 0, sizeof *ps->g);
	ps->next_step = 0;
	return read_group(rd, ps->g);
}

static int on_step(reader *rd, position *ps)
{
	size_t n;
	if (!ps->g)
		return fail(rd, "a step line outside a group");
	if (get_size(rd, "n", &n) != 0)
		return -1;
	if (n != ps->next_step + 1)
		return fail(rd, "step n=%zu where step %zu was expected", n, ps->next_step + 1);
	gv_step *s = &ps->g->step[ps->next_step];
	if (get_counts(rd, &s->work, &s->reads, &s->writes, &s->instructions, &s->access,
		       &s->first) != 0 ||
	    get_ull_or(rd, "time", &s->time, 1) || get_ull_or(rd, "accesses", &s->accesses, 0))
		return -1;
	if (s->time == 0)
		return fail(rd, "time=0: a step takes at least one unit");
	if (++ps->next_step == ps->g->steps) {
		if (check_group(rd, ps->g) != 0)
			return -1;
		ps->g = NULL;
	}
	return 0;
}

/* A source line's number into *line. */
static int get_line(reader *rd, unsigned *line)
{
	unsigned long long v;
	if (get_ull(rd, "line", &v))
		return -1;
	if (v > UINT_MAX)
		return fail(rd, "line=%llu is too large", v);
	*line = (unsigned)v;
	return 0;
}

/* Where a GPU record may be: in a launch, between its groups. */
static int gpu_place(reader *rd, const position *ps)
{
	if (!ps->l)
		return fail(rd, "a %s line outside a launch", rd->type);
	if (ps->g)
		return fail(rd, "a %s line where step %zu of %zu was expected", rd->type,
			    ps->next_step + 1, ps->g->steps);
	return 0;
}

static int on_memory(reader *rd, position *ps)
{
	if (gpu_place(rd, ps))
		return -1;
	gv_launch *l = ps->l;
	gv_memory *more = grow(l->memory, l->nmemory, &ps->memory_cap, sizeof *more);
	if (!more)
		return fail(rd, "out of memory");
	l->memory = more;
	gv_memory *m = &l->memory[l->nmemory];
	memset(m, 0, sizeof *m);
	unsigned long long size;
	const char *s;
	if (get_line(rd, &m->line) || !(s = field(rd, "space")) ||
	    get_size(rd, "step", &m->step) || get_name(rd, "array", m->array, sizeof m->array) ||
	    get_ull(rd, "requests", &m->requests) ||
	    get_ull(rd, "transactions", &m->transactions) || get_ull(rd, "least", &m->least) ||
	    get_ull(rd, "worst", &m->worst) || get_ull(rd, "size", &size))
		return -1;
	if (strcmp(s, "global") == 0)
		m->space = GV_GLOBAL;
	else if (strcmp(s, "local") == 0)
		m->space = GV_LOCAL;
	else
		return fail(rd, "space=%s is not global or local", s);
	if (strcmp(m->array, "-") == 0)
		m->array[0] = '\0';
	if (!(s = field(rd, "stride")))
		return -1;
	char *end;
	errno = 0;
	m->stride = strtoll(s, &end, 10);
	if (!*s || errno || *end)
		return fail(rd, "stride=%s is not a whole number", s);
	if (size > UINT_MAX)
		return fail(rd, "size=%llu is too large", size);
	m->size = (unsigned)size;
	if (m->step == 0 || m->requests == 0)
		return fail(rd, "a memory record of step %zu with %llu requests (both start at 1)",
			    m->step, m->requests);
	if (m->requests > m->transactions || m->least > m->transactions ||
	    m->worst > m->transactions)
		return fail(rd,
			    "requests=%llu least=%llu worst=%llu, but transactions=%llu is fewer "
			    "(each is at most the transactions)",
			    m->requests, m->least, m->worst, m->transactions);
	l->nmemory++;
	return 0;
}

static int on_branch(reader *rd, position *ps)
{
	if (gpu_place(rd, ps))
		return -1;
	gv_launch *l = ps->l;
	gv_branch *more = grow(l->branch, l->nbranch, &ps->branch_cap, sizeof *more);
	if (!more)
		return fail(rd, "out of memory");
	l->branch = more;
	gv_branch *b = &l->branch[l->nbranch];
	if (get_line(rd, &b->line) || get_size(rd, "step", &b->step) ||
	    get_ull(rd, "requests", &b->requests) || get_ull(rd, "divergent", &b->divergent))
		return -1;
	if (b->divergent > b->requests)
		return fail(rd, "divergent=%llu is more than requests=%llu", b->divergent,
			    b->requests);
	l->nbranch++;
	return 0;
}

static int on_barrier(reader *rd, position *ps)
{
	if (gpu_place(rd, ps))
		return -1;
	gv_launch *l = ps->l;
	gv_barrier *more = grow(l->barrier, l->nbarrier, &ps->barrier_cap, sizeof *more);
	if (!more)
		return fail(rd, "out of memory");
	l->barrier = more;
	gv_barrier *b = &l->barrier[l->nbarrier];
	if (get_line(rd, &b->line) || get_ull(rd, "count", &b->count))
		return -1;
	l->nbarrier++;
	return 0;
}

static int on_end(reader *rd, position *ps)
{
	if (!ps->l)
		return fail(rd, "an end line outside a launch");
	if (ps->g)
		return fail(rd, "an end line where step %zu of %zu was expected", ps->next_step + 1,
			    ps->g->steps);
	if (read_end(rd, ps->l) != 0)
		return -1;
	ps->l = NULL;
	return 0;
}

/* One record line after the header (buf, cut in place). */
static int read_record(reader *rd, position *ps, char *buf)
{
	if (split(rd, buf) != 0)
		return -1;
	if (!rd->type)
		return fail(rd, "an empty line");
	if (strcmp(rd->type, "launch") == 0)
		return on_launch(rd, ps);
	if (strcmp(rd->type, "group") == 0)
		return on_group(rd, ps);
	if (strcmp(rd->type, "step") == 0)
		return on_step(rd, ps);
	if (strcmp(rd->type, "end") == 0)
		return on_end(rd, ps);
	if (strcmp(rd->type, "memory") == 0)
		return on_memory(rd, ps);
	if (strcmp(rd->type, "branch") == 0)
		return on_branch(rd, ps);
	if (strcmp(rd->type, "barrier") == 0)
		return on_barrier(rd, ps);
	return fail(rd,
		    "unknown record '%.40s' (expected launch, group, step, memory, branch, barrier "
		    "or end)",
		    rd->type);
}

int gv_read(const char *path, gv_run *out, char *err, size_t errlen)
{
	reader rd = {.path = path, .err = err, .errlen = errlen};
	position ps = {0};
	int header = 0;
	char *buf = NULL;
	size_t bufcap = 0;
	ssize_t len;
	out->nlaunch = 0;
	out->launch = NULL;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	while ((len = getline(&buf, &bufcap, f)) >= 0) {
		rd.line++;
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if ((size_t)len != strlen(buf)) {
			fail(&rd, "a NUL byte in the line");
			goto fail;
		}
		if (header ? read_record(&rd, &ps, buf) != 0 : read_header(&rd, buf) != 0)
			goto fail;
		header = 1;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s:%zu: cannot read: %s", path, rd.line + 1,
			 strerror(errno));
		goto fail;
	}
	if (!header) {
		snprintf(err, errlen,
			 "%s: empty: no launch was recorded (did the kernel run under oclgrind "
			 "with the plugin?)",
			 path);
		goto fail;
	}
	if (ps.l) {
		snprintf(err, errlen,
			 "%s:%zu: the launch of %s (line %zu) has no end line: the file was cut",
			 path, rd.line, ps.l->kernel, ps.launch_line);
		goto fail;
	}
	free(buf);
	fclose(f);
	*out = ps.run;
	return 0;
fail:
	free(buf);
	fclose(f);
	gv_free(&ps.run);
	return -1;
}

size_t gv_memory_lines(const gv_launch *l, gv_memory *out, size_t max)
{
	size_t n = 0;
	for (size_t k = 0; k < l->nmemory; k++) {
		const gv_memory *m = &l->memory[k];
		/* the place of (line, space) in out, kept ordered */
		size_t at = 0;
		while (at < n && (out[at].line < m->line ||
				  (out[at].line == m->line && out[at].space < m->space)))
			at++;
		if (at < n && out[at].line == m->line && out[at].space == m->space) {
			gv_memory *o = &out[at];
			o->requests += m->requests;
			o->transactions += m->transactions;
			o->least += m->least;
			if (m->worst > o->worst) {
				o->worst = m->worst;
				o->step = m->step;
				o->stride = m->stride;
				o->size = m->size;
				memcpy(o->array, m->array, sizeof o->array);
			}
			continue;
		}
		if (n == max) {
			/* out is full: count the lines not kept, all of them */
			size_t more = 1;
			for (size_t j = k + 1; j < l->nmemory; j++) {
				int seen = 0;
				for (size_t i = k; i < j && !seen; i++)
					seen = l->memory[i].line == l->memory[j].line &&
					       l->memory[i].space == l->memory[j].space;
				for (size_t i = 0; i < n && !seen; i++)
					seen = out[i].line == l->memory[j].line &&
					       out[i].space == l->memory[j].space;
				more += !seen;
			}
			return n + more;
		}
		memmove(&out[at + 1], &out[at], (n - at) * sizeof *out);
		out[at] = *m;
		n++;
	}
	return n;
}
