#!/bin/sh
# gpu-bench.sh - every variant of pramsim's kernels at one size, beside what
# a Python user gets, in one run.
#
#   bench/gpu-bench.sh PRAM OUTDIR [log2 n] [reps] [device]
#
# Runs `pram gpu` for the reductions and scans (teaching and tuned kernels,
# integers and floats) and the rest of the scan family at n = 2^log2n on the
# device (default: nvidia) and bench/vendor.py (PyTorch and CuPy: their
# wrappers, not CUB's own figures, which bench/vendor.cu gives) in the same
# session, and writes OUTDIR/kernels.csv and OUTDIR/python.csv. Medians of
# reps timed runs after a warm-up.
set -eu
pram=$1
out=$2
logn=${3:-28}
reps=${4:-20}
device=${5:-nvidia}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
echo "algorithm,variant,op,type,inclusive,n,median_ms,min_ms,max_ms,gb_per_s,verified" >"$out/kernels.csv"
run() { # algo op type-flag incl-flag (op "" for the algorithms without --op)
	"$pram" gpu "$1" --n "2^$logn" --reps "$reps" --device "$device" ${2:+--op "$2"} $3 $4 \
		--json --no-output >"$out/one.json" || true
	python3 - "$out/one.json" "$1" "$2" "$3" "$4" >>"$out/kernels.csv" <<'PY'
import json, sys
path, algo, op, t, incl = sys.argv[1:6]
try:
    r = json.load(open(path))
except Exception as e:
    print(f"{algo},error,{op},{t},{incl},,,,,,{e}")
    sys.exit(0)
for v in r["results"]:
    tm = v["time_ms"]
    print(f'{algo},{v["variant"]},{op},{r["type"]},{r["inclusive"]},{r["n"]},'
          f'{tm["median"]:.4f},{tm["min"]:.4f},{tm["max"]:.4f},{v["gb_per_s"]:.1f},{v["verified"]}')
PY
}
for t in "" --float; do
	for op in sum max; do
		run reduce "$op" "$t" ""
	done
	run scan-blelloch sum "$t" --inclusive
	run scan-blelloch sum "$t" --exclusive
done
run scan-hillis-steele sum "" --inclusive
# The rest of the scan family and the applications, as `pram gpu` runs them
# (segment flags: each element starts a segment with probability 1/8).
run scan-backward sum --float --inclusive
run scan-brent sum --float --inclusive
run scan-matrix "" --float --inclusive
run scan-segmented sum --float --inclusive
run reduce-segmented sum --float ""
run compact "" --float ""
run split "" "" ""
run line-of-sight "" --float ""
rm -f "$out/one.json"
python3 "$here/vendor.py" "$logn" "$reps" >"$out/python.csv" || echo "vendor.py failed" >&2
column -s, -t "$out/kernels.csv" 2>/dev/null || cat "$out/kernels.csv"
column -s, -t "$out/python.csv" 2>/dev/null || cat "$out/python.csv"
