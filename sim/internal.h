/*
 * internal.h - the machine's insides, shared by the files of sim/ only.
 *
 * Each shared array keeps, beside its values, a 16-bit record per cell and
 * a 32-bit tag (pram.h lays them out): whether the cell holds a value, what
 * happened to it in the open step, and which processor wrote it there (or
 * first read it); the tag tells a record of the open step from an older
 * one, so nothing is cleared between steps. A write goes straight to the
 * value, and the first write of a cell in a step saves the value it
 * replaces in old[]; a read of a cell written in this step returns that
 * saved value. So every read of a step sees memory as it was when the
 * step began, and ending a step costs nothing. Under the exclusive-read
 * models each read cell's first reader is kept beside, for the message
 * that names it. Counts too large for a record go to a table of the
 * machine for the step. The common accesses run inline in the program
 * (pram.h); the files here do the rest.
 *
 * Per cell: 8 bytes of value, 8 of saved value (touched only where a step
 * writes), 4 of tag and 2 of record, and 4 of first reader under the
 * exclusive-read models: 22 bytes, 26 under EREW and scan. The saved
 * values and the first readers matter only inside a step: a host read
 * between steps gives back the array's (pram_array_get_*), and the next
 * step allocates them again.
 */
#ifndef PRAM_INTERNAL_H
#define PRAM_INTERNAL_H

#include "pram.h"

typedef pram_value pram_word;

#define NWRITE_SHIFT  8
#define NACC_INLINE   (PRAM__NACC)                   /* the most accesses a record holds */
#define NWRITE_INLINE (PRAM__NWRITE >> NWRITE_SHIFT) /* the most writes */

/* The counts of a cell whose record overflowed (PRAM__WIDE), for the open
 * step: a slot of the machine's table, keyed by array and index. */
typedef struct wide_count {
	uint64_t key;    /* (array id + 1) << 32 | index; 0 for an empty slot */
	uint32_t nread;  /* reads of the cell in the step (atomics count) */
	uint32_t nwrite; /* writes of the cell in the step (atomics count) */
} wide_count;

struct pram_array {
	struct pram__array_fast f; /* first: what the inline paths of pram.h use */
	pram *m;                   /* owner */
	char *name;                /* owned copy */
	size_t len;                /* number of cells, < 2^32 */
	uint32_t id;               /* its place in the machine's list */
	uint32_t *reader;          /* under an exclusive-read model: each cell's first
				      reader in the step (for cells read in it); else NULL */
};

struct pram {
	struct pram__fast f; /* first: what the inline paths of pram.h use */
	pram_config cfg;
	pram_array **arrays; /* owned */
	size_t narrays, arrays_cap;

	/* The current step. */
	int in_step;
	int ok;              /* in a step, a processor selected, not failed: the
				fast paths are open (the arrays' lim say so too) */
	int excl_read;       /* the model forbids concurrent reads */
	int pid_selected;    /* has a processor been selected (in this step, once
				one began)? */
	pram_step_stats cur; /* counters of the open step (work, reads and writes
				are in f until the step ends) */
	uint64_t k;          /* the open step's K (pram_step_stats.k) */
	int local;           /* the selected processor did a local operation */
	uint64_t next_base;  /* the base of the next step: above every tag given */
	int released;        /* pram_release_cells gave the cells back */
	int sealed;          /* pram_seal: the host's accessors refused */

	/* Counts that overflowed their records in this step (open addressing). */
	wide_count *wide;
	size_t wide_cap, wide_n; /* slots (a power of two, or 0) and those in use */
	size_t wide_hint;        /* the slot found last: one hot cell stays cheap */

	/* History. */
	pram_step_stats *steps;
	size_t nsteps, steps_cap;
	pram_totals tot;

	/* Errors. */
	pram_violation *viol;
	size_t nviol, viol_cap;
	int failed;
	pram_status status;
	char errmsg[512];

	uint64_t rng; /* splitmix64 state, for CRCW-arbitrary */

	pram_step_hook hook;
	void *hook_ud;

	/* The access recorder (record.c): NULL when off. */
	struct pram_recorder *rec;
};

/* The recorder's state. recording is 0 once the limit was reached. */
typedef struct pram_recorder {
	pram_access *acc;
	size_t n, cap, max;
	size_t step_first; /* the open step's first access */
	size_t steps;      /* steps recorded whole */
	int recording, truncated;
} pram_recorder;

/* Record one access of the selected processor (record.c), and fill in the
 * step's accesses as it ends and drop a step cut by the limit. */
void pram__record(pram *m, const pram_array *a, int64_t i, pram_access_kind kind, pram_value v);
void pram__record_step_end(pram *m);
void pram__record_free(pram *m);
/* The counts of cell i of a in the open step, and its PRAM__HELD and
 * PRAM__FRESH bits (step.c). */
void pram__cell_counts(pram *m, const pram_array *a, int64_t i, uint32_t *nread, uint32_t *nwrite,
		       uint32_t *flags);

/* Allocation through the hook (alloc.c). */
void *pram__alloc(size_t n);
void *pram__realloc(void *p, size_t osize, size_t nsize);
void pram__free(void *p, size_t size);
char *pram__strdup(const char *s);
/* Grow *pp (of *cap elements of size sz) so it holds at least need. */
int pram__grow(void **pp, size_t *cap, size_t need, size_t sz);

/* Record an error at the current step (machine.c). In error mode it fails
 * the machine; model violations in count mode are only recorded. */
void pram__violation(pram *m, pram_status s, const pram_array *a, int64_t index, int nprocs,
		     uint64_t p0, uint64_t p1, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 8, 9)))
#endif
    ;

/* Open or close the inline fast paths after in_step, pid_selected or
 * failed changed: sets ok and every array's lim and rlim (machine.c). */
void pram__set_ok(pram *m);

/* The processor whose tag is t, for a tag of the open step. */
static inline uint32_t pram__pid_of(const pram *m, uint32_t t)
{
	return (uint32_t)((int64_t)t - m->f.delta);
}

/* Give back an array's step scratch (old, and reader under an
 * exclusive-read model), or allocate it again where it was given back: 0,
 * or -1 when out of memory (machine.c). */
void pram__scratch_free(pram_array *a);
int pram__scratch_alloc(pram_array *a);

/* A 64-bit pseudo-random number from the machine's seeded stream. */
uint64_t pram__random(pram *m);

#endif /* PRAM_INTERNAL_H */
