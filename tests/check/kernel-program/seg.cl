/* Work-item i sums the elements of its segment before it: a flag bit
 * (bit j % 32 of word j / 32) set at j + 1 means element j is in an
 * earlier segment. A loop per element: right, not fast. */
kernel void seg(global const int *x, global const uint *x_flags, global int *y, uint n)
{
	size_t i = get_global_id(0);
	if (i >= n)
		return;
	int s = 0;
	for (size_t j = i; j-- > 0 && !((x_flags[(j + 1) / 32] >> ((j + 1) % 32)) & 1);)
		s += x[j];
	y[i] = s;
}
