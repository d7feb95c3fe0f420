/*
 * scan_brent.cl - the kernels of "scan-brent", Brent's f elements per
 * work-item: teaching, brent_block (below), the blocks joined as scan.clh
 * says; tuned, the single-pass scan (scan_onepass.clh), which takes PP
 * elements per work-item too. Build options: those of common.clh and
 * -DPP=f. OpenCL C 1.2.
 */

#include "scan.clh"
#include "scan_onepass.clh"

/* Brent's optimisation of the notes (the float4 trick with f = PP): each
 * work-item scans PP consecutive elements in registers, the work-group scans
 * the L item totals (tot holds L elements), and each item adds its prefix
 * to its own elements: blocks of L * PP elements, W = n (1 + 2/f) and
 * D = 2 log(n/f) + 2f in the notes' analysis. */
kernel void brent_block(global const T *in, global T *out, global T *sums, uint n, int inclusive,
			local T *tot)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t base = (get_group_id(0) * (size_t)L + lid) * PP;
	T x[PP], acc = IDENT, total;
	for (uint j = 0; j < PP; j++) {
		x[j] = base + j < n ? in[AT(base + j, n)] : IDENT;
		acc = OP(acc, x[j]);
	}
	T pre = group_scan_excl(tot, acc, &total);
	for (uint j = 0; j < PP && base + j < n; j++) {
		T incl = OP(pre, x[j]);
		out[AT(base + j, n)] = inclusive ? incl : pre;
		pre = incl;
	}
	if (lid == 0)
		sums[AT(get_group_id(0), get_num_groups(0))] = total;
}
