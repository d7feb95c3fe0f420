/*
 * copy.cl - a plain copy of n 32-bit words, the yardstick of `pram bench`:
 * what the device's memory moves when a kernel does nothing but read each
 * word once and write it once.
 *
 *   copy_words  one 16-byte uint4 per work-item, then the n % 4 words past
 *               the last whole uint4 by the first work-items; the host
 *               launches at least ceil(n / 4) work-items.
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
