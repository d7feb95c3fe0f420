#!/bin/sh
# reduce-brent-pram.sh - lesson 15's reduce-brent-pram (the sum on p =
# ceil(sqrt n) processors of the EREW PRAM) against the cheap ways to fake
# it (tests/check/programs/reduce-brent-*.c): one processor adding every
# element, right and W = n but D = n; lesson 1's plain tree on n / 2
# processors, right and W = O(n), but its steps wider than the machine's
# p processors (processors:), and the same tree padded with idle steps
# until D grows as sqrt n; and the sum kept by the host, in a variable of its own or read
# back between steps, which the static check refuses and the sealed
# machine stops.
. "$top_srcdir/tests/tap.sh"
ex="$top_srcdir/lessons/15-beyond-brent/reduce-brent-pram.exercise"
progs="$top_srcdir/tests/check/programs"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON reports and is not installed"
# SCORE KINDS: the score, then each diagnosis's kind and criterion.
grade() {
	printf '%s' "$out" >"$tap_tmp/r.json"
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print('%g/%g' % (d['score'], d['max_score']), ' '.join('%s:%s' % (x['kind'], x['criterion']) for x in d['diagnoses']))" \
		"$tap_tmp/r.json" 2>&1
}

# The static check runs where it is built; without it these two are
# graded the same (they break no rule of it).
run_pram check "$ex" "$progs/reduce-brent-serial.c" --may-skip discipline --json
expect_rc 1 "one processor adding every element: not passed"
expect_in "8/10 depth:depth" "$(grade)" \
	"one processor adding every element: right, W = n, but D = n loses the 2 depth points"

run_pram check "$ex" "$progs/reduce-brent-tree.c" --may-skip discipline --json
expect_rc 1 "a plain tree on n / 2 processors: not passed"
expect_in "4/10 model-violation:model" "$(grade)" \
	"a plain tree on n / 2 processors: right, but its steps are wider than the machine's p processors: the model fails, and W and D are not graded"
expect_in "more than the machine's p = 2 processors can (p t = 2)" "$out" \
	"... the first wide step named, with its work, its time and p"

# The tree padded with idle steps, so that D grows as sqrt n as the
# bounds want: the machine's p processors still cannot run its first steps.
run_pram check "$ex" "$progs/reduce-brent-padded.c" --may-skip discipline --json
expect_rc 1 "the plain tree padded with sqrt n idle steps: not passed"
expect_in "4/10 model-violation:model" "$(grade)" \
	"the plain tree padded with sqrt n idle steps: D = Theta(sqrt n), but its steps are wider than p processors: the model fails"

if [ "$HAVE_LIBCLANG" = yes ]; then
	run_pram check "$ex" "$progs/reduce-brent-host.c" --json
	expect_in "0/10 discipline:build" "$(grade)" \
		"the sum kept in a variable of the host: refused by the static check, 0 points"
	run_pram check "$ex" "$progs/reduce-brent-peek.c" --json
	expect_in "0/10 discipline:build" "$(grade)" \
		"the host reading the machine between steps: refused by the static check, 0 points"
fi
# Without the static check the sealed machine still fails the host's read.
PRAM_LINT=/nonexistent run_pram check "$ex" "$progs/reduce-brent-peek.c" --may-skip discipline --json
v=$(grade)
expect_in "discipline:build" "$v" "the host reading the machine between steps, no static check: the sealed machine fails it"
case $v in
0/* | 0.* | 1/* | 1.*) tap_result 0 "... and it scores next to nothing ($v)" ;;
*) tap_result 1 "... and it scores next to nothing" "$v" ;;
esac
done_testing
