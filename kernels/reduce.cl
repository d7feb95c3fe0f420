/*
 * reduce.cl - reduction of n 32-bit elements to one, in two forms:
 *
 *   reduce_tree   the tree reduction of the notes: one element per
 *                 work-item, log2(L) halving steps in local memory, one
 *                 result per work-group; the host runs it again over the
 *                 group results until one value is left.
 *   reduce_tuned  many elements per work-item: a grid-stride loop of 4-wide
 *                 vector loads, then the same tree
 *                 over the work-group; the host runs it once with many
 *                 groups and once with one group over their results.
 *
 * Build options choose the operator and the type, so one source serves all:
 *   -DOP_SUM, -DOP_MAX or -DOP_MIN, and -DIS_FLOAT for float data.
 * The work-group size L must be a power of two; the local buffer s holds L
 * elements. OpenCL C 1.2.
 */

#include "common.clh"

kernel void reduce_tree(global const T *in, global T *out, uint n, local T *s)
{
	size_t i = get_global_id(0);
	group_reduce(s, i < n ? in[i] : IDENT);
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = s[0];
}

kernel void reduce_tuned(global const T *in, global T *out, uint n, local T *s)
{
	uint gid = (uint)get_global_id(0), stride = (uint)get_global_size(0);
	uint n4 = n / 4;
	/* Buffers start aligned far beyond 16 bytes, so element 0 starts a T4. */
	global const T4 *in4 = (global const T4 *)in;
	/* Scalar operations on the vector's parts: GPUs have no 4-wide integer
	 * adds anyway, and Oclgrind's uninitialised-value check crashes on them. */
	T acc = IDENT;
	for (uint v = gid; v < n4; v += stride) {
		T4 x = in4[v];
		acc = OP(acc, OP(OP(x.s0, x.s1), OP(x.s2, x.s3)));
	}
	for (uint i = 4 * n4 + gid; i < n; i += stride)
		acc = OP(acc, in[i]);
	group_reduce(s, acc);
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = s[0];
}
