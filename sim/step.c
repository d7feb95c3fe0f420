/*
 * step.c - the synchronous step: processor selection, shared reads, writes
 * and atomics with their model checks, the end-of-step commit, and the scan
 * primitive.
 *
 * A write goes straight to the cell's value; the first write of a cell in a
 * step saves the value it replaces in old[], and a read of a cell written in
 * this step returns the saved one, so every read sees the step's start. Every
 * access updates the cell's 20-byte record for this step, which is how
 * concurrent accesses are found in O(1) each. Ending a step costs O(1).
 */
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

/* Make the selected processor active. It is counted in the work when the
 * next processor is selected, or when the step ends (settle_work), so an
 * access costs one store here. */
static inline void activate(pram *m)
{
	m->pid_active = 1;
}

static inline void settle_work(pram *m)
{
	m->cur.work += (uint64_t)m->pid_active;
	m->pid_active = 0;
}

void pram_step_begin(pram *m, const char *label, const char *file, int line)
{
	/* A failed machine takes no more steps: the counters stop where it failed. */
	if (m->failed)
		return;
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
	m->in_step = 1;
	/* The fast paths open when the first processor is selected: an access
	 * before that belongs to no processor and takes the slow road, which
	 * reports it. */
	m->ok = 0;
	m->excl_read = m->cfg.model == PRAM_EREW || m->cfg.model == PRAM_SCAN;
	m->stamp = (m->stamp + 1) & META_STAMP;
	if (m->stamp == 0) {
		/* After 2^31 steps the stamps wrap: clear every record once,
		 * keeping the written bits. */
		for (size_t k = 0; k < m->narrays; k++) {
			pram_array *a = m->arrays[k];
			for (size_t i = 0; i < a->len; i++)
				a->meta[i].stamp &= META_WRITTEN;
		}
		m->stamp = 1;
	}
	m->pid_selected = 0;
	m->pid_active = 0;
	m->next_pid = 0;
}

/* Apply the pending writes and fold the step's counters into the totals. */
void pram_step_end(pram *m)
{
	if (!m->in_step)
		return;
	settle_work(m);
	m->in_step = 0;
	m->ok = 0;
	if (pram__grow((void **)&m->steps, &m->steps_cap, m->nsteps + 1, sizeof *m->steps)) {
		pram_fail(m, PRAM_ENOMEM, "out of memory for the step history");
		return;
	}
	m->steps[m->nsteps++] = m->cur;
	m->tot.work += m->cur.work;
	m->tot.depth++;
	m->tot.depth_serial += m->cur.max_atomic > 1 ? m->cur.max_atomic : 1;
	m->tot.reads += m->cur.reads;
	m->tot.writes += m->cur.writes;
	m->tot.atomics += m->cur.atomics;
	if (m->cur.contention > m->tot.contention)
		m->tot.contention = m->cur.contention;
	if (m->hook)
		m->hook(m, m->nsteps - 1, m->hook_ud);
}

static COLD void proc_slow(pram *m, uint64_t pid)
{
	if (m->failed || (m->pid_selected && pid == m->pid))
		return;
	if (pid > UINT32_MAX - 1) {
		pram_fail(m, PRAM_EINVAL,
			  "processor id %" PRIu64 " is too large (ids are below 2^32)", pid);
		return;
	}
	pram__violation(m, PRAM_EORDER, NULL, 0, 2, m->pid, pid,
			"processor %" PRIu64 " selected after processor %" PRIu64
			": processors of a step must come in increasing id order "
			"(one PRAM_FORALL per step)",
			pid, m->pid);
}

void pram_proc(pram *m, uint64_t pid)
{
	if (LIKELY(pid >= m->next_pid && pid < UINT32_MAX)) {
		settle_work(m);
		m->pid = pid;
		m->next_pid = pid + 1;
		if (UNLIKELY(!m->pid_selected)) {
			m->pid_selected = 1;
			m->ok = m->in_step && !m->failed;
		}
		return;
	}
	proc_slow(m, pid);
}

static inline void note_contention(pram *m, const cell_meta *c)
{
	uint64_t n = (uint64_t)c->nread + (c->nwrite & META_COUNT);
	if (n > m->cur.contention)
		m->cur.contention = n;
}

/* The record of cell i for this step, started afresh at its first access. */
static inline cell_meta *touch(pram *m, pram_array *a, int64_t i)
{
	cell_meta *c = &a->meta[i];
	if ((c->stamp & META_STAMP) != m->stamp) {
		c->stamp = (c->stamp & META_WRITTEN) | m->stamp;
		c->nread = 0;
		c->nwrite = 0;
	}
	return c;
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
	if (a->type != want) {
		pram__violation(m, PRAM_ETYPE, a, i, 1, m->pid, 0, "%s %s %s array %s",
				want == PRAM_INT ? "integer" : "float", what,
				a->type == PRAM_INT ? "integer" : "float", a->name);
		return 0;
	}
	if ((uint64_t)i >= a->len) {
		activate(m);
		pram__violation(m, PRAM_EBOUNDS, a, i, 1, m->pid, 0,
				"processor %" PRIu64 " %s %s[%" PRId64 "]; %s has %zu cells",
				m->pid, what, a->name, i, a->name, a->len);
		return 0;
	}
	return 1;
}

static inline int access_ok(const pram *m, const pram_array *a, int64_t i, pram_type want)
{
	return LIKELY(m->ok && (uint64_t)i < a->lim[want]);
}

/* A read that is not the simple case: a never-written cell, or a second
 * reader under an exclusive-read model. Returns 0 to stop. */
/* Did cell c hold a value when the step began? c is this step's record. */
static inline int held_value(const cell_meta *c)
{
	return (c->stamp & META_WRITTEN) && !(c->nwrite & META_FRESH);
}

/* The value of cell i as the step began. c is this step's record. */
static inline pram_word start_value(const pram_array *a, int64_t i, const cell_meta *c)
{
	return (c->nwrite & META_COUNT) ? a->old[i] : a->val[i];
}

static COLD int read_slow(pram *m, pram_array *a, int64_t i, cell_meta *c, const char *what,
			  int excl)
{
	if (!held_value(c)) {
		pram__violation(m, PRAM_EUNWRITTEN, a, i, 1, m->pid, 0,
				"processor %" PRIu64 " %s %s[%" PRId64 "], which was never written",
				m->pid, what, a->name, i);
		if (m->failed)
			return 0;
	}
	if (excl && c->nread && c->reader != (uint32_t)m->pid && m->excl_read) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, c->reader, m->pid,
				"processors %" PRIu32 " and %" PRIu64 " both read %s[%" PRId64
				"]; %s forbids concurrent reads",
				c->reader, m->pid, a->name, i, pram_model_name(m->cfg.model));
		if (m->failed)
			return 0;
	}
	return 1;
}

/* The read half of every access (plain read or atomic). excl says whether
 * a second reader breaks an exclusive-read model here (atomics report their
 * own conflict). Returns 0 to stop. */
static inline int read_cell(pram *m, pram_array *a, int64_t i, cell_meta *c, const char *what,
			    int excl)
{
	activate(m);
	int suspicious =
	    !held_value(c) || (excl && c->nread && c->reader != (uint32_t)m->pid && m->excl_read);
	if (UNLIKELY(suspicious) && !read_slow(m, a, i, c, what, excl))
		return 0;
	if (c->nread == 0)
		c->reader = (uint32_t)m->pid;
	c->nread++;
	m->cur.reads++;
	note_contention(m, c);
	return 1;
}

/* A read, by the slow road: every check in turn. */
static COLD pram_word read_slow_path(pram *m, pram_array *a, int64_t i, pram_type want)
{
	pram_word zero = {0};
	if (!access_ok(m, a, i, want) && !access_slow(m, a, i, want, "reads"))
		return zero;
	cell_meta *c = touch(m, a, i);
	if (!read_cell(m, a, i, c, "reads", 1))
		return zero;
	return start_value(a, i, c);
}

/* The common read, kept short: a legal access in a running step. Anything
 * unusual (a never-written cell, a second reader under an exclusive-read
 * model, a bad index or type) takes the slow road, which reports it. */
static inline pram_word read_word(pram *m, pram_array *a, int64_t i, pram_type want)
{
	if (UNLIKELY(!m->ok | ((uint64_t)i >= a->lim[want])))
		return read_slow_path(m, a, i, want);
	cell_meta *c = &a->meta[i];
	uint32_t st = c->stamp;
	uint32_t pid = (uint32_t)m->pid;
	if ((st & META_STAMP) != m->stamp) {
		/* The first access to the cell in this step. */
		if (UNLIKELY(!(st & META_WRITTEN)))
			return read_slow_path(m, a, i, want);
		c->stamp = META_WRITTEN | m->stamp;
		c->nread = 1;
		c->nwrite = 0;
		c->reader = pid;
		if (UNLIKELY(m->cur.contention == 0))
			m->cur.contention = 1;
	} else {
		uint32_t nr = c->nread, nw = c->nwrite;
		if (UNLIKELY(!(st & META_WRITTEN) || (nw & META_FRESH) ||
			     (nr && c->reader != pid && m->excl_read)))
			return read_slow_path(m, a, i, want);
		if (nr == 0)
			c->reader = pid;
		c->nread = nr + 1;
		uint64_t n = (uint64_t)nr + 1 + (nw & META_COUNT);
		if (n > m->cur.contention)
			m->cur.contention = n;
		if (nw != 0) {
			/* Written earlier in this step: readers see the saved value. */
			m->pid_active = 1;
			m->cur.reads++;
			return a->old[i];
		}
	}
	m->pid_active = 1;
	m->cur.reads++;
	return a->val[i];
}

int64_t pram_read(pram *m, pram_array *a, int64_t i)
{
	return read_word(m, a, i, PRAM_INT).i;
}

double pram_readf(pram *m, pram_array *a, int64_t i)
{
	return read_word(m, a, i, PRAM_FLOAT).f;
}

static int values_equal(const pram_array *a, pram_word x, pram_word y)
{
	return a->type == PRAM_INT ? x.i == y.i : x.f == y.f;
}

static void format_word(const pram_array *a, pram_word w, char *buf, size_t len)
{
	if (a->type == PRAM_INT)
		snprintf(buf, len, "%" PRId64, w.i);
	else
		snprintf(buf, len, "%g", w.f);
}

/* The first write of cell i in this step: keep the value it replaces for
 * the step's readers, and remember whether the cell held one at all. */
static inline void first_write(pram_array *a, int64_t i, cell_meta *c)
{
	a->old[i] = a->val[i];
	if (!(c->stamp & META_WRITTEN)) {
		c->stamp |= META_WRITTEN;
		c->nwrite |= META_FRESH;
	}
}

/* Let the k-th concurrent writer win with probability 1/k, so every writer
 * is equally likely and the seed decides. */
static void arbitrary(pram *m, pram_array *a, int64_t i, cell_meta *c, pram_word v)
{
	if (pram__random(m) % (c->nwrite & META_COUNT) == 0) {
		c->writer = (uint32_t)m->pid;
		a->val[i] = v;
	}
}

/* A second (or later) plain write to a cell in this step: resolve it by the
 * model, or report it. c->nwrite already counts this write. */
static COLD void write_conflict(pram *m, pram_array *a, int64_t i, cell_meta *c, pram_word v)
{
	char x[32], y[32];
	uint32_t first = c->writer;
	if ((c->nwrite & META_COUNT) == 2 && first == (uint32_t)m->pid &&
	    !(c->nwrite & META_ATOMIC)) {
		c->nwrite--; /* a processor's second write to its own cell replaces the first */
		a->val[i] = v;
		return;
	}
	if (c->nwrite & META_ATOMIC) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, m->pid,
				"processor %" PRIu64 " writes %s[%" PRId64
				"] that processor %" PRIu32 " updated atomically in the same step",
				m->pid, a->name, i, first);
		c->nwrite &= ~META_ATOMIC; /* resolved as plain writes from here on */
		arbitrary(m, a, i, c, v);
		return;
	}
	switch (m->cfg.model) {
	case PRAM_CRCW_COMMON:
		if (values_equal(a, a->val[i], v))
			return;
		format_word(a, a->val[i], x, sizeof x);
		format_word(a, v, y, sizeof y);
		pram__violation(
		    m, PRAM_EVIOLATION, a, i, 2, first, m->pid,
		    "processors %" PRIu32 " and %" PRIu64 " write different values (%s and %s) "
		    "to %s[%" PRId64 "]; crcw-common allows concurrent writes of one value only",
		    first, m->pid, x, y, a->name, i);
		arbitrary(m, a, i, c, v);
		return;
	case PRAM_CRCW_ARBITRARY:
		arbitrary(m, a, i, c, v);
		return;
	case PRAM_CRCW_PRIORITY:
		if ((uint32_t)m->pid < c->writer) {
			c->writer = (uint32_t)m->pid;
			a->val[i] = v;
		}
		return;
	case PRAM_CRCW_COMBINING:
		if (a->type == PRAM_FLOAT && m->cfg.combine > PRAM_OP_MIN) {
			pram__violation(
			    m, PRAM_EMODEL, a, i, 2, first, m->pid,
			    "processors %" PRIu32 " and %" PRIu64 " write %s[%" PRId64
			    "]; crcw-combining with '%s' combines integers only, and %s "
			    "holds floats",
			    first, m->pid, a->name, i, pram_op_name(m->cfg.combine), a->name);
			return;
		}
		a->val[i] = pram_op_apply_v(m->cfg.combine, a->type, a->val[i], v);
		return;
	default:
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, first, m->pid,
				"processors %" PRIu32 " and %" PRIu64 " both write %s[%" PRId64
				"]; %s forbids concurrent writes",
				first, m->pid, a->name, i, pram_model_name(m->cfg.model));
		arbitrary(m, a, i, c, v);
		return;
	}
}

static COLD void write_slow_path(pram *m, pram_array *a, int64_t i, pram_word v, pram_type want)
{
	if (!access_ok(m, a, i, want) && !access_slow(m, a, i, want, "writes"))
		return;
	cell_meta *c = touch(m, a, i);
	activate(m);
	m->cur.writes++;
	c->nwrite++;
	note_contention(m, c);
	if ((c->nwrite & META_COUNT) == 1) {
		c->writer = (uint32_t)m->pid;
		first_write(a, i, c);
		a->val[i] = v;
		return;
	}
	write_conflict(m, a, i, c, v);
}

/* The common write: the first write of the cell in this step. A second one
 * (a conflict for the model to resolve) takes the slow road. */
static inline void write_word(pram *m, pram_array *a, int64_t i, pram_word v, pram_type want)
{
	if (UNLIKELY(!m->ok | ((uint64_t)i >= a->lim[want])))
		return write_slow_path(m, a, i, v, want);
	cell_meta *c = &a->meta[i];
	uint32_t st = c->stamp;
	uint32_t n;
	if ((st & META_STAMP) != m->stamp) {
		c->stamp = (st & META_WRITTEN) | m->stamp;
		c->nread = 0;
		n = 1;
	} else {
		if (UNLIKELY(c->nwrite != 0))
			return write_slow_path(m, a, i, v, want);
		n = c->nread + 1;
	}
	c->nwrite = 1;
	c->writer = (uint32_t)m->pid;
	if (n > m->cur.contention)
		m->cur.contention = n;
	m->pid_active = 1;
	m->cur.writes++;
	first_write(a, i, c);
	a->val[i] = v;
}

void pram_write(pram *m, pram_array *a, int64_t i, int64_t v)
{
	write_word(m, a, i, (pram_word){.i = v}, PRAM_INT);
}

void pram_writef(pram *m, pram_array *a, int64_t i, double v)
{
	write_word(m, a, i, (pram_word){.f = v}, PRAM_FLOAT);
}

static int is_crcw(pram_model model)
{
	return model == PRAM_CRCW_COMMON || model == PRAM_CRCW_ARBITRARY ||
	       model == PRAM_CRCW_PRIORITY || model == PRAM_CRCW_COMBINING;
}

int64_t pram_atomic(pram *m, pram_array *a, int64_t i, pram_op op, int64_t v)
{
	if (!access_ok(m, a, i, PRAM_INT) && !access_slow(m, a, i, PRAM_INT, "updates atomically"))
		return 0;
	cell_meta *c = touch(m, a, i);
	/* A second atomic on the cell is judged below as an atomic, not as a
	 * concurrent read; a plain read before it is a concurrent read. */
	if (!read_cell(m, a, i, c, "updates atomically", !(c->nwrite & META_ATOMIC)))
		return 0;
	m->cur.writes++;
	m->cur.atomics++;
	uint32_t prior = c->nwrite & META_COUNT;
	if (prior == 0) {
		c->nwrite = 1 | META_ATOMIC;
		note_contention(m, c);
		c->writer = (uint32_t)m->pid;
		first_write(a, i, c);
		int64_t old = a->val[i].i;
		a->val[i].i = pram_op_apply_i(op, old, v);
		if (m->cur.max_atomic < 1)
			m->cur.max_atomic = 1;
		return old;
	}
	c->nwrite++;
	note_contention(m, c);
	if (!(c->nwrite & META_ATOMIC)) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, c->writer, m->pid,
				"processor %" PRIu64 " updates %s[%" PRId64
				"] atomically after processor %" PRIu32
				" wrote it in the same step",
				m->pid, a->name, i, c->writer);
		return 0;
	}
	if (!is_crcw(m->cfg.model) && c->writer != (uint32_t)m->pid) {
		pram__violation(m, PRAM_EVIOLATION, a, i, 2, c->writer, m->pid,
				"processors %" PRIu32 " and %" PRIu64 " both update %s[%" PRId64
				"] atomically; %s forbids concurrent atomics on one cell",
				c->writer, m->pid, a->name, i, pram_model_name(m->cfg.model));
		if (m->failed)
			return 0;
	}
	/* Concurrent atomics apply in processor-id order, one after another. */
	int64_t old = a->val[i].i;
	a->val[i].i = pram_op_apply_i(op, old, v);
	if ((c->nwrite & META_COUNT) > m->cur.max_atomic)
		m->cur.max_atomic = c->nwrite & META_COUNT;
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
	if (dst->type != src->type || (src->type == PRAM_FLOAT && op > PRAM_OP_MIN)) {
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
	for (size_t k = 0; k < n; k++)
		if (!(src->meta[k].stamp &
		      META_WRITTEN)) { /* no step is open: the bit is the truth */
			pram__violation(m, PRAM_EUNWRITTEN, src, (int64_t)k, 0, 0, 0,
					"scan primitive reads %s[%zu], which was never written",
					src->name, k);
			if (m->failed) {
				pram_step_end(m);
				return;
			}
		}
	pram_word acc;
	if (src->type == PRAM_INT)
		acc.i = pram_op_identity_i(op);
	else
		acc.f = pram_op_identity_f(op);
	for (size_t k = 0; k < n; k++) {
		pram_word x = src->val[k];
		pram_word next;
		if (src->type == PRAM_INT)
			next.i = pram_op_apply_i(op, acc.i, x.i);
		else
			next.f = pram_op_apply_f(op, acc.f, x.f);
		dst->val[k] = inclusive ? next : acc;
		dst->meta[k].stamp |= META_WRITTEN;
		acc = next;
	}
	m->cur.work = n;
	m->cur.reads = n;
	m->cur.writes = n;
	m->cur.contention = n ? (dst == src ? 2 : 1) : 0;
	pram_step_end(m);
}

pram_value pram_read_v(pram *m, pram_array *a, int64_t i)
{
	pram_value v;
	if (a->type == PRAM_INT)
		v.i = pram_read(m, a, i);
	else
		v.f = pram_readf(m, a, i);
	return v;
}

void pram_write_v(pram *m, pram_array *a, int64_t i, pram_value v)
{
	if (a->type == PRAM_INT)
		pram_write(m, a, i, v.i);
	else
		pram_writef(m, a, i, v.f);
}
