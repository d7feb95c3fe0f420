#!/bin/sh
# oclgrind.sh - the race check: every kernel of every algorithm that has
# kernels (pram list) runs at small sizes under Oclgrind's simulator with its
# data-race and uninitialised-memory checks, in work-groups of 32 so that
# several groups and levels run. A test passes when pram gpu verifies the
# output against the reference and Oclgrind reports nothing. Prints TAP;
# skips when configure found no oclgrind.

if test -z "$OCLGRIND"; then
	echo "1..0 # SKIP oclgrind not found"
	exit 0
fi
if test "$HAVE_OPENCL" != yes; then
	echo "1..0 # SKIP pram was built without OpenCL"
	exit 0
fi

log="${TMPDIR:-/tmp}/pram-oclgrind.$$"
trap 'rm -f "$log"' EXIT INT TERM
count=0
failed=0

check() {
	count=$((count + 1))
	desc="$*"
	# Under oclgrind only its own platform is visible, so the default device
	# choice (the first CPU, else the first device) takes it.
	if PRAM_DEVICE= "$OCLGRIND" --data-races --uninitialized \
		"$PRAM" gpu "$@" --max-group "${MAXG:-32}" --reps 1 </dev/null >"$log" 2>&1 &&
		grep -q verified "$log" && ! grep -q WRONG "$log" &&
		! grep -E -i -q 'invalid (read|write)|data race|uninitiali[sz]ed|error|barrier divergence|out of bounds' "$log"; then
		echo "ok $count - oclgrind $desc"
	else
		failed=$((failed + 1))
		echo "not ok $count - oclgrind $desc"
		sed 's/^/# /' "$log" | head -n 40
	fi
}

# Every algorithm with kernels, each variant it has (pram list --json), at
# two sizes.
pairs=$("$PRAM" list --json | python3 -c '
import json, sys
for a in json.load(sys.stdin):
    for v in a["kernel_variants"]:
        print(a["name"], v)')
if test -z "$pairs"; then
	echo "Bail out! pram list --json names no kernels"
	exit 1
fi
while read -r algo variant; do
	for n in 300 1000; do
		check "$algo" --variant "$variant" --n "$n"
	done
done <<PAIRS
$pairs
PAIRS
# Exclusive scans and float max take other paths through the kernels.
check scan-blelloch --variant tuned --exclusive --n 1000
# The tuned histogram's float records, in bins of a power of two and not
# (the loop made for each), with enough groups that one is the last.
check histogram-atomic --variant tuned --float --bins 256 --n 5000
check histogram-atomic --variant tuned --float --bins 100 --n 5000
# sat's tuned tiles of 64 x 128 cover these sizes with a few tiles; tiles of
# 4 x 8 make many, which look back along the rows and up the columns.
check sat --variant tuned --table quadrant --float --strip-rows 4 --tile-cols 8 --n 1000
# The offset table's mean: work-groups' parts, then one group's sum of them.
check sat --variant tuned --table offset --strip-rows 8 --tile-cols 16 --n 5000
check scan-hillis-steele --exclusive --float --op max --n 300
check reduce --variant tuned --float --op min --n 1000
# Integers: each group's result into the accumulator by an atomic.
check reduce --variant tuned --op max --n 5000 --max-group 64
check scan-segmented --exclusive --float --op max --n 700
# The tuned segmented kernels in tiles of 32 x 3 to 5 elements, so that
# tiles look back over several others.
check scan-segmented --variant tuned --per-proc 3 --exclusive --float --op max --n 1000
check reduce-segmented --variant tuned --per-proc 4 --n 1000
# The count mode (auto's choice above) in 2 runs, the second on the status
# words the first cleared, as in the timing loop.
check reduce-segmented --variant tuned --numbering lookback --per-proc 3 --float --op max --n 1000
check reduce-segmented --variant tuned --numbering counted --per-proc 5 --op min --n 1000
check reduce-segmented --variant tuned --carry lookback --per-proc 5 --op min --n 1000
# The fix-up's pass with registers, and with its segments to a scratch;
# tiles of 32 x 3, so that segments run across several.
check reduce-segmented --variant tuned --load direct --per-proc 3 --float --op max --n 1000
check reduce-segmented --variant tuned --numbering deferred --per-proc 3 --op min --n 1000
check reduce-segmented --variant tuned --numbering deferred --load direct --per-proc 4 --n 1000
# More than 1024 tiles: the scan of the pairs, then segreduce_place.
check reduce-segmented --variant tuned --numbering deferred --per-proc 1 --group 1 --n 1500
check reduce-segmented --variant tuned --numbering counted --tile-by warp --per-proc 8 --float --op max --n 1000
# The segments by offsets: a work-group a segment, in groups of 32 and of 4.
check reduce-segmented --variant tuned --segments offsets --float --op max --n 1000
check reduce-segmented --variant tuned --segments offsets --group 4 --op min --n 1000
check scan-backward --exclusive --op min --n 700
check scan-matrix --exclusive --float --n 700
# The one-pass line of sight's float heights (float4 loads), and tiles of
# 32 x 3 points, which look back over several others.
check line-of-sight --variant tuned --float --n 1000
check line-of-sight --variant tuned --per-proc 3 --n 1000
# Radix sort's values, wider digits and 31-bit keys (four tuned passes,
# the pairs packed: the first pass packs, two move pairs, the last
# unpacks); two passes (pack, then unpack) of the indices in work-groups
# of three warps.
check radix-sort --variant teaching --pairs yes --bits-per-pass 4 --n 700
check radix-sort --variant tuned --pairs yes --key-range 2^31 --n 3000
MAXG=128 check radix-sort --variant tuned --pairs index --group-size 96 --key-range 2^16 --n 3000
# The tuned keys alone; work-groups of several warps, whose counters the
# scan over the digits joins.
check radix-sort --variant tuned --pairs no --key-range 2^31 --n 3000
MAXG=128 check radix-sort --variant tuned --pairs yes --key-range 2^31 --keys-per-item 5 --n 3000
# The values read once the keys are out.
check radix-sort --variant tuned --pairs yes --early-values 0 --key-range 2^31 --n 3000
# Read once the keys are out, the keys' ranks kept in local memory, in
# work-groups of three warps.
check radix-sort --variant tuned --pairs yes --early-values 2 --key-range 2^31 --n 3000
MAXG=128 check radix-sort --variant tuned --pairs index --early-values 2 --group-size 96 \
	--key-range 2^31 --n 3000
# Float records in bins that are no power of two; the atomic histogram's
# bins beyond Oclgrind's 32 KiB of local memory (straight to the global
# counts); all keys equal, every atomic on one cell. One variant a run, as
# above.
check histogram-tree --float --bins 7 --n 300
for variant in teaching tuned; do
	check histogram-atomic --variant "$variant" --float --bins 1000 --n 1000
	check histogram-atomic --variant "$variant" --bins 16384 --n 1000
	check histogram-atomic --variant "$variant" --dist equal --n 1000
done
check counting-sort-scan --dist equal --n 1000
# spmv-csr's power-law rows, some across the tuned kernel's tiles of 256.
check spmv-csr --variant tuned --dist power-law --float --n 3000
# The same, each span searching R itself rather than reading the host's plan.
check spmv-csr --variant tuned --dist power-law --partition each-run --n 3000
# Its vector kernel (auto's choice for the band and the uniform rows), and
# on rows of every length.
check spmv-csr --variant tuned --dist band --float --n 3000
check spmv-csr --variant tuned --dist uniform --n 3000
check spmv-csr --variant tuned --dist power-law --method vector --lanes 8 --per-proc 3 --n 3000

echo "1..$count"
test "$failed" -eq 0
