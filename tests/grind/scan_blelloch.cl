/*
 * scan_blelloch.cl - Blelloch's work-efficient exclusive scan of n <= L
 * elements in one work-group (L a power of two), in place in tmp, for the
 * PRAM view's tests. Step 1 loads; the up-sweep's log2 L steps have L/2,
 * L/4, ..., 1 work-items active (the last one also stores the total and
 * clears the root); the down-sweep's log2 L steps have 1, 2, ..., L/2; the
 * last step stores n outputs. So 2 log2 L + 2 steps and, for n = L, work
 * L + (L - 1) + (L - 1) + L = 4L - 2: linear. Each step's work-items touch
 * disjoint cells: EREW.
 */
kernel void scan_blelloch(global const int *in, global int *out, global int *sums, local int *tmp,
			  uint n)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	tmp[lid] = lid < n ? in[lid] : 0;
	uint off = 1;
	for (uint d = L >> 1; d > 0; d >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
			tmp[bi] += tmp[ai];
		}
		off <<= 1;
	}
	if (lid == 0) {
		sums[0] = tmp[L - 1];
		tmp[L - 1] = 0;
	}
	for (uint d = 1; d < L; d <<= 1) {
		off >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
			int t = tmp[ai];
			tmp[ai] = tmp[bi];
			tmp[bi] += t;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid < n)
		out[lid] = tmp[lid];
}
