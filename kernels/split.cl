/*
 * split.cl - the kernels of "split", an application of scan from the notes.
 *
 * Split (split_scatter after a count scan): radix sort's stable split by
 * bit 0. The 0-scan f_i = number of 0 bits among a_0 .. a_(i-1) is the count
 * scan of the inverted bits, read straight from the keys (the notes' "native
 * 0-scan", no array of bits in between); F, the total of 0 bits, is the top
 * level's block total. a_i goes to f_i when its bit is 0 and to
 * F + (i - f_i) when it is 1, since i - f_i ones precede it.
 *
 * The keys are only moved, so they travel as uint bits. Build options:
 * those of common.clh and -DPP=k elements per work-item of the count scan.
 * OpenCL C 1.2.
 */

#include "count.clh"

/* f: the exclusive 0-scan; total[0]: F, the number of 0 bits. */
kernel void split_scatter(global const uint *in, global const uint *f, global const uint *total,
			  global uint *out, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	uint a = in[i], fi = f[i];
	out[a & 1u ? total[0] + ((uint)i - fi) : fi] = a;
}
