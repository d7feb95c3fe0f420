/*
 * algotest.h - the two lookups the registry's test programs share: an
 * algorithm by name, and its parameters from a spec of options. A lookup
 * that fails bails out of the TAP run, naming what was wrong. Header-only:
 * each test program is one file.
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

#endif
