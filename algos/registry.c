/*
 * registry.c - the table of every algorithm, made from algos/list.h.
 */
#include <string.h>

#include "algo.h"

#define X(stem, kernels) extern const algo algo_##stem;
#include "list.h"
#undef X

const algo *const algo_registry[] = {
#define X(stem, kernels) &algo_##stem,
#include "list.h"
#undef X
    NULL,
};

const algo *algo_find(const char *name)
{
	for (size_t k = 0; algo_registry[k]; k++)
		if (strcmp(algo_registry[k]->name, name) == 0)
			return algo_registry[k];
	return NULL;
}
