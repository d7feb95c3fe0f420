/*
 * registry.c - the list of every algorithm, in the order `pram list` shows
 * them. An algorithm is added here and nowhere else.
 */
#include "algo.h"

extern const algo algo_reduce;
extern const algo algo_scan_hillis_steele;
extern const algo algo_scan_blelloch;
extern const algo algo_scan_blocked;
extern const algo algo_scan_brent;
extern const algo algo_scan_backward;
extern const algo algo_scan_segmented;
extern const algo algo_reduce_segmented;
extern const algo algo_scan_matrix;
extern const algo algo_line_of_sight;
extern const algo algo_sandwich;
extern const algo algo_split;
extern const algo algo_compact;

const algo *const algo_registry[] = {
    &algo_reduce,         &algo_scan_hillis_steele,
    &algo_scan_blelloch,  &algo_scan_blocked,
    &algo_scan_brent,     &algo_scan_backward,
    &algo_scan_segmented, &algo_reduce_segmented,
    &algo_scan_matrix,    &algo_line_of_sight,
    &algo_sandwich,       &algo_split,
    &algo_compact,        NULL,
};
