#!/bin/sh
# sat-lookback.sh - the tuned summed-area table under its look-backs' build
# options (kernels/sat.cl, SAT_*, through PRAM_CL_OPTIONS). Where work-groups
# run one after another, as on PoCL, a tile's look-backs always find the
# tiles before finished; -DSAT_INC_EVERY=N makes only every N-th tile of a
# row of tiles (and of a column of them) publish its inclusive words, so that
# the look-backs along the rows and up the columns walk over aggregates, in
# windows of one or more tiles, the first step one tile or a window, with
# the status words read and written by atomics or not.
# Each run must verify against the reference, every kind of table, both
# types, tiles cut by the image's edges. Prints TAP.
. "$top_srcdir/tests/tap.sh"

if test "$HAVE_OPENCL" != yes; then
	echo "1..0 # SKIP pram was built without OpenCL"
	exit 0
fi

# table type options ARGS...: pram gpu sat tuned with PRAM_CL_OPTIONS set
# to options, ARGS the shape; ok when it says verified.
sat() {
	table=$1
	type=$2
	opts=$3
	shift 3
	PRAM_CL_OPTIONS=$opts "$PRAM" gpu sat --variant tuned --table "$table" $type --reps 2 \
		"$@" >"$tap_tmp/out" 2>"$tap_tmp/err"
	rc=$?
	expect_verified "sat tuned --table $table ${type:-(int)} $* with '$opts'"
}

for opts in "-DSAT_INC_EVERY=3 -DSAT_WINDOW=4" \
	"-DSAT_INC_EVERY=5 -DSAT_WINDOW=1" \
	"-DSAT_INC_EVERY=2 -DSAT_WINDOW=32 -DSAT_FIRST_ONE=0" \
	"-DSAT_INC_EVERY=7 -DSAT_WINDOW=3 -DSAT_ATOMIC_STATUS=1" \
	"-DSAT_INC_EVERY=4 -DSAT_WINDOW=2 -DSAT_FIRST_ONE=0"; do
	for table in plain offset quadrant; do
		sat "$table" --float "$opts" --n 20000 --strip-rows 3 --tile-cols 32 --max-group 8
		sat "$table" "" "$opts" --n 20000 --strip-rows 2 --tile-cols 64
	done
	sat plain --float "$opts" --n 65536 --strip-rows 1 --tile-cols 64
	sat quadrant "" "$opts" --n 65536 --strip-rows 16 --tile-cols 128
	sat offset --float "$opts" --n 300000
done
# The skeleton (-DSAT_SKELETON=1, for measurements) skips the look-backs and
# the corner: on an image of many tiles its table must come out wrong, and
# pram gpu must say so.
PRAM_CL_OPTIONS=-DSAT_SKELETON=1 run_pram gpu sat --variant tuned --float --n 300000 --reps 1
expect_rc 1 "sat tuned without its look-backs (the skeleton) fails"
expect_in "WRONG" "$out" "... and says its table is wrong"
# A device with 32 KiB of local memory (PRAM_LOCAL_MEM caps what the
# runners plan with): the default tile of 64 x 128 needs 35 KiB, so the
# runner takes 64 x 64; a tile given that does not fit is refused, naming
# the options to change; a cap that is not a number is refused.
PRAM_LOCAL_MEM=32768 "$PRAM" gpu sat --variant tuned --float --n 300000 --reps 1 \
	>"$tap_tmp/out" 2>"$tap_tmp/err"
rc=$?
expect_verified "sat tuned in 32 KiB of local memory takes narrower tiles"
PRAM_LOCAL_MEM=32768 run_pram gpu sat --variant tuned --float --n 300000 --reps 1 --tile-cols 128
expect_rc 1 "sat tuned with --tile-cols 128 in 32 KiB of local memory is refused"
expect_in "a tile of 64 rows by 128 columns needs 35076 bytes of local memory, more than the" \
	"$err" "... saying what the tile needs and what to change"
expect_in "give a smaller --strip-rows or --tile-cols" "$err" "... and which options to change"
PRAM_LOCAL_MEM=lots run_pram gpu sat --variant tuned --float --n 1000 --reps 1
expect_rc 1 "PRAM_LOCAL_MEM=lots is refused"
expect_in "PRAM_LOCAL_MEM=lots: give the bytes of local memory, a positive integer" "$err" \
	"... saying what it needs"
done_testing
