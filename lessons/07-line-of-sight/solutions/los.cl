/*
 * los.cl - the line of sight over each work-group's block of L points, as
 * seen from the block's first point (its eye 1 above the terrain there,
 * H = x[lo] + 1): the notes' algorithm on the block, in local memory.
 *
 *   angles  a[k] = (x[lo + k] - H) / k, the tangent of the angle point k of
 *           the block makes with the eye (tangents order the points as the
 *           angles do); the first point gets -infinity, so that it hides
 *           nothing, and so do the points past n
 *   scan    the exclusive max-scan of a: the steepest angle before point
 *           k, from the inclusive one (Hillis-Steele, in place in tmp:
 *           each work-item reads the angle d before it into a register,
 *           then all write after a barrier) read one to the left
 *   test    y[i] = 1 when the steepest angle before point k is below its
 *           own; the first point sees itself
 *
 * The angles are floats, held in tmp by their bits (as_int, as_float).
 * The height differences are whole numbers, exact in a float below 2^24,
 * and a correctly rounded division keeps the order of two tangents, so
 * the test decides as the reference's doubles do unless two different
 * tangents round to one float: with k < 256 they differ by at least
 * 1/65025, many float steps apart at the generator's slopes.
 * W = O(L log L), D = O(log L) a work-group.
 */
kernel void line_of_sight(global const int *x, global int *y, local int *tmp, uint n)
{
	size_t lid = get_local_id(0), L = get_local_size(0);
	size_t lo = get_group_id(0) * L, i = lo + lid;
	float a = -INFINITY;
	if (lid > 0 && i < n) {
		int eye = x[lo] + 1; /* every work-item reads the same word: one request */
		a = (float)(x[i] - eye) / (float)lid;
	}
	tmp[lid] = as_int(a);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < L; d *= 2) {
		float b = lid >= d ? as_float(tmp[lid - d]) : -INFINITY;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] = as_int(fmax(as_float(tmp[lid]), b));
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	float before = lid > 0 ? as_float(tmp[lid - 1]) : -INFINITY;
	if (i < n)
		y[i] = lid == 0 || before < a;
}
