/*
 * record.c - the access recorder (pram.h, "The access recorder"): a growing
 * list of the accesses of every step, each completed when its step ends
 * with what the step did to its cell.
 *
 * The inline paths of pram.h know nothing of it: pram__set_ok closes them
 * while it records, so each access reaches step.c, which calls
 * pram__record after judging it. A failed access (out of bounds, a cell
 * never written) is not recorded; a conflicting one is, with the cell's
 * counts and the winner that tell how the model resolved it.
 */
#include <string.h>

#include "internal.h"

static void stop(pram *m)
{
	pram_recorder *r = m->rec;
	r->recording = 0;
	r->truncated = 1;
	r->n = r->step_first; /* the cut step is dropped whole */
	pram__set_ok(m);      /* the rest runs inline again */
}

int pram_record_start(pram *m, size_t max)
{
	if (m->failed)
		return -1;
	if (m->in_step || max == 0) {
		pram_fail(m, PRAM_EINVAL,
			  m->in_step
			      ? "pram_record_start inside step \"%s\": start it between steps"
			      : "pram_record_start: a limit of 0 accesses records nothing%s",
			  m->in_step ? m->cur.label : "");
		return -1;
	}
	if (!m->rec) {
		m->rec = pram__alloc(sizeof *m->rec);
		if (!m->rec) {
			pram_fail(m, PRAM_ENOMEM, "out of memory for the access recorder");
			return -1;
		}
		memset(m->rec, 0, sizeof *m->rec);
	}
	pram_recorder *r = m->rec;
	r->n = r->step_first = 0;
	r->max = max;
	r->steps = m->nsteps;
	r->recording = 1;
	r->truncated = 0;
	pram__set_ok(m);
	return 0;
}

void pram__record(pram *m, const pram_array *a, int64_t i, pram_access_kind kind, pram_value v)
{
	pram_recorder *r = m->rec;
	if (r->n == r->max) {
		stop(m);
		return;
	}
	if (r->n == r->cap) {
		size_t want = r->cap ? 2 * r->cap : 1024;
		if (want > r->max)
			want = r->max;
		pram_access *na = pram__realloc(r->acc, r->cap * sizeof *na, want * sizeof *na);
		if (!na) {
			pram_fail(m, PRAM_ENOMEM,
				  "out of memory for the access recorder (%zu accesses)", want);
			stop(m);
			return;
		}
		r->acc = na;
		r->cap = want;
	}
	pram_access *e = &r->acc[r->n++];
	memset(e, 0, sizeof *e);
	e->step = (uint32_t)m->nsteps;
	e->pid = pram__pid_of(m, (uint32_t)m->f.tag);
	e->array = a->id;
	e->kind = kind;
	e->index = i;
	e->value = v;
}

void pram__record_step_end(pram *m)
{
	pram_recorder *r = m->rec;
	if (!r || !r->recording)
		return;
	for (size_t k = r->step_first; k < r->n; k++) {
		pram_access *e = &r->acc[k];
		const pram_array *a = m->arrays[e->array];
		uint32_t flags;
		pram__cell_counts(m, a, e->index, &e->nread, &e->nwrite, &flags);
		e->result = a->f.val[e->index];
		if (e->nwrite) {
			e->winner = pram__pid_of(m, a->f.tag[e->index]);
			e->held = (flags & PRAM__HELD) && !(flags & PRAM__FRESH);
			if (e->held)
				e->before = a->f.old[e->index];
		}
	}
	r->step_first = r->n;
	r->steps = m->nsteps + 1; /* the step that is ending */
}

void pram__record_free(pram *m)
{
	if (!m->rec)
		return;
	pram__free(m->rec->acc, m->rec->cap * sizeof *m->rec->acc);
	pram__free(m->rec, sizeof *m->rec);
	m->rec = NULL;
}

size_t pram_record_count(const pram *m)
{
	return m->rec ? m->rec->n : 0;
}

const pram_access *pram_record_at(const pram *m, size_t k)
{
	return m->rec && k < m->rec->n ? &m->rec->acc[k] : NULL;
}

size_t pram_record_steps(const pram *m)
{
	if (!m->rec)
		return 0;
	return m->rec->recording ? m->nsteps : m->rec->steps;
}

int pram_record_truncated(const pram *m)
{
	return m->rec ? m->rec->truncated : 0;
}
