## kernels/local.mk - the OpenCL side: the host runtime and runners
## (libpramcl) and the kernel files installed as data.

# The kernels are data files, found in $(pkgdatadir)/kernels after install
# and in the source tree before (clrt_build).
# One .cl per algorithm, named as its algos/ file; the .clh headers hold
# what several of them share.
nobase_dist_pkgdata_DATA += kernels/common.clh kernels/scan.clh kernels/blelloch.clh \
	kernels/lookback.clh kernels/scan_onepass.clh kernels/segmented.clh kernels/segmented_onepass.clh \
	kernels/blockscan.clh kernels/count.clh kernels/warp.clh \
	kernels/reduce.cl kernels/reduce_atomic.cl kernels/scan_hillis_steele.cl kernels/scan_blelloch.cl \
	kernels/scan_blocked.cl kernels/scan_brent.cl kernels/scan_backward.cl \
	kernels/scan_segmented.cl kernels/reduce_segmented.cl kernels/scan_matrix.cl \
	kernels/line_of_sight.cl kernels/split.cl kernels/compact.cl kernels/histogram.clh \
	kernels/pyramid.clh kernels/histogram_tree.cl kernels/histogram_atomic.cl \
	kernels/histopyramid.cl kernels/counting_sort_serial.cl kernels/counting_sort_scan.cl \
	kernels/counting_sort_histopyramid.cl kernels/counting_sort_2d.cl kernels/radix_sort.cl
nobase_dist_pkgdata_DATA += kernels/spmv_csr.cl
# The partitioned streams and the matrix-product reduction (matrix.clh: the
# products scan_matrix.cl shares).
nobase_dist_pkgdata_DATA += kernels/matrix.clh kernels/reduce_matrix.cl kernels/partition_offsets.cl \
	kernels/jfa_reduce.cl
# The programs whose result depends on the CRCW model.
nobase_dist_pkgdata_DATA += kernels/or_crcw.cl kernels/leader_crcw.cl
# The plain copy that pram bench measures every algorithm against.
nobase_dist_pkgdata_DATA += kernels/copy.cl
# The summed-area table.
nobase_dist_pkgdata_DATA += kernels/sat.cl
# The query of the table the programs built on it share.
nobase_dist_pkgdata_DATA += kernels/satbox.clh
nobase_dist_pkgdata_DATA += kernels/box_filter.cl
nobase_dist_pkgdata_DATA += kernels/haar.cl
nobase_dist_pkgdata_DATA += kernels/scatter_blur.cl

# libpramcl is built either way: from the OpenCL runtime and the runners
# with OpenCL, from one stub (none.c) without, behind the same headers, so
# that the commands need no #ifdef. gpuval and the table's lookups need no
# OpenCL. Every program that links it links libalgo after it (the registry,
# and json.c, the one JSON writer, which clrt_print_devices uses).
noinst_LTLIBRARIES += kernels/libpramcl.la
kernels_libpramcl_la_SOURCES = kernels/clrt.h kernels/gpu.h kernels/gpuval.c kernels/gpuval.h kernels/student.h \
	kernels/lookup.c
kernels_libpramcl_la_CFLAGS = $(AM_CFLAGS) $(OPENCL_CFLAGS)
kernels_libpramcl_la_LIBADD = $(OPENCL_LIBS)
if HAVE_OPENCL
kernels_libpramcl_la_SOURCES += kernels/clrt.c kernels/clrtint.h kernels/gpu.c kernels/gpuint.h \
	kernels/multilevel.c kernels/pingpong.c kernels/gpu_scan_common.c kernels/gpu_reduce.c \
	kernels/gpu_reduce_atomic.c \
	kernels/gpu_scan_hillis_steele.c kernels/gpu_scan_blelloch.c kernels/gpu_scan_blocked.c \
	kernels/gpu_scan_brent.c kernels/gpu_scan_backward.c kernels/gpu_scan_segmented.c \
	kernels/gpu_reduce_segmented.c kernels/gpu_scan_matrix.c kernels/gpu_line_of_sight.c \
	kernels/gpu_sandwich.c kernels/gpu_split.c kernels/gpu_compact.c kernels/gpu_histogram_tree.c \
	kernels/gpu_histogram_atomic.c kernels/gpu_histopyramid.c kernels/gpu_counting_sort_serial.c \
	kernels/gpu_counting_sort_scan.c kernels/gpu_counting_sort_histopyramid.c \
	kernels/gpu_counting_sort_2d.c kernels/gpu_radix_sort.c kernels/bandwidth.c
kernels_libpramcl_la_SOURCES += kernels/gpu_spmv_csr.c
kernels_libpramcl_la_SOURCES += kernels/gpu_reduce_matrix.c kernels/gpu_partition_offsets.c \
	kernels/gpu_jfa_reduce.c
kernels_libpramcl_la_SOURCES += kernels/gpu_sat.c
kernels_libpramcl_la_SOURCES += kernels/gpu_box_filter.c
kernels_libpramcl_la_SOURCES += kernels/gpu_haar.c
kernels_libpramcl_la_SOURCES += kernels/gpu_scatter_blur.c
kernels_libpramcl_la_SOURCES += kernels/gpu_or_crcw.c kernels/gpu_leader_crcw.c
# A student's kernel, built and run for pram check.
kernels_libpramcl_la_SOURCES += kernels/student.c
else
kernels_libpramcl_la_SOURCES += kernels/none.c
endif

# The PRAM view's Oclgrind plugin (pram check; check/grindview.h reads
# what it records), a shared object that oclgrind --plugins loads. The
# project's LT_INIT([disable-shared]) keeps libtool from linking shared
# objects (a -module gets a static archive, -shared is a fatal error), so
# the C++ compiler links it itself (the _LINK override). Installed in
# pkglibdir; configure skips it without g++ or liboclgrind-dev. -fno-rtti as
# Oclgrind and LLVM are built: their classes have no typeinfo to refer to.
if GRIND_PLUGIN
grinddir = $(pkglibdir)
grind_PROGRAMS = kernels/oclgrind/pram_plugin.so
kernels_oclgrind_pram_plugin_so_SOURCES = kernels/oclgrind/pram_plugin.cpp
kernels_oclgrind_pram_plugin_so_CPPFLAGS = -I$(top_srcdir)/sim $(OCLGRIND_CXXFLAGS)
kernels_oclgrind_pram_plugin_so_CXXFLAGS = -std=c++14 -fPIC -fno-rtti -Wall -Wextra \
	-Wno-unused-parameter
kernels_oclgrind_pram_plugin_so_LDADD = $(OCLGRIND_LIBS)
kernels_oclgrind_pram_plugin_so_LINK = $(CXX) $(kernels_oclgrind_pram_plugin_so_CXXFLAGS) \
	$(CXXFLAGS) $(LDFLAGS) -shared -o $@
endif
EXTRA_DIST += kernels/oclgrind/pram_plugin.cpp
