/*
 * los.cl - starter for line-of-sight-kernel: it builds and runs, but calls
 * every point visible. Make y[i] = 1 when point i can be seen from the
 * first point of its work-group's block of L points (lo, its eye at H =
 * x[lo] + 1), else 0: compute each point's angle as a tangent, (x[i] - H)
 * / (i - lo) in float (-infinity for the first point, which sees itself),
 * keep the angles in tmp (L ints of local memory: as_int and as_float
 * carry a float's bits), max-scan them there, and test each point against
 * the steepest angle before it (an exclusive scan: the inclusive one read
 * one to the left). O(L log L) work and O(log L) depth a work-group.
 */
kernel void line_of_sight(global const int *x, global int *y, local int *tmp, uint n)
{
	size_t i = get_global_id(0);
	(void)x, (void)tmp;
	if (i < n)
		y[i] = 1;
}
