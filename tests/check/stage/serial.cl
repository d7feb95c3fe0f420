/* A cheat: work-item 0 scatters every key in a loop, the others idle.
 * Right results; D grows as n (the depth criterion must fail it). */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	if (get_global_id(0) != 0)
		return;
	for (uint i = 0; i < n; i++) {
		uint at = pos[digit[i] * (size_t)n + i];
		keys_out[at] = keys[i];
		if (vmode == 0)
			vals_out[at] = vals[i];
		else if (vmode == 1)
			vals_out[at] = i;
	}
}
