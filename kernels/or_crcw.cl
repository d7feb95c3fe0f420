/*
 * or_crcw.cl - the OR of n bits by concurrent writes of one value
 * (algos/or_crcw.c): one work-item clears the result, then every
 * work-item whose bit is set stores 1 to it. The stores all carry the same
 * value, so whichever the memory keeps the result is 1: a GPU's concurrent
 * stores of one value are CRCW-common. No atomics, no synchronisation
 * between the work-items of the second launch.
 */
#include "common.clh"

kernel void or_crcw_init(global int *y)
{
	y[0] = 0;
}

kernel void or_crcw(global const int *x, global int *y, uint n)
{
	size_t i = get_global_id(0);
	if (i < n && x[i] != 0)
		y[0] = 1;
}
