/*
 * gpu_jfa_reduce.c - the runner of "jfa-reduce" (kernels in jfa_reduce.cl):
 * the count scan of the flags (gpu__count_scan), the load, K passes
 * between two scratch buffers (gpu__pingpong), the finish. K = ceil(log_b
 * m) depends on m, the largest partition, which the gist takes as known;
 * the host reads it off the flags it uploads. The tuned runner runs every
 * pass of a tile in local memory in one launch (jfa_tile), when the passes'
 * reach H = b^K - 1 leaves a tile of H or more in a window (3H + 1 <= the
 * window: m <= 1024 with 3 or 7 samples in the default 4096), else the
 * teaching passes. Its shape, --per-proc elements a work-item in groups of
 * --group, is a parameter, to sweep on a GPU.
 */
#include "gpuint.h"

extern const algo algo_jfa_reduce;

/* Scratch slots: the count scan takes 0 (f) and its levels from 1 on. */
enum {
	SLOT_C0 = GPU_SLOT_LOOKBACK - 2,
	SLOT_C1
};

#define JFA_WG_CAP 256

typedef struct pass_args {
	cl_kernel k;
	size_t l, n;
	unsigned K, b;
	int pick;
	cl_mem f;
} pass_args;

static int pass(gpu_ctx *c, unsigned p, cl_mem src, cl_mem dst, const void *user)
{
	const pass_args *a = user;
	unsigned s = 1;
	for (unsigned j = p + 1; j < a->K; j++)
		s *= a->b;
	return gpu__launch(c, a->k, GPU_DIV_UP(a->n, a->l) * a->l, a->l, "mmmmuuui", src, dst, a->f,
			   c->flags[0], (unsigned)a->n, s, a->b, a->pick);
}

/* K = ceil(log_b m), m the job's largest partition (element 0 always
 * starts one). */
static unsigned passes(const gpu_job *job, unsigned b)
{
	size_t n = job->in[0].n, m = 0, start = 0;
	unsigned K = 0;
	for (size_t i = 1; i <= n; i++)
		if (i == n || (job->in[0].flags && job->in[0].flags[i])) {
			if (i - start > m)
				m = i - start;
			start = i;
		}
	for (size_t span = 1; span < m; span *= b)
		K++;
	return K;
}

/* What both runners start with: the job's n, refused past the kernels'
 * INT32_MAX (-1, with the message in c), the base b of the steps (2 with
 * --samples 3, 4 with 7) and the passes K. Returns 1 to run, 0 when there
 * is nothing to run (no elements), or -1. */
static int jfa_start(gpu_ctx *c, size_t *n, unsigned *b, unsigned *K)
{
	const gpu_job *job = c->job;
	*n = job->in[0].n;
	if (*n == 0)
		return 0;
	if (*n > INT32_MAX) {
		snprintf(c->err, c->errlen, "jfa-reduce of %zu elements: the kernels take %d", *n,
			 INT32_MAX);
		return -1;
	}
	*b = job->params->v[algo_param_index(job->algo, "samples")] == 1 ? 4 : 2;
	*K = passes(job, *b);
	return 1;
}

static int jfa_reduce(gpu_ctx *c)
{
	static const char *const names[] = {"jfa_load", "jfa_pass", "jfa_finish"};
	static const size_t local[] = {0, 0, 0};
	cl_kernel k[3];
	const algo_params *p = c->job->params;
	size_t n;
	unsigned b, K;
	int go = jfa_start(c, &n, &b, &K);
	if (go <= 0)
		return go;
	cl_mem f, total, result;
	size_t l = gpu__kernels(c, 3, names, local, JFA_WG_CAP, k);
	if (!l || gpu__count_scan(c, c->flags[0], GPU_COUNT_FLAGS, &f, &total))
		return -1;
	cl_mem c0 = gpu__scratch(c, SLOT_C0, n), c1 = gpu__scratch(c, SLOT_C1, n);
	pass_args pa = {
	    .k = k[1], .l = l, .n = n, .K = K, .b = b, .pick = p->op == PRAM_OP_SUM, .f = f};
	if (!c0 || !c1 ||
	    gpu__launch(c, k[0], GPU_DIV_UP(n, l) * l, l, "mmui", c->in[0], c0, (unsigned)n,
			p->count) ||
	    gpu__pingpong(c, K, pass, &pa, c0, c0, c1, &result))
		return -1;
	return gpu__launch(c, k[2], GPU_DIV_UP(n, l) * l, l, "mmmmmu", result, f, c->flags[0],
			   c->out[0], c->out[1], (unsigned)n);
}

/* Scratch slots of the tuned runner: the word counts, their scan, and the
 * scan's levels from SLOT_WLEVELS on. */
enum {
	SLOT_WCNT = 0,
	SLOT_WPRE,
	SLOT_WLEVELS
};

/* The default shape of jfa_tile: 8 elements a work-item (--per-proc), up
 * to 512 work-items a group (--group), a window of 4096 elements. Three
 * registers an element: 16 a work-item took about 100 registers on sm_90
 * (a quarter of the warps resident), 8 about 53. */
#define JT_PP 8
#define JT_WG 512

static int jfa_tuned(gpu_ctx *c)
{
	static const char *const names[] = {"flag_word_counts", "jfa_tile"};
	cl_kernel k[2];
	const gpu_job *job = c->job;
	const algo_params *p = job->params;
	size_t n;
	unsigned b, K;
	int go = jfa_start(c, &n, &b, &K);
	if (go <= 0)
		return go;
	size_t H = 1;
	for (unsigned j = 0; j < K && H <= n; j++)
		H *= b;
	H -= 1;
	/* A work-item's local memory: PP values and the window's words (five
	 * uints a 32 elements, rounded up). */
	size_t PP = c->per_proc, G = (size_t)gpu__param_given(job, "group");
	const size_t local[] = {0, PP * 4 + (5 * PP * 4 + 31) / 32 + 1};
	size_t L = gpu__kernels(c, 2, names, local, G ? G : JT_WG, k);
	if (!L || !gpu__group_is(c, G, L, PP, "elements"))
		return -1;
	size_t W = PP * L, nw = GPU_DIV_UP(W, 32);
	/* A reach that leaves less than H of the window for the tile: the
	 * passes one launch each. */
	if (W < 3 * H + 1)
		return jfa_reduce(c);
	size_t TL = W - 2 * H, words = GPU_DIV_UP(n, 32);
	cl_mem total, cnt = gpu__scratch(c, SLOT_WCNT, words),
		      wpre = gpu__scratch(c, SLOT_WPRE, words);
	if (!cnt || !wpre ||
	    gpu__launch(c, k[0], GPU_DIV_UP(words, L) * L, L, "mmu", c->flags[0], cnt,
			(unsigned)words) ||
	    gpu__block_scan(c, "count_block", "count_add", 1, cnt, 0, wpre, words, SLOT_WLEVELS,
			    &total))
		return -1;
	return gpu__launch(c, k[1], GPU_DIV_UP(n, TL) * L, L, "mmmmmuuuuiiull", c->in[0],
			   c->flags[0], wpre, c->out[0], c->out[1], (unsigned)n, (unsigned)H, K, b,
			   p->op == PRAM_OP_SUM, p->count, (unsigned)TL, W * 4, nw * 5 * 4);
}

const gpu_algo gpu_jfa_reduce = {
    .algo = &algo_jfa_reduce,
    .file = "jfa_reduce.cl",
    .variant = {[GPU_TEACHING] = {.run = jfa_reduce},
		[GPU_TUNED] = {.run = jfa_tuned, .takes_per_proc = 1, .default_pp = JT_PP}},
    .out = GPU_OUT_DECL,
    .flags = 1,
};
