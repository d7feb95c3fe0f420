/*
 * scan_blelloch.c - the work-efficient scan of the lecture notes: Blelloch's
 * up-sweep and down-sweep on one block.
 */
#include "common.h"

/* Blelloch on m = 2^k >= n cells (the input padded with the identity):
 * up-sweep k steps of m/2, m/4, ..., 1 processors (m - 1 in all), one step
 * that clears the root, down-sweep k steps of 1, 2, ..., m/2 (m - 1).
 * So W = 2m - 1 and D = 2k + 1; the inclusive form adds a step of n. The
 * steps are prog_blelloch's (common.c), which scan-backward runs mirrored. */
static const prog_scan_labels blelloch_labels = {
    .up = "up-sweep: x[k+2s-1] = x[k+s-1] + x[k+2s-1]",
    .root = "clear the last element",
    .down = "down-sweep: swap and add",
    .out = "inclusive: y[i] = x[i] + a[i]",
};

static int blelloch_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	return prog_blelloch_scan(m, in, out, p, 0, &blelloch_labels);
}

const algo algo_scan_blelloch = {
    .name = "scan-blelloch",
    .family = "scan",
    .desc = "work-efficient exclusive scan by up-sweep and down-sweep (Blelloch)",
    PROG_BLELLOCH_DECL,
    .simulate = blelloch_simulate,
    .reference = prog_scan_reference,
};
