#!/bin/sh
# radix-sweep.sh - the tuned radix sort on a GPU: its tile shapes and build
# options, then the chosen ones at full size beside CUB's SortKeys and
# SortPairs timed in the same run.
#
#   sh bench/radix-sweep.sh OUTDIR [DEVICE] [SWEEP_LOG2N] [FINAL_LOG2N]
#
# Run it in a built source tree (./pram; bench/gpu-run.sh builds one from
# the release tarball, or ./configure && make). DEVICE is a pram device spec
# (default nvidia); the sweep runs at n = 2^SWEEP_LOG2N (default 26), the
# final runs and CUB at 2^FINAL_LOG2N (default 28). Every run checks its
# output against the sequential reference, whose sort on the host takes
# most of a run's wall time (about a minute at 2^28), hence the smaller
# sweep (about 10 minutes in all on an H100). The environment variable
# SHAPES may replace the sweep's shapes ("K:G ...", keys a work-item and
# work-group size) and OPTIONS its build options ("opt1,opt2 ...": commas
# for spaces, "-" for none).
#
# OUTDIR gets:
#   checks.txt  small sorts on the device first, every kind of values,
#               work-groups of 4 to 1024, each "verified" or not
#   radix.csv   one row a run: n, pairs, keys_per_item, group_size,
#               options, median_ms, min_ms, verified
#   cub.csv     bench/vendor at the final size (every primitive; its sort
#               rows are sort_keys and sort_pairs)
#   build.log   the device's build log of radix_sort.cl with
#               -cl-nv-verbose (NVIDIA: registers and spills per kernel)
#   log.txt     everything printed
set -u
out=$1
dev=${2:-nvidia}
sweep=${3:-25}
final=${4:-28}
shapes=${SHAPES:-16:256 8:256 12:256 20:256 24:256 16:128 24:128 32:128 12:512 16:512}
options=${OPTIONS:-- -DPRAM_NV_MATCH_ANY -DLOOKBACK=8 -DLOOKBACK=2 -cl-nv-maxrregcount=64 \
-cl-nv-maxrregcount=48}
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec >"$out/log.txt" 2>&1
set -x
PATH=$PATH:/usr/local/cuda/bin
export PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
reps=20
echo n,pairs,keys_per_item,group_size,options,median_ms,min_ms,verified >"$out/radix.csv"

# One run: n's log2, pairs, keys a work-item, group size, build options
# ("-" for none); its row goes to radix.csv (PRAM_PTX=0 noted with the
# options).
run() {
	opts=$(echo "$5" | tr , ' ')
	[ "$opts" = - ] && opts=
	PRAM_CL_OPTIONS=$opts ./pram gpu radix-sort --device "$dev" --variant tuned \
		--n "2^$1" --key-range 2^31 --pairs "$2" --keys-per-item "$3" --group-size "$4" \
		--reps "$reps" --json --no-output >"$tmp/run.json"
	python3 - "$tmp/run.json" "$@" >>"$out/radix.csv" <<'EOF'
import json, sys
import os
path, n, pairs, k, g, opts = sys.argv[1:7]
if os.environ.get("PRAM_PTX") == "0":
    opts += " PRAM_PTX=0"
try:
    r = json.load(open(path))["results"][0]
    t = r["time_ms"]
    print(f"{2**int(n)},{pairs},{k},{g},{opts},{t['median']:.4f},{t['min']:.4f},{r['verified']}")
except (OSError, ValueError, KeyError, IndexError) as e:
    print(f"{2**int(n)},{pairs},{k},{g},{opts},,,failed: {e}")
EOF
}

# The best shape or options of the sweep for pairs $1: "K G OPTIONS".
best() {
	python3 - "$out/radix.csv" "$1" "$2" <<'EOF'
import csv, sys
path, pairs, n = sys.argv[1:4]
rows = [r for r in csv.DictReader(open(path))
        if r["pairs"] == pairs and r["n"] == str(2**int(n)) and r["verified"] == "True"
        and "PRAM_PTX" not in r["options"]]
r = min(rows, key=lambda r: float(r["median_ms"]))
print(r["keys_per_item"], r["group_size"], r["options"])
EOF
}

# NVIDIA's build log: registers and spills of each kernel, for the tuned
# pass at 16 and 24 keys a work-item (the runtime prints each build's log
# with PRAM_CL_BUILD_LOG).
for pp in 16 24; do
	echo "== $pp keys a work-item"
	PRAM_CL_BUILD_LOG=1 PRAM_CL_OPTIONS=-cl-nv-verbose ./pram gpu radix-sort --device "$dev" \
		--variant tuned --n 100003 --key-range 2^31 --keys-per-item "$pp" --reps 1 2>&1 |
		grep -v '^ '
done >"$out/build.log" 2>&1

# Small sorts first, each checked against the reference: the warp steps
# in PTX with whole and partial warps and tiles, one pass and four.
for p in no index yes; do
	for g in 4 32 256 1024; do
		for n in 1000 100003; do
			for r in 2^8 2^31; do
				echo "pairs $p, groups of $g, n = $n, key-range $r:" \
					$(./pram gpu radix-sort --device "$dev" --variant tuned --n "$n" \
						--key-range "$r" --pairs "$p" --group-size "$g" \
						--max-group "$g" --reps 1 2>&1 | grep -o 'verified\|WRONG.*\|error.*')
			done
		done
	done
done >"$out/checks.txt"
echo "match.any:" $(PRAM_CL_OPTIONS=-DPRAM_NV_MATCH_ANY ./pram gpu radix-sort --device "$dev" \
	--variant tuned --n 100003 --key-range 2^31 --pairs yes --reps 1 2>&1 |
	grep -o 'verified\|WRONG.*\|error.*') >>"$out/checks.txt"
grep -c verified "$out/checks.txt"
grep -v verified "$out/checks.txt"

# The sweep: shapes with the default options, then the options with the
# default shape; the keys alone and pairs.
for p in no yes; do
	for s in $shapes; do
		run "$sweep" "$p" "${s%:*}" "${s#*:}" -
	done
	for o in $options; do
		[ "$o" = - ] || run "$sweep" "$p" 16 256 "$o"
	done
done
PRAM_PTX=0 run "$sweep" no 16 256 "-" # the portable kernels on the same device

# The final size: the default shape for each kind of values, then each
# kind's best of the sweep; CUB in the same run.
for p in no index yes; do
	run "$final" "$p" 16 256 -
done
for p in no yes; do
	set -- $(best "$p" "$sweep")
	[ $# -eq 3 ] && run "$final" "$p" "$1" "$2" "$3"
done
if make vendor >"$tmp/vendor-make.log" 2>&1 || { tail -20 "$tmp/vendor-make.log"; false; }; then
	./bench/vendor "$final" --reps "$reps" >"$out/cub.csv"
	grep -E '^(id|copy|sort)' "$out/cub.csv"
fi
column -s, -t "$out/radix.csv"
