/*
 * lookup.c - the names of the kernel variants and the lookups in the table
 * of algorithms with kernels (gpu.h). Built with and without OpenCL: only
 * the table (gpu.c, or the empty one of none.c) differs.
 */
#include <stdio.h>
#include <string.h>

#include "gpu.h"

static const char *const variant_names[GPU_NVARIANTS] = {
    [GPU_TEACHING] = "teaching",
    [GPU_TUNED] = "tuned",
};

const char *gpu_variant_name(enum gpu_variant v)
{
	return (unsigned)v < GPU_NVARIANTS ? variant_names[v] : NULL;
}

int gpu_variant_parse(const char *name, enum gpu_variant *v, char *err, size_t errlen)
{
	for (unsigned k = 0; name && k < GPU_NVARIANTS; k++)
		if (strcmp(name, variant_names[k]) == 0) {
			*v = (enum gpu_variant)k;
			return 0;
		}
	if (err && errlen) {
		int len =
		    snprintf(err, errlen, "no kernel variant '%s'; give", name ? name : "(null)");
		for (unsigned k = 0; k < GPU_NVARIANTS && len >= 0 && (size_t)len < errlen; k++)
			len += snprintf(err + len, errlen - (size_t)len, "%s %s",
					k == 0                   ? ""
					: k + 1 == GPU_NVARIANTS ? " or"
								 : ",",
					variant_names[k]);
	}
	return -1;
}

const gpu_algo *gpu_for(const algo *a)
{
	for (const gpu_algo *const *g = gpu_algos; a && *g; g++)
		if ((*g)->algo == a)
			return *g;
	return NULL;
}

int gpu_has_variant(const gpu_algo *g, enum gpu_variant v)
{
	return g && (unsigned)v < GPU_NVARIANTS && g->variant[v].run != NULL;
}
