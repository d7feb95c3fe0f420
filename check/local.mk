## check/local.mk - libcheck, the checker behind `pram check`: exercises read,
## students' kernels and PRAM programs built, run, contained and judged.

# The PRAM view of a kernel: where the Oclgrind plugin is and the reader of
# what it records (a library of its own so its unit test links it alone).
noinst_LTLIBRARIES += check/libgrindview.la
check_libgrindview_la_SOURCES = check/grindview.c check/grindview.h
check_libgrindview_la_CPPFLAGS = $(AM_CPPFLAGS) -DPKGLIBDIR='"$(pkglibdir)"'
# The checker (check/check.h), with the libpram paths the PRAM-program check
# compiles students' files against: the entry point and shared helpers, the
# exercises, the result and its reports, containment, Oclgrind's
# diagnostics, and the check of each contract.
noinst_LTLIBRARIES += check/libcheck.la
check_libcheck_la_SOURCES = check/check.c check/check.h check/ckutil.h \
	check/exercise.c check/exercise.h check/report.c check/result.h \
	check/contain.c check/contain.h check/grind.c check/grind.h \
	check/contracts.h check/kernelcheck.c check/pramcheck.c \
	check/predict.c check/expr.c check/expr.h check/channel.c check/channel.h \
	check/sandbox.c check/sandbox.h check/prairielearn.c check/ports.c check/ports.h
check_libcheck_la_CPPFLAGS = $(AM_CPPFLAGS) -DLIBDIR='"$(libdir)"' -DINCLUDEDIR='"$(includedir)"' \
	-DPKGLIBEXECDIR='"$(pkglibexecdir)"' -DPKGLIBDIR='"$(pkglibdir)"'
check_libcheck_la_LIBADD = check/libgrindview.la

# pram-grind-case, the checker's helper program that Oclgrind runs on a
# student's kernel cases (check/grind.h): installed in pkglibexecdir, off
# PATH; the pram of the build tree runs the build tree's.
pkglibexec_PROGRAMS = check/pram-grind-case
check_pram_grind_case_SOURCES = check/grind-case.c
check_pram_grind_case_LDADD = check/libcheck.la kernels/libpramcl.la plots/libpramfit.la \
	algos/libalgo.la sim/libpram.la $(OPENCL_LIBS) -lm

# The static check of PRAM programs (libclang), a library of its own so its
# unit test links it alone.
noinst_LTLIBRARIES += check/libpramlint.la
check_libpramlint_la_SOURCES = check/pramlint.c check/pramlint.h
check_libpramlint_la_CFLAGS = $(AM_CFLAGS) $(CLANG_CFLAGS)
check_libpramlint_la_LIBADD = $(CLANG_LIBS)
# pram-lint, the checker's helper that runs it on a student's file in a
# process of its own: libclang's LLVM must not meet PoCL's in pram.
pkglibexec_PROGRAMS += check/pram-lint
check_pram_lint_SOURCES = check/pram-lint.c
check_pram_lint_LDADD = check/libpramlint.la
nobase_dist_pkgdata_DATA += check/pramdriver.c
