# tap.sh - TAP helpers for the shell tests (sourced).
#
#   check "name" COMMAND...          ok when COMMAND succeeds
#   run_pram ARGS...                 runs pram; sets $out, $err, $rc
#   expect_rc N "name"               ok when the last run_pram exited N
#   expect_in "text" "$var" "name"   ok when $var contains text
#   expect_verified "name"           ok when the last pram gpu run, its output
#                                    in $tap_tmp/out and $tap_tmp/err, exited
#                                    0 ($rc) and said verified, never WRONG
#   done_testing                     prints the plan, exits 1 on a failure

tap_n=0
tap_failed=0
tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/pramtest.XXXXXX")
trap 'rm -rf "$tap_tmp"' EXIT

tap_result() { # status name [diagnostic]
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
		[ -n "${3:-}" ] && printf '%s\n' "$3" | sed 's/^/# /'
	fi
	return 0
}

check() {
	name=$1
	shift
	if "$@" >"$tap_tmp/check.out" 2>&1; then
		tap_result 0 "$name"
	else
		tap_result 1 "$name" "$(head -c 2000 "$tap_tmp/check.out")"
	fi
}

run_pram() {
	"$PRAM" "$@" >"$tap_tmp/out" 2>"$tap_tmp/err"
	rc=$?
	out=$(cat "$tap_tmp/out")
	err=$(cat "$tap_tmp/err")
}

expect_rc() {
	if [ "$rc" -eq "$1" ]; then
		tap_result 0 "$2"
	else
		tap_result 1 "$2" "exit status $rc, expected $1; stderr: $(printf '%s' "$err" | head -c 1000)"
	fi
}

expect_in() {
	case "$2" in
	*"$1"*) tap_result 0 "$3" ;;
	*) tap_result 1 "$3" "'$1' not found in: $(printf '%s' "$2" | head -c 1500)" ;;
	esac
}

expect_verified() {
	if [ "$rc" -eq 0 ] && grep -q "verified" "$tap_tmp/out" && ! grep -q "WRONG" "$tap_tmp/out"; then
		tap_result 0 "$1"
	else
		tap_result 1 "$1" "exit $rc; $(head -c 600 "$tap_tmp/out") $(head -c 300 "$tap_tmp/err")"
	fi
}

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}

# find_browser: $browser, the path of a headless Chromium
# (chromium-headless-shell, else chromium), or empty when none is installed.
find_browser() {
	browser=
	for b in chromium-headless-shell chromium; do
		if command -v "$b" >/dev/null 2>&1; then
			browser=$(command -v "$b")
			break
		fi
	done
}
