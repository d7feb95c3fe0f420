/*
 * reduce.cl - reduction of n 32-bit elements to one, in two forms:
 *
 *   reduce_tree   the tree reduction of the notes: one element per
 *                 work-item, log2(L) halving steps in local memory, one
 *                 result per work-group; the host runs it again over the
 *                 group results until one value is left.
 *   reduce_tuned  many elements per work-item: a grid-stride loop of 4-wide
 *                 vector loads, then the same tree over the work-group; the
 *                 host runs it alone when one group suffices, and
 *   reduce_onepass the same in many groups, the last of which to finish
 *                 reduces the groups' results (below), for floats, and
 *   reduce_accumulate  the same in many groups, each adding its result
 *                 into an accumulator by one atomic, for integers.
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

/* A work-item's part of the grid-stride reduction: 4-wide loads, a
 * round's four issued before their sum, which waits for them (a loop whose
 * every round adds what it loaded waits for memory once a round). Scalar
 * operations on the vectors' parts: GPUs have no 4-wide integer adds
 * anyway, and Oclgrind's uninitialised-value check crashes on them. */
T reduce_items(global const T *in, uint n)
{
	uint gid = (uint)get_global_id(0), stride = (uint)get_global_size(0);
	uint n4 = n / 4, v = gid;
	/* Buffers start aligned far beyond 16 bytes, so element 0 starts a T4. */
	global const T4 *in4 = (global const T4 *)in;
	T acc = IDENT;
	for (; v + 3 * stride < n4; v += 4 * stride) {
		/* Four named vectors, not an array of them, whose lanes
		 * Oclgrind would take for unwritten. */
		T4 a = in4[v], b = in4[v + stride], c = in4[v + 2 * stride],
		   d = in4[v + 3 * stride];
		acc = OP(acc, OP(OP(OP(a.s0, a.s1), OP(a.s2, a.s3)),
				 OP(OP(b.s0, b.s1), OP(b.s2, b.s3))));
		acc = OP(acc, OP(OP(OP(c.s0, c.s1), OP(c.s2, c.s3)),
				 OP(OP(d.s0, d.s1), OP(d.s2, d.s3))));
	}
	for (; v < n4; v += stride) {
		T4 x = in4[v];
		acc = OP(acc, OP(OP(x.s0, x.s1), OP(x.s2, x.s3)));
	}
	for (uint i = 4 * n4 + gid; i < n; i += stride)
		acc = OP(acc, in[i]);
	return acc;
}

kernel void reduce_tuned(global const T *in, global T *out, uint n, local T *s)
{
	group_reduce(s, reduce_items(in, n));
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = s[0];
}

/* A group's result, written and read whole in device memory: relaxed
 * stores and loads at the scope of the device on NVIDIA, atomics
 * elsewhere (an exchange, and an or of 0 to read). */
inline void part_store(global uint *p, uint v)
{
#ifdef PRAM_NV_PTX
	nv_st_relaxed(p, v);
#else
	atomic_xchg(p, v);
#endif
}

inline uint part_load(global uint *p)
{
#ifdef PRAM_NV_PTX
	return nv_ld_relaxed(p);
#else
	return atomic_or(p, 0u);
#endif
}

/* ---- reduce_onepass: the tuned reduction in one launch ----------------
 * Each work-group leaves its result in part[group] and counts itself done;
 * the group that counts last (all the others have left theirs) reduces
 * part into out[0] and sets the count back to 0 for the next launch (the
 * host makes it 0 once). The results (part_store, part_load) and the
 * count are read and written whole in device memory, and a fence at the
 * scope of the device orders a group's result before its count, and the
 * last group's count before its reads (device_fence, common.clh). A
 * launch of its own for the last step, as the tuned reduction took
 * before, costs more than the step. */
kernel void reduce_onepass(global const T *in, global uint *part, global T *out, global uint *done,
			   uint n, local T *s)
{
	local uint last_sh;
	uint lid = get_local_id(0), L = get_local_size(0), G = get_num_groups(0);
	group_reduce(s, reduce_items(in, n));
	if (lid == 0) {
		part_store(&part[get_group_id(0)], as_uint(s[0]));
		device_fence();
		last_sh = atomic_inc(done) == G - 1;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (!last_sh)
		return;
	device_fence();
	T acc = IDENT;
	for (uint g = lid; g < G; g += L)
		acc = OP(acc, T_OF_BITS(part_load(&part[g])));
	group_reduce(s, acc);
	if (lid == 0) {
		out[0] = s[0];
		atomic_xchg(done, 0u);
	}
}

/* ---- reduce_accumulate: integers, one atomic a group -------------------
 * An integer result does not depend on the order its parts are combined
 * in, so each work-group combines its result into an accumulator by one
 * atomic (an add, wrapping as T does, or a max or min) and no group waits
 * for the last: the launch ends when the last group's atomic has landed,
 * where reduce_onepass's last group still had to fence, count itself and
 * read every group's result back. The accumulator acc holds IDENT when the
 * launch starts: the host sets the first one's, and each run sets next,
 * the accumulator of the run after it (the host alternates two), which no
 * group of this run touches. Floats keep reduce_onepass, whose fixed
 * order of additions gives the same sum in every run. */
#ifndef IS_FLOAT
kernel void reduce_accumulate(global const T *in, global T *acc, global T *next, uint n,
			      local T *s)
{
	if (get_global_id(0) == 0)
		*next = IDENT;
	group_reduce(s, reduce_items(in, n));
	if (get_local_id(0) == 0) {
#if defined(OP_SUM)
		atomic_add(acc, s[0]);
#elif defined(OP_MAX)
		atomic_max(acc, s[0]);
#else
		atomic_min(acc, s[0]);
#endif
	}
}
#endif
