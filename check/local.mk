## check/local.mk - libcheck, the checker behind `pram check`: exercises read,
## students' kernels and PRAM programs built, run, contained and judged.

# The PRAM view of a kernel: where the Oclgrind plugin is and the reader of
# what it records (a library of its own so its unit test links it alone).
noinst_LTLIBRARIES += check/libgrindview.la
check_libgrindview_la_SOURCES = check/grindview.c check/grindview.h
check_libgrindview_la_CPPFLAGS = $(AM_CPPFLAGS) -DPKGLIBDIR='"$(pkglibdir)"'
# The checker (check/check.h), with the libpram paths the PRAM-program check
# compiles students' files against.
noinst_LTLIBRARIES += check/libcheck.la
check_libcheck_la_SOURCES = check/check.h check/exercise.c check/contain.c \
	check/kernelcheck.c check/pramcheck.c check/grind.c check/report.c \
	check/predict.c
check_libcheck_la_CPPFLAGS = $(AM_CPPFLAGS) -DLIBDIR='"$(libdir)"' -DINCLUDEDIR='"$(includedir)"'
check_libcheck_la_LIBADD = check/libgrindview.la
# The static check of PRAM programs (libclang), a library of its own so its
# unit test links it alone.
noinst_LTLIBRARIES += check/libpramlint.la
check_libpramlint_la_SOURCES = check/pramlint.c check/pramlint.h
check_libpramlint_la_CFLAGS = $(AM_CFLAGS) $(CLANG_CFLAGS)
check_libpramlint_la_LIBADD = $(CLANG_LIBS)
check_libcheck_la_LIBADD += check/libpramlint.la
