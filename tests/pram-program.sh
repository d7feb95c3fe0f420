#!/bin/sh
# pram-program.sh - the pram-program contract's cases against the cheap
# ways to fake them (tests/check/programs/): a program that swaps a grid's
# sides (right on square images only), one that walks each segment alone
# (logarithmic only while segments are short), one that reads the case
# file and the driver's command line to fake its results; and the
# arguments a contract makes from the registry (a sort's keys in and out).
. "$top_srcdir/tests/tap.sh"
lessons="$top_srcdir/lessons"
progs="$top_srcdir/tests/check/programs"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON reports and is not installed"
json_get() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1" 2>&1
}

run_pram check "$lessons/13-summed-area-tables/sat-pram.exercise" "$progs/sat-swapped.c" --json
printf '%s' "$out" >"$tap_tmp/r.json"
v=$(json_get "$tap_tmp/r.json" "' '.join(x['kind'] for x in d['diagnoses']) + ' ' + ' '.join(str(x['case']) for x in d['diagnoses'])")
expect_in "wrong-result" "$v" "sat with w and h swapped is wrong"
expect_in " by " "$v" "on a grid that is not square (its case names w by h)"

run_pram check "$lessons/06-segmented-scan/segscan-pram.exercise" "$progs/segscan-walk.c" --json
printf '%s' "$out" >"$tap_tmp/r.json"
v=$(json_get "$tap_tmp/r.json" "'%g %s' % (d['score'], ' '.join(x['kind'] for x in d['diagnoses']))")
expect_in "7 not-work-efficient depth" "$v" \
	"walking each segment alone: right, but one long segment makes W and D grow"

# The spoof needs the static check off to run at all (it calls open, read
# and write, which the check refuses).
exec 7>"$tap_tmp/fd7"
PRAM_LINT=/nonexistent run_pram check "$lessons/07-line-of-sight/line-of-sight-pram.exercise" \
	"$progs/los-spoof.c" --may-skip discipline --json
exec 7>&-
check "the program cannot write into what pram has open (a log, a terminal)" test ! -s "$tap_tmp/fd7"
printf '%s' "$out" >"$tap_tmp/r.json"
v=$(json_get "$tap_tmp/r.json" "'%d/%d %s' % (d['cases']['passed'], d['cases']['run'], d['passed'])")
expect_in "1/11 False" "$v" "a program that writes result lines with every word of its command line as the nonce fakes nothing"
v=$(json_get "$tap_tmp/r.json" "' '.join(d['notes'])")
check "the case file is gone before the program runs" sh -c '! printf "%s" "$1" | grep -q "read the case file"' - "$v"
expect_in " as case" "$v" "the command line has lost the channel and its nonce"

# A counting sort's keys in and keys out: the output is keys_out.
cat >"$tap_tmp/sort.exercise" <<'X'
name: sort-pram
contract: pram-program
file: sort.c
entry: sort
reference: counting-sort-scan
sizes: 100
points: results 1
X
printf '#include "pram.h"\nvoid sort(void) {}\n' >"$tap_tmp/sort.c"
run_pram check "$tap_tmp/sort.exercise" "$tap_tmp/sort.c"
expect_in "void sort(pram *m, pram_array *keys, pram_array *keys_out, pram_array *from, size_t n);" "$out" \
	"an output named as an input is NAME_out, and a function of another type is shown the contract's"

# histogram-pram's machine lets a cell take at most max(64, n/64) atomics
# in a step: every record incrementing its bin of counts directly is
# right in constant depth, but its atomics on one bin take turns.
run_pram check histogram-pram "$top_srcdir/tests/check/programs/histogram-global.c" --json
printf '%s' "$out" >"$tap_tmp/hist.json"
expect_rc 1 "the histogram by global atomics alone: not passed"
v=$(json_get "$tap_tmp/hist.json" "'%g/%g' % (d['score'], d['max_score']) + ' ' + ' '.join('%s:%s' % (c['name'], c['status']) for c in d['criteria'])")
expect_in "5/11 build:passed results:passed model:failed" "$v" \
	"the histogram by global atomics alone: right, but the model fails (W and D not graded)"
v=$(json_get "$tap_tmp/hist.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'model-violation'][0]")
expect_in "atomics on one cell, more than the exercise's 64: they take turns" "$v" \
	"... the step and its atomics on one cell named"
done_testing
