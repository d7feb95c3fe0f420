#!/bin/sh
# setup.sh - install what pramsim needs, build it, and run it.
#
#   ./setup.sh          install the packages building and every command need,
#                       build, and run the demo: the simulator, a kernel on the
#                       default OpenCL device (PoCL on the CPU), a small report
#                       and a student's kernel checked
#   ./setup.sh check    install those and the packages only the tests need
#                       (a browser, valgrind), build, run every test (and
#                       the simulator's tests again under valgrind's memcheck,
#                       those and the kernels' host code under AddressSanitizer
#                       and UndefinedBehaviorSanitizer, and the build without
#                       OpenCL); ends with "N passed, N failed"
#
# Both can be run again safely: packages already there are not reinstalled,
# and the builds are redone incrementally. The build lives in build/, the
# sanitizer build in build-san/, the build without OpenCL in build-noocl/.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
mode=${1:-demo}
jobs=$(nproc 2>/dev/null || echo 2)

n_PASS=0 n_FAIL=0 n_ERROR=0 n_SKIP=0 n_XFAIL=0 n_XPASS=0

say() { printf '\n==> %s\n' "$*"; }

# Debian packages, each for a reason (README.md says which): what building
# and every command need, then what only the tests need.
packages="gcc make autoconf automake libtool pkg-config ocl-icd-opencl-dev opencl-headers
ocl-icd-libopencl1 pocl-opencl-icd clinfo gnuplot-nox oclgrind g++ liboclgrind-dev llvm-dev
libclang-dev libjson-c-dev zip"
test_packages="python3 patch unzip valgrind chromium-headless-shell"
[ "$mode" = check ] && packages="$packages $test_packages"

install_missing() {
	missing=
	for p in $packages; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	say "installing:$missing"
	if [ "$(id -u)" -eq 0 ]; then
		sudo=
	elif command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		echo "setup.sh: these packages are missing and I am not root:$missing" >&2
		exit 1
	fi
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	# shellcheck disable=SC2086
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

# build DIR [configure options]: configure once, then make.
build() {
	dir=$1
	shift
	[ -x configure ] && [ configure -nt configure.ac ] || { say "autoreconf"; autoreconf -fi; }
	mkdir -p "$dir"
	if [ ! -f "$dir/Makefile" ]; then
		say "configure in $dir $*"
		(cd "$dir" && ../configure "$@")
	fi
	say "make in $dir"
	make -C "$dir" -j"$jobs" >"$dir/make.log" 2>&1 || { tail -40 "$dir/make.log"; exit 1; }
}

# Add the counts of an automake test-suite.log to the totals.
count() {
	log=$1
	for k in PASS FAIL ERROR SKIP XFAIL XPASS; do
		v=$(sed -n "s/^# $k: *\([0-9]*\)$/\1/p" "$log" | head -n 1)
		eval "n_$k=\$(( \${n_$k:-0} + ${v:-0} ))"
	done
}

install_missing

case $mode in
demo)
	build build
	P=build/pram
	say "1/4 the simulator: Blelloch's scan of the notes' example, with its cost table"
	printf '3 1 7 0 4 1 6 3\n' >build/notes-example.txt
	$P run scan-blelloch --input build/notes-example.txt
	say "2/4 the same algorithm's kernels on the default OpenCL device, validated and timed"
	$P gpu scan-blelloch --n 2^20 --reps 5
	say "3/4 a report: measured times against the complexity the simulator predicts"
	$P report reduce scan-blelloch --sizes 2^10..2^16 --out build/report
	say "4/4 the checker: a student's kernel (the reduction lesson's starter), graded"
	# the starter is meant to fail: its report shows what a student sees
	$P check reduce-kernel lessons/01-reduction/starter/reduce.cl || true
	echo
	echo "pram is built: $here/build/pram (man page: man ./doc/pram.1)."
	echo "The report's figures: $here/build/report/index.html; the whole report: $P report"
	echo "Run the tests with: ./setup.sh check"
	;;
check)
	build build
	status=0
	make -C build check -j"$jobs" >build/check.log 2>&1 || status=1
	grep -E '^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS):' build/check.log | sed 's/^/  /' | grep -v '^  PASS' || true
	[ -f build/test-suite.log ] && count build/test-suite.log
	[ $status -ne 0 ] && [ -f build/test-suite.log ] && cat build/test-suite.log | head -200
	# The simulator's tests, the case files and the command line again under
	# valgrind's memcheck: no error, no leak.
	say "the tests under valgrind"
	make -C build check-valgrind -j"$jobs" >build/valgrind.log 2>&1 || status=1
	grep -E '^(FAIL|ERROR):' build/valgrind.log | sed 's/^/  valgrind: /' || true
	[ -f build/test-suite.log ] && count build/test-suite.log
	# The unit tests, the case files, the command line and the kernels' host
	# code (on PoCL, every kernel test and every injected OpenCL failure)
	# again under AddressSanitizer, LeakSanitizer and UBSan.
	say "the tests under the sanitizers"
	build build-san --enable-sanitizers
	cases=$(ls tests/cases/*.case | tr '\n' ' ')
	gpu="tests/gpu/test-kernels-1 tests/gpu/test-kernels-2 tests/gpu/test-kernels-3"
	gpu="$gpu tests/gpu/test-kernels-4 tests/gpu/test-table tests/gpu/test-drivers tests/gpu/faults.sh"
	make -C build-san check -j"$jobs" \
		TESTS="$gpu tests/test-sim tests/test-algos tests/test-registry tests/cli.sh $cases" \
		>build-san/check.log 2>&1 || status=1
	grep -E '^(FAIL|ERROR):' build-san/check.log | sed 's/^/  sanitizers: /' || true
	[ -f build-san/test-suite.log ] && count build-san/test-suite.log
	# The build without OpenCL: the stub behind the same headers.
	say "the build without OpenCL"
	build build-noocl --without-opencl
	make -C build-noocl check -j"$jobs" TESTS="tests/test-sim tests/gpu/test-table tests/cli.sh" \
		>build-noocl/check.log 2>&1 || status=1
	grep -E '^(FAIL|ERROR):' build-noocl/check.log | sed 's/^/  without OpenCL: /' || true
	[ -f build-noocl/test-suite.log ] && count build-noocl/test-suite.log
	passed=$((n_PASS + n_XFAIL))
	failed=$((n_FAIL + n_ERROR + n_XPASS))
	[ $failed -gt 0 ] && status=1
	echo "$n_SKIP skipped (each test log says why)"
	echo "$passed passed, $failed failed"
	exit $status
	;;
*)
	echo "usage: ./setup.sh [check]" >&2
	exit 2
	;;
esac
