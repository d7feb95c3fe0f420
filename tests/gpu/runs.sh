#!/bin/sh
# runs.sh - the tuned kernels that keep state on the device from one run to
# the next, run many times in one process: the radix sort, whose last pass
# of an even number clears the next run's first pass's status words (its
# histogram launch the tickets and, for an odd number, those words; tile 0
# of each pass zeroes the pass's digit counts once read), the segmented
# reduction in one launch, whose two sets of status words and control words
# each run hands to the next, and its offsets (--segments offsets), which
# the first run makes and the later ones read, the reduction and the
# histogram, whose last work-group resets its count (and the histogram's
# scratch counts), the summed-area table, whose status words carry the
# run's epoch, and SpMV's plan, which the first run makes and the later
# ones read.
# Each keeps what it leaves for the next run consistent, or a later run
# reads stale words: the last of 4 and of 5 runs (an even and an odd
# number) must verify, for each number of passes, within 120 seconds (a
# ticket left unreset makes a look-back wait for a tile no group takes).
#
# On a device that runs work-groups one after another (PoCL, the default)
# a tile's predecessors have all published before it looks back, so a
# status word left over from a run before is always overwritten before it
# is read: there this checks what the runs hand over in counters and
# tickets, and the status words only on a device whose groups run at once
# (PRAM_DEVICE=nvidia make check TESTS=tests/gpu/runs.sh). Prints TAP.
. "$top_srcdir/tests/tap.sh"

if test "$HAVE_OPENCL" != yes; then
	echo "1..0 # SKIP pram was built without OpenCL"
	exit 0
fi

# runs ARGS...: pram gpu ARGS --variant tuned, 4 and then 5 timed runs
# after the warm-up; ok when each says verified.
runs() {
	for reps in 4 5; do
		timeout 120 "$PRAM" gpu "$@" --variant tuned --reps $reps >"$tap_tmp/out" \
			2>"$tap_tmp/err"
		rc=$?
		[ $rc -eq 124 ] && echo "timed out after 120 s" >>"$tap_tmp/err"
		expect_verified "pram gpu $* --variant tuned --reps $reps"
	done
}

# One to four passes of 8-bit digits, keys alone and with values.
for range in 2^8 2^16 2^24 2^31 2^32; do
	runs radix-sort --n 30011 --key-range "$range"
done
runs radix-sort --n 30011 --key-range 2^24 --pairs yes
runs radix-sort --n 30011 --key-range 2^32 --pairs yes
runs radix-sort --n 30011 --key-range 2^32 --pairs index
# The pairs packed (the default, above) through two passes, and the
# others' kernels: late, early, ranked.
runs radix-sort --n 30011 --key-range 2^16 --pairs yes
# Tiles of 32 pairs, a key a work-item: where PoCL's compiler, told that
# the pairs' stores could not touch the counters' words, moved them above
# the counters' last loads (radix_sort.cl's radix_pair_t).
runs radix-sort --n 3001 --key-range 2^32 --pairs yes --group-size 32 --keys-per-item 1
runs radix-sort --n 3001 --key-range 2^32 --pairs index --group-size 32 --keys-per-item 1
for e in 0 1 2; do
	runs radix-sort --n 30011 --key-range 2^32 --pairs yes --early-values "$e"
done
# The histogram's launch sets the passes' tickets back: with groups of at
# most 2 and 2 keys it has fewer work-items than the four passes.
runs radix-sort --n 2 --key-range 2^32 --max-group 2
runs radix-sort --n 3 --key-range 2^32 --pairs yes --max-group 1
runs reduce-segmented --n 100003 --numbering lookback
runs reduce-segmented --n 100003 --numbering counted --carry lookback
runs reduce-segmented --n 100003 --segments offsets
runs reduce --n 100003
runs histogram-atomic --n 100003 --bins 256
runs histogram-atomic --n 100003 --bins 100 --float
runs sat --n 20000 --float --strip-rows 4 --tile-cols 32
# spmv-csr's plan of the tiles' first rows, made by the first run and read
# by the later ones: in one launch (spmv_spans, up to 2^24 non-zeros) and
# above 2^24, where spmv_tiles reads it in place of spmv_partition's.
runs spmv-csr --n 100003 --dist power-law --float --method tiles
runs spmv-csr --n 16777300 --dist power-law --float --method tiles
done_testing
