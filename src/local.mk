## src/local.mk - the pram command and the algorithm registry.

# The registry and the PRAM programs, shared by pram, the tests and the report.
noinst_LTLIBRARIES += src/libalgo.la
# One file per algorithm (src/algos/list.h lists them), and the building
# blocks they share (common.c: scans and flags; segmented.c: the segmented
# doubling steps).
src_libalgo_la_SOURCES = src/algo.c src/algo.h src/registry.c src/simrun.c src/simrun.h \
	src/json.c src/json.h \
	src/algos/list.h src/algos/common.c src/algos/common.h src/algos/segmented.c \
	src/algos/reduce.c src/algos/reduce_atomic.c src/algos/scan_hillis_steele.c src/algos/scan_blelloch.c \
	src/algos/scan_blocked.c src/algos/scan_brent.c src/algos/scan_backward.c \
	src/algos/scan_segmented.c src/algos/reduce_segmented.c src/algos/scan_matrix.c \
	src/algos/line_of_sight.c src/algos/sandwich.c src/algos/split.c src/algos/compact.c
# The histograms and the sorts; pyramid.c holds the histopyramid's build and
# traversal.
src_libalgo_la_SOURCES += src/algos/pyramid.c
src_libalgo_la_SOURCES += src/algos/histogram_tree.c
src_libalgo_la_SOURCES += src/algos/histogram_atomic.c
src_libalgo_la_SOURCES += src/algos/histopyramid.c
src_libalgo_la_SOURCES += src/algos/counting_sort_serial.c
src_libalgo_la_SOURCES += src/algos/counting_sort_scan.c
src_libalgo_la_SOURCES += src/algos/counting_sort_histopyramid.c
src_libalgo_la_SOURCES += src/algos/counting_sort_2d.c
src_libalgo_la_SOURCES += src/algos/radix_sort.c
src_libalgo_la_SOURCES += src/algos/radix_sort_msd.c
# The sparse matrix-vector product, and the Matrix Market reader it reads
# matrices with (mtx.c).
src_libalgo_la_SOURCES += src/algos/spmv_csr.c src/mtx.c src/mtx.h
# The partitioned streams (partitions.c: their generator) and the
# matrix-product reduction.
src_libalgo_la_SOURCES += src/algos/partitions.c
src_libalgo_la_SOURCES += src/algos/partition_offsets.c
src_libalgo_la_SOURCES += src/algos/jfa_reduce.c
src_libalgo_la_SOURCES += src/algos/reduce_matrix.c src/algos/matrix.c
# PGM images for the grid inputs and the image outputs.
src_libalgo_la_SOURCES += src/pgm.c src/pgm.h
# The summed-area table and the image programs built on it.
src_libalgo_la_SOURCES += src/algos/sat.c src/algos/sat.h
src_libalgo_la_SOURCES += src/algos/box_filter.c
src_libalgo_la_SOURCES += src/algos/scatter_blur.c
src_libalgo_la_SOURCES += src/algos/haar.c
# The programs whose cost or result depends on the CRCW model.
src_libalgo_la_SOURCES += src/algos/max_crcw.c src/algos/or_crcw.c src/algos/leader_crcw.c
# The page of pram run --html: html.c writes it, src/run.html is its text
# (HTML, CSS and JavaScript, readable as they are), made at build time into
# a C array of its lines, html_run_template.
src_libalgo_la_SOURCES += src/html.c src/html.h
nodist_src_libalgo_la_SOURCES = src/run_html.c
CLEANFILES += src/run_html.c
EXTRA_DIST += src/run.html
src/run_html.c: $(top_srcdir)/src/run.html
	$(AM_V_GEN)$(MKDIR_P) src && { \
	  echo '/* run_html.c - made from src/run.html by src/local.mk: do not edit. */'; \
	  echo '#include "html.h"'; \
	  echo 'const char *const html_run_template[] = {'; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n",/' \
	    $(top_srcdir)/src/run.html; \
	  echo 'NULL};'; } >$@-t && mv $@-t $@
src_libalgo_la_LIBADD = sim/libpram.la

bin_PROGRAMS += pram
pram_SOURCES = src/main.c src/cli.c src/cli.h src/cmd_list.c src/cmd_run.c src/cmd_gpu.c \
	src/cmd_report.c src/cmd_bench.c
# libpramcl is there with or without OpenCL (kernels/local.mk).
pram_LDADD = kernels/libpramcl.la src/libalgo.la sim/libpram.la $(OPENCL_LIBS) -lm

# The PRAM view of a kernel (pram check): where the Oclgrind plugin is and
# the reader of what it records.
noinst_LTLIBRARIES += src/check/libgrindview.la
src_check_libgrindview_la_SOURCES = src/check/grindview.c src/check/grindview.h
src_check_libgrindview_la_CPPFLAGS = $(AM_CPPFLAGS) -DPKGLIBDIR='"$(pkglibdir)"'
# pram check: the checker (src/check/check.h), its command and the
# libpram paths the PRAM-program check compiles students' files against.
noinst_LTLIBRARIES += src/check/libcheck.la
src_check_libcheck_la_SOURCES = src/check/check.h src/check/exercise.c src/check/contain.c \
	src/check/kernelcheck.c src/check/pramcheck.c src/check/grind.c src/check/report.c \
	src/check/predict.c
src_check_libcheck_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plots -DLIBDIR='"$(libdir)"' \
	-DINCLUDEDIR='"$(includedir)"'
src_check_libcheck_la_LIBADD = src/check/libgrindview.la
pram_SOURCES += src/cmd_check.c
pram_LDADD += src/check/libcheck.la plots/libpramfit.la
# pram lessons and pram lesson: the lessons read (lesson.c), their Markdown
# subset rendered for a terminal and as HTML (markdown.c).
pram_SOURCES += src/cmd_lessons.c src/lesson.c src/lesson.h src/markdown.c src/markdown.h
