/*
 * scan_segmented.cl - the kernels of "scan-segmented": seg_block and
 * seg_add of segmented.clh, whose analysis is there. Build options: those
 * of common.clh. OpenCL C 1.2.
 */

#include "segmented.clh"
