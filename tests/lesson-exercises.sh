#!/bin/sh
# lesson-exercises.sh - every exercise of every lesson, through pram check:
# its reference solution passes with full marks, and its starter file is
# graded as incomplete (it fails), never as broken (no compile error,
# crash, time-out or out-of-memory): a student starts from a file that
# builds and runs.
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
done_testing
