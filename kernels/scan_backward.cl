/*
 * scan_backward.cl - the kernels of "scan-backward", the suffix scan:
 * Blelloch's teaching scan (blelloch.clh) read and written from the end.
 * REVERSE makes every global access of scan.clh's kernels go through AT,
 * the block totals too, so the levels of totals and the add-back need no
 * other change. Build options: those of common.clh. OpenCL C 1.2.
 */

#define REVERSE 1
#include "blelloch.clh"
