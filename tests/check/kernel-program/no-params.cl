/* expect: compile-error 5
 * The kernel leaves out the contract's last two arguments (n and bins) and
 * takes them for constants: refused before any case runs, with the
 * contract's signature. */
kernel void histogram(global const int *x, global int *counts, local int *hist)
{
	size_t gid = get_global_id(0);
	if (gid < 100)
		atomic_inc(&counts[x[gid] & 7]);
}
