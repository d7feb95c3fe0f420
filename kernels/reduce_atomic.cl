/*
 * reduce_atomic.cl - reduction by global atomics (algos/reduce_atomic.c):
 * one work-item sets the accumulator to the identity, then every work-item
 * applies its element to it with one atomic. All of them hit one address,
 * which the memory system serialises: the PRAM's D_serial = n + 1. 32-bit
 * integers only, as OpenCL 1.2's atomics.
 */
#include "common.clh"

#ifdef IS_FLOAT
#error "reduce_atomic: the atomics are integer operations"
#elif defined(OP_SUM)
#define ATOMIC_OP(p, v) atomic_add((p), (v))
#elif defined(OP_MAX)
#define ATOMIC_OP(p, v) atomic_max((p), (v))
#else
#define ATOMIC_OP(p, v) atomic_min((p), (v))
#endif

kernel void reduce_atomic_init(global T *acc)
{
	acc[0] = IDENT;
}

kernel void reduce_atomic(global const T *in, global T *acc, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		ATOMIC_OP(acc, in[i]);
}
