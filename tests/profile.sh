#!/bin/sh
# profile.sh - `pram gpu ALGO --profile`: the project's own kernels under
# Oclgrind with the pramsim plugin, their requests and sectors per line.
# The counts are checked where they can be worked out by hand, and the tuned
# Blelloch scan against the teaching one; the command's refusals (a large
# n, no Oclgrind) are checked to say what is wrong.
. "$top_srcdir/tests/tap.sh"

# Without Oclgrind: the message says what to install (PATH holds no
# oclgrind; pram is run by its path).
empty="$tap_tmp/nobin"
mkdir -p "$empty"
out=$(env -u PRAM_OCLGRIND PATH="$empty" "$PRAM" gpu scan-blelloch --profile 2>&1)
rc=$?
expect_rc 1 "--profile without Oclgrind fails"
expect_in "Oclgrind is not installed (Debian: apt-get install oclgrind" "$out" \
	"and says that Oclgrind is missing and how to install it"

run_pram gpu scan-blelloch --profile --n 2^20
expect_rc 2 "--profile refuses an n too large for Oclgrind"
expect_in "n = 1048576 is too large for Oclgrind" "$err" "and says so with the largest it takes"

[ "$HAVE_OPENCL" = yes ] || { done_testing; exit $?; }
[ -n "$OCLGRIND" ] || { echo "# oclgrind not found: the counts are not checked"; done_testing; exit $?; }
[ -r "$PRAM_GRIND_PLUGIN" ] || { echo "# the plugin is not built: the counts are not checked"; done_testing; exit $?; }

run_pram gpu scan-blelloch --profile --n 2^14
expect_rc 0 "pram gpu scan-blelloch --profile runs both kernels under Oclgrind"
prof=$out
# add_offsets (scan.clh, line 38), a[i] = offs[i / 512] + a[i] over n = 2^14
# work-items in sub-groups of 32: 512 sub-groups, each with three requests
# (read a, read offs, write a); a's 32 words are 128 bytes, 4 sectors read
# and 4 written, and the 32 work-items read one word of offs (the block of
# 512 holds the sub-group), 1 sector: 1536 requests, 9 * 512 = 4608 sectors,
# as few as the bytes need, and no local memory.
row=$(printf '%s\n' "$prof" | awk '$1 == "add_offsets" && $2 == 38')
set -- $row
[ "$3 $4 $5 $6" = "1536 4608 4608 0" ]
tap_result $? "add_offsets line 38: 1536 requests, 4608 sectors (worked out by hand)" "$row"
# Bytes moved per element, teaching and tuned, and the unavoidable 8.
moved() { printf '%s\n' "$prof" | awk -v v="$1:" '$1 == v { on = 1 } on && /bytes moved per element/ { print $5, $12; exit }'; }
set -- $(moved teaching)
teach=$1 need=$2
set -- $(moved tuned)
tuned=$1
echo "# bytes moved per element: teaching $teach, tuned $tuned, unavoidable $need"
[ "$need" = 8.00 ]
tap_result $? "the unavoidable bytes of a scan are 8 per element (read once, written once)" "$need"
awk -v a="$tuned" -v b="$teach" 'BEGIN { exit !(a + 0 < b - 4 && a + 0 >= 8) }'
tap_result $? "the tuned scan moves at least 4 bytes per element fewer than the teaching one, no fewer than 8" \
	"tuned $tuned, teaching $teach"
# The teaching up-sweep's tree steps conflict 16 ways in the banks; the
# tuned kernel's worst is 4.
tw=$(printf '%s\n' "$prof" | awk '$1 == "total" { print $7 }' | tr '\n' ' ')
[ "$tw" = "16 4 " ]
tap_result $? "the worst bank conflicts: 16 ways teaching, 4 tuned" "$tw"

run_pram gpu scan-blelloch --profile --n 2^14 --variant tuned --json
expect_rc 0 "--profile --json"
printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
p = d["profiles"]
assert d["n"] == 16384 and len(p) == 1 and p[0]["variant"] == "tuned", d
t = p[0]["total"]
assert t["sectors"] == sum(l["sectors"] for l in p[0]["lines"]), t
assert abs(p[0]["bytes_per_element"] - t["sectors"] * 32 / 16384) < 1e-3, p[0]
assert p[0]["launches"] == 2, p[0]["launches"]
' 2>"$tap_tmp/py"
tap_result $? "the JSON holds the lines, totals that add up and the bytes per element" "$(cat "$tap_tmp/py")"

# The report's memory figure: the bytes of both kernels from the profile,
# and the two constants of the memory-bound model fitted to their times.
if [ -n "$GNUPLOT" ]; then
	dir="$tap_tmp/report"
	run_pram report scan-blelloch --sizes 2^10..2^13 --reps 2 --budget 0 --profile --out "$dir"
	expect_rc 0 "pram report scan-blelloch"
	csv="$dir/scan-blelloch-memory.csv"
	[ -s "$dir/scan-blelloch-memory.png" ] && [ -s "$dir/scan-blelloch-memory.svg" ]
	tap_result $? "the report draws the memory figure" "$(ls "$dir")"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ n++; if ($c["bytes_source"] != "profile" || !($c["bandwidth_gb_per_s"] > 0) ||
			   $c["launch_us"] == "" || !($c["model_ms"] > 0) || $c["points"] != 8) bad++
		  b[$c["variant"]] = $c["bytes_per_element"] }
		END { exit !(n == 8 && !bad && b["tuned"] + 4 < b["teaching"]) }' "$csv"
	tap_result $? "its CSV holds the profiled bytes and the fitted bandwidth and launch cost" \
		"$(cat "$csv" 2>&1)"
fi

done_testing
