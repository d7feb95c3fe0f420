#!/bin/sh
# sat-sweep.sh - the tuned summed-area table on a GPU: its tile shapes and
# build options on a float image, then the fastest of them through pram
# bench, beside the device's copy in the same run.
#
#   sh bench/sat-sweep.sh OUTDIR [DEVICE] [LOG2N]
#
# Run it in a built source tree (./pram). DEVICE is a pram device spec
# (default nvidia); the image has 2^LOG2N pixels (default 28: 16384 by
# 16384). Every run checks its table against the sequential reference. The
# environment variable SHAPES may replace the shapes ("R:C:G ...": tile
# rows, tile columns, work-group size at most) and OPTIONS the build options
# ("opt1,opt2 ...": commas for spaces, "-" for none); each option set runs
# on the default shape, each shape with the default options. The option
# -DSAT_SKELETON=1 times the kernel without its look-backs (its table is
# wrong, and the row says so): what the look-backs cost is the difference.
# About 25 runs of 20 repetitions, each verified on the host.
#
# OUTDIR gets:
#   sat.csv     one row a run: n, strip_rows, tile_cols, max_group, options
#               (joined by "+"), median_ms, min_ms, verified
#   build.log   the device's build log of sat.cl with -cl-nv-verbose
#               (NVIDIA: registers and spills per kernel)
#   bench.json  pram bench at the fastest row's shape and options (bench
#               takes no group cap: work-groups of up to C), and the copy
#   log.txt     everything printed
set -u
. "$(dirname "$0")/common.sh"
out=$1
dev=${2:-nvidia}
log2n=${3:-28}
shapes=${SHAPES:-64:128:128 64:64:64 32:128:128 48:128:128 32:256:256 16:256:256 \
8:512:512 64:128:64}
options=${OPTIONS:-- -DSAT_SKELETON=1 -DSAT_ATOMIC_STATUS=1 -DSAT_WINDOW=1 -DSAT_WINDOW=4 \
-DSAT_WINDOW=16 -DSAT_FIRST_ONE=0 -DSAT_BACKOFF_NS=32 -DSAT_BACKOFF_NS=128 \
-cl-nv-maxrregcount=64 -cl-nv-maxrregcount=96}
bench_log "$out"
bench_tmp
reps=20
echo n,strip_rows,tile_cols,max_group,options,median_ms,min_ms,verified >"$out/sat.csv"

# One run: strip rows, tile columns, group size, build options ("-" for
# none); its row goes to sat.csv.
run() {
	opts=$(echo "$4" | tr , ' ')
	[ "$opts" = - ] && opts=
	PRAM_CL_OPTIONS=$opts ./pram gpu sat --device "$dev" --variant tuned --float \
		--n "2^$log2n" --strip-rows "$1" --tile-cols "$2" --max-group "$3" \
		--reps "$reps" --json --no-output >"$tmp/run.json"
	python3 - "$tmp/run.json" "$log2n" "$@" >>"$out/sat.csv" <<'EOF'
import json, sys
path, n, r, c, g, opts = sys.argv[1:7]
opts = opts.replace(",", "+")  # a CSV field
try:
    x = json.load(open(path))["results"][0]
    t = x["time_ms"]
    print(f"{2**int(n)},{r},{c},{g},{opts},{t['median']:.4f},{t['min']:.4f},{x['verified']}")
except (OSError, ValueError, KeyError, IndexError) as e:
    print(f"{2**int(n)},{r},{c},{g},{opts},,,failed: {e}")
EOF
}

# NVIDIA's build log: registers and spills of sat_tiles per tile height,
# and with a wider window (the runtime prints each build's log with
# PRAM_CL_BUILD_LOG). A group does one tile and leaves, so the groups
# resident an SM, which registers and a tile's local memory bound, are what
# keeps loads in flight while other groups look back.
for r in 16 32 64; do
	for o in - -DSAT_WINDOW=16; do
		echo "== tiles of $r rows, options $o"
		opts=$(echo "$o" | tr , ' ')
		[ "$opts" = - ] && opts=
		PRAM_CL_BUILD_LOG=1 PRAM_CL_OPTIONS="-cl-nv-verbose $opts" ./pram gpu sat \
			--device "$dev" --variant tuned --float --n 100003 --strip-rows "$r" \
			--tile-cols 128 --reps 1 2>&1 | grep -v '^ '
	done
done >"$out/build.log" 2>&1

for o in $options; do
	run 64 128 128 "$o"
done
for s in $shapes; do
	run $(echo "$s" | tr : ' ') -
done

# The fastest verified row, through pram bench (the copy timed first).
best=$(python3 - "$out/sat.csv" <<'EOF'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["verified"] == "True"]
r = min(rows, key=lambda r: float(r["median_ms"]))
print(r["strip_rows"], r["tile_cols"], r["max_group"], r["options"].replace("+", ","))
EOF
)
set -- $best
opts=$(echo "$4" | tr , ' ')
[ "$opts" = - ] && opts=
PRAM_CL_OPTIONS=$opts ./pram bench sat --device "$dev" --float --sizes "2^$log2n" \
	--strip-rows "$1" --tile-cols "$2" --json >"$out/bench.json"
cat "$out/sat.csv" "$out/bench.json"
