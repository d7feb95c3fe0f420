/*
 * scan_blocked.cl - the kernels of "scan-blocked", the notes' scan of any
 * length in blocks of B = 2^k elements: teaching, Blelloch in each block of
 * B (blelloch.clh, in work-groups of B / 2), the partial sums scanned the
 * same way and added back (scan.clh); tuned, the single-pass scan
 * (scan_onepass.clh). Build options: those of common.clh and -DPP=k.
 * OpenCL C 1.2.
 */

#include "blelloch.clh"
#include "scan_onepass.clh"
