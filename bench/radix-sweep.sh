#!/bin/sh
# radix-sweep.sh - the tuned radix sort on a GPU: its tile shapes and build
# options, then the chosen ones at full size beside CUB's SortKeys and
# SortPairs timed in the same run.
#
#   sh bench/radix-sweep.sh OUTDIR [DEVICE] [SWEEP_LOG2N] [FINAL_LOG2N]
#
# Run it in a built source tree (./pram; bench/gpu-run.sh builds one from
# the release tarball, or ./configure && make). DEVICE is a pram device spec
# (default nvidia); the sweep runs at n = 2^SWEEP_LOG2N (default 25), the
# final runs and CUB at 2^FINAL_LOG2N (default 28). Every run checks its
# output against the sequential reference, whose sort on the host takes
# most of a run's wall time (about a minute at 2^28), hence the smaller
# sweep (about 10 minutes in all on an H100). The environment variables
# SHAPES (the keys alone), PAIR_SHAPES (pairs, early values) and
# LATE_SHAPES (pairs, --early-values 0) may replace the sweep's shapes
# ("K:G ...", keys a work-item and work-group size), OPTIONS the build
# options tried on early pairs at 16:256 ("opt1,opt2 ...": commas for
# spaces, "-" for none); FINAL=no stops after the sweep (no final size,
# no CUB).
#
# OUTDIR gets:
#   checks.txt  small sorts on the device first, every kind of values,
#               early and late, work-groups of 4 to 1024, and the build
#               options; each "verified" or not
#   radix.csv   one row a run: n, pairs, early (--early-values),
#               keys_per_item, group_size, options, median_ms, min_ms,
#               verified
#   cub.csv     bench/vendor at the final size (every primitive; its sort
#               rows are sort_keys and sort_pairs)
#   build.log   the device's build log of radix_sort.cl with
#               -cl-nv-verbose (NVIDIA: registers and spills per kernel,
#               radix_sweep_pairs_early beside radix_sweep_pairs)
#   log.txt     everything printed
set -u
. "$(dirname "$0")/common.sh"
out=$1
dev=${2:-nvidia}
sweep=${3:-25}
final=${4:-28}
shapes=${SHAPES:-20:256 24:256 28:256 32:256}
pair_shapes=${PAIR_SHAPES:-16:256 12:256 20:256 8:512 12:512 16:128 24:128 32:64}
late_shapes=${LATE_SHAPES:-20:256 24:256 28:256 32:256 36:256}
options=${OPTIONS:--DRADIX_CP_ASYNC=1 -DRADIX_VEC4=0 -DPRAM_NV_MATCH_ANY -DLOOKBACK=8 \
-DRADIX_CP_ASYNC=1,-DLOOKBACK=8}
final_runs=${FINAL:-yes}
bench_log "$out"
bench_cuda
bench_tmp
reps=20
echo n,pairs,early,keys_per_item,group_size,options,median_ms,min_ms,verified >"$out/radix.csv"

# One run: n's log2, pairs, keys a work-item, group size, build options
# ("-" for none), --early-values (1 unless given); its row goes to
# radix.csv (PRAM_PTX=0 noted with the options).
run() {
	opts=$(echo "$5" | tr , ' ')
	[ "$opts" = - ] && opts=
	PRAM_CL_OPTIONS=$opts ./pram gpu radix-sort --device "$dev" --variant tuned \
		--n "2^$1" --key-range 2^31 --pairs "$2" --keys-per-item "$3" --group-size "$4" \
		--early-values "${6:-1}" --reps "$reps" --json --no-output >"$tmp/run.json"
	python3 - "$tmp/run.json" "$1" "$2" "${6:-1}" "$3" "$4" "$5" >>"$out/radix.csv" <<'EOF'
import json, sys
import os
path, n, pairs, early, k, g, opts = sys.argv[1:8]
if os.environ.get("PRAM_PTX") == "0":
    opts += " PRAM_PTX=0"
row = f"{2**int(n)},{pairs},{early},{k},{g},{opts}"
try:
    r = json.load(open(path))["results"][0]
    t = r["time_ms"]
    print(f"{row},{t['median']:.4f},{t['min']:.4f},{r['verified']}")
except (OSError, ValueError, KeyError, IndexError) as e:
    print(f"{row},,,failed: {e}")
EOF
}

# The best run of the sweep for pairs $1 at n = 2^$2: "K G OPTIONS EARLY".
best() {
	python3 - "$out/radix.csv" "$1" "$2" <<'EOF'
import csv, sys
path, pairs, n = sys.argv[1:4]
rows = [r for r in csv.DictReader(open(path))
        if r["pairs"] == pairs and r["n"] == str(2**int(n)) and r["verified"] == "True"
        and "PRAM_PTX" not in r["options"]]
r = min(rows, key=lambda r: float(r["median_ms"]))
print(r["keys_per_item"], r["group_size"], r["options"], r["early"])
EOF
}

# NVIDIA's build log: registers and spills of each kernel (every kernel
# of the file is built), for the tuned pass at 12, 16 and 20 keys a
# work-item (the runtime prints each build's log with PRAM_CL_BUILD_LOG).
for pp in 12 16 20; do
	echo "== $pp keys a work-item"
	PRAM_CL_BUILD_LOG=1 PRAM_CL_OPTIONS=-cl-nv-verbose ./pram gpu radix-sort --device "$dev" \
		--variant tuned --n 100003 --key-range 2^31 --pairs yes --keys-per-item "$pp" \
		--reps 1 2>&1 | grep -v '^ '
done >"$out/build.log" 2>&1

# Small sorts first, each checked against the reference: the warp steps
# in PTX with whole and partial warps and tiles, one pass and four, the
# values early and late (":0"), then the build options.
for p in no index yes index:0 yes:0; do
	e=1
	[ "${p%:0}" = "$p" ] || e=0
	for g in 4 32 256 1024; do
		for n in 1000 100003; do
			for r in 2^8 2^31; do
				echo "pairs $p, groups of $g, n = $n, key-range $r:" \
					$(./pram gpu radix-sort --device "$dev" --variant tuned --n "$n" \
						--key-range "$r" --pairs "${p%:0}" --early-values "$e" \
						--group-size "$g" --max-group "$g" --reps 1 2>&1 |
						grep -o 'verified\|WRONG.*\|error.*')
			done
		done
	done
done >"$out/checks.txt"
for o in -DPRAM_NV_MATCH_ANY -DRADIX_CP_ASYNC=1 -DRADIX_VEC4=0; do
	for n in 1000 100003 1048576; do
		echo "$o, n = $n:" $(PRAM_CL_OPTIONS=$o ./pram gpu radix-sort --device "$dev" \
			--variant tuned --n "$n" --key-range 2^31 --pairs yes --reps 1 2>&1 |
			grep -o 'verified\|WRONG.*\|error.*')
	done
done >>"$out/checks.txt"
grep -c verified "$out/checks.txt"
grep -v verified "$out/checks.txt"

# The sweep: the keys alone (their kernel is the same either way), pairs
# with early values in each shape, then each option at 16:256, and the
# late values.
for s in $shapes; do
	run "$sweep" no "${s%:*}" "${s#*:}" -
done
for s in $pair_shapes; do
	run "$sweep" yes "${s%:*}" "${s#*:}" - 1
done
for o in $options; do
	[ "$o" = - ] || run "$sweep" yes 16 256 "$o" 1
done
for s in $late_shapes; do
	run "$sweep" yes "${s%:*}" "${s#*:}" - 0
done

if [ "$final_runs" = no ]; then
	column -s, -t "$out/radix.csv"
	exit 0
fi
# The final size: the defaults (24 keys a work-item alone, 32 with values
# late), the early values at their default of 16, and the best pairs of
# the sweep where it is no default; CUB in the same run.
run "$final" no 24 256 -
run "$final" index 32 256 - 0
run "$final" yes 32 256 - 0
run "$final" yes 16 256 - 1
set -- $(best yes "$sweep")
[ $# -eq 4 ] && [ "$1:$2:$3:$4" != "32:256:-:0" ] && run "$final" yes "$1" "$2" "$3" "$4"
if make vendor >"$tmp/vendor-make.log" 2>&1 || { tail -20 "$tmp/vendor-make.log"; false; }; then
	./bench/vendor "$final" --reps "$reps" >"$out/cub.csv"
	grep -E '^(id|copy|sort)' "$out/cub.csv"
fi
column -s, -t "$out/radix.csv"
