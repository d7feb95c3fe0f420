#!/bin/sh
# cli.sh - the pram command: exit codes, messages, JSON and CSV output.
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/data"

run_pram
expect_rc 2 "no command is a usage error"
run_pram --help
expect_rc 0 "--help succeeds"
expect_in "run" "$out" "--help lists the commands"
run_pram frobnicate
expect_rc 2 "an unknown command is a usage error"
expect_in "unknown command 'frobnicate'" "$err" "and is named"
for c in list run gpu devices; do
	run_pram $c --help
	expect_rc 0 "pram $c --help"
	expect_in "usage: pram $c" "$out" "pram $c --help prints its usage"
done

run_pram list --json
expect_rc 0 "list --json"
printf '%s' "$out" >"$tap_tmp/list.json"
check "list --json is JSON with the three first algorithms" python3 -c '
import json, sys
names = [a["name"] for a in json.load(open(sys.argv[1]))]
assert {"reduce", "scan-hillis-steele", "scan-blelloch"} <= set(names), names
for a in json.load(open(sys.argv[1])):
    assert set(a) >= {"name", "family", "model", "work", "depth"}, a
' "$tap_tmp/list.json"

run_pram run scan-blelloch --input "$data/notes-scan.txt"
expect_rc 0 "the notes' example verifies"
expect_in "output: 0 3 4 11 11 15 16 22" "$out" "scan-blelloch gives 0 3 4 11 11 15 16 22"
run_pram run scan-hillis-steele --input "$data/notes-scan.txt"
expect_in "output: 3 4 11 11 15 16 22 25" "$out" "scan-hillis-steele gives 3 4 11 11 15 16 22 25"
run_pram run scan-blelloch --input "$data/notes-scan.txt" --inclusive --op max
expect_in "output: 3 3 7 7 7 7 7 7" "$out" "inclusive max-scan"
run_pram run scan-blelloch --input - <"$data/notes-scan.txt"
expect_in "output: 0 3 4 11" "$out" "--input - reads standard input"

run_pram run scan-hillis-steele --n 8 --model erew
expect_rc 1 "a model violation exits 1"
expect_in "processors 1 and 2 both read x[1]; erew forbids concurrent reads" "$out" \
	"the violation names processors, cell and rule"
expect_in "step 1 (scan_hillis_steele.c:" "$out" "and the step and its source line"
run_pram run scan-hillis-steele --n 8 --model erew --conflicts count
expect_rc 1 "count mode still exits 1"
expect_in "10 violations" "$out" "count mode reports all of them"

run_pram run reduce --n 2^10 --json
expect_rc 0 "run --json"
printf '%s' "$out" >"$tap_tmp/run.json"
check "run --json has the documented fields and values" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("algorithm n model seed work depth depth_serial reads writes atomics violations "
          "procs brent_time verified output steps").split():
    assert k in r, k
assert r["algorithm"] == "reduce" and r["n"] == 1024 and r["model"] == "erew"
assert r["work"] == 1023 and r["depth"] == 10 and r["verified"] is True
assert r["violations"] == [] and len(r["output"]) == 1 and len(r["steps"]) == 10
assert sum(s["work"] for s in r["steps"]) == 1023
assert all(set(s) >= {"work", "reads", "writes", "atomics", "contention", "line"} for s in r["steps"])
' "$tap_tmp/run.json"
run_pram run scan-hillis-steele --n 8 --model erew --json
printf '%s' "$out" >"$tap_tmp/viol.json"
check "run --json lists the violation" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
v = r["violations"][0]
assert r["verified"] is False and v["array"] == "x" and v["index"] == 1 and v["procs"] == [1, 2], v
assert v["step"] == 1 and v["line"] > 0 and "concurrent reads" in v["rule"]
' "$tap_tmp/viol.json"

run_pram run scan-blelloch --n 16 --csv
expect_rc 0 "run --csv"
expect_in "step,line,label,work,reads,writes,atomics,contention" "$out" "CSV header"
run_pram run scan-blelloch --n 8 --trace
expect_in "after step 7" "$out" "--trace prints the arrays after each step"

run_pram run scan-blelloch --input "$data/bad-token.txt"
expect_rc 2 "a bad input file is a usage error"
expect_in "bad-token.txt:3: 'five' is not an integer" "$err" "naming file, line and token"
run_pram run scan-blelloch --input "$tap_tmp/none.txt"
expect_rc 2 "a missing input file"
expect_in "none.txt: cannot open" "$err" "is named"
run_pram run nosuch
expect_rc 2 "an unknown algorithm"
expect_in "unknown algorithm 'nosuch'" "$err" "is named, with the list"
run_pram run reduce --n lots
expect_rc 2 "a bad --n"
expect_in "--n 'lots'" "$err" "is named"
run_pram run reduce --inclusive
expect_rc 2 "an option the algorithm does not take"
expect_in "reduce does not take --inclusive" "$err" "is named"
run_pram run reduce --model erew --bogus
expect_rc 2 "an unknown option"
run_pram run reduce --n 5 --input "$data/notes-scan.txt"
expect_rc 2 "--n and --input together"

if [ "$HAVE_OPENCL" = yes ] && [ -n "${PRAM_VALGRIND:-}" ]; then
	tap_result 0 "# SKIP under valgrind: PoCL's compiler is not memcheck-clean"
elif [ "$HAVE_OPENCL" = yes ]; then
	run_pram devices
	expect_rc 0 "pram devices"
	run_pram devices --json
	printf '%s' "$out" >"$tap_tmp/dev.json"
	check "pram devices --json is JSON" python3 -m json.tool "$tap_tmp/dev.json"
	run_pram gpu reduce --n 1000 --reps 2 --json
	expect_rc 0 "pram gpu reduce on the default device"
	printf '%s' "$out" >"$tap_tmp/gpu.json"
	check "pram gpu --json has the documented fields" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("algorithm", "n", "device", "verified", "results"):
    assert k in r, k
assert r["verified"] is True and r["n"] == 1000
for v in r["results"]:
    assert v["verified"] is True and v["output"] == [sum(range(0))] or len(v["output"]) == 1
    t = v["time_ms"]
    assert t["min"] <= t["median"] <= t["max"] and len(t["runs"]) == 2
' "$tap_tmp/gpu.json"
	run_pram gpu scan-blelloch --input "$data/notes-scan.txt" --reps 1
	expect_rc 0 "pram gpu on the notes' example"
	run_pram gpu reduce --device no-such-device
	expect_rc 1 "an unknown device"
	expect_in "no-such-device" "$err" "is named"
	run_pram gpu sandwich --input "$data/notes-scan.txt" --reps 1 --json
	expect_rc 0 "pram gpu sandwich runs on the scan kernels"
	expect_in '"output":[3,4,11,11,15,16,22,25]' "$out" "and cuts at the inclusive sums"
	printf '3 1 7 0 4 1 6 3\nflags: 1 0 0 1 0 1 0 0\n' >"$tap_tmp/seg.txt"
	run_pram gpu scan-segmented --input "$tap_tmp/seg.txt" --reps 1 --max-group 2 --json
	expect_rc 0 "pram gpu scan-segmented in work-groups of 2"
	expect_in '"output":[3,4,11,0,4,1,7,10]' "$out" "scans within each segment"
	PRAM_CL_BUILD_LOG=1 run_pram gpu reduce --variant tuned --n 100 --reps 1
	expect_rc 0 "PRAM_CL_BUILD_LOG=1 pram gpu reduce"
	expect_in "reduce.cl: built with options" "$err" "prints each build's log with its options"
	run_pram gpu reduce --variant tuned --n 100 --reps 1
	case $err in
	*"build log"*) ok=0 ;;
	*) ok=1 ;;
	esac
	check "and without it prints none" test "$ok" = 1
	# PRAM_KERNEL_TIMES: a line per kernel per run, the warm-up's too.
	PRAM_KERNEL_TIMES=1 run_pram gpu radix-sort --variant tuned --n 5000 --key-range 2^16 \
		--pairs no --reps 2
	expect_rc 0 "PRAM_KERNEL_TIMES=1 pram gpu radix-sort"
	lines=$(printf '%s\n' "$err" | grep -c '^pram: kernel radix_sweep_keys: [0-9.]* ms$')
	check "prints each pass's kernel of the 3 runs (6 lines): $lines" test "$lines" = 6
	lines=$(printf '%s\n' "$err" | grep -c '^pram: kernel radix_hist: ')
	check "and the histogram's of each run (3 lines): $lines" test "$lines" = 3
	# Pairs go packed unless --early-values says otherwise: the first pass
	# packs, the passes between move pairs, the last unpacks; a sort of
	# one pass takes the late kernel, which reads the values as the keys
	# leave. Each kernel's launches over the 2 runs (warm-up and one), as
	# "pairs key-range early-values kernel:launches ...".
	for a in "yes 2^8 - pairs:2" "yes 2^8 3 pairs:2" "yes 2^16 - pack_pairs:2 unpack:2" \
		"yes 2^32 - pack_pairs:2 packed:4 unpack:2" "yes 2^32 0 pairs:8" \
		"yes 2^32 2 pairs_ranked:8" "yes 2^16 3 pack_pairs:2 unpack:2" \
		"index 2^24 - pack_index:2 packed:2 unpack:2" "index 2^16 0 index:2 pairs:2"; do
		set -- $a
		pairs=$1 range=$2 e=$3 ev=""
		shift 3
		want="$*"
		test "$e" = - || ev="--early-values $e"
		PRAM_KERNEL_TIMES=1 run_pram gpu radix-sort --variant tuned --n 5000 \
			--key-range "$range" --pairs "$pairs" $ev --reps 1 --no-output
		expect_rc 0 "PRAM_KERNEL_TIMES=1 pram gpu radix-sort --pairs $pairs --key-range $range $ev"
		got=$(printf '%s\n' "$err" | sed -n 's/^pram: kernel radix_sweep_\([a-z_]*\): .*/\1/p' |
			LC_ALL=C sort | uniq -c | awk '{ printf "%s%s:%s", (NR > 1 ? " " : ""), $2, $1 }')
		check "--pairs $pairs --key-range $range $ev launches $want: $got" test "$got" = "$want"
	done
	# A --group the tuned kernel cannot have is refused, never shrunk.
	for a in jfa-reduce reduce-matrix line-of-sight scan-segmented spmv-csr; do
		run_pram gpu "$a" --variant tuned --n 5000 --reps 1 --group 64 --max-group 16
		expect_rc 1 "$a --group 64 in work-groups of at most 16 fails"
		expect_in "--group 64: this device and kernel take work-groups of at most 16" "$err" \
			"and says what they take"
	done
	# spmv-csr's vector method: a row's lanes in one work-group.
	run_pram gpu spmv-csr --variant tuned --dist band --n 5000 --reps 1 --method vector \
		--lanes 32 --group 16
	expect_rc 1 "spmv-csr --lanes 32 in work-groups of 16 fails"
	expect_in "--lanes 32: a row's lanes lie in one warp and one work-group" "$err" \
		"and says why"
	run_pram gpu spmv-csr --variant tuned --dist band --n 5000 --reps 1 --method vector \
		--lanes 32 --group 64 --max-group 16
	expect_rc 1 "spmv-csr's vector --group 64 in work-groups of at most 16 fails"
	expect_in "--group 64: this device and kernel take work-groups of at most 16" "$err" \
		"and says what they take"
	run_pram gpu reduce --max-group 3
	expect_rc 2 "--max-group 3 is a usage error"
	expect_in "power of two" "$err" "and says what it takes"
	run_pram list --json
	printf '%s' "$out" >"$tap_tmp/kv.json"
	check "pram list --json names the kernel variants" python3 -c '
import json, re, sys
v = {a["name"]: a["kernel_variants"] for a in json.load(open(sys.argv[1]))}
assert v["scan-blelloch"] == ["teaching", "tuned"], v
# algos/list.h marks the entries with kernels KERNELS, those without NONE.
marks = dict(re.findall(r"^X\((\w+), (KERNELS|NONE)\)", open(sys.argv[2]).read(), re.M))
assert marks and all(bool(v[s.replace("_", "-")]) == (k == "KERNELS") for s, k in marks.items()), v
' "$tap_tmp/kv.json" "$top_srcdir/algos/list.h"
	# Which kernels ran is never a guess.
	kdir=$(cd "$top_srcdir/kernels" && pwd -P)
	run_pram gpu reduce --n 100 --reps 1
	expect_in "kernels: $kdir/reduce.cl" "$out" "pram gpu names the kernel file it built"
	run_pram gpu reduce --n 100 --reps 1 --json
	expect_in "\"kernel_file\":\"$kdir/reduce.cl\"" "$out" "and so does its JSON"
	mkdir -p "$tap_tmp/empty-kernels"
	PRAM_KERNEL_DIR="$tap_tmp/empty-kernels" run_pram gpu reduce --n 100 --reps 1
	expect_rc 1 "a named kernel folder without the file fails"
	expect_in "pram does not fall back to the installed kernels" "$err" \
		"instead of running the installed kernels"
	PRAM_KERNEL_DIR="$tap_tmp/no-such-folder" run_pram gpu reduce --n 100 --reps 1
	expect_in "PRAM_KERNEL_DIR names $tap_tmp/no-such-folder" "$err" "a missing kernel folder is named"
	PRAM_DEVICE=no-such-device run_pram gpu reduce --n 100 --reps 1
	expect_in "(from the environment variable PRAM_DEVICE)" "$err" \
		"a device spec from PRAM_DEVICE says where it came from"
	run_pram gpu reduce --device ''
	expect_rc 2 "an empty --device is refused"
else
	tap_result 0 "# SKIP OpenCL not built: pram gpu and devices untested"
fi
# The algorithms' own parameters come from their registry entries.
run_pram run scan-brent --n 64 --per-proc 8
expect_rc 0 "--per-proc reaches scan-brent"
run_pram run scan-blelloch --per-proc 8
expect_rc 2 "a parameter the algorithm lacks is a usage error"
expect_in "scan-blelloch does not take --per-proc" "$err" "and says which"
run_pram run scan-brent --per-proc
expect_rc 2 "a parameter without its value is a usage error"
expect_in "option '--per-proc' needs a value" "$err" "and says the value is missing"
run_pram run scan-blocked --block 3
expect_in "give a power of two from 2 to 2^20" "$err" "--block says what it accepts"
run_pram run scan-blocked --block 2^4 --n 40
expect_rc 0 "--block takes 2^k"
run_pram run radix-sort --group-size 100 --n 8
expect_rc 2 "a work-group of part of a warp is a usage error"
expect_in "--group-size '100': give a power of two below 32 or a multiple of 32 from 1 to 2^10" \
	"$err" "--group-size says what it accepts"
run_pram run radix-sort --group-size 384 --n 8
expect_rc 0 "--group-size takes whole warps that are no power of two"
run_pram list --json
expect_in '"name":"group-size","min":1,"max":1024,"default":256,"power_of_two":false,"whole_warps":true' \
	"$out" "pram list --json says which parameters take whole warps"
run_pram run scan-brent --help
expect_in "--per-proc F" "$out" "pram run ALGO --help lists the algorithm's parameters"
run_pram list --json
expect_in '"params":[{"name":"per-proc"' "$out" "pram list --json declares the parameters"
expect_in '"inputs":[{"name":"x","shape":"vector","type":"data","flags":true' "$out" \
	"and the inputs, with their flags"

# Input that cannot be what the user meant is refused, saying where and why.
f="$tap_tmp/in.txt"
printf '1 2 3\n' >"$f"
run_pram run compact --input "$f"
expect_rc 2 "compaction without a flags line is refused, not 'verified'"
expect_in "compact needs a 'flags:' line" "$err" "and says what is missing"
printf '1 2 3\nflags: 1 0 1\n' >"$f"
run_pram run scan-blelloch --input "$f"
expect_rc 2 "a flags line for an algorithm without flags is refused"
expect_in "in.txt:2: a flags line, but scan-blelloch takes no flags" "$err" "with its line"
: >"$f"
run_pram run reduce --input "$f"
expect_rc 2 "an empty file is refused"
expect_in "no numbers in it" "$err" "and says so"
printf '1 99999999999999999999\n' >"$f"
run_pram run reduce --input "$f"
expect_in "in.txt:1: '99999999999999999999' is too large for a 64-bit integer" "$err" \
	"a number past int64 is too large, not 'not an integer'"
printf '\357\273\2771 2 3\n' >"$f"
run_pram run reduce --input "$f"
expect_in "output: 6" "$out" "a UTF-8 byte-order mark is skipped"
printf '1 2\0003 4\n' >"$f"
run_pram run reduce --input "$f"
expect_in "in.txt:1: a NUL byte" "$err" "a NUL byte does not silently end the line"
printf '1 \001\376 4\n' >"$f"
run_pram run reduce --input "$f"
expect_in "'\\x01\\xfe' is not an integer" "$err" "binary tokens are shown escaped"
printf 'keys: 3 1 2\nbogus: 1 2 3\n' >"$f"
run_pram run radix-sort --input "$f"
expect_rc 2 "an unknown section is refused"
expect_in "in.txt:2: unknown section 'bogus:': the sections of radix-sort are 'keys:' and 'values:'" \
	"$err" "naming it and the sections the algorithm takes, not 'not an integer'"
printf '1 2 3\nflagz: 1 0 1\n' >"$f"
run_pram run scan-segmented --input "$f"
expect_in "in.txt:2: unknown section 'flagz:': the sections of scan-segmented are 'x:' and 'flags:'" \
	"$err" "flags: among the sections where the algorithm takes flags"
printf '1 2 x: 3\n' >"$f"
run_pram run reduce --input "$f"
expect_in "in.txt:1: 'x:' starts a section, so it comes first on its line" "$err" \
	"a known section after numbers says where it goes"
printf '0b100 0b111 0b010 0b110 0b001 0b101 0b001 0b000\n' >"$f"
run_pram run split --input "$f"
expect_in "output: 4 2 6 0 7 1 5 1" "$out" "0b literals: the notes' split example"
run_pram run reduce --n 8 --combine or
expect_rc 2 "--combine without crcw-combining is refused"
expect_in "--combine is the operator of --model crcw-combining" "$err" "and says why"

run_pram run scan-hillis-steele --n 2^36
expect_rc 2 "a run that cannot fit in memory is refused before it starts"
expect_in "would need about 2560.0 GiB of memory" "$err" "with the estimate"
expect_in "give --force" "$err" "and the way to insist"
run_pram run scan-blelloch --n 2^10 --procs 2^5 --model EREW
expect_in "Brent, p = 32" "$out" "--procs takes 2^k, --model any case"

printf '0b100 0b111 0b010 0b110 0b001 0b101 0b001 0b000\n' >"$f"
run_pram run split --input "$f" --base 2
expect_in "output: 100 010 110 000 111 001 101 001" "$out" "--base 2 prints split as the notes do"
run_pram run split --input "$f" --base 3
expect_rc 2 "--base 3 is refused"

# A run the machine stopped shows no output values: its cells are no result.
run_pram run max-crcw --n 4 --model crew
expect_rc 1 "max-crcw under crew stops at the concurrent write"
expect_in "output: none (the run stopped at step 2" "$out" "and says it has no output"
case "$out" in
*-9223372036854775808*) tap_result 1 "and prints no unwritten cell" "$out" ;;
*) tap_result 0 "and prints no unwritten cell" ;;
esac

# Determinism: the same seed gives the same input, output and counts.
for a in reduce scan-segmented reduce-segmented compact line-of-sight; do
	"$PRAM" run $a --n 300 --seed 5 --json >"$tap_tmp/d1.json" 2>&1
	"$PRAM" run $a --n 300 --seed 5 --json >"$tap_tmp/d2.json" 2>&1
	"$PRAM" run $a --n 300 --seed 6 --json >"$tap_tmp/d3.json" 2>&1
	cmp -s "$tap_tmp/d1.json" "$tap_tmp/d2.json"
	tap_result $? "$a: the same seed gives the same run, to the byte"
	! cmp -s "$tap_tmp/d1.json" "$tap_tmp/d3.json"
	tap_result $? "$a: another seed gives another input"
done

# One declaration of pram check's options reads them before the exercise
# and its files and after them alike: --jobs takes 1 to 256 on either side,
# and --list lists on either side.
run_pram check --jobs 300 scan-pram --class "$tap_tmp/no-class"
expect_rc 2 "check: --jobs 300 before the exercise is a usage error"
expect_in "check: --jobs '300': give a number from 1 to 256" "$err" "and names the option and range"
run_pram check scan-pram --class "$tap_tmp/no-class" --jobs 300
expect_rc 2 "check: --jobs 300 after the exercise is a usage error too"
expect_in "check: --jobs '300': give a number from 1 to 256" "$err" "in the same words"
run_pram check scan-pram --class "$tap_tmp/no-class" --jobs 2.5
expect_in "check: --jobs '2.5': give a number from 1 to 256" "$err" \
	"--jobs 2.5 after the exercise is refused, not cut to 2"
run_pram check --list
expect_rc 0 "check --list"
expect_in "scan-pram" "$out" "lists the exercises"
run_pram check scan-pram --list
expect_rc 0 "check --list after an exercise"
expect_in "scan-pram" "$out" "lists them too"

# Sorts take their key range from the input when --key-range is absent: the
# notes' postcodes need five digits of base 10, as with --key-range 100000.
postcodes="$top_srcdir/lessons/10-radix-sort/postcodes.txt"
run_pram run radix-sort --radix 10 --pairs yes --model scan --input "$postcodes"
expect_rc 0 "radix-sort on the notes' postcodes verifies without --key-range"
expect_in "seed 1; key range 88663, from the input (its largest key 88662)" "$out" \
	"and says where its key range came from"
expect_in "work W = 1320, depth D = 20" "$out" "five passes: the case file's W and D for --key-range 100000"
run_pram run radix-sort --radix 10 --pairs yes --model scan --key-range 100000 --input "$postcodes"
expect_in "work W = 1320, depth D = 20" "$out" "--key-range given: W and D as before"
case "$out" in
*"from the input"*) tap_result 1 "and the range given is not replaced" "$out" ;;
*) tap_result 0 "and the range given is not replaced" ;;
esac
run_pram run radix-sort --radix 10 --pairs yes --input "$postcodes" --json
expect_in '"key-range":88663' "$out" "--json: the range in params"
expect_in '"from_input":"key range 88663, from the input (its largest key 88662)"' "$out" \
	"--json: and where it came from"
printf '9 3 1 7 3\n' >"$f"
for a in counting-sort-serial counting-sort-scan counting-sort-2d radix-sort radix-sort-msd; do
	run_pram run $a --model crcw-common --input "$f"
	expect_rc 0 "$a: keys below 10 sort without --key-range"
	expect_in "key range 10, from the input (its largest key 9)" "$out" "$a: range 10, the largest key + 1"
done
run_pram run counting-sort-histopyramid --model crcw-common --input "$f"
expect_rc 0 "counting-sort-histopyramid: sorts them too"
expect_in "key range 16, from the input (its largest key 9, up to a power of two)" "$out" \
	"counting-sort-histopyramid: its pyramid's power of two"
printf '5 3\n-2 7\n' >"$f"
run_pram run radix-sort --input "$f"
expect_rc 2 "a negative key is refused"
expect_in "in.txt: key -2 at index 2 is negative: radix-sort sorts whole numbers >= 0" "$err" \
	"naming the key and its index"
printf '5 3 20000000 7\n' >"$f"
run_pram run counting-sort-serial --input "$f"
expect_rc 2 "a key past the range a sort takes is refused"
expect_in "in.txt: key 20000000 at index 2 is past the keys counting-sort-serial sorts: --key-range is at most 2^24" \
	"$err" "naming the key, its index and the limit"

# On a terminal an output shows its first 64 values and how many more there
# are; a pipe, a file and --json get every value. script(1) (util-linux)
# gives the run a terminal.
if command -v script >/dev/null 2>&1; then
	script -qc "'$PRAM' run scan-blelloch --n 2^12" /dev/null </dev/null >"$tap_tmp/tty.out" 2>&1
	line=$(tr -d '\r' <"$tap_tmp/tty.out" | grep '^output:')
	expect_in " ... 4032 more values; --json, a pipe or a file gets all 4096" "$line" \
		"on a terminal: 64 values and the count of the rest"
	words=$(printf '%s\n' "$line" | sed 's/ \.\.\. .*//' | wc -w)
	test "$words" -eq 65
	tap_result $? "on a terminal: exactly 64 values shown ($((words - 1)))" "$line"
else
	tap_result 0 "# SKIP script (util-linux) not installed: the terminal's output untested"
fi
run_pram run scan-blelloch --n 2^12
words=$(printf '%s\n' "$out" | grep '^output:' | wc -w)
test "$words" -eq 4097
tap_result $? "to a file: all 4096 values ($((words - 1)))"
case "$out" in
*"more values"*) tap_result 1 "and no count of more" "$out" ;;
*) tap_result 0 "and no count of more" ;;
esac

# --sizes names the limit of the command that reads it: the report measures
# sizes up to 2^28, whatever the parser of lists could take.
for s in 2^50 2^10..2^30 x; do
	run_pram report reduce --sizes "$s"
	expect_rc 2 "report --sizes $s is refused"
	expect_in "report: --sizes '$s': give sizes from 1 to 2^28" "$err" "and names the report's limit"
	case "$err" in
	*2^40*) tap_result 1 "and no other" "$err" ;;
	*) tap_result 0 "and no other" ;;
	esac
done

done_testing
