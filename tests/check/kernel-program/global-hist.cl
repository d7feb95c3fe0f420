/* expect: compile-error 4
 * The private histogram declared global: the launch gives a local array
 * there, and the checker says so before any case runs. */
kernel void histogram(global const int *x, global int *counts, global int *hist, uint n,
		      int bins)
{
	size_t gid = get_global_id(0);
	if (gid < n && x[gid] >= 0 && x[gid] < bins)
		atomic_inc(&counts[x[gid]]);
}
