#!/bin/sh
# gpu-run.sh - pramsim on a machine with a GPU, in one go: build from the
# release tarball, list the devices, run the kernel tests on the GPU, time
# the kernels against CUB and cuSPARSE called directly (and beside what a
# Python user gets), time the simulator against a plain loop, and make the
# report there.
#
#   sh bench/gpu-run.sh TARBALL OUTDIR [DEVICE] [SIZES]
#
# TARBALL is what `make dist` makes (pramsim-VERSION.tar.gz); DEVICE is a
# pram device spec (default nvidia); SIZES the report's sweep (default
# 2^12..2^28:2). The environment variable STEPS may name the steps to run,
# out of "tests sim kernels compare report" (default: all of them), so that
# a run can be split in two, and COMPARE_LOGS the sizes of the comparison
# with CUB, as powers of two (default "20 24 28"), and COMPARE_EXTRAS=no
# leaves out of it the rows no vendor library has (the sort of keys with
# their indices, the partitioned reductions, split and line of sight), so
# that it fits a shorter call.
#
# OUTDIR gets:
#   log.txt         everything printed
#   tests.log       the kernel tests on the device
#   compare.md      pram bench against CUB and cuSPARSE (bench/table.py): for
#   compare.csv     each size and primitive, ours, CUB's, the ratio of the
#                   times, each as a fraction of its copy
#   bench/          kernels.csv (every kernel variant at 2^28),
#                   python.csv (PyTorch and CuPy: what a Python user gets),
#                   cub.csv (bench/vendor.cu), bench-*.json (pram bench) and
#                   compare.*
#   report.tar.gz   the report's folder, figures not drawn: its draw.sh draws
#                   them where gnuplot is
# Each step goes on when one before it fails, so one run says as much as it
# can.
set -u
. "$(dirname "$0")/common.sh"
tarball=$1
out=$2
device=${3:-nvidia}
sizes=${4:-2^12..2^28:2}
steps=${STEPS:-tests sim kernels compare report}
logs=${COMPARE_LOGS:-20 24 28}
extras=${COMPARE_EXTRAS:-yes}
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
bench_log "$out"
bench_cuda
work=$(mktemp -d)
tar -xzf "$tarball" -C "$work" || exit 1
src=$(ls -d "$work"/pramsim-*)
cd "$src" || exit 1
./configure -q && make -j"$(nproc)" >make.log 2>&1 || { tail -40 make.log; exit 1; }
./pram devices
# Whether step $1 is to run; the log gets the time each one starts.
step() { case " $steps " in *" $1 "*) date ;; *) return 1 ;; esac; }
bench="$out/bench"
mkdir -p "$bench"

# The kernel tests whole, built and run directly (`make check TESTS=...`
# left no log on an H200 machine, bench/h100/tuning.md's tenth session).
if step tests; then
	make -j"$(nproc)" tests/gpu/test-kernels >test-make.log 2>&1 || tail -20 test-make.log
	PRAM_DEVICE=$device ./tests/gpu/test-kernels >"$out/tests.log" 2>&1
	echo "tests/gpu/test-kernels: exit $?, $(grep -c '^ok' "$out/tests.log") ok," \
		"$(grep -c '^not ok' "$out/tests.log") not ok"
	grep '^not ok' "$out/tests.log" | head -40
fi

if step sim; then
	make bench/bench-sim >/dev/null && ./bench/bench-sim 24 5
fi

# Every kernel variant at 2^28, and PyTorch and CuPy (bench/vendor.py).
if step kernels; then
	sh bench/gpu-bench.sh ./pram "$bench" 28 20 "$device"
fi

# CUB and cuSPARSE themselves (bench/vendor.cu) and pram bench at the same
# sizes, in one table. Our runs are shaped as CUB's: inclusive and
# exclusive scans, segments of 1024 elements, half of the elements kept.
if step compare; then
	bsizes=$(echo $logs | sed 's/^/2^/; s/ /,2^/g')
	# Both sides time their runs back to back, 10 at a time behind a
	# kernel that holds the queue until all 10 are launched: what a run
	# costs the device in a stream, not the host's launch of one run.
	reps=50 batch=10
	if make vendor >vendor-make.log 2>&1; then
		time ./bench/vendor $logs --reps "$reps" --batch "$batch" >"$bench/cub.csv"
		column -s, -t "$bench/cub.csv" 2>/dev/null || cat "$bench/cub.csv"
	else
		tail -40 vendor-make.log
	fi
	pb() { # name, then pram bench's arguments
		name=$1
		shift
		./pram bench "$@" --sizes "$bsizes" --reps "$reps" --batch "$batch" \
			--device "$device" --json >"$bench/bench-$name.json"
		echo "pram bench $*: exit $? at $(date +%T)"
	}
	# Only the primitives the table compares: every algorithm at 2^28
	# would include the serial counting sort, one work-item for them all.
	pb reduce reduce
	pb inclusive scan-blelloch --inclusive
	pb exclusive scan-blelloch --exclusive
	pb segments-1024 reduce-segmented scan-segmented --flags every:1024
	# The segments by offsets, as CUB's DeviceSegmentedReduce takes them.
	pb segments-1024-offsets reduce-segmented --flags every:1024 --segments offsets
	pb half-kept compact --flags random:2
	pb hist-uniform histogram-atomic --bins 256 --dist uniform
	pb hist-equal histogram-atomic --bins 256 --dist equal
	pb hist-float histogram-atomic --bins 256 --dist uniform --float
	# Full 32-bit keys, as CUB's SortKeys and SortPairs sort.
	pb sort-keys radix-sort --key-range 2^32 --bits-per-pass 8 --pairs no
	pb sort-pairs radix-sort --key-range 2^32 --bits-per-pass 8 --pairs yes
	# cuSPARSE's three matrices, float values, n non-zeros.
	for d in band uniform power-law; do
		pb "spmv-$d" spmv-csr --float --dist "$d"
	done
	# The summed-area table of a square float image, beside two
	# torch.cumsum calls (vendor.py's row torch_sat); the partitioned
	# reductions, which no vendor library has.
	pb sat sat --float
	if [ "$extras" != no ]; then
		# Keys with their indices: no vendor call, and 2^28 keys'
		# generation and check on the host take most of a minute.
		pb sort-index radix-sort --key-range 2^32 --bits-per-pass 8 --pairs index
		pb partitions jfa-reduce reduce-matrix partition-offsets
		pb apps split line-of-sight
	fi
	: >"$bench/python-compare.csv"
	for l in $logs; do
		python3 bench/vendor.py "$l" "$reps" >"$bench/python-$l.csv" &&
			{ [ -s "$bench/python-compare.csv" ] && sed 1d "$bench/python-$l.csv" ||
				cat "$bench/python-$l.csv"; } >>"$bench/python-compare.csv"
	done
	python3 bench/table.py "$bench/cub.csv" "$bench/compare" "$bench/python-compare.csv" \
		"$bench"/bench-*.json &&
		cp "$bench/compare.csv" "$bench/compare.md" "$out/"
	cat "$bench/compare.md"
fi

if step report; then
	# The report's figures are drawn where gnuplot is: sh report/draw.sh.
	time ./pram report --device "$device" --sizes "$sizes" --reps 10 --out "$work/report" \
		--quiet --no-draw
	tar -czf "$out/report.tar.gz" -C "$work" report
fi
