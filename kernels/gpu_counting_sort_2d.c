/*
 * gpu_counting_sort_2d.c - the runner of "counting-sort-2d" (kernels in
 * counting_sort_2d.cl): a clear, then the post's two passes, each over a
 * 2-D range of work-items, one per (element, cell) pair: n x m of them in
 * pass 1, n x (m - 1) in pass 2.
 *
 * The post ends on the catch: "my graphics card also has a maximum work
 * group size of 1024 elements ... accessed as a 32x32 grid", and only two
 * groups run at once, so "moving to a two-dimensional work item size means
 * we need more threads than a modern GPU can provide". The range itself
 * meets three limits here:
 *
 *   the work-group  lx x ly work-items, lx ly at most the device's and the
 *                   kernels' work-group size (CL_DEVICE_MAX_WORK_GROUP_SIZE,
 *                   CL_KERNEL_WORK_GROUP_SIZE, and the user's --max-group)
 *                   and each side at most CL_DEVICE_MAX_WORK_ITEM_SIZES of
 *                   its dimension: lx takes up to 32 (a warp along the
 *                   keys, which then load as one), ly the rest;
 *   dimension 1     OpenCL 1.2 bounds a global size by size_t alone, but
 *                   a GPU runs the range as a grid of groups, and NVIDIA's
 *                   grid holds at most 65535 groups in its second dimension:
 *                   a launch takes at most 65535 ly cells;
 *   the launch      at most 2^24 work-items, so that one launch stays short
 *                   (a display GPU's watchdog kills long kernels) and the
 *                   pairs of a launch are far below the 2^32 that 32-bit
 *                   ids and a GPU's per-launch counters allow; n m itself
 *                   reaches 2^36 (2^20 keys, key-range 2^16).
 *
 * So the pairs are cut into tiles of tx x ty, tx a multiple of lx up to
 * 2^24 / ly, ty a multiple of ly up to 2^24 / tx and 65535 ly, and each
 * pass launches every tile in turn, with its first element and cell as
 * arguments (the kernels add them to their ids). With 2^20 keys and 256
 * cells that is 16 launches per pass. What the device cannot hold at once
 * runs one tile after another: the post's context switching, made explicit.
 */
#include "gpuint.h"

extern const algo algo_counting_sort_2d;

#define C2D_WG_CAP      256
#define C2D_MAX_ITEMS   ((size_t)1 << 24)
#define C2D_MAX_GROUPS1 ((size_t)65535)

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* How one pass's range is tiled. */
typedef struct tiling {
	size_t local[2]; /* lx, ly */
	size_t tx, ty;   /* a tile's work-items in each dimension */
} tiling;

/* Launch k over the n x rows pairs of one pass, tile by tile: its
 * arguments are a, b, n, m, then the tile's first element and cell. */
static int pass(gpu_ctx *c, cl_kernel k, const tiling *t, cl_mem a, cl_mem b, size_t n, size_t m,
		size_t rows)
{
	for (size_t h0 = 0; h0 < rows; h0 += t->ty)
		for (size_t i0 = 0; i0 < n; i0 += t->tx) {
			size_t global[2] = {
			    min_size(t->tx, GPU_DIV_UP(n - i0, t->local[0]) * t->local[0]),
			    min_size(t->ty, GPU_DIV_UP(rows - h0, t->local[1]) * t->local[1])};
			if (gpu__launch_2d(c, k, global, t->local, "mmuuuu", a, b, (unsigned)n,
					   (unsigned)m, (unsigned)i0, (unsigned)h0))
				return -1;
		}
	return 0;
}

static int c2d(gpu_ctx *c)
{
	static const char *const names[] = {"c2d_clear", "c2d_pass1", "c2d_pass2"};
	static const size_t local[] = {0, 0, 0};
	cl_kernel k[3];
	size_t n = c->job->in[0].n, sizes[16] = {0};
	size_t m = (size_t)c->job->params->v[algo_param_index(c->job->algo, "key-range")];
	if (n == 0)
		return 0;
	size_t l = gpu__kernels(c, 3, names, local, C2D_WG_CAP, k);
	if (!l)
		return -1;
	CL_CHECK(clGetDeviceInfo(clrt_device(c->rt), CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes,
				 sizes, NULL),
		 c->err, c->errlen);
	tiling t;
	t.local[0] = min_size(l, 32);
	while (sizes[0] && t.local[0] > sizes[0])
		t.local[0] /= 2;
	t.local[1] = l / t.local[0];
	while (sizes[1] && t.local[1] > sizes[1])
		t.local[1] /= 2;
	t.tx = min_size(GPU_DIV_UP(n, t.local[0]), C2D_MAX_ITEMS / t.local[1] / t.local[0]) *
	       t.local[0];
	size_t ty = min_size(min_size(GPU_DIV_UP(m, t.local[1]), C2D_MAX_GROUPS1),
			     C2D_MAX_ITEMS / t.tx / t.local[1]);
	t.ty = (ty ? ty : 1) * t.local[1];
	cl_mem hist = gpu__scratch(c, 0, m);
	if (!hist || gpu__launch(c, k[0], GPU_DIV_UP(m + n, l) * l, l, "mmuu", hist, c->out[0],
				 (unsigned)m, (unsigned)n))
		return -1;
	if (pass(c, k[1], &t, c->in[0], hist, n, m, m) ||
	    pass(c, k[2], &t, hist, c->out[0], n, m, m - 1))
		return -1;
	return 0;
fail:
	return -1;
}

const gpu_algo gpu_counting_sort_2d = {
    .algo = &algo_counting_sort_2d,
    .file = "counting_sort_2d.cl",
    .variant = {[GPU_TEACHING] = {.run = c2d}},
};
