/*
 * machine.c - creating and freeing machines and arrays, the counters and
 * the violation list.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

pram *pram_new(const pram_config *cfg)
{
	pram *m = pram__alloc(sizeof *m);
	if (!m)
		return NULL;
	memset(m, 0, sizeof *m);
	if (cfg)
		m->cfg = *cfg;
	if (m->cfg.max_violations == 0)
		m->cfg.max_violations = 1000;
	if (m->cfg.step_accesses == 0)
		m->cfg.step_accesses = PRAM_STEP_ACCESSES;
	m->k = m->cfg.step_accesses;
	m->f.kfast = m->k + 1;
	m->rng = m->cfg.seed ^ 0x9e3779b97f4a7c15ull;
	m->f.end_pid = 0; /* the first selection goes through pram__proc_slow */
	m->f.base = 1;    /* tag 0 is of no step: new cells are untouched */
	m->next_base = 1;
	m->excl_read = m->cfg.model == PRAM_EREW || m->cfg.model == PRAM_SCAN;
	/* A configuration outside the enums gives a machine that has failed
	 * and says why, so the mistake cannot pass as a model. */
	if ((unsigned)m->cfg.model >= PRAM_MODEL_COUNT)
		pram_fail(m, PRAM_EINVAL, "pram_new: model %d is not a pram_model (0 to %d)",
			  (int)m->cfg.model, PRAM_MODEL_COUNT - 1);
	else if ((unsigned)m->cfg.combine >= PRAM_OP_COUNT)
		pram_fail(m, PRAM_EINVAL,
			  "pram_new: combining operator %d is not a pram_op (0 to %d)",
			  (int)m->cfg.combine, PRAM_OP_COUNT - 1);
	else if ((unsigned)m->cfg.conflicts > PRAM_CONFLICT_COUNT)
		pram_fail(m, PRAM_EINVAL, "pram_new: conflict mode %d is neither error nor count",
			  (int)m->cfg.conflicts);
	else if (m->cfg.record)
		pram_record_start(m, m->cfg.record);
	return m;
}

/* Zero-length arrays are legal (every access to one is out of bounds) but
 * still get one cell, so that no allocation is of size zero. */
static size_t cells_of(const pram_array *a)
{
	return a->len ? a->len : 1;
}

void pram__scratch_free(pram_array *a)
{
	size_t cells = cells_of(a);
	pram__free(a->f.old, cells * sizeof *a->f.old);
	pram__free(a->reader, cells * sizeof *a->reader);
	a->f.old = NULL;
	a->reader = NULL;
}

/* old and reader are read only where this step wrote (or read) the cell
 * first, so they need no clearing: their pages stay untouched where no
 * step writes. */
int pram__scratch_alloc(pram_array *a)
{
	size_t cells = cells_of(a);
	if (!a->f.old && !(a->f.old = pram__alloc(cells * sizeof *a->f.old)))
		return -1;
	if (a->m->excl_read && !a->reader && !(a->reader = pram__alloc(cells * sizeof *a->reader)))
		return -1;
	return 0;
}

/* The cells: values, tags and records. */
static void cells_free(pram_array *a)
{
	size_t cells = cells_of(a);
	pram__scratch_free(a);
	pram__free(a->f.val, cells * sizeof *a->f.val);
	pram__free(a->f.tag, cells * sizeof *a->f.tag);
	pram__free(a->f.state, cells * sizeof *a->f.state);
	a->f.val = NULL;
	a->f.tag = NULL;
	a->f.state = NULL;
}

/* Frees a whole or a partly built array. */
static void array_free(pram_array *a)
{
	cells_free(a);
	if (a->name)
		pram__free(a->name, strlen(a->name) + 1);
	pram__free(a, sizeof *a);
}

void pram_free(pram *m)
{
	if (!m)
		return;
	for (size_t k = 0; k < m->narrays; k++)
		array_free(m->arrays[k]);
	pram__free(m->arrays, m->arrays_cap * sizeof *m->arrays);
	pram__free(m->steps, m->steps_cap * sizeof *m->steps);
	pram__free(m->viol, m->viol_cap * sizeof *m->viol);
	pram__free(m->wide, m->wide_cap * sizeof *m->wide);
	pram__record_free(m);
	pram__free(m, sizeof *m);
}

const pram_config *pram_get_config(const pram *m)
{
	return &m->cfg;
}

pram_array *pram_array_new(pram *m, const char *name, size_t len, pram_type type)
{
	if (m->released) {
		pram_fail(m, PRAM_ESTEP, "array %s made after pram_release_cells",
			  name ? name : "?");
		return NULL;
	}
	if (len > UINT32_MAX - 1) {
		pram_fail(m, PRAM_EINVAL,
			  "array %s of %zu cells: arrays hold fewer than 2^32 cells",
			  name ? name : "?", len);
		return NULL;
	}
	pram_array *a = pram__alloc(sizeof *a);
	if (!a)
		goto fail;
	memset(a, 0, sizeof *a);
	a->m = m;
	a->len = len;
	a->f.type = type == PRAM_INT ? PRAM_INT : PRAM_FLOAT;
	a->name = pram__strdup(name ? name : "?");
	size_t cells = cells_of(a);
	a->f.val = pram__alloc(cells * sizeof *a->f.val);
	a->f.tag = pram__alloc(cells * sizeof *a->f.tag);
	a->f.state = pram__alloc(cells * sizeof *a->f.state);
	if (!a->name || !a->f.val || !a->f.tag || !a->f.state || pram__scratch_alloc(a))
		goto fail;
	/* Tag 0 lies below every step's base: every cell starts untouched. */
	memset(a->f.val, 0, cells * sizeof *a->f.val);
	memset(a->f.tag, 0, cells * sizeof *a->f.tag);
	memset(a->f.state, 0, cells * sizeof *a->f.state);
	if (pram__grow((void **)&m->arrays, &m->arrays_cap, m->narrays + 1, sizeof *m->arrays))
		goto fail;
	a->id = (uint32_t)m->narrays;
	m->arrays[m->narrays++] = a;
	/* An array made inside a running step is open to the fast paths too. */
	a->f.lim[a->f.type] = m->ok ? a->len : 0;
	a->f.rlim[a->f.type] = m->ok && !m->excl_read ? a->len : 0;
	return a;
fail:
	if (a)
		array_free(a);
	pram_fail(m, PRAM_ENOMEM, "out of memory for array %s of %zu cells", name ? name : "?",
		  len);
	return NULL;
}

static void mark_written(pram_array *a, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		a->f.state[i] |= PRAM__HELD;
}

/* Loads and fills of an array whose cells were given back: an error, and
 * nothing is written. Returns 1 when the cells are there. */
/* Is the host kept out of the machine's memory (pram_seal)? Then the
 * access fn(a, at) fails the machine, naming itself. */
static int sealed(const pram_array *a, const char *fn, const char *at)
{
	if (!a->m->sealed)
		return 0;
	pram_fail(a->m, PRAM_ESTEP,
		  "%s(%s%s) while the machine is sealed: a PRAM program reads and writes the "
		  "machine's memory only by its processors, in steps (pram_read, pram_write)",
		  fn, a->name, at);
	return 1;
}

/* The same for a host read of cell i. */
static int sealed_read(const pram_array *a, const char *fn, size_t i)
{
	char at[32];
	snprintf(at, sizeof at, ", %zu", i);
	return a->m->sealed && sealed(a, fn, at);
}

static int has_cells(pram_array *a, const char *what)
{
	if (sealed(a, what[0] == 'l' ? "pram_array_load" : "pram_array_fill", ""))
		return 0;
	if (a->f.val)
		return 1;
	pram_fail(a->m, PRAM_ESTEP, "%s of array %s after pram_release_cells", what, a->name);
	return 0;
}

/* A host read between steps: the step scratch of the array is dead until
 * the next step, which allocates it again. The array is the caller's
 * (only its pointer is const), and the values do not change. */
static void host_read(const pram_array *ca)
{
	pram_array *a = (pram_array *)ca;
	if (a->f.old && !a->m->in_step)
		pram__scratch_free(a);
}

void pram_array_load_i(pram_array *a, const int64_t *src, size_t n)
{
	if (!has_cells(a, "load"))
		return;
	if (n > a->len)
		n = a->len;
	for (size_t i = 0; i < n; i++)
		a->f.val[i].i = src[i];
	mark_written(a, 0, n);
}

void pram_array_load_f(pram_array *a, const double *src, size_t n)
{
	if (!has_cells(a, "load"))
		return;
	if (n > a->len)
		n = a->len;
	for (size_t i = 0; i < n; i++)
		a->f.val[i].f = src[i];
	mark_written(a, 0, n);
}

void pram_array_fill_i(pram_array *a, int64_t v)
{
	if (!has_cells(a, "fill"))
		return;
	for (size_t i = 0; i < a->len; i++)
		a->f.val[i].i = v;
	mark_written(a, 0, a->len);
}

void pram_array_fill_f(pram_array *a, double v)
{
	if (!has_cells(a, "fill"))
		return;
	for (size_t i = 0; i < a->len; i++)
		a->f.val[i].f = v;
	mark_written(a, 0, a->len);
}

int64_t pram_array_get_i(const pram_array *a, size_t i)
{
	if (sealed_read(a, "pram_array_get_i", i))
		return 0;
	host_read(a);
	if (i >= a->len || !a->f.val)
		return 0;
	return a->f.type == PRAM_INT ? a->f.val[i].i : (int64_t)a->f.val[i].f;
}

double pram_array_get_f(const pram_array *a, size_t i)
{
	if (sealed_read(a, "pram_array_get_f", i))
		return 0;
	host_read(a);
	if (i >= a->len || !a->f.val)
		return 0;
	return a->f.type == PRAM_FLOAT ? a->f.val[i].f : (double)a->f.val[i].i;
}

int pram_array_written(const pram_array *a, size_t i)
{
	if (sealed_read(a, "pram_array_written", i))
		return 0;
	return i < a->len && a->f.state && (a->f.state[i] & PRAM__HELD);
}

const char *pram_array_name(const pram_array *a)
{
	return a->name;
}

size_t pram_array_len(const pram_array *a)
{
	return a->len;
}

pram_type pram_array_type(const pram_array *a)
{
	return a->f.type;
}

size_t pram_array_count(const pram *m)
{
	return m->narrays;
}

void pram_seal(pram *m, int on)
{
	m->sealed = on != 0;
}

void pram_release_cells(pram *m)
{
	if (m->sealed) {
		pram_fail(m, PRAM_ESTEP, "pram_release_cells while the machine is sealed");
		return;
	}
	if (m->in_step) {
		pram__violation(m, PRAM_ESTEP, NULL, 0, 0, 0, 0,
				"pram_release_cells inside step \"%s\": call it between steps",
				m->cur.label);
		return;
	}
	for (size_t k = 0; k < m->narrays; k++)
		cells_free(m->arrays[k]);
	pram__free(m->wide, m->wide_cap * sizeof *m->wide);
	m->wide = NULL;
	m->wide_cap = m->wide_n = 0;
	m->released = 1;
}

pram_array *pram_array_at(const pram *m, size_t k)
{
	return k < m->narrays ? m->arrays[k] : NULL;
}

pram_totals pram_get_totals(const pram *m)
{
	return m->tot;
}

size_t pram_step_count(const pram *m)
{
	return m->nsteps;
}

const pram_step_stats *pram_step_at(const pram *m, size_t k)
{
	return k < m->nsteps ? &m->steps[k] : NULL;
}

uint64_t pram_brent_time(const pram *m, uint64_t p)
{
	uint64_t t = 0;
	if (p == 0)
		p = 1;
	/* A step takes a time unit even when no processor acts in it: the
	 * machine's clock ticks once per synchronous round, so T_1 >= D. */
	for (size_t k = 0; k < m->nsteps; k++) {
		uint64_t w = (m->steps[k].work + p - 1) / p;
		t += w > m->steps[k].time ? w : m->steps[k].time;
	}
	return t;
}

uint64_t pram_brent_bound(const pram *m, uint64_t p)
{
	if (p == 0)
		p = 1;
	return (m->tot.work + p - 1) / p + m->tot.depth;
}

size_t pram_violation_count(const pram *m)
{
	return m->nviol;
}

const pram_violation *pram_violation_at(const pram *m, size_t k)
{
	return k < m->nviol ? &m->viol[k] : NULL;
}

/* The last component of a path: messages name source files, not places. */
static const char *base_name(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	return slash ? slash + 1 : path ? path : "?";
}

void pram_violation_format(const pram_violation *v, char *buf, size_t len)
{
	if (v->step == 0) {
		snprintf(buf, len, "%s: %s", pram_status_msg(v->status), v->rule);
		return;
	}
	snprintf(buf, len, "step %llu (%s:%d, \"%s\"): %s: %s", (unsigned long long)v->step,
		 base_name(v->file), v->line, v->label ? v->label : "", pram_status_msg(v->status),
		 v->rule);
}

int pram_failed(const pram *m)
{
	return m->failed;
}

pram_status pram_status_of(const pram *m)
{
	return m->status;
}

const char *pram_errmsg(const pram *m)
{
	return m->errmsg;
}

void pram_set_step_hook(pram *m, pram_step_hook fn, void *ud)
{
	m->hook = fn;
	m->hook_ud = ud;
}

void pram__set_ok(pram *m)
{
	m->ok = m->in_step && m->pid_selected && !m->failed;
	for (size_t k = 0; k < m->narrays; k++) {
		pram_array *a = m->arrays[k];
		/* While recording, every access goes through the library. */
		int open = m->ok && !(m->rec && m->rec->recording);
		a->f.lim[a->f.type] = open ? a->len : 0;
		a->f.rlim[a->f.type] = open && !m->excl_read ? a->len : 0;
	}
}

uint64_t pram__random(pram *m)
{
	uint64_t z = (m->rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Keep v (when the list has room) and count it; in error mode, or for an
 * error that count mode cannot resolve, fail the machine with its text. */
static void record(pram *m, const pram_violation *v)
{
	m->tot.violations++;
	if (m->nviol < m->cfg.max_violations &&
	    pram__grow((void **)&m->viol, &m->viol_cap, m->nviol + 1, sizeof *m->viol) == 0)
		m->viol[m->nviol++] = *v;
	int countable = v->status == PRAM_EVIOLATION || v->status == PRAM_EBOUNDS ||
			v->status == PRAM_EUNWRITTEN;
	if (m->cfg.conflicts == PRAM_CONFLICT_COUNT && countable)
		return;
	if (!m->failed) {
		m->failed = 1;
		pram__set_ok(m);
		m->status = v->status;
		pram_violation_format(v, m->errmsg, sizeof m->errmsg);
	}
}

void pram__violation(pram *m, pram_status s, const pram_array *a, int64_t index, int nprocs,
		     uint64_t p0, uint64_t p1, const char *fmt, ...)
{
	pram_violation v;
	memset(&v, 0, sizeof v);
	v.status = s;
	if (m->in_step) {
		v.step = m->nsteps + 1;
		v.label = m->cur.label;
		v.file = m->cur.file;
		v.line = m->cur.line;
	}
	v.array = a ? a->name : NULL;
	v.index = index;
	v.nprocs = nprocs;
	v.procs[0] = p0;
	v.procs[1] = p1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v.rule, sizeof v.rule, fmt, ap);
	va_end(ap);
	record(m, &v);
}

void pram_fail(pram *m, pram_status s, const char *fmt, ...)
{
	pram_violation v;
	memset(&v, 0, sizeof v);
	v.status = s;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v.rule, sizeof v.rule, fmt, ap);
	va_end(ap);
	if (!m->failed) {
		m->failed = 1;
		pram__set_ok(m);
		m->status = s;
		snprintf(m->errmsg, sizeof m->errmsg, "%s", v.rule);
	}
}

pram_value pram_array_get_v(const pram_array *a, size_t i)
{
	pram_value v = {0};
	if (sealed_read(a, "pram_array_get_v", i))
		return v;
	host_read(a);
	if (i < a->len && a->f.val)
		v = a->f.val[i];
	return v;
}

void pram_array_load_v(pram_array *a, const pram_value *src, size_t n)
{
	if (!has_cells(a, "load"))
		return;
	if (n > a->len)
		n = a->len;
	memcpy(a->f.val, src, n * sizeof *src);
	mark_written(a, 0, n);
}

void pram_array_fill_v(pram_array *a, size_t from, pram_value v)
{
	if (!has_cells(a, "fill"))
		return;
	for (size_t i = from; i < a->len; i++)
		a->f.val[i] = v;
	mark_written(a, from, a->len);
}
