#!/bin/sh
# seg-sweep.sh - the tuned segmented reduction's ways of numbering its tiles
# and carrying a segment across them, and its tile shapes, on a GPU: one
# pram bench a configuration, each checked against the sequential
# reference, then the tuned segmented scan as it stands (the two share
# segmented_onepass.clh).
#
#   sh bench/seg-sweep.sh OUTDIR [DEVICE] [FLAGS] [SIZES]
#
# Run it in a built tree (./pram). DEVICE is a pram device spec (default
# nvidia), FLAGS the segments (default every:1024, CUB's segmented reduce
# of the same shape in bench/vendor), SIZES pram bench's (default
# 2^20,2^28). The environment variable CONFIGS may replace the
# configurations: "a;b;..." of reduce-segmented parameters, commas for
# spaces, "-" for the defaults.
#
# OUTDIR gets seg.csv (one row a configuration and size: the parameters
# with spaces, n, median_ms, min_ms, fraction_of_copy, verified),
# scan-segmented.json and log.txt.
set -u
out=$1
dev=${2:-nvidia}
flags=${3:-every:1024}
sizes=${4:-2^20,2^28}
configs=${CONFIGS:-"--carry,lookback;-;--load,direct;--numbering,deferred;\
--numbering,deferred,--load,direct;--load,direct,--per-proc,8,--group,256;\
--load,direct,--per-proc,16,--group,128;--load,direct,--per-proc,4,--group,512;\
--numbering,deferred,--load,direct,--per-proc,8,--group,256;--per-proc,16,--group,256;\
--numbering,deferred,--per-proc,16,--group,256"}
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec >"$out/log.txt" 2>&1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo config,n,median_ms,min_ms,fraction_of_copy,verified >"$out/seg.csv"
echo "$configs" | tr ';' '\n' | while read -r cfg; do
	args=$(echo "$cfg" | tr , ' ')
	[ "$args" = - ] && args=
	# shellcheck disable=SC2086
	./pram bench reduce-segmented --device "$dev" --flags "$flags" --sizes "$sizes" \
		$args --json >"$tmp/run.json"
	python3 - "$tmp/run.json" "$cfg" >>"$out/seg.csv" <<'EOF'
import json, sys
path, cfg = sys.argv[1:3]
cfg = cfg.replace(",", " ")
try:
    runs = json.load(open(path))["results"]
except (OSError, ValueError, KeyError) as e:
    print(f"{cfg},,,,,error {e}")
    sys.exit(0)
for r in runs:
    t = r["time_ms"]
    print(f'{cfg},{r["n"]},{t["median"]},{t["min"]},{r["fraction_of_copy"]},{r["verified"]}')
EOF
done
./pram bench scan-segmented --device "$dev" --flags "$flags" --sizes "$sizes" --json \
	>"$out/scan-segmented.json"
cat "$out/seg.csv"
