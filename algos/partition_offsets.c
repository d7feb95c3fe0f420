/*
 * partition_offsets.c - the partitions of a stream from its border flags,
 * by a histopyramid: the gist "Massively Parallel Processing of
 * Partitioned Streams", "Finding Partitions".
 *
 * In the gist's words: "we mark the borders and create a tree map using
 * histopyramids", and "from these buffers, we know the total number of
 * partitions, the offset of each partition, the size of each partition
 * (size(i) = offset(i+1) - offset(i))". The gist's pyramid sums four cells
 * per node: over its 40-element stream the flags
 *
 *     1 0 0 1 0 0 0 1 1 0 0 0 0 1 0 1 0 1 1 1 0 0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 1 0 0 0
 *
 * give the levels 2 1 1 2 3 0 0 1 1 1, then 6 4 2, then 12: fan-in 4 at
 * every level, the last node of a level summing what is left (the third
 * cell of the second level sums two). --fan F picks another fan-in (2 is
 * the histopyramid post's pairs). The levels lie packed in one array,
 * "pyramid", without padding (pyramid.c), so `pram run partition-offsets
 * --trace` shows them as the gist prints them.
 *
 * The program, for n elements, T partitions (T >= 1 when n >= 1: element 0
 * always starts one) and a pyramid of L levels above the flags (L =
 * ceil(log_F n) for fan F, 0 for n = 1), S cells on them:
 *
 *   mark       n processors: level 0 [i] = flag i (read from the packed
 *              flags: 64 processors share a word, CREW). n work, 1 step.
 *   build      L steps, one processor per cell of levels 1 .. L, each
 *              summing its (up to) F children: S work. EREW.
 *   traverse   one processor per partition j < T walks from the root down
 *              to the j-th border (prog_pyramid_traverse_fan): that is
 *              offset(j), the partition's first element. max(L, 1) steps
 *              of T work; the processors share the cells near the root,
 *              CREW.
 *   sizes      T processors: size(j) = offset(j + 1) - offset(j), offset(T)
 *              being n; processor 0 also copies the root, the number of
 *              partitions. T work, 1 step.
 *
 * So W = n + S + T max(L, 1) + T and D = L + max(L, 1) + 2 (nothing for
 * n = 0). T depends on the data, so W has no closed form in n alone; the
 * case files check these sums. On the gist's stream: S = 10 + 3 + 1 = 14,
 * L = 3, T = 12: W = 40 + 14 + 36 + 12 = 102, D = 8.
 */
#include "common.h"

enum {
	P_FAN,
	P_PART_LEN
};

static const algo_param po_params[] = {
    [P_FAN] = {.name = "fan",
	       .metavar = "F",
	       .min = 2,
	       .max = 64,
	       .def = 4,
	       .help = "cells summed by one node of the pyramid (the gist's 4)"},
    [P_PART_LEN] = PROG_PARAM_PART_LEN,
    {0},
};

static const algo_port po_outputs[] = {
    {.name = "count",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the number of partitions, T (one value; none for n = 0)"},
    {.name = "offset",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "each partition's first element, T values"},
    {.name = "size",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "each partition's length, T values"},
    {0},
};

static size_t po_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)p;
	if (port == 0)
		return in->n ? 1 : 0;
	return prog_segments(in);
}

/* Only the flags are read (packed, n / 8 bytes; the values are not
 * needed), and the count, the offsets and the sizes written. */
static uint64_t po_bytes(const algo_data *in, const algo_data *out, const algo_params *p)
{
	(void)p;
	return (in->n + 7) / 8 + 4 * (out[0].n + out[1].n + out[2].n);
}

static int po_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_partitions(in, n, p->type, p->v[P_PART_LEN], seed);
}

static int po_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	size_t n = in->n, T = prog_segments(in);
	unsigned fan = (unsigned)p->v[P_FAN];
	if (n == 0)
		return 0;
	size_t cells = prog_pyramid_cells(n, fan);
	unsigned L = prog_pyramid_height(n, fan);
	int64_t root = (int64_t)prog_pyramid_start(n, fan, L);
	pram_array *flags = prog_load_flags(m, "flags", in);
	pram_array *pyr = pram_array_new(m, "pyramid", cells, PRAM_INT);
	pram_array *node = pram_array_new(m, "node", T, PRAM_INT);
	pram_array *rank = pram_array_new(m, "rank", T, PRAM_INT);
	pram_array *offset = pram_array_new(m, "offset", T, PRAM_INT);
	pram_array *size = pram_array_new(m, "size", T, PRAM_INT);
	pram_array *count = pram_array_new(m, "count", 1, PRAM_INT);
	if (!flags || !pyr || !node || !rank || !offset || !size || !count)
		return 0;
	PRAM_STEP(m, "mark the borders: pyramid level 0 [i] = flag i") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write(m, pyr, i, prog_read_flag(m, flags, i));
		}
	}
	prog_pyramid_build_fan(m, pyr, n, fan);
	prog_pyramid_traverse_fan(m, pyr, n, fan, T, node, rank, offset);
	PRAM_STEP(m, "sizes: size[j] = offset[j + 1] (n for the last) - offset[j]; count = root") {
		PRAM_FORALL(m, j, 0, T) {
			int64_t end = (size_t)j + 1 < T ? pram_read(m, offset, j + 1) : (int64_t)n;
			pram_write(m, size, j, end - pram_read(m, offset, j));
			if (j == 0)
				pram_write(m, count, 0, pram_read(m, pyr, root));
		}
	}
	prog_store(count, &out[0]);
	prog_store(offset, &out[1]);
	prog_store(size, &out[2]);
	return 0;
}

static void po_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t T = 0;
	for (size_t i = 0; i < in->n; i++)
		if (prog_flag(in, i)) {
			out[1].vals[T].i = (int64_t)i;
			if (T > 0)
				out[2].vals[T - 1].i = (int64_t)i - out[1].vals[T - 1].i;
			T++;
		}
	if (T > 0) {
		out[2].vals[T - 1].i = (int64_t)in->n - out[1].vals[T - 1].i;
		out[0].vals[0].i = (int64_t)T;
	}
}

const algo algo_partition_offsets = {
    .name = "partition-offsets",
    .family = "partition",
    .desc = "partitions of a flagged stream by a histopyramid of its borders: count, offsets, "
	    "sizes",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT,
    .inputs = prog_flagged_input,
    .outputs = po_outputs,
    .params = po_params,
    .work_o = "O(n + T log n)",
    .depth_o = "O(log n)",
    .work_exact = "n + S + T max(L, 1) + T; L = ceil(log_F n) levels of S cells above the "
		  "flags, T partitions",
    .depth_exact = "L + max(L, 1) + 2 (0 for n = 0)",
    .cost = NULL,
    .out_len = po_out_len,
    .bytes = po_bytes,
    .generate = po_generate,
    .simulate = po_simulate,
    .reference = po_reference,
};
