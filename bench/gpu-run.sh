#!/bin/sh
# gpu-run.sh - pramsim on a machine with a GPU, in one go: build from the
# release tarball, list the devices, run the kernel tests on the GPU, time
# the kernels against the vendor libraries and the simulator against a plain
# loop, and make the report there.
#
#   bench/gpu-run.sh TARBALL OUTDIR [DEVICE] [SIZES]
#
# TARBALL is what `make dist` makes (pramsim-VERSION.tar.gz); DEVICE is a
# pram device spec (default nvidia); SIZES the report's sweep (default
# 2^12..2^28:2). OUTDIR gets log.txt (everything printed), tests.log (the
# kernel tests on the device), bench.tar.gz (kernels.csv, vendor.csv) and
# report.tar.gz (the report's folder, figures not drawn: its draw.sh draws
# them where gnuplot is). Each step goes on when one before it
# fails, so one run says as much as it can.
set -u
tarball=$1
out=$2
device=${3:-nvidia}
sizes=${4:-2^12..2^28:2}
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec >"$out/log.txt" 2>&1
set -x
work=$(mktemp -d)
tar -xzf "$tarball" -C "$work" || exit 1
src=$(ls -d "$work"/pramsim-*)
cd "$src" || exit 1
./configure -q && make -j"$(nproc)" >make.log 2>&1 || { tail -40 make.log; exit 1; }
./pram devices
PRAM_DEVICE=$device make -j"$(nproc)" check TESTS=tests/gpu/test-kernels >/dev/null 2>&1
cp tests/gpu/test-kernels.log "$out/tests.log"
tail -3 "$out/tests.log"
grep '^not ok' "$out/tests.log" | head -40
make bench/bench-sim >/dev/null && ./bench/bench-sim 24 5
mkdir -p "$work/bench"
sh bench/gpu-bench.sh ./pram "$work/bench" 28 20 "$device"
tar -czf "$out/bench.tar.gz" -C "$work" bench
# The report's figures are drawn where gnuplot is: sh report/draw.sh.
time ./pram report --device "$device" --sizes "$sizes" --reps 10 --out "$work/report" --quiet \
	--no-draw
tar -czf "$out/report.tar.gz" -C "$work" report
