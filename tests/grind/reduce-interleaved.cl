/* reduce-interleaved.cl - a right reduction that a GPU runs slowly, for
 * the memory notes of pram check (tests/grind/memory-report.sh). Each
 * work-item loads the element of its transposed place, j = 8 (lid mod 8) +
 * lid / 8 at L = 64, so a sub-group of 32 touches words 0-3, 8-11, ...,
 * 56-59 of its block: 8 sectors where 4 would do. The tree then halves with
 * interleaved addressing, k = 2 s lid: neighbouring work-items 2s words
 * apart, so at L = 64 (tmp of 64 words) every level but the last is 2-way
 * bank-conflicted. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t j = L >= 64 ? (lid % 8) * (L / 8) + lid / 8 : lid;
	size_t i = get_group_id(0) * L + j;
	tmp[j] = i < n ? in[i] : 0; /* transposed: 8 sectors a request */
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = 1; s < L; s *= 2) {
		size_t k = 2 * s * lid;
		if (k < L)
			tmp[k] += tmp[k + s]; /* 2-way at L = 64 */
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = tmp[0];
}
