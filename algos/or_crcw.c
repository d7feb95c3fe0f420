/*
 * or_crcw.c - the OR of n bits in one step on CRCW-common: every processor
 * whose bit is set writes 1 to one cell. All the writers write the same
 * value, which is exactly what CRCW-common allows; on EREW or CREW the OR
 * takes a tree of ceil(log2 n) steps (reduce), and a concurrent write is a
 * violation there.
 *
 * Step 1: processor 0 clears the result, y = 0.
 * Step 2: processor i reads x[i] and, when it is not 0, writes y = 1.
 * The OR itself is the one step 2; the clearing is a step of its own, as
 * reduce-atomic's, so W = n + 1 and D = 2 (W = D = 1 for no input: the OR
 * of nothing is 0). Any nonzero value counts as a set bit.
 */
#include "common.h"

/* Bits, each set with probability 1 / n: about 1 - 1/e of the inputs have
 * one, so both answers are common. */
static int or_crcw_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	(void)p;
	return prog_gen_flags(in, n, n, seed);
}

static int or_crcw_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	pram_array *x, *y;
	if (prog_one_cell_arrays(m, in, &x, &y))
		return 0;
	PRAM_STEP(m, "y = 0") {
		PRAM_FORALL(m, i, 0, 1)
			pram_write(m, y, 0, 0);
	}
	if (n)
		PRAM_STEP(m, "if x[i] then y = 1") {
			PRAM_FORALL(m, i, 0, n) {
				if (pram_read(m, x, i) != 0)
					pram_write(m, y, 0, 1);
			}
		}
	out->vals[0].i = pram_failed(m) ? 0 : pram_array_get_i(y, 0);
	return 0;
}

static void or_crcw_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	out->vals[0].i = 0;
	for (size_t i = 0; i < in->n; i++)
		if (in->vals[i].i != 0)
			out->vals[0].i = 1;
}

static const algo_port or_crcw_inputs[] = {
    {"x", ALGO_VECTOR, ALGO_ELEM_INT, 0, "the bits (any nonzero value is a 1)"},
    {0},
};

static const algo_port or_crcw_outputs[] = {
    {"y", ALGO_VECTOR, ALGO_ELEM_INT, 0, "their OR: 1 when some bit is set, else 0"},
    {0},
};

const algo algo_or_crcw = {
    .name = "or-crcw",
    .family = "crcw",
    .desc = "OR of n bits in one step of concurrent writes of one value",
    .model = PRAM_CRCW_COMMON,
    .inputs = or_crcw_inputs,
    .outputs = or_crcw_outputs,
    PROG_ONE_CELL_DECL,
    .generate = or_crcw_generate,
    .simulate = or_crcw_simulate,
    .reference = or_crcw_reference,
};
