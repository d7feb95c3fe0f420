#!/bin/sh
# check-classroom.sh - the grading step of doc/github-classroom.yml, its
# lines between "begin grade" and "end grade", run in a clean folder with
# pram on PATH: a right submission scores full marks, a wrong one is
# reported and fails. Prints TAP.

. "$top_srcdir/tests/tap.sh"
wf="$top_srcdir/doc/github-classroom.yml"
sed -n '/# begin grade/,/# end grade/p' "$wf" | sed 's/^          //' >"$tap_tmp/grade.sh"
check "the workflow has a grading step" grep -q "pram check" "$tap_tmp/grade.sh"
mkdir -p "$tap_tmp/bin"
ln -sf "$PRAM" "$tap_tmp/bin/pram"

grade() { # folder: runs the step there, output in $out, status in $rc
	(cd "$1" && PATH="$tap_tmp/bin:$PATH" EXERCISE=scan-pram sh "$tap_tmp/grade.sh" &&
		python3 -c 'import json, sys; sys.exit(0 if json.load(open("report.json"))["passed"] else 1)') \
		>"$tap_tmp/out" 2>&1
	rc=$?
	out=$(cat "$tap_tmp/out")
}

mkdir -p "$tap_tmp/good/submission/src" "$tap_tmp/bad/submission"
cp "$top_srcdir/lessons/03-blelloch/solutions/scan.c" "$tap_tmp/good/submission/src/scan.c"
grade "$tap_tmp/good"
expect_rc 0 "a right submission passes"
expect_in "score: 10 / 10" "$out" "and scores full marks"
check "results.json is written" test -s "$tap_tmp/good/results.json"

cp "$top_srcdir/tests/check/scan-sequential.c" "$tap_tmp/bad/submission/scan.c"
grade "$tap_tmp/bad"
expect_rc 1 "a wrong submission fails"
expect_in "D grows linearly" "$out" "and the report says why"

mkdir -p "$tap_tmp/none/submission"
grade "$tap_tmp/none"
expect_in "no file named scan.c" "$out" "a submission without the file says so"

done_testing
