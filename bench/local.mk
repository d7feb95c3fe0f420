## bench/local.mk - the benchmarks: the simulator's speed (`make bench`) and
## the scripts that time the kernels against vendor libraries on a GPU machine.

# The simulator's speed benchmark (`make bench`; not a test).
noinst_PROGRAMS += bench/bench-sim
bench_bench_sim_SOURCES = bench/bench-sim.c
bench_bench_sim_LDADD = sim/libpram.la
.PHONY: bench
bench: bench/bench-sim$(EXEEXT)
	./bench/bench-sim 24 5

EXTRA_DIST += bench/gpu-bench.sh bench/gpu-run.sh bench/vendor.py
