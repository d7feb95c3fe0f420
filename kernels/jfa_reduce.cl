/*
 * jfa_reduce.cl - the kernels of "jfa-reduce" (src/algos/jfa_reduce.c has
 * the PRAM program and why its passes are right): the reduction of every
 * partition of a flagged stream by jump flooding, for the build's
 * operator.
 *
 *   count_block, count_add  the count scan of the packed flags (count.clh):
 *               f(i) = the flags set before i, so key(i) = f(i) + flag i is
 *               the number of partitions that start at or before i, the
 *               same for the elements of one partition and no other
 *   jfa_load    c(i) = x(i), or x(i) != 0 for a count
 *   jfa_pass    one launch per pass, steps s = b^(K-1), ..., 1 (b = 2 for
 *               3 samples, 4 for 7): each work-item reads the pairs i + t s,
 *               i - (b - t) s, t = 1 .. b - 1, that lie in its partition;
 *               max and min combine both of a pair, a sum (a count) only
 *               the first that lies there, since the two hold the same
 *               value. The PRAM program's two steps a pass (the samples,
 *               each a processor, then their combination) are one
 *               work-item's loop here.
 *   jfa_finish  y(i) = c(i); where a partition starts its value goes to
 *               out, at the partition's number
 *
 * A pass reads c, f and the packed flags and writes c: about 12 bytes in
 * and 4 out an element, the samples from the cache. Element 0 starts a
 * partition whatever its bit says. OpenCL C 1.2.
 */
#include "count.clh"

/* The partitions that start at or before i, less one when bit 0 is clear
 * (element 0 starts one anyway): the number of i's partition, plus bit 0. */
uint jfa_key(global const uint *f, global const uint *flags, long i)
{
	return f[i] + flag_at(flags, i);
}

kernel void jfa_load(global const T *x, global T *c, uint n, int count)
{
	size_t i = get_global_id(0);
	if (i < n)
		c[i] = count ? (T)(x[i] != 0) : x[i];
}

/* dst(i) = src(i) combined with its samples at step s, base b; pick: a
 * sum, one element of each pair. */
kernel void jfa_pass(global const T *src, global T *dst, global const uint *f,
		     global const uint *flags, uint n, uint s, uint b, int pick)
{
	long i = get_global_id(0);
	if (i >= n)
		return;
	uint key = jfa_key(f, flags, i);
	T v = src[i];
	for (uint t = 1; t < b; t++) {
		long a = i + (long)t * s, z = i - (long)(b - t) * s;
		int ina = a < n && jfa_key(f, flags, a) == key;
		int inz = z >= 0 && jfa_key(f, flags, z) == key;
		if (ina)
			v = OP(v, src[a]);
		if (inz && !(pick && ina))
			v = OP(v, src[z]);
	}
	dst[i] = v;
}

kernel void jfa_finish(global const T *c, global const uint *f, global const uint *flags,
		       global T *y, global T *out, uint n)
{
	long i = get_global_id(0);
	if (i >= n)
		return;
	T v = c[i];
	y[i] = v;
	if (i == 0 || flag_at(flags, i))
		out[jfa_key(f, flags, i) - flag_at(flags, 0)] = v;
}
