/*
 * gpu_histogram_atomic.c - the runner of "histogram-atomic" (kernels in
 * histogram_atomic.cl): a launch that clears the m global counts, then the
 * post's kernel over the n records in work-groups of G (--group, else the
 * largest up to 256 the device takes), each group with its private
 * histogram in local memory. When the m counts do not fit a work-group's
 * local memory (more than about 12000 bins in an NVIDIA GPU's 48 KiB) the
 * records go straight to the global counts instead.
 *
 * The tuned variant runs histogram_atomic_tuned over at most one wave of
 * groups of 256, with TUNED_COPIES private histograms each (fewer when
 * they would pass TUNED_LOCAL bytes; the global counts straight again when
 * one does), in one launch: the last group to finish writes the counts.
 * It picks its own groups: --group is the teaching kernel's. On
 * an H100 at 2^26 records in 256 bins the teaching kernel takes 2.55 ms
 * (105 GB/s), whatever the distribution; the tuned one 0.10 to 0.11 ms
 * (2.5 to 2.75 TB/s), all records equal included.
 */
#include "gpuint.h"

extern const algo algo_histogram_atomic;

/* Cap on the work-group size when --group does not say: the post's groups,
 * and enough of them resident per compute unit. */
#define ATOMIC_WG_CAP 256

/* The tuned kernel: private copies of the histogram per work-group, at most
 * TUNED_LOCAL bytes of them, and at least TUNED_PER_ITEM records per
 * work-item before a wave of groups is full. Measured on an H100 with 256
 * bins and groups of 256: at 2^26 records 1 to 8 copies run alike (the
 * loads bound it), 16 and 32 lose occupancy (0.15 ms against 0.10); at
 * 2^20, in L2, 4 copies are as fast as 1 to 2 and 8 loses up to a fifth
 * on sorted and skewed records. */
#define TUNED_COPIES   4
#define TUNED_LOCAL    32768
#define TUNED_PER_ITEM 16
/* Copies of the global counts the groups add into (histogram_atomic.cl
 * says why), at most TUNED_SPREAD_WORDS words of them: on an H200 at 2^24
 * records in 256 bins 0.0271 ms with 8 against 0.0322 with one (floats;
 * 4 alike, 2 0.0285), at 2^28 0.260 against 0.266. */
#define TUNED_SPREAD       8
#define TUNED_SPREAD_WORDS 65536

/* The number of bins, checked against the output's room. 0 with a message
 * when they differ. */
static unsigned bins(gpu_ctx *c)
{
	unsigned m = (unsigned)c->job->params->v[algo_param_index(c->job->algo, "bins")];
	if (c->job->out[0].n != m) {
		snprintf(c->err, c->errlen, "the output has %zu counts for %u bins",
			 c->job->out[0].n, m);
		return 0;
	}
	return m;
}

/* Clear the m global counts. */
static int clear(gpu_ctx *c, unsigned m)
{
	cl_kernel k = gpu__kernel(c, "histogram_atomic_clear");
	size_t L = k ? gpu__lsize(c, k, ATOMIC_WG_CAP, 0) : 0;
	if (!L)
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(m, L) * L, L, "mu", c->out[0], m);
}

/* Every record's own atomic on the global counts. */
static int direct(gpu_ctx *c, unsigned m)
{
	size_t n = c->job->in[0].n;
	cl_kernel k = gpu__kernel(c, "histogram_atomic_direct");
	size_t L = k ? gpu__lsize(c, k, ATOMIC_WG_CAP, 0) : 0;
	if (!L)
		return -1;
	return gpu__launch(c, k, GPU_DIV_UP(n, L) * L, L, "mmuu", c->in[0], c->out[0], (unsigned)n,
			   m);
}

static int atomic_teaching(gpu_ctx *c)
{
	size_t n = c->job->in[0].n, G = (size_t)gpu__param_given(c->job, "group"), L;
	unsigned m = bins(c);
	if (!m || clear(c, m))
		return -1;
	if (n == 0)
		return 0;
	if ((unsigned long)m * 4 > clrt_local_mem(c->rt))
		return direct(c, m);
	cl_kernel k = gpu__kernel(c, "histogram_atomic");
	if (!k)
		return -1;
	if (G) {
		/* The program's groups need no power of two. */
		size_t most = gpu__lsize(c, k, (size_t)1 << 30, 0);
		if (!most)
			return -1;
		if (G > most) {
			snprintf(c->err, c->errlen,
				 "--group %zu: this device and kernel take work-groups of at most "
				 "%zu",
				 G, most);
			return -1;
		}
		L = G;
	} else if (!(L = gpu__lsize(c, k, ATOMIC_WG_CAP, 0))) {
		return -1;
	}
	return gpu__launch(c, k, GPU_DIV_UP(n, L) * L, L, "mmuul", c->in[0], c->out[0], (unsigned)n,
			   m, (size_t)m * 4);
}

static int atomic_tuned(gpu_ctx *c)
{
	size_t n = c->job->in[0].n;
	unsigned m = bins(c);
	if (!m)
		return -1;
	unsigned long budget = clrt_local_mem(c->rt);
	if (budget > TUNED_LOCAL)
		budget = TUNED_LOCAL;
	if (n == 0 || (unsigned long)m * 4 > budget)
		return clear(c, m) || (n > 0 && direct(c, m)) ? -1 : 0;
	cl_kernel k = gpu__kernel(c, "histogram_atomic_tuned");
	size_t L = k ? gpu__lsize(c, k, ATOMIC_WG_CAP, 0) : 0;
	if (!L)
		return -1;
	unsigned copies = TUNED_COPIES;
	while (copies > 1 && ((unsigned long)copies * m * 4 > budget || copies > L))
		copies /= 2;
	size_t groups = GPU_DIV_UP(n, L * TUNED_PER_ITEM), most = gpu__groups(c, L);
	if (groups > most)
		groups = most;
	unsigned spread = TUNED_SPREAD;
	while (spread > 1 && ((size_t)spread * m > TUNED_SPREAD_WORDS || spread > groups))
		spread /= 2;
	/* Zeros when made, and left zero by the last group of each run. */
	cl_mem acc = gpu__scratch_zeroed(c, 0, (size_t)spread * m),
	       done = gpu__scratch_zeroed(c, 1, 1);
	if (!acc || !done)
		return -1;
	return gpu__launch(c, k, groups * L, L, "mmuuulmmu", c->in[0], c->out[0], (unsigned)n, m,
			   copies, (size_t)copies * m * 4, acc, done, spread);
}

const gpu_algo gpu_histogram_atomic = {
    .algo = &algo_histogram_atomic,
    .file = "histogram_atomic.cl",
    .variant = {[GPU_TEACHING] = {.run = atomic_teaching}, [GPU_TUNED] = {.run = atomic_tuned}},
    .out = GPU_OUT_DECL,
};
