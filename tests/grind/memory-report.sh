#!/bin/sh
# memory-report.sh - what a GPU makes of a kernel's accesses in pram check's
# report: tests/grind/reduce-interleaved.cl (a right reduction with a
# transposed load and interleaved addressing) under the one-size exercise
# tests/grind/reduce-64.exercise, and the lesson's solution. The counts are
# of the PRAM view's largest launch, one work-group of L = 64 (two
# sub-groups of 32), worked out by hand in the kernel's comment:
#   line 14, in[i]: 2 requests of 8 sectors each, 16 where 8 would do;
#   line 14, tmp[j]: 2 requests, 2-way (words 8a + b and 8(a + 4) + b share
#     a bank), 4 bank turns;
#   line 19, tmp[k] += tmp[k + s]: 3 requests (two reads, a write) by the
#     first sub-group at each of 6 levels, 18, 2-way but at s = 32 (one
#     work-item): 15 * 2 + 3 = 33 bank turns;
#   line 18, if (k < L): 2 sub-groups at 6 levels, 12, divergent at
#     s = 2 .. 32 (the first sub-group split), 5.
# The solution gets the note that every access is as cheap as it can be.
# Skips without OpenCL, Oclgrind or the plugin. Prints TAP.

. "$top_srcdir/tests/tap.sh"

ex="$top_srcdir/tests/grind/reduce-64.exercise"
cl="$top_srcdir/tests/grind/reduce-interleaved.cl"
json_get() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1" 2>&1
}

if [ "$HAVE_OPENCL" != yes ]; then
	tap_result 0 "the memory notes # SKIP pram was built without OpenCL"
	done_testing
	exit
fi
run_pram check "$ex" "$cl" --json
printf '%s\n' "$out" >"$tap_tmp/mem.json"
expect_rc 0 "the interleaved reduction is right (it passes)"
m=$(json_get "$tap_tmp/mem.json" "d['memory']")
case $m in None*)
	tap_result 0 "the memory notes # SKIP $(json_get "$tap_tmp/mem.json" "' '.join(n for n in d['notes'] if 'PRAM view' in n)")"
	done_testing
	exit
	;;
esac
expect_in "{'L': 64, 'groups': 1, 'subgroup': 32, 'banks': 32, 'bank_bytes': 4, 'sector_bytes': 32}" "$m" \
	"memory: one work-group of 64, sub-groups of 32, 32 banks of 4 bytes, sectors of 32"
line() { # LINE SPACE FIELDS: the line's record, those fields
	json_get "$tap_tmp/mem.json" "' '.join('%s=%s' % (k, x[k]) for x in d['memory_lines'] if x['line'] == $1 and x['space'] == '$2' for k in '$3'.split())"
}
v=$(line 14 global "requests sectors least worst stride array")
expect_in "requests=2 sectors=16 least=8 worst=8 stride=8 array=in" "$v" \
	"in[i] transposed: 16 sectors for 2 requests, 8 would do"
v=$(line 14 local "requests conflict_ways transactions")
expect_in "requests=2 conflict_ways=2 transactions=4" "$v" "tmp[j] transposed: 2-way"
v=$(line 19 local "requests conflict_ways transactions least step stride array")
expect_in "requests=18 conflict_ways=2 transactions=33 least=18 step=2 stride=2 array=tmp" "$v" \
	"tmp[k] interleaved: 18 requests, 2-way, 33 bank turns"
v=$(json_get "$tap_tmp/mem.json" "[(x['requests'], x['divergent']) for x in d['divergent_lines'] if x['line'] == 18]")
expect_in "[(12, 5)]" "$v" "if (k < L): 5 divergent of 12"

run_pram check "$ex" "$cl"
expect_in "note: reduce-interleaved.cl:19: tmp[k]: 2-way bank conflicts in barrier interval 2 (neighbouring work-items 2 elements apart)" \
	"$out" "the text report's worst line first, as written, with the interval and the stride"
expect_in "note: reduce-interleaved.cl:14: in[i]: 8 sectors a request where 4 would do" "$out" \
	"then the transposed load"
expect_in "consecutive work-items should access consecutive words" "$out" "with its hint"

run_pram check "$ex" "$top_srcdir/lessons/01-reduction/solutions/reduce.cl"
expect_in "every access is as coalesced and as free of bank conflicts as its bytes allow" "$out" \
	"the lesson's solution: nothing to improve"

# An exercise that grades the accesses: each wasteful line is a problem,
# kind and line, and the criterion's points go; the solution keeps them.
acc="$top_srcdir/tests/grind/reduce-64-access.exercise"
run_pram check "$acc" "$cl" --json
printf '%s' "$out" >"$tap_tmp/acc.json"
v=$(json_get "$tap_tmp/acc.json" "' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses']) + ' ' + [str(c['points']) for c in d['criteria'] if c['name'] == 'access'][0]")
expect_in "uncoalesced:14 bank-conflict:14 bank-conflict:19 0" "$v" \
	"access graded: the transposed load, both conflicts, no points"
run_pram check "$acc" "$top_srcdir/tests/grind/reduce-one-item.cl" --json
printf '%s' "$out" >"$tap_tmp/acc.json"
v=$(json_get "$tap_tmp/acc.json" "' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'] if x['kind'] == 'uncoalesced') + ' ' + [x['message'] for x in d['diagnoses'] if x['kind'] == 'uncoalesced'][0]")
expect_in "uncoalesced:10 in[k]: 64 sectors for 64 requests where 8 would hold their bytes" "$v" \
	"access graded: one work-item walking the block word by word is not coalesced"
run_pram check "$acc" "$top_srcdir/lessons/01-reduction/solutions/reduce.cl" --json
printf '%s' "$out" >"$tap_tmp/acc.json"
v=$(json_get "$tap_tmp/acc.json" "'%g/%g %s' % (d['score'], d['max_score'], [c['status'] for c in d['criteria'] if c['name'] == 'access'][0])")
expect_in "9/9 passed" "$v" "access graded: the lesson's solution keeps its points"
done_testing
