/*
 * leader_crcw.c - pick a leader: every processor whose flag is set writes
 * its own index to one cell, so the result is whichever concurrent writer
 * the model lets win. It is the program that makes the CRCW write rules
 * visible:
 *
 *   crcw-priority   the lowest index wins: the first set flag;
 *   crcw-arbitrary  any writer may win: the simulator draws the winner from
 *                   its seeded generator (--seed), so different seeds pick
 *                   different leaders;
 *   crcw-common     the writers write different values: a violation as soon
 *                   as two flags are set;
 *   crcw-combining  the writes combine (--combine max gives the last set
 *                   flag; sum gives no index at all, and the check says so);
 *   erew, crew      a second writer is a violation.
 *
 * Step 1: processor 0 writes y = -1 (no leader yet).
 * Step 2: processor i reads x[i] and, when it is not 0, writes y = i.
 * So W = n + 1 and D = 2 (W = D = 1 for no input).
 *
 * More than one output is correct, so the run is validated by membership
 * (algo.check), not by equality with the reference: y must be the index of
 * a set flag, or -1 when no flag is set; under crcw-priority it must be the
 * lowest one. The reference computes that lowest one, priority's answer.
 * The kernels validate the same way: a GPU's concurrent stores to one word
 * leave one of them, which is the arbitrary rule.
 */
#include <inttypes.h>
#include <stdio.h>

#include "common.h"

/* Flags, each set with probability 1/4. */
static int leader_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	(void)p;
	return prog_gen_flags(in, n, 4, seed);
}

static int leader_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	size_t n = in->n;
	pram_array *x, *y;
	if (prog_one_cell_arrays(m, in, &x, &y))
		return 0;
	PRAM_STEP(m, "y = -1") {
		PRAM_FORALL(m, i, 0, 1)
			pram_write(m, y, 0, -1);
	}
	if (n)
		PRAM_STEP(m, "if x[i] then y = i") {
			PRAM_FORALL(m, i, 0, n) {
				if (pram_read(m, x, i) != 0)
					pram_write(m, y, 0, i);
			}
		}
	out->vals[0].i = pram_failed(m) ? -1 : pram_array_get_i(y, 0);
	return 0;
}

/* The lowest set flag, or -1: crcw-priority's leader. */
static int64_t first_set(const algo_data *in)
{
	for (size_t i = 0; i < in->n; i++)
		if (in->vals[i].i != 0)
			return (int64_t)i;
	return -1;
}

static void leader_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	out->vals[0].i = first_set(in);
}

static long leader_check(const algo_data *in, const algo_data *out, const algo_params *p, char *why,
			 size_t whylen)
{
	int64_t got = out[0].n ? out[0].vals[0].i : INT64_MIN, first = first_set(in);
	if (out[0].n != 1) {
		snprintf(why, whylen, "y has %zu elements; the leader is one", out[0].n);
		return 0;
	}
	if (first < 0) {
		if (got == -1)
			return -1;
		snprintf(why, whylen, "y = %" PRId64 ", but no flag is set: the leader is -1", got);
		return 0;
	}
	if (got < 0 || (uint64_t)got >= in->n || in->vals[got].i == 0) {
		snprintf(why, whylen, "y = %" PRId64 " is not the index of a set flag", got);
		return 0;
	}
	if (p->model == PRAM_CRCW_PRIORITY && got != first) {
		snprintf(why, whylen,
			 "y = %" PRId64
			 ", but under crcw-priority the lowest writer wins: %" PRId64,
			 got, first);
		return 0;
	}
	return -1;
}

static const algo_port leader_inputs[] = {
    {"x", ALGO_VECTOR, ALGO_ELEM_INT, 0, "the flags: processor i is a candidate when x[i] != 0"},
    {0},
};

static const algo_port leader_outputs[] = {
    {"y", ALGO_VECTOR, ALGO_ELEM_INT, 0, "the leader: the index of a set flag, or -1"},
    {0},
};

const algo algo_leader_crcw = {
    .name = "leader-crcw",
    .family = "crcw",
    .desc = "pick a leader: the candidates write their index to one cell; the model picks "
	    "the winner",
    .model = PRAM_CRCW_ARBITRARY,
    .inputs = leader_inputs,
    .outputs = leader_outputs,
    PROG_ONE_CELL_DECL,
    .generate = leader_generate,
    .simulate = leader_simulate,
    .reference = leader_reference,
    .check = leader_check,
};
