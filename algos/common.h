/*
 * common.h - small helpers the PRAM programs of algos/ share.
 *
 * Their names begin with prog_ (PROG_ for the macros): the programs' own
 * building blocks, told apart at a glance from the registry's algo_
 * (algo.h), which every layer above reads. They were algos_, one letter
 * from the registry's prefix.
 */
#ifndef PRAM_ALGOS_COMMON_H
#define PRAM_ALGOS_COMMON_H

#include <math.h>

#include "algo.h"

/* A shared array named name of len cells holding in's values (loaded, no
 * cost), the cells past in->n holding *pad (or never written when pad is
 * NULL). The machine fails, and NULL is returned, when out of memory. */
pram_array *prog_load(pram *m, const char *name, const algo_data *in, size_t len,
		      const pram_value *pad);
/* Copy cells [0, out->n) of a into out. */
void prog_store(const pram_array *a, algo_data *out);
/* The reference scan of in into out (inclusive or exclusive, by op). Float
 * sums are compensated (prog_acc), so the reference is within a few
 * roundings of the exact prefix and the tolerance is left to the program. */
void prog_ref_scan(const algo_data *in, algo_data *out, pram_op op, int inclusive);
/* The reference of every plain scan entry: prog_ref_scan with p's operator
 * and kind. */
void prog_scan_reference(const algo_data *in, algo_data *out, const algo_params *p);

/* A running op-combination for the references. A float sum carries a
 * Neumaier compensation term: a plain sequential sum of n terms may err by
 * (n - 1) eps sum|a|, more than the tolerance of a tree-ordered result. */
typedef struct prog_acc {
	pram_op op;
	pram_type type;
	pram_value v; /* the combination so far */
	double c;     /* the float sum's lost low-order part */
} prog_acc;

/* The three are inline: the references call them once an element, 2^28
 * times in a row of pram bench, where two calls into other files cost more
 * than the sum itself (at 2^24, reduce's reference took 0.06 s so and 0.03
 * inline, spmv-csr's on the uniform matrix 0.82 and 0.52). An integer sum
 * wraps, as pram_op_apply_i's does. */
static inline void prog_acc_init(prog_acc *acc, pram_op op, pram_type t)
{
	acc->op = op;
	acc->type = t;
	acc->v = pram_op_identity_v(op, t);
	acc->c = 0;
}

static inline void prog_acc_add(prog_acc *acc, pram_value x)
{
	if (acc->op != PRAM_OP_SUM) {
		acc->v = pram_op_apply_v(acc->op, acc->type, acc->v, x);
	} else if (acc->type == PRAM_INT) {
		acc->v.i = (int64_t)((uint64_t)acc->v.i + (uint64_t)x.i);
	} else {
		double s = acc->v.f, t = s + x.f;
		acc->c += fabs(s) >= fabs(x.f) ? (s - t) + x.f : (x.f - t) + s;
		acc->v.f = t;
	}
}

/* The combination so far, rounded once. */
static inline pram_value prog_acc_get(const prog_acc *acc)
{
	pram_value r = acc->v;
	if (acc->type == PRAM_FLOAT && acc->op == PRAM_OP_SUM)
		r.f += acc->c;
	return r;
}

/*
 * Scans as building blocks. Programs that use a scan (line of sight, split,
 * compaction, the sandwich, the partial sums of the blocked scan) call these,
 * so that under the scan model each scan is one step of the unit-cost
 * primitive and under every other model it is the Blelloch program:
 *
 *   copy in   len processors: t[i] = src[i], or the identity for i >= n
 *   up-sweep, clear the root, down-sweep on t (2 len - 1 work, 2k + 1 steps)
 *   copy out  n processors: dst[i] = t[i] (exclusive) or t[i] op src[i]
 *
 * with len = 2^k the next power of two >= n. So W = 3 len - 1 + n and
 * D = 2k + 3 for n >= 1 (EREW), against W = n, D = 1 under the scan model
 * (prog_scan_rev: 3n and 3 there, the primitive between two reversals).
 * n = 0 does nothing.
 */

/* The labels of the steps of one Blelloch scan, so that a caller's cost
 * table can name its phase. Static strings. */
typedef struct prog_scan_labels {
	const char *copy; /* copy in and pad */
	const char *up;   /* up-sweep */
	const char *root; /* clear the root */
	const char *down; /* down-sweep */
	const char *out;  /* copy out */
} prog_scan_labels;

/* Blelloch's up-sweep, root clearing and down-sweep on the len cells of x
 * (len a power of two, every cell written): afterwards x holds the
 * exclusive scan of its old contents. backward mirrors every index, giving
 * the exclusive suffix scan. W = 2 len - 1, D = 2 log2 len + 1; EREW. */
void prog_blelloch(pram *m, pram_array *x, size_t len, pram_op op, int backward,
		   const prog_scan_labels *lb);
/* The whole program of scan-blelloch (backward 0) and scan-backward
 * (backward 1), in into out: in loaded into x, m = 2^ceil(log2 n) cells
 * padded with the identity (the input's layout: no cost), prog_blelloch on
 * x, and for an inclusive scan one step more, labelled lb->out, of n
 * processors: y[i] = x[i] op a[i] (a[i] op x[i] backward: the element
 * stands before its suffix), a the input. Returns 0; errors are in m. */
int prog_blelloch_scan(pram *m, const algo_data *in, algo_data *out, const algo_params *p,
		       int backward, const prog_scan_labels *lb);
/* Its cost (algo.cost): W = 2m - 1 (+ n inclusive), D = 2 ceil(log2 n) + 1
 * (+ 1 inclusive), 0 and 0 for n = 0. */
int prog_blelloch_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d);
/* What scan-blelloch and scan-backward declare alike (algo), one program
 * in two directions: its model, options and cost. */
#define PROG_BLELLOCH_DECL                                                                         \
	.model = PRAM_EREW, .caps = ALGO_OP | ALGO_FLOAT | ALGO_INCLUSIVE, .default_inclusive = 0, \
	.work_o = "O(n)", .depth_o = "O(log n)",                                                   \
	.work_exact = "2m - 1 for m = 2^ceil(log2 n) (+ n inclusive)",                             \
	.depth_exact = "2 ceil(log2 n) + 1 (+ 1 inclusive)", .cost = prog_blelloch_cost

/* dst[0..n) = the scan of src[0..n) with op: the primitive under PRAM_SCAN,
 * the Blelloch steps above otherwise. dst may be src. Errors are in m. */
void prog_scan(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive);
/* The same with the caller's labels for the Blelloch steps (NULL: the
 * default ones). */
void prog_scan_labelled(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op,
			int inclusive, const prog_scan_labels *lb);
/* The same in a scratch array the caller reuses from one scan to the next
 * (of src's type, next_pow2(n) cells or more; NULL: a new one), so that a
 * program of many scans does not hold an array for each: the same steps
 * and cost as prog_scan. */
void prog_scan_scratch(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op,
		       int inclusive, pram_array *scratch, const prog_scan_labels *lb);
/* The backward (suffix) scan: dst[i] = src[i] op ... op src[n-1] (inclusive)
 * or src[i+1] op ... op src[n-1] (exclusive). */
void prog_scan_rev(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive);
/* Add the cost of one prog_scan (backward = 0) or prog_scan_rev
 * (backward = 1) of n elements under model to *w and *d. */
void prog_scan_cost(size_t n, pram_model model, int backward, uint64_t *w, uint64_t *d);

/* Whether the machine runs the scan model. */
int prog_scan_model(const pram *m);

/*
 * Packed segment flags: 64 flags to a 64-bit word, flag i at bit i % 64 of
 * word i / 64, so n flags take n / 8 bytes instead of one cell each (the
 * notes: "store the flags array space- and bandwidth-efficient"). The price
 * is in the memory model: the 64 processors of one word read the same cell
 * in the same step, a concurrent read, so a program that reads its flags
 * this way needs CREW.
 */
#define PROG_FLAG_BITS 64
/* Words of n packed flags. */
size_t prog_flag_words(size_t n);
/* A shared integer array named name holding in's flags packed (loaded, no
 * cost: it is the input's layout). Element 0 always starts a segment; NULL
 * flags mean one segment. */
pram_array *prog_load_flags(pram *m, const char *name, const algo_data *in);
/* Flag i as the processor selected on m reads it (one shared read of its
 * word). */
int prog_read_flag(pram *m, pram_array *bits, int64_t i);
/* Flag i of in on the host (element 0 always 1, NULL flags: only 0).
 * Inline, as prog_acc_add, for the references' loops. */
static inline int prog_flag(const algo_data *in, size_t i)
{
	return i == 0 || (in->flags && in->flags[i]);
}
/* Number of segments of in (0 for n = 0). */
size_t prog_segments(const algo_data *in);
/* The programs that take keys: one input "keys" of integers in
 * [0, key-range), one output "keys" sorted, and the parameter table entry
 * of the generated keys' distribution (--dist). */
extern const algo_port prog_keys_input[];
/* The histograms: one input "x" of records (bin numbers in [0, m), or
 * floats in [0, 1)) and one output "counts" of m bins. */
extern const algo_port prog_records_input[];
extern const algo_port prog_counts_output[];
extern const algo_port prog_sorted_keys_output[];
#define PROG_PARAM_DIST                                                                          \
	{                                                                                        \
		.name = "dist", .metavar = "D", .def = PROG_DIST_UNIFORM, .choices = prog_dists, \
		.help = "distribution of the generated keys"                                     \
	}

/* One input vector "x" with segment flags: the inputs of the segmented
 * programs and of compaction. */
extern const algo_port prog_flagged_input[];

/* The segmented doubling steps (segmented.c) on x with the packed flags in
 * flags, run a scratch array of their words; seg, when not NULL, receives
 * the Hillis-Steele sum of the flags alongside (the segment numbers). */
void prog_segmented_doubling(pram *m, pram_array *x, pram_array *flags, pram_array *run,
			     pram_array *seg, size_t n, pram_op op);
/* Add the work and depth of those steps for n elements to *w and *d. */
void prog_segmented_cost(size_t n, uint64_t *w, uint64_t *d);
/* The parameters of the segmented scan's and reduction's tuned kernels
 * (their tiles; the PRAM programs read none of them): per-proc and group,
 * and the reduction's numbering. */
extern const algo_param prog_segscan_params[];
extern const algo_param prog_segreduce_params[];

/* The value v as an element of type t (for 0/1 results and positions). */
pram_value prog_value(pram_type t, int64_t v);

/*
 * Keys for the histograms and the sorts. Every generator of those entries
 * draws its keys here, by a distribution the entry's --dist parameter
 * names (prog_dists, in this order):
 *
 *   uniform   every key of the range equally likely
 *   equal     one key, drawn uniformly, n times (the largest mode)
 *   sorted    uniform keys in increasing order
 *   reversed  uniform keys in decreasing order
 *   few       four keys, drawn uniformly, each repeated about n/4 times
 *   zipf      key k with probability about 1 / ((k + 1) ln(range + 1)) (Zipf's law
 *             with s = 1, drawn by inverting the continuous distribution)
 */
enum {
	PROG_DIST_UNIFORM,
	PROG_DIST_EQUAL,
	PROG_DIST_SORTED,
	PROG_DIST_REVERSED,
	PROG_DIST_FEW,
	PROG_DIST_ZIPF,
	PROG_DIST_COUNT
};
/* The names of the distributions, NULL-ended: the choices of --dist. */
extern const char *const prog_dists[];
/* Allocate d (caller frees with algo_data_free) with n keys drawn by dist
 * from seed: integers in [0, range) when t is PRAM_INT; with PRAM_FLOAT,
 * values k / 2^24 in [0, 1), k drawn from [0, 2^24) (range is not used).
 * Returns 0, or -1 when out of memory. */
int prog_gen_keys(algo_data *d, size_t n, pram_type t, int64_t range, int dist, uint64_t seed);
/* The index of the first integer key of in outside [0, range), or -1. */
long prog_bad_key(const algo_data *in, int64_t range);
/* Fail m when a key of in lies outside [0, range), naming the key and its
 * index, and for a key too large adding what (the remedy: "give a
 * --key-range above the largest key"). Returns 0 when every key lies
 * inside, -1 when m failed. */
int prog_check_keys(pram *m, const algo_data *in, int64_t range, const char *what);
/* The same for the sorts, whose remedy is "give a --key-range above the
 * largest key". */
int prog_check_key_range(pram *m, const algo_data *in, int64_t range);
/* The counting sorts' parameters, by index: --key-range (each sort with
 * its own bounds and help) and --dist (PROG_PARAM_DIST). */
enum {
	PROG_SORT_P_RANGE,
	PROG_SORT_P_DIST
};
/* The counting sorts' generator (algo.generate): n integer keys drawn by
 * --dist from [0, --key-range). */
int prog_gen_sort_keys(algo_data *in, size_t n, const algo_params *p, uint64_t seed);
/* A counting sort's keys in: the shared array "keys" holding them (loaded,
 * no cost) once prog_check_key_range passes for [0, range); NULL when that
 * failed m, when in is empty, or when out of memory. */
pram_array *prog_load_keys(pram *m, const algo_data *in, int64_t range);
/* The reference of the counting sorts of keys alone (algo.reference): in
 * sorted (prog_ref_sort), or nothing when a key lies outside --key-range. */
void prog_sort_reference(const algo_data *in, algo_data *out, const algo_params *p);
/*
 * The records of a histogram of m bins: integers are bin numbers in [0, m);
 * floats lie in [0, 1), the histogram post's interval [lo, hi) with lo = 0
 * and hi = 1, and x falls in bin floor(x m) (m - 1 when the product rounds
 * up to m, the post's "if (index == numBins) index -= 1").
 */
/* The bin of a record v of type t, or -1 when it lies in none. */
int64_t prog_value_bin(pram_type t, pram_value v, int64_t m);
/* The histograms' reference: out's nb counts of the records of in, each in
 * the bin prog_value_bin gives it (records in no bin are not counted). */
void prog_ref_histogram(const algo_data *in, algo_data *out, int64_t nb);
/* Fail m, naming the first record that lies in no bin. Returns 0 when every
 * record has a bin, -1 when m failed. */
int prog_check_records(pram *m, const algo_data *in, int64_t bins);
/* The parameters of the histograms of records (histogram-tree,
 * histogram-atomic), by index: --bins first, then each table's own, its
 * --dist (PROG_PARAM_RECORD_DIST) among them. */
enum {
	PROG_HIST_P_BINS
};
#define PROG_PARAM_BINS                                                                        \
	{                                                                                      \
		.name = "bins", .metavar = "M", .min = 1, .max = 1 << 16, .def = 256,          \
		.help = "bins of the histogram (m); integer records are bin numbers in [0, m)" \
	}
#define PROG_PARAM_RECORD_DIST                                                                   \
	{                                                                                        \
		.name = "dist", .metavar = "D", .def = PROG_DIST_UNIFORM, .choices = prog_dists, \
		.help = "distribution of the generated records"                                  \
	}
/* Their output's length (algo.out_len): --bins counts. */
size_t prog_bins_len(const algo_data *in, size_t port, const algo_params *p);
/* Their reference (algo.reference): prog_ref_histogram in --bins bins. */
void prog_hist_reference(const algo_data *in, algo_data *out, const algo_params *p);
/* The start of their programs: out's nb counts zeroed, then the records of
 * in checked (prog_check_records). 0 when the program goes on, -1 when m
 * failed or in is empty. */
int prog_hist_begin(pram *m, const algo_data *in, algo_data *out, int64_t nb);

/*
 * The histopyramid (pyramid.c): the sum pyramid of M = 2^L counts in one
 * array of 2M - 1 cells. Level 0 is the counts, cells [0, M); level k holds
 * M / 2^k sums, each of a pair of level k - 1, from cell 2M - 2M / 2^k; the
 * root, the total, is cell 2M - 2 (level L).
 */
/* The first cell of level k of a pyramid over M counts. */
size_t prog_pyramid_level(size_t M, unsigned k);
/* The same layout for any n and fan-in fan >= 2, levels packed without
 * padding: level 0 is cells [0, n), level k has ceil(n_(k-1) / fan) cells,
 * each the sum of up to fan cells of level k - 1 (fan 4 over 40 cells: 10,
 * 3, 1). The height L (levels above 0; 0 for n <= 1), level k's size and
 * first cell, and the cells of the whole pyramid (0 for n = 0). */
unsigned prog_pyramid_height(size_t n, unsigned fan);
size_t prog_pyramid_size(size_t n, unsigned fan, unsigned k);
size_t prog_pyramid_start(size_t n, unsigned fan, unsigned k);
size_t prog_pyramid_cells(size_t n, unsigned fan);
/* Build levels 1 .. L of p from level 0: L steps, one processor per cell
 * of the level built (the cells of levels 1 .. L in all), each reading
 * its up to fan children: EREW. */
void prog_pyramid_build_fan(pram *m, pram_array *p, size_t n, unsigned fan);
/* The traversal over that layout, as prog_pyramid_traverse below: a
 * processor reads its children's counts left to right (at most fan - 1 of
 * them) and stops at the one holding its rank. max(L, 1) steps of T work. */
void prog_pyramid_traverse_fan(pram *m, pram_array *p, size_t n, unsigned fan, size_t T,
			       pram_array *node, pram_array *rank, pram_array *dst);
/* Build levels 1 .. L of p from level 0 (every cell of it written): L
 * steps, M - 1 work; each cell is read once: EREW. */
void prog_pyramid_build(pram *m, pram_array *p, size_t M);
/* The traversal: for every output index j in [0, T) (T at most the total),
 * the level-0 cell whose stretch of the expansion holds j, into dst[j]. From
 * the root down, processor j asks whether its rank is below the left child's
 * count: if so it goes left, else it subtracts that count and goes right.
 * node[j] and rank[j] (T cells each) hold its position after every step, so
 * a trace shows each decision. max(L, 1) steps of T work; the processors all
 * read the few cells near the root together: CREW. */
void prog_pyramid_traverse(pram *m, pram_array *p, size_t M, size_t T, pram_array *node,
			   pram_array *rank, pram_array *dst);

/*
 * Partitioned streams (partitions.c): a vector with a flag where each
 * partition starts (the segmented programs' input, prog_flagged_input).
 */
/* Allocate in (n values of type t, with flags) and fill it from seed: half
 * the values zeros, the others integers in [1, 100) or floats in (0, 1);
 * every partition part_len long (the last one shorter), or with part_len 0
 * about one partition start in eight. 0, or -1 when out of memory. */
int prog_gen_partitions(algo_data *in, size_t n, pram_type t, int64_t part_len, uint64_t seed);
/* The length of in's longest partition (0 for n = 0). */
size_t prog_largest_partition(const algo_data *in);
/* The passes of jump flooding over partitions of at most m elements with
 * steps b^(K-1), ..., b, 1: K = ceil(log_b m) (0 for m <= 1). */
unsigned prog_jfa_passes(size_t m, unsigned b);
/* A tuned kernel's work-group size, for sweeping its shape on a GPU:
 * LARGEST, a string, is the largest the default (0) takes when it fits. */
#define PROG_PARAM_GROUP(LARGEST)                                                           \
	{                                                                                   \
		.name = "group", .metavar = "G", .min = 0, .max = 1024, .def = 0,           \
		.props = ALGO_PARAM_POW2,                                                   \
		.help = "work-items per work-group of the tuned kernel (0: the largest up " \
			"to " LARGEST " that fits)"                                         \
	}
#define PROG_PARAM_PART_LEN                                                            \
	{                                                                              \
		.name = "part-len", .metavar = "L", .min = 0, .max = (int64_t)1 << 40, \
		.help = "generated partitions: all L long (0: random, about 8)"        \
	}

/*
 * The 16 x 16 matrix products of the notes' tensor-core section
 * (matrix.c): a tile is 256 elements, a 16 x 16 matrix.
 */
#define PROG_SIDE 16
#define PROG_TILE (PROG_SIDE * PROG_SIDE)
/* The constant matrices, by kind: U ones on and above the diagonal, UX
 * ones above it, L ones below it, J all ones, P ones in the first row
 * (the notes' reduction matrix). */
enum {
	PROG_MAT_U,
	PROG_MAT_UX,
	PROG_MAT_L,
	PROG_MAT_J,
	PROG_MAT_P
};
/* A shared array named name holding the constant matrix kind, row-major
 * (loaded, no cost), or NULL when the machine failed. */
pram_array *prog_mat_constant(pram *m, const char *name, pram_type t, int kind);
/* One step: out = x y (+ c when c is not NULL) for every tile of the pad
 * cells, one processor per entry (16 multiply-adds, 32 reads). x or y is
 * a constant matrix (the other one is per tile), as xconst says; the tile
 * matrix y is read column-major when ycol (the notes' "load tile A in
 * column major"), else row-major. */
void prog_mma(pram *m, const char *label, pram_array *out, pram_array *x, pram_array *y,
	      pram_array *c, size_t pad, int xconst, int ycol);

/* The references of the sorts. prog_ref_sort: in's integer keys into out
 * in increasing order (the C library's qsort, independent of every
 * counting sort). prog_ref_stable: keys (integers) sorted stably by key %
 * modulus (by the whole key when modulus is 0) into out_keys, and into
 * out_vals the value of each, vals[i], or its input index i when vals is
 * NULL (out_vals may be NULL). */
void prog_ref_sort(const algo_data *in, algo_data *out);
void prog_ref_stable(const algo_data *keys, const algo_data *vals, uint64_t modulus,
		     algo_data *out_keys, algo_data *out_vals);

/*
 * The radix sorts (radix_sort.c, radix_sort_msd.c): integer keys in
 * [0, key-range), each with a value when --pairs yes, sorted by digits of
 * a radix r: --radix R, or 2^b for --bits-per-pass b.
 */
/* Their inputs, keys and values, and outputs, the same names: without
 * --pairs (--pairs index) the values input is empty and the values output
 * is the input index of each sorted key (which shows stability); with
 * --pairs no both are empty, and the sort moves its keys alone. */
extern const algo_port prog_pair_inputs[];
extern const algo_port prog_pair_outputs[];
/* The parameters the radix sorts' tables open with, by index, each
 * table with its own defaults and help: --bits-per-pass, --radix and
 * --key-range. A table's own parameters follow from PROG_RADIX_P_OWN. */
enum {
	PROG_RADIX_P_BITS,
	PROG_RADIX_P_RADIX,
	PROG_RADIX_P_RANGE,
	PROG_RADIX_P_OWN
};
/* The radix: radix when not 0, else 2^bits; 0 when both were given
 * (bits_given) and disagree, or radix is 1. */
uint64_t prog_radix_of(int64_t radix, int64_t bits, int bits_given);
/* The same of a radix sort's parameters p. */
uint64_t prog_radix_param(const algo_params *p);
/* Fail m saying why prog_radix_of gave 0. */
void prog_radix_fail(pram *m, int64_t radix, int64_t bits);
/* The number of digits of v in base r (0 for v = 0). */
unsigned prog_radix_digits(uint64_t v, uint64_t r);
/* r^t, or 0 when it passes INT64_MAX (every key's digit t is then 0). */
uint64_t prog_radix_power(uint64_t r, unsigned t);
/* Digit t of key >= 0 in base r, given rt = r^t from prog_radix_power. */
int64_t prog_radix_digit(int64_t key, uint64_t rt, uint64_t r);
/* The values of --pairs, in the order of prog_pairs_choices: the input
 * indices as the values output (the default), the values input carried,
 * keys alone. */
enum {
	PROG_PAIRS_INDEX,
	PROG_PAIRS_YES,
	PROG_PAIRS_NO
};
/* The choices of --pairs: "index", "yes", "no". */
extern const char *const prog_pairs_choices[];
/* The --pairs entry of a radix sort's parameter table. */
#define PROG_PARAM_PAIRS                                                                     \
	{                                                                                    \
		.name = "pairs", .metavar = "P", .def = 0, .choices = prog_pairs_choices,    \
		.help = "yes: carry a value with each key (the input and output 'values'); " \
			"index: the values output is each key's input index; no: keys alone" \
	}
/* Fail m unless the values input fits: n values, one per key, with
 * --pairs yes (pairs == PROG_PAIRS_YES), none otherwise. Returns 0 or -1. */
int prog_check_pairs(pram *m, const algo_data *in, int64_t pairs);
/* Whether in fits pairs, as prog_check_pairs, for the references. */
int prog_pairs_fit(const algo_data *in, int64_t pairs);
/* The generator of the radix sorts: in[0] n keys drawn by dist from
 * [0, range), in[1] n values (whole numbers below 2^20) with --pairs yes,
 * else none. 0, or -1 when out of memory. */
int prog_gen_pairs(algo_data *in, size_t n, int64_t range, int dist, int64_t pairs, uint64_t seed);
/* The length of output port of a radix sort under --pairs pairs: n keys,
 * and n values unless pairs is PROG_PAIRS_NO. */
size_t prog_pairs_len(const algo_data *in, size_t port, int64_t pairs);
/* Fail m unless in fits a radix sort run with parameters p and --pairs
 * pairs: every key inside --key-range (prog_check_keys, naming the remedy)
 * and the values input as pairs wants (prog_check_pairs). 0 or -1. */
int prog_radix_check(pram *m, const algo_data *in, const algo_params *p, int64_t pairs);
/* The reference of a radix sort run with parameters p and --pairs pairs:
 * in's keys sorted stably by key % modulus (by the whole key when modulus
 * is 0), as prog_ref_stable, into out; nothing when a key lies outside
 * --key-range or the values input does not fit pairs. */
void prog_radix_reference(const algo_data *in, algo_data *out, const algo_params *p, int64_t pairs,
			  uint64_t modulus);

/* out_len of a program whose every output is one value (a reduction). */
size_t prog_out_one(const algo_data *in, size_t port, const algo_params *p);

/*
 * The one-cell programs of concurrent writes (or-crcw, leader-crcw): one
 * step clears the cell y, then one step of n processors in which each
 * whose flag x[i] is set writes y. W = n + 1, D = 2 (W = D = 1 for n = 0).
 */
int prog_one_cell_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d);
/* What they declare alike (algo): their cost and their one output. */
#define PROG_ONE_CELL_DECL                                          \
	.work_o = "O(n)", .depth_o = "O(1)", .work_exact = "n + 1", \
	.depth_exact = "2 (1 for n = 0)", .cost = prog_one_cell_cost, .out_len = prog_out_one
/* Their arrays: x holding in (NULL when in is empty) and y, the one cell.
 * 0, or -1 when out of memory (the machine failed). */
int prog_one_cell_arrays(pram *m, const algo_data *in, pram_array **x, pram_array **y);
/* Their generated input: n integer flags, each 1 with probability
 * 1 / one_in, from seed. 0, or -1 when out of memory. */
int prog_gen_flags(algo_data *in, size_t n, uint64_t one_in, uint64_t seed);

#endif
