#!/bin/sh
# check.sh - pram check: the reference solutions of the three exercises
# pass, their starters build and fail, and every wrong solution of
# tests/check/ is diagnosed by kind (and line, where it names one): each
# file says what it expects in a comment line "expect: KIND [LINE]" (and
# "args: ..." for extra options); those that are a lesson's solution with
# one mistake are kept as patches of it and made first. Then the outputs
# (--json, --tap, --gradescope), the exit codes, the sandbox (a hang, an
# unbounded allocation), --class over a small class with a hanging student,
# and the Gradescope bundle run in a clean folder. Prints TAP.

. "$top_srcdir/tests/tap.sh"
lessons="$top_srcdir/lessons"

# The corpus as the tests read it, in a folder of the test's own: tests/check/
# copied, and each NAME.patch there (a unified diff against the lesson's
# solution that its "--- " line names) made into NAME.cl or NAME.c, the
# solution's ending (tests/check/README).
corpus="$tap_tmp/check"
if ! cp -R "$top_srcdir/tests/check" "$corpus" || ! chmod -R u+w "$corpus"; then
	echo "Bail out! cannot copy $top_srcdir/tests/check to $corpus"
	exit 1
fi
for p in "$corpus"/*.patch "$corpus"/*/*.patch; do
	[ -f "$p" ] || continue
	base=$(sed -n '1s/^--- //p' "$p")
	if ! patch -s -F 0 -o "${p%.patch}.${base##*.}" "$top_srcdir/$base" "$p" >"$tap_tmp/patch.out" 2>&1; then
		echo "Bail out! tests/check/${p#"$corpus"/}: patch cannot make it from $base: $(tr '\n' ' ' <"$tap_tmp/patch.out" | head -c 500)"
		exit 1
	fi
done

# Which exercise a corpus file is written against.
exercise_of() {
	case $(basename "$1") in
	reduce-*.cl) echo reduce-kernel ;;
	scan-kernel-*.cl) echo scan-kernel ;;
	scan-*.c) echo scan-pram ;;
	esac
}

# json_get FILE EXPR: a Python expression over the parsed object d.
json_get() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1" 2>&1
}

# criteria_of FILE: "build=passed results=... " of a --json report.
criteria_of() {
	json_get "$1" "' '.join(c['name'] + '=' + c['status'] for c in d['criteria'])"
}

# view_note FILE: the report's note on why its PRAM view was not measured.
view_note() {
	json_get "$1" "[x for x in d['notes'] if 'PRAM view' in x][0]"
}

kernels=yes
if [ "$HAVE_OPENCL" != yes ]; then
	kernels=no
fi

# The reference solutions pass with full marks; the starters build, run
# and fail.
for ex in 01-reduction/reduce-kernel:solutions/reduce.cl 04-any-length/scan-kernel:solutions/scan.cl \
	03-blelloch/scan-pram:solutions/scan.c; do
	dir=${ex%%/*}
	name=${ex#*/}
	name=${name%%:*}
	file=${ex#*:}
	if [ "$name" != scan-pram ] && [ $kernels = no ]; then
		tap_result 0 "$name solution # SKIP pram was built without OpenCL"
		continue
	fi
	run_pram check "$name" "$lessons/$dir/$file" --json
	printf '%s\n' "$out" >"$tap_tmp/sol.json"
	expect_rc 0 "$name: the reference solution passes"
	v=$(json_get "$tap_tmp/sol.json" "d['passed'] and d['score'] == d['max_score'] and not d['diagnoses']")
	expect_in True "$v" "$name: full marks, no diagnosis"
	case $name in *-kernel)
		# the PRAM view (Oclgrind with the pramsim plugin) grades W and D
		v=$(json_get "$tap_tmp/sol.json" "' '.join('%s=%s' % (c['name'], c['status']) for c in d['criteria'] if c['name'] in ('work', 'depth'))")
		if [ "$v" = "work=not-checked depth=not-checked" ]; then
			tap_result 0 "$name: the PRAM view passes W and D # SKIP $(view_note "$tap_tmp/sol.json")"
		else
			expect_in "work=passed depth=passed" "$v" "$name: the PRAM view passes W and D"
		fi
		if [ "$name" = reduce-kernel ] && [ "$v" != "work=not-checked depth=not-checked" ]; then
			v=$(json_get "$tap_tmp/sol.json" "' '.join('%d:%s' % (x['L'], x['class']) for x in d['pram_view'])")
			expect_in "2:EREW 4:EREW 8:EREW 16:EREW 32:EREW 64:EREW" "$v" "$name: the reference reduction's local accesses are EREW"
		fi ;;
	esac
	starter=$(echo "$file" | sed 's/solutions/starter/')
	run_pram check "$name" "$lessons/$dir/$starter" --json
	printf '%s\n' "$out" >"$tap_tmp/st.json"
	expect_rc 1 "$name: the starter fails"
	v=$(json_get "$tap_tmp/st.json" "[c['status'] for c in d['criteria'] if c['name'] == 'build'][0] + ' ' + ' '.join(x['kind'] for x in d['diagnoses'])")
	expect_in "passed wrong-result" "$v" "$name: the starter builds and gives wrong results"
done

# Every wrong solution, by kind and line.
for f in "$corpus"/*.cl "$corpus"/*.c; do
	ex=$(exercise_of "$f")
	base=$(basename "$f")
	case $f in *.cl) if [ $kernels = no ]; then
		tap_result 0 "$base # SKIP pram was built without OpenCL"
		continue
	fi ;; esac
	want=$(sed -n 's/^.*expect: *\([a-z-]*\).*$/\1/p' "$f" | head -n 1)
	wline=$(sed -n 's/^.*expect: *[a-z-]* *\([0-9]*\).*$/\1/p' "$f" | head -n 1)
	args=$(sed -n 's/^.*args: *\(.*\)$/\1/p' "$f" | head -n 1)
	# shellcheck disable=SC2086
	run_pram check "$ex" "$f" --json $args
	printf '%s\n' "$out" >"$tap_tmp/c.json"
	expect_rc 1 "$base: fails"
	got=$(json_get "$tap_tmp/c.json" "' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'])")
	if [ -n "$wline" ]; then
		expect_in "$want:$wline" "$got" "$base: diagnosed as $want at line $wline"
	else
		expect_in "$want:" "$got" "$base: diagnosed as $want"
	fi
	case $want in compile-error)
		v=$(json_get "$tap_tmp/c.json" "d['diagnoses'][0]['message']")
		expect_in "$base:$wline:" "$v" "$base: the compiler's message names the student's file"
		case $v in *pramcheck*|*/tmp/*) tap_result 1 "$base: no temporary path in the message" "$v" ;;
		*) tap_result 0 "$base: no temporary path in the message" ;;
		esac ;;
	esac
done

# The messages point at the cause: a race between work-groups advises an
# atomic or one writer per cell, never a barrier; an index past the local
# array is told apart from one past n in the last work-group.
if [ $kernels = yes ]; then
	hint_of() { # FILE KIND: the hint of the first diagnosis of KIND
		run_pram check reduce-kernel "$1" --json
		printf '%s\n' "$out" >"$tap_tmp/h.json"
		json_get "$tap_tmp/h.json" "[x['hint'] for x in d['diagnoses'] if x['kind'] == '$2'][0]"
	}
	v=$(hint_of "$corpus/reduce-cross-group.cl" race)
	expect_in "atomic_add" "$v" "cross-group race: the hint advises an atomic"
	expect_in "second launch or on the host" "$v" "cross-group race: ... or one writer per cell"
	case $v in *"barrier("*) tap_result 1 "cross-group race: no barrier advised" "$v" ;;
	*) tap_result 0 "cross-group race: no barrier advised" ;; esac
	v=$(hint_of "$corpus/reduce-local-past-L.cl" out-of-bounds)
	expect_in "the local array tmp has L elements" "$v" "local index past L: its own hint"
	v=$(hint_of "$corpus/reduce-assumes-16.cl" out-of-bounds)
	expect_in "the local array tmp has L elements" "$v" "a kernel that assumes L >= 16: the local hint, found at the smallest L"
	v=$(hint_of "$corpus/reduce-oob-tail.cl" out-of-bounds)
	expect_in "the last work-group is not full" "$v" "index past n: the last work-group's hint"
fi

# Cheats, tried as a student would (issue: grades you can trust): each is
# refused or graded as it deserves, with its message. The static check's
# cheats of tests/check/lint/ (a host computing beside the machine, stashes
# in host memory, a running sum across processors, the machine's inside, a
# larger K, a hiding macro), and the shipped solution included by its path.
cheat() { # FILE NAME: refused by the static check, 0 points
	run_pram check scan-pram "$1" --json
	printf '%s\n' "$out" >"$tap_tmp/cheat.json"
	expect_rc 1 "cheat $2: fails"
	v=$(json_get "$tap_tmp/cheat.json" "'%g ' % d['score'] + ' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'])")
	expect_in "0 discipline:" "$v" "cheat $2: refused by the static check, 0 points, with its line"
}
printf '#include "%s/lessons/03-blelloch/solutions/scan.c"\n' "$top_srcdir" >"$tap_tmp/include-abs.c"
if [ "$HAVE_LIBCLANG" = yes ]; then
	for f in "$corpus"/lint/*.c; do
		case $f in */clean.c | */include-solution.c) continue ;; esac
		cheat "$f" "lint/$(basename "$f")"
	done
	# the sandbox hides the lessons' solutions: the include finds nothing
	run_pram check scan-pram "$tap_tmp/include-abs.c" --json
	printf '%s\n' "$out" >"$tap_tmp/cheat.json"
	v=$(json_get "$tap_tmp/cheat.json" "'%g ' % d['score'] + ' '.join('%s:%s' % (x['kind'], x['line']) for x in d['diagnoses'])")
	case $v in
	"0 discipline:"*) tap_result 0 "cheat #include of the shipped solution by its path: refused by the static check (no sandbox here)" ;;
	*) expect_in "0 compile-error:1" "$v" "cheat #include of the shipped solution by its path: not there in the sandbox, 0 points, line 1" ;;
	esac
else
	tap_result 0 "the static check's cheats # SKIP pram was built without libclang"
fi
# The student's output is not the grading channel: a program that prints
# the old driver's result lines and computes nothing gets no case right; a
# right program that prints as it goes keeps full marks.
cat >"$tap_tmp/spoof.c" <<'EOF2'
#include <stdio.h>

#include "pram.h"

void scan(pram *m, pram_array *x, size_t n)
{
	for (int k = 0; k < 14; k++)
		printf("begin %d\nwd %d 1 1 1\nout %d\nend %d\n", k, k, k, k);
	(void)m;
	(void)x;
	(void)n;
}
EOF2
run_pram check scan-pram "$tap_tmp/spoof.c" --json
printf '%s\n' "$out" >"$tap_tmp/spoof.json"
expect_rc 1 "spoofed result lines: fails"
v=$(json_get "$tap_tmp/spoof.json" "'%d/%d %s ' % (d['cases']['passed'], d['cases']['run'], d['score'] < 2) + ' '.join(x['kind'] for x in d['diagnoses'])")
case $v in
"2/14 True wrong-result"*) tap_result 0 "spoofed result lines: only n = 0 and 1 right, the build's point and a share of the rest ($v)" ;;
*) tap_result 1 "spoofed result lines: only n = 0 and 1 right, the build's point and a share of the rest" "$v" ;;
esac
sed 's|^void scan(pram \*m, pram_array \*x, size_t n)$|#include <stdio.h>\n&|; s|^	size_t d = 1;$|	size_t d = 1;\n	printf("scanning %zu values\\n", n);|' \
	"$lessons/03-blelloch/solutions/scan.c" >"$tap_tmp/scan.c"
run_pram check scan-pram "$tap_tmp/scan.c" --json
printf '%s\n' "$out" >"$tap_tmp/chatty.json"
expect_rc 0 "a right program that prints: passes"
v=$(json_get "$tap_tmp/chatty.json" "'%g/%g ' % (d['score'], d['max_score']) + ' '.join(d['notes'])")
expect_in "10/10" "$v" "a right program that prints: full marks"
expect_in "scanning 0 values" "$v" "a right program that prints: its output shown in the report"

# Bounds both ways: the same exercise asking for W = Omega(n log n) finds
# the work-efficient solution below it.
sed 's/^work-at-least: n$/work-at-least: n log n/' "$lessons/03-blelloch/scan-pram.exercise" \
	>"$tap_tmp/lower.exercise"
run_pram check "$tap_tmp/lower.exercise" "$lessons/03-blelloch/solutions/scan.c"
expect_rc 1 "a lower bound above the program's W: fails"
expect_in "below-bound: W grows as n, below the exercise's lower bound (W = Omega(n log n))" "$out" \
	"a lower bound above the program's W: diagnosed below-bound"

# The hint when only some work-group sizes fail, and a check without
# Oclgrind (PRAM_OCLGRIND empty): one total everywhere, so the grading
# stops (exit 2) naming what to install, unless the grader lets the
# criteria go unchecked (--may-skip), which leaves them out of max_score.
if [ $kernels = yes ]; then
	run_pram check reduce-kernel "$corpus/reduce-fixed-size.cl"
	expect_in "correct only for L = 256" "$out" "work-group sizes: the hint names the size that works"
	PRAM_OCLGRIND=
	export PRAM_OCLGRIND
	run_pram check reduce-kernel "$lessons/01-reduction/solutions/reduce.cl" --json
	expect_rc 2 "without Oclgrind: the grading stops, exit 2"
	expect_in "cannot grade reduce-kernel as written: Oclgrind is not installed (Debian: apt-get install oclgrind) (memory, work, depth)" "$err" "without Oclgrind: says what to install and which criteria"
	run_pram check reduce-kernel "$lessons/01-reduction/solutions/reduce.cl" --json --may-skip memory,work,depth
	unset PRAM_OCLGRIND
	printf '%s\n' "$out" >"$tap_tmp/ng.json"
	expect_rc 0 "without Oclgrind, --may-skip: the solution passes"
	v=$(json_get "$tap_tmp/ng.json" "'%s %g/%g' % ([c['status'] for c in d['criteria'] if c['name'] == 'memory'][0], d['score'], d['max_score']) + ' ' + ' '.join(d['notes'])")
	expect_in "not-checked 6/6 " "$v" "without Oclgrind: not counted"
	expect_in "Oclgrind is not installed, so races" "$v" "without Oclgrind: said plainly"
	v=$(json_get "$tap_tmp/ng.json" "' '.join(c['name'] + '=' + c['status'] for c in d['criteria'] if c['name'] in ('work', 'depth')) + ' | ' + ' '.join(d['notes'])")
	expect_in "work=not-checked depth=not-checked |" "$v" "without Oclgrind: W and D not graded"
	expect_in "the PRAM view (work, depth and EREW/CREW/CRCW per work-group) was not measured: Oclgrind is not installed" "$v" "without Oclgrind: the PRAM view said plainly"
	PRAM_GRIND_PLUGIN="$tap_tmp/no-such-plugin.so"
	export PRAM_GRIND_PLUGIN
	run_pram check reduce-kernel "$lessons/01-reduction/solutions/reduce.cl" --json
	expect_rc 2 "without the plugin: the grading stops, exit 2"
	expect_in "plugin named by PRAM_GRIND_PLUGIN cannot be read (work, depth)" "$err" "without the plugin: says so, and which criteria"
	run_pram check reduce-kernel "$lessons/01-reduction/solutions/reduce.cl" --json --may-skip work,depth
	unset PRAM_GRIND_PLUGIN
	printf '%s\n' "$out" >"$tap_tmp/np.json"
	expect_rc 0 "without the plugin, --may-skip: the solution passes"
	v=$(json_get "$tap_tmp/np.json" "' '.join(c['name'] + '=' + c['status'] for c in d['criteria'] if c['name'] in ('work', 'depth')) + ' | ' + ' '.join(d['notes'])")
	expect_in "work=not-checked depth=not-checked |" "$v" "without the plugin: W and D not graded"
	expect_in "was not measured: the pramsim Oclgrind plugin named by PRAM_GRIND_PLUGIN ($tap_tmp/no-such-plugin.so) cannot be read" "$v" "without the plugin: said plainly"
fi

# The PRAM view of a Hillis-Steele scan kernel: right results, but W in a
# work-group grows as L log L (from the plugin's counts), with concurrent
# reads; the corpus loop above checks the kind.
if [ $kernels = yes ]; then
	run_pram check scan-kernel "$corpus/scan-kernel-hillis-steele.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/hs.json"
	v=$(criteria_of "$tap_tmp/hs.json")
	case $v in
	*work=not-checked*)
		tap_result 0 "Hillis-Steele kernel: the PRAM view # SKIP $(view_note "$tap_tmp/hs.json")" ;;
	*)
		expect_in "results=passed sizes=passed memory=passed work=failed depth=passed" "$v" "Hillis-Steele kernel: right results, only W fails"
		v=$(json_get "$tap_tmp/hs.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'not-work-efficient'][0]")
		expect_in "W grows as L log L over one work-group of L: not work-efficient (measured W = 896 at L = 64" "$v" "Hillis-Steele kernel: W measured by the plugin"
		v=$(json_get "$tap_tmp/hs.json" "'%s %s' % (d['pram_view'][-1]['class'], d['pram_view'][-1]['line'])")
		expect_in "CREW 15" "$v" "Hillis-Steele kernel: concurrent reads (CREW) at line 15"
		;;
	esac
fi

# A cheat kernel (tests/check/cheats/serial-sum.cl): work-item 0 sums its
# block in a loop, right but sequential; the charged PRAM view fails its D.
if [ $kernels = yes ]; then
	run_pram check reduce-kernel "$corpus/cheats/serial-sum.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/ss.json"
	v=$(criteria_of "$tap_tmp/ss.json")
	case $v in
	*depth=not-checked*)
		tap_result 0 "serial-sum kernel: the PRAM view # SKIP $(view_note "$tap_tmp/ss.json")" ;;
	*)
		expect_in "results=passed sizes=passed memory=passed work=passed depth=failed" "$v" "serial-sum kernel: right results, D fails"
		v=$(json_get "$tap_tmp/ss.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'depth'][0]")
		expect_in "D grows as L over one work-group of L: 10 units of time at L = 64" "$v" "serial-sum kernel: its loop charged, D = 2 + 64/8"
		;;
	esac
fi

# A kernel's output is not the grading channel either: one that computes
# nothing and prints the lines of passed cases gets none right; a right one
# that prints as it goes keeps full marks, its printing shown, never read.
if [ $kernels = yes ]; then
	run_pram check reduce-kernel "$corpus/cheats/print-ok.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/po.json"
	expect_rc 1 "print-ok kernel: fails"
	v=$(json_get "$tap_tmp/po.json" "'%d %s' % (d['cases']['passed'], [x['kind'] for x in d['diagnoses']])")
	expect_in "0 ['wrong-result'" "$v" "print-ok kernel: no case right, a wrong result"
	v=$(json_get "$tap_tmp/po.json" "' | '.join(d['notes'])")
	expect_in "the kernel printed" "$v" "print-ok kernel: its printing is shown"
	run_pram check reduce-kernel "$corpus/cheats/print-debug.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/pd.json"
	expect_rc 0 "print-debug kernel: passes"
	v=$(json_get "$tap_tmp/pd.json" "'%g/%g' % (d['score'], d['max_score'])")
	expect_in "11/11" "$v" "print-debug kernel: full marks, its printf not charged to D"
	v=$(json_get "$tap_tmp/pd.json" "' | '.join(d['notes'])")
	expect_in "the kernel printed" "$v" "print-debug kernel: its printing is shown"
fi

# Every power of two up to the device's largest work-group is tried (a
# kernel wrong at L = 8 alone is a corpus file); sizes that did not run are
# never called correct: wrong at L = 1, hanging at L = 2, the larger sizes
# are left out after two time-outs and not named correct.
if [ $kernels = yes ]; then
	run_pram check reduce-kernel "$corpus/cheats/hang-after-wrong.cl" --time-limit 2 --json
	printf '%s\n' "$out" >"$tap_tmp/hw.json"
	v=$(json_get "$tap_tmp/hw.json" "' | '.join(x['message'] for x in d['diagnoses'])")
	case $v in
	*"correct only"*) tap_result 1 "hang-after-wrong: no size called correct" "$v" ;;
	*) tap_result 0 "hang-after-wrong: no size called correct" ;;
	esac
	expect_in "wrong for L = 1;" "$v" "hang-after-wrong: the wrong size named beside the time-out"
	v=$(json_get "$tap_tmp/hw.json" "' | '.join(d['notes'])")
	expect_in "L = 4, 8, 16" "$v" "hang-after-wrong: the sizes not run listed"
	expect_in "not judged correct" "$v" "hang-after-wrong: ... as not judged correct"
	v=$(criteria_of "$tap_tmp/hw.json")
	expect_in "sizes=not-reached" "$v" "hang-after-wrong: sizes not reached"
fi

# A death in one case does not cancel W and D: the work-efficient scan with
# an assertion that fails on the empty input dies in that case (named with
# its assertion and counted as run), and its W and D are still measured.
run_pram check scan-pram "$corpus/scan-assert-edge.c" --json
printf '%s\n' "$out" >"$tap_tmp/ae.json"
v=$(criteria_of "$tap_tmp/ae.json")
expect_in "results=failed model=passed work=passed depth=passed" "$v" "assert-edge: W and D measured beside the death"
v=$(json_get "$tap_tmp/ae.json" "'%d of %d' % (d['cases']['passed'], d['cases']['run'])")
expect_in "13 of 14" "$v" "assert-edge: the dead case counts as run"
v=$(json_get "$tap_tmp/ae.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'crash'][0]")
expect_in 'Assertion `n > 0' "$v" "assert-edge: the assertion's text"

# A prediction exercise (tests/check/predict): W(n) and D(n) of the
# Hillis-Steele scan, checked exactly against the simulator's counts.
pex="$corpus/predict/hs-cost.exercise"
run_pram check "$pex" "$corpus/predict/right.txt" --json
printf '%s\n' "$out" >"$tap_tmp/p.json"
expect_rc 0 "prediction: the right answer passes"
v=$(json_get "$tap_tmp/p.json" "'%g/%g %s' % (d['score'], d['max_score'], ' '.join(c['name'] + '=' + c['status'] for c in d['criteria']))")
expect_in "3/3 work=passed depth=passed" "$v" "prediction: full marks"
run_pram check "$pex" "$corpus/predict/wrong.txt" --json
printf '%s\n' "$out" >"$tap_tmp/p.json"
expect_rc 1 "prediction: a wrong W fails"
v=$(json_get "$tap_tmp/p.json" "' '.join('%s:%s:%s:%s' % (x['kind'], x['criterion'], x['line'], x['message']) for x in d['diagnoses'])")
expect_in "wrong-result:work:2:W(n) differs at n = 3: expected W = 3 (the simulator's count), your W(n) gives 4" "$v" "prediction: the first n where W differs, expected and given"
v=$(json_get "$tap_tmp/p.json" "'%g %s' % (d['score'], len(d['diagnoses']))")
expect_in "1 1" "$v" "prediction: the right D keeps its point"
run_pram check "$pex" "$corpus/predict/inexact.txt" --json
printf '%s\n' "$out" >"$tap_tmp/p.json"
v=$(json_get "$tap_tmp/p.json" "' | '.join(x['message'] for x in d['diagnoses'])")
expect_in "W(n) at n = 3 is about 2.75489, not a whole number" "$v" "prediction: an answer that is not exact at some n"
expect_in "D(n) at n = 1 is log2 of 0" "$v" "prediction: log2 of 0 is said, not a crash"
run_pram check "$pex" "$corpus/predict/unanswered.txt" --json
printf '%s\n' "$out" >"$tap_tmp/p.json"
expect_rc 1 "prediction: an unanswered file is not passed"
v=$(json_get "$tap_tmp/p.json" "'%g %d %s' % (d['score'], len(d['diagnoses']), ' '.join(c['name'] + '=' + (c['note'] or '') for c in d['criteria'])) + ' ' + ' '.join(d['notes'])")
expect_in "0 0 work=not answered depth=not answered W(n) is not answered yet ('?' on line 2 of unanswered.txt): 0 points" "$v" "prediction: '?' is incomplete, 0 points, no diagnosis"
run_pram check "$pex" "$corpus/predict/malformed.txt" --json
printf '%s\n' "$out" >"$tap_tmp/p.json"
expect_rc 1 "prediction: a malformed answer fails"
v=$(json_get "$tap_tmp/p.json" "' | '.join('%s:%s:%s' % (x['kind'], x['line'], x['message']) for x in d['diagnoses'])")
expect_in "compile-error:2:malformed.txt:2:13: expected an operator before 'n' (write 2*n, not 2n)" "$v" "prediction: a parse error names the file, line and column"
expect_in "compile-error:3:malformed.txt:3:20: expected ')'" "$v" "prediction: each malformed line is named"
printf 'W(n) = n\nD(n) = 1\nE(n) = 2\n' >"$tap_tmp/answer.txt"
run_pram check "$pex" "$tap_tmp/answer.txt"
expect_in "answer.txt:3:1: expected 'W(n) = EXPRESSION' or 'D(n) = EXPRESSION'" "$out" "prediction: a stray line is named"
printf 'W(n) = n\n' >"$tap_tmp/answer.txt"
run_pram check "$pex" "$tap_tmp/answer.txt"
expect_in "answer.txt: no 'D(n) = ...' line" "$out" "prediction: a missing line is named"
sed 's/^args:.*/args: --no-such-option 3/' "$pex" >"$tap_tmp/bad.exercise"
run_pram check "$tap_tmp/bad.exercise" "$corpus/predict/right.txt"
expect_rc 2 "prediction: an exercise with a bad args: is refused"
expect_in "bad.exercise: args:" "$err" "prediction: and the message names the exercise's args:"

# op: max on pram-inplace: a max-scan program passes, the sum scan is a
# wrong result that names the max scan.
run_pram check "$corpus/max/scan-max-pram.exercise" "$corpus/max/maxscan.c"
expect_rc 0 "op: max: the max-scan PRAM program passes"
run_pram check "$corpus/max/scan-max-pram.exercise" "$lessons/03-blelloch/solutions/scan.c" --json
printf '%s\n' "$out" >"$tap_tmp/m.json"
v=$(json_get "$tap_tmp/m.json" "' '.join(x['kind'] + ': ' + x['message'] for x in d['diagnoses'])")
expect_in "(the inclusive max scan)" "$v" "op: max: the sum scan program is a wrong result against the max scan"

# op: max on kernel-scan-blocks: a max-scan solution passes, the sum scan
# fails.
if [ $kernels = yes ]; then
	run_pram check "$corpus/max/scan-max.exercise" "$corpus/max/scan.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/m.json"
	expect_rc 0 "op: max: the max-scan kernel passes"
	run_pram check "$corpus/max/scan-max.exercise" "$lessons/04-any-length/solutions/scan.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/m.json"
	expect_rc 1 "op: max: the sum scan fails"
	v=$(json_get "$tap_tmp/m.json" "' '.join(x['kind'] for x in d['diagnoses'])")
	expect_in "wrong-result" "$v" "op: max: the sum scan is a wrong result"
fi

# The outputs and exit codes, on the PRAM exercise (no device needed).
sol="$lessons/03-blelloch/solutions/scan.c"
run_pram check scan-pram "$sol" --tap
expect_rc 0 "--tap: exit 0"
expect_in "ok 1 - scan-pram scan.c build" "$out" "--tap: a test per criterion"
expect_in "1..5" "$out" "--tap: the plan"
# Several files: one TAP stream (one plan, numbered on), and one JUnit
# document with a test suite per file.
run_pram check scan-pram "$sol" "$corpus/scan-hillis-steele.c" --tap --junit "$tap_tmp/junit.xml"
expect_rc 1 "--tap, two files: exit 1, one fails"
printf '%s\n' "$out" >"$tap_tmp/two.tap"
expect_in "not ok 9 - scan-pram scan-hillis-steele.c work" "$out" "--tap, two files: numbered on"
n=$(grep -c '^1\.\.' "$tap_tmp/two.tap")
case $n in 1) tap_result 0 "--tap, two files: one plan" ;; *) tap_result 1 "--tap, two files: one plan" "$n plans" ;; esac
if command -v prove >/dev/null 2>&1; then
	v=$(prove -e cat "$tap_tmp/two.tap" 2>&1)
	expect_in "Failed test:  9" "$v" "--tap, two files: prove reads one valid stream, test 9 failed"
else
	tap_result 0 "--tap, two files: prove reads one stream # SKIP prove (perl) is not installed"
fi
v=$(python3 -c "import sys, xml.etree.ElementTree as E
t = E.parse(sys.argv[1]).getroot()
print(t.tag, ' '.join('%s:%s/%s' % (s.get('name'), s.get('failures'), s.get('tests')) for s in t),
      [c.get('name') for c in t.iter('testcase') if c.find('failure') is not None],
      'W grows as n log n' in ''.join(f.text or '' for f in t.iter('failure')))" "$tap_tmp/junit.xml" 2>&1)
expect_in "testsuites scan-pram scan.c:0/5 scan-pram scan-hillis-steele.c:1/5 ['work'] True" "$v" "--junit: a suite per file, the failing criterion with its diagnosis"
run_pram check scan-pram "$corpus/scan-hillis-steele.c" --gradescope "$tap_tmp/results.json"
expect_rc 1 "--gradescope: exit 1 for a failing submission"
expect_in "not-work-efficient" "$out" "the text report names the kind"
expect_in "W grows as n log n: not work-efficient" "$out" "the text report says how W grows"
v=$(json_get "$tap_tmp/results.json" "'%g %s' % (d['score'], ','.join('%s=%s' % (t['name'].split(': ')[1], t['status']) for t in d['tests']))")
expect_in "8 build=passed,results=passed,model=passed,work=failed,depth=passed" "$v" "--gradescope: score and tests"
run_pram check scan-pram "$corpus/scan-sequential.c"
expect_in "D grows linearly: n - 1 steps" "$out" "a sequential scan: D grows linearly"
run_pram check no-such-exercise "$sol"
expect_rc 2 "an unknown exercise is a usage error"
expect_in "unknown exercise 'no-such-exercise'" "$err" "and says so"
run_pram check scan-pram
expect_rc 2 "no file is a usage error"
run_pram check scan-pram "$tap_tmp/missing.c"
expect_rc 2 "a missing file is a usage error"
run_pram check --list
expect_in "reduce-kernel" "$out" "--list names reduce-kernel"
expect_in "scan-pram" "$out" "--list names scan-pram"
# A submission under another name is checked the same (its own name shows).
cp "$sol" "$tap_tmp/my solution.c"
run_pram check scan-pram "$tap_tmp/my solution.c" --json
expect_rc 0 "any file name on the command line"

# The sandbox: a hang and an unbounded allocation are diagnosed, quickly.
start=$(date +%s)
run_pram check scan-pram "$corpus/scan-hang.c" --time-limit 2 --json
printf '%s\n' "$out" >"$tap_tmp/h.json"
v=$(json_get "$tap_tmp/h.json" "' '.join(x['kind'] for x in d['diagnoses'])")
expect_in timeout "$v" "sandbox: a hanging program is a time-out"
took=$(($(date +%s) - start))
if [ "$took" -le 20 ]; then tap_result 0 "sandbox: the hang costs ${took}s, bounded"; else
	tap_result 1 "sandbox: the hang costs ${took}s, bounded"; fi
run_pram check scan-pram "$corpus/scan-alloc.c" --json
printf '%s\n' "$out" >"$tap_tmp/a.json"
v=$(json_get "$tap_tmp/a.json" "[x['message'] for x in d['diagnoses'] if x['kind'] == 'out-of-memory'][0]")
expect_in "memory limit" "$v" "sandbox: an unbounded allocation is out of memory at the limit"

# No network: a submission that scans only when it cannot reach 127.0.0.1
# (tests/test-check runs the same in a contained child): the static check
# refuses it first, naming the call; with the static check let go
# (--may-skip discipline, its helper gone) it runs, offline.
if [ "$HAVE_LIBCLANG" = yes ]; then
	run_pram check scan-pram "$top_srcdir/tests/data/check-network.c"
	expect_in "discipline: calls socket" "$out" "sandbox: a submission that looks for the network is refused by the static check"
fi
PRAM_LINT="$tap_tmp/no-such-lint"
export PRAM_LINT
run_pram check scan-pram "$top_srcdir/tests/data/check-network.c"
expect_rc 2 "without the static check's helper: the grading stops, exit 2"
run_pram check scan-pram "$top_srcdir/tests/data/check-network.c" --may-skip discipline
PRAM_LINT="$top_builddir/check/pram-lint"
case $out in
*"children ran with the network"*)
	tap_result 0 "sandbox: no network # SKIP this system refuses a network namespace" ;;
*)
	expect_in "results      4 / 4     passed" "$out" "sandbox: the submission has no network" ;;
esac

# A class: three students, one right, one wrong, one that hangs, one with
# no file.
class="$tap_tmp/class"
mkdir -p "$class/alice" "$class/bob/src" "$class/carol" "$class/dave"
cp "$sol" "$class/alice/scan.c"
cp "$corpus/scan-hillis-steele.c" "$class/bob/src/scan.c"
cp "$corpus/scan-hang.c" "$class/carol/scan.c"
start=$(date +%s)
run_pram check scan-pram --class "$class" --out "$tap_tmp/graded" --time-limit 2 --jobs 2
expect_rc 0 "--class: exit 0"
expect_in "graded 4 submissions (1 passed)" "$out" "--class: a summary line"
csv=$(cat "$tap_tmp/graded/summary.csv" 2>/dev/null)
expect_in "student,passed,score,max_score,build,results,model,work,depth,diagnoses" "$csv" "--class: CSV header, a column per criterion"
expect_in "alice,yes,10,10,pass,pass,pass,pass,pass," "$csv" "--class: alice passes"
expect_in "bob,no,8,10,pass,pass,pass,fail,pass,\"not-work-efficient\"" "$csv" "--class: bob's file one folder down, not work-efficient"
expect_in "carol,no,1.67,10,pass,fail,pass,-,-,\"timeout\"" "$csv" "--class: carol's hang is a time-out"
expect_in "dave,missing,0,10," "$csv" "--class: dave handed in nothing, 0 of the whole 10"
md=$(cat "$tap_tmp/graded/summary.md" 2>/dev/null)
expect_in "| alice | yes | 10 / 10 | pass | pass | pass | pass | pass |" "$md" "--class: the Markdown table"
check "--class: per-student reports" test -s "$tap_tmp/graded/reports/bob.txt" -a -s "$tap_tmp/graded/reports/bob.json"
# The class at a glance: summary.html, read as a browser renders it (its
# script draws the score distribution from the page's data).
page="$tap_tmp/graded/summary.html"
check "--class: summary.html needs no network" sh -c "! grep -E -q '(src|href)=\"(https?:)?//' '$page'"
find_browser
if [ -z "$browser" ]; then
	tap_result 0 "--class: summary.html in a browser # SKIP no headless browser (chromium-headless-shell or chromium) installed"
else
	bflags="--no-sandbox --disable-gpu --no-first-run --user-data-dir=$tap_tmp/profile"
	case "$(basename "$browser")" in chromium) bflags="--headless $bflags" ;; esac
	# shellcheck disable=SC2086
	timeout 60 "$browser" $bflags --dump-dom "file://$page" >"$tap_tmp/summary.dom" 2>"$tap_tmp/browser.err"
	check "--class: summary.html in a browser: the distribution drawn, the rates, the kinds, the students" python3 -c '
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.bins = []; self.rows = {}; self.table = None; self.cells = []; self.cell = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "div" and a.get("class") == "bin": self.bins.append(int(a["data-count"]))
        if tag == "table": self.table = a.get("id"); self.rows.setdefault(self.table, [])
        if tag == "tr": self.cells = []
        if tag in ("td", "th"): self.cell = ""
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None: self.cells.append(self.cell.strip()); self.cell = None
        if tag == "tr" and self.table: self.rows[self.table].append(self.cells)
    def handle_data(self, d):
        if self.cell is not None: self.cell += d
p = P(); p.feed(open(sys.argv[1]).read())
assert len(p.bins) == 11 and sum(p.bins) == 4 and p.bins[10] == 1, p.bins   # 4 students, alice at 100%
crit = {r[0]: r[2] for r in p.rows["criteria"][1:]}
assert crit["work"] == "1 of 3" and crit["build"] == "3 of 3", crit
kinds = {r[0]: r[1] for r in p.rows["diagnoses"][1:]}
assert kinds.get("not-work-efficient") == "1" and kinds.get("timeout") == "1", kinds
st = {r[0]: r for r in p.rows["students"][1:]}
assert st["bob"][3].startswith("W grows as n log n"), st["bob"]
assert st["dave"][1] == "missing" and st["dave"][5] == "no submission", st["dave"]
' "$tap_tmp/summary.dom"
fi

# The work queue and the student's limit: two hanging students and a
# right one on two workers. The next student starts as soon as a worker is
# free, so the two hangs run side by side (about one student limit in all,
# where a fixed share of students per worker would take two), and at the
# student limit the student's whole session is killed, the case it was
# running included (its own time limit, 60 s, is far off).
class2="$tap_tmp/class2"
mkdir -p "$class2/a" "$class2/b" "$class2/c" "$tap_tmp/tmp2"
cp "$corpus/scan-hang.c" "$class2/a/scan.c"
cp "$sol" "$class2/b/scan.c"
cp "$corpus/scan-hang.c" "$class2/c/scan.c"
start=$(date +%s)
old_tmpdir=${TMPDIR-}
TMPDIR="$tap_tmp/tmp2"
export TMPDIR
run_pram check scan-pram --class "$class2" --out "$tap_tmp/graded2" --time-limit 60 --student-limit 8 --jobs 2
took=$(($(date +%s) - start))
if [ -n "$old_tmpdir" ]; then TMPDIR=$old_tmpdir; else unset TMPDIR; fi
left=$(ps -eo args | grep -c "^$tap_tmp/tmp2/")
expect_rc 0 "--class queue: exit 0"
if [ "$took" -lt 15 ]; then tap_result 0 "--class queue: two 8 s hangs on two workers take ${took}s, not 16"; else
	tap_result 1 "--class queue: two 8 s hangs on two workers take ${took}s, not 16"; fi
csv=$(cat "$tap_tmp/graded2/summary.csv" 2>/dev/null)
expect_in "a,no,0,10,-,-,-,-,-,\"timeout\"" "$csv" "--class queue: the first hang is a time-out"
expect_in "b,yes,10,10" "$csv" "--class queue: the right one passes"
expect_in "c,no,0,10,-,-,-,-,-,\"timeout\"" "$csv" "--class queue: the second hang is a time-out"
expect_in "0" "$left" "--class: nothing of a student outlives its limit (the cases it contained included)"

# The Gradescope bundle, run in a clean folder: setup.sh (pram is already on
# PATH, so it installs nothing) and run_autograder on a submission.
# Without a release tarball the bundle is refused, saying how, rather than
# written to fail on Gradescope.
if ! ls "$top_builddir"/pramsim-*.tar.gz >/dev/null 2>&1; then
	run_pram check scan-pram --autograder "$tap_tmp/ag.zip"
	expect_rc 2 "--autograder without a tarball: exit 2"
	expect_in "run make dist in" "$err" "--autograder without a tarball: says how to make one"
fi
mkdir -p "$tap_tmp/rel/pramsim-0"
printf 'a stand-in for the release tarball\n' >"$tap_tmp/rel/pramsim-0/README"
tar -czf "$tap_tmp/rel.tar.gz" -C "$tap_tmp/rel" pramsim-0
run_pram check scan-pram --autograder "$tap_tmp/ag.zip" --source "$tap_tmp/rel.tar.gz"
expect_rc 0 "--autograder: writes the bundle"
ag="$tap_tmp/ag"
mkdir -p "$ag/source" "$ag/submission/deep"
if (cd "$ag/source" && unzip -q "$tap_tmp/ag.zip"); then
	tap_result 0 "--autograder: the zip unpacks"
	expect_in "libclang-dev" "$(cat "$ag/source/setup.sh")" "autograder: setup.sh installs what every criterion needs (the static check's libclang)"
else
	tap_result 1 "--autograder: the zip unpacks"
fi
bin="$tap_tmp/bin"
mkdir -p "$bin"
ln -sf "$PRAM" "$bin/pram"
check "autograder: setup.sh finds pram and installs nothing" \
	env PATH="$bin:$PATH" PRAMSIM_SKIP_APT=1 sh "$ag/source/setup.sh"
cp "$corpus/scan-hillis-steele.c" "$ag/submission/deep/scan.c"
check "autograder: run_autograder runs" env PATH="$bin:$PATH" AUTOGRADER_ROOT="$ag" \
	sh "$ag/source/run_autograder"
v=$(json_get "$ag/results/results.json" "'%g %d' % (d['score'], len(d['tests']))")
expect_in "8 5" "$v" "autograder: results.json has the score and a test per criterion"
rm -f "$ag/submission/deep/scan.c"
env PATH="$bin:$PATH" AUTOGRADER_ROOT="$ag" sh "$ag/source/run_autograder" >/dev/null 2>&1
v=$(json_get "$ag/results/results.json" "d['output']")
expect_in "no file named scan.c" "$v" "autograder: a submission without the file scores 0 and says why"

done_testing
