/*
 * copy.cl - a plain copy of n 32-bit words, the yardstick of `pram bench`:
 * what the device's memory moves when a kernel does nothing but read each
 * word once and write it once.
 *
 *   copy_words  one 16-byte uint4 per work-item, then the n % 4 words past
 *               the last whole uint4 by the first work-items; the host
 *               launches at least ceil(n / 4) work-items.
 *   gate        one work-item stepping a linear congruential generator
 *               `rounds` times, each step waiting for the last: a kernel
 *               of a length the host sets, which holds the queue while the
 *               host enqueues a batch of runs behind it (gpu.c's runs
 *               back to back). It writes sink[0] only where the generator
 *               ends at 0, so the loop stays.
 *
 * No build options. OpenCL C 1.2.
 */

kernel void copy_words(global const uint4 *in, global uint4 *out, uint n)
{
	uint i = (uint)get_global_id(0), n4 = n / 4;
	if (i < n4)
		out[i] = in[i];
	/* Buffers start aligned far beyond 16 bytes, so word 4 i starts a uint4. */
	if (i < n % 4)
		((global uint *)out)[4 * n4 + i] = ((global const uint *)in)[4 * n4 + i];
}

kernel void gate(global uint *sink, uint rounds)
{
	uint x = 1;
	for (uint i = 0; i < rounds; i++)
		x = x * 1664525u + 1013904223u;
	if (x == 0)
		sink[0] = x;
}
