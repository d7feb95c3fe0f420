/*
 * simrun.c - one algorithm on the simulator, checked against its reference.
 */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "simrun.h"

static int exec(const algo *a, const algo_params *p, const algo_data *in, const pram_config *cfg,
		pram_step_hook hook, void *hook_ud, simrun *r, int keep_cells)
{
	memset(r, 0, sizeof *r);
	r->bad_index = -1;
	r->nout = algo_nout(a);
	r->m = pram_new(cfg);
	if (!r->m || algo_alloc_outputs(a, in, p, r->out))
		goto fail;
	if (algo_alloc_outputs(a, in, p, r->ref)) {
		algo_data_free_all(r->out, r->nout);
		goto fail;
	}
	if (hook)
		pram_set_step_hook(r->m, hook, hook_ud);
	a->simulate(r->m, in, r->out, p);
	/* The results are out: the machine's cells go before the reference's
	 * output comes, so a large run holds the two at different times. */
	if (!keep_cells)
		pram_release_cells(r->m);
	a->reference(in, r->ref, p);
	double tol = in->type == PRAM_FLOAT ? algo_tolerance(a, in, p, DBL_EPSILON) : 0;
	if (pram_failed(r->m)) {
		snprintf(r->why, sizeof r->why, "the simulation failed: %s", pram_errmsg(r->m));
	} else {
		r->bad_index =
		    algo_verify(a, in, r->out, r->ref, p, tol, &r->bad_port, r->why, sizeof r->why);
		r->verified = r->bad_index < 0;
	}
	if (algo_cost_of(a, in, p, &r->cost_w, &r->cost_d) == 0)
		r->cost_known = 1;
	return 0;
fail:
	simrun_free(r);
	return -1;
}

int simrun_exec(const algo *a, const algo_params *p, const algo_data *in, const pram_config *cfg,
		pram_step_hook hook, void *hook_ud, simrun *r)
{
	return exec(a, p, in, cfg, hook, hook_ud, r, 0);
}

int simrun_exec_cells(const algo *a, const algo_params *p, const algo_data *in,
		      const pram_config *cfg, pram_step_hook hook, void *hook_ud, simrun *r)
{
	return exec(a, p, in, cfg, hook, hook_ud, r, 1);
}

void simrun_free(simrun *r)
{
	pram_free(r->m);
	r->m = NULL;
	algo_data_free_all(r->out, ALGO_MAX_PORTS);
	algo_data_free_all(r->ref, ALGO_MAX_PORTS);
}
