#!/bin/sh
# class-scale.sh - pram check --class on a large class, for the figures
# README.md quotes (a benchmark, not a test: this machine is shared and
# noisy). N students (default 200) cycle through six kinds of submission:
# right, wrong (not work-efficient), crashing, hanging, not compiling, and
# printing megabytes. Prints the wall time, the time per submission, the
# largest resident size of pram and of any child, the summary line, and
# what the hanging students cost.
#
#     bench/class-scale.sh [N] [JOBS]      (from the top of the tree, after make)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
pram=${PRAM:-$here/build/pram}
n=${1:-200}
jobs=${2:-$(nproc)}
limit=2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/class-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/loud.c" <<'SRC'
/* a Hillis-Steele scan (its reads are CREW: a model violation under EREW)
 * that prints a line per processor per step: megabytes */
#include <stdio.h>
#include "pram.h"
void scan(pram *m, pram_array *x, size_t n)
{
	for (size_t d = 1; d < n; d *= 2)
		PRAM_STEP(m, "add") {
			PRAM_FORALL(m, j, 0, n) {
				int64_t v = pram_read(m, x, j);
				if ((size_t)j >= d)
					v += pram_read(m, x, j - (int64_t)d);
				printf("step at distance %zu, processor %lld: %lld\n", d, (long long)j,
				       (long long)v);
				pram_write(m, x, j, v);
			}
		}
}
SRC
kinds="$here/lessons/03-blelloch/solutions/scan.c $here/tests/check/scan-hillis-steele.c
$here/tests/check/scan-crash.c $here/tests/check/scan-hang.c $here/tests/check/scan-compile-error.c
$tmp/loud.c"
k=0
while [ "$k" -lt "$n" ]; do
	set -- $kinds
	shift $((k % 6))
	mkdir -p "$tmp/class/s$k"
	cp "$1" "$tmp/class/s$k/scan.c"
	k=$((k + 1))
done
echo "pram check scan-pram --class: $n students (right, wrong, crashing, hanging, not compiling, printing), $jobs at a time, --time-limit $limit"
/usr/bin/time -f "%e %M" -o "$tmp/time" "$pram" check scan-pram --class "$tmp/class" \
	--out "$tmp/out" --jobs "$jobs" --time-limit "$limit" >"$tmp/log" 2>&1 || true
read -r wall rss <"$tmp/time"
tail -n 1 "$tmp/log"
awk -v w="$wall" -v n="$n" -v r="$rss" 'BEGIN {
	printf "wall %.1f s, %.2f s per submission; peak resident size %.0f MiB (pram or its largest child)\n", w, w / n, r / 1024 }'
hang=$(grep -c '"timeout"' "$tmp/out/summary.csv" || true)
echo "students diagnosed with a time-out: $hang (each costs at most two cases of $limit s, and its other cases)"
