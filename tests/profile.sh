#!/bin/sh
# profile.sh - `pram gpu ALGO --profile`: the project's own kernels under
# Oclgrind with the pramsim plugin, their requests and sectors per line.
# The counts are checked where they can be worked out by hand, and the tuned
# Blelloch scan against the teaching one; the command's refusals (a large
# n, no Oclgrind) are checked to say what is wrong. pram report
# --profile-from reads saved profiles back: the same bytes as --profile,
# and a clear error for a file that is missing, not JSON or not of the
# shape, a note for an algorithm it lacks.
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

# pram report --profile-from: the file is read before anything runs, so
# these need no device.
run_pram report reduce --profile-from "$tap_tmp/none.json" --out "$tap_tmp/r0"
expect_rc 2 "--profile-from a missing file is a usage error"
expect_in "cannot read $tap_tmp/none.json: No such file or directory" "$err" \
	"and names the file and why"
# refused NAME MESSAGE WHAT CHECK: the file $tap_tmp/NAME.json (made
# beforehand) is refused as WHAT, with "FILE" MESSAGE in the error, which
# CHECK describes.
refused() {
	run_pram report reduce --profile-from "$tap_tmp/$1.json" --out "$tap_tmp/r0"
	expect_rc 2 "--profile-from $3"
	expect_in "$tap_tmp/$1.json$2" "$err" "$4"
}
printf '[{"algorithm": "reduce", "n": 16384,\n  "profiles": [{"variant": "tuned" "launches": 1}]}]\n' \
	>"$tap_tmp/broken.json"
refused broken ":2:36: object value separator ',' expected (not JSON)" "a file that is not JSON" \
	"says the file, the line and column and what was expected there"
# json-c reads strictly: text after the value, nesting deeper than a file
# of profiles needs, and a text cut short are no file of profiles either.
printf '{"algorithm": "reduce", "n": 16384, "profiles": []}\n{}\n' >"$tap_tmp/two.json"
refused two ":2:1: unexpected character (not JSON)" "a file with more after its value" \
	"and says where it goes on"
printf '{"algorithm": "reduce", "n": 16384, "profiles": []}\n\000{}' >"$tap_tmp/nul.json"
refused nul ":2:1: more after the value (not JSON)" "a file with a NUL byte after its value" \
	"and says where"
awk 'BEGIN { for (i = 0; i < 100; i++) printf "["; for (i = 0; i < 100; i++) printf "]"; print "" }' \
	>"$tap_tmp/deep.json"
refused deep ":1:17: nesting too deep (not JSON)" "100 arrays nested" \
	"is refused where it passes the depth a file of profiles needs, without a crash"
printf '[{"algorithm": "reduce", "n": 16384, "profiles": [' >"$tap_tmp/cut.json"
refused cut ":1:51: the text ends inside a value (not JSON)" "a file cut short" "and says so"
printf '{"algorithm": "reduce", "n": -3, "profiles": []}\n' >"$tap_tmp/neg.json"
refused neg ": n: expected a whole number from 0 to 2^64 - 1, found -3" "a negative size" \
	"names the field and what it holds"
printf '{"algorithm": "reduce", "n": 16384, "profiles": [{"variant": "tuned", "launches": 1,\n"total": {"sectors": "many"}}]}\n' \
	>"$tap_tmp/shape.json"
refused shape ": profiles[0].total: no member \"global_requests\"" \
	"JSON that is not a file of profiles" "names the field that is wrong by its path"
printf '{"algorithm": "reduce", "n": 16384, "profiles": [{"variant": "tu\\u0000ned", "launches": 1}]}\n' \
	>"$tap_tmp/inner.json"
refused inner ": profiles[0].variant: holds a NUL character (\\u0000) after 2 characters" \
	"a string with a NUL inside" "names the field and where, not read cut short"
run_pram report reduce --profile --profile-from "$tap_tmp/shape.json" --out "$tap_tmp/r0"
expect_rc 2 "--profile and --profile-from together are refused"

[ "$HAVE_OPENCL" = yes ] || { done_testing; exit $?; }

# A file of scan-blelloch alone, written by hand: the scan's memory figure
# takes its sectors (32 bytes each over n), reduce's the unavoidable
# bytes, with a note that says what the file lacks.
counts() { # sectors
	printf '{"global_requests": 1, "sectors": %s, "least_sectors": 1, "local_requests": 0, "bank_turns": 0, "worst_ways": 0, "barriers": 0, "branches": 0, "divergent": 0}' "$1"
}
cat >"$tap_tmp/scan.json" <<EOF
[{"algorithm": "scan-blelloch", "params": "", "n": 16384, "sector_bytes": 32, "profiles": [
  {"variant": "teaching", "launches": 3, "total": $(counts 10240)},
  {"variant": "tuned", "launches": 2, "total": $(counts 4096)}]}]
EOF
dir="$tap_tmp/from"
run_pram report reduce scan-blelloch --sizes 2^10..2^12 --reps 2 --budget 0 --no-draw \
	--profile-from "$tap_tmp/scan.json" --out "$dir"
expect_rc 0 "pram report --profile-from a file that lacks an algorithm still reports"
expect_in "$tap_tmp/scan.json has no profile of reduce (teaching); its memory figure takes the unavoidable bytes" \
	"$err" "and says which algorithm and variant the file lacks"
bytes() { # CSV: variant, bytes_per_element, bytes_source of each variant's first row
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		!seen[$c["variant"]]++ { print $c["variant"], $c["bytes_per_element"], $c["bytes_source"] }' "$1"
}
got=$(bytes "$dir/scan-blelloch-memory.csv" | tr '\n' ' ')
[ "$got" = "teaching 20 profile tuned 8 profile " ]
tap_result $? "the scan's bytes per element are the file's sectors * 32 / n" "$got"
got=$(bytes "$dir/reduce-memory.csv" | awk '{ print $1, $3 }' | tr '\n' ' ')
[ "$got" = "teaching unavoidable tuned unavoidable " ]
tap_result $? "reduce's, missing from the file, are the unavoidable bytes" "$got"
grep -q 'no profile: .*has no profile of reduce (teaching)' "$dir/reduce-memory.gp"
tap_result $? "and its figure's key says why" "$(grep bytes_key "$dir/reduce-memory.gp")"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [g["algorithm"] for g in d] == ["scan-blelloch"], d
assert [p["total"]["sectors"] for p in d[0]["profiles"]] == [10240, 4096], d
' "$dir/profiles.json" 2>"$tap_tmp/py"
tap_result $? "DIR/profiles.json keeps the profiles the figures took" "$(cat "$tap_tmp/py")"

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
printf '%s\n' "$out" >"$tap_tmp/tuned.json"
printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
p = d["profiles"]
assert d["n"] == 16384 and len(p) == 1 and p[0]["variant"] == "tuned", d
t = p[0]["total"]
assert t["sectors"] == sum(l["sectors"] for l in p[0]["lines"]), t
assert abs(p[0]["bytes_per_element"] - t["sectors"] * 32 / 16384) < 1e-3, p[0]
assert p[0]["launches"] == 1, p[0]["launches"]  # the one-launch scan (lookback.clh)
' 2>"$tap_tmp/py"
tap_result $? "the JSON holds the lines, totals that add up and the bytes per element" "$(cat "$tap_tmp/py")"

# PRAM_GRIND_GPU=0: the plugin records the PRAM view alone, its launch
# lines without the GPU's fields, so the checker says the accesses were not
# checked rather than finding nothing wrong with them.
rec="$tap_tmp/off.grind"
PRAM_GRIND_OUT="$rec" PRAM_GRIND_GPU=0 "$OCLGRIND" --plugins "$PRAM_GRIND_PLUGIN" "$PRAM" gpu \
	scan-blelloch --n 2^10 --variant tuned --reps 1 --no-output >/dev/null 2>&1
got="$(grep -c '^group ' "$rec") $(grep -c '^memory ' "$rec") $(grep -c 'subgroup=' "$rec")"
set -- $got
[ "$1" -gt 0 ] && [ "$2" = 0 ] && [ "$3" = 0 ]
tap_result $? "PRAM_GRIND_GPU=0: groups recorded, no memory records, no GPU fields" "groups, memory, subgroup: $got"
lesson="$top_srcdir/lessons/15-beyond-brent"
err=$(PRAM_GRIND_GPU=0 "$PRAM" check "$lesson/reduce-access.exercise" "$lesson/solutions/reduce.cl" 2>&1)
expect_in "access       0 / 3     not reached" "$err" \
	"pram check with PRAM_GRIND_GPU=0: the access criterion is not reached, not passed"
expect_in "note: the PRAM view recorded no GPU counts (PRAM_GRIND_GPU=0 in the environment turns them off), so access was not graded" \
	"$err" "and a note says why"

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
	# The profiles it saved, read back where no Oclgrind is (PATH holds
	# none): the same figure data but the times, and the same key.
	cols() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		{ print $c["variant"], $c["n"], $c["bytes_per_element"], $c["bytes_source"],
			$c["unavoidable_per_element"], $c["launches"], $c["brent_per_element"] }' "$1"; }
	dir2="$tap_tmp/report2"
	err=$(env -u PRAM_OCLGRIND PATH="$empty" "$PRAM" report scan-blelloch --sizes 2^10..2^13 \
		--reps 2 --budget 0 --profile-from "$dir/profiles.json" --out "$dir2" 2>&1 >/dev/null)
	rc=$?
	expect_rc 0 "pram report --profile-from the profiles.json of --profile, without Oclgrind"
	a=$(cols "$csv") b=$(cols "$dir2/scan-blelloch-memory.csv")
	[ -n "$a" ] && [ "$a" = "$b" ]
	tap_result $? "gives the memory figure the same data as --profile did" "$a
--- read back:
$b"
	grep bytes_key "$dir/scan-blelloch-memory.gp" >"$tap_tmp/k1"
	grep bytes_key "$dir2/scan-blelloch-memory.gp" >"$tap_tmp/k2"
	cmp -s "$tap_tmp/k1" "$tap_tmp/k2" && grep -q "Oclgrind profile at n = 16384" "$tap_tmp/k1"
	tap_result $? "and the same key: the profile's size" "$(cat "$tap_tmp/k1" "$tap_tmp/k2")"
	# What pram gpu --profile --json printed, the tuned kernel alone: its
	# bytes as the report's own profile, the teaching kernel's missing.
	dir3="$tap_tmp/report3"
	run_pram report scan-blelloch --sizes 2^10..2^13 --reps 2 --budget 0 --no-draw \
		--profile-from "$tap_tmp/tuned.json" --out "$dir3"
	expect_rc 0 "pram report --profile-from what pram gpu --profile --json printed"
	expect_in "has no profile of scan-blelloch (teaching)" "$err" "notes the variant it lacks"
	a=$(bytes "$csv" | grep '^tuned') b=$(bytes "$dir3/scan-blelloch-memory.csv" | grep '^tuned')
	[ -n "$a" ] && [ "$a" = "$b" ]
	tap_result $? "and takes the tuned kernel's bytes from it" "$a / $b"
fi

done_testing
