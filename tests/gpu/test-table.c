/*
 * test-table.c - the table of algorithms with kernels (gpu.h) against the
 * registry (algo.h), walking both: every gpu_algo belongs to an algorithm
 * of the registry and is found from it by gpu_for, and gpu_for finds
 * kernels for exactly the algorithms algos/list.h marks KERNELS, by
 * pointer, with a kernel file and a teaching variant each; every listed
 * algorithm's name is its stem and its kernel file STEM.cl (the sandwich
 * runs the scan's). A pram built without OpenCL
 * (the harness's HAVE_OPENCL is not "yes") has no kernels at all. Needs no
 * device. Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "../tap.h"

/* The registry's list, with its marks: each algorithm's entry, its stem,
 * and whether it says the algorithm has kernels. */
#define X(stem, kernels) extern const algo algo_##stem;
#include "list.h"
#undef X
#define HAS_KERNELS 1
#define HAS_NONE    0
static const struct listed {
	const algo *a;
	const char *stem;
	int kernels;
} listed[] = {
#define X(stem, kernels) {&algo_##stem, #stem, HAS_##kernels},
#include "list.h"
#undef X
};
#define NLISTED (sizeof listed / sizeof listed[0])

static int in_registry(const algo *a)
{
	for (const algo *const *r = algo_registry; *r; r++)
		if (*r == a)
			return 1;
	return 0;
}

static int expected(const algo *a)
{
	for (size_t k = 0; k < NLISTED; k++)
		if (listed[k].a == a)
			return listed[k].kernels;
	return 0;
}

int main(void)
{
	const char *have = getenv("HAVE_OPENCL");
	int opencl = have && strcmp(have, "yes") == 0;

	/* The kernels' side: each entry is a registry algorithm's, found back. */
	size_t count = 0;
	for (const gpu_algo *const *g = gpu_algos; *g; g++, count++) {
		const char *name = (*g)->algo ? (*g)->algo->name : "(null)";
		TAP_OK((*g)->algo && in_registry((*g)->algo), "gpu_algos: %s is in the registry",
		       name);
		TAP_OK(gpu_for((*g)->algo) == *g, "gpu_for finds %s's kernels", name);
		TAP_OK((*g)->file && strlen((*g)->file) > 3 &&
			   strcmp((*g)->file + strlen((*g)->file) - 3, ".cl") == 0,
		       "%s has a kernel file (%s)", name, (*g)->file ? (*g)->file : "none");
		TAP_OK(gpu_has_variant(*g, GPU_TEACHING), "%s has a teaching kernel", name);
	}
	size_t nwith = 0;
	for (size_t k = 0; k < NLISTED; k++)
		nwith += listed[k].kernels;
	TAP_EQ_I(count, opencl ? nwith : 0, "gpu_algos has one entry per algorithm with kernels%s",
		 opencl ? "" : " (none: built without OpenCL)");

	/* The registry's side: gpu_for finds exactly the expected ones. */
	for (const algo *const *r = algo_registry; *r; r++) {
		int want = opencl && expected(*r);
		const gpu_algo *g = gpu_for(*r);
		TAP_OK((g != NULL) == want && (!g || g->algo == *r), "%s %s kernels", (*r)->name,
		       want ? "has" : "has no");
	}
	/* One stem across folders: the name is the stem with dashes, and the
	 * kernel file is STEM.cl. */
	for (size_t k = 0; k < NLISTED; k++) {
		const struct listed *l = &listed[k];
		char name[128], file[128];
		snprintf(name, sizeof name, "%s", l->stem);
		for (char *c = name; *c; c++)
			if (*c == '_')
				*c = '-';
		snprintf(file, sizeof file, "%s.cl", l->stem);
		TAP_OK(in_registry(l->a), "%s is in the registry", l->a->name);
		TAP_OK(strcmp(l->a->name, name) == 0, "%s's stem is %s", l->a->name, l->stem);
		const gpu_algo *g = gpu_for(l->a);
		if (g && strcmp(l->stem, "sandwich") != 0)
			TAP_OK(strcmp(g->file, file) == 0, "%s's kernels are in %s (%s)",
			       l->a->name, file, g->file);
	}
	TAP_OK(gpu_for(NULL) == NULL, "gpu_for(NULL) is NULL");
	return tap_done();
}
