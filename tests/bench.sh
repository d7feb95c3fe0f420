#!/bin/sh
# bench.sh - `pram bench` on the default device (PoCL) at small sizes: the
# table's columns and rows, the JSON object's keys, the bytes counted, the
# fraction of the copy, the refusals (a bad algorithm, sizes past the
# device's memory, options an algorithm does not take) and a wrong result
# exiting 1. It checks the shape and honesty of the figures, not speed.
. "$top_srcdir/tests/tap.sh"

if test "$HAVE_OPENCL" != yes; then
	run_pram bench reduce --sizes 2^10 --reps 1
	expect_rc 1 "without OpenCL pram bench fails"
	expect_in "without OpenCL" "$err" "and says why"
	done_testing
	exit
fi
command -v python3 >/dev/null 2>&1 || skip_all "python3 not found (reads the JSON)"

run_pram bench --help
expect_rc 0 "pram bench --help"
expect_in "usage: pram bench" "$out" "prints its usage"

run_pram bench reduce scan-blelloch --sizes 2^10..2^12 --reps 2
expect_rc 0 "pram bench reduce scan-blelloch at 2^10..2^12"
head=" $(printf '%s' "$out" | grep '^algorithm') "
for col in algorithm variant n median_ms min_ms max_ms Gelem/s GB/s of_copy check; do
	expect_in " $col " "$head" "the table has the column $col"
done
expect_in "copy (uint4)" "$out" "the table has the copy's row"
printf '%s\n' "$out" >"$tap_tmp/table.txt"
check "a row per algorithm and size, each verified, the copy at the largest size" python3 -c '
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.startswith(("reduce ", "scan-blelloch ", "copy "))]
got = [(r[0], r[1], r[2]) for r in rows if r[0] != "copy"]
want = [(a, "tuned", "2^%d" % k) for a in ("reduce", "scan-blelloch") for k in (10, 11, 12)]
assert got == want, got
copy = [r for r in rows if r[0] == "copy"]
assert len(copy) == 1 and copy[0][3] == "2^12", copy
assert all(r[-1] == "verified" for r in rows), rows
' "$tap_tmp/table.txt"

run_pram bench reduce scan-blelloch scan-segmented compact --sizes 2^10,2^12 --reps 2 --json
expect_rc 0 "pram bench --json"
printf '%s' "$out" >"$tap_tmp/bench.json"
check "the JSON object has the documented keys" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for k in "device platform reps seed sizes copy skipped results verified".split():
    assert k in r, k
assert r["reps"] == 2 and r["sizes"] == [1024, 4096] and r["verified"] is True, r
c = r["copy"]
for k in "n bytes time_ms gb_per_s verified".split():
    assert k in c, k
assert c["n"] == 4096 and c["bytes"] == 8 * 4096 and c["verified"] is True, c
assert len(r["results"]) == 8, len(r["results"])
for x in r["results"]:
    for k in ("algorithm variant n op inclusive type flags bytes time_ms elements_per_s "
              "gb_per_s fraction_of_copy verified kernel_file").split():
        assert k in x, (k, x)
    assert set(x["time_ms"]) == {"median", "min", "max"}, x
    t = x["time_ms"]
    assert 0 <= t["min"] <= t["median"] <= t["max"], t
    assert x["verified"] is True, x
' "$tap_tmp/bench.json"
# The fraction is a ratio of two timings, which a loaded machine may skew
# any way: check what it is made of, not how large it came out.
check "each fraction of the copy is its bandwidth over the copy's" python3 -c '
import json, math, sys
r = json.load(open(sys.argv[1]))
for x in r["results"]:
    f = x["fraction_of_copy"]
    assert isinstance(f, float) and 0 < f and math.isfinite(f), (x["algorithm"], x["n"], f)
    want = x["gb_per_s"] / r["copy"]["gb_per_s"]
    assert abs(f - want) <= 1e-4 * want, (x["algorithm"], x["n"], f, want)
' "$tap_tmp/bench.json"
check "the bytes: 4n + 4 for a reduction, 8n for a scan, 8n + n/8 segmented" python3 -c '
import json, sys
for x in json.load(open(sys.argv[1]))["results"]:
    n, a, b = x["n"], x["algorithm"], x["bytes"]
    want = {"reduce": 4 * n + 4, "scan-blelloch": 8 * n, "scan-segmented": 8 * n + n // 8}.get(a)
    if want is not None:
        assert b == want, (a, n, b, want)
    else:  # compact: the values and flags read, the kept ones written
        assert 4 * n + n // 8 <= b <= 8 * n + n // 8, (a, n, b)
    gbs = b / (x["time_ms"]["median"] * 1e-3) / 1e9
    assert abs(gbs - x["gb_per_s"]) <= 1e-3 * gbs, (a, gbs, x["gb_per_s"])
' "$tap_tmp/bench.json"

run_pram bench scan-blelloch --sizes 2^10 --reps 2 --variant all --exclusive --json
expect_rc 0 "--variant all --exclusive"
printf '%s' "$out" >"$tap_tmp/all.json"
check "--variant all gives the teaching and tuned rows, exclusive" python3 -c '
import json, sys
rs = json.load(open(sys.argv[1]))["results"]
assert [x["variant"] for x in rs] == ["teaching", "tuned"], rs
assert all(x["inclusive"] is False for x in rs), rs
' "$tap_tmp/all.json"

run_pram bench reduce-segmented compact --sizes 2^12 --reps 2 --flags every:1024 --json
expect_rc 0 "--flags every:1024"
printf '%s' "$out" >"$tap_tmp/flags.json"
check "segments of 1024: four sums, four kept elements" python3 -c '
import json, sys
rs = {x["algorithm"]: x for x in json.load(open(sys.argv[1]))["results"]}
n = 4096
assert rs["reduce-segmented"]["bytes"] == 4 * n + n // 8 + 4 * 4, rs
assert rs["compact"]["bytes"] == 4 * n + n // 8 + 4 * 4, rs
assert all(x["flags"] == "every:1024" for x in rs.values()), rs
' "$tap_tmp/flags.json"

run_pram bench histogram-atomic --sizes 2^10 --reps 2 --bins 64 --dist equal --json
expect_rc 0 "histogram-atomic --bins 64 --dist equal"
printf '%s' "$out" >"$tap_tmp/params.json"
check "each row gives the algorithm's parameters, choices by name" python3 -c '
import json, sys
(r,) = json.load(open(sys.argv[1]))["results"]
assert r["params"] == {"bins": 64, "group": 256, "dist": "equal"}, r
' "$tap_tmp/params.json"

# The elements a work-item are those the kernels ran with: the runner's
# pick where no option says (SpMV's vector kernel takes 8 rows a vector for
# the uniform matrix's rows of 4, though the registry's default is 0), else
# the option's.
run_pram bench spmv-csr radix-sort --sizes 2^12 --reps 1 --json
expect_rc 0 "spmv-csr and radix-sort with the runners' own shapes"
printf '%s' "$out" >"$tap_tmp/pp.json"
check "the per-proc a row gives is the one the kernels were built with" python3 -c '
import json, sys
rs = {x["algorithm"]: x for x in json.load(open(sys.argv[1]))["results"]}
assert rs["spmv-csr"]["params"]["per-proc"] == 8, rs
assert rs["radix-sort"]["params"]["keys-per-item"] > 0, rs
' "$tap_tmp/pp.json"
run_pram bench reduce-segmented --sizes 2^12 --reps 1 --per-proc 8 --json
printf '%s' "$out" >"$tap_tmp/pp8.json"
check "and --per-proc 8 is reported as 8" python3 -c '
import json, sys
(r,) = json.load(open(sys.argv[1]))["results"]
assert r["params"]["per-proc"] == 8, r
' "$tap_tmp/pp8.json"

# Runs back to back (--batch): each run of a batch is timed as the
# batch's span over B, which holds every kernel of the batch's runs.
PRAM_KERNEL_TIMES=1 run_pram bench scan-blelloch --sizes 2^12 --reps 4 --batch 4 --json
expect_rc 0 "--batch 4"
printf '%s' "$out" >"$tap_tmp/batch.json"
printf '%s\n' "$err" >"$tap_tmp/batch.err"
check "the JSON gives the batch, and the batch's time holds its runs' kernels" python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))
assert r["batch"] == 4 and r["verified"] is True, r
(x,) = r["results"]
t = x["time_ms"]
assert t["min"] == t["median"] == t["max"] > 0, t  # one batch: one figure for its 4 runs
lines = [l for l in open(sys.argv[2]) if l.startswith("pram: kernel ")]
algo = [float(re.search(r": ([0-9.]+) ms$", l).group(1)) for l in lines
        if not l.startswith("pram: kernel copy_words:")]
k = len(algo) // 5  # the warm-up and 4 runs, k launches each
assert k >= 1 and len(algo) == 5 * k, len(algo)
kernels = sum(algo[k:])
assert kernels <= 4 * t["median"] + 1e-4 * 4 * k, (kernels, t)
' "$tap_tmp/batch.json" "$tap_tmp/batch.err"
# Without PRAM_KERNEL_TIMES a batch's kernels take no events, and the batch
# is timed from the gate's end to a mark after its runs: it still holds
# every run, at least a fifth of the fastest run timed alone (a span of
# one run of the eight, or none, is far under it).
run_pram bench scan-blelloch --sizes 2^16 --reps 5 --json
expect_rc 0 "one run at a time"
printf '%s' "$out" >"$tap_tmp/alone.json"
run_pram bench scan-blelloch --sizes 2^16 --reps 8 --batch 8 --json
expect_rc 0 "--batch 8 without the kernels' events"
printf '%s' "$out" >"$tap_tmp/quiet.json"
check "a batch without the kernels' events holds its runs" python3 -c '
import json, sys
(alone,) = json.load(open(sys.argv[1]))["results"]
(quiet,) = json.load(open(sys.argv[2]))["results"]
assert quiet["verified"] is True, quiet
a, q = alone["time_ms"]["min"], quiet["time_ms"]["median"]
assert q >= 0.2 * a, (q, a)
' "$tap_tmp/alone.json" "$tap_tmp/quiet.json"
run_pram bench reduce --sizes 2^10 --reps 2 --batch 5
expect_rc 0 "--batch larger than --reps: one batch of the runs there are"
# The integer reduce's two accumulators, each run resetting the next one's,
# over enough work-groups to take that path: sums (which a run that left
# the next accumulator unreset would add twice) in batches of an odd and
# an even number of runs, and a min.
for b in 2 3 4; do
	run_pram bench reduce --sizes 2^16,100003 --reps 9 --batch $b
	expect_verified "reduce, 9 runs in batches of $b"
done
run_pram bench reduce --op min --sizes 2^16 --reps 5 --batch 2
expect_verified "reduce --op min, 5 runs in batches of 2"
run_pram bench reduce --sizes 2^10 --batch 0
expect_rc 2 "--batch 0 is refused"
expect_in "--batch '0': give a whole number from 1 to 1000" "$err" "saying what it takes"

# Refusals.
run_pram bench frobnicate --sizes 2^10
expect_rc 2 "an unknown algorithm is refused"
expect_in "unknown algorithm 'frobnicate'" "$err" "and named"
run_pram bench reduce --sizes 2^34 --reps 1
expect_rc 2 "a size past the device's memory is refused"
expect_in "of device memory" "$err" "saying how much it needs and the device has"
case "$out" in
*verified*) tap_result 1 "and nothing runs" "$out" ;;
*) tap_result 0 "and nothing runs" ;;
esac
run_pram bench reduce --sizes 'x'
expect_rc 2 "a bad size list is refused"
run_pram bench reduce --n 1024
expect_rc 2 "--n is refused (sizes come from --sizes)"
run_pram bench reduce --flags every:8 --sizes 2^10
expect_rc 2 "--flags for an algorithm without flags is refused"
run_pram bench reduce --exclusive --sizes 2^10
expect_rc 2 "an option the algorithm does not take is refused"
run_pram bench reduce-atomic --variant tuned --sizes 2^10
expect_rc 2 "a variant the algorithm lacks is refused"
expect_in "reduce-atomic has no tuned kernel" "$err" "and named"

# bench/table.py (bench/gpu-run.sh's table) from these runs and a CUB file
# with a row of its own: our rows, the vendor's beside its primitive, and
# jump flooding's time a pass.
run_pram bench reduce jfa-reduce --sizes 2^12 --reps 2 --json
expect_rc 0 "pram bench reduce jfa-reduce --json"
printf '%s' "$out" >"$tap_tmp/passes.json"
check "jfa-reduce's JSON gives its passes and the time a pass" python3 -c '
import json, sys
r = [x for x in json.load(open(sys.argv[1]))["results"] if x["algorithm"] == "jfa-reduce"]
assert len(r) == 1 and r[0]["passes"] >= 1, r
# both printed to 6 significant digits (%.6g, algos/json.c)
m = r[0]["time_ms"]["median"]
assert abs(r[0]["pass_ms"] * r[0]["passes"] - m) <= 1e-5 * m, r[0]
' "$tap_tmp/passes.json"
printf '%s\n%s\n' "id,what,n,items,bytes,traffic,median_ms,min_ms,max_ms,gb_per_s,items_per_s,checked" \
	"reduce,cub::DeviceReduce::Sum u32,4096,4096,16388,4n read,0.5,0.5,0.5,0.03,8.2e6,ok: the sum" \
	>"$tap_tmp/cub.csv"
check "bench/table.py writes the table" python3 "$top_srcdir/bench/table.py" "$tap_tmp/cub.csv" \
	"$tap_tmp/cmp" "$tap_tmp/passes.json"
check "with our reduce beside CUB's, the ratio ours over theirs, and a pass of jump flooding" \
	python3 -c '
import json, sys
md = open(sys.argv[1]).read()
ours = [x for x in json.load(open(sys.argv[2]))["results"]]
red = [x for x in ours if x["algorithm"] == "reduce"][0]
row = [l for l in md.splitlines() if l.startswith("| reduce (sum u32) |")]
assert len(row) == 1, row
cells = [c.strip() for c in row[0].strip("|").split("|")]
assert cells[1] == "reduce (tuned)" and cells[5].startswith("cub::DeviceReduce::Sum"), cells
assert abs(float(cells[9]) - red["time_ms"]["median"] / 0.5) < 0.01, cells
jfa = [x for x in ours if x["algorithm"] == "jfa-reduce"][0]
prow = [l for l in md.splitlines() if l.startswith("| partitioned reduction by jump flooding |")]
assert len(prow) == 2, prow  # the main table and the passes section
cells = [c.strip() for c in prow[1].strip("|").split("|")]
assert int(cells[2]) == jfa["passes"] and abs(float(cells[3]) - jfa["pass_ms"]) < 1e-4, cells
' "$tap_tmp/cmp.md" "$tap_tmp/passes.json"

# The segmented reduction by offsets beside CUB's, which takes offsets, and
# by flags as the extra row: each row takes its own run, and the offsets'
# bytes are the values, the m + 1 offsets and the m sums.
run_pram bench reduce-segmented --sizes 2^12 --reps 2 --flags every:1024 --json
expect_rc 0 "reduce-segmented by flags, --json"
printf '%s' "$out" >"$tap_tmp/segflags.json"
run_pram bench reduce-segmented --sizes 2^12 --reps 2 --flags every:1024 --segments offsets --json
expect_rc 0 "reduce-segmented --segments offsets, --json"
printf '%s' "$out" >"$tap_tmp/segoff.json"
for v in tuned teaching; do
	PRAM_KERNEL_TIMES=1 run_pram gpu reduce-segmented --variant $v --segments offsets \
		--n 10000 --reps 1
	expect_in "kernel segreduce_offsets:" "$err" "--variant $v --segments offsets runs the offsets' kernel"
	expect_verified "and its result is right"
done
printf '%s\n%s\n' "id,what,n,items,bytes,traffic,median_ms,min_ms,max_ms,gb_per_s,items_per_s,checked" \
	"segmented_reduce,cub::DeviceSegmentedReduce::Sum u32,4096,4096,16420,x,0.5,0.5,0.5,0.03,8.2e6,ok: the sums" \
	>"$tap_tmp/cubseg.csv"
check "bench/table.py writes the segmented rows" python3 "$top_srcdir/bench/table.py" \
	"$tap_tmp/cubseg.csv" "$tap_tmp/seg" "$tap_tmp/segflags.json" "$tap_tmp/segoff.json"
check "the offsets row takes the offsets' run, the extra row the flags'" python3 -c '
import json, sys
md = open(sys.argv[1]).read()
run = lambda p: json.load(open(p))["results"][0]
fl, off = run(sys.argv[2]), run(sys.argv[3])
assert fl["params"]["segments"] == "flags" and off["params"]["segments"] == "offsets"
assert off["verified"] and fl["verified"], (fl, off)
# 4n values, 4(m + 1) offsets and 4m sums (m = 4), as CUB counts them
assert abs(off["gb_per_s"] * off["time_ms"]["median"] * 1e6 - 16420) < 0.01 * 16420, off
def cells(prefix):
    row = [l for l in md.splitlines() if l.startswith("| " + prefix)]
    assert len(row) == 1, (prefix, row)
    return [c.strip() for c in row[0].strip("|").split("|")]
c = cells("segmented reduce, 1024-element segments given by offsets |")
assert c[1] == "reduce-segmented (tuned, --segments offsets)", c
assert abs(float(c[2]) - off["time_ms"]["median"]) < 1e-4, (c, off)
c = cells("extra: segmented reduce, 1024-element segments, our flags")
assert c[1] == "reduce-segmented (tuned)", c
assert abs(float(c[2]) - fl["time_ms"]["median"]) < 1e-4, (c, fl)
' "$tap_tmp/seg.md" "$tap_tmp/segflags.json" "$tap_tmp/segoff.json"

# A kernel that adds one too many: the row says WRONG and the exit is 1.
mkdir -p "$tap_tmp/kernels"
cp "$top_srcdir"/kernels/*.cl "$top_srcdir"/kernels/*.clh "$tap_tmp/kernels/"
sed 's/out\[get_group_id(0)\] = s\[0\];/out[get_group_id(0)] = s[0] + 1;/' \
	"$top_srcdir/kernels/reduce.cl" >"$tap_tmp/kernels/reduce.cl"
PRAM_KERNEL_DIR="$tap_tmp/kernels" run_pram bench reduce --sizes 2^10 --reps 1
expect_rc 1 "a wrong result exits 1"
expect_in "WRONG" "$out" "and its row says WRONG"
expect_in "copy (uint4)" "$out" "the other rows are still printed"
PRAM_KERNEL_DIR="$tap_tmp/kernels" run_pram bench reduce --sizes 2^10 --reps 5 --batch 2
expect_rc 1 "and so it does when the runs go back to back"
expect_in "WRONG" "$out" "its row saying WRONG"

done_testing
