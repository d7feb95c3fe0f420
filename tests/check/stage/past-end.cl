/* A slip: the work-items past n scatter too, reading digit and pos past
 * their ends and writing wherever that points. */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	size_t i = get_global_id(0);
	uint at = pos[digit[i] * (size_t)n + i];
	if (at < n) {
		keys_out[at] = keys[i];
		if (vmode == 0)
			vals_out[at] = vals[i];
		else if (vmode == 1)
			vals_out[at] = (uint)i;
	}
}
