## tests/local.mk - the test suite of `make check`: C unit tests printing TAP,
## the worked examples as case files, shell tests of the pram command and the
## report, and the kernel tests when OpenCL is built.

# The longest tests first, so that make check -jN starts them first: the
# kernel tests in parts (tests/gpu/test-kernels.c says why) and pram
# check's on kernels and the lessons' (each described below, with its
# files).
if HAVE_OPENCL
KERNEL_PARTS = tests/gpu/test-kernels-1 tests/gpu/test-kernels-2 tests/gpu/test-kernels-3 \
	tests/gpu/test-kernels-4
check_PROGRAMS += $(KERNEL_PARTS)
TESTS += $(KERNEL_PARTS)
endif
TESTS += tests/check.sh tests/kernel-program.sh tests/kernel-stage.sh tests/lessons.sh

check_PROGRAMS += tests/test-sim tests/test-algos tests/test-registry tests/test-scanfamily \
	tests/test-fit
TESTS += tests/test-sim tests/test-algos tests/test-registry tests/test-scanfamily tests/test-fit \
	tests/cli.sh tests/report.sh tests/layers.sh tests/program.sh tests/pram-program.sh \
	tests/profile.sh
EXTRA_DIST += tests/tap.h tests/env.sh.in tests/cli.sh tests/program.sh tests/pram-program.sh \
	tests/check/programs/sat-swapped.c tests/check/programs/segscan-walk.c \
	tests/check/programs/los-spoof.c tests/tap.sh tests/report.sh tests/layers.sh tests/profile.sh \
	tests/data/notes-scan.txt tests/data/bad-token.txt tests/data/bad-flags.txt

# Lesson 15's reduce-brent-pram against its cheats: one processor, a plain
# tree (and one padded to sqrt n steps) wider than the machine, the host
# keeping the sum.
TESTS += tests/reduce-brent-pram.sh
EXTRA_DIST += tests/reduce-brent-pram.sh tests/check/programs/reduce-brent-serial.c \
	tests/check/programs/reduce-brent-tree.c tests/check/programs/reduce-brent-host.c \
	tests/check/programs/reduce-brent-peek.c tests/check/programs/reduce-brent-padded.c \
	tests/check/programs/histogram-global.c

# spmv-csr on Matrix Market files, and the reader's refusals.
TESTS += tests/spmv-mtx.sh
EXTRA_DIST += tests/spmv-mtx.sh tests/data/spmv-notes.mtx tests/data/spmv-real-general.mtx \
	tests/data/spmv-symmetric-integer.mtx tests/data/spmv-symmetric-real.mtx \
	tests/data/spmv-pattern-general.mtx tests/data/spmv-pattern-symmetric.mtx
# Pictures through the pram command: --input image.pgm, --output FILE.pgm.
TESTS += tests/images.sh
EXTRA_DIST += tests/images.sh
# The page of pram run --html in headless Chromium (skips without one).
TESTS += tests/html.sh
EXTRA_DIST += tests/html.sh
# The figures of a report example on the course site (pram lessons --html)
# in headless Chromium: each algorithm's own, W and D side by side,
# speedup against the best sequential time.
TESTS += tests/site.sh
EXTRA_DIST += tests/site.sh

# pram bench at small sizes on the default device: its table, its JSON, its
# refusals (without OpenCL: that it fails and says why).
TESTS += tests/bench.sh
EXTRA_DIST += tests/bench.sh

tests_test_sim_SOURCES = tests/test-sim.c tests/tap.h
tests_test_sim_LDADD = sim/libpram.la

tests_test_algos_SOURCES = tests/test-algos.c tests/tap.h
tests_test_algos_LDADD = algos/libalgo.la sim/libpram.la -lm

tests_test_registry_SOURCES = tests/test-registry.c tests/tap.h
tests_test_registry_LDADD = algos/libalgo.la sim/libpram.la -lm

# The scan family, read from the registry: the scans, the segmented
# operations and the programs built on scans.
tests_test_scanfamily_SOURCES = tests/test-scanfamily.c tests/tap.h
tests_test_scanfamily_LDADD = algos/libalgo.la sim/libpram.la -lm

# The histograms, the histopyramid, the counting sorts and the radix sorts.
check_PROGRAMS += tests/test-sorts
TESTS += tests/test-sorts
tests_test_sorts_SOURCES = tests/test-sorts.c tests/tap.h tests/algotest.h
tests_test_sorts_LDADD = algos/libalgo.la sim/libpram.la -lm

# The partitioned streams and the matrix-product reduction.
check_PROGRAMS += tests/test-partitions
TESTS += tests/test-partitions
tests_test_partitions_SOURCES = tests/test-partitions.c tests/tap.h tests/algotest.h
tests_test_partitions_LDADD = algos/libalgo.la sim/libpram.la -lm
# The PGM reader and writers, and PGM images as grid inputs.
check_PROGRAMS += tests/test-pgm
TESTS += tests/test-pgm
tests_test_pgm_SOURCES = tests/test-pgm.c tests/tap.h
tests_test_pgm_LDADD = algos/libalgo.la sim/libpram.la -lm

# The summed-area table: every shape and variant, box sums, precision.
check_PROGRAMS += tests/test-sat
TESTS += tests/test-sat
tests_test_sat_SOURCES = tests/test-sat.c tests/tap.h
tests_test_sat_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_test_sat_LDADD = algos/libalgo.la sim/libpram.la -lm
EXTRA_DIST += tests/data/scene.pgm
# The programs whose cost or result depends on the CRCW model.
check_PROGRAMS += tests/test-models
TESTS += tests/test-models
tests_test_models_SOURCES = tests/test-models.c tests/tap.h tests/algotest.h
tests_test_models_LDADD = algos/libalgo.la sim/libpram.la -lm

# The case files (tests/cases/README.md), each a test run by run-cases.
check_PROGRAMS += tests/run-cases
tests_run_cases_SOURCES = tests/run-cases.c tests/tap.h
tests_run_cases_LDADD = algos/libalgo.la sim/libpram.la -lm
CASE_FILES = tests/cases/prefix-sum.case tests/cases/atomics.case tests/cases/applications.case \
	tests/cases/radix-sort.case tests/cases/spmv.case
CASE_FILES += tests/cases/histogram-and-sort.case tests/cases/radix-sort-lsd.case
CASE_FILES += tests/cases/partitioned-streams.case
CASE_FILES += tests/cases/summed-area.case
CASE_FILES += tests/cases/models.case
TEST_EXTENSIONS += .case
CASE_LOG_DRIVER = $(LOG_DRIVER)
CASE_LOG_COMPILER = tests/run-cases$(EXEEXT)
TESTS += $(CASE_FILES)
EXTRA_DIST += $(CASE_FILES) tests/cases/README.md

# pram check: the exercises' solutions and starters, the wrong solutions of
# tests/check/ diagnosed by kind and line, the outputs, the sandbox, a class
# and the Gradescope bundle.
TESTS += tests/check-classroom.sh tests/lesson-exercises.sh
check_PROGRAMS += tests/test-check
TESTS += tests/test-check
tests_test_check_SOURCES = tests/test-check.c tests/tap.h
tests_test_check_LDADD = check/libcheck.la kernels/libpramcl.la plots/libpramfit.la \
	algos/libalgo.la sim/libpram.la $(OPENCL_LIBS) -lm
EXTRA_DIST += tests/check.sh tests/check-classroom.sh tests/lesson-exercises.sh $(CHECK_CORPUS) tests/data/check-network.c
CHECK_CORPUS = tests/check/README.md tests/check/cheats/serial-sum.cl tests/check/reduce-missing-barrier.patch \
	tests/check/cheats/print-ok.cl tests/check/cheats/print-debug.cl \
	tests/check/cheats/hang-after-wrong.cl tests/check/reduce-wrong-at-8.patch \
	tests/check/scan-assert-edge.patch tests/check/reduce-assumes-16.patch \
	tests/check/reduce-divergent-barrier.patch tests/check/reduce-oob-tail.patch \
	tests/check/reduce-uninit-local.patch tests/check/reduce-fixed-size.patch \
	tests/check/reduce-cross-group.patch tests/check/reduce-infinite-loop.patch \
	tests/check/reduce-local-past-L.patch tests/check/reduce-uninit-quoted.patch \
	tests/check/reduce-include.cl tests/check/reduce-include-spliced.cl \
	tests/check/reduce-include-digraph.cl tests/check/reduce-include-comment.patch \
	tests/check/reduce-compile-error.cl tests/check/reduce-crash.cl \
	tests/check/reduce-wrong-op.patch tests/check/scan-kernel-no-barrier.patch \
	tests/check/scan-kernel-oob-tail.patch tests/check/scan-kernel-no-sums.patch \
	tests/check/scan-hillis-steele.c tests/check/scan-sequential.c tests/check/scan-crew.c \
	tests/check/scan-unwritten.c tests/check/scan-oob.c tests/check/scan-compile-error.c \
	tests/check/scan-hang.c tests/check/scan-alloc.c tests/check/scan-crash.c \
	tests/check/scan-step-forever.c \
	tests/check/scan-wrong-op.patch tests/check/scan-kernel-hillis-steele.patch \
	tests/check/predict/hs-cost.exercise \
	tests/check/predict/right.txt tests/check/predict/wrong.txt tests/check/predict/inexact.txt \
	tests/check/predict/unanswered.txt tests/check/predict/malformed.txt \
	tests/check/max/scan-max.exercise tests/check/max/scan.patch \
	tests/check/max/scan-max-pram.exercise tests/check/max/maxscan.patch

# pram check on the lessons' kernel-stage exercises: slips and cheats
# (tests/check/stage/), the lint of a stage, and pram gpu on a pipeline.
EXTRA_DIST += tests/kernel-stage.sh tests/check/stage/serial.cl \
	tests/check/stage/own-sort.cl tests/check/stage/past-end.cl \
	tests/check/stage/box-swapped.cl tests/check/stage/box-direct.cl

# pram check on a kernel-program exercise of the tests' own, with a right
# kernel, wrong ones and cheats (tests/check/kernel-program/).
EXTRA_DIST += tests/kernel-program.sh tests/check/kernel-program/hist.exercise \
	tests/check/kernel-program/hist.cl tests/check/kernel-program/wrong.cl \
	tests/check/kernel-program/oob.cl tests/check/kernel-program/race.cl \
	tests/check/kernel-program/serial.cl tests/check/kernel-program/group-serial.cl \
	tests/check/kernel-program/no-params.cl tests/check/kernel-program/global-hist.cl \
	tests/check/kernel-program/seg.exercise tests/check/kernel-program/seg.cl \
	tests/check/lessons/spmv-no-stride.cl tests/check/lessons/jfa-serial-base.cl \
	tests/check/lessons/countsort-atomic-slot.cl

# make install into a folder of the test's own: the exercises and starters
# installed, the solutions not (but in make distdir's), and the installed
# pram checking a starter from there.
TESTS += tests/install.sh
EXTRA_DIST += tests/install.sh

# The report's fit, alone.
tests_test_fit_SOURCES = tests/test-fit.c tests/tap.h

tests_test_fit_LDADD = plots/libpramfit.la -lm

# The table of algorithms with kernels against the registry (no device
# needed; without OpenCL the table must be empty).
check_PROGRAMS += tests/gpu/test-table
TESTS += tests/gpu/test-table
tests_gpu_test_table_SOURCES = tests/gpu/test-table.c tests/tap.h
tests_gpu_test_table_LDADD = kernels/libpramcl.la algos/libalgo.la sim/libpram.la \
	$(OPENCL_LIBS) -lm

if HAVE_OPENCL
check_PROGRAMS += tests/gpu/test-kernels tests/gpu/test-drivers
TESTS += tests/gpu/test-drivers tests/gpu/oclgrind.sh tests/gpu/faults.sh \
	tests/gpu/sat-lookback.sh tests/gpu/runs.sh tests/gpu/float-bins.sh

# The kernels validated as pram gpu validates them (kernels/gpuval.c):
# tests/gpu/test-kernels whole (bench/gpu-run.sh runs it on a GPU), and the
# same source built in the four parts that make check runs.
KERNELS_SOURCES = tests/gpu/test-kernels.c tests/gpu/gputest.h tests/tap.h
KERNELS_CFLAGS = $(AM_CFLAGS) $(OPENCL_CFLAGS)
KERNELS_LDADD = kernels/libpramcl.la algos/libalgo.la sim/libpram.la $(OPENCL_LIBS) -lm
tests_gpu_test_kernels_SOURCES = $(KERNELS_SOURCES)
tests_gpu_test_kernels_CFLAGS = $(KERNELS_CFLAGS)
tests_gpu_test_kernels_LDADD = $(KERNELS_LDADD)
tests_gpu_test_kernels_1_SOURCES = $(KERNELS_SOURCES)
tests_gpu_test_kernels_1_CFLAGS = $(KERNELS_CFLAGS) -DTEST_PART=1 -DTEST_PARTS=4
tests_gpu_test_kernels_1_LDADD = $(KERNELS_LDADD)
tests_gpu_test_kernels_2_SOURCES = $(KERNELS_SOURCES)
tests_gpu_test_kernels_2_CFLAGS = $(KERNELS_CFLAGS) -DTEST_PART=2 -DTEST_PARTS=4
tests_gpu_test_kernels_2_LDADD = $(KERNELS_LDADD)
tests_gpu_test_kernels_3_SOURCES = $(KERNELS_SOURCES)
tests_gpu_test_kernels_3_CFLAGS = $(KERNELS_CFLAGS) -DTEST_PART=3 -DTEST_PARTS=4
tests_gpu_test_kernels_3_LDADD = $(KERNELS_LDADD)
tests_gpu_test_kernels_4_SOURCES = $(KERNELS_SOURCES)
tests_gpu_test_kernels_4_CFLAGS = $(KERNELS_CFLAGS) -DTEST_PART=4 -DTEST_PARTS=4
tests_gpu_test_kernels_4_LDADD = $(KERNELS_LDADD)

# The drivers (kernels/gpuint.h) with the tiny kernels of tests/gpu/drivers.cl.
tests_gpu_test_drivers_SOURCES = tests/gpu/test-drivers.c tests/gpu/gputest.h tests/tap.h
tests_gpu_test_drivers_CFLAGS = $(AM_CFLAGS) $(OPENCL_CFLAGS)
tests_gpu_test_drivers_LDADD = kernels/libpramcl.la algos/libalgo.la sim/libpram.la \
	$(OPENCL_LIBS) -lm
endif

EXTRA_DIST += tests/gpu/oclgrind.sh tests/gpu/faults.sh tests/gpu/sat-lookback.sh tests/gpu/runs.sh \
	tests/gpu/float-bins.sh \
	tests/gpu/drivers.cl

# The PRAM view of a kernel (check/grindview.h): the reader on good and
# malformed files, then the Oclgrind plugin on the kernels of tests/grind,
# whose steps, work and access classes are known exactly, run by a small
# host (grind-host, built with OpenCL); that part skips without oclgrind, the
# plugin or OpenCL.
check_PROGRAMS += tests/grind/test-grindview
TESTS += tests/grind/test-grindview
tests_grind_test_grindview_SOURCES = tests/grind/test-grindview.c tests/tap.h
tests_grind_test_grindview_LDADD = check/libgrindview.la
if HAVE_OPENCL
check_PROGRAMS += tests/grind/grind-host
tests_grind_grind_host_SOURCES = tests/grind/grind-host.c
tests_grind_grind_host_CFLAGS = $(AM_CFLAGS) $(OPENCL_CFLAGS)
tests_grind_grind_host_LDADD = kernels/libpramcl.la algos/libalgo.la sim/libpram.la \
	$(OPENCL_LIBS) -lm
endif
EXTRA_DIST += tests/grind/reduce_tree.cl tests/grind/scan_hillis.cl tests/grind/scan_blelloch.cl \
	tests/grind/all_write.cl tests/grind/atomic_local.cl tests/grind/serial_sum.cl \
	tests/grind/memory.cl
# What a GPU makes of a kernel's accesses, in pram check's report.
TESTS += tests/grind/memory-report.sh
EXTRA_DIST += tests/grind/memory-report.sh tests/grind/reduce-interleaved.cl \
	tests/grind/reduce-64.exercise tests/grind/reduce-64-access.exercise tests/grind/reduce-one-item.cl

# libFuzzer targets for the readers (`make fuzz`: tests/fuzz/run.sh builds
# them with clang in build-fuzz/ and runs each for a fixed time on its
# committed corpus).
if FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz-input tests/fuzz/fuzz-options
tests_fuzz_fuzz_input_SOURCES = tests/fuzz/fuzz-input.c
tests_fuzz_fuzz_input_LDADD = algos/libalgo.la sim/libpram.la -lm
tests_fuzz_fuzz_input_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_options_SOURCES = tests/fuzz/fuzz-options.c
tests_fuzz_fuzz_options_LDADD = algos/libalgo.la sim/libpram.la -lm
tests_fuzz_fuzz_options_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
noinst_PROGRAMS += tests/fuzz/fuzz-mtx
tests_fuzz_fuzz_mtx_SOURCES = tests/fuzz/fuzz-mtx.c
tests_fuzz_fuzz_mtx_LDADD = algos/libalgo.la sim/libpram.la -lm
tests_fuzz_fuzz_mtx_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
noinst_PROGRAMS += tests/fuzz/fuzz-pgm
tests_fuzz_fuzz_pgm_SOURCES = tests/fuzz/fuzz-pgm.c
tests_fuzz_fuzz_pgm_LDADD = algos/libalgo.la sim/libpram.la -lm
tests_fuzz_fuzz_pgm_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
endif
EXTRA_DIST += tests/fuzz/fuzz-input.c tests/fuzz/fuzz-options.c tests/fuzz/run.sh
EXTRA_DIST += tests/fuzz/fuzz-mtx.c tests/fuzz/fuzz-pgm.c
.PHONY: fuzz
fuzz:
	$(SHELL) $(top_srcdir)/tests/fuzz/run.sh $(FUZZ_SECONDS)

# `make check-valgrind`: the simulator's tests, the case files and the
# command-line tests under valgrind's memcheck (no error, no leak). The
# OpenCL tests stay out: PoCL's compiler is not memcheck-clean and a kernel
# build under it takes minutes.
VALGRIND_TESTS = tests/cli.sh tests/test-scanfamily tests/test-algos tests/test-sim \
	tests/test-registry tests/test-fit $(CASE_FILES)
EXTRA_DIST += tests/valgrind.sh
CLEANFILES += tests/pram-valgrind
tests/pram-valgrind: Makefile
	$(AM_V_GEN)printf '#!/bin/sh\nexec "%s" "%s" "$$@"\n' \
		"$(abs_top_srcdir)/tests/valgrind.sh" "$(abs_top_builddir)/pram$(EXEEXT)" >$@ && \
		chmod +x $@
.PHONY: check-valgrind
check-valgrind: tests/pram-valgrind
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$(VALGRIND_TESTS)" \
		LOG_COMPILER="$(SHELL) $(abs_top_srcdir)/tests/valgrind.sh" \
		CASE_LOG_COMPILER="$(SHELL) $(abs_top_srcdir)/tests/valgrind.sh tests/run-cases$(EXEEXT)" \
		PRAM_VALGRIND=1

# pram lessons and pram lesson: the Markdown subset of the lessons (its
# renderers, escaping, malformed input), the commands on a fixture tree of
# lessons (tests/lessons/) and on the real lessons/, and the course site in
# headless Chromium (skipped without one).
check_PROGRAMS += tests/test-markdown
TESTS += tests/test-markdown
tests_test_markdown_SOURCES = tests/test-markdown.c tests/tap.h
tests_test_markdown_LDADD = cli/libcli.la algos/libalgo.la sim/libpram.la -lm
EXTRA_DIST += tests/lessons.sh tests/lessons/01-scan/lesson.md tests/lessons/01-scan/example.txt \
	tests/lessons/01-scan/scan-fixture.exercise tests/lessons/01-scan/starter/scan.c \
	tests/lessons/02-models/lesson.md tests/lessons/02-models/flags.txt

# pram check's static check of PRAM programs: the cheats of
# tests/check/lint/ each get the findings they name, the honest programs of
# lessons/ and tests/check/ none.
check_PROGRAMS += tests/test-pramlint
TESTS += tests/test-pramlint
tests_test_pramlint_SOURCES = tests/test-pramlint.c tests/tap.h
tests_test_pramlint_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_test_pramlint_LDADD = check/libpramlint.la
EXTRA_DIST += tests/check/lint/clean.c tests/check/lint/host-scan.c tests/check/lint/stash-static.c \
	tests/check/lint/stash-vla.c tests/check/lint/running-sum.c tests/check/lint/include-solution.c \
	tests/check/lint/internals.c tests/check/lint/fork.c

# pram check --prairielearn and the example question of doc/prairielearn,
# its entrypoint run on a folder shaped like the external grader's /grade.
TESTS += tests/prairielearn.sh
EXTRA_DIST += tests/prairielearn.sh
