/*
 * compact.cl - the kernels of "compact", stream compaction, an application
 * of scan from the notes.
 *
 * Compaction (compact_scatter after a count scan): the count scan of the
 * packed flags gives each kept element its place; the total, the output's
 * length, is again the top level's block total.
 *
 * The elements are only moved, so they travel as uint bits, whatever the
 * data type. Build options: those of common.clh and -DPP=k elements per
 * work-item of the count scan. OpenCL C 1.2.
 */

#include "count.clh"

/* f: the exclusive scan of the flags, so a kept element's place. */
kernel void compact_scatter(global const uint *in, global const uint *flags, global const uint *f,
			    global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && flag_at(flags, i))
		out[f[i]] = in[i];
}
