/* expect: depth
 * A cheat: the first work-item counts every record alone, the others idle.
 * Its counts are right; the PRAM view charges its loop (D grows as L). */
kernel void histogram(global const int *x, global int *counts, local int *hist, uint n,
		      int bins)
{
	if (get_global_id(0) != 0)
		return;
	for (uint i = 0; i < n; i++)
		if (x[i] >= 0 && x[i] < bins)
			counts[x[i]]++;
}
