/*
 * scan_segmented.cl - the kernels of "scan-segmented": the teaching
 * seg_block and seg_add of segmented.clh, and the tuned segscan_onepass of
 * segmented_onepass.clh (which also holds the segmented reduction's tuned
 * kernels), after lookback.clh's onepass_init; the analyses are there. Build options:
 * those of common.clh and -DPP=k. OpenCL C 1.2.
 */

#include "segmented.clh"
#include "segmented_onepass.clh"
