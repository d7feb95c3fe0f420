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
	check/predict.c check/expr.c check/expr.h
check_libcheck_la_CPPFLAGS = $(AM_CPPFLAGS) -DLIBDIR='"$(libdir)"' -DINCLUDEDIR='"$(includedir)"'
check_libcheck_la_LIBADD = check/libgrindview.la
