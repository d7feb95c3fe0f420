/*
 * partitions.c - what the programs on partitioned streams share (the
 * gist "Massively Parallel Processing of Partitioned Streams"): the
 * generator of a flagged stream with partitions of a chosen length, and its
 * parameter.
 */
#include "common.h"

int prog_gen_partitions(algo_data *in, size_t n, pram_type t, int64_t part_len, uint64_t seed)
{
	if (algo_data_alloc(in, n, t, 1))
		return -1;
	uint64_t s = seed;
	size_t next = 0; /* where the next partition starts */
	for (size_t i = 0; i < n; i++) {
		uint64_t r = algo_rand(&s);
		/* Half the values are zeros, so that a count differs from the
		 * partition's size. */
		int zero = (r >> 63) != 0;
		if (t == PRAM_INT)
			in->vals[i].i = zero ? 0 : 1 + (int64_t)((r >> 8) % 99);
		else
			in->vals[i].f = zero ? 0.0 : (double)((r >> 8) & 0xffffff) * 0x1.0p-24;
		if (part_len > 0) {
			in->flags[i] = i == next;
			if (i == next)
				next += (size_t)part_len;
		} else {
			/* About one partition start in eight, always one at 0. */
			in->flags[i] = i == 0 || ((r >> 4) & 7) == 0;
		}
	}
	return 0;
}

size_t prog_largest_partition(const algo_data *in)
{
	size_t m = 0, start = 0;
	for (size_t i = 1; i <= in->n; i++)
		if (i == in->n || prog_flag(in, i)) {
			if (i - start > m)
				m = i - start;
			start = i;
		}
	return m;
}
