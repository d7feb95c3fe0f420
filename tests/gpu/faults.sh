#!/bin/sh
# faults.sh - OpenCL failures, real and injected through the runtime's hook
# (PRAM_CL_INJECT=NAME:K[:CODE], kernels/clrtint.h): no platform, a build
# that fails, a launch out of resources, an allocation the device refuses,
# and a failure in the middle of a multi-pass run, of the timed runs and of
# the report. Each must exit 1 (never crash, never say "verified") with a
# message that names the OpenCL call and the error. And a launch lost
# unseen in the last run is never verified on an earlier run's output.
# Prints TAP.
. "$top_srcdir/tests/tap.sh"

if test "$HAVE_OPENCL" != yes; then
	echo "1..0 # SKIP pram was built without OpenCL"
	exit 0
fi

# fault NAME "text" ARGS...: pram gpu ARGS with the injection NAME (or
# none), expected to exit 1 with text in its error.
fault() {
	inject=$1
	text=$2
	shift 2
	PRAM_CL_INJECT=$inject "$PRAM" gpu "$@" >"$tap_tmp/out" 2>"$tap_tmp/err"
	rc=$?
	desc="pram gpu $* with ${inject:-no injection}"
	if [ $rc -eq 1 ] && grep -qF -- "$text" "$tap_tmp/err" && ! grep -q "verified" "$tap_tmp/out"; then
		tap_result 0 "$desc: exit 1, '$text'"
	else
		tap_result 1 "$desc: exit 1, '$text'" "exit $rc; stderr: $(head -c 600 "$tap_tmp/err")"
	fi
}

OCL_ICD_VENDORS="$tap_tmp/no-vendors" fault "" "no OpenCL platform found" reduce --n 100
fault clBuildProgram:1:CL_BUILD_PROGRAM_FAILURE "build failed (CL_BUILD_PROGRAM_FAILURE)" \
	reduce --n 100
fault clEnqueueNDRangeKernel:1 "clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES" reduce --n 100
fault clCreateBuffer:1:CL_MEM_OBJECT_ALLOCATION_FAILURE \
	"clCreateBuffer: CL_MEM_OBJECT_ALLOCATION_FAILURE" reduce --n 100
# Flags are the second buffer of a segmented scan.
fault clCreateBuffer:2:CL_MEM_OBJECT_ALLOCATION_FAILURE \
	"clCreateBuffer: CL_MEM_OBJECT_ALLOCATION_FAILURE" scan-segmented --n 1000
# The fifth launch of a scan in groups of 16: in the middle of its levels.
fault clEnqueueNDRangeKernel:5 "clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES" \
	scan-blelloch --n 100000 --max-group 16 --variant teaching
# In the timed runs after the warm-up, and in the tuned scan's second launch.
fault clEnqueueNDRangeKernel:9:CL_INVALID_WORK_GROUP_SIZE \
	"clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE" scan-blelloch --n 100000 --reps 5
fault clFinish:3 "clFinish: CL_OUT_OF_RESOURCES" reduce --n 1000 --reps 5
fault clEnqueueReadBuffer:1 "clEnqueueReadBuffer: CL_OUT_OF_RESOURCES" compact --n 1000

# A launch lost unseen (LOST: reported done, never run). counting-sort-serial
# is one launch a run: with --reps 2 the third is the last run's. Lost there,
# the last run writes nothing, and the output the run before left must not
# pass for its result: gpu_run fills the outputs (and a count) before the
# last run. Lost in the middle run, the last one writes everything anew.
lost() {
	k=$1
	want=$2
	text=$3
	shift 3
	PRAM_CL_INJECT=clEnqueueNDRangeKernel:$k:LOST timeout 300 "$PRAM" gpu "$@" --reps 2 \
		>"$tap_tmp/out" 2>"$tap_tmp/err"
	rc=$?
	desc="pram gpu $* with launch $k lost: exit $want, '$text'"
	if [ $rc -eq "$want" ] && grep -qF -- "$text" "$tap_tmp/out" "$tap_tmp/err" &&
		{ [ "$want" -eq 0 ] || ! grep -q "verified" "$tap_tmp/out"; }; then
		tap_result 0 "$desc"
	else
		tap_result 1 "$desc" "exit $rc; $(head -c 400 "$tap_tmp/out") $(head -c 300 "$tap_tmp/err")"
	fi
}
lost 3 1 "WRONG" counting-sort-serial --n 1000
lost 2 0 "verified" counting-sort-serial --n 1000
lost 3 1 "the last run wrote no count of its output elements" reduce-segmented \
	--variant tuned --numbering lookback --n 1000
# The one-launch look-backs (lookback.clh) number their tiles by a ticket
# never reset, less the tickets the host counted taken: a lost launch took
# none, so the next run must start the count again rather than wait
# forever for tiles no group holds, or number them past the end.
lost 2 0 "verified" scan-blelloch --variant tuned --n 100000
lost 2 0 "verified" compact --variant tuned --n 100000
lost 3 0 "verified" split --variant tuned --n 100000
lost 2 0 "verified" scan-segmented --variant tuned --n 100000
# The tuned radix sort clears nothing before a run: each pass leaves its
# ticket and digit counts zero and the next pass's (or the next run's
# first pass's) status words clear. Its last pass lost (launch 5 of four
# passes: the histogram, then the passes), the next run must clear all of
# that first rather than add to stale counts and places.
lost 5 0 "verified" radix-sort --variant tuned --n 100000 --key-range 2^32 --pairs yes
lost 5 0 "verified" radix-sort --variant tuned --n 100000 --key-range 2^32 --pairs no
# The tuned integer reduce adds each group's result into an accumulator
# that the run before reset: lost in the middle run, that run reset
# nothing, and the last one must start from the identity itself; lost in
# the last run, the identity left there must not pass for the sum.
lost 2 0 "verified" reduce --variant tuned --n 100000
lost 3 1 "WRONG" reduce --variant tuned --n 100000

# The report goes on past a kernel that fails at one size, says so in the
# verdict and the summary, and exits 1.
PRAM_CL_INJECT=clEnqueueNDRangeKernel:2 "$PRAM" report reduce --sizes 2^8..2^10 --reps 2 \
	--budget 0 --out "$tap_tmp/report" >"$tap_tmp/out" 2>"$tap_tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "FAILED at n = 2^8" "$tap_tmp/out" &&
	grep -q "CL_OUT_OF_RESOURCES" "$tap_tmp/report/summary.json" &&
	grep -q "a kernel failed to run" "$tap_tmp/err"; then
	tap_result 0 "the report names an injected failure in its verdict and summary and exits 1"
else
	tap_result 1 "the report names an injected failure in its verdict and summary and exits 1" \
		"exit $rc; $(head -c 600 "$tap_tmp/out") $(head -c 300 "$tap_tmp/err")"
fi
done_testing
