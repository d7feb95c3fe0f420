/*
 * algotest.h - what the registry's test programs share: the two lookups,
 * an algorithm by name and its parameters from a spec of options, and the
 * walk over the combinations of options an algorithm takes. A lookup that
 * fails bails out of the TAP run, naming what was wrong. Header-only: each
 * test program is one file.
 */
#ifndef PRAMSIM_ALGOTEST_H
#define PRAMSIM_ALGOTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"

/* The registered algorithm name; bails out when there is none. */
static inline const algo *test_algo(const char *name)
{
	const algo *a = algo_find(name);
	if (!a) {
		printf("Bail out! %s is not registered\n", name);
		exit(1);
	}
	return a;
}

/* a's default parameters with the options of spec, "bins=16 dist=equal" or
 * "op=sum samples=7", each set as the command line sets it (a name alone
 * for a switch such as "float"); bails out on an option a refuses. */
static inline algo_params test_params(const algo *a, const char *spec)
{
	algo_params p = algo_default_params(a);
	char buf[256], err[256];
	snprintf(buf, sizeof buf, "%s", spec ? spec : "");
	char *save = NULL;
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');
		if (eq)
			*eq++ = '\0';
		if (algo_set_option(a, &p, tok, eq, err, sizeof err)) {
			printf("Bail out! %s %s: %s\n", a->name, spec, err);
			exit(1);
		}
	}
	return p;
}

/* Call fn(a, p, ctx) for each combination of the options the tests run a
 * under: every operator (sum, and max and min when a takes --op), type
 * (int, and float when a takes --float) and scan kind (exclusive and
 * inclusive when a takes both, else its own), in that order; p is a's
 * default parameters with the three set. */
static inline void test_each_option(const algo *a,
				    void (*fn)(const algo *a, algo_params *p, void *ctx), void *ctx)
{
	for (int op = PRAM_OP_SUM; op <= PRAM_OP_MIN; op++) {
		if (op != PRAM_OP_SUM && !(a->caps & ALGO_OP))
			continue;
		for (int type = PRAM_INT; type <= PRAM_FLOAT; type++) {
			if (type == PRAM_FLOAT && !(a->caps & ALGO_FLOAT))
				continue;
			for (int incl = 0; incl < 2; incl++) {
				algo_params p = algo_default_params(a);
				if (!(a->caps & ALGO_INCLUSIVE) && incl != p.inclusive)
					continue;
				p.op = (pram_op)op;
				p.type = (pram_type)type;
				p.inclusive = incl;
				fn(a, &p, ctx);
			}
		}
	}
}

#endif
