#!/bin/sh
# oclgrind.sh - the race check: every algorithm and variant runs at small
# sizes under Oclgrind's simulator with its data-race and uninitialised-memory
# checks, in work-groups of 32 so that several groups and levels run. A test
# passes when the output is right and Oclgrind reports nothing. Prints TAP;
# skips when configure found no oclgrind.

if test -z "$OCLGRIND"; then
	echo "1..0 # SKIP oclgrind not found"
	exit 0
fi
run_one="${top_builddir:-.}/tests/gpu/run-one"
if test ! -x "$run_one"; then
	echo "1..0 # SKIP $run_one not built"
	exit 0
fi

log="${TMPDIR:-/tmp}/pram-oclgrind.$$"
trap 'rm -f "$log"' EXIT INT TERM
count=0
failed=0

check() {
	count=$((count + 1))
	desc="$*"
	# Under oclgrind only its own platform is visible, so the default device
	# choice (the first CPU, else the first device) takes it.
	if PRAM_DEVICE= "$OCLGRIND" --data-races --uninitialized \
		"$run_one" -w 32 "$@" >"$log" 2>&1 &&
		! grep -E -i -q 'invalid (read|write)|data race|uninitiali[sz]ed|error|barrier divergence|out of bounds' "$log"; then
		echo "ok $count - oclgrind $desc"
	else
		failed=$((failed + 1))
		echo "not ok $count - oclgrind $desc"
		sed 's/^/# /' "$log" | head -n 40
	fi
}

for algo in "reduce teaching" "reduce tuned" "scan-hillis-steele teaching" \
	"scan-blelloch teaching" "scan-blelloch tuned"; do
	for n in 300 1000; do
		# shellcheck disable=SC2086
		check $algo $n
	done
done
# Exclusive scans and float max take other paths through the kernels.
check -e scan-blelloch tuned 1000
check -e -f -o max scan-hillis-steele teaching 300
check -f -o min reduce tuned 1000

echo "1..$count"
test "$failed" -eq 0
