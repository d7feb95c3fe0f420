/*
 * leader_crcw.cl - pick a leader (algos/leader_crcw.c): one work-item
 * writes -1, then every work-item whose flag is set stores its index to the
 * one result word. Which store the memory keeps is up to the hardware: the
 * CRCW-arbitrary rule. The store is an atomic exchange so that the race is
 * one OpenCL defines (a plain store would be a data race in its memory
 * model, and Oclgrind's race check says so); it orders nothing, and the
 * result is checked by membership (algo.check): the index of a set flag,
 * or -1 when none is set.
 */
#include "common.clh"

kernel void leader_crcw_init(global int *y)
{
	y[0] = -1;
}

kernel void leader_crcw(global const int *x, global int *y, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && x[i] != 0)
		atomic_xchg(y, (int)i);
}
