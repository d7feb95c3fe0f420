/*
 * scan_blelloch.cl - the kernels of "scan-blelloch" (and of "sandwich",
 * whose cuts are an inclusive sum scan): teaching, Blelloch's up-sweep and
 * down-sweep in each block (blelloch.clh), the blocks joined as scan.clh
 * says; tuned, the single-pass scan (scan_onepass.clh). Build options:
 * those of common.clh and -DPP=k. OpenCL C 1.2.
 */

#include "blelloch.clh"
#include "scan_onepass.clh"
