#!/bin/sh
# spmv-sweep.sh - the tuned spmv-csr on a GPU: its methods (tiles, vector)
# and their shapes on the three generated matrices, float values, then the
# fastest of each matrix with pram bench at the final size beside the
# device's copy.
#
#   sh bench/spmv-sweep.sh OUTDIR [DEVICE] [SWEEP_LOG2N] [FINAL_LOG2N]
#
# Run it in a built source tree (./pram). DEVICE is a pram device spec
# (default nvidia); the sweep runs at 2^SWEEP_LOG2N non-zeros (default 26:
# generating a matrix of 2^28 takes the host longer than all its runs), the
# final runs at 2^FINAL_LOG2N (default 28). Every run checks y against the
# sequential reference. The environment variables BAND, UNIFORM and
# POWER may replace a matrix's shapes, each "METHOD:LANES:ROWS_OR_PP:GROUP:OPTIONS"
# (LANES, ROWS_OR_PP and GROUP 0 for the kernels' own choice, OPTIONS
# commas for spaces, "-" for none: they go to PRAM_CL_OPTIONS, such as
# -DSPMV_UNROLL=2).
#
# OUTDIR gets:
#   spmv.csv    one row a run: dist, n, method, lanes, per_proc, group,
#               options, median_ms, min_ms, verified
#   bench-*.json  pram bench at the final size, the fastest shape of each
#               matrix and the defaults (--method auto)
#   log.txt     everything printed
set -u
. "$(dirname "$0")/common.sh"
out=$1
dev=${2:-nvidia}
sweep=${3:-26}
final=${4:-28}
band=${BAND:-tiles:0:8:256:- tiles:0:16:128:- vector:32:4:256:- vector:32:2:256:- \
vector:32:8:256:- vector:32:4:128:- vector:32:4:512:- vector:16:4:256:- vector:16:8:256:- \
vector:8:4:256:- vector:8:8:256:- vector:8:4:256:-DSPMV_UNROLL=4 \
vector:16:4:256:-DSPMV_UNROLL=2 vector:32:4:256:-DSPMV_STREAM=1 \
vector:32:8:256:-DSPMV_STREAM=1 tiles:0:8:256:-DSPMV_STREAM=1 vector:32:4:256:-DSPMV_CLAMP=1 \
vector:32:8:256:-DSPMV_CLAMP=1}
uniform=${UNIFORM:-tiles:0:8:256:- tiles:0:16:256:- tiles:0:16:128:- tiles:0:4:256:- \
tiles:0:8:256:-DSPMV_STREAM=1 tiles:0:16:128:-DSPMV_STREAM=1 vector:4:4:256:- \
vector:4:8:256:- vector:4:16:256:- vector:4:8:256:-DSPMV_STREAM=1 \
vector:4:8:256:-DSPMV_CLAMP=1 vector:2:8:256:-DSPMV_UNROLL=2 vector:1:8:256:-DSPMV_UNROLL=4}
power=${POWER:-tiles:0:8:256:- tiles:0:16:256:- tiles:0:16:128:- tiles:0:4:256:- \
tiles:0:8:256:-DSPMV_STREAM=1 tiles:0:16:128:-DSPMV_STREAM=1}
bench_log "$out"
bench_tmp
reps=20
echo dist,n,method,lanes,per_proc,group,options,median_ms,min_ms,verified >"$out/spmv.csv"

# The pram arguments of a shape "METHOD:LANES:PP:GROUP:OPTIONS".
shape_args() {
	echo "$1" | awk -F: '{ printf "--method %s", $1
		if ($2 != 0) printf " --lanes %s", $2
		if ($3 != 0) printf " --per-proc %s", $3
		if ($4 != 0) printf " --group %s", $4 }'
}
shape_opts() {
	o=$(echo "$1" | cut -d: -f5 | tr , ' ')
	[ "$o" = - ] && o=
	echo "$o"
}

# One run: the matrix, n's log2, the shape; its row goes to spmv.csv.
run() {
	PRAM_CL_OPTIONS=$(shape_opts "$3") ./pram gpu spmv-csr --device "$dev" --variant tuned \
		--float --dist "$1" --n "2^$2" $(shape_args "$3") --reps "$reps" --json \
		--no-output >"$tmp/run.json"
	python3 - "$tmp/run.json" "$1" "$2" "$3" >>"$out/spmv.csv" <<'PY'
import json, sys
path, dist, n, shape = sys.argv[1:5]
m, lanes, pp, group, opts = shape.split(":", 4)
head = f"{dist},{2**int(n)},{m},{lanes},{pp},{group},{opts.replace(',', ' ')}"
try:
    r = json.load(open(path))["results"][0]
    t = r["time_ms"]
    print(f"{head},{t['median']:.4f},{t['min']:.4f},{r['verified']}")
except (OSError, ValueError, KeyError, IndexError) as e:
    print(f"{head},,,failed: {e}")
PY
}

# The fastest verified shape of matrix $1 at 2^$2.
best() {
	python3 - "$out/spmv.csv" "$1" "$2" <<'PY'
import csv, sys
path, dist, n = sys.argv[1:4]
rows = [r for r in csv.DictReader(open(path))
        if r["dist"] == dist and r["n"] == str(2**int(n)) and r["verified"] == "True"]
r = min(rows, key=lambda r: float(r["median_ms"]))
o = r["options"].replace(" ", ",") or "-"
print(f"{r['method']}:{r['lanes']}:{r['per_proc']}:{r['group']}:{o}")
PY
}

for d in band uniform power-law; do
	case $d in
	band) shapes=$band ;;
	uniform) shapes=$uniform ;;
	*) shapes=$power ;;
	esac
	for s in $shapes; do
		run "$d" "$sweep" "$s"
	done
done
column -s, -t "$out/spmv.csv" 2>/dev/null || cat "$out/spmv.csv"

# The defaults and each matrix's fastest shape at the final size, beside
# the copy (pram bench times it in the same run).
for d in band uniform power-law; do
	./pram bench spmv-csr --device "$dev" --float --dist "$d" --sizes "2^$final" \
		--reps "$reps" --json >"$out/bench-$d-auto.json"
	s=$(best "$d" "$sweep") || continue
	PRAM_CL_OPTIONS=$(shape_opts "$s") ./pram bench spmv-csr --device "$dev" --float \
		--dist "$d" --sizes "2^$final" $(shape_args "$s") --reps "$reps" --json \
		>"$out/bench-$d-best.json"
	echo "$d: best shape at 2^$sweep $s"
done
python3 - "$out"/bench-*.json <<'PY'
import json, sys
for path in sys.argv[1:]:
    try:
        b = json.load(open(path))
        r = b["results"][0]
        print(f"{path.rsplit('/', 1)[-1]}: {r['params']} median {r['time_ms']['median']:.4f} ms, "
              f"{r['gb_per_s']:.0f} GB/s, {r['fraction_of_copy']:.3f} of the copy, "
              f"verified {r['verified']}")
    except (OSError, ValueError, KeyError, IndexError) as e:
        print(f"{path}: failed: {e}")
PY
