#!/bin/sh
# program.sh - pram run EXERCISE --program FILE: a student's PRAM program
# run as the registry's are (its cost table, its trace, its page, its
# outputs checked against the exercise's reference), and the errors of a
# program that does not build, a kernel exercise, an unknown exercise.
. "$top_srcdir/tests/tap.sh"
lessons="$top_srcdir/lessons"
data="$top_srcdir/tests/data"

# The notes' example through the lesson's reference solution: the same
# output, W and D as the registry's inclusive Blelloch scan.
run_pram run scan-pram --program "$lessons/03-blelloch/solutions/scan.c" --input "$data/notes-scan.txt"
expect_rc 0 "scan-pram's solution runs and verifies"
expect_in "output: 3 4 11 11 15 16 22 25" "$out" "its output is the notes' inclusive scan"
expect_in "scan.c on erew" "$out" "the run is named after the file, on the exercise's model"
run_pram run scan-pram --program "$lessons/03-blelloch/solutions/scan.c" --n 8 --trace
expect_rc 0 "--trace"
expect_in "after step 1 (line" "$out" "--trace prints the arrays after each step, with the program's lines"
run_pram run scan-pram --program "$lessons/03-blelloch/solutions/scan.c" --n 8 --html "$tap_tmp/run.html"
expect_rc 0 "--html"
check "--html writes the step-through page" grep -q "scan.c" "$tap_tmp/run.html"

# W and D as pram check measures them, from the same machine.
run_pram run line-of-sight-pram --program "$lessons/07-line-of-sight/solutions/los.c" --n 1000 --json
expect_rc 0 "line-of-sight-pram's solution runs on the scan model"
printf '%s' "$out" >"$tap_tmp/los.json"
check "its W = 5n and D = 5, verified" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verified"] and d["work"] == 5000 and d["depth"] == 5 and d["model"] == "scan", d
' "$tap_tmp/los.json"

# A starter computes nothing: not verified, exit 1.
run_pram run line-of-sight-pram --program "$lessons/07-line-of-sight/starter/los.c" --n 16
expect_rc 1 "the starter does not verify"
expect_in "NOT verified" "$out" "and says so"

# A program that breaks the model: the violation, named by the file's line.
cat >"$tap_tmp/crew.c" <<'C'
#include "pram.h"
void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, i, d, n) {
				pram_write(m, x, i, pram_read(m, x, i) + pram_read(m, x, i - d));
			}
		}
}
C
run_pram run scan-pram --program "$tap_tmp/crew.c" --n 8
expect_rc 1 "an in-place Hillis-Steele breaks EREW"
expect_in "crew.c:5, \"add\"): memory model violation" "$out" "the violation names the step by the program's line"

# Errors: a function of the wrong type, a kernel exercise, no exercise.
printf '#include "pram.h"\nvoid scan(pram *m, pram_array *x) { (void)m; (void)x; }\n' >"$tap_tmp/bad.c"
run_pram run scan-pram --program "$tap_tmp/bad.c" --n 8
expect_rc 2 "a program that does not build is a usage error"
expect_in "bad.c:2" "$err" "the compiler's message names the file's line"
expect_in "void scan(pram *m, pram_array *x, size_t n);" "$err" "and the contract's function is shown"
run_pram run reduce-kernel --program "$tap_tmp/bad.c"
expect_rc 2 "a kernel exercise"
expect_in "pram gpu runs a kernel" "$err" "is sent to pram gpu"
run_pram run no-such-exercise --program "$tap_tmp/bad.c"
expect_rc 2 "an unknown exercise"
expect_in "unknown exercise 'no-such-exercise'" "$err" "is named"

# pram gpu EXERCISE --program FILE.cl: a student's kernel on the device,
# validated on one input and timed.
if "$PRAM" devices >/dev/null 2>&1; then
	run_pram gpu split-kernel --program "$lessons/10-radix-sort/solutions/split.cl" --n 5000 --reps 3
	expect_rc 0 "gpu --program: split-kernel's solution runs on the device"
	expect_in "verified: the outputs equal the reference's (split)" "$out" "and is validated against the reference"
	expect_in "kernel: median" "$out" "and timed"
	run_pram gpu split-kernel --program "$lessons/10-radix-sort/starter/split.cl" --n 5000 --reps 2 --json --local 16
	expect_rc 1 "gpu --program: the starter is wrong"
	printf '%s' "$out" >"$tap_tmp/gpu.json"
	check "its JSON says where, on the L asked" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verified"] is False and d["L"] == 16 and d["n"] == 5000 and d["mismatch"].startswith("y["), d
' "$tap_tmp/gpu.json"
	run_pram gpu scan-pram --program "$lessons/03-blelloch/solutions/scan.c"
	expect_rc 2 "gpu --program: a PRAM exercise"
	expect_in "pram run --program runs a PRAM program" "$err" "is sent to pram run"
else
	tap_result 0 "gpu --program # SKIP no OpenCL device"
fi
done_testing
