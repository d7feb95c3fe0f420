/*
 * test-table.c - the table of algorithms with kernels (gpu.h) against the
 * registry (algo.h), walking both: every gpu_algo belongs to an algorithm
 * of the registry and is found from it by gpu_for, and gpu_for finds
 * kernels for exactly the algorithms that have them, by pointer, with a
 * kernel file and a teaching variant each. A pram built without OpenCL
 * (the harness's HAVE_OPENCL is not "yes") has no kernels at all. Needs no
 * device. Prints TAP.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "../tap.h"

extern const algo algo_reduce, algo_scan_hillis_steele, algo_scan_blelloch, algo_scan_blocked,
    algo_scan_brent, algo_scan_backward, algo_scan_segmented, algo_reduce_segmented,
    algo_scan_matrix, algo_line_of_sight, algo_sandwich, algo_split, algo_compact;

/* The algorithms that have kernels. */
static const algo *const with_kernels[] = {
    &algo_reduce,      &algo_scan_hillis_steele, &algo_scan_blelloch,  &algo_scan_blocked,
    &algo_scan_brent,  &algo_scan_backward,      &algo_scan_segmented, &algo_reduce_segmented,
    &algo_scan_matrix, &algo_line_of_sight,      &algo_sandwich,       &algo_split,
    &algo_compact,
};
#define NWITH (sizeof with_kernels / sizeof with_kernels[0])

static int in_registry(const algo *a)
{
	for (const algo *const *r = algo_registry; *r; r++)
		if (*r == a)
			return 1;
	return 0;
}

static int expected(const algo *a)
{
	for (size_t k = 0; k < NWITH; k++)
		if (with_kernels[k] == a)
			return 1;
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
	TAP_EQ_I(count, opencl ? NWITH : 0, "gpu_algos has one entry per algorithm with kernels%s",
		 opencl ? "" : " (none: built without OpenCL)");

	/* The registry's side: gpu_for finds exactly the expected ones. */
	for (const algo *const *r = algo_registry; *r; r++) {
		int want = opencl && expected(*r);
		const gpu_algo *g = gpu_for(*r);
		TAP_OK((g != NULL) == want && (!g || g->algo == *r), "%s %s kernels", (*r)->name,
		       want ? "has" : "has no");
	}
	for (size_t k = 0; k < NWITH; k++)
		TAP_OK(in_registry(with_kernels[k]), "%s is in the registry",
		       with_kernels[k]->name);
	TAP_OK(gpu_for(NULL) == NULL, "gpu_for(NULL) is NULL");
	return tap_done();
}
