## sim/local.mk - libpram, the simulator library, and its pkg-config file.

lib_LTLIBRARIES += sim/libpram.la
sim_libpram_la_SOURCES = sim/alloc.c sim/model.c sim/machine.c sim/step.c sim/record.c \
	sim/internal.h
sim_libpram_la_CFLAGS = $(AM_CFLAGS) -O2
include_HEADERS += sim/pram.h
pkgconfig_DATA += sim/libpram.pc
EXTRA_DIST += sim/libpram.pc.in
