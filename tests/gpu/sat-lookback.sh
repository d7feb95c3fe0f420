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
done_testing
