/*
 * pram.h - the public interface of libpram, a step-synchronous PRAM simulator.
 *
 * A machine (pram) holds shared arrays and runs steps. In a step each active
 * processor does O(1) shared reads, local operations and shared writes. All
 * reads of a step see memory as it was when the step began; all writes become
 * visible together when it ends. The machine counts work and depth per step
 * and checks the chosen memory model (EREW, CREW, CRCW variants, scan model)
 * on every access.
 *
 * Every operation is charged. A step is one unit of time because each of its
 * processors makes at most K shared accesses in it (K = PRAM_STEP_ACCESSES,
 * 8, unless pram_config.step_accesses says otherwise; a read and a write
 * count one each, an atomic one of each). A processor that makes a > K
 * accesses in a step is not refused: it costs ceil(a / K) units of time and
 * of work, so the step's time is the largest such charge among its
 * processors, its work the sum, and D the sum of the steps' times. One
 * processor reading n cells in a loop costs what n / K steps cost: the
 * sequential loop is never unit work and depth. A step that makes a larger
 * fixed number of accesses per processor by design (a 16 x 16 tile
 * product, a box's four corners) says so where it opens, PRAM_STEP_K(m,
 * label, k), so the allowance is visible in the program and never silent.
 *
 * A program reads like the pseudo-code of the lecture notes:
 *
 *     pram *m = pram_new(&(pram_config){.model = PRAM_CREW});
 *     pram_array *x = pram_array_new(m, "x", n, PRAM_INT);
 *     pram_array_load_i(x, input, n);
 *     for (size_t d = 1; d < n; d *= 2)
 *         PRAM_STEP(m, "add") {
 *             PRAM_FORALL(m, i, d, n)   // processors d .. n-1
 *                 pram_write(m, x, i, pram_read(m, x, i - d) + pram_read(m, x, i));
 *         }
 *     if (pram_failed(m)) puts(pram_errmsg(m));
 *     pram_free(m);
 *
 * Errors never stop the C program: the first violation (in PRAM_CONFLICT_ERROR
 * mode) marks the machine failed, later operations do nothing and reads return
 * zero, and the caller asks pram_failed() when the program is done. The
 * library never prints and never exits.
 */
#ifndef PRAM_H
#define PRAM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pram pram;             /* a machine: memory, counters, model */
typedef struct pram_array pram_array; /* a shared array, owned by its machine */

/* One cell's value: the array's type says which member holds it. */
typedef union pram_value {
	int64_t i;
	double f;
} pram_value;

/* Status codes, with their names and messages, from one list. */
#define PRAM_STATUS_MAP(X)                                         \
	X(OK, "ok")                                                \
	X(EVIOLATION, "memory model violation")                    \
	X(EBOUNDS, "index out of the array's bounds")              \
	X(EUNWRITTEN, "read of a cell never written")              \
	X(ETYPE, "integer access to a float array or the reverse") \
	X(ESTEP, "operation out of place")                         \
	X(EMODEL, "operation not available in this model")         \
	X(ENOMEM, "out of memory")                                 \
	X(EINVAL, "invalid argument")                              \
	X(EORDER, "processors out of order")

typedef enum {
#define PRAM_X_ENUM(name, msg) PRAM_##name,
	PRAM_STATUS_MAP(PRAM_X_ENUM)
#undef PRAM_X_ENUM
	PRAM_STATUS_COUNT
} pram_status;

/* The name ("EVIOLATION") and the message of a status. Static strings. */
const char *pram_status_name(pram_status s);
const char *pram_status_msg(pram_status s);

/*
 * PRAM semantics: the memory models. A step is synchronous (its reads see
 * memory as the step began, its writes land together when it ends), and
 * the model judges every cell that two processors of one step touch:
 *
 *   erew            no cell read by two processors, none written by two
 *   crew            concurrent reads; no concurrent writes
 *   crcw-common     concurrent writes, legal only when all write one value
 *   crcw-arbitrary  one concurrent writer wins, chosen by a seeded random
 *                   choice (pram_config.seed)
 *   crcw-priority   the lowest processor id wins
 *   crcw-combining  concurrent writes combined with pram_config.combine
 *   scan            EREW plus pram_scan_prim, a scan of one step and n work
 *
 * A processor's second write to a cell replaces its first. Atomics
 * (pram_atomic) of several processors on one cell need a CRCW model; they
 * are applied one after another in processor-id order, each seeing the
 * cell as the lower ids left it. A cell may not be both written and
 * updated atomically in one step. A violation fails the machine, or with
 * PRAM_CONFLICT_COUNT is kept and the step goes on. Every access is
 * charged: K of them per processor and step are its unit (the opening
 * comment of this file).
 */
typedef enum {
	PRAM_EREW,
	PRAM_CREW,
	PRAM_CRCW_COMMON,
	PRAM_CRCW_ARBITRARY,
	PRAM_CRCW_PRIORITY,
	PRAM_CRCW_COMBINING,
	PRAM_SCAN, /* EREW plus a unit-cost scan primitive */
	PRAM_MODEL_COUNT
} pram_model;

/* Associative operators: for CRCW-combining, scans and reductions. */
typedef enum {
	PRAM_OP_SUM,
	PRAM_OP_MAX,
	PRAM_OP_MIN,
	PRAM_OP_AND,
	PRAM_OP_OR,
	PRAM_OP_XOR,
	PRAM_OP_COUNT
} pram_op;

/* Element type of a shared array. */
typedef enum {
	PRAM_INT,
	PRAM_FLOAT
} pram_type;

/* What to do with a model violation. */
typedef enum {
	PRAM_CONFLICT_ERROR, /* stop at the first: the machine fails */
	PRAM_CONFLICT_COUNT  /* record every one, resolve as CRCW-arbitrary, go on */
} pram_conflicts;

typedef struct pram_config {
	pram_model model;
	pram_op combine;          /* the operator of PRAM_CRCW_COMBINING; and, or and xor
				     combine integers only: a concurrent write of a
				     float array with them is an EMODEL error */
	pram_conflicts conflicts; /* error (default) or count */
	uint64_t seed;            /* for CRCW-arbitrary's choice of winner */
	size_t max_violations;    /* violations kept in the list; 0 means 1000 */
	size_t record;            /* record up to this many accesses from the start
				     (pram_record_start); 0: no recording */
	unsigned step_accesses;   /* K, the shared accesses one processor makes in a
				     step at unit cost; 0 means PRAM_STEP_ACCESSES */
} pram_config;

/* The default K: enough for a step of the notes' pseudo-code (a segmented
 * scan's step reads two values and two flags and writes one of each). */
#define PRAM_STEP_ACCESSES 8

/* Model and operator names as the command line spells them ("crcw-common",
 * "sum"). The parsers return 0 on success, -1 for an unknown name. */
const char *pram_model_name(pram_model m);
const char *pram_model_desc(pram_model m);
int pram_model_parse(const char *s, pram_model *out);
const char *pram_op_name(pram_op op);
int pram_op_parse(const char *s, pram_op *out);
/* Identity element of op on integers (0 for sum, INT64_MIN for max, ...). */
int64_t pram_op_identity_i(pram_op op);
double pram_op_identity_f(pram_op op);
int64_t pram_op_apply_i(pram_op op, int64_t a, int64_t b);
double pram_op_apply_f(pram_op op, double a, double b);

/* The same, on either type (integers use .i, floats .f). and, or and xor
 * on floats return a unchanged; the simulator never applies them to floats
 * (see pram_config.combine and pram_scan_prim). */
pram_value pram_op_identity_v(pram_op op, pram_type t);
pram_value pram_op_apply_v(pram_op op, pram_type t, pram_value a, pram_value b);

/* Allocation hook: every library allocation goes through it, so tests can
 * count bytes and inject failures. fn(ud, ptr, old_size, new_size) behaves
 * like realloc, and like free when new_size is 0. NULL restores the default. */
typedef void *(*pram_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);
void pram_set_allocator(pram_alloc_fn fn, void *ud);

/* Create a machine. cfg may be NULL (EREW, error mode, seed 0). Returns NULL
 * when out of memory. A model, operator or conflict mode outside its enum
 * gives a machine that has failed with EINVAL and says which (pram_errmsg),
 * so it runs nothing. Caller frees with pram_free. */
pram *pram_new(const pram_config *cfg);
/* Free a machine and every array it owns. Accepts NULL. */
void pram_free(pram *m);
const pram_config *pram_get_config(const pram *m);

/* Shared arrays. The machine owns them; they live until pram_free. name is
 * copied. Cells start never-written; load them or write them in a step.
 * Returns NULL and fails the machine when out of memory. */
pram_array *pram_array_new(pram *m, const char *name, size_t len, pram_type type);
/* Initialise cells [0, n) from the host, outside any step (no cost). */
void pram_array_load_i(pram_array *a, const int64_t *src, size_t n);
void pram_array_load_f(pram_array *a, const double *src, size_t n);
/* Fill every cell with one value (no cost). */
void pram_array_fill_i(pram_array *a, int64_t v);
void pram_array_fill_f(pram_array *a, double v);
/* Fill cells [from, len) with v, of the array's type (no cost). */
void pram_array_fill_v(pram_array *a, size_t from, pram_value v);
/* Look at cells from the host, outside the machine's accounting. Between
 * steps a read also gives back the memory that the array's steps keep for
 * its values at each step's start (the next step takes it again), so that
 * results are read out of a large machine without the machine holding
 * that too; so these reads, too, are calls on the machine, not to be made
 * from two threads at once. */
int64_t pram_array_get_i(const pram_array *a, size_t i);
pram_value pram_array_get_v(const pram_array *a, size_t i);
void pram_array_load_v(pram_array *a, const pram_value *src, size_t n);
double pram_array_get_f(const pram_array *a, size_t i);
int pram_array_written(const pram_array *a, size_t i);
const char *pram_array_name(const pram_array *a);
size_t pram_array_len(const pram_array *a);
pram_type pram_array_type(const pram_array *a);
/* Number of arrays and the k-th one, in creation order (for traces). */
size_t pram_array_count(const pram *m);
pram_array *pram_array_at(const pram *m, size_t k);
/* Give back the memory of every array's cells, for a caller that has
 * copied the results out and goes on with the counters: the arrays keep
 * their names, lengths and types, and the steps, totals, violations and
 * recorded accesses stay. The machine then takes no more steps: a step,
 * the scan primitive, a load, a fill or a new array is an ESTEP error;
 * pram_array_get_* read 0 and pram_array_written 0. Between steps only
 * (inside one, an ESTEP error). */
void pram_release_cells(pram *m);

/* Seal the machine (on 1) or open it again (on 0). While it is sealed,
 * the host's accessors of its memory (pram_array_get_*, load, fill,
 * pram_array_written, pram_release_cells) fail the machine with an ESTEP
 * error that names the call, and read 0: a checker seals the machine for
 * the time a student's program runs on it, so that the program computes
 * only by its processors, in steps. New arrays, steps and the counters
 * are as ever, and the step hook (pram_set_step_hook), the host's
 * observer, reads the cells as ever. */
void pram_seal(pram *m, int on);

/* Steps. pram_step_begin opens a step labelled label (a static string) at
 * file:line; pram_step_end closes it, applies its writes, checks and counts.
 * pram_step_begin_k opens one whose processors may each make k shared
 * accesses at unit cost (k >= 1) instead of the machine's K. Use the
 * PRAM_STEP and PRAM_STEP_K macros rather than calling them by hand. */
void pram_step_begin(pram *m, const char *label, const char *file, int line);
void pram_step_begin_k(pram *m, const char *label, unsigned k, const char *file, int line);
void pram_step_end(pram *m);

/* Select the processor that the following operations belong to. Processors
 * of one step must be selected in increasing id order (PRAM_FORALL does),
 * which is the order concurrent atomics are applied in; an id below the
 * last one is an EORDER error. A shared access or pram_local in a step
 * before any processor is selected belongs to no processor: an ESTEP error.
 * (pram_proc, pram_read, pram_write and their float and type-generic forms
 * are also macros that run their common case inline; see the end of this
 * file.) */
void pram_proc(pram *m, uint64_t pid);

/* Shared memory operations of the selected processor. */
int64_t pram_read(pram *m, pram_array *a, int64_t i);
double pram_readf(pram *m, pram_array *a, int64_t i);
void pram_write(pram *m, pram_array *a, int64_t i, int64_t v);
void pram_writef(pram *m, pram_array *a, int64_t i, double v);
/* Type-generic forms: read or write by the array's own type, so one program
 * serves integer and float data. */
pram_value pram_read_v(pram *m, pram_array *a, int64_t i);
void pram_write_v(pram *m, pram_array *a, int64_t i, pram_value v);
/* Atomic read-modify-write: applies op with v to cell i and returns the value
 * the cell held before, as seen in processor-id order within the step. */
int64_t pram_atomic(pram *m, pram_array *a, int64_t i, pram_op op, int64_t v);
#define pram_fetch_add(m, a, i, v)  pram_atomic((m), (a), (i), PRAM_OP_SUM, (v))
#define pram_atomic_inc(m, a, i)    pram_atomic((m), (a), (i), PRAM_OP_SUM, 1)
#define pram_atomic_max(m, a, i, v) pram_atomic((m), (a), (i), PRAM_OP_MAX, (v))
/* Count n local operations of the selected processor (makes it active). */
void pram_local(pram *m, unsigned n);

/* The scan primitive of the scan model: dst[k] = src[0] op ... op src[k]
 * (inclusive) or src[0] op ... op src[k-1] (exclusive) for k in [0, n).
 * One step of work n, a step of its own: allowed only under PRAM_SCAN and
 * outside PRAM_STEP (inside, an ESTEP error). dst may be src. */
void pram_scan_prim(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive,
		    const char *file, int line);
#define PRAM_SCAN_PRIM(m, dst, src, n, op, incl) \
	pram_scan_prim((m), (dst), (src), (n), (op), (incl), __FILE__, __LINE__)

/* One synchronous step: PRAM_STEP(m, "label") { ... } */
#define PRAM_STEP(m, label)                                                                \
	for (int pram_step_once_ = (pram_step_begin((m), (label), __FILE__, __LINE__), 1); \
	     pram_step_once_; pram_step_once_ = 0, pram_step_end(m))

/* A step whose processors each make up to k shared accesses at unit cost,
 * by the program's design: PRAM_STEP_K(m, "tile product", 2 * 256 + 1) { ... } */
#define PRAM_STEP_K(m, label, k)                                                                  \
	for (int pram_step_once_ = (pram_step_begin_k((m), (label), (k), __FILE__, __LINE__), 1); \
	     pram_step_once_; pram_step_once_ = 0, pram_step_end(m))

/* forall i in parallel, lo <= i < hi: processor ids are the values of i. */
#define PRAM_FORALL(m, i, lo, hi)                                    \
	for (int64_t i = (int64_t)(lo), pram_hi_##i = (int64_t)(hi); \
	     i < pram_hi_##i && (pram_proc((m), (uint64_t)i), 1); i++)

/* Counters of one step. */
typedef struct pram_step_stats {
	uint64_t work;       /* the processors that did at least one operation, each
				counted ceil(accesses / K) times (once for K or fewer) */
	uint64_t time;       /* the step's time: the largest ceil(accesses / K) of a
				processor, at least 1 */
	uint64_t accesses;   /* the most shared accesses one processor made (0 for
				the scan primitive, which has no processors) */
	uint64_t heavy_pid;  /* a processor that made them, where they are over K */
	unsigned k;          /* the step's K */
	uint64_t reads;      /* shared reads (atomics count one) */
	uint64_t writes;     /* shared writes (atomics count one) */
	uint64_t atomics;    /* atomic read-modify-writes */
	uint64_t contention; /* most accesses to a single cell */
	uint64_t max_atomic; /* most atomics on a single cell */
	const char *label;   /* the PRAM_STEP label */
	const char *file;    /* source file of the step */
	int line;            /* source line of the step */
} pram_step_stats;

/* Totals over every step so far. */
typedef struct pram_totals {
	uint64_t work;         /* W */
	uint64_t depth;        /* D, the sum of the steps' times (the number of steps
				  where no processor makes more than K accesses) */
	uint64_t steps;        /* the number of steps */
	uint64_t depth_serial; /* sum over steps of max(time, most atomics on a cell) */
	uint64_t reads, writes, atomics;
	uint64_t contention; /* the largest over steps */
	uint64_t violations; /* all violations, also those not kept */
} pram_totals;

pram_totals pram_get_totals(const pram *m);
size_t pram_step_count(const pram *m);
/* Stats of step k (0-based). Pointer valid until the next step or pram_free. */
const pram_step_stats *pram_step_at(const pram *m, size_t k);
/* Brent: T_p = sum over steps of max(t_i, ceil(W_i / p)), t_i the step's
 * time: a step in which no processor acts still takes its synchronous round
 * (it counts in D), so T_1 >= D and T_p <= ceil(W / p) + D still holds.
 * p >= 1. */
uint64_t pram_brent_time(const pram *m, uint64_t p);
/* Brent's bound ceil(W / p) + D. */
uint64_t pram_brent_bound(const pram *m, uint64_t p);

/* A violation: where, what and who. */
typedef struct pram_violation {
	pram_status status; /* EVIOLATION, EBOUNDS, EUNWRITTEN, ... */
	uint64_t step;      /* 1-based step number; 0 outside any step */
	const char *label;  /* the step's label */
	const char *file;   /* source file of the step */
	int line;           /* source line of the step */
	const char *array;  /* array name */
	int64_t index;      /* the cell */
	uint64_t procs[2];  /* the processors involved */
	int nprocs;         /* how many of procs are set (0..2) */
	char rule[160];     /* the rule broken, in words */
} pram_violation;

/* Kept violations, in order. Valid until pram_free. */
size_t pram_violation_count(const pram *m);
const pram_violation *pram_violation_at(const pram *m, size_t k);
/* Format v as one line ("step 3 (scan.c:42, \"add\"): ...") into buf. */
void pram_violation_format(const pram_violation *v, char *buf, size_t len);

/* Did the machine fail (error mode, or an error outside the model rules)? */
int pram_failed(const pram *m);
pram_status pram_status_of(const pram *m);
/* The first error as one line; "" when none. Valid until pram_free. */
const char *pram_errmsg(const pram *m);
/* Fail the machine with a message of the caller's (for program-level errors
 * such as bad parameters). printf-style. */
void pram_fail(pram *m, pram_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Called after every step with the machine (for traces). */
typedef void (*pram_step_hook)(pram *m, size_t step, void *ud);
void pram_set_step_hook(pram *m, pram_step_hook fn, void *ud);

/*
 * The access recorder: every shared access of every step, for pictures of
 * a run (pram run --html). Off unless asked for, and then free: the inline
 * paths below carry no test for it. pram_record_start closes them, as an
 * exclusive-read model closes the reads, so that every access goes through
 * the library, which records it beside its checks: a recorded run takes
 * about ten times the instructions (the scan of bench/bench-sim: 874 per
 * processor-step against 92) and 64 bytes per access.
 *
 * At most max accesses are kept. The access that would pass the limit
 * stops the recording: the step it falls in is dropped whole, the steps
 * before it stay, pram_record_steps says how many, pram_record_truncated
 * says it happened, and the run goes on at full speed, unrecorded. The
 * scan primitive (a step without processors) records no accesses.
 */
typedef enum pram_access_kind {
	PRAM_ACCESS_READ,
	PRAM_ACCESS_WRITE,
	PRAM_ACCESS_ATOMIC
} pram_access_kind;

typedef struct pram_access {
	uint32_t step;    /* 0-based step (pram_step_at) */
	uint32_t pid;     /* the processor */
	uint32_t array;   /* the array's place in creation order (pram_array_at) */
	uint32_t kind;    /* pram_access_kind */
	int64_t index;    /* the cell */
	pram_value value; /* a read: the value seen; a write: the value written; an
			      atomic: its operand */
	/* Filled when the step ends, from the cell's record for the step: */
	pram_value result; /* the cell's value after the step (what a write left) */
	uint32_t winner;   /* written cells: the processor whose write the cell kept
			      (for atomics, the first) */
	uint32_t nread;    /* reads of the cell in the step (atomics count) */
	uint32_t nwrite;   /* writes of the cell in the step (atomics count) */
	uint32_t held;     /* written cells: 1 when the cell held a value before the step */
	pram_value before; /* written cells that held one: the value at the step's start */
} pram_access;

/* Start recording, keeping at most max accesses (max >= 1), before the
 * first step or between steps. Returns 0, or -1 with the machine failed
 * (EINVAL inside a step or for max 0, ENOMEM). Recording again restarts. */
int pram_record_start(pram *m, size_t max);
/* The accesses kept, in the order the program made them, and the k-th. */
size_t pram_record_count(const pram *m);
const pram_access *pram_record_at(const pram *m, size_t k);
/* Steps whose accesses are all kept: every step so far, or those before
 * the step that reached the limit. */
size_t pram_record_steps(const pram *m);
/* Did the limit stop the recording? */
int pram_record_truncated(const pram *m);

/*
 * Inline fast paths, as stdio's getc runs against the buffer of FILE.
 *
 * Everything below is internal to libpram: programs call pram_proc,
 * pram_read, pram_write and the rest, never the pram__ names, and never
 * touch the structs. A machine begins with a struct pram__fast and an array
 * with a struct pram__array_fast; the rest of each is behind them, in the
 * library. The inline code does the common case of an access (a legal one
 * in a running step) and hands everything else to the library, which does
 * every check and writes every message. The layout may change in any
 * release, so a program must run with the libpram of the pram.h it was
 * compiled with. The functions of the same names remain, for the address
 * of one, or for '(pram_read)(m, a, i)' when the macro is not wanted.
 *
 * Each cell has a 16-bit record of what happened to it in the open step
 * and a 32-bit tag naming the processor that wrote it in the step, or,
 * where none did, the first that read it. A step's processors have the
 * tags base, base + 1, ...: processor p has the tag p + delta, and the next
 * step's base lies above the last tag given. So a tag below the open step's
 * base marks a record of an older step, which reads as "untouched", and
 * nothing is cleared between steps; the tag is at once the step's stamp
 * and the writer's name. Counts too large for their bits live in a table
 * of the machine (PRAM__WIDE), so every count stays exact.
 */
#define PRAM__HELD    0x8000u /* the cell holds a value (kept from step to step) */
#define PRAM__FRESH   0x4000u /* it held none when the step began (right below HELD) */
#define PRAM__ATOMIC  0x2000u /* its writes in the step are atomics */
#define PRAM__WIDE    0x1000u /* its counts are in the machine's table, not below */
#define PRAM__NWRITE  0x0f00u /* writes of the cell in the step (atomics count) */
#define PRAM__NWRITE1 0x0100u
#define PRAM__NACC    0x00ffu /* reads and writes of the cell in the step */

/* The first member of every machine. A processor may be selected inline
 * when its id is below end_pid and its tag above the last one's: ids go up.
 * end_pid is 0 until a processor is selected in the step, so that the
 * first selection goes through the library, which fixes the step's delta,
 * and it is the first id whose tag would not fit in 32 bits, for which
 * the library makes room. A processor is settled when the next one is
 * selected or the step ends: its accesses are its reads and writes less
 * the mark they had when it was selected, and with 1 to K of them it counts
 * once in the work. More than K, or a local operation (kfast 0), and the
 * library settles it, charging ceil(accesses / K). climit is the step's
 * contention so far (at most PRAM__NACC): an access that takes a cell's
 * count above it goes through the library, which raises the contention. */
struct pram__fast {
	uint64_t end_pid; /* ids from here on go through the library */
	int64_t tag;      /* the selected processor's tag */
	int64_t delta;    /* tag minus id, for the open step's processors */
	uint64_t work;    /* the open step's work, */
	uint64_t reads;   /* shared reads */
	uint64_t writes;  /* and shared writes (pram_step_stats) */
	uint64_t mark;    /* reads + writes when the processor was selected */
	uint64_t kfast;   /* K + 1: a processor with fewer accesses settles inline;
			     0 while the selected one has done a local operation */
	uint64_t most;    /* the most accesses of one processor in the step so far */
	uint32_t base;    /* the least tag of the open step */
	uint32_t climit;  /* accesses of a cell the inline paths may count */
};

/* The first member of every shared array. lim is, by access type, the
 * number of cells while the machine runs a step with a processor selected
 * and has not failed, for the array's own type, and 0 otherwise: so one
 * comparison checks the index, the type and the machine's state. rlim is
 * the same for reads, but 0 under the exclusive-read models, whose reads
 * the library judges. old holds something only for the cells written in
 * the step. */
struct pram__array_fast {
	size_t lim[2];   /* writes may go inline below these */
	size_t rlim[2];  /* reads may go inline below these */
	pram_value *val; /* the current values (a cell written in the step: the new one) */
	pram_value *old; /* the values at the step's start */
	uint32_t *tag;   /* one tag per cell (see above) */
	uint16_t *state; /* one record per cell (PRAM__ bits above) */
	pram_type type;  /* PRAM_INT or PRAM_FLOAT */
};

/* The library's side of each fast path: the uncommon cases and the checks. */
void pram__proc_slow(pram *m, uint64_t pid);
pram_value pram__read_slow(pram *m, pram_array *a, int64_t i, pram_type want);
void pram__write_slow(pram *m, pram_array *a, int64_t i, pram_value v, pram_type want);

#if defined(__GNUC__)
#define PRAM__LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define PRAM__LIKELY(x) (x)
#endif

static inline void pram__proc(pram *m, uint64_t pid)
{
	struct pram__fast *f = (struct pram__fast *)m;
	if (PRAM__LIKELY(pid < f->end_pid)) {
		int64_t t = (int64_t)pid + f->delta;
		uint64_t ops = f->reads + f->writes, n = ops - f->mark;
		if (PRAM__LIKELY(t > f->tag && n < f->kfast)) {
			f->work += n != 0;
			f->most = n > f->most ? n : f->most;
			f->mark = ops;
			f->tag = t;
			return;
		}
	}
	pram__proc_slow(m, pid);
}

/* A read of a cell that held a value when the step began, while its count
 * fits in its record: count it, and return the value at the step's start.
 * The cell's first access in the step tags it. */
static inline pram_value pram__read(pram *m, pram_array *a, int64_t i, pram_type want)
{
	struct pram__fast *f = (struct pram__fast *)m;
	struct pram__array_fast *fa = (struct pram__array_fast *)a;
	if (PRAM__LIKELY((uint64_t)i < fa->rlim[want])) {
		uint32_t s = fa->state[i];
		if (fa->tag[i] >= f->base) {
			/* HELD, neither FRESH nor WIDE, fewer accesses than
			 * the contention so far: */
			if (PRAM__LIKELY(
				(s & (PRAM__HELD | PRAM__FRESH | PRAM__WIDE | PRAM__NACC)) -
				    PRAM__HELD <
				f->climit)) {
				fa->state[i] = (uint16_t)(s + 1);
				f->reads++;
				return (s & PRAM__NWRITE) ? fa->old[i] : fa->val[i];
			}
		} else if (PRAM__LIKELY(s & PRAM__HELD)) {
			/* A first access makes the contention at least 1, which
			 * the step's end sees from the counters. */
			fa->state[i] = PRAM__HELD | 1;
			fa->tag[i] = (uint32_t)f->tag;
			f->reads++;
			return fa->val[i];
		}
	}
	return pram__read_slow(m, a, i, want);
}

/* The first write of a cell in the step: save the value it replaces for
 * the step's readers, and tag the cell with the writer. A second one is a
 * conflict for the library. */
static inline void pram__write(pram *m, pram_array *a, int64_t i, pram_value v, pram_type want)
{
	struct pram__fast *f = (struct pram__fast *)m;
	struct pram__array_fast *fa = (struct pram__array_fast *)a;
	if (PRAM__LIKELY((uint64_t)i < fa->lim[want])) {
		uint32_t s = fa->state[i];
		if (fa->tag[i] < f->base) {
			/* The first access in the step. A cell that held no value
			 * is FRESH for the step's readers. */
			fa->state[i] =
			    (uint16_t)(PRAM__HELD | ((~s & PRAM__HELD) >> 1) | PRAM__NWRITE1 | 1);
		} else if (PRAM__LIKELY(
			       (s & (PRAM__HELD | PRAM__NWRITE | PRAM__WIDE | PRAM__NACC)) -
				   PRAM__HELD <
			       f->climit)) {
			/* Read, held a value, not written, not WIDE, fewer
			 * accesses than the contention so far. */
			fa->state[i] = (uint16_t)(s + PRAM__NWRITE1 + 1);
		} else {
			pram__write_slow(m, a, i, v, want);
			return;
		}
		fa->tag[i] = (uint32_t)f->tag;
		fa->old[i] = fa->val[i];
		fa->val[i] = v;
		f->writes++;
		return;
	}
	pram__write_slow(m, a, i, v, want);
}

static inline int64_t pram__read_i(pram *m, pram_array *a, int64_t i)
{
	return pram__read(m, a, i, PRAM_INT).i;
}

static inline double pram__read_f(pram *m, pram_array *a, int64_t i)
{
	return pram__read(m, a, i, PRAM_FLOAT).f;
}

static inline pram_value pram__read_v(pram *m, pram_array *a, int64_t i)
{
	return pram__read(m, a, i, ((struct pram__array_fast *)a)->type);
}

static inline void pram__write_i(pram *m, pram_array *a, int64_t i, int64_t v)
{
	pram_value w;
	w.i = v;
	pram__write(m, a, i, w, PRAM_INT);
}

static inline void pram__write_f(pram *m, pram_array *a, int64_t i, double v)
{
	pram_value w;
	w.f = v;
	pram__write(m, a, i, w, PRAM_FLOAT);
}

static inline void pram__write_v(pram *m, pram_array *a, int64_t i, pram_value v)
{
	pram__write(m, a, i, v, ((struct pram__array_fast *)a)->type);
}

#define pram_proc(m, pid)        pram__proc((m), (pid))
#define pram_read(m, a, i)       pram__read_i((m), (a), (i))
#define pram_readf(m, a, i)      pram__read_f((m), (a), (i))
#define pram_read_v(m, a, i)     pram__read_v((m), (a), (i))
#define pram_write(m, a, i, v)   pram__write_i((m), (a), (i), (v))
#define pram_writef(m, a, i, v)  pram__write_f((m), (a), (i), (v))
#define pram_write_v(m, a, i, v) pram__write_v((m), (a), (i), (v))

#ifdef __cplusplus
}
#endif
#endif /* PRAM_H */
