## algos/local.mk - libalgo: the algorithm registry, the PRAM programs (one
## file each) and the readers and writers of their inputs and outputs.

# The registry and the PRAM programs, shared by pram, the tests and the report.
noinst_LTLIBRARIES += algos/libalgo.la
# One file per algorithm (algos/list.h lists them), and the building
# blocks they share (common.c: scans and flags; segmented.c: the segmented
# doubling steps).
algos_libalgo_la_SOURCES = algos/algo.c algos/algo.h algos/registry.c algos/simrun.c algos/simrun.h \
	algos/json.c algos/json.h algos/files.c algos/files.h \
	algos/list.h algos/common.c algos/common.h algos/segmented.c \
	algos/reduce.c algos/reduce_atomic.c algos/scan_hillis_steele.c algos/scan_blelloch.c \
	algos/scan_blocked.c algos/scan_brent.c algos/scan_backward.c \
	algos/scan_segmented.c algos/reduce_segmented.c algos/scan_matrix.c \
	algos/line_of_sight.c algos/sandwich.c algos/split.c algos/compact.c
# The histograms and the sorts; pyramid.c holds the histopyramid's build and
# traversal.
algos_libalgo_la_SOURCES += algos/pyramid.c
algos_libalgo_la_SOURCES += algos/histogram_tree.c
algos_libalgo_la_SOURCES += algos/histogram_atomic.c
algos_libalgo_la_SOURCES += algos/histopyramid.c
algos_libalgo_la_SOURCES += algos/counting_sort_serial.c
algos_libalgo_la_SOURCES += algos/counting_sort_scan.c
algos_libalgo_la_SOURCES += algos/counting_sort_histopyramid.c
algos_libalgo_la_SOURCES += algos/counting_sort_2d.c
algos_libalgo_la_SOURCES += algos/radix_sort.c
algos_libalgo_la_SOURCES += algos/radix_sort_msd.c
# The sparse matrix-vector product, and the Matrix Market reader it reads
# matrices with (mtx.c).
algos_libalgo_la_SOURCES += algos/spmv_csr.c algos/mtx.c algos/mtx.h
# The partitioned streams (partitions.c: their generator) and the
# matrix-product reduction.
algos_libalgo_la_SOURCES += algos/partitions.c
algos_libalgo_la_SOURCES += algos/partition_offsets.c
algos_libalgo_la_SOURCES += algos/jfa_reduce.c
algos_libalgo_la_SOURCES += algos/reduce_matrix.c algos/matrix.c
# PGM images for the grid inputs and the image outputs.
algos_libalgo_la_SOURCES += algos/pgm.c algos/pgm.h
# The summed-area table and the image programs built on it.
algos_libalgo_la_SOURCES += algos/sat.c algos/sat.h
algos_libalgo_la_SOURCES += algos/box_filter.c
algos_libalgo_la_SOURCES += algos/scatter_blur.c
algos_libalgo_la_SOURCES += algos/haar.c
# The programs whose cost or result depends on the CRCW model.
algos_libalgo_la_SOURCES += algos/max_crcw.c algos/or_crcw.c algos/leader_crcw.c
algos_libalgo_la_LIBADD = sim/libpram.la
