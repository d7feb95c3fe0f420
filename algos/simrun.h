/*
 * simrun.h - run a registry algorithm on the simulator and check it against
 * the sequential reference. Used by `pram run`, the report and the tests.
 */
#ifndef PRAM_SIMRUN_H
#define PRAM_SIMRUN_H

#include "algo.h"

typedef struct simrun {
	pram *m;                       /* the machine after the run; owned, see simrun_free */
	size_t nout;                   /* the algorithm's outputs */
	algo_data out[ALGO_MAX_PORTS]; /* the simulator's results, one per output */
	algo_data ref[ALGO_MAX_PORTS]; /* the reference's */
	int verified;                  /* out equals ref (floats: within the tolerance) */
	size_t bad_port;               /* the output of the first mismatch */
	long bad_index;                /* first mismatch, -1 when none */
	char why[256];                 /* the mismatch in words */
	int cost_known;                /* the registry has a closed form for these parameters */
	uint64_t cost_w, cost_d;       /* its W(n) and D(n) */
} simrun;

/* Run a on in (its algo_nin inputs) with parameters p on a new machine
 * configured by cfg (whose model the caller set), calling hook after every
 * step when not NULL.
 * Returns 0, or -1 when out of memory. On return r->m holds the counters,
 * any violations and its arrays' names and sizes, but not their cells,
 * which go once the program's outputs are copied out (pram_release_cells),
 * before the reference runs; the caller frees r with simrun_free. */
int simrun_exec(const algo *a, const algo_params *p, const algo_data *in, const pram_config *cfg,
		pram_step_hook hook, void *hook_ud, simrun *r);
/* The same, keeping the cells of the machine's arrays for the caller to
 * look at (pram_array_get_v). */
int simrun_exec_cells(const algo *a, const algo_params *p, const algo_data *in,
		      const pram_config *cfg, pram_step_hook hook, void *hook_ud, simrun *r);
void simrun_free(simrun *r);

#endif
