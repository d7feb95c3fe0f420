#!/bin/sh
# site.sh - the figures of a 'pram report' example on the course site
# (pram lessons --html), loaded in headless Chromium: a lesson naming
# scan-blelloch before scan-hillis-steele (the registry's order is the
# other), reduce-matrix between them, shows its own algorithms' figures in its order, a figure of their
# W(n) and D(n) whose data are pram run's counts, and a speedup figure
# against the best sequential time (n - 1 for a scan), T_p on p processors
# being pram run --procs p's, so Blelloch's curve lies above
# Hillis-Steele's where p is small, and reduce-matrix's against its own
# problem's n - n/16 (a title that names no one T_seq, which a list of
# baselines alternating between two once crashed); reduce-segmented, for which no sequential time is
# stated, is left out of it and the caption says so.
# Skips without gnuplot or a browser.
. "$top_srcdir/tests/tap.sh"

[ -n "$GNUPLOT" ] || skip_all "gnuplot not found"
find_browser
[ -n "$browser" ] || skip_all "no headless browser (chromium-headless-shell or chromium) installed"

lessons="$tap_tmp/lessons"
mkdir -p "$lessons/01-pair"
cat >"$lessons/01-pair/lesson.md" <<'EOF'
# 1. Two scans

Goal: see two scans side by side.

## Background

The figures of the two scans:

```pram report
pram report scan-blelloch reduce-matrix scan-hillis-steele reduce-segmented --sizes 2^4..2^6
```

## Exercises

None here.

## Questions

1. Which scan does less work?
EOF

site="$tap_tmp/site"
PRAM_LESSONS_DIR="$lessons" run_pram lessons --html "$site"
expect_rc 0 "pram lessons --html draws the lesson's figures"
case "$err" in
*skipped*) tap_result 1 "and skips none" "$err" ;;
*) tap_result 0 "and skips none" ;;
esac

bflags="--no-sandbox --disable-gpu --no-first-run --user-data-dir=$tap_tmp/profile"
case "$(basename "$browser")" in
chromium) bflags="--headless $bflags" ;;
esac
# shellcheck disable=SC2086
timeout 60 "$browser" $bflags --dump-dom "file://$site/01-pair/index.html" \
	>"$tap_tmp/page.dom" 2>"$tap_tmp/browser.err"

# The page's figures: (src, caption) in order, within the report's anchor.
check "the page: W and D side by side, the speedup, then each algorithm's own, in the lesson's order" \
	python3 - "$tap_tmp/page.dom" "$site/01-pair" <<'PY'
import os, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.figs, self.cap, self.anchor = [], None, None
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == "div" and (a.get("id") or "").startswith("report-"):
            self.anchor = a["id"]
        if tag == "img":
            self.figs.append([a["src"], "", self.anchor, a.get("width"), a.get("height")])
        if tag == "figcaption":
            self.cap = ""
    def handle_endtag(self, tag):
        if tag == "figcaption":
            self.figs[-1][1] = self.cap
            self.cap = None
    def handle_data(self, d):
        if self.cap is not None:
            self.cap += d
p = P()
p.feed(open(sys.argv[1]).read())
k = p.figs[0][2] if p.figs else None
want = [k + "/" + f for f in ("contrast-wd.svg", "speedup-sequential.svg", "scan-blelloch-cost.svg",
                              "reduce-matrix-cost.svg", "scan-hillis-steele-cost.svg",
                              "reduce-segmented-cost.svg")] if k else []
got = [f[0] for f in p.figs]
assert got == want, "figures %s, expected %s" % (got, want)
for src, cap, anchor, w, h in p.figs:
    assert anchor == k, (src, anchor)
    assert (w, h) == ("1600", "900"), (src, w, h)
    path = os.path.join(sys.argv[2], src)
    assert b"<svg" in open(path, "rb").read(3000), path + " is no SVG"
caps = [f[1] for f in p.figs]
assert "W = 127, D = 13" in caps[0] and "scan-hillis-steele W = 321, D = 6" in caps[0], caps[0]
assert "T_seq = n - 1 additions (one pass of a sequential scan) for scan-blelloch and scan-hillis-steele" in caps[1], caps[1]
assert "T_seq = n - n/16 additions (each 16-element sum in turn) for reduce-matrix" in caps[1], caps[1]
assert "Not each algorithm's own T_1 = W" in caps[1], caps[1]
assert "Left out: reduce-segmented" in caps[1], caps[1]
PY

rdir=$(ls -d "$site"/01-pair/report-* | head -1)
# W and D as pram run counts them, at every size of the figure.
: >"$tap_tmp/runs.csv"
for a in scan-blelloch scan-hillis-steele reduce-segmented reduce-matrix; do
	for n in 16 32 64; do
		"$PRAM" run "$a" --n "$n" --json | python3 -c '
import json, sys
j = json.load(sys.stdin)
print("%s,%d,%d,%d" % (j["algorithm"], j["n"], j["work"], j["depth"]))' >>"$tap_tmp/runs.csv"
	done
done
check "the figure of W and D holds pram run's W and D of each algorithm at each n" \
	python3 - "$rdir/contrast-wd.csv" "$tap_tmp/runs.csv" <<'PY'
import csv, sys
fig = {(r["algorithm"], int(r["n"])): (int(r["work"]), int(r["depth"])) for r in csv.DictReader(open(sys.argv[1]))}
runs = {}
for line in open(sys.argv[2]):
    a, n, w, d = line.strip().split(",")
    runs[(a, int(n))] = (int(w), int(d))
assert fig == runs, "figure %s\npram run %s" % (sorted(fig.items()), sorted(runs.items()))
PY

# T_p as pram run --procs p gives it (brent_time), at n = 64 and p = 4.
tp() { "$PRAM" run "$1" --n 64 --procs 4 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["brent_time"])'; }
check "the speedup is T_seq / T_p, T_p pram run's; Blelloch above Hillis-Steele at p = 4; reduce-segmented left out" \
	python3 - "$rdir/speedup-sequential.csv" "$(tp scan-blelloch)" "$(tp scan-hillis-steele)" \
	"$(tp reduce-matrix)" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
algos = sorted({r["algorithm"] for r in rows})
assert algos == ["reduce-matrix", "scan-blelloch", "scan-hillis-steele"], algos
at4 = {r["algorithm"]: r for r in rows if r["p"] == "4"}
for a, tp, ts in (("scan-blelloch", int(sys.argv[2]), 63), ("scan-hillis-steele", int(sys.argv[3]), 63),
                  ("reduce-matrix", int(sys.argv[4]), 60)):
    r = at4[a]
    assert int(r["n"]) == 64 and int(r["t_seq"]) == ts, r
    assert int(r["t_p"]) == tp, "%s: T_4 %s in the figure, %d from pram run" % (a, r["t_p"], tp)
    assert abs(float(r["speedup"]) - ts / tp) < 1e-4 * ts / tp, r
assert float(at4["scan-blelloch"]["speedup"]) > float(at4["scan-hillis-steele"]["speedup"]), at4
PY
check "the speedup figure's title says what the baseline is" \
	grep -q "T_seq = the best sequential algorithm's operations, not each algorithm's own T_1 = W" \
	"$rdir/speedup-sequential.gp"

done_testing
