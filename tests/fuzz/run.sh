#!/bin/sh
# run.sh - `make fuzz`: build the libFuzzer targets with clang in build-fuzz/
# (ASan and UBSan on), then run each for a fixed time on its committed
# corpus, adding what it finds to the corpus. A crash or a sanitizer report
# stops with the reproducer's path; turn it into a regression test.
#
#     tests/fuzz/run.sh [SECONDS]      (default 60 per target)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
dir="$top/build-fuzz"
command -v clang >/dev/null 2>&1 || {
	echo "run.sh: the fuzzers need clang (Debian: apt-get install clang libclang-rt-dev)" >&2
	exit 2
}
mkdir -p "$dir"
if [ ! -f "$dir/Makefile" ]; then
	(cd "$dir" && "$top/configure" -q CC=clang --enable-fuzzers --without-opencl)
fi
make -C "$dir" -j2 tests/fuzz/fuzz-input tests/fuzz/fuzz-options tests/fuzz/fuzz-mtx tests/fuzz/fuzz-pgm \
	>"$dir/make.log" 2>&1 || { tail -30 "$dir/make.log"; exit 1; }
status=0
for t in input options mtx pgm; do
	corpus="$top/tests/fuzz/corpus/$t"
	mkdir -p "$corpus" "$dir/artifacts-$t"
	echo "==> fuzz-$t for $secs s"
	if ! "$dir/tests/fuzz/fuzz-$t" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$dir/artifacts-$t/" "$corpus" 2>"$dir/fuzz-$t.log"; then
		status=1
		tail -40 "$dir/fuzz-$t.log"
	fi
	grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$dir/fuzz-$t.log" |
		sed "s/^/  fuzz-$t: /"
done
exit $status
