/*
 * fuzz-input.c - libFuzzer target for the input reader (algo_read_stream):
 * numbers, 0b literals, flags lines, named sections and grid rows. The first
 * byte picks the algorithm whose declaration the text is read against (the
 * registry's entries, and a two-input entry with a grid), and the --float
 * switch; the rest is the file. Whatever the bytes, the reader must return 0
 * with consistent data or -1 with a message, never crash or leak.
 *
 *     make fuzz        (configure --enable-fuzzers CC=clang; tests/fuzz/run.sh)
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"

static const algo_port grid_inputs[] = {
    {.name = "keys", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_INT, .props = ALGO_PORT_FLAGS,
     .help = "keys"},
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "an image"},
    {0},
};

static const algo grid_algo = {
    .name = "grid-test",
    .family = "test",
    .desc = "two inputs, one a grid",
    .caps = ALGO_FLOAT,
    .inputs = grid_inputs,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t nalgos = 0;
	while (algo_registry[nalgos])
		nalgos++;
	unsigned pick = data[0] % (nalgos + 1);
	const algo *a = pick == nalgos ? &grid_algo : algo_registry[pick];
	algo_params p = algo_default_params(a);
	if (data[0] & 0x80)
		p.type = PRAM_FLOAT;
	FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
	if (!f)
		return 0;
	if (size == 1)
		fgetc(f); /* an empty file: fmemopen wants at least one byte */
	algo_data in[ALGO_MAX_PORTS];
	char err[512];
	size_t nin = algo_nin(a);
	if (algo_read_stream(a, f, "fuzz", &p, in, err, sizeof err) == 0) {
		for (size_t k = 0; k < nin; k++) {
			assert(in[k].vals != NULL);
			assert(in[k].w * in[k].h == (a->inputs && a->inputs[k].shape == ALGO_GRID
							 ? in[k].n
							 : 0));
			for (size_t i = 0; in[k].flags && i < in[k].n; i++)
				assert(in[k].flags[i] <= 1);
		}
		algo_data_free_all(in, nin);
	} else {
		assert(err[0] != 0);
		assert(strlen(err) < sizeof err);
	}
	fclose(f);
	return 0;
}
