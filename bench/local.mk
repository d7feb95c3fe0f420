## bench/local.mk - the benchmarks: the simulator's speed (`make bench`) and
## the scripts that time the kernels against vendor libraries on a GPU machine.

# The simulator's speed benchmark (`make bench`; not a test).
noinst_PROGRAMS += bench/bench-sim
bench_bench_sim_SOURCES = bench/bench-sim.c
bench_bench_sim_LDADD = sim/libpram.la
.PHONY: bench
bench: bench/bench-sim$(EXEEXT)
	./bench/bench-sim 24 5

# The vendor libraries called directly (`make vendor`, on a machine with
# CUDA: CUB and cuSPARSE; bench/gpu-run.sh runs it). Not part of `all`:
# most machines have no nvcc. NVCC and NVCC_ARCH may be overridden.
NVCC = nvcc
NVCC_ARCH = sm_90
.PHONY: vendor
vendor: bench/vendor$(EXEEXT)
bench/vendor$(EXEEXT): $(srcdir)/bench/vendor.cu
	@$(MKDIR_P) bench
	$(AM_V_GEN)$(NVCC) -O3 -arch=$(NVCC_ARCH) -o $@ $(srcdir)/bench/vendor.cu -lcusparse
CLEANFILES += bench/vendor$(EXEEXT)

EXTRA_DIST += bench/gpu-bench.sh bench/gpu-run.sh bench/vendor.py bench/vendor.cu \
	bench/table.py bench/radix-sweep.sh bench/spmv-sweep.sh bench/seg-sweep.sh \
	bench/sat-sweep.sh bench/common.sh bench/class-scale.sh
