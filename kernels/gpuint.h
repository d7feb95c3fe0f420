/*
 * gpuint.h - what gpu.c shares with the runners, one gpu_X.c per algorithm
 * X (its kernels in X.cl): the state of one gpu_run call, the helpers that
 * create kernels and scratch buffers and enqueue timed launches, the
 * drivers (multilevel.c, pingpong.c), the scans several runners share
 * (gpu_scan_common.c) and the histopyramid's build and traversal
 * (gpu_histopyramid.c).
 *
 * Each gpu_X.c defines its algorithm's gpu_algo (gpu.h), whose runners
 * enqueue one complete run of a variant (every kernel of it) with
 * gpu__launch or the drivers, and set c->result to the buffer that holds
 * the output. gpu_run calls a runner once to warm up and then job->reps
 * times; kernels and scratch buffers are created on the first call and
 * reused after, and so are the runner's host checks of the inputs and its
 * choices from the data (c->runs is 0 in the first call, c->memo keeps
 * them): the inputs do not change between runs, and a run timed back to
 * back (clrt_set_batch) would wait for host work done again. A runner
 * reads the job's parameters in c->job->params.
 */
#ifndef PRAM_GPUINT_H
#define PRAM_GPUINT_H

#include "clrtint.h"
#include "gpu.h"

#define GPU_MAX_SCRATCH   42 /* buffers per run: one per scan level, at worst L = 2 */
#define GPU_SLOT_LOOKBACK (GPU_MAX_SCRATCH - 2) /* and the last: gpu__lookback_epoch's alone */
#define GPU_LB_EPOCH_MAX  ((1u << 30) - 1)      /* lookback.clh's epochs: 30 bits */
#define GPU_MAX_KERNELS   8                     /* kernels per algorithm */

typedef struct gpu_ctx {
	clrt *rt;
	const gpu_job *job;
	cl_program prog;
	unsigned per_proc;                  /* elements per work-item the program was built with */
	cl_mem in[ALGO_MAX_PORTS];          /* job->in[k].n elements each (at least one) */
	cl_mem out[ALGO_MAX_PORTS];         /* job->out[k].n elements each (at least one) */
	cl_mem result[ALGO_MAX_PORTS];      /* where each output is: out[k] unless the
					     * runner points it elsewhere */
	cl_mem flags[ALGO_MAX_PORTS];       /* job->in[k].flags packed 32 to a uint (flag_at
					     * in common.clh), or NULL where there are none */
	cl_mem count;                       /* set by runners whose first output's length
					     * depends on the data: its first uint holds it */
	cl_mem scratch[GPU_MAX_SCRATCH];    /* created on demand by gpu__scratch */
	size_t scratch_n[GPU_MAX_SCRATCH];  /* their sizes in elements */
	const char *kname[GPU_MAX_KERNELS]; /* kernels created so far ... */
	cl_kernel kern[GPU_MAX_KERNELS];    /* ... and their objects */
	cl_ulong klocal[GPU_MAX_KERNELS];   /* ... and the local memory each needs of
					     * itself, read before any argument was set */
	unsigned nkern;
	unsigned runs;     /* the job's runs enqueued before this one: 0 in the first (the
			    * warm-up), where a runner checks the inputs on the host and
			    * makes its choices from the data, which no later run changes */
	size_t memo[4];    /* those choices, for the later runs */
	cl_kernel stage;   /* the kernel of clrt_set_stage's program, once made */
	unsigned lb_epoch; /* gpu__lookback_epoch: the last run's epoch, */
	uint32_t lb_taken; /* the tickets its launches took (mod 2^32), */
	int lb_lost;       /* and whether a launch went missing since (the
			    * radix sort's runs read it too) */
	cl_event *ev;      /* events of the current run */
	cl_kernel *evk;    /* the kernel of each */
	size_t nev, evcap;
	int quiet;     /* launches take no events (a batch's runs) */
	size_t nquiet; /* and how many went so */
	char *err;     /* the caller's message buffer */
	size_t errlen;
} gpu_ctx;

/* The program's kernel `name`, created on first use and owned by c.
 * NULL with a message in c->err. */
cl_kernel gpu__kernel(gpu_ctx *c, const char *name);

/* Whether the device has 64-bit atomics (cl_khr_int64_base_atomics), which
 * the look-back's status words need; 0 with a message naming what (such
 * as "the single-pass scan") needs them and that the teaching kernels run
 * without. */
int gpu__has_lookback(gpu_ctx *c, const char *what);
/* The look-back state of a one-pass kernel over tiles tiles: their status
 * words (64 bits, two scratch elements each) in scratch slot slot and the
 * tile ticket in slot + 1, into *status and *ticket, both reset by init
 * (lookback.clh's onepass_init, in work-groups of li), enqueued. Returns
 * 0, or -1 with a message. */
int gpu__lookback_start(gpu_ctx *c, cl_kernel init, size_t li, size_t tiles, unsigned slot,
			cl_mem *status, cl_mem *ticket);

/* The look-back state of a one-launch run over tiles tiles (lookback.clh's
 * LOOKBACK_FUNCTIONS with onepass_tile): sets * tiles status words and the
 * ticket (scratch slots GPU_SLOT_LOOKBACK and the one after), the run's
 * epoch and the tickets taken before it, its base. The caller then
 * launches exactly tiles work-groups, each taking one ticket. The status
 * words are zero when made and again before the epoch would pass
 * GPU_LB_EPOCH_MAX, both with the ticket after a launch went missing
 * (gpu__enqueue's error or the tests' lost launch); nothing else clears
 * them. A kernel whose words have no room for the epoch takes two sets,
 * the epoch's parity picking the one a run uses and the run clearing its
 * tiles' words of the other (the segmented reduction). Returns 0, or -1
 * with a message. */
typedef struct gpu_lookback {
	cl_mem status, ticket;
	unsigned epoch, base;
} gpu_lookback;
int gpu__lookback_epoch(gpu_ctx *c, size_t tiles, unsigned sets, gpu_lookback *lb);

/* Scratch buffer number slot holding at least elems elements (of 4 bytes),
 * created on first use and owned by c. NULL with a message. */
cl_mem gpu__scratch(gpu_ctx *c, unsigned slot, size_t elems);
/* The same, all zeros when it is made; kept as it is when it already holds
 * elems (a kernel that leaves it as it found it, as a counter reset by its
 * last user, needs no clearing launch). */
cl_mem gpu__scratch_zeroed(gpu_ctx *c, unsigned slot, size_t elems);

/* Fill the first words words of m with word, by blocking writes from the
 * host in the queue (no event: not part of a run's time). Returns 0, or -1
 * with a message. */
int gpu__fill(gpu_ctx *c, cl_mem m, uint32_t word, size_t words);
/* Write words[0 .. n) into the start of m, by a blocking write from the
 * host in the queue (no event: not part of a run's time), as a runner
 * uploads what it made from the inputs in the first run (c->runs 0).
 * Returns 0, or -1 with a message. */
int gpu__write(gpu_ctx *c, cl_mem m, const uint32_t *words, size_t n);

/* The work-group size to run k with: the largest power of two no larger
 * than cap, the clrt's cap, the device's and the kernel's limits, and such
 * that bytes_per_item * size bytes of local memory fit beside the kernel's
 * own (its __local variables: for a kernel of gpu__kernel as it was before
 * any argument was set, since OpenCL counts the sizes given to its local
 * arguments by the last run too). 0 with a message when not even one
 * work-item fits. */
size_t gpu__lsize(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item);

/* The work-group size to run a tuned kernel k with: the job's --group G
 * when given, else gpu__lsize's largest up to cap. A G the device and
 * kernel cannot have is refused (0) with a message that says what they
 * take, with per_item `what`s a work-item ("points") when what is not
 * NULL. gpu__group_is makes that check of an L found otherwise. */
size_t gpu__group(gpu_ctx *c, cl_kernel k, size_t cap, size_t bytes_per_item, size_t per_item,
		  const char *what);
size_t gpu__group_is(gpu_ctx *c, size_t G, size_t L, size_t per_item, const char *what);

/* Create the nk kernels names[0 .. nk - 1] (static strings) into k and
 * return the largest work-group size, at most cap, that every one of them
 * takes, a work-item of kernel j needing local[j] bytes of local memory (as
 * gpu__lsize). 0 with a message. */
size_t gpu__kernels(gpu_ctx *c, unsigned nk, const char *const *names, const size_t *local,
		    size_t cap, cl_kernel *k);
/* The same for kernels that work in whole warps: from 32 work-items up,
 * the largest multiple of 32 that fits rather than a power of two (384 for
 * a cap of 384 on a device that runs 384); below 32 a power of two. */
size_t gpu__kernels_warps(gpu_ctx *c, unsigned nk, const char *const *names, const size_t *local,
			  size_t cap, cl_kernel *k);

/* Set k's arguments, one letter of args per argument, each taking one
 * variadic value: 'm' a cl_mem, 'u' an unsigned (passed as cl_uint), 'i' an
 * int (cl_int), 'l' a size_t number of bytes of local memory. Returns 0, or
 * -1 with a message. */
int gpu__args(gpu_ctx *c, cl_kernel k, const char *args, ...);

/* Enqueue k, its arguments set, over dims (1 or 2) dimensions of global
 * work-items in groups of local (each global[d] a multiple of local[d]),
 * recording its event for the timing. Returns 0, or -1 with a message. */
int gpu__enqueue(gpu_ctx *c, cl_kernel k, unsigned dims, const size_t *global, const size_t *local);

/* gpu__args then gpu__enqueue: k over global work-items in groups of local. */
int gpu__launch(gpu_ctx *c, cl_kernel k, size_t global, size_t local, const char *args, ...);

/* The same over a 2-D range: global[0] x global[1] work-items in groups of
 * local[0] x local[1] (global[d] a multiple of local[d]). */
int gpu__launch_2d(gpu_ctx *c, cl_kernel k, const size_t global[2], const size_t local[2],
		   const char *args, ...);

/* Work-groups that keep the device busy: compute units times the groups of
 * lsize work-items one of them runs at once (about 2048 work-items). */
size_t gpu__groups(const gpu_ctx *c, size_t lsize);

/* The value of the job's algorithm parameter name (its registry entry's
 * table) when the user gave it, else 0: the kernels' own choice. */
int64_t gpu__param_given(const gpu_job *job, const char *name);

/* Whether the user gave the job's algorithm parameter name, whatever its
 * value (0 included, which gpu__param_given cannot tell from none). */
int gpu__param_is_given(const gpu_job *job, const char *name);

/* ---- the multi-level driver (multilevel.c) ---------------------------
 *
 * A hierarchical pass over m elements, the notes' "Working on Arbitrary
 * Length Input": a block pass gives each block of per_block elements one
 * total; while there is more than one block, the totals are the next
 * level's elements (the pass runs on them in place); then, from the top
 * down, an optional add-back pass combines each level's scanned totals with
 * its blocks. A scan of any length is a block scan plus an add-back; a tree
 * reduction is a block reduction without one, its top total the result. */

#define GPU_MAX_LEVELS 32 /* with per_block >= 2, enough for 2^32 elements */

/* One level, as the driver hands it to the argument builders. */
typedef struct gpu_level {
	unsigned depth; /* 0: the caller's elements; d > 0: the totals of level d - 1 */
	cl_mem src;     /* the m elements the block pass reads */
	cl_mem dst;     /* where the passes write them: the caller's dst at depth 0,
			 * src itself above (in place) */
	size_t m;       /* elements of the level */
	size_t blocks;  /* ceil(m / per_block), at least 1 (also when m = 0) */
	cl_mem totals;  /* the blocks' totals, total_words words each (scratch) */
} gpu_level;

typedef struct gpu_multilevel gpu_multilevel;

/* Set the arguments of ml's block or add-back kernel for level lv (the
 * driver enqueues it). Returns 0, or -1 with a message. */
typedef int (*gpu_level_args)(gpu_ctx *c, const gpu_multilevel *ml, const gpu_level *lv);

struct gpu_multilevel {
	cl_kernel block;           /* the block pass: work-group g takes block g and
				    * writes its total to totals[g] */
	size_t lblock;             /* its work-group size */
	size_t per_block;          /* elements a block covers; at least 2 */
	size_t total_words;        /* 4-byte words one total takes (1; 2 for a double) */
	gpu_level_args block_args; /* its arguments */
	cl_kernel add;             /* the add-back, a work-item per element of the
				    * level; NULL: none */
	size_t ladd;               /* its work-group size */
	gpu_level_args add_args;   /* its arguments */
	unsigned slot;             /* the first scratch slot of the totals */
	int pyramid;               /* keep every level's totals (see gpu__multilevel) */
	const void *user;          /* for the argument builders */
};

/* The levels of one gpu__multilevel call, bottom up. */
typedef struct gpu_levels {
	unsigned n; /* levels; 1 when the m elements fit one block */
	gpu_level level[GPU_MAX_LEVELS];
} gpu_levels;

/* Enqueue ml over the m elements of src, the results going to dst (which
 * may be src, or NULL for a pass that writes only totals): the block pass at
 * every level from the bottom up, then the add-back, if ml has one, at every
 * level but the top from the top down. Level d's totals are scratch slot
 * ml->slot + d when there is an add-back (it needs them all) or ml->pyramid
 * is set; otherwise the levels alternate between slots ml->slot and
 * ml->slot + 1, since each reads only the one below. So with pyramid and no
 * add-back, every level's totals stay as the block pass wrote them: a
 * histopyramid. With an add-back, level d's totals end scanned by the
 * levels above. *top, when top is not NULL, is set to the top level's
 * totals, whose first total is that of all m elements; *levels, when not
 * NULL, receives every level. The buffers are owned by c. Returns 0, or -1
 * with a message in c->err. */
int gpu__multilevel(gpu_ctx *c, const gpu_multilevel *ml, cl_mem src, cl_mem dst, size_t m,
		    cl_mem *top, gpu_levels *levels);

/* ---- the ping-pong driver (pingpong.c) -------------------------------
 *
 * Iterated passes over two buffers swapped each pass (the digits of a radix
 * sort, the rounds of jump flooding): pass k reads what pass k - 1 wrote and
 * writes the other buffer. */

/* Enqueue pass number `pass` (every kernel of it), reading src and writing
 * dst. Returns 0, or -1 with a message in c->err. */
typedef int (*gpu_pass_fn)(gpu_ctx *c, unsigned pass, cl_mem src, cl_mem dst, const void *user);

/* Enqueue passes passes of fn: pass 0 reads src and writes b, and each pass
 * after it reads the buffer the pass before wrote and writes the other one
 * of a and b, so the passes write b, a, b, ... src may be a, so that a and
 * b simply swap, or a buffer the passes must leave alone (the input); it
 * must not be b. *result is set to the buffer the last pass wrote, or to
 * src when passes is 0. Returns 0, or -1 with a message in c->err. */
int gpu__pingpong(gpu_ctx *c, unsigned passes, gpu_pass_fn fn, const void *user, cl_mem src,
		  cl_mem a, cl_mem b, cl_mem *result);

/* ---- a context without a job (gpu.c) ----------------------------------
 *
 * What gpu_run does around a runner, for callers that drive kernels of
 * their own (the drivers' tests): c->job stays NULL, so only the helpers
 * and drivers above may be used, not the runners. */

/* Set c up on rt with the kernel file `file` built with the given options.
 * Returns 0, or -1 with a message in err; either way gpu__ctx_close frees
 * what it holds. */
int gpu__ctx_open(gpu_ctx *c, clrt *rt, const char *file, const char *options, char *err,
		  size_t errlen);

/* Wait for everything c enqueued, put the sum of its kernels' times into
 * *ms (when ms is not NULL) and release their events. Returns 0, or -1 with
 * a message. */
int gpu__ctx_finish(gpu_ctx *c, double *ms);

/* The timed runs of a job or a yardstick: run(c, arg) enqueues one run,
 * once to warm up and then reps times, timed into times_ms[0 .. reps) as
 * clrt_batch says (clrt.h): each run alone, the sum of its kernels'
 * durations; or B runs at a time back to back behind copy.cl's gate, each
 * run of a batch timed as the batch's span over B, from the gate's end to
 * the start of a mark after the runs, their kernels taking no events
 * (unless PRAM_KERNEL_TIMES asks for their times). last(c, arg), where not
 * NULL, is called before the last run (the last batch). *launches gets the
 * kernel launches of one run. Returns 0, or -1 with a message. */
int gpu__timed_runs(gpu_ctx *c, unsigned reps, int (*run)(gpu_ctx *c, void *arg),
		    int (*last)(gpu_ctx *c, void *arg), void *arg, double *times_ms,
		    unsigned *launches);

/* Wait for c's kernels and release its kernels, scratch and buffers (not
 * the program, which rt caches). Accepts a context gpu__ctx_open failed. */
void gpu__ctx_close(gpu_ctx *c);

/* ---- the scans several algorithms share (gpu_scan_common.c) ---------- */

/* Cap on the work-group sizes of the scans and the kernels around them. */
#define GPU_SCAN_WG_CAP 256

/* The teaching scan of the job's n elements into c->out: the block kernel
 * block_kernel (scan.clh's contract), each of whose work-items takes
 * per_item elements (1 for Hillis-Steele, 2 for Blelloch, f for Brent),
 * joined by add_offsets and the multi-level driver. groups_cap, when not 0,
 * is the work-group size a block size asked for, refused when the device
 * or kernel cannot have it. Returns 0, or -1 with a message. */
int gpu__scan_blocks(gpu_ctx *c, const char *block_kernel, size_t per_item, size_t groups_cap);

/* The tuned single-pass scan (scan_onepass.clh) of the job's n elements
 * into c->out, c->per_proc elements per work-item; scratch slots 0 and 1.
 * Refused, saying so, on a device without 64-bit atomics. */
int gpu__scan_onepass(gpu_ctx *c);

/* What a count scan's first level counts (count.clh's COUNT_*). */
enum gpu_count {
	GPU_COUNT_WORDS, /* src holds the counts themselves */
	GPU_COUNT_ZEROS, /* src holds keys: those whose bit 0 is 0 */
	GPU_COUNT_FLAGS, /* src holds packed flags: the set ones */
};

/* dst[0 .. m) = the exclusive scan of the m elements of src by the blocked
 * scan with kernels block and add (static names, blockscan.clh), whose
 * elements take words 4-byte words, c->per_proc elements per work-item;
 * the first level reads its elements as mode says (0: as they are). The
 * levels' totals take scratch slots from slot on; *total is set to the one
 * whose first element holds the total of all m. Returns 0, or -1 with a
 * message. */
int gpu__block_scan(gpu_ctx *c, const char *block, const char *add, size_t words, cl_mem src,
		    unsigned mode, cl_mem dst, size_t m, unsigned slot, cl_mem *total);

/* The count scan (count.clh) of the job's n elements of src, counted as
 * mode says, into *f, scratch slot 0; its levels from slot 1 on, *total as
 * gpu__block_scan's. */
int gpu__count_scan(gpu_ctx *c, cl_mem src, enum gpu_count mode, cl_mem *f, cl_mem *total);

/* The segmented scan (segmented.clh) of the job's n elements, with c->flags,
 * into dst: inclusive, or exclusive with shift = 1. block and add are
 * seg_block and seg_add, L the work-group size of both (the add-back finds
 * its block by its group); the levels' carries and heads take scratch slots
 * from slot on. Returns 0, or -1 with a message. */
int gpu__seg_scan(gpu_ctx *c, cl_kernel block, cl_kernel add, size_t L, cl_mem dst, int shift,
		  unsigned slot);
/* The same over the n elements of src with the packed flags flags (32 to a
 * uint, as c->flags), for a runner that makes them itself. */
int gpu__seg_scan_of(gpu_ctx *c, cl_kernel block, cl_kernel add, size_t L, cl_mem src, cl_mem flags,
		     size_t n, cl_mem dst, int shift, unsigned slot);

/* The tuned segmented kernels' launch (segmented_onepass.clh): kernel k
 * over tiles work-groups of L work-items, a tile of tile = L * c->per_proc
 * elements each; the tiles' status words and the ticket, reset by
 * onepass_init (already enqueued) or gpu__lookback_epoch's (sp->sets); the
 * bytes of the kernel's local-memory arguments. */
typedef struct gpu_segpass {
	size_t cap;    /* set by the caller: the largest work-group the default takes
		       * (0: GPU_SCAN_WG_CAP) */
	unsigned sets; /* set by the caller: 0, onepass_init clears the status
			* words; else no onepass_init, gpu__lookback_epoch's
			* words: 1, carrying the run's epoch; 2, two sets, picked
			* by the epoch's parity, which the kernel clears itself */
	cl_kernel k;
	size_t L, tile, tiles;
	gpu_lookback lb;      /* status and ticket: scratch slots slot and slot + 1,
			       * or with sets, all of gpu__lookback_epoch's */
	size_t ltile, lflags; /* the padded tile and its flag words */
	size_t lscan;         /* the work-group scan's counts, and again its values */
} gpu_segpass;

/* Set sp up for the tuned segmented kernel `kernel` over the job's n > 0
 * elements: the work-group size the job's group parameter gives (refused
 * when the device cannot have it), else the largest up to sp->cap (or
 * GPU_SCAN_WG_CAP) whose tile fits local memory; enqueue onepass_init
 * (unless sp->sets). Refused, saying so,
 * on a device without 64-bit atomics. Returns 0, or -1 with a message. */
int gpu__segpass(gpu_ctx *c, const char *kernel, unsigned slot, gpu_segpass *sp);

/* The part of gpu__segpass after the shape, for a kernel that picks its
 * own (sp->tile set): the tiles of the job's n elements (refused past
 * 32-bit indices), their status words and the ticket in scratch slots slot
 * and slot + 1, and onepass_init enqueued (with sp->sets,
 * gpu__lookback_epoch's, and nothing enqueued). Returns 0, or -1 with a
 * message. */
int gpu__segpass_start(gpu_ctx *c, unsigned slot, gpu_segpass *sp);

/* Blelloch's teaching scan (gpu_scan_blelloch.c), which the sandwich
 * (gpu_sandwich.c) runs too. */
int gpu__scan_blelloch(gpu_ctx *c);

/* ---- the histopyramid (gpu_histopyramid.c) --------------------------- */

/* The build of the pyramid in pyr, whose level 0 holds n counts, fan-in
 * fan (pyramid.clh's layout: fan 2 over M = 2^L counts takes 2M - 1
 * cells), one launch per level, then its traversal into out[0 .. T), T the
 * total of the counts: the level-0 cell of each output index. The counting
 * sort by a histopyramid (gpu_counting_sort_histopyramid.c) and the
 * partitions (gpu_partition_offsets.c, fan 4) run it too. Returns 0, or -1
 * with a message. */
int gpu__pyramid(gpu_ctx *c, cl_mem pyr, size_t n, unsigned fan, cl_mem out, size_t T);

/* ---- the summed-area table (gpu_sat.c) ------------------------------ */
/* The table of kind table (SAT_PLAIN, ...) of the w by h image src into
 * dst by the teaching or tuned kernels of sat.cl, which c's program must
 * hold (a kernel file that includes sat.cl); scratch slots 0 to 3. An
 * integer image whose table the bits-needed rule does not bound in 32 bits
 * is refused. Returns 0, or -1 with a message. */
int gpu__sat(gpu_ctx *c, enum gpu_variant var, int table, cl_mem src, cl_mem dst, size_t w,
	     size_t h);
#define GPU_DIV_UP(a, b) (((a) + (b)-1) / (b))

#endif /* PRAM_GPUINT_H */
