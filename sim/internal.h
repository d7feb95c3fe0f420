/*
 * internal.h - the machine's insides, shared by the files of sim/ only.
 *
 * Each shared array keeps, beside its values, one metadata record per cell
 * that says what happened to the cell in the current step (stamped with the
 * step number, so nothing is cleared between steps), and a written flag per
 * cell. A write goes straight to the value, and the first write of a cell
 * in a step saves the value it replaces in old[]; a read of a cell written
 * in this step returns that saved value. So every read of a step sees memory
 * as it was when the step began, and ending a step costs nothing.
 */
#ifndef PRAM_INTERNAL_H
#define PRAM_INTERNAL_H

#include "pram.h"

typedef pram_value pram_word;

/* What one cell saw in the step numbered stamp, 20 bytes, so that a whole
 * access touches little memory. Processor ids are kept in 32 bits (a
 * machine has fewer than 2^32 processors; pram_proc checks). */
typedef struct cell_meta {
	uint32_t stamp;  /* bit 31: the cell holds a value; bits 0-30: the step
			    (low 31 bits) the fields below belong to */
	uint32_t nread;  /* reads of the cell in that step (atomics count) */
	uint32_t nwrite; /* writes of the cell in that step (atomics count);
			    bit 31 set when they are atomics, bit 30 when
			    the cell held no value before the step */
	uint32_t reader; /* the first processor that read it */
	uint32_t writer; /* the winning (for atomics, the first) writer */
} cell_meta;

#define META_WRITTEN 0x80000000u
#define META_STAMP   0x7fffffffu
#define META_ATOMIC  0x80000000u
#define META_FRESH   0x40000000u
#define META_COUNT   0x3fffffffu

struct pram_array {
	pram *m;         /* owner */
	char *name;      /* owned copy */
	size_t len;      /* number of cells, < 2^32 */
	pram_type type;  /* PRAM_INT or PRAM_FLOAT */
	size_t lim[2];   /* by access type: len for the array's own type, else 0,
			       so one comparison checks both bounds and type */
	pram_word *val;  /* current values (written cells: as written this step) */
	pram_word *old;  /* for cells written in this step: the value at its start */
	cell_meta *meta; /* per-cell record of the current step, and written bit */
};

struct pram {
	pram_config cfg;
	pram_array **arrays; /* owned */
	size_t narrays, arrays_cap;

	/* The current step. */
	int in_step;
	int ok;              /* in a step and not failed: the fast paths may run */
	int excl_read;       /* the model forbids concurrent reads */
	uint32_t stamp;      /* step number (1-based), low 31 bits */
	pram_step_stats cur; /* counters of the open step */
	uint64_t pid;        /* the selected processor */
	uint64_t next_pid;   /* the least id a newly selected processor may have */
	int pid_active;      /* has it done an operation in this step? */
	int pid_selected;    /* has any processor been selected in this step? */

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
};

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

/* A 64-bit pseudo-random number from the machine's seeded stream. */
uint64_t pram__random(pram *m);

#endif /* PRAM_INTERNAL_H */
