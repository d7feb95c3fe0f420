/*
 * test-sim.c - unit tests of libpram: every model rule with a legal and an
 * illegal program and the text of its error, the synchronous step, atomics
 * and D_serial, work counting, the scan primitive, the counting mode, bounds
 * and never-written cells, allocation failures; and the machine's own
 * bookkeeping: counts too large for a cell's record, many steps, the tags
 * renumbered when they run out, the bytes a cell costs and the memory given
 * back between steps and after a run; the access recorder; every access
 * charged (K per processor and step).
 */
#include <stdlib.h>
#include <string.h>

#include "pram.h"
#include "tap.h"

static pram *machine(pram_model model)
{
	return pram_new(&(pram_config){.model = model});
}

/* An array of n integer cells holding 10, 11, 12, ... */
static pram_array *counting_array(pram *m, const char *name, size_t n)
{
	pram_array *a = pram_array_new(m, name, n, PRAM_INT);
	int64_t *vals = malloc(n * sizeof *vals);
	for (size_t i = 0; i < n; i++)
		vals[i] = 10 + (int64_t)i;
	pram_array_load_i(a, vals, n);
	free(vals);
	return a;
}

/* Processors 0 and 1 both read a[0]. */
static void concurrent_read(pram *m, pram_array *a, pram_array *out)
{
	PRAM_STEP(m, "both read a[0]") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_write(m, out, i, pram_read(m, a, 0));
		}
	}
}

/* Processors 0 and 1 write v0 and v1 to a[0]. */
static void concurrent_write(pram *m, pram_array *a, int64_t v0, int64_t v1)
{
	PRAM_STEP(m, "both write a[0]") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_write(m, a, 0, i == 0 ? v0 : v1);
		}
	}
}

static void test_reads(void)
{
	for (int model = 0; model < PRAM_MODEL_COUNT; model++) {
		pram *m = machine((pram_model)model);
		pram_array *a = counting_array(m, "a", 4), *out = counting_array(m, "out", 4);
		concurrent_read(m, a, out);
		int exclusive = model == PRAM_EREW || model == PRAM_SCAN;
		TAP_EQ_I(pram_failed(m), exclusive, "%s: concurrent read is %s",
			 pram_model_name((pram_model)model), exclusive ? "a violation" : "legal");
		if (exclusive) {
			TAP_CONTAINS(pram_errmsg(m), "processors 0 and 1 both read a[0]",
				     "%s: the message names processors, array and index",
				     pram_model_name((pram_model)model));
			TAP_CONTAINS(pram_errmsg(m), "forbids concurrent reads", "%s: and the rule",
				     pram_model_name((pram_model)model));
			TAP_CONTAINS(pram_errmsg(m), "step 1 (test-sim.c:", "%s: and step and line",
				     pram_model_name((pram_model)model));
			TAP_EQ_I(pram_status_of(m), PRAM_EVIOLATION, "status is EVIOLATION");
		} else {
			TAP_EQ_I(pram_array_get_i(out, 1), 10, "%s: both readers got a[0]",
				 pram_model_name((pram_model)model));
		}
		pram_free(m);
	}
	/* One processor reading a cell twice is not a concurrent read. */
	pram *m = machine(PRAM_EREW);
	pram_array *a = counting_array(m, "a", 2);
	PRAM_STEP(m, "read twice") {
		PRAM_FORALL(m, i, 0, 1) {
			pram_write(m, a, 1, pram_read(m, a, 0) + pram_read(m, a, 0));
		}
	}
	TAP_OK(!pram_failed(m), "erew: one processor may read a cell twice");
	TAP_EQ_I(pram_array_get_i(a, 1), 20, "and gets its value both times");
	pram_free(m);
}

static void test_writes(void)
{
	static const struct {
		pram_model model;
		pram_op combine;
		int64_t v0, v1;
		int legal;
		int64_t result;
		const char *text;
	} cases[] = {
	    {PRAM_EREW, PRAM_OP_SUM, 5, 7, 0, 0, "erew forbids concurrent writes"},
	    {PRAM_CREW, PRAM_OP_SUM, 5, 5, 0, 0, "crew forbids concurrent writes"},
	    {PRAM_SCAN, PRAM_OP_SUM, 5, 7, 0, 0, "scan forbids concurrent writes"},
	    {PRAM_CRCW_COMMON, PRAM_OP_SUM, 5, 5, 1, 5, NULL},
	    {PRAM_CRCW_COMMON, PRAM_OP_SUM, 5, 7, 0, 0,
	     "processors 0 and 1 write different values (5 and 7) to a[0]"},
	    {PRAM_CRCW_PRIORITY, PRAM_OP_SUM, 5, 7, 1, 5, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_SUM, 5, 7, 1, 12, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_MAX, 5, 7, 1, 7, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_MIN, 5, 7, 1, 5, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_AND, 6, 3, 1, 2, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_OR, 6, 3, 1, 7, NULL},
	    {PRAM_CRCW_COMBINING, PRAM_OP_XOR, 6, 3, 1, 5, NULL},
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		pram *m =
		    pram_new(&(pram_config){.model = cases[k].model, .combine = cases[k].combine});
		pram_array *a = counting_array(m, "a", 2);
		concurrent_write(m, a, cases[k].v0, cases[k].v1);
		const char *name = pram_model_name(cases[k].model);
		TAP_EQ_I(pram_failed(m), !cases[k].legal, "%s (%s): writes %lld and %lld are %s",
			 name, pram_op_name(cases[k].combine), (long long)cases[k].v0,
			 (long long)cases[k].v1, cases[k].legal ? "legal" : "a violation");
		if (cases[k].legal)
			TAP_EQ_I(pram_array_get_i(a, 0), cases[k].result,
				 "%s (%s): a[0] afterwards", name, pram_op_name(cases[k].combine));
		else
			TAP_CONTAINS(pram_errmsg(m), cases[k].text, "%s: the message", name);
		pram_free(m);
	}
}

/* CRCW-arbitrary: one of the writers wins; the seed decides, repeatably,
 * and over seeds every writer wins sometimes. */
static void test_arbitrary(void)
{
	int wins[4] = {0};
	int repeatable = 1;
	for (uint64_t seed = 0; seed < 64; seed++) {
		int64_t winner[2];
		for (int rep = 0; rep < 2; rep++) {
			pram *m =
			    pram_new(&(pram_config){.model = PRAM_CRCW_ARBITRARY, .seed = seed});
			pram_array *a = counting_array(m, "a", 1);
			PRAM_STEP(m, "four write") {
				PRAM_FORALL(m, i, 0, 4) {
					pram_write(m, a, 0, i);
				}
			}
			winner[rep] = pram_array_get_i(a, 0);
			pram_free(m);
		}
		repeatable &= winner[0] == winner[1];
		if (winner[0] >= 0 && winner[0] < 4)
			wins[winner[0]]++;
	}
	TAP_OK(repeatable, "crcw-arbitrary: the same seed picks the same winner");
	TAP_OK(wins[0] && wins[1] && wins[2] && wins[3],
	       "crcw-arbitrary: over 64 seeds every writer wins (%d %d %d %d)", wins[0], wins[1],
	       wins[2], wins[3]);
	TAP_EQ_I(wins[0] + wins[1] + wins[2] + wins[3], 64,
		 "the winner is always one of the writers");
}

/* Reads see the step's start; writes land together at its end. A read and
 * a write of one cell by different processors are legal in every model. */
static void test_synchronous(void)
{
	for (int model = 0; model < PRAM_MODEL_COUNT; model++) {
		pram *m = machine((pram_model)model);
		pram_array *a = counting_array(m, "a", 8);
		/* Rotate left: processor i reads a[i+1] and writes a[i]. */
		PRAM_STEP(m, "rotate") {
			PRAM_FORALL(m, i, 0, 8) {
				pram_write(m, a, i, pram_read(m, a, (i + 1) % 8));
			}
		}
		int ok = !pram_failed(m);
		for (size_t i = 0; i < 8; i++)
			ok &= pram_array_get_i(a, i) == 10 + (int64_t)((i + 1) % 8);
		TAP_OK(ok,
		       "%s: read and write of one cell by two processors; reads see the old value",
		       pram_model_name((pram_model)model));
		pram_free(m);
	}
	/* The in-place Hillis-Steele update x[i] = x[i - d] + x[i] is correct. */
	pram *m = machine(PRAM_CREW);
	pram_array *x = pram_array_new(m, "x", 8, PRAM_INT);
	pram_array_load_i(x, (const int64_t[]){3, 1, 7, 0, 4, 1, 6, 3}, 8);
	for (int64_t d = 1; d < 8; d *= 2)
		PRAM_STEP(m, "hs") {
			PRAM_FORALL(m, i, d, 8) {
				pram_write(m, x, i, pram_read(m, x, i - d) + pram_read(m, x, i));
			}
		}
	static const int64_t want[8] = {3, 4, 11, 11, 15, 16, 22, 25};
	int ok = 1;
	for (size_t i = 0; i < 8; i++)
		ok &= pram_array_get_i(x, i) == want[i];
	TAP_OK(ok, "in-place Hillis-Steele on the notes' example gives 3 4 11 11 15 16 22 25");
	pram_totals t = pram_get_totals(m);
	TAP_EQ_I(t.work, 8 * 3 - 8 + 1, "its W = n*k - n + 1");
	TAP_EQ_I(t.depth, 3, "its D = k");
	pram_free(m);
}

static void test_atomics(void)
{
	/* Exclusive models forbid two atomics on one cell. */
	static const pram_model excl[] = {PRAM_EREW, PRAM_CREW, PRAM_SCAN};
	for (size_t k = 0; k < 3; k++) {
		pram *m = machine(excl[k]);
		pram_array *c = counting_array(m, "c", 1);
		PRAM_STEP(m, "two increments") {
			PRAM_FORALL(m, i, 0, 2) {
				pram_atomic_inc(m, c, 0);
			}
		}
		TAP_OK(pram_failed(m), "%s: two atomics on one cell are a violation",
		       pram_model_name(excl[k]));
		TAP_CONTAINS(pram_errmsg(m), "both update c[0] atomically",
			     "%s: the message names the atomics", pram_model_name(excl[k]));
		pram_free(m);
	}
	/* CRCW models apply them in processor-id order and charge D_serial. */
	pram *m = machine(PRAM_CRCW_COMMON);
	pram_array *c = counting_array(m, "c", 2); /* c[0] = 10, c[1] = 11 */
	pram_array *old = pram_array_new(m, "old", 5, PRAM_INT);
	PRAM_STEP(m, "fetch-and-add") {
		PRAM_FORALL(m, i, 0, 5) {
			pram_write(m, old, i, pram_fetch_add(m, c, i < 4 ? 0 : 1, i + 1));
		}
	}
	TAP_OK(!pram_failed(m), "crcw: concurrent fetch-and-add is legal");
	TAP_EQ_I(pram_array_get_i(c, 0), 10 + 1 + 2 + 3 + 4, "the adds all land");
	int ok = 1;
	int64_t run = 10;
	for (int64_t i = 0; i < 4; i++) {
		ok &= pram_array_get_i(old, (size_t)i) == run;
		run += i + 1;
	}
	TAP_OK(ok, "each processor sees the sum of the lower ids' adds (id order)");
	TAP_EQ_I(pram_array_get_i(old, 4), 11, "an uncontended atomic returns the old value");
	pram_totals t = pram_get_totals(m);
	TAP_EQ_I(t.atomics, 5, "atomics counted");
	TAP_EQ_I(t.reads, 5, "an atomic counts as a read");
	TAP_EQ_I(t.writes, 5 + 5, "and as a write (plus the five plain writes)");
	TAP_EQ_I(t.depth_serial, 4, "D_serial = the most atomics on one cell");
	TAP_EQ_I(t.depth, 1, "D = 1");
	PRAM_STEP(m, "max") {
		PRAM_FORALL(m, i, 0, 3) {
			pram_atomic_max(m, c, 1, 20 * i);
		}
	}
	TAP_EQ_I(pram_array_get_i(c, 1), 40, "atomic max");
	TAP_EQ_I(pram_get_totals(m).depth_serial, 4 + 3, "D_serial sums over steps");
	pram_free(m);
	/* Concurrent plain write and atomic: a violation in any model. */
	m = machine(PRAM_CRCW_PRIORITY);
	c = counting_array(m, "c", 1);
	PRAM_STEP(m, "mixed") {
		PRAM_FORALL(m, i, 0, 2) {
			if (i == 0)
				pram_write(m, c, 0, 1);
			else
				pram_atomic_inc(m, c, 0);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "atomically after processor 0 wrote it",
		     "a write and an atomic on one cell are a violation");
	pram_free(m);
}

static void test_work(void)
{
	pram *m = machine(PRAM_EREW);
	pram_array *a = counting_array(m, "a", 10);
	PRAM_STEP(m, "guarded") {
		PRAM_FORALL(m, i, 0, 10) {
			if (i % 3 == 0) /* a processor whose guard fails does nothing */
				pram_write(m, a, i, 0);
		}
	}
	PRAM_STEP(m, "local only") {
		PRAM_FORALL(m, i, 0, 7) {
			pram_local(m, 2);
		}
	}
	const pram_step_stats *s0 = pram_step_at(m, 0), *s1 = pram_step_at(m, 1);
	TAP_EQ_I(s0->work, 4, "work counts only processors that did something");
	TAP_EQ_I(s1->work, 7, "counted local operations make a processor active");
	TAP_EQ_I(s0->line > 0 && s0->file != NULL, 1, "steps know their source line");
	TAP_EQ_I(pram_brent_time(m, 3), 2 + 3, "T_3 = ceil(4/3) + ceil(7/3)");
	TAP_EQ_I(pram_brent_bound(m, 3), 4 + 2, "ceil(W/3) + D");
	/* Processors out of id order are a usage error. */
	PRAM_STEP(m, "backwards") {
		for (int64_t i = 3; i >= 0; i--) {
			pram_proc(m, (uint64_t)i);
			pram_write(m, a, i, 1);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "increasing id order", "processors out of order are reported");
	pram_free(m);
}

/* Every operation is charged: a processor's accesses beyond K in one step
 * cost ceil(accesses / K) units of time and work (pram.h). */
static void test_charges(void)
{
	size_t n = 4096;
	pram *m = machine(PRAM_EREW);
	pram_array *x = counting_array(m, "x", n);
	pram_array *y = pram_array_new(m, "y", n, PRAM_INT);
	/* The sequential scan inside one processor of one step. */
	PRAM_STEP(m, "one processor scans") {
		PRAM_FORALL(m, p, 0, 1) {
			int64_t s = 0;
			for (size_t i = 0; i < n; i++) {
				s += pram_read(m, x, (int64_t)i);
				pram_write(m, y, (int64_t)i, s);
			}
		}
	}
	const pram_step_stats *st = pram_step_at(m, 0);
	pram_totals t = pram_get_totals(m);
	TAP_EQ_I(st->accesses, 2 * n, "the step's most accesses of one processor: 2n");
	TAP_EQ_I(st->time, 2 * n / PRAM_STEP_ACCESSES, "its time is 2n / K");
	TAP_EQ_I(st->work, 2 * n / PRAM_STEP_ACCESSES, "its work is 2n / K, not 1");
	TAP_EQ_I(t.depth, 2 * n / PRAM_STEP_ACCESSES, "D is 2n / K, not 1");
	TAP_EQ_I(t.steps, 1, "in one step");
	TAP_EQ_I(st->k, PRAM_STEP_ACCESSES, "the step's K is the default");
	TAP_EQ_I(pram_failed(m), 0, "a charge is not an error");
	/* K accesses are one unit; K + 1 are two; the heavy processor named. */
	PRAM_STEP(m, "K and K + 1") {
		PRAM_FORALL(m, p, 0, 3) {
			for (int64_t i = 0; i < PRAM_STEP_ACCESSES + (p == 2); i++)
				pram_read(m, x, p * 100 + i);
		}
	}
	st = pram_step_at(m, 1);
	TAP_EQ_I(st->work, 1 + 1 + 2, "K accesses count once, K + 1 twice");
	TAP_EQ_I(st->time, 2, "the step's time is its largest charge");
	TAP_EQ_I(st->heavy_pid, 2, "and names the processor charged it");
	TAP_EQ_I(st->accesses, PRAM_STEP_ACCESSES + 1, "its accesses are K + 1");
	TAP_EQ_I(pram_get_totals(m).depth, 2 * n / PRAM_STEP_ACCESSES + 2, "D sums the times");
	TAP_EQ_I(pram_brent_time(m, 1000), 2 * n / PRAM_STEP_ACCESSES + 2,
		 "T_p is at least each step's time");
	TAP_EQ_I(pram_brent_time(m, 1) <= pram_brent_bound(m, 1), 1, "T_1 <= W + D");
	/* Local operations and an atomic (a read and a write). */
	PRAM_STEP(m, "locals and atomics") {
		PRAM_FORALL(m, p, 0, 2) {
			if (p == 0)
				pram_local(m, 1000);
			else
				for (int64_t i = 0; i < 5; i++)
					pram_fetch_add(m, y, i, 1);
		}
	}
	st = pram_step_at(m, 2);
	TAP_EQ_I(st->accesses, 10, "an atomic counts a read and a write");
	TAP_EQ_I(st->work, 1 + 2, "local operations alone count once; 10 accesses twice");
	pram_free(m);

	/* A step that declares its accesses, and a machine with its own K. */
	m = machine(PRAM_CREW);
	x = counting_array(m, "x", 64);
	y = pram_array_new(m, "y", 64, PRAM_INT);
	PRAM_STEP_K(m, "a 32-element dot product by design", 33) {
		PRAM_FORALL(m, p, 0, 2) {
			int64_t s = 0;
			for (int64_t i = 0; i < 32; i++)
				s += pram_read(m, x, i);
			pram_write(m, y, p, s);
		}
	}
	st = pram_step_at(m, 0);
	TAP_EQ_I(st->k, 33, "PRAM_STEP_K gives the step its K");
	TAP_EQ_I(st->work, 2, "within it, 33 accesses are one unit");
	TAP_EQ_I(st->time, 1, "and the step one unit of time");
	pram_free(m);
	m = pram_new(&(pram_config){.model = PRAM_CREW, .step_accesses = 2});
	x = counting_array(m, "x", 8);
	PRAM_STEP(m, "three reads") {
		PRAM_FORALL(m, p, 0, 1) {
			for (int64_t i = 0; i < 3; i++)
				pram_read(m, x, i);
		}
	}
	TAP_EQ_I(pram_step_at(m, 0)->time, 2, "pram_config.step_accesses sets K");
	TAP_EQ_I(pram_get_config(m)->step_accesses, 2, "and the config keeps it");
	pram_free(m);
	m = machine(PRAM_CREW);
	TAP_EQ_I(pram_get_config(m)->step_accesses, PRAM_STEP_ACCESSES, "0 means the default");
	pram_free(m);
}

/* A sealed machine refuses the host's accessors (pram_seal). */
static void test_seal(void)
{
	pram *m = machine(PRAM_EREW);
	pram_array *x = counting_array(m, "x", 8);
	pram_seal(m, 1);
	PRAM_STEP(m, "steps run") {
		PRAM_FORALL(m, i, 0, 8) {
			pram_write(m, x, i, pram_read(m, x, i) + 1);
		}
	}
	TAP_EQ_I(pram_failed(m), 0, "sealed: steps run as ever");
	pram_array *y = pram_array_new(m, "y", 4, PRAM_INT);
	TAP_OK(y != NULL, "sealed: a new array is made");
	TAP_EQ_I(pram_array_get_i(x, 3), 0, "sealed: a host read gives 0");
	TAP_CONTAINS(pram_errmsg(m), "pram_array_get_i(x, 3) while the machine is sealed",
		     "and fails the machine, naming the call");
	pram_free(m);
	m = machine(PRAM_EREW);
	x = counting_array(m, "x", 8);
	pram_seal(m, 1);
	int64_t v[8] = {0};
	pram_array_load_i(x, v, 8);
	TAP_CONTAINS(pram_errmsg(m), "pram_array_load(x) while the machine is sealed",
		     "sealed: a load is refused");
	pram_free(m);
	m = machine(PRAM_EREW);
	x = counting_array(m, "x", 8);
	pram_seal(m, 1);
	pram_seal(m, 0);
	TAP_EQ_I(pram_array_get_i(x, 3), 13, "opened again: the host reads");
	TAP_EQ_I(pram_failed(m), 0, "without an error");
	pram_free(m);
}

static void test_errors(void)
{
	pram *m = machine(PRAM_CREW);
	pram_array *a = counting_array(m, "vec", 4);
	PRAM_STEP(m, "overrun") {
		PRAM_FORALL(m, i, 0, 5) {
			pram_write(m, a, i, pram_read(m, a, i) + 1);
		}
	}
	TAP_EQ_I(pram_status_of(m), PRAM_EBOUNDS, "reading past the end is EBOUNDS");
	TAP_CONTAINS(pram_errmsg(m), "processor 4 reads vec[4]; vec has 4 cells",
		     "the message names processor, array, index and length");
	pram_free(m);

	m = machine(PRAM_CREW);
	pram_array *u = pram_array_new(m, "u", 4, PRAM_INT);
	PRAM_STEP(m, "uninitialised") {
		PRAM_FORALL(m, i, 0, 1) {
			(void)pram_read(m, u, 2);
		}
	}
	TAP_EQ_I(pram_status_of(m), PRAM_EUNWRITTEN, "reading a never-written cell is an error");
	TAP_CONTAINS(pram_errmsg(m), "u[2], which was never written", "and says which");
	pram_free(m);

	/* A cell first written in a step holds no value for that step's readers. */
	m = machine(PRAM_CREW);
	u = pram_array_new(m, "u", 2, PRAM_INT);
	PRAM_STEP(m, "write then read") {
		PRAM_FORALL(m, i, 0, 2) {
			if (i == 0)
				pram_write(m, u, 0, 5);
			else
				(void)pram_read(m, u, 0);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "processor 1 reads u[0], which was never written",
		     "a cell first written in this step is unwritten for its readers");
	pram_free(m);
	m = machine(PRAM_CREW);
	u = pram_array_new(m, "u", 2, PRAM_INT);
	PRAM_STEP(m, "write") {
		PRAM_FORALL(m, i, 0, 1) {
			pram_write(m, u, 0, 5);
		}
	}
	PRAM_STEP(m, "read") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_write(m, u, 1, pram_read(m, u, 0) + i);
		}
	}
	TAP_OK(pram_failed(m) && strstr(pram_errmsg(m), "both write u[1]"),
	       "and holds it from the next step on (the next failure is the write conflict)");
	pram_free(m);

	m = machine(PRAM_CREW);
	a = counting_array(m, "a", 2);
	(void)pram_read(m, a, 0);
	TAP_EQ_I(pram_status_of(m), PRAM_ESTEP, "a read outside a step is an error");
	pram_free(m);

	m = machine(PRAM_CREW);
	a = counting_array(m, "a", 2);
	PRAM_STEP(m, "negative") {
		PRAM_FORALL(m, i, 0, 1) {
			pram_write(m, a, -1, 0);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "writes a[-1]", "a negative index is out of bounds");
	pram_free(m);

	m = machine(PRAM_CREW);
	pram_array *f = pram_array_new(m, "f", 2, PRAM_FLOAT);
	pram_array_fill_f(f, 1.5);
	PRAM_STEP(m, "type") {
		PRAM_FORALL(m, i, 0, 1) {
			(void)pram_read(m, f, 0);
		}
	}
	TAP_EQ_I(pram_status_of(m), PRAM_ETYPE, "an integer read of a float array is an error");
	pram_free(m);

	TAP_OK(strcmp(pram_status_name(PRAM_EBOUNDS), "EBOUNDS") == 0, "status names");
	TAP_OK(strcmp(pram_status_msg(PRAM_EUNWRITTEN), "read of a cell never written") == 0,
	       "status messages");
}

/* Count mode: every violation reported, resolved as arbitrary, run goes on. */
static void test_count_mode(void)
{
	pram *m = pram_new(&(pram_config){.model = PRAM_EREW, .conflicts = PRAM_CONFLICT_COUNT});
	pram_array *a = counting_array(m, "a", 8);
	for (int64_t d = 1; d < 8; d *= 2)
		PRAM_STEP(m, "hs") {
			PRAM_FORALL(m, i, d, 8) {
				pram_write(m, a, i, pram_read(m, a, i - d) + pram_read(m, a, i));
			}
		}
	TAP_OK(!pram_failed(m), "count mode: the machine does not fail");
	/* Step d: cells d .. 7-d are read by two processors: 8 - 2d of them. */
	TAP_EQ_I(pram_get_totals(m).violations, 6 + 4 + 0,
		 "count mode: every concurrent read counted");
	TAP_EQ_I(pram_violation_count(m), 10, "and kept");
	TAP_EQ_I(pram_get_totals(m).depth, 3, "the run went on to the end");
	char buf[256];
	pram_violation_format(pram_violation_at(m, 9), buf, sizeof buf);
	TAP_CONTAINS(buf, "step 2", "the last one is in step 2");
	pram_free(m);
}

static void test_scan_primitive(void)
{
	pram *m = machine(PRAM_SCAN);
	pram_array *a = counting_array(m, "a", 5), *b = pram_array_new(m, "b", 5, PRAM_INT);
	PRAM_SCAN_PRIM(m, b, a, 5, PRAM_OP_SUM, 0);
	pram_totals t = pram_get_totals(m);
	TAP_EQ_I(t.depth, 1, "scan primitive: one step");
	TAP_EQ_I(t.work, 5, "scan primitive: work n");
	TAP_EQ_I(pram_array_get_i(b, 4), 10 + 11 + 12 + 13, "exclusive scan result");
	PRAM_SCAN_PRIM(m, a, a, 5, PRAM_OP_MAX, 1);
	TAP_EQ_I(pram_array_get_i(a, 4), 14, "in-place inclusive max-scan");
	pram_free(m);
	m = machine(PRAM_EREW);
	a = counting_array(m, "a", 5);
	PRAM_SCAN_PRIM(m, a, a, 5, PRAM_OP_SUM, 1);
	TAP_EQ_I(pram_status_of(m), PRAM_EMODEL, "the primitive is refused outside the scan model");
	TAP_CONTAINS(pram_errmsg(m), "--model scan", "and the message says where it exists");
	pram_free(m);
}

static void test_floats(void)
{
	pram *m = pram_new(&(pram_config){.model = PRAM_CRCW_COMBINING, .combine = PRAM_OP_MAX});
	pram_array *f = pram_array_new(m, "f", 1, PRAM_FLOAT);
	pram_array_fill_f(f, 0.5);
	PRAM_STEP(m, "max") {
		PRAM_FORALL(m, i, 0, 3) {
			pram_writef(m, f, 0, 0.25 * (double)i);
		}
	}
	TAP_OK(pram_array_get_f(f, 0) == 0.5, "crcw-combining max on floats");
	pram_free(m);
}

/* Counts beyond what a cell's record holds (255 accesses, 15 writes) move
 * to the machine's table and stay exact. */
static void test_wide_counts(void)
{
	pram *m = machine(PRAM_CREW);
	pram_array *a = counting_array(m, "a", 2), *out = pram_array_new(m, "out", 1000, PRAM_INT);
	PRAM_STEP(m, "broadcast") {
		PRAM_FORALL(m, i, 0, 1000) {
			pram_write(m, out, i, pram_read(m, a, 0) + i);
		}
	}
	const pram_step_stats *s = pram_step_at(m, 0);
	TAP_OK(!pram_failed(m), "crew: 1000 readers of one cell are legal");
	TAP_EQ_I(s->contention, 1000, "and the contention counts every one");
	TAP_EQ_I(s->reads, 1000, "so do the reads");
	TAP_EQ_I(pram_array_get_i(out, 999), 10 + 999, "every reader got the value");
	PRAM_STEP(m, "one each") {
		PRAM_FORALL(m, i, 0, 2) {
			(void)pram_read(m, a, i);
		}
	}
	TAP_EQ_I(pram_step_at(m, 1)->contention, 1, "the next step starts its counts afresh");
	PRAM_STEP(m, "read, write, read") {
		PRAM_FORALL(m, i, 0, 600) {
			if (i == 300)
				pram_write(m, a, 1, -1);
			else
				pram_write(m, out, i, pram_read(m, a, 1));
		}
	}
	TAP_EQ_I(pram_step_at(m, 2)->contention, 600, "reads and a write of one cell add up");
	TAP_EQ_I(pram_array_get_i(out, 599), 11, "readers after the write see the step's start");
	TAP_EQ_I(pram_array_get_i(a, 1), -1, "and the write lands");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CRCW_COMBINING, .combine = PRAM_OP_SUM});
	a = counting_array(m, "a", 1);
	PRAM_STEP(m, "40 writers") {
		PRAM_FORALL(m, i, 0, 40) {
			pram_write(m, a, 0, i);
		}
	}
	TAP_EQ_I(pram_array_get_i(a, 0), 39 * 40 / 2, "crcw-combining: 40 writes of one cell sum");
	TAP_EQ_I(pram_get_totals(m).contention, 40, "with contention 40");
	pram_free(m);

	m = machine(PRAM_CRCW_COMMON);
	a = counting_array(m, "c", 1);
	PRAM_STEP(m, "300 increments") {
		PRAM_FORALL(m, i, 0, 300) {
			pram_atomic_inc(m, a, 0);
		}
	}
	TAP_EQ_I(pram_array_get_i(a, 0), 10 + 300, "300 atomics on one cell all land");
	TAP_EQ_I(pram_get_totals(m).depth_serial, 300, "D_serial = 300");
	TAP_EQ_I(pram_get_totals(m).contention, 600, "each a read and a write of the cell");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_EREW, .conflicts = PRAM_CONFLICT_COUNT});
	a = counting_array(m, "a", 1);
	PRAM_STEP(m, "300 readers") {
		PRAM_FORALL(m, i, 0, 300) {
			(void)pram_read(m, a, 0);
		}
	}
	TAP_EQ_I(pram_get_totals(m).violations, 299, "erew, count mode: 299 concurrent reads");
	char buf[256];
	pram_violation_format(pram_violation_at(m, 298), buf, sizeof buf);
	TAP_CONTAINS(buf, "processors 0 and 299 both read a[0]", "the last names the first reader");
	pram_free(m);
}

/* Under EREW the first reader of a cell is named even when another
 * processor wrote the cell in between. */
static void test_reader_after_write(void)
{
	pram *m = machine(PRAM_EREW);
	pram_array *a = counting_array(m, "a", 2);
	PRAM_STEP(m, "read, write, read") {
		PRAM_FORALL(m, i, 0, 3) {
			if (i == 1)
				pram_write(m, a, 1, 5);
			else
				(void)pram_read(m, a, 1);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "processors 0 and 2 both read a[1]",
		     "erew: the first reader is named after a write in between");
	pram_free(m);
}

/* Many steps (more than a 16-bit step number holds): written cells stay
 * written, and the checks go on. */
static void test_stamp_wrap(void)
{
	pram *m = machine(PRAM_CREW);
	pram_array *a = counting_array(m, "a", 4);
	int ok = 1;
	for (int64_t s = 0; s < 70000; s++)
		PRAM_STEP(m, "one processor") {
			PRAM_FORALL(m, i, s % 2, s % 2 + 1) {
				pram_write(m, a, i, pram_read(m, a, i) + 1);
			}
		}
	for (size_t k = 0; k < pram_step_count(m); k++)
		ok &= pram_step_at(m, k)->contention == 2 && pram_step_at(m, k)->work == 1;
	TAP_OK(ok, "70000 steps: every one counted the same");
	TAP_EQ_I(pram_array_get_i(a, 0), 10 + 35000, "a[0] written every other step");
	TAP_EQ_I(pram_array_get_i(a, 3), 13, "a[3] never touched, still held");
	PRAM_STEP(m, "after the wrap") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_write(m, a, 3, pram_read(m, a, 3) + i);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "processors 0 and 1 both write a[3]",
		     "and a concurrent write after it is still found");
	pram_free(m);
}

/* An array made inside a step is usable in it; the functions behind the
 * inline macros do what the macros do. */
static void test_functions(void)
{
	pram *m = machine(PRAM_CREW);
	pram_array *a = counting_array(m, "a", 4), *b = NULL;
	PRAM_STEP(m, "make and write") {
		(pram_proc)(m, 0);
		b = pram_array_new(m, "b", 4, PRAM_INT);
		(pram_write)(m, b, 0, (pram_read)(m, a, 3));
		(pram_proc)(m, 1);
		(pram_write_v)(m, b, 1, (pram_read_v)(m, a, 2));
	}
	TAP_OK(!pram_failed(m), "an array made in a step, the functions: no error (%s)",
	       pram_errmsg(m));
	TAP_EQ_I(pram_array_get_i(b, 0) + pram_array_get_i(b, 1), 13 + 12, "and the values");
	TAP_EQ_I(pram_get_totals(m).work, 2, "the work");
	pram_array *f = pram_array_new(m, "f", 1, PRAM_FLOAT);
	PRAM_STEP(m, "float") {
		(pram_proc)(m, 7);
		(pram_writef)(m, f, 0, 2.5);
	}
	PRAM_STEP(m, "float back") {
		(pram_proc)(m, 7);
		(pram_writef)(m, f, 0, (pram_readf)(m, f, 0) * 2);
	}
	TAP_OK(pram_array_get_f(f, 0) == 5.0, "and the float forms");
	pram_free(m);
}

/* Allocation hook: make the k-th allocation fail; nothing may crash. */
static long fail_at, allocs;
static size_t live_bytes;
static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	(void)ud;
	if (nsize == 0) {
		live_bytes -= osize;
		free(ptr);
		return NULL;
	}
	if (++allocs == fail_at)
		return NULL;
	void *p = realloc(ptr, nsize);
	if (p)
		live_bytes += nsize - osize;
	return p;
}

static void test_alloc_failures(void)
{
	int all_clean = 1, some_failed = 0;
	for (fail_at = 1; fail_at < 40; fail_at++) {
		allocs = 0;
		live_bytes = 0;
		pram_set_allocator(failing_alloc, NULL);
		pram *m = machine(PRAM_CREW);
		if (m) {
			pram_array *x = pram_array_new(m, "x", 64, PRAM_INT);
			if (x) {
				pram_array_fill_i(x, 1);
				for (int64_t d = 1; d < 64; d *= 2)
					PRAM_STEP(m, "hs") {
						PRAM_FORALL(m, i, d, 64) {
							pram_write(m, x, i,
								   pram_read(m, x, i - d) +
								       pram_read(m, x, i));
						}
					}
			}
			some_failed |= pram_status_of(m) == PRAM_ENOMEM;
			pram_free(m);
		}
		all_clean &= live_bytes == 0;
		pram_set_allocator(NULL, NULL);
	}
	TAP_OK(some_failed, "failed allocations surface as ENOMEM");
	TAP_OK(all_clean, "every byte is freed after each injected failure");
}

/* What a cell costs: its value, the value at the step's start, a 4-byte
 * tag and a 2-byte record, and under EREW and scan the first reader's id. */
static void test_cell_bytes(void)
{
	static const struct {
		pram_model model;
		size_t bytes;
	} cases[] = {{PRAM_CREW, 22}, {PRAM_CRCW_COMMON, 22}, {PRAM_EREW, 26}, {PRAM_SCAN, 26}};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		fail_at = -1;
		live_bytes = 0;
		pram_set_allocator(failing_alloc, NULL);
		pram *m = machine(cases[k].model);
		size_t before = live_bytes, n = 1 << 16;
		pram_array *x = pram_array_new(m, "x", n, PRAM_INT);
		size_t per_cell = (live_bytes - before) / n;
		TAP_EQ_I(x != NULL && per_cell == cases[k].bytes, 1,
			 "%s: %zu bytes a cell (want %zu)", pram_model_name(cases[k].model),
			 per_cell, cases[k].bytes);
		pram_free(m);
		pram_set_allocator(NULL, NULL);
	}
}

static void hillis_steele(pram *m, pram_array *x, size_t n);

/* The values at a step's start (and under EREW the first readers) are
 * given back by a host read between steps and taken again by the next
 * step, which still sees them; pram_release_cells gives back the rest and
 * keeps the counters. */
static void test_memory_back(void)
{
	static const struct {
		pram_model model;
		size_t scratch; /* bytes a cell holds only while steps run */
	} cases[] = {{PRAM_CREW, 8}, {PRAM_EREW, 12}};
	size_t n = 1 << 12;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		const char *name = pram_model_name(cases[k].model);
		fail_at = -1;
		live_bytes = 0;
		pram_set_allocator(failing_alloc, NULL);
		pram *m = machine(cases[k].model);
		pram_array *x = pram_array_new(m, "x", n, PRAM_INT);
		pram_array_fill_i(x, 1);
		PRAM_STEP(m, "nothing") {
		}
		size_t held = live_bytes; /* with the history of steps */
		TAP_EQ_I(pram_array_get_i(x, 0), 1, "%s: a host read between steps", name);
		TAP_EQ_I(held - live_bytes, cases[k].scratch * n, "%s: gives back %zu bytes a cell",
			 name, cases[k].scratch);
		/* Blelloch's first level: exclusive reads and writes, and
		 * each processor reads the cell its neighbour writes. */
		PRAM_STEP(m, "pairs") {
			PRAM_FORALL(m, i, 0, (int64_t)n / 2) {
				pram_write(m, x, 2 * i + 1,
					   pram_read(m, x, 2 * i) + pram_read(m, x, 2 * i + 1));
			}
		}
		TAP_EQ_I(live_bytes, held, "%s: the next step takes them again", name);
		TAP_OK(!pram_failed(m) && pram_array_get_i(x, n - 1) == 2,
		       "%s: and computes as before (%s)", name, pram_errmsg(m));
		PRAM_STEP(m, "shift") {
			PRAM_FORALL(m, i, 1, (int64_t)n) {
				pram_write(m, x, i, pram_read(m, x, i - 1));
			}
		}
		TAP_OK(!pram_failed(m) && pram_array_get_i(x, 1) == 1 &&
			   pram_array_get_i(x, 2) == 2,
		       "%s: reads see the step's start after the memory came back", name);
		PRAM_STEP(m, "both write x[0]") {
			PRAM_FORALL(m, i, 0, 2) {
				pram_write(m, x, 0, i);
			}
		}
		TAP_CONTAINS(pram_errmsg(m), "processors 0 and 1 both write x[0]",
			     "%s: and the checks are on", name);
		pram_free(m);
		TAP_EQ_I(live_bytes, 0, "%s: every byte is freed", name);
		pram_set_allocator(NULL, NULL);
	}

	fail_at = -1;
	live_bytes = 0;
	pram_set_allocator(failing_alloc, NULL);
	pram *m = machine(PRAM_CREW);
	pram_array *x = counting_array(m, "x", n);
	hillis_steele(m, x, n);
	int64_t last = pram_array_get_i(x, n - 1);
	pram_totals t = pram_get_totals(m);
	pram_release_cells(m);
	TAP_OK(live_bytes < n, "pram_release_cells gives back the cells (%zu bytes are left)",
	       live_bytes);
	TAP_OK(!pram_failed(m) && pram_get_totals(m).work == t.work &&
		   pram_step_count(m) == t.depth && last == (int64_t)(n * (n + 19) / 2),
	       "and keeps the counters and the steps");
	TAP_OK(pram_array_len(x) == n && !strcmp(pram_array_name(x), "x") &&
		   pram_array_get_i(x, 0) == 0 && !pram_array_written(x, 0),
	       "the arrays keep their names and lengths, and read as empty");
	PRAM_STEP(m, "after") {
		PRAM_FORALL(m, i, 0, 1) {
			(void)pram_read(m, x, i);
		}
	}
	TAP_EQ_I(pram_status_of(m), PRAM_ESTEP, "a step after it is an error");
	TAP_CONTAINS(pram_errmsg(m), "step \"after\" at", "naming the step");
	TAP_CONTAINS(pram_errmsg(m), "after pram_release_cells", "and why");
	pram_array_fill_i(x, 3);
	TAP_EQ_I(pram_array_get_i(x, 0), 0, "a fill after it writes nothing");
	pram_free(m);
	TAP_EQ_I(live_bytes, 0, "every byte is freed");
	pram_set_allocator(NULL, NULL);
}

/* A processor's tag is its id plus the step's delta, above the tags of the
 * steps before. Ids far apart use the 32 bits up: the tags are renumbered
 * inside the step (the first machine), or start again from 1 at the next
 * step (the second, whose steps each give the last tag), and every rule
 * holds. */
static void test_tags_renumbered(void)
{
	const uint64_t far = UINT32_MAX - 2;
	pram *m = machine(PRAM_CREW);
	pram_array *a = counting_array(m, "a", 4);
	PRAM_STEP(m, "far apart") {
		pram_proc(m, 0);
		pram_write(m, a, 0, pram_read(m, a, 1));
		pram_proc(m, far);
		(void)pram_read(m, a, 1);
	}
	TAP_OK(!pram_failed(m) && pram_step_at(m, 0)->work == 2 &&
		   pram_step_at(m, 0)->contention == 2,
	       "ids 0 and 2^32 - 3 in one step (%s)", pram_errmsg(m));
	/* The tags given so far reach about 2^32: the next step's do not fit
	 * from its first processor on. */
	PRAM_STEP(m, "renumbered inside") {
		pram_proc(m, 5);
		pram_write(m, a, 2, pram_read(m, a, 0) + pram_read(m, a, 3));
		pram_proc(m, 1000000000);
		(void)pram_read(m, a, 2);
		pram_write(m, a, 3, 1);
		pram_proc(m, far);
		pram_write(m, a, 2, 7);
	}
	TAP_CONTAINS(pram_errmsg(m), "processors 5 and 4294967293 both write a[2]",
		     "a cell written before the tags were renumbered keeps its writer");
	TAP_EQ_I(pram_step_at(m, 1)->contention, 3, "and its counts");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CREW, .conflicts = PRAM_CONFLICT_COUNT});
	a = counting_array(m, "a", 4);
	int ok = 1;
	for (int s = 0; s < 6; s++) {
		PRAM_STEP(m, "two far apart") {
			pram_proc(m, 0);
			pram_write(m, a, s % 4, pram_read(m, a, (s + 1) % 4));
			pram_proc(m, far + 1);
			pram_write(m, a, (s + 2) % 4, pram_read(m, a, (s + 1) % 4));
		}
		const pram_step_stats *st = pram_step_at(m, (size_t)s);
		ok &=
		    st && st->work == 2 && st->reads == 2 && st->writes == 2 && st->contention == 2;
	}
	TAP_OK(ok && pram_get_totals(m).violations == 0,
	       "six steps that each use up the tags: every one counted the same");
	PRAM_STEP(m, "one cell twice") {
		pram_proc(m, 3);
		pram_write(m, a, 1, 0);
		pram_proc(m, 4);
		pram_write(m, a, 1, 0);
	}
	char buf[256];
	pram_violation_format(pram_violation_at(m, 0), buf, sizeof buf);
	TAP_CONTAINS(buf, "processors 3 and 4 both write a[1]",
		     "and a conflict after them is found");
	pram_free(m);
}

/* The rules pram.h states for programs that misuse the machine: each is
 * an error with a clear message, never a silent count. */
static void test_rules(void)
{
	pram *m = pram_new(&(pram_config){.model = (pram_model)42});
	TAP_OK(m && pram_failed(m) && pram_status_of(m) == PRAM_EINVAL,
	       "pram_new with a model outside the enum gives a failed machine");
	TAP_CONTAINS(pram_errmsg(m), "model 42 is not a pram_model", "saying which");
	pram_free(m);
	m = pram_new(&(pram_config){.model = PRAM_CRCW_COMBINING, .combine = (pram_op)17});
	TAP_CONTAINS(pram_errmsg(m), "combining operator 17 is not a pram_op",
		     "an operator outside the enum too");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CRCW_COMBINING, .combine = PRAM_OP_OR});
	pram_array *f = pram_array_new(m, "f", 1, PRAM_FLOAT);
	PRAM_STEP(m, "both write f[0]") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_writef(m, f, 0, 1.0 + (double)i);
		}
	}
	TAP_EQ_I(pram_status_of(m), PRAM_EMODEL,
		 "crcw-combining with or on a float array is refused");
	TAP_CONTAINS(pram_errmsg(m), "combines integers only", "and says so");
	pram_free(m);
	m = pram_new(&(pram_config){.model = PRAM_CRCW_COMBINING, .combine = PRAM_OP_MAX});
	f = pram_array_new(m, "f", 1, PRAM_FLOAT);
	PRAM_STEP(m, "both write f[0]") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_writef(m, f, 0, 1.0 + (double)i);
		}
	}
	TAP_OK(!pram_failed(m) && pram_array_get_f(f, 0) == 2.0,
	       "crcw-combining with max on floats combines them");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CREW});
	pram_array *a = counting_array(m, "a", 4);
	PRAM_STEP(m, "first") {
		PRAM_FORALL(m, i, 0, 4) {
			(void)pram_read(m, a, i);
		}
	}
	PRAM_STEP(m, "no processor yet") {
		(void)pram_read(m, a, 0);
	}
	TAP_EQ_I(pram_status_of(m), PRAM_ESTEP,
		 "a read in a step before any processor is selected is an error");
	TAP_CONTAINS(pram_errmsg(m), "before any processor was selected", "saying why");
	TAP_EQ_I(pram_step_at(m, 0)->reads, 4, "and nothing is charged to the step before");
	pram_free(m);
	m = pram_new(&(pram_config){.model = PRAM_CREW});
	PRAM_STEP(m, "local") {
		pram_local(m, 1);
	}
	TAP_EQ_I(pram_status_of(m), PRAM_ESTEP, "so is a local operation");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CREW});
	a = counting_array(m, "a", 4);
	PRAM_STEP(m, "backwards") {
		pram_proc(m, 2);
		(void)pram_read(m, a, 2);
		pram_proc(m, 1);
		(void)pram_read(m, a, 1);
	}
	TAP_EQ_I(pram_status_of(m), PRAM_EORDER, "processors out of order are an EORDER error");
	TAP_CONTAINS(pram_errmsg(m),
		     "processors out of order: processor 1 selected after processor 2",
		     "whose message says so, not 'outside a step'");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_SCAN});
	a = counting_array(m, "a", 4);
	PRAM_STEP(m, "outer") {
		PRAM_FORALL(m, i, 0, 1) {
			(void)pram_read(m, a, 0);
		}
		PRAM_SCAN_PRIM(m, a, a, 4, PRAM_OP_SUM, 1);
	}
	TAP_EQ_I(pram_status_of(m), PRAM_ESTEP, "the scan primitive inside a step is an error");
	TAP_CONTAINS(pram_errmsg(m), "is a step of its own", "saying why");
	TAP_EQ_I(pram_get_totals(m).work, 1, "and charges the open step nothing");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_CREW});
	a = counting_array(m, "a", 4);
	PRAM_STEP(m, "nobody") {
		PRAM_FORALL(m, i, 0, 0) {
			(void)pram_read(m, a, i);
		}
	}
	PRAM_STEP(m, "one") {
		PRAM_FORALL(m, i, 0, 1) {
			(void)pram_read(m, a, i);
		}
	}
	TAP_EQ_I(pram_get_totals(m).depth, 2, "a step with no active processor counts in D");
	TAP_EQ_I(pram_brent_time(m, 1), 2, "and takes a round in T_p, so T_1 >= D");
	TAP_OK(pram_brent_time(m, 4) <= pram_brent_bound(m, 4), "Brent's bound still holds");
	pram_free(m);

	m = pram_new(&(pram_config){.model = PRAM_EREW});
	a = pram_array_new(m, "h", 1, PRAM_INT);
	pram_array_fill_i(a, 0);
	PRAM_STEP(m, "increment") {
		PRAM_FORALL(m, i, 0, 2) {
			pram_atomic_inc(m, a, 0);
		}
	}
	TAP_CONTAINS(pram_errmsg(m), "processors 0 and 1 both update h[0] atomically",
		     "two atomics on one cell under EREW are named as atomics, not reads");
	pram_free(m);

	pram_model model = PRAM_EREW;
	pram_op op = PRAM_OP_SUM;
	TAP_OK(pram_model_parse("CRCW-Common", &model) == 0 && model == PRAM_CRCW_COMMON,
	       "model names are read in any case, as the notes write them");
	TAP_OK(pram_op_parse("MAX", &op) == 0 && op == PRAM_OP_MAX, "so are operators");
}

/* ---- The access recorder ------------------------------------------------ */

/* The in-place Hillis-Steele scan of n = 16 cells (10, 11, ...) on m. */
static void hillis_steele(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, i, d, n)
				pram_write(m, x, i,
					   pram_read(m, x, i - (int64_t)d) + pram_read(m, x, i));
		}
}

/* Per step, the recorded accesses give back the step's counters: reads,
 * writes, the processors that acted (work) and the busiest cell
 * (contention); every read sees the step's start, every write's result is
 * the cell after the step. */
static void test_recorder_scan(void)
{
	enum {
		N = 16
	};
	pram *m = machine(PRAM_CREW), *plain = machine(PRAM_CREW);
	pram_array *x = counting_array(m, "x", N), *px = counting_array(plain, "x", N);
	TAP_EQ_I(pram_record_start(m, 100000), 0, "pram_record_start");
	hillis_steele(m, x, N);
	hillis_steele(plain, px, N);
	pram_totals t = pram_get_totals(m), pt = pram_get_totals(plain);
	int same = t.work == pt.work && t.depth == pt.depth && t.reads == pt.reads &&
		   t.writes == pt.writes && t.contention == pt.contention;
	for (size_t i = 0; i < N; i++)
		same &= pram_array_get_i(x, i) == pram_array_get_i(px, i);
	TAP_OK(same, "a recorded run computes and counts what an unrecorded one does");
	TAP_EQ_I(pram_record_steps(m), pram_step_count(m), "every step is recorded");
	TAP_OK(!pram_record_truncated(m), "not truncated");

	/* Replay the scan in plain C beside the record. */
	int64_t before[N], after[N];
	for (size_t i = 0; i < N; i++)
		before[i] = 10 + (int64_t)i;
	size_t k = 0, nacc = pram_record_count(m);
	int counters = 1, values = 1;
	for (size_t s = 0, d = 1; s < pram_step_count(m); s++, d *= 2) {
		const pram_step_stats *st = pram_step_at(m, s);
		uint64_t reads = 0, writes = 0, work = 0, cont = 0, last_pid = UINT64_MAX;
		for (size_t i = 0; i < N; i++)
			after[i] = i >= d ? before[i - d] + before[i] : before[i];
		for (; k < nacc && pram_record_at(m, k)->step == s; k++) {
			const pram_access *e = pram_record_at(m, k);
			if (e->pid != last_pid)
				work++;
			last_pid = e->pid;
			if (e->kind == PRAM_ACCESS_READ) {
				reads++;
				values &= e->value.i == before[e->index];
			} else {
				writes++;
				values &= e->kind == PRAM_ACCESS_WRITE && e->winner == e->pid &&
					  e->result.i == after[e->index] &&
					  e->value.i == after[e->index] && e->held &&
					  e->before.i == before[e->index];
			}
			if (e->nread + e->nwrite > cont)
				cont = e->nread + e->nwrite;
			values &= e->array == 0 && e->result.i == after[e->index];
		}
		if (reads != st->reads || writes != st->writes || work != st->work ||
		    cont != st->contention) {
			counters = 0;
			tap_diag(
			    "step %zu: recorded reads %llu, writes %llu, work %llu, contention "
			    "%llu; counted %llu, %llu, %llu, %llu",
			    s + 1, (unsigned long long)reads, (unsigned long long)writes,
			    (unsigned long long)work, (unsigned long long)cont,
			    (unsigned long long)st->reads, (unsigned long long)st->writes,
			    (unsigned long long)st->work, (unsigned long long)st->contention);
		}
		memcpy(before, after, sizeof before);
	}
	TAP_OK(counters, "each step's recorded accesses give its reads, writes, work, contention");
	TAP_OK(values && k == nacc, "every access holds its values, step by step (%zu accesses)",
	       nacc);
	pram_free(m);
	pram_free(plain);
}

/* Four processors write one cell: the record says who won and what the
 * cell holds, by the model's rule. */
static void test_recorder_conflicts(void)
{
	static const pram_model models[] = {PRAM_CRCW_ARBITRARY, PRAM_CRCW_PRIORITY,
					    PRAM_CRCW_COMBINING, PRAM_CRCW_COMMON};
	for (size_t k = 0; k < 4; k++) {
		pram *m = pram_new(&(pram_config){.model = models[k], .seed = 3});
		pram_array *a = counting_array(m, "a", 2);
		pram_record_start(m, 100);
		PRAM_STEP(m, "four write a[0]") {
			PRAM_FORALL(m, i, 0, 4) {
				pram_write(m, a, 0, models[k] == PRAM_CRCW_COMMON ? 7 : 5 + i);
			}
		}
		int ok = pram_record_count(m) == 4 && !pram_failed(m);
		int64_t got = pram_array_get_i(a, 0);
		for (size_t j = 0; ok && j < 4; j++) {
			const pram_access *e = pram_record_at(m, j);
			ok = e->pid == j && e->kind == PRAM_ACCESS_WRITE && e->nwrite == 4 &&
			     e->nread == 0 && e->result.i == got && e->held && e->before.i == 10;
			if (models[k] == PRAM_CRCW_PRIORITY)
				ok &= e->winner == 0 && got == 5;
			else if (models[k] == PRAM_CRCW_COMBINING)
				ok &= got == 5 + 6 + 7 + 8;
			else if (models[k] == PRAM_CRCW_ARBITRARY)
				ok &= e->winner < 4 && got == 5 + (int64_t)e->winner;
			else
				ok &= got == 7;
		}
		TAP_OK(ok, "recorder: four writes of a[0] under %s, a[0] = %lld",
		       pram_model_name(models[k]), (long long)got);
		pram_free(m);
	}

	/* Concurrent reads under EREW, counted and going on. */
	pram *m = pram_new(&(pram_config){.model = PRAM_EREW, .conflicts = PRAM_CONFLICT_COUNT});
	pram_array *a = counting_array(m, "a", 1), *out = pram_array_new(m, "out", 2, PRAM_INT);
	pram_record_start(m, 100);
	concurrent_read(m, a, out);
	const pram_access *r0 = pram_record_at(m, 0), *r1 = pram_record_at(m, 2);
	TAP_OK(pram_record_count(m) == 4 && r0->kind == PRAM_ACCESS_READ && r0->nread == 2 &&
		   r1->pid == 1 && r1->nread == 2 && r1->value.i == 10 &&
		   pram_record_at(m, 1)->array == 1,
	       "recorder: a concurrent read under erew is recorded with both readers");
	pram_free(m);

	/* Atomics. */
	m = machine(PRAM_CRCW_COMMON);
	a = counting_array(m, "a", 1);
	pram_record_start(m, 100);
	PRAM_STEP(m, "three add") {
		PRAM_FORALL(m, i, 0, 3) {
			pram_fetch_add(m, a, 0, i + 1);
		}
	}
	const pram_access *e = pram_record_at(m, 2);
	TAP_OK(pram_record_count(m) == 3 && e->kind == PRAM_ACCESS_ATOMIC && e->value.i == 3 &&
		   e->result.i == 16 && e->nwrite == 3 && e->winner == 0,
	       "recorder: atomics, with their operands and the cell's result");
	pram_free(m);
}

/* The limit: the step that reaches it is dropped whole, and the run goes
 * on unrecorded with the same counters. */
static void test_recorder_limit(void)
{
	enum {
		N = 16
	};
	pram *m = machine(PRAM_CREW), *plain = machine(PRAM_CREW);
	pram_array *x = counting_array(m, "x", N), *px = counting_array(plain, "x", N);
	/* Step 1 makes 15 * 3 = 45 accesses, step 2 42: a limit of 60 keeps
	 * step 1 alone. */
	pram_record_start(m, 60);
	hillis_steele(m, x, N);
	hillis_steele(plain, px, N);
	TAP_OK(pram_record_truncated(m) && pram_record_steps(m) == 1 &&
		   pram_record_count(m) == 45 && pram_record_at(m, 44)->step == 0,
	       "the limit keeps the whole steps before it (%zu steps, %zu accesses)",
	       pram_record_steps(m), pram_record_count(m));
	pram_totals t = pram_get_totals(m), pt = pram_get_totals(plain);
	TAP_OK(t.work == pt.work && t.reads == pt.reads && t.contention == pt.contention &&
		   pram_array_get_i(x, N - 1) == pram_array_get_i(px, N - 1) && !pram_failed(m),
	       "and the run goes on, counted as without the recorder");
	pram_free(m);
	pram_free(plain);

	m = machine(PRAM_CREW);
	TAP_OK(pram_record_start(m, 0) != 0 && strstr(pram_errmsg(m), "0 accesses"),
	       "a limit of 0 is refused: %s", pram_errmsg(m));
	pram_free(m);
	m = machine(PRAM_CREW);
	pram_step_begin(m, "open", __FILE__, __LINE__);
	TAP_OK(pram_record_start(m, 10) != 0 && strstr(pram_errmsg(m), "inside step"),
	       "starting inside a step is refused: %s", pram_errmsg(m));
	pram_step_end(m);
	pram_free(m);
	m = machine(PRAM_CREW);
	TAP_OK(pram_record_count(m) == 0 && pram_record_at(m, 0) == NULL &&
		   pram_record_steps(m) == 0 && !pram_record_truncated(m),
	       "a machine that does not record has no accesses");
	pram_free(m);
}

int main(void)
{
	test_rules();
	test_reads();
	test_writes();
	test_arbitrary();
	test_synchronous();
	test_atomics();
	test_work();
	test_charges();
	test_seal();
	test_errors();
	test_count_mode();
	test_scan_primitive();
	test_floats();
	test_alloc_failures();
	test_wide_counts();
	test_reader_after_write();
	test_stamp_wrap();
	test_functions();
	test_cell_bytes();
	test_memory_back();
	test_tags_renumbered();
	test_recorder_scan();
	test_recorder_conflicts();
	test_recorder_limit();
	return tap_done();
}
