#!/bin/sh
# kernel-stage.sh - pram check on the kernel-stage exercises of the lessons
# (radix sort's scatter after the project's digit and scan kernels; the box
# filter's gather after its summed-area table): the kernels of
# tests/check/stage/ that slip or cheat are each caught by the criterion
# their comment names; the exercise's lint refuses a stage that is not the
# reference's, or a signature that is not the project's kernel's; and
# `pram gpu EXERCISE --program` runs the whole pipeline. The PRAM view's
# and Oclgrind's criteria are skipped, with the report's reason, where
# they are not installed. Prints TAP.

. "$top_srcdir/tests/tap.sh"
dir="$top_srcdir/tests/check/stage"
lessons="$top_srcdir/lessons"
[ "$HAVE_OPENCL" = yes ] || skip_all "pram was built without OpenCL"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON reports and is not installed"

json_get() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1" 2>&1
}

statuses() { # FILE
	json_get "$1" "' '.join('%s=%s' % (c['name'], c['status']) for c in d['criteria'])"
}

# check EXERCISE FILE NAME: the JSON report of FILE into $tap_tmp/NAME.json
check_json() {
	run_pram check "$1" "$2" --json
	printf '%s\n' "$out" >"$tap_tmp/$3.json"
}

# The solutions: full marks, and the view holds only the stage's launches
# (W = L, one launch of the scatter a work-group size, not the project's
# digit and scan kernels, nor the sort's later passes).
check_json radix-scatter "$lessons/10-radix-sort/solutions/scatter.cl" scatter
expect_rc 0 "radix-scatter: the solution passes"
v=$(json_get "$tap_tmp/scatter.json" "d['score'] == d['max_score'] and not d['diagnoses']")
expect_in True "$v" "radix-scatter: full marks, no diagnosis"
if [ "$(json_get "$tap_tmp/scatter.json" "[c['status'] for c in d['criteria'] if c['name'] == 'work'][0]")" = not-checked ]; then
	tap_result 0 "radix-scatter: the PRAM view is the scatter's alone # SKIP the PRAM view was not measured"
else
	v=$(json_get "$tap_tmp/scatter.json" "[x for x in d['notes'] if 'PRAM view of one' in x][0]")
	expect_in "L = 2: W = 2, D = 1, EREW; L = 4: W = 4, D = 1, EREW; L = 8: W = 8, D = 1" "$v" \
		"radix-scatter: the PRAM view is the scatter's alone, one launch a size"
fi

# The starter: incomplete, never broken.
check_json radix-scatter "$lessons/10-radix-sort/starter/scatter.cl" starter
expect_rc 1 "radix-scatter: the starter fails"
v=$(statuses "$tap_tmp/starter.json")
expect_in "build=passed results=failed" "$v" "radix-scatter: the starter builds, its results are wrong"
v=$(json_get "$tap_tmp/starter.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "(the reference: radix-sort, its other stages the project's)" "$v" \
	"radix-scatter: the wrong result names the reference and whose stages ran"

# serial.cl: work-item 0 scatters every key. Right keys; D fails.
check_json radix-scatter "$dir/serial.cl" serial
expect_rc 1 "serial.cl: fails"
if [ "$(json_get "$tap_tmp/serial.json" "[c['status'] for c in d['criteria'] if c['name'] == 'depth'][0]")" = not-checked ]; then
	tap_result 0 "serial.cl: only D fails # SKIP the PRAM view was not measured"
else
	v=$(statuses "$tap_tmp/serial.json")
	expect_in "results=passed sizes=passed memory=passed work=passed depth=failed" "$v" \
		"serial.cl: right keys, only D fails"
fi

# own-sort.cl: the pass's sort by work-item 0, ignoring digit and pos.
check_json radix-scatter "$dir/own-sort.cl" own-sort
expect_rc 1 "own-sort.cl: fails"
v=$(statuses "$tap_tmp/own-sort.json")
expect_in "results=failed" "$v" "own-sort.cl: a pass cannot know its digit without the project's"

# past-end.cl: the work-items past n read and write out of bounds.
check_json radix-scatter "$dir/past-end.cl" past-end
expect_rc 1 "past-end.cl: fails"
if [ "$(json_get "$tap_tmp/past-end.json" "[c['status'] for c in d['criteria'] if c['name'] == 'memory'][0]")" = not-checked ]; then
	tap_result 0 "past-end.cl: Oclgrind finds the reads past the end # SKIP Oclgrind was not run"
else
	v=$(json_get "$tap_tmp/past-end.json" "' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'])")
	expect_in "out-of-bounds:8" "$v" "past-end.cl: Oclgrind finds the read past the end at its line"
fi

# The box filter's gather: the solution, a w/h swap (right on square
# images only) and a loop over the box's pixels.
check_json box-filter-kernel "$lessons/13-summed-area-tables/solutions/box.cl" box
expect_rc 0 "box-filter-kernel: the solution passes"
check_json box-filter-kernel "$dir/box-swapped.cl" box-swapped
expect_rc 1 "box-swapped.cl: fails"
v=$(statuses "$tap_tmp/box-swapped.json")
expect_in "results=failed" "$v" "box-swapped.cl: w and h swapped is wrong on the images of half height"
check_json box-filter-kernel "$dir/box-direct.cl" box-direct
expect_rc 1 "box-direct.cl: fails"
if [ "$(json_get "$tap_tmp/box-direct.json" "[c['status'] for c in d['criteria'] if c['name'] == 'depth'][0]")" = not-checked ]; then
	tap_result 0 "box-direct.cl: only D fails # SKIP the PRAM view was not measured"
else
	v=$(statuses "$tap_tmp/box-direct.json")
	expect_in "results=passed sizes=passed memory=passed work=passed depth=failed" "$v" \
		"box-direct.cl: right averages, only D fails"
fi

# The lint: a stage the reference's kernels do not have, a signature not
# the project's kernel's, and none at all.
ex="$lessons/10-radix-sort/radix-scatter.exercise"
sed 's/^entry: radix_scatter/entry: radix_scatterx/' "$ex" >"$tap_tmp/bad-entry.exercise"
run_pram check --lint "$tap_tmp/bad-entry.exercise"
expect_rc 2 "lint: an entry that is not a kernel of the reference is refused"
expect_in "entry: radix-sort's kernels (radix_sort.cl) have no kernel named 'radix_scatterx'" "$out" \
	"lint: ... naming the reference's kernel file"
sed 's/uint n, uint vmode)/uint n)/' "$ex" >"$tap_tmp/bad-sig.exercise"
run_pram check --lint "$tap_tmp/bad-sig.exercise"
expect_rc 2 "lint: a signature that is not the project's kernel's is refused"
expect_in "signature: the project's kernel in radix_sort.cl is 'kernel void radix_scatter(" "$out" \
	"lint: ... showing the project's"
grep -v '^signature:' "$ex" >"$tap_tmp/no-sig.exercise"
run_pram check --lint "$tap_tmp/no-sig.exercise"
expect_rc 2 "lint: a kernel-stage without its signature is refused"
expect_in "no 'signature:' line" "$out" "lint: ... saying so"

# A wrong number of arguments: the contract's signature shown, no case run.
sed 's/, uint vmode)/)/; s/vmode == 0/0/; s/vmode == 1/0/' \
	"$lessons/10-radix-sort/solutions/scatter.cl" >"$tap_tmp/scatter.cl"
check_json radix-scatter "$tap_tmp/scatter.cl" fewer
expect_rc 1 "a scatter of 7 arguments fails"
v=$(json_get "$tap_tmp/fewer.json" "d['diagnoses'][0]['message']")
expect_in "the kernel takes 7 arguments, the contract 8" "$v" "... the count of arguments and the signature"

# pram gpu runs the pipeline with the student's stage in it.
run_pram gpu radix-scatter --program "$lessons/10-radix-sort/solutions/scatter.cl" --n 5000 --reps 2
expect_rc 0 "pram gpu radix-scatter --program: runs"
expect_in "the pipeline (the reference's teaching kernels, yours in their place)" "$out" \
	"pram gpu: the time is the pipeline's"
expect_in "verified" "$out" "pram gpu: the solution's sort verified"
run_pram gpu radix-scatter --program "$lessons/10-radix-sort/starter/scatter.cl" --n 5000
expect_rc 1 "pram gpu radix-scatter --program starter: fails"
expect_in "WRONG" "$out" "pram gpu: the starter's sort is wrong"
done_testing
