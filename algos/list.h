/*
 * list.h - every algorithm, once, in the order `pram list` shows them.
 *
 * Each line is X(stem, kernels): the entry `algo_<stem>` defined in
 * algos/<stem>.c, and KERNELS when kernels/gpu_<stem>.c defines its
 * OpenCL side `gpu_<stem>` (NONE when it has no kernels yet). The registry
 * (registry.c) and the kernel table (kernels/gpu.c) are both made from this
 * list by defining X, so neither can name an algorithm the other lacks.
 * No include guard: it is meant to be included more than once.
 */
X(reduce, KERNELS)
X(reduce_atomic, KERNELS)
X(max_crcw, NONE)
X(or_crcw, KERNELS)
X(leader_crcw, KERNELS)
X(scan_hillis_steele, KERNELS)
X(scan_blelloch, KERNELS)
X(scan_blocked, KERNELS)
X(scan_brent, KERNELS)
X(scan_backward, KERNELS)
X(scan_segmented, KERNELS)
X(reduce_segmented, KERNELS)
X(scan_matrix, KERNELS)
X(reduce_matrix, KERNELS)
X(line_of_sight, KERNELS)
X(sandwich, KERNELS)
X(split, KERNELS)
X(compact, KERNELS)
X(histogram_tree, KERNELS)
X(histogram_atomic, KERNELS)
X(histopyramid, KERNELS)
X(partition_offsets, KERNELS)
X(jfa_reduce, KERNELS)
X(counting_sort_serial, KERNELS)
X(counting_sort_scan, KERNELS)
X(counting_sort_histopyramid, KERNELS)
X(counting_sort_2d, KERNELS)
X(radix_sort, KERNELS)
X(radix_sort_msd, NONE)
X(spmv_csr, KERNELS)
X(sat, KERNELS)
X(box_filter, KERNELS)
X(scatter_blur, KERNELS)
X(haar, KERNELS)
