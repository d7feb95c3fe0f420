/*
 * scan_hillis_steele.cl - the kernels of "scan-hillis-steele": the notes'
 * Hillis-Steele scan in each block, one element per work-item, log2(L)
 * doubling steps, double-buffered in local memory (s holds 2L elements);
 * the blocks joined as scan.clh says. Build options: those of common.clh.
 * OpenCL C 1.2.
 */

#include "scan.clh"

kernel void hs_block(global const T *in, global T *out, global T *sums, uint n, int inclusive,
		     local T *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	uint pin = 0; /* which half of s holds the current values */
	s[lid] = i < n ? in[AT(i, n)] : IDENT;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < L; d <<= 1) {
		uint pout = 1 - pin;
		/* Reads come from one half and writes go to the other, so one
		 * barrier a step is enough. */
		s[pout * L + lid] =
		    lid >= d ? OP(s[pin * L + lid - d], s[pin * L + lid]) : s[pin * L + lid];
		barrier(CLK_LOCAL_MEM_FENCE);
		pin = pout;
	}
	T incl = s[pin * L + lid];
	if (i < n)
		out[AT(i, n)] = inclusive ? incl : (lid ? s[pin * L + lid - 1] : IDENT);
	if (lid == L - 1)
		sums[AT(get_group_id(0), get_num_groups(0))] = incl;
}
