#!/bin/sh
# kernel-program.sh - pram check on a kernel-program exercise of the tests'
# own (tests/check/kernel-program/hist.exercise: the atomic histogram, its
# port x in, counts out, a local array and the parameter bins): the right
# kernel gets full marks; each other kernel there is diagnosed as its
# "expect: KIND [LINE]" comment says (a wrong count naming the port, a
# write past the output's end, a race, arguments that are not the
# contract's, and cheats whose counts are right but whose PRAM view is
# not), and a lesson's kernel that skips what its exercise's inputs demand.
# The kinds that only Oclgrind or the plugin find are skipped, with
# the report's reason, where they are not installed. Prints TAP.

. "$top_srcdir/tests/tap.sh"
dir="$top_srcdir/tests/check/kernel-program"
ex="$dir/hist.exercise"
[ "$HAVE_OPENCL" = yes ] || skip_all "pram was built without OpenCL"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON reports and is not installed"

# json_get FILE EXPR: a Python expression over the parsed report d.
json_get() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1" 2>&1
}

status_of() { # FILE CRITERION
	json_get "$1" "[c['status'] for c in d['criteria'] if c['name'] == '$2'][0]"
}

# The right kernel: full marks, every criterion checked here.
run_pram check "$ex" "$dir/hist.cl" --json
printf '%s\n' "$out" >"$tap_tmp/right.json"
expect_rc 0 "hist.cl: the right kernel passes"
v=$(json_get "$tap_tmp/right.json" "d['passed'] and d['score'] == d['max_score'] and not d['diagnoses']")
expect_in True "$v" "hist.cl: full marks, no diagnosis"
v=$(json_get "$tap_tmp/right.json" "[x for x in d['notes'] if 'work-group sizes tried' in x][0]")
expect_in "L = 4, 16, 64" "$v" "hist.cl: the exercise's local-sizes tried"
v=$(json_get "$tap_tmp/right.json" "'%d of %d' % (d['cases']['passed'], d['cases']['run'])")
expect_in "24 of 24" "$v" "hist.cl: 8 cases a work-group size, all right"

# An input with segment flags: the flags packed 32 a word, bit i % 32 of
# word i / 32 element i's.
run_pram check "$dir/seg.exercise" "$dir/seg.cl" --json
printf '%s\n' "$out" >"$tap_tmp/seg.json"
expect_rc 0 "seg.cl: the segmented scan by the packed flags passes"
v=$(json_get "$tap_tmp/seg.json" "'%d of %d' % (d['cases']['passed'], d['cases']['run'])")
expect_in "18 of 18" "$v" "seg.cl: every case right"

# Each wrong kernel, by the kind (and line) its comment expects.
for f in "$dir"/*.cl; do
	base=$(basename "$f")
	case $base in hist.cl | seg.cl) continue ;; esac
	want=$(sed -n 's/^.*expect: *\([a-z-]*\).*$/\1/p' "$f" | head -n 1)
	wline=$(sed -n 's/^.*expect: *[a-z-]* *\([0-9]*\).*$/\1/p' "$f" | head -n 1)
	run_pram check "$ex" "$f" --json
	printf '%s\n' "$out" >"$tap_tmp/$base.json"
	cp "$tap_tmp/$base.json" "$tap_tmp/k.json"
	expect_rc 1 "$base: fails"
	case $want in
	race) need=memory ;;
	depth) need=depth ;;
	*) need=build ;;
	esac
	if [ "$(status_of "$tap_tmp/k.json" $need)" = not-checked ]; then
		tap_result 0 "$base: diagnosed as $want # SKIP $(json_get "$tap_tmp/k.json" "' '.join(x for x in d['notes'] if 'not' in x)" | head -c 200)"
		continue
	fi
	got=$(json_get "$tap_tmp/k.json" "' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'])")
	if [ -n "$wline" ]; then
		expect_in "$want:$wline" "$got" "$base: diagnosed as $want at line $wline"
	else
		expect_in "$want:" "$got" "$base: diagnosed as $want"
	fi
done

# The messages (of the reports above): a wrong count names the port and the element, with the
# reference; a write past the end names the output, the index and its
# length; arguments not the contract's show the contract's signature.
v=$(json_get "$tap_tmp/wrong.cl.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "counts: element " "$v" "wrong.cl: the message names the output port"
expect_in "(the reference: histogram-atomic)" "$v" "wrong.cl: ... and the reference"
v=$(json_get "$tap_tmp/oob.cl.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'out-of-bounds'][0]")
expect_in "counts[8] was written, past its end (counts has 8 elements)" "$v" "oob.cl: the guard cell after counts caught the write"
expect_in failed "$(status_of "$tap_tmp/oob.cl.json" results)" "oob.cl: right counts, but results fail"
v=$(json_get "$tap_tmp/no-params.cl.json" "d['diagnoses'][0]['message']")
expect_in "the kernel takes 3 arguments, the contract 5: the contract's kernel is kernel void histogram(global const int *x, global int *counts, local int *hist, uint n, int bins)" "$v" "no-params.cl: the count of arguments and the signature"
v=$(json_get "$tap_tmp/no-params.cl.json" "d['cases']['run']")
expect_in 0 "$v" "no-params.cl: no case run"

# The cheats (their reports above): right counts, and only the PRAM view's depth fails.
for f in serial group-serial; do
	cp "$tap_tmp/$f.cl.json" "$tap_tmp/c.json"
	if [ "$(status_of "$tap_tmp/c.json" depth)" = not-checked ]; then
		tap_result 0 "$f.cl: only D fails # SKIP the PRAM view was not measured"
		continue
	fi
	v=$(json_get "$tap_tmp/c.json" "' '.join('%s=%s' % (c['name'], c['status']) for c in d['criteria'])")
	expect_in "results=passed sizes=passed memory=passed work=passed depth=failed" "$v" "$f.cl: right counts, only D fails"
	v=$(json_get "$tap_tmp/c.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'depth'][0]")
	expect_in "D grows as L over one work-group of L" "$v" "$f.cl: its loop charged by the PRAM view"
done

# spmv-kernel's matrices have more rows than non-zeros (--dist
# sparse-rows): a kernel of a row a work-item without the loop over rows
# by the global size, right on rows of 4 alone, is wrong there.
run_pram check spmv-kernel "$top_srcdir/tests/check/lessons/spmv-no-stride.cl" --json
printf '%s\n' "$out" >"$tap_tmp/nostride.json"
expect_rc 1 "spmv-no-stride.cl: fails spmv-kernel"
v=$(json_get "$tap_tmp/nostride.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "y: element " "$v" "spmv-no-stride.cl: the rows past the global size are wrong"
# jfa-kernel's base, the partitions before the block, counted by
# work-item 0 alone: right, and invisible in a view of one work-group
# (n = L: no block before it). Flag by flag (jfa-serial-base.cl), the view
# of 4 blocks charges the last one's 3 L flags. 32 flags a word by
# popcount (made here from it), the loop is shallower over 4 blocks than
# the solution's tree (a unit of time a K = 8 words), and only the launch
# of 64 blocks shows it: its last group is deeper than group 0 by its
# whole extra work.
python3 - "$top_srcdir/tests/check/lessons/jfa-serial-base.cl" >"$tap_tmp/jfa-popcount-base.cl" <<'EOF'
import sys
s = open(sys.argv[1]).read()
flags = """		for (size_t e = 0; e < lo; e++)
			k += (x_flags[e / 32] >> (e % 32)) & 1u;
"""
words = """		for (size_t w = 0; w < lo / 32; w++)
			k += popcount(x_flags[w]);
		if (lo % 32)
			k += popcount(x_flags[lo / 32] & ((1u << (lo % 32)) - 1u));
"""
assert flags in s, "jfa-serial-base.cl's flag loop is not there"
print(s.replace(flags, words), end="")
EOF
tap_result $? "jfa-popcount-base.cl made from jfa-serial-base.cl"
for c in "serial-base|$top_srcdir/tests/check/lessons/jfa-serial-base.cl|over the deepest of 4 work-groups of L" \
	"popcount-base|$tap_tmp/jfa-popcount-base.cl|D grows with the blocks before a block, counted by few of its work-items: over 64 work-groups of L = 64"; do
	name=jfa-${c%%|*}.cl
	rest=${c#*|}
	run_pram check jfa-kernel "${rest%%|*}" --json
	printf '%s\n' "$out" >"$tap_tmp/jfa.json"
	expect_rc 1 "$name: fails jfa-kernel"
	if [ "$(status_of "$tap_tmp/jfa.json" depth)" = not-checked ]; then
		tap_result 0 "$name: only D fails # SKIP the PRAM view was not measured"
		continue
	fi
	v=$(json_get "$tap_tmp/jfa.json" "' '.join('%s=%s' % (c['name'], c['status']) for c in d['criteria'])")
	expect_in "results=passed sizes=passed memory=passed work=passed depth=failed" "$v" \
		"$name: right sums, only D fails"
	v=$(json_get "$tap_tmp/jfa.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'depth'][0]")
	expect_in "${rest#*|}" "$v" "$name: the loop charged in the view of several blocks"
done
# The solution's work-items share the count: no group of the 64 is deeper
# than group 0.
run_pram check jfa-kernel "$top_srcdir/lessons/11-partitioned-streams/solutions/jfa.cl" --json
printf '%s\n' "$out" >"$tap_tmp/jfa.json"
if [ "$(status_of "$tap_tmp/jfa.json" depth)" = not-checked ]; then
	tap_result 0 "jfa.cl: no group deeper than group 0 # SKIP the PRAM view was not measured"
else
	v=$(json_get "$tap_tmp/jfa.json" "[c['note'] for c in d['criteria'] if c['name'] == 'depth'][0]")
	expect_in "no group deeper than group 0" "$v" "jfa.cl: no group deeper than group 0"
fi
# counting-sort-kernel's slots taken by atomic_inc: every case right on
# PoCL, which runs a group's work-items in the order of their ids; run
# again last to first, from[] is wrong. The solution, which ranks by
# scans, gives the same results either way.
run_pram check counting-sort-kernel "$top_srcdir/tests/check/lessons/countsort-atomic-slot.cl" --json
printf '%s\n' "$out" >"$tap_tmp/slot.json"
expect_rc 1 "countsort-atomic-slot.cl: fails counting-sort-kernel"
v=$(json_get "$tap_tmp/slot.json" "[c['status'] for c in d['criteria'] if c['name'] == 'results'][0]")
expect_in "failed" "$v" "countsort-atomic-slot.cl: results fail"
v=$(json_get "$tap_tmp/slot.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "the results hang on the order the work-items run in: right in the order of their ids, wrong at L = 256" \
	"$v" "countsort-atomic-slot.cl: wrong only with the work-items run last to first"
expect_in "from[" "$v" "... its first mismatch in from[]"
v=$(json_get "$tap_tmp/slot.json" "'%d of %d; %s' % (d['cases']['passed'], d['cases']['run'], d['cases']['reversed']['passed'] < d['cases']['reversed']['run'])")
expect_in "54 of 54; True" "$v" "countsort-atomic-slot.cl: every case right in the ids' order, some wrong in reverse, counted apart"
# The same cheat trying to undo the prelude: #undef of its macros (one
# name spliced by a backslash-newline) and get_local_id made by token
# pasting. The reversed run renames the names in the text and keeps the
# macros for pasted ones, so the cheat still fails.
{
	printf '#ifdef get_local_id\n#undef get_local_id\n#endif\n#undef get_glo\\\nbal_id\n'
	printf '#define PASTE(a, b) a##b\n'
	sed 's/size_t lid = get_local_id(0)/size_t lid = PASTE(get_lo, cal_id)(0)/' \
		"$top_srcdir/tests/check/lessons/countsort-atomic-slot.cl"
} >"$tap_tmp/slot-undef.cl"
run_pram check counting-sort-kernel "$tap_tmp/slot-undef.cl" --json
printf '%s\n' "$out" >"$tap_tmp/slot.json"
v=$(json_get "$tap_tmp/slot.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "the results hang on the order the work-items run in" "$v" \
	"slot-undef.cl: #undef and token pasting do not undo the reversed run"
# Again with the names spliced by a trigraph, ??/ before the newline, which
# OpenCL C's compiler reads as a backslash.
{
	printf '#undef get_lo??/\ncal_id\n'
	sed 's|size_t lid = get_local_id(0)|size_t lid = get_lo??/\ncal_id(0)|' \
		"$top_srcdir/tests/check/lessons/countsort-atomic-slot.cl"
} >"$tap_tmp/slot-trigraph.cl"
check "slot-trigraph.cl spells get_local_id with a trigraph splice" grep -q 'get_lo??/$' "$tap_tmp/slot-trigraph.cl"
run_pram check counting-sort-kernel "$tap_tmp/slot-trigraph.cl" --json
printf '%s\n' "$out" >"$tap_tmp/slot.json"
v=$(json_get "$tap_tmp/slot.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'wrong-result'][0]")
expect_in "the results hang on the order the work-items run in" "$v" \
	"slot-trigraph.cl: a trigraph's splice does not undo the reversed run"
run_pram check counting-sort-kernel "$top_srcdir/lessons/09-counting-sorts/solutions/countsort.cl" --json
printf '%s\n' "$out" >"$tap_tmp/slot.json"
expect_rc 0 "countsort.cl: passes counting-sort-kernel"
v=$(json_get "$tap_tmp/slot.json" "' '.join(d['notes'])")
expect_in "L = 256 again, each work-group's work-items run last to first: the same results" "$v" \
	"countsort.cl: the same results with the work-items run last to first"
v=$(json_get "$tap_tmp/slot.json" "'%(L)d: %(passed)d of %(run)d' % d['cases']['reversed']")
expect_in "256: 9 of 9" "$v" "countsort.cl: the reversed run's cases, all right"
done_testing
