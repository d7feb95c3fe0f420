/*
 * step.c - the synchronous step: processor selection, shared reads, writes
 * and atomics with their model checks, the end-of-step commit, and the scan
 * primitive.
 *
 * A write goes straight to the cell's value; the first write of a cell in a
 * step saves the value it replaces in old[], and a read of a cell written in
 * this step returns the saved one, so every read sees the step's start. Every
 * access updates the cell's 16-bit record and 32-bit tag for this step, which
 * is how concurrent accesses are found in O(1) each. Ending a step costs
 * O(1).
 *
 * The common accesses run inline (pram.h); what they hand over comes here,
 * where a record is unpacked into a struct cell with exact counts, judged
 * by the rules, and packed again.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#if defined(__GNUC__)
#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define COLD        __attribute__((cold, noinline))
#else
#define LIKELY(x)   (x)
#define UNLIKELY(x) (x)
#define COLD
#endif

/* The selected processor, from its tag. */
static inline uint32_t cur_pid(const pram *m)
{
	return pram__pid_of(m, (uint32_t)m->f.tag);
}

/* Make the selected processor active without a read or a write (a local
 * operation, an access refused): it counts in the work whatever its
 * accesses, so the library settles it. */
static inline void activate(pram *m)
{
	m->local = 1;
	m->f.kfast = 0;
}

/* Settle the selected processor (pram.h, struct pram__fast): if it did
 * anything since it was selected, it counts ceil(accesses / K) times in
 * the work, at least once, and that charge is the step's time if no
 * processor's so far was larger. */
static inline void settle_work(pram *m)
{
	uint64_t ops = m->f.reads + m->f.writes, n = ops - m->f.mark;
	if (n || m->local) {
		uint64_t units = n > m->k ? (n + m->k - 1) / m->k : 1;
		m->f.work += units;
		if (units > m->cur.time) {
			m->cur.time = units;
			m->cur.heavy_pid = cur_pid(m);
		}
	}
	if (n > m->f.most)
		m->f.most = n;
	m->f.mark = ops;
	m->local = 0;
	m->f.kfast = m->k + 1;
}

/* The overflow table of counts. */
static size_t wide_slot(const pram *m, uint64_t key)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (m->wide_cap - 1);
}

static uint64_t wide_key(const pram_array *a, int64_t i)
{
	return (uint64_t)(a->id + 1) << 32 | (uint64_t)i;
}

/* The slot of a cell's counts, or NULL when the table has none. */
static wide_count *wide_find(pram *m, uint64_t key)
{
	if (m->wide_hint < m->wide_cap && m->wide[m->wide_hint].key == key)
		return &m->wide[m->wide_hint];
	if (m->wide_cap == 0)
		return NULL;
	for (size_t k = wide_slot(m, key);; k = (k + 1) & (m->wide_cap - 1)) {
		if (m->wide[k].key == key) {
			m->wide_hint = k;
			return &m->wide[k];
		}
		if (m->wide[k].key == 0)
			return NULL;
	}
}

/* A new slot for key (not in the table), or NULL when out of memory. The
 * table stays at most half full. */
static wide_count *wide_add(pram *m, uint64_t key)
{
	if (2 * (m->wide_n + 1) > m->wide_cap) {
		size_t ncap = m->wide_cap ? 2 * m->wide_cap : 64;
		wide_count *nw = pram__alloc(ncap * sizeof *nw);
		if (!nw)
			return NULL;
		memset(nw, 0, ncap * sizeof *nw);
		wide_count *ow = m->wide;
		size_t ocap = m->wide_cap;
		m->wide = nw;
		m->wide_cap = ncap;
		for (size_t k = 0; k < ocap; k++) {
			if (ow[k].key == 0)
				continue;
			size_t j = wide_slot(m, ow[k].key);
			while (nw[j].key != 0)
				j = (j + 1) & (ncap - 1);
			nw[j] = ow[k];
		}
		pram__free(ow, ocap * sizeof *ow);
	}
	size_t k = wide_slot(m, key);
	while (m->wide[k].key != 0)
		k = (k + 1) & (m->wide_cap - 1);
	m->wide[k].key = key;
	m->wide_n++;
	m->wide_hint = k;
	return &m->wide[k];
}

/* A cell's record for the open step, unpacked, with exact counts. */
typedef struct cell {
	uint32_t flags;  /* PRAM__HELD, PRAM__FRESH and PRAM__ATOMIC */
	uint32_t nread;  /* reads of the cell in this step (atomics count) */
	uint32_t nwrite; /* writes of the cell in this step (atomics count) */
	int wide;        /* the counts are in the machine's table */
} cell;

/* Is the record of cell i of the open step? */
static inline int touched(const pram *m, const pram_array *a, int64_t i)
{
	return a->f.tag[i] >= m->f.base;
}

/* The processor whose write cell i keeps (touched, written in the step). */
static inline uint32_t writer_of(const pram *m, const pram_array *a, int64_t i)
{
	return pram__pid_of(m, a->f.tag[i]);
}

/* The record of cell i for this step: a record of an older step is a cell
 * untouched in this one. */
static cell load_cell(pram *m, const pram_array *a, int64_t i)
{
	uint32_t s = a->f.state[i];
	cell c = {s & PRAM__HELD, 0, 0, 0};
	if (!touched(m, a, i))
		return c;
	c.flags = s & (PRAM__HELD | PRAM__FRESH | PRAM__ATOMIC);
	if (s & PRAM__WIDE) {
		c.wide = 1;
		const wide_count *w = wide_find(m, wide_key(a, i));
		assert(w != NULL);
		c.nread = w->nread;
		c.nwrite = w->nwrite;
	} else {
		c.nwrite = (s & PRAM__NWRITE) >> NWRITE_SHIFT;
		c.nread = (s & PRAM__NACC) - c.nwrite;
	}
	return c;
}

void pram__cell_counts(pram *m, const pram_array *a, int64_t i, uint32_t *nread, uint32_t *nwrite,
		       uint32_t *flags)
{
	cell c = load_cell(m, a, i);
	*nread = c.nread;
	*nwrite = c.nwrite;
	*flags = c.flags;
}

/* Is the recorder on? (Only the library's paths ask.) */
static inline int recording(const pram *m)
{
	return UNLIKELY(m->rec != NULL) && m->rec->recording;
}

/* Pack c (loaded by load_cell) into cell i's record, and tag a cell that
 * was untouched with the selected processor, unless its write tagged it
 * already; counts too large for the record go to the table. Returns 0, or
 * -1 (and fails the machine) when out of memory. */
static int store_cell(pram *m, pram_array *a, int64_t i, const cell *c)
{
	if (!touched(m, a, i))
		a->f.tag[i] = (uint32_t)m->f.tag;
	uint64_t nacc = (uint64_t)c->nread + c->nwrite;
	if (!c->wide && nacc <= NACC_INLINE && c->nwrite <= NWRITE_INLINE) {
		a->f.state[i] = (uint16_t)(c->flags | c->nwrite << NWRITE_SHIFT | (uint32_t)nacc);
		return 0;
	}
	uint64_t key = wide_key(a, i);
	wide_count *w = c->wide ? wide_find(m, key) : wide_add(m, key);
	if (!w) {
		pram_fail(m, PRAM_ENOMEM, "out of memory for the counts of %s[%" PRId64 "]",
			  a->name, i);
		return -1;
	}
	w->nread = c->nread;
	w->nwrite = c->nwrite;
	a->f.state[i] = (uint16_t)(c->flags | PRAM__WIDE);
	return 0;
}

/* Renumber the tags of the open step from 1, and forget the older ones,
 * when the next tag would not fit in 32 bits: once in 2^32 processors
 * selected, at the cost of one pass over the cells. */
static void renumber_tags(pram *m)
{
	uint32_t base = m->f.base;
	for (size_t k = 0; k < m->narrays; k++) {
		pram_array *a = m->arrays[k];
		for (size_t i = 0; i < a->len; i++) {
			uint32_t t = a->f.tag[i];
			a->f.tag[i] = t >= base ? t - base + 1 : 0;
		}
	}
	m->f.delta = m->f.delta - base + 1;
	m->f.tag = m->f.tag - base + 1;
	m->f.base = 1;
}

/* The first id whose tag would not fit: the step's first processor has
 * the tag base, and the tags go up with the ids. Ids are below 2^32 - 1. */
static uint64_t end_pid(const pram *m)
{
	uint64_t first = (uint64_t)((int64_t)m->f.base - m->f.delta);
	uint64_t end = first + (UINT32_MAX - (uint64_t)m->f.base) + 1;
	return end < UINT32_MAX ? end : UINT32_MAX;
}

void pram_step_begin(pram *m, const char *label, const char *file, int line)
{
	pram_step_begin_k(m, label, m->cfg.step_accesses, file, line);
}

void pram_step_begin_k(pram *m, const char *label, unsigned accesses, const char *file, int line)
{
	/* A failed machine takes no more steps: the counters stop where it failed. */
	if (m->failed)
		return;
	if (m->released) {
		pram_fail(m, PRAM_ESTEP,
			  "step \"%s\" at %s:%d after pram_release_cells: the machine holds no "
			  "cells",
			  label, file, line);
		return;
	}
	if (m->in_step) {
		pram__violation(m, PRAM_ESTEP, NULL, 0, 0, 0, 0,
				"step \"%s\" at %s:%d opened inside step \"%s\"", label, file, line,
				m->cur.label);
		return;
	}
	memset(&m->cur, 0, sizeof m->cur);
	m->cur.label = label;
	m->cur.file = file;
	m->cur.line = line;
	m->cur.time = 1;
	m->cur.k = accesses ? accesses : m->cfg.step_accesses;
	m->k = m->cur.k;
	m->local = 0;
	m->f.work = m->f.reads = m->f.writes = m->f.mark = m->f.most = 0;
	m->f.kfast = m->k + 1;
	m->f.climit = 0;
	m->in_step = 1;
	/* The fast paths open when the first processor is selected: an access
	 * before that belongs to no processor and takes the slow road, which
	 * reports it. */
	m->pid_selected = 0;
	pram__set_ok(m);
	/* The step's tags begin above every tag given before; when that
	 * passes 2^32 - 1, every tag is old and goes back to 0. */
	if (m->next_base > UINT32_MAX) {
		for (size_t k = 0; k < m->narrays; k++)
			memset(m->arrays[k]->f.tag, 0, m->arrays[k]->len * sizeof(uint32_t));
		m->next_base = 1;
	}
	m->f.base = (uint32_t)m->next_base;
	/* The values at the step's start, given back by a host read. */
	for (size_t k = 0; k < m->narrays; k++)
		if (pram__scratch_alloc(m->arrays[k])) {
			pram_fail(m, PRAM_ENOMEM,
				  "out of memory for the values of %s at the start of step \"%s\"",
				  m->arrays[k]->name, label);
			break;
		}
	if (m->wide_n) {
		memset(m->wide, 0, m->wide_cap * sizeof *m->wide);
		m->wide_n = 0;
	}
	m->f.end_pid = 0;
}

/* Apply the pending writes and fold the step's counters into the totals. */
void pram_step_end(pram *m)
{
	if (!m->in_step)
		return;
	if (recording(m))
		pram__record_step_end(m);
	settle_work(m);
	if (m->pid_selected)
		m->next_base = (uint64_t)m->f.tag + 1;
	m->in_step = 0;
	pram__set_ok(m);
	m->cur.work = m->f.work;
	m->cur.reads = m->f.reads;
	m->cur.writes = m->f.writes;
	m->cur.accesses = m->f.most;
	/* The inline paths count no first access of a cell in the contention. */
	if (m->cur.contention == 0 && m->f.reads + m->f.writes > 0)
		m->cur.contention = 1;
	if (pram__grow((void **)&m->steps, &m->steps_cap, m->nsteps + 1, sizeof *m->steps)) {
		pram_fail(m, PRAM_ENOMEM, "out of memory for the step history");
		return;
	}
	m->steps[m->nsteps++] = m->cur;
	m->tot.work += m->cur.work;
	m->tot.depth += m->cur.time;
	m->tot.steps++;
	m->tot.depth_serial += m->cur.max_atomic > m->cur.time ? m->cur.max_atomic : m->cur.time;
	m->tot.reads += m->cur.reads;
	m->tot.writes += m->cur.writes;
	m->tot.atomics += m->cur.atomics;
	if (m->cur.contention > m->tot.contention)
		m->tot.contention = m->cur.contention;
	if (m->hook) {
		/* the hook is the host's observer (a trace, a page), not the
		 * program: a sealed machine lets it read the cells */
		int sealed = m->sealed;
		m->sealed = 0;
		m->hook(m, m->nsteps - 1, m->hook_ud);
		m->sealed = sealed;
	}
}

/* The selections pram__proc leaves: the first of a step (or outside one),
 * an id out of order or too large, the same processor again. */
void pram__proc_slow(pram *m, uint64_t pid)
{
	uint64_t next = m->pid_selected ? (uint64_t)cur_pid(m) + 1 : 0;
	if (pid >= next && pid < UINT32_MAX) {
		settle_work(m);
		if (!m->pid_selected) {
			/* The step's first processor has the tag base. */
			m->f.delta = (int64_t)m->f.base - (int64_t)pid;
			m->f.end_pid = end_pid(m);
		} else if (pid >= m->f.end_pid) {
			renumber_tags(m);
			m->f.end_pid = end_pid(m);
		}
		m->f.tag = (int64_t)pid + m->f.delta;
		if (!m->pid_selected) {
			m->pid_selected = 1;
			pram__set_ok(m);
		}
		return;
	}
	if (m->failed || (m->pid_selected && pid == cur_pid(m)))
		return;
	if (pid > UINT32_MAX - 1) {
		pram_fail(m, PRAM_EINVAL,
			  "processor id %" PRIu64 " is too large (ids are below 2^32)", pid);
		return;
	}
	pram__violation(m, PRAM_EORDER, NULL, 0, 2, cur_pid(m), pid,
			"processor %" PRIu64 " selected after processor %" PRIu32
			": processors of a step must come in increasing id order "
			"(one PRAM_FORALL per step)",
			pid, cur_pid(m));
}

void(pram_proc)(pram *m, uint64_t pid)
{
	pram__proc(m, pid);
}

/* A cell has n accesses in this step: raise the contention, and the limit
 * under which the inline paths may count accesses without looking. */
static inline void raise_contention(pram *m, uint64_t n)
{
	if (n > m->cur.contention) {
		m->cur.contention = n;
		m->f.climit = n < NACC_INLINE ? (uint32_t)n : NACC_INLINE;
	}
}

static inline void note_contention(pram *m, const cell *c)
{
	raise_contention(m, (uint64_t)c->nread + c->nwrite);
}

/* Everything that is not a plain, legal access: outside a step, failed
 * machine, wrong type, out of bounds. Returns 1 when the access may go on. */
static COLD int access_slow(pram *m, pram_array *a, int64_t i, pram_type want, const char *what)
{
	if (m->failed)
		return 0;
	if (!m->in_step) {
		pram__violation(m, PRAM_ESTEP, a, i, 0, 0, 0,
				"%s of %s[%" PRId64 "] outside a step", what, a->name, i);
		return 0;
	}
	if (!m->pid_selected) {
		pram__violation(m, PRAM_ESTEP, a, i, 0, 0, 0,
				"%s of %s[%" PRId64 "] before any processor was selected: "
				"shared accesses belong inside PRAM_FORALL (or after pram_proc)",
				what, a->name, i);
		return 0;
	}
	if (a->f.type != want) {
		pram__violation(m, PRAM_ETYPE, a, i, 1, cur_pid(m), 0, "%s %s %s array %s",
				want == PRAM_INT ? "integer" : "float", what,
				a->f.type == PRAM_INT ? "integer" : "float", a->name);
		return 0;
	}
	if ((uint64_t)i >= a->len) {
		activate(m);
		pram__violation(m, PRAM_EBOUNDS, a, i, 1, cur_pid(m), 0,
				"processor %" PRIu32 " %s %s[%" PRId64 "]; %s has %zu cells",
				cur_pid(m), what, a->name, i, a->name, a->len);
		return 0;
	}
	return 1;
}

static inline int access_ok(const pram *m, const pram_array *a, int64_t i, pram_type want)
{
	return LIKELY(m->ok && a->f.type == want && (uint64_t)i < a->len);
}

/* Did cell c hold a value when the step began? */
static inline int held_value(const cell *c)
{
	return (c->flags & PRAM__HELD) && !(c->flags & PRAM__FRESH);
}

/* The value of cell i as the step began. */
static inline pram_word start_value(const pram_array *a, int64_t i, const cell *c)
{
	return c->nwrite ? a->f.old[i] : a->f.val[i];
}

/* Would this read be a second, concurrent one under an exclusive-read
 * model? */
static inline int second_reader(const pram *m, const pram_array *a, int64_t i, const cell *c)
{
	return m->excl_read && c->nread && a->reader[i] != cur_pid(m);
}

/* A read that is not the simple case: a never-written cell, or a second
 * reader under an exclusive-read model. Returns 0 to stop. */
static COLD int read_slow(pram *m, pram_array *a, int64_t i, const cell *c, const char *what,
			  int excl)
{
	if (!held_value(c)) {
		pram__violation(m, PRAM_EUNWRITTEN, a, i, 1, cur_pid(m), 0,
				"processor %" PRIu32 " %s %s[%" PRId64 "], which was never written",
				cur_pid(m), what, a->name, i);
		if (m->failed)
			return 0;
	}
	if (excl && second_reader(m, a, i, c)) {
		uint32_t first = a->reader[i];
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, cur_pid(m),
				"processors %" PRIu32 " and %" PRIu32 " both read %s[%" PRId64
				"]; %s forbids concurrent reads",
				first, cur_pid(m), a->name, i, pram_model_name(m->cfg.model));
		if (m->failed)
			return 0;
	}
	return 1;
}

/* The read half of every access (plain read or atomic). excl says whether
 * a second reader breaks an exclusive-read model here (atomics report their
 * own conflict). Returns 0 to stop. */
static inline int read_cell(pram *m, pram_array *a, int64_t i, cell *c, const char *what, int excl)
{
	activate(m);
	int suspicious = !held_value(c) || (excl && second_reader(m, a, i, c));
	if (UNLIKELY(suspicious) && !read_slow(m, a, i, c, what, excl))
		return 0;
	if (c->nread == 0 && a->reader)
		a->reader[i] = cur_pid(m);
	c->nread++;
	m->f.reads++;
	note_contention(m, c);
	return 1;
}

/* A read the inline path left. Under the exclusive-read models that is
 * every read, so the first read of a cell that held a value is quick here
 * too; the rest takes every check in turn. */
pram_value pram__read_slow(pram *m, pram_array *a, int64_t i, pram_type want)
{
	if (a->reader && (uint64_t)i < a->f.lim[want]) {
		uint32_t s = a->f.state[i];
		int first = !touched(m, a, i);
		if (first)
			s &= PRAM__HELD;
		uint32_t nwrite = (s & PRAM__NWRITE) >> NWRITE_SHIFT;
		if ((s & (PRAM__HELD | PRAM__FRESH | PRAM__WIDE)) == PRAM__HELD &&
		    (s & PRAM__NACC) == nwrite && nwrite < NACC_INLINE) {
			if (first)
				a->f.tag[i] = (uint32_t)m->f.tag;
			a->f.state[i] = (uint16_t)++s;
			a->reader[i] = cur_pid(m);
			raise_contention(m, s & PRAM__NACC);
			m->f.reads++;
			return nwrite ? a->f.old[i] : a->f.val[i];
		}
	}
	pram_word zero = {0};
	if (!access_ok(m, a, i, want) && !access_slow(m, a, i, want, "reads"))
		return zero;
	cell c = load_cell(m, a, i);
	if (!read_cell(m, a, i, &c, "reads", 1) || store_cell(m, a, i, &c))
		return zero;
	pram_word v = start_value(a, i, &c);
	if (recording(m))
		pram__record(m, a, i, PRAM_ACCESS_READ, v);
	return v;
}

int64_t(pram_read)(pram *m, pram_array *a, int64_t i)
{
	return pram__read_i(m, a, i);
}

double(pram_readf)(pram *m, pram_array *a, int64_t i)
{
	return pram__read_f(m, a, i);
}

static int values_equal(const pram_array *a, pram_word x, pram_word y)
{
	return a->f.type == PRAM_INT ? x.i == y.i : x.f == y.f;
}

static void format_word(const pram_array *a, pram_word w, char *buf, size_t len)
{
	if (a->f.type == PRAM_INT)
		snprintf(buf, len, "%" PRId64, w.i);
	else
		snprintf(buf, len, "%g", w.f);
}

/* The first write of cell i in this step: keep the value it replaces for
 * the step's readers, and remember whether the cell held one at all. */
static inline void first_write(pram_array *a, int64_t i, cell *c)
{
	a->f.old[i] = a->f.val[i];
	if (!(c->flags & PRAM__HELD))
		c->flags |= PRAM__HELD | PRAM__FRESH;
}

/* Let the k-th concurrent writer win with probability 1/k, so every writer
 * is equally likely and the seed decides. */
static void arbitrary(pram *m, pram_array *a, int64_t i, const cell *c, pram_word v)
{
	if (pram__random(m) % c->nwrite == 0) {
		a->f.tag[i] = (uint32_t)m->f.tag;
		a->f.val[i] = v;
	}
}

/* A second (or later) plain write to a cell in this step: resolve it by the
 * model, or report it. c->nwrite already counts this write. */
static COLD void write_conflict(pram *m, pram_array *a, int64_t i, cell *c, pram_word v)
{
	char x[32], y[32];
	uint32_t first = writer_of(m, a, i), pid = cur_pid(m);
	if (c->nwrite == 2 && first == pid && !(c->flags & PRAM__ATOMIC)) {
		c->nwrite--; /* a processor's second write to its own cell replaces the first */
		a->f.val[i] = v;
		return;
	}
	if (c->flags & PRAM__ATOMIC) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, pid,
				"processor %" PRIu32 " writes %s[%" PRId64
				"] that processor %" PRIu32 " updated atomically in the same step",
				pid, a->name, i, first);
		c->flags &= ~PRAM__ATOMIC; /* resolved as plain writes from here on */
		arbitrary(m, a, i, c, v);
		return;
	}
	switch (m->cfg.model) {
	case PRAM_CRCW_COMMON:
		if (values_equal(a, a->f.val[i], v))
			return;
		format_word(a, a->f.val[i], x, sizeof x);
		format_word(a, v, y, sizeof y);
		pram__violation(
		    m, PRAM_EVIOLATION, a, i, 2, first, pid,
		    "processors %" PRIu32 " and %" PRIu32 " write different values (%s and %s) "
		    "to %s[%" PRId64 "]; crcw-common allows concurrent writes of one value only",
		    first, pid, x, y, a->name, i);
		arbitrary(m, a, i, c, v);
		return;
	case PRAM_CRCW_ARBITRARY:
		arbitrary(m, a, i, c, v);
		return;
	case PRAM_CRCW_PRIORITY:
		if (pid < first) {
			a->f.tag[i] = (uint32_t)m->f.tag;
			a->f.val[i] = v;
		}
		return;
	case PRAM_CRCW_COMBINING:
		if (a->f.type == PRAM_FLOAT && m->cfg.combine > PRAM_OP_MIN) {
			pram__violation(
			    m, PRAM_EMODEL, a, i, 2, first, pid,
			    "processors %" PRIu32 " and %" PRIu32 " write %s[%" PRId64
			    "]; crcw-combining with '%s' combines integers only, and %s "
			    "holds floats",
			    first, pid, a->name, i, pram_op_name(m->cfg.combine), a->name);
			return;
		}
		a->f.val[i] = pram_op_apply_v(m->cfg.combine, a->f.type, a->f.val[i], v);
		return;
	default:
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, pid,
				"processors %" PRIu32 " and %" PRIu32 " both write %s[%" PRId64
				"]; %s forbids concurrent writes",
				first, pid, a->name, i, pram_model_name(m->cfg.model));
		arbitrary(m, a, i, c, v);
		return;
	}
}

/* A write the inline path left: every check in turn, and the conflicts. */
void pram__write_slow(pram *m, pram_array *a, int64_t i, pram_value v, pram_type want)
{
	if (!access_ok(m, a, i, want) && !access_slow(m, a, i, want, "writes"))
		return;
	cell c = load_cell(m, a, i);
	activate(m);
	m->f.writes++;
	c.nwrite++;
	note_contention(m, &c);
	if (c.nwrite == 1) {
		a->f.tag[i] = (uint32_t)m->f.tag;
		first_write(a, i, &c);
		a->f.val[i] = v;
	} else {
		write_conflict(m, a, i, &c, v);
	}
	if (store_cell(m, a, i, &c) == 0 && recording(m))
		pram__record(m, a, i, PRAM_ACCESS_WRITE, v);
}

void(pram_write)(pram *m, pram_array *a, int64_t i, int64_t v)
{
	pram__write_i(m, a, i, v);
}

void(pram_writef)(pram *m, pram_array *a, int64_t i, double v)
{
	pram__write_f(m, a, i, v);
}

static int is_crcw(pram_model model)
{
	return model == PRAM_CRCW_COMMON || model == PRAM_CRCW_ARBITRARY ||
	       model == PRAM_CRCW_PRIORITY || model == PRAM_CRCW_COMBINING;
}

/* The atomic on cell i, its record c already counting the read half.
 * Returns the value the cell held before, or 0 when stopped. */
static int64_t atomic_apply(pram *m, pram_array *a, int64_t i, cell *c, pram_op op, int64_t v)
{
	uint32_t pid = cur_pid(m);
	m->f.writes++;
	m->cur.atomics++;
	if (c->nwrite == 0) {
		c->nwrite = 1;
		c->flags |= PRAM__ATOMIC;
		note_contention(m, c);
		a->f.tag[i] = (uint32_t)m->f.tag;
		first_write(a, i, c);
		int64_t old = a->f.val[i].i;
		a->f.val[i].i = pram_op_apply_i(op, old, v);
		if (m->cur.max_atomic < 1)
			m->cur.max_atomic = 1;
		return old;
	}
	c->nwrite++;
	note_contention(m, c);
	uint32_t first = writer_of(m, a, i);
	if (!(c->flags & PRAM__ATOMIC)) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, pid,
				"processor %" PRIu32 " updates %s[%" PRId64
				"] atomically after processor %" PRIu32
				" wrote it in the same step",
				pid, a->name, i, first);
		return 0;
	}
	if (!is_crcw(m->cfg.model) && first != pid) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, pid,
				"processors %" PRIu32 " and %" PRIu32 " both update %s[%" PRId64
				"] atomically; %s forbids concurrent atomics on one cell",
				first, pid, a->name, i, pram_model_name(m->cfg.model));
		if (m->failed)
			return 0;
	}
	/* Concurrent atomics apply in processor-id order, one after another. */
	int64_t old = a->f.val[i].i;
	a->f.val[i].i = pram_op_apply_i(op, old, v);
	if (c->nwrite > m->cur.max_atomic)
		m->cur.max_atomic = c->nwrite;
	return old;
}

int64_t pram_atomic(pram *m, pram_array *a, int64_t i, pram_op op, int64_t v)
{
	if (!access_ok(m, a, i, PRAM_INT) && !access_slow(m, a, i, PRAM_INT, "updates atomically"))
		return 0;
	cell c = load_cell(m, a, i);
	/* A second atomic on the cell is judged below as an atomic, not as a
	 * concurrent read; a plain read before it is a concurrent read. */
	if (!read_cell(m, a, i, &c, "updates atomically", !(c.flags & PRAM__ATOMIC)))
		return 0;
	int64_t old = atomic_apply(m, a, i, &c, op, v);
	if (store_cell(m, a, i, &c))
		return 0;
	if (recording(m)) {
		pram_value w;
		w.i = v;
		pram__record(m, a, i, PRAM_ACCESS_ATOMIC, w);
	}
	return old;
}

void pram_local(pram *m, unsigned n)
{
	if (m->failed || n == 0)
		return;
	if (!m->in_step) {
		pram__violation(m, PRAM_ESTEP, NULL, 0, 0, 0, 0, "local operation outside a step");
		return;
	}
	if (!m->pid_selected) {
		pram__violation(m, PRAM_ESTEP, NULL, 0, 0, 0, 0,
				"local operation before any processor was selected: it belongs "
				"inside PRAM_FORALL (or after pram_proc)");
		return;
	}
	activate(m);
}

void pram_scan_prim(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive,
		    const char *file, int line)
{
	if (m->failed)
		return;
	if (m->released) {
		pram_fail(m, PRAM_ESTEP, "the scan primitive at %s:%d after pram_release_cells",
			  file, line);
		return;
	}
	if (m->in_step) {
		pram__violation(m, PRAM_ESTEP, NULL, 0, 0, 0, 0,
				"the scan primitive at %s:%d is a step of its own; call it outside "
				"PRAM_STEP",
				file, line);
		return;
	}
	if (m->cfg.model != PRAM_SCAN) {
		pram_fail(m, PRAM_EMODEL,
			  "%s:%d: the scan primitive exists only in the scan model (--model scan), "
			  "not in %s",
			  file, line, pram_model_name(m->cfg.model));
		return;
	}
	if (dst->f.type != src->f.type || (src->f.type == PRAM_FLOAT && op > PRAM_OP_MIN)) {
		pram_fail(m, PRAM_ETYPE,
			  "%s:%d: scan of %s into %s: types or operator %s do not match", file,
			  line, src->name, dst->name, pram_op_name(op));
		return;
	}
	pram_step_begin(m, "scan primitive", file, line);
	if (n > src->len || n > dst->len) {
		pram__violation(
		    m, PRAM_EBOUNDS, n > src->len ? src : dst, (int64_t)n - 1, 0, 0, 0,
		    "scan primitive over %zu cells of %s (%zu cells) into %s (%zu cells)", n,
		    src->name, src->len, dst->name, dst->len);
		pram_step_end(m);
		return;
	}
	/* No processor is selected: the written bits are the truth. */
	for (size_t k = 0; k < n; k++)
		if (!(src->f.state[k] & PRAM__HELD)) {
			pram__violation(m, PRAM_EUNWRITTEN, src, (int64_t)k, 0, 0, 0,
					"scan primitive reads %s[%zu], which was never written",
					src->name, k);
			if (m->failed) {
				pram_step_end(m);
				return;
			}
		}
	pram_word acc;
	if (src->f.type == PRAM_INT)
		acc.i = pram_op_identity_i(op);
	else
		acc.f = pram_op_identity_f(op);
	for (size_t k = 0; k < n; k++) {
		pram_word x = src->f.val[k];
		pram_word next;
		if (src->f.type == PRAM_INT)
			next.i = pram_op_apply_i(op, acc.i, x.i);
		else
			next.f = pram_op_apply_f(op, acc.f, x.f);
		dst->f.val[k] = inclusive ? next : acc;
		dst->f.state[k] |= PRAM__HELD;
		acc = next;
	}
	m->f.work = n;
	m->f.reads = n;
	m->f.writes = n;
	m->f.mark = 2 * (uint64_t)n; /* no processor to settle */
	m->f.most = 0;
	m->cur.contention = n ? (dst == src ? 2 : 1) : 0;
	pram_step_end(m);
}

pram_value(pram_read_v)(pram *m, pram_array *a, int64_t i)
{
	return pram__read_v(m, a, i);
}

void(pram_write_v)(pram *m, pram_array *a, int64_t i, pram_value v)
{
	pram__write_v(m, a, i, v);
}
