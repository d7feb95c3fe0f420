#!/bin/sh
# report.sh - `pram report` over a small sweep: every promised file exists,
# the PNGs are real images of the expected size, the SVGs are SVG, the CSV
# headers and the JSON summary are right, and the index pages link every
# figure. The measured figures need OpenCL (PoCL); without it they are
# checked to be absent and the page to say why.
. "$top_srcdir/tests/tap.sh"

[ -n "$GNUPLOT" ] || skip_all "gnuplot not found"
command -v python3 >/dev/null 2>&1 || skip_all "python3 not found (reads the JSON)"

dir="$tap_tmp/report"
algos="reduce scan-hillis-steele scan-blelloch"
# A small budget: the rounds of runs are tested, and the test stays short
# on a busy machine.
run_pram report $algos --sizes 2^8..2^12 --reps 2 --budget 0.05 --sim-max 2^10 --out "$dir"
if [ "$HAVE_OPENCL" = yes ]; then
	expect_rc 0 "pram report on the default device succeeds"
else
	expect_rc 0 "pram report without OpenCL still succeeds"
	expect_in "without OpenCL" "$err" "and says why nothing was measured"
fi
expect_in "index.html" "$out" "the summary names the index page"

# A kernel's verdict fits one line of a terminal, at most 100 characters:
# the outcome and the number that decided it (the reasons are on the index
# page and in summary.json). The lines of the kernels and the notes start
# with two spaces.
check_lines() { # what
	long=$(printf '%s\n' "$out" | grep '^  ' | awk 'length > 100')
	tap_result "$([ -z "$long" ] && echo 0 || echo 1)" \
		"$1: every verdict line is at most 100 characters" "$long"
}
check_lines "pram report on three algorithms"

# The PNG's IHDR chunk: bytes 16-23 hold width and height, big-endian.
png_size() {
	od -An -tu1 -j16 -N8 "$1" |
		awk '{ printf "%d %d", $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'
}
png_magic() {
	od -An -tx1 -N8 "$1" | tr -d ' \n'
}

check_figure() { # name
	for ext in csv gp png svg; do
		check "$1.$ext exists" test -s "$dir/$1.$ext"
	done
	if [ -s "$dir/$1.png" ]; then
		m=$(png_magic "$dir/$1.png")
		tap_result "$([ "$m" = 89504e470d0a1a0a ] && echo 0 || echo 1)" "$1.png is a PNG" "magic $m"
		s=$(png_size "$dir/$1.png")
		tap_result "$([ "$s" = "1600 900" ] && echo 0 || echo 1)" "$1.png is 1600 by 900" "got $s"
	fi
	check "$1.svg is SVG" grep -q "<svg" "$dir/$1.svg"
	check "index.html links $1.png" grep -q "href=\"$1.png\"" "$dir/index.html"
	check "index.md links $1.png" grep -q "($1.png)" "$dir/index.md"
}

check_header() { # name expected-header
	got=$(head -n 1 "$dir/$1.csv")
	tap_result "$([ "$got" = "$2" ] && echo 0 || echo 1)" "$1.csv has the documented header" "got: $got"
}

for f in index.html index.md summary.json; do
	check "$f exists" test -s "$dir/$f"
done
check "summary.json is JSON" python3 -m json.tool "$dir/summary.json"
for a in $algos; do
	check_figure "$a-cost"
	check_header "$a-cost" "algorithm,n,source,work,depth,depth_serial,work_closed,depth_closed,closed_matches"
done
check_figure brent-speedup
check_header brent-speedup "algorithm,n,p,t_p,work,depth,w_over_p_plus_d,speedup,brent_speedup"
# Blelloch's scan and Hillis-Steele's compute the same thing with different
# work: measured, the report sets their time ratio beside their W ratio.
if [ "$HAVE_OPENCL" = yes ]; then
	check_figure work-ratio
	check_header work-ratio "pair,series,n,variant,time_ratio,work_ratio"
	check "the work ratio is W over W of the cost figures, at every size" python3 -c '
import csv, sys
d = sys.argv[1]
w = {a: {int(r["n"]): int(r["work"]) for r in csv.DictReader(open(f"{d}/{a}-cost.csv"))}
     for a in ("scan-blelloch", "scan-hillis-steele")}
rows = list(csv.DictReader(open(f"{d}/work-ratio.csv")))
assert {int(r["n"]) for r in rows} == set(w["scan-blelloch"]), rows
for r in rows:
    n = int(r["n"])
    assert r["pair"] == "scan-hillis-steele / scan-blelloch", r
    want = w["scan-hillis-steele"][n] / w["scan-blelloch"][n]
    assert abs(float(r["work_ratio"]) - want) < 1e-4 * want, (r, want)
    assert float(r["time_ratio"]) > 0, r
' "$dir"
else
	check "no work-ratio figure without measurements" test ! -e "$dir/work-ratio.csv"
fi
check "sizes past --sim-max are flagged closed-form" grep -q "^reduce,4096,closed-form," "$dir/reduce-cost.csv"
# Past --sim-max W and D are the closed form's: the figures mark those
# sizes (circles) and say so in the key.
check "the cost figure knows its closed-form sizes" grep -q '^has_cf = 2$' "$dir/reduce-cost.gp"
check "and its key names them" grep -q "<title>closed form only (n > 210)</title>" "$dir/reduce-cost.svg"
check "sizes up to --sim-max come from the simulator" grep -q "^reduce,1024,simulator,1023,10," "$dir/reduce-cost.csv"
check "the simulator matches the closed forms" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
assert [a["name"] for a in s["algorithms"]] == sys.argv[2].split(), s["algorithms"]
for a in s["algorithms"]:
    assert a["closed_form_checked"] == 3 and a["closed_form_differs"] == 0, a
    assert a["simulation_ok"], a
for k in ("command", "date", "device", "sizes", "reps", "budget_s", "precision", "figures",
          "time_statistic", "thresholds"):
    assert k in s, k
assert s["sizes"] == [256, 512, 1024, 2048, 4096], s["sizes"]
for f in s["figures"]:
    assert "png" in f and "svg" in f, f
' "$dir/summary.json" "$algos"
# reduce and Blelloch's scan have the same speedups on the simulator: the
# second curve is drawn apart (circles) and its key says so.
check "coinciding speedup curves are found" grep -q 'array same\[3\] = \[0, 0, 1\]' "$dir/brent-speedup.gp"
check "and the key names the curve they coincide with" \
	grep -q "<title>scan-blelloch T1/Tp = reduce's (circles)</title>" "$dir/brent-speedup.svg"
check "the index gives the exact command" grep -qF "pram report $algos --sizes 2^8..2^12" "$dir/index.md"

if [ "$HAVE_OPENCL" = yes ]; then
	for a in $algos; do
		check_figure "$a-time"
		check_header "$a-time" "algorithm,variant,n,reps,median_ms,min_ms,max_ms,fit_ms,work,depth,cost_source,verified,q1_ms,q1_ci_low_ms,q1_ci_high_ms"
	done
	check_figure family-reduce
	check_figure family-scan
	check_header family-scan "family,algorithm,variant,series,n,median_ms,min_ms,max_ms,q1_ms"
	check "every kernel variant has a verdict and a fit" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
assert s["device"] and s["device"]["lanes"] >= 1, s["device"]
for a in s["algorithms"]:
    assert a["variants"], a["name"]
    for v in a["variants"]:
        assert v["verified"], (a["name"], v)
        assert len(v["times_ms"]) == 5, (a["name"], v["variant"])
        for t in v["times_ms"]:
            # At least 3 rounds, unless the budget ran out first.
            assert t["runs"] >= 2 and t["stopped"] in ("precise", "decided", "budget"), t
            assert t["rounds"] >= 3 or t["stopped"] == "budget", t
            lo, hi = t["lower_quartile_ci"]
            assert t["min"] <= lo <= t["lower_quartile"] <= hi <= t["max"], t
            assert 0 < t["lower_quartile_ci_level"] <= 1, t
        assert "fit" in v and v["fit"]["a"] >= 0 and v["fit"]["b_ms"] >= 0 and v["fit"]["c_ms"] >= 0
        assert v["verdict"].startswith(("grows as predicted", "departs", "too noisy to judge")), v["verdict"]
        assert v["outcome"] in ("as-predicted", "departs", "too-noisy"), v["outcome"]
        assert (v["outcome"] == "departs") == bool(v["failed_criteria"]), v
        assert (v["outcome"] == "too-noisy") == bool(v["open_criteria"]), v
        assert v["verdict_n"] in s["sizes"], v
        lo, hi = v["fit"]["r2_range"]
        assert lo <= v["fit"]["r2"] <= hi, v["fit"]
        # The closest fit is no further off at its worst than least squares,
        # and the times free within their intervals bring it no further.
        c = v["closest_fit"]
        assert c["a"] >= 0 and c["b_ms"] >= 0 and c["c_ms"] >= 0, c
        assert c["worst_relative_residual"] <= v["fit"]["worst_relative_residual"] + 1e-9, v
        lo, hi = c["worst_relative_residual_range"]
        assert lo <= c["worst_relative_residual"] + 1e-9 and c["worst_n"] in s["sizes"], c
        # Each verdict in one line, as the terminal shows it.
        start = {"as-predicted": "grows as predicted (", "departs": "departs (",
                 "too-noisy": "too noisy to judge ("}[v["outcome"]]
        assert v["verdict_line"].startswith(start) and v["verdict_line"].endswith(")"), v
        assert len(v["verdict_line"]) <= 64, v["verdict_line"]
' "$dir/summary.json"
	check "the terminal gives each kernel its line from summary.json" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
lines = [l for l in sys.argv[2].splitlines() if l.startswith("  ")]
want = ["  %s (%s): %s" % (a["label"], v["variant"], v["verdict_line"])
        for a in s["algorithms"] for v in a["variants"]]
assert all(w in lines for w in want), (want, lines)
' "$dir/summary.json" "$out"
	check "the time figure's key names the fit on closed-form sizes" \
		grep -q "<title>fit on the closed form's W, D (n > 210)</title>" "$dir/reduce-time.svg"
	# The fit's key gives its constants as times with units, not raw numbers.
	check "the fit's key gives a, b and c as times" grep -Eq \
		'fitlabel.*"teaching fit: (0|[0-9.]+ (s|ms|µs|ns|ps)) × W/p \+ (0|[0-9.]+ (s|ms|µs|ns|ps)) × D \+ (0|[0-9.]+ (s|ms|µs|ns|ps))"' \
		"$dir/reduce-time.gp"
	check "and no raw coefficient" sh -c "! grep -q 'fitlabel.*e-0' '$dir/reduce-time.gp'"
	check "verdicts are on the index page" grep -q -e "grows as predicted" -e "departs from" -e "too noisy to judge" "$dir/index.html"
	check "the index page gives the runs per size" grep -q "<th>runs</th>" "$dir/index.html"
	# f elements per work-item: its figure, from the runs' lower quartiles.
	run_pram report scan-brent --sizes 2^8..2^10 --reps 2 --budget 0 --out "$tap_tmp/pp"
	expect_rc 0 "a report with f elements per work-item succeeds"
	check_lines "a report of one round of runs"
	check "its figure is drawn" test -s "$tap_tmp/pp/scan-brent-perproc.png"
	got=$(head -n 1 "$tap_tmp/pp/scan-brent-perproc.csv")
	want="algorithm,n,f,variant,median_ms,min_ms,max_ms,measured_speedup,notes_speedup,brent_speedup,q1_ms"
	tap_result "$([ "$got" = "$want" ] && echo 0 || echo 1)" "scan-brent-perproc.csv has the documented header" "got: $got"
	check "its speedups are of the lower quartiles" awk -F, '
		$4 == "teaching" && $3 == 2 { base = $11 }
		$4 == "teaching" && $3 == 8 { q = $11; s = $8 }
		END { exit !(base > 0 && q > 0 && (s - base / q) ^ 2 < 1e-6 * s * s) }' \
		"$tap_tmp/pp/scan-brent-perproc.csv"
else
	echo "# measured figures skipped: pram was built without OpenCL"
	check "no measured figure without a device" test ! -e "$dir/reduce-time.csv"
	check "the index says why nothing was measured" grep -q "no kernel was measured" "$dir/index.html"
fi

# Usage errors.
run_pram report --sizes 2^x
expect_rc 2 "a bad --sizes is a usage error"
expect_in "pram: report: --sizes '2^x'" "$err" "and names the option and value"
run_pram report --sizes 2^12..2^8
expect_rc 2 "a backwards range is a usage error"
run_pram report no-such-algo
expect_rc 2 "an unknown algorithm is a usage error"
expect_in "unknown algorithm 'no-such-algo'" "$err" "and is named"
run_pram report --budget -1
expect_rc 2 "a negative --budget is a usage error"
expect_in "pram: report: --budget '-1'" "$err" "and names the option and value"
run_pram report --precision 0
expect_rc 2 "a --precision of 0 is a usage error"
run_pram report --precision 5x
expect_rc 2 "a --precision that is not a number is a usage error"
run_pram report --help
expect_rc 0 "pram report --help"
expect_in "--budget S" "$out" "the help gives --budget"
expect_in "--precision P" "$out" "and --precision"
expect_in "usage: pram report" "$out" "prints its usage"

# --preview draws the main figure in the terminal.
run_pram report reduce --sizes 2^6..2^10 --reps 2 --budget 0 --out "$tap_tmp/prev" --preview
expect_rc 0 "--preview succeeds"
expect_in "input size n (elements)" "$out" "and draws a plot with its axis label"
# The terminal shows no enhanced text: the title comes in plain text, its
# second line on a line of its own, with no braces or font changes.
if [ "$HAVE_OPENCL" = yes ]; then
	expect_in "reduce: measured time against Brent's bound" "$out" "the preview's title is plain"
	expect_in "on $(printf '%s' "$out" | sed -n 's/^pram report on \(.*\) (.*$/\1/p' | head -n 1), p = " \
		"$out" "and its second line too"
else
	expect_in "reduce: work and depth" "$out" "the preview's title is plain"
fi
tap_result "$(printf '%s' "$out" | grep -q -e '[{}]' -e '2^{' && echo 1 || echo 0)" \
	"the preview has no enhanced-text markup" "$(printf '%s' "$out" | grep -e '[{}]' | head -n 3)"

# --no-draw writes the scripts and draw.sh, runs no gnuplot; draw.sh then
# draws every figure the index links.
nd="$tap_tmp/nodraw"
run_pram report reduce --sizes 2^6..2^10 --reps 2 --budget 0 --out "$nd" --no-draw
expect_rc 0 "--no-draw succeeds"
if [ "$HAVE_OPENCL" = yes ]; then
	check "--budget 0 takes exactly --reps runs" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
for v in s["algorithms"][0]["variants"]:
    for t in v["times_ms"]:
        assert t["runs"] == 2 and t["stopped"] == "fixed", t
' "$nd/summary.json"
fi
expect_in "draw.sh" "$out" "and says how to draw the figures"
check "--no-draw draws no PNG" sh -c "! ls '$nd'/*.png 2>/dev/null"
check "--no-draw writes every script" test -s "$nd/reduce-cost.gp"
check "draw.sh draws them" sh "$nd/draw.sh"
check "draw.sh made reduce-cost.png" test -s "$nd/reduce-cost.png"
check "draw.sh made brent-speedup.svg" grep -q "<svg" "$nd/brent-speedup.svg"
check "the index links the drawn figure" grep -q 'href="reduce-cost.png"' "$nd/index.html"

# The partitioned streams and the matrix reduction in the report: their
# cost figures (reduce-matrix's closed form meeting the simulator) and
# their family figure.
pd="$tap_tmp/partitioned"
run_pram report jfa-reduce reduce-matrix --sizes 2^8..2^10 --reps 2 --budget 0 --out "$pd" --no-draw
expect_rc 0 "pram report on jfa-reduce and reduce-matrix succeeds"
check "jfa-reduce-cost.csv has the simulator's W" grep -q '^jfa-reduce,256,simulator,' "$pd/jfa-reduce-cost.csv"
check "reduce-matrix's closed form meets the simulator" grep -q '^reduce-matrix,256,simulator,272,2,2,272,2,yes' "$pd/reduce-matrix-cost.csv"
check "the reduce family figure is written" test -s "$pd/family-reduce.gp"
check "summary.json names jfa-reduce" grep -q '"jfa-reduce"' "$pd/summary.json"

# The radix sort at each bits-per-pass its registry entry lists (1, 2, 4,
# 8): one record each, one line each in the sort family's figure, and the
# figure of the sort against the bits. Its W is the notes' count, worked
# out here: P (2 (r + 1) n + 3 L - 1), r = 2^b, P = 16 / b passes for keys
# below 2^16, L = r n rounded up to a power of two (Blelloch's scans).
# 8-bit digits at 2^16 pass the work the report simulates (2^27): the
# closed form stands in there, below --sim-max.
rd="$tap_tmp/radix"
run_pram report radix-sort --sizes 2^10..2^16:2 --reps 2 --budget 0 --sim-max 2^18 --out "$rd"
expect_rc 0 "pram report radix-sort succeeds"
check_lines "the radix sort's records, the longest labels"
for b in 1 2 4 8; do
	check "bits-per-pass $b has its own cost figure" test -s "$rd/radix-sort-bits-per-pass-$b-cost.csv"
	check "bits-per-pass $b: its W at n = 2^10 is the notes' count" awk -F, -v b="$b" '
		$2 == 1024 && $3 == "simulator" {
			r = 2 ^ b; rn = r * 1024; L = 1; while (L < rn) L *= 2
			ok = $4 == (16 / b) * (2 * (r + 1) * 1024 + 3 * L - 1)
		}
		END { exit !ok }' "$rd/radix-sort-bits-per-pass-$b-cost.csv"
done
check "8 bits at 2^14 are simulated" grep -q "^radix-sort --bits-per-pass 8,16384,simulator," "$rd/radix-sort-bits-per-pass-8-cost.csv"
check "8 bits at 2^16 (W past 2^27) take the closed form" grep -q "^radix-sort --bits-per-pass 8,65536,closed-form," "$rd/radix-sort-bits-per-pass-8-cost.csv"
check "1 bit at 2^16 is simulated" grep -q "^radix-sort --bits-per-pass 1,65536,simulator," "$rd/radix-sort-bits-per-pass-1-cost.csv"
check "summary.json gives each record its bits" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
got = [(a["name"], a["series"]["parameter"], a["series"]["value"]) for a in d["algorithms"]]
sys.exit(got != [("radix-sort", "bits-per-pass", b) for b in (1, 2, 4, 8)])' "$rd/summary.json"
if [ "$HAVE_OPENCL" = yes ]; then
	dir=$rd # of check_figure and check_header
	check_figure family-sort
	check_figure radix-sort-by-bits-per-pass
	series=$(cut -d, -f4 "$rd/family-sort.csv" | sed 1d | sort -u | tr '\n' '|')
	want="radix-sort --bits-per-pass 1 (teaching)|radix-sort --bits-per-pass 2 (teaching)|radix-sort --bits-per-pass 4 (teaching)|radix-sort --bits-per-pass 8 (teaching)|radix-sort --bits-per-pass 8 (tuned)|"
	tap_result "$([ "$series" = "$want" ] && echo 0 || echo 1)" \
		"the sort family has one line per bits-per-pass, the tuned kernel (8-bit digits) at 8 only" "got: $series"
	check "and its script draws the five" grep -q "^nseries = 5$" "$rd/family-sort.gp"
	check_header radix-sort-by-bits-per-pass \
		"algorithm,parameter,value,variant,n,q1_ms,median_ms,min_ms,max_ms,work,depth,w_over_p_plus_d"
	check "the bits figure has a time and a prediction at each value, at the largest size" awk -F, '
		NR > 1 && $5 == 65536 { seen[$4 "@" $3] = $6 > 0 }
		END { for (b = 1; b <= 8; b *= 2)
			if (!seen["teaching@" b] || !seen["prediction@" b]) exit 1
		      exit !(seen["tuned@8"] && !("tuned@1" in seen)) }' "$rd/radix-sort-by-bits-per-pass.csv"
	check "its prediction is W/p + D scaled to the teaching time at 1 bit" awk -F, '
		NR > 1 && $4 == "prediction" && $3 == 1 { p1 = $6; b1 = $12 }
		NR > 1 && $4 == "prediction" && $3 == 8 { p8 = $6; b8 = $12 }
		NR > 1 && $4 == "teaching" && $3 == 1 { t1 = $6 }
		END { exit !(p1 == t1 && (p8 / p1 - b8 / b1) ^ 2 < 1e-6 * (b8 / b1) ^ 2) }' \
		"$rd/radix-sort-by-bits-per-pass.csv"
else
	check "no bits figure without a device" test ! -e "$rd/radix-sort-by-bits-per-pass.csv"
fi

done_testing
