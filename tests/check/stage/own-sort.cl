/* A cheat: ignore the project's digits and scan, and let work-item 0 do
 * the pass's counting sort alone (4 digits of 2 bits, recounted from the
 * keys). Right results only if the pass's digit is found from the keys,
 * which it cannot know: it sorts by the low 2 bits every pass, so the
 * keys end sorted by those alone. */
kernel void radix_scatter(global const uint *keys, global const uint *vals,
			  global const uint *digit, global const uint *pos, global uint *keys_out,
			  global uint *vals_out, uint n, uint vmode)
{
	if (get_global_id(0) != 0)
		return;
	uint at = 0;
	for (uint d = 0; d < 4; d++)
		for (uint i = 0; i < n; i++)
			if ((keys[i] & 3) == d) {
				keys_out[at] = keys[i];
				if (vmode == 0)
					vals_out[at] = vals[i];
				else if (vmode == 1)
					vals_out[at] = i;
				at++;
			}
}
