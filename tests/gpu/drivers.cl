/*
 * drivers.cl - tiny kernels for test-drivers.c, which runs the host
 * runtime's drivers (kernels/gpuint.h) with them: each writes what a wrong
 * driver would get wrong. OpenCL C 1.2.
 */

/* One pass of the ping-pong test: dst[i] = 3 src[i] + pass + 1, so the
 * result after k passes says which passes ran, in which order, on which
 * data. (Not named step: OpenCL C has a built-in of that name.) */
kernel void pingpong_step(global const uint *src, global uint *dst, uint n, uint pass)
{
	size_t i = get_global_id(0);
	if (i < n)
		dst[i] = 3u * src[i] + pass + 1u;
}

/* The 2-D launch test: every work-item of a w x h range writes its
 * coordinates, and work-item (0, 0) the shape of the launch. */
kernel void coords(global uint *out, global uint *shape, uint w, uint h)
{
	size_t x = get_global_id(0), y = get_global_id(1);
	if (x < w && y < h)
		out[y * w + x] = (uint)(y << 16 | x);
	if (x == 0 && y == 0) {
		shape[0] = get_local_size(0);
		shape[1] = get_local_size(1);
		shape[2] = get_num_groups(0);
		shape[3] = get_num_groups(1);
		shape[4] = get_work_dim();
	}
}

/* The multi-level test's block pass: the sum of each block of L elements
 * (one per work-item) into totals[group], a tree in s (L elements). */
kernel void block_sum(global const uint *src, global uint *totals, uint m, local uint *s)
{
	uint lid = get_local_id(0), L = get_local_size(0);
	size_t i = get_global_id(0);
	s[lid] = i < m ? src[i] : 0u;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint st = L / 2; st > 0; st >>= 1) {
		if (lid < st)
			s[lid] += s[lid + st];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		totals[get_group_id(0)] = s[0];
}

/* The multi-level test's scan: the exclusive sum-scan of each block of L
 * elements, serially by work-item 0 (slow and plainly right), in place when
 * dst is src; the block's total to totals[group]. */
kernel void block_scan(global const uint *src, global uint *dst, global uint *totals, uint m)
{
	uint L = get_local_size(0);
	size_t base = get_group_id(0) * (size_t)L;
	if (get_local_id(0) != 0)
		return;
	uint acc = 0;
	for (uint j = 0; j < L && base + j < m; j++) {
		uint x = src[base + j];
		dst[base + j] = acc;
		acc += x;
	}
	totals[get_group_id(0)] = acc;
}

/* Its add-back: a[i] += offs[i / block]. */
kernel void add_back(global uint *a, global const uint *offs, uint m, uint block)
{
	size_t i = get_global_id(0);
	if (i < m)
		a[i] += offs[i / block];
}
