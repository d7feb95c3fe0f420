## tests/local.mk - the test suite of `make check`: C unit tests printing TAP
## and shell tests of the pram command.

check_PROGRAMS += tests/test-sim tests/test-algos tests/test-registry
TESTS += tests/test-sim tests/test-algos tests/test-registry tests/cli.sh
EXTRA_DIST += tests/tap.h tests/env.sh.in tests/cli.sh tests/tap.sh tests/data/notes-scan.txt \
	tests/data/bad-token.txt tests/data/bad-flags.txt

tests_test_sim_SOURCES = tests/test-sim.c tests/tap.h
tests_test_sim_LDADD = sim/libpram.la

tests_test_algos_SOURCES = tests/test-algos.c tests/tap.h
tests_test_algos_LDADD = src/libalgo.la sim/libpram.la -lm

tests_test_registry_SOURCES = tests/test-registry.c tests/tap.h
tests_test_registry_LDADD = src/libalgo.la sim/libpram.la -lm

# The simulator's speed benchmark (`make bench`; not a test).
noinst_PROGRAMS += bench/bench-sim
bench_bench_sim_SOURCES = bench/bench-sim.c
bench_bench_sim_LDADD = sim/libpram.la
.PHONY: bench
bench: bench/bench-sim$(EXEEXT)
	./bench/bench-sim 24 5

man1_MANS += doc/pram.1
EXTRA_DIST += doc/pram.1 setup.sh .ci/run
EXTRA_DIST += bench/gpu-bench.sh bench/gpu-run.sh bench/vendor.py
