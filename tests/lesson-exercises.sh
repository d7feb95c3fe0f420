#!/bin/sh
# lesson-exercises.sh - every exercise of every lesson, through pram check:
# its reference solution passes with full marks, and its starter file is
# graded as incomplete (it fails), never as broken (no compile error,
# crash, time-out or out-of-memory): a student starts from a file that
# builds and runs. Then pram check --lint, which says the same to a
# teacher, and names a teacher's error by its file and line.
. "$top_srcdir/tests/tap.sh"
lessons="$top_srcdir/lessons"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON reports and is not installed"
found=0
for ex in "$lessons"/*/*.exercise; do
	[ -f "$ex" ] || continue
	found=$((found + 1))
	dir=$(dirname "$ex")
	name=$(basename "$ex" .exercise)
	for role in solution starter; do
		rel=$(sed -n "s/^$role: *//p" "$ex")
		if [ -z "$rel" ] || [ ! -f "$dir/$rel" ]; then
			tap_result 1 "$name: its $role exists" "$ex names '$rel'"
			continue
		fi
		"$PRAM" check "$ex" "$dir/$rel" --json >"$tap_tmp/r.json" 2>"$tap_tmp/r.err"
		rc=$?
		if [ "$role" = solution ]; then
			check "$name: the solution passes with full marks (exit $rc)" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["passed"] and r["score"] == r["max_score"] and int(sys.argv[2]) == 0, r
' "$tap_tmp/r.json" "$rc"
		else
			check "$name: the starter is graded incomplete, not broken (exit $rc)" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
broken = {"compile-error", "crash", "timeout", "out-of-memory"}
kinds = {d["kind"] for d in r["diagnoses"]}
assert not r["passed"] and int(sys.argv[2]) == 1, r
assert not kinds & broken, kinds
' "$tap_tmp/r.json" "$rc"
		fi
	done
done
[ "$found" -gt 0 ]
tap_result $? "the lessons hold exercises ($found)"

# pram check --lint does the same for a teacher: every lesson's exercise
# right; a teacher's typo is the teacher's error (exit 2, file and line),
# never a student's diagnosis, and so is a solution that is not there.
run_pram check --lint "$lessons"/*/*.exercise
expect_rc 0 "--lint: every lesson's exercise is right"
expect_in "$found exercises linted: every one right" "$out" "--lint: says so, counting them"
sed 's/^reference: .*/reference: scan-bleloch/' "$lessons/03-blelloch/scan-pram.exercise" >"$tap_tmp/typo.exercise"
run_pram check --lint "$tap_tmp/typo.exercise"
expect_rc 2 "--lint: a typo in reference: is exit 2"
expect_in "typo.exercise:9: reference 'scan-bleloch' is not an algorithm of the registry; did you mean 'scan-blelloch'?" "$out" "--lint: the typo named with its line and the name meant"
run_pram check "$tap_tmp/typo.exercise" "$lessons/03-blelloch/solutions/scan.c"
expect_rc 2 "a student checked against the typo: exit 2, not a grade"
expect_in "typo.exercise:9:" "$err" "... the exercise's line named"
sed 's|^solution: .*|solution: solutions/gone.c|' "$lessons/03-blelloch/scan-pram.exercise" >"$tap_tmp/gone.exercise"
run_pram check --lint "$tap_tmp/gone.exercise"
expect_rc 2 "--lint: a solution that is not there is exit 2"
expect_in "gone.exercise:21: FAILED: solution 'solutions/gone.c' is not there" "$out" "--lint: the missing solution named with its line"
done_testing
