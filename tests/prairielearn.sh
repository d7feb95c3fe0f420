#!/bin/sh
# prairielearn.sh - pram check --prairielearn and the example question of
# doc/prairielearn: its entrypoint run on a folder shaped like the
# external grader's /grade (tests/, student/, results/), for a right
# submission, a wrong one and none; results.json read as PrairieLearn
# reads it (score from 0 to 1, gradable, tests, the W and D figure as a
# PNG in a data: URI).
. "$top_srcdir/tests/tap.sh"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON and is not installed"
bin="$tap_tmp/bin"
mkdir -p "$bin"
ln -s "$PRAM" "$bin/pram"
grade="$tap_tmp/grade"
lessons="$top_srcdir/lessons"

# grade FILE: a fresh /grade with FILE (if any) as the student's scan.c,
# the entrypoint run on it; $v is results.json read back.
grade() {
	rm -rf "$grade"
	mkdir -p "$grade/student"
	cp -r "$top_srcdir/doc/prairielearn/question/tests" "$grade/tests"
	[ -n "$1" ] && cp "$1" "$grade/student/scan.c"
	PATH="$bin:$PATH" PRAM_GRADE_ROOT="$grade" sh "$grade/tests/run.sh"
	rc=$?
	v=$(python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
imgs = d.get('images', [])
print(d['gradable'], round(d['score'], 3), ' '.join('%s=%g/%g' % (t['name'], t['points'], t['max_points']) for t in d['tests']),
      'png' if imgs and imgs[0]['url'].startswith('data:image/png;base64,iVBORw0KGgo') else 'no-png', '|', d.get('message', ''))" \
		"$grade/results/results.json" 2>&1)
}

grade "$lessons/03-blelloch/solutions/scan.c"
expect_rc 0 "the entrypoint exits 0"
expect_in "True 1 build=1/1 results=4/4 model=2/2 work=2/2 depth=1/1 png" "$v" "the solution: gradable, score 1, a test per criterion, the W and D figure as a PNG"
grade "$top_srcdir/tests/check/scan-hillis-steele.c"
expect_in "True 0.8 build=1/1 results=4/4 model=2/2 work=0/2 depth=1/1 png" "$v" "Hillis-Steele's scan: 0.8, its work test at 0"
expect_in "not-work-efficient" "$v" "... and the message names the kind"
grade ""
expect_in "True 0 " "$v" "nothing submitted: gradable, score 0"
expect_in "no scan.c was submitted" "$v" "... and says so"

# A grader that cannot check a criterion: not gradable, with why.
PRAM_LINT="$tap_tmp/no-such-lint"
export PRAM_LINT
run_pram check scan-pram "$lessons/03-blelloch/solutions/scan.c" --prairielearn "$tap_tmp/pl.json"
expect_rc 2 "a grader without the static check: exit 2"
v=$(python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print(d['gradable'], d['message'])" "$tap_tmp/pl.json" 2>&1)
expect_in "False not graded: this machine cannot grade scan-pram" "$v" "... and results.json says not gradable, and why"
done_testing
