/*
 * gpu_reduce.c - the runners of "reduce" (kernels in reduce.cl): the
 * teaching tree, run level by level until one value is left (the
 * multi-level driver without an add-back), and the tuned grid-stride
 * reduction in one launch: one group, or many, which on integers add their
 * results into an accumulator by atomics and on floats leave them to the
 * last group to finish. For n = 0 both write the operator's identity,
 * since every work-item then loads the identity.
 */
#include "gpuint.h"

extern const algo algo_reduce;

/* Cap on the work-group size: 256 keeps several groups resident per
 * compute unit on GPUs; CPUs gain nothing from larger groups. */
#define REDUCE_WG_CAP 256

/* reduce_tree: in, the group results, n and L elements of local memory. */
static int tree_args(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv)
{
	return gpu__args(c, ml->block, "mmul", lv->src, lv->totals, (unsigned)lv->m,
			 ml->lblock * 4);
}

static int reduce_teaching(gpu_ctx *c)
{
	cl_kernel k = gpu__kernel(c, "reduce_tree");
	if (!k)
		return -1;
	size_t L = gpu__lsize(c, k, REDUCE_WG_CAP, 4);
	if (L == 0)
		return -1;
	if (L < 2) {
		snprintf(c->err, c->errlen, "the tree reduction needs work-groups of 2 or more");
		return -1;
	}
	/* No add-back: the levels alternate two scratch buffers, each reading
	 * the one the level below wrote, and the top one's total is the result. */
	gpu_multilevel ml = {
	    .block = k, .lblock = L, .per_block = L, .total_words = 1, .block_args = tree_args};
	return gpu__multilevel(c, &ml, c->in[0], NULL, c->job->in[0].n, &c->result[0], NULL);
}

/* Integers: reduce_accumulate, each group's result combined into an
 * accumulator by one atomic, in scratch slot 3 + (run % 2): the host sets
 * the first run's to the identity, and each run sets the next run's. So
 * the run before the last leaves the last one's at the identity, and
 * gpu_run's poison before the last run lands in the accumulator that run
 * sets for the run after it: a last run that adds nothing leaves the
 * identity, which fails the check unless the answer is the identity. A
 * max or min comes out the same however often a run's parts are added
 * again, a sum does not (tests/bench.sh, tests/gpu/faults.sh). On an
 * H200, sums of u32: 0.0030, 0.0182 and 0.2337 ms at 2^20, 2^24 and 2^28,
 * where reduce_onepass took 0.0048, 0.0207 and 0.2370 (CUB 0.0047, 0.0204
 * and 0.2362; bench/h100/tuning.md, 2026-11-30). */
static int accumulate(gpu_ctx *c, size_t groups, size_t L)
{
	cl_kernel k = gpu__kernel(c, "reduce_accumulate");
	unsigned now = c->runs % 2;
	cl_mem acc = gpu__scratch(c, 3 + now, 1), next = gpu__scratch(c, 4 - now, 1);
	if (!k || !acc || !next)
		return -1;
	/* The host sets this run's accumulator in the first run, and after a
	 * launch that went missing (gpu__enqueue's error or the tests' lost
	 * launch), which left it as the run before last made it. */
	if (c->runs == 0 || c->lb_lost) {
		pram_op op = c->job->params->op;
		int32_t ident = op == PRAM_OP_MAX ? INT32_MIN : op == PRAM_OP_MIN ? INT32_MAX : 0;
		if (gpu__fill(c, acc, (uint32_t)ident, 1))
			return -1;
		c->lb_lost = 0;
	}
	c->result[0] = acc;
	return gpu__launch(c, k, groups * L, L, "mmmul", c->in[0], acc, next,
			   (unsigned)c->job->in[0].n, L * 4);
}

static int reduce_tuned(gpu_ctx *c)
{
	cl_kernel k = gpu__kernel(c, "reduce_tuned");
	if (!k)
		return -1;
	size_t L = gpu__lsize(c, k, REDUCE_WG_CAP, 4);
	if (L == 0)
		return -1;
	size_t n = c->job->in[0].n;
	/* At least 16 elements per work-item, at most one wave of groups. */
	size_t groups = GPU_DIV_UP(n, L * 16);
	size_t most = gpu__groups(c, L);
	if (groups > most)
		groups = most;
	if (groups == 0)
		groups = 1;
	/* Zeros when made: reduce_onepass writes the groups' results by
	 * atomic exchanges (but on NVIDIA), which read the words they
	 * replace. */
	cl_mem part = gpu__scratch_zeroed(c, 0, groups);
	if (!part)
		return -1;
	if (groups == 1) {
		c->result[0] = part;
		return gpu__launch(c, k, L, L, "mmul", c->in[0], part, (unsigned)n, L * 4);
	}
	if (c->job->params->type == PRAM_INT)
		return accumulate(c, groups, L);
	/* One launch: the last group to finish reduces the groups' results
	 * (reduce.cl), where a second launch over them took longer than the
	 * work it did. */
	cl_kernel one = gpu__kernel(c, "reduce_onepass");
	cl_mem fin = gpu__scratch(c, 1, 1), done = gpu__scratch_zeroed(c, 2, 1);
	/* gpu_run fills fin (c->result) before the last run: a run whose last
	 * group never came (a count not set back to 0) reads as a wrong
	 * result, not as the run before's. */
	if (!one || !fin || !done ||
	    gpu__launch(c, one, groups * L, L, "mmmmul", c->in[0], part, fin, done, (unsigned)n,
			L * 4))
		return -1;
	c->result[0] = fin;
	return 0;
}

const gpu_algo gpu_reduce = {
    .algo = &algo_reduce,
    .file = "reduce.cl",
    .variant = {[GPU_TEACHING] = {.run = reduce_teaching}, [GPU_TUNED] = {.run = reduce_tuned}},
    .out = GPU_OUT_ONE,
};
