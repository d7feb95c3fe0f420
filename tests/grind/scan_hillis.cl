/*
 * scan_hillis.cl - the Hillis-Steele exclusive scan of n <= L elements in
 * one work-group, double-buffered in tmp (2L ints), for the PRAM view's
 * tests. Step 1 loads the input shifted by one; each of the log2 L doubling
 * steps has every work-item read src[lid] and src[lid - d] and write
 * dst[lid]. So log2 L + 1 steps, work L (log2 L + 1): not work-efficient.
 * Work-items lid and lid + d both read src[lid]: CREW.
 */
kernel void scan_hillis(global const int *in, global int *out, global int *sums, local int *tmp,
			uint n)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	local int *src = tmp, *dst = tmp + L;
	src[lid] = lid > 0 && lid - 1 < n ? in[lid - 1] : 0;
	for (uint d = 1; d < L; d <<= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		dst[lid] = lid >= d ? src[lid] + src[lid - d] : src[lid]; /* concurrent read */
		local int *t = src;
		src = dst;
		dst = t;
	}
	if (lid < n)
		out[lid] = src[lid];
}
