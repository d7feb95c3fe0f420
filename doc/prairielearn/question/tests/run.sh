#!/bin/sh
# run.sh - the external grader's entrypoint (info.json): grades the
# student's file with pram check and writes results/results.json under the
# grading folder (/grade; PRAM_GRADE_ROOT names another, as the tests do).
# The exercise is named in tests/exercise; the student's file is the one
# the exercise's contract names, in student/.
set -u
grade=${PRAM_GRADE_ROOT:-/grade}
exercise=$(cat "$grade/tests/exercise")
out="$grade/results/results.json"
mkdir -p "$grade/results"
file=$(pram check --list | awk -v e="$exercise" '$1 == e { print $2 }')
if [ -z "$file" ]; then
	printf '{"gradable": false, "score": 0, "message": "the grader has no exercise %s", "tests": []}\n' \
		"$exercise" >"$out"
	exit 0
fi
if [ ! -f "$grade/student/$file" ]; then
	printf '{"gradable": true, "score": 0, "message": "no %s was submitted", "tests": []}\n' \
		"$file" >"$out"
	exit 0
fi
pram check "$exercise" "$grade/student/$file" --prairielearn "$out" >/dev/null 2>&1
if [ ! -s "$out" ]; then
	printf '{"gradable": false, "score": 0, "message": "pram check wrote no results", "tests": []}\n' >"$out"
fi
exit 0
