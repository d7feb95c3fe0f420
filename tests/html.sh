#!/bin/sh
# html.sh - the page of `pram run --html` in a real browser: headless
# Chromium loads each page at a step chosen by the URL fragment (#step=N),
# its script draws that step, and the DOM it leaves (--dump-dom) must give
# the step's counters and the cells read and written that
# `pram run --json --trace` prints for the same run and step: for a scan
# (concurrent reads under CREW), for leader-crcw (a concurrent write that
# crcw-arbitrary resolves by its seed), and for max-crcw under CREW in
# counting mode (violations, marked as such). Skips when no browser is
# installed (setup.sh installs chromium-headless-shell).
. "$top_srcdir/tests/tap.sh"

find_browser
[ -n "$browser" ] || skip_all "no headless browser (chromium-headless-shell or chromium) installed"

# The flags that work headless here: no sandbox (the tests may run as root,
# where Chromium refuses its sandbox), no GPU, a profile of our own.
dump_dom() { # page step -> stdout
	bflags="--no-sandbox --disable-gpu --no-first-run --user-data-dir=$tap_tmp/profile"
	case "$(basename "$browser")" in
	chromium) bflags="--headless $bflags" ;;
	esac
	# shellcheck disable=SC2086
	timeout 60 "$browser" $bflags --dump-dom "file://$1#step=$2" 2>"$tap_tmp/browser.err"
}

# Compare the DOM of page $1 at step $2 with the JSON $3; extra checks of
# the conflicts' text come as $4 (a Python expression over dom, step, st).
compare() {
	python3 - "$@" <<'PY'
import json, sys
from html.parser import HTMLParser

dom_file, step, json_file, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.status = None
        self.read, self.written, self.bad, self.cells = set(), set(), set(), set()
        self.conflicts, self.in_conf, self.li = [], False, None
        self.scripts_src = 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if a.get("id") == "status":
            self.status = a
        if tag == "script" and "src" in a:
            self.scripts_src += 1
        if "cell" in cls and "data-array" in a:
            key = (a["data-array"], int(a["data-index"]))
            self.cells.add(key)
            if "read" in cls: self.read.add(key)
            if "written" in cls: self.written.add(key)
            if "bad" in cls: self.bad.add(key)
        if a.get("id") == "conflicts":
            self.in_conf = True
        if tag == "li" and self.in_conf:
            self.li = ""
    def handle_endtag(self, tag):
        if tag == "li" and self.li is not None:
            self.conflicts.append(self.li)
            self.li = None
        if tag == "ul":
            self.in_conf = False
    def handle_data(self, d):
        if self.li is not None:
            self.li += d

dom = Dom()
dom.feed(open(dom_file).read())
run = json.load(open(json_file))
st = run["steps"][step - 1]
errs = []
if dom.status is None:
    errs.append("no #status in the DOM: the page's script did not run")
else:
    got = {k: int(dom.status.get("data-" + k, -1)) for k in
           ("step", "work", "reads", "writes", "atomics", "contention", "total-work", "total-depth")}
    want = {"step": step, "work": st["work"], "reads": st["reads"], "writes": st["writes"],
            "atomics": st["atomics"], "contention": st["contention"],
            "total-work": sum(s["work"] for s in run["steps"][:step]), "total-depth": step}
    for k in want:
        if got[k] != want[k]:
            errs.append("%s: page %d, pram run --json %d" % (k, got[k], want[k]))
reads = {(a["array"], a["index"]) for a in st["accesses"] if a["kind"] == "read"}
writes = {(a["array"], a["index"]) for a in st["accesses"] if a["kind"] != "read"}
if dom.read != reads:
    errs.append("cells read: page %s, pram run --json %s" % (sorted(dom.read), sorted(reads)))
if dom.written != writes:
    errs.append("cells written: page %s, pram run --json %s" % (sorted(dom.written), sorted(writes)))
if not dom.cells:
    errs.append("the page drew no cells")
if dom.scripts_src:
    errs.append("the page loads a script from elsewhere")
if extra and not eval(extra):
    errs.append("failed: %s\nconflicts on the page: %s\nbad cells: %s" % (extra, dom.conflicts, sorted(dom.bad)))
if errs:
    print("\n".join(errs))
    sys.exit(1)
PY
}

# One run: its page and its JSON with the accesses, then one step checked.
page_step() { # name step extra -- pram run arguments
	name=$1 step=$2 extra=$3
	shift 4
	"$PRAM" run "$@" --html "$tap_tmp/$name.html" >/dev/null 2>"$tap_tmp/$name.err"
	"$PRAM" run "$@" --json --trace >"$tap_tmp/$name.json" 2>>"$tap_tmp/$name.err"
	if ! dump_dom "$tap_tmp/$name.html" "$step" >"$tap_tmp/$name.$step.dom"; then
		tap_result 1 "$name: the browser loads the page at #step=$step" \
			"$(head -c 1500 "$tap_tmp/browser.err")"
		return
	fi
	check "$name, step $step: the page's counters and cells are pram run's" \
		compare "$tap_tmp/$name.$step.dom" "$step" "$tap_tmp/$name.json" "$extra"
}

notes="$tap_tmp/notes.txt"
echo "3 1 7 0 4 1 6 3" >"$notes"
flags="$tap_tmp/flags.txt"
echo "0 1 0 1 1 0 0 1" >"$flags"

# The notes' scan: a step reads x[i - d] and x[i], so the cells d to
# n - d - 1 are read twice, legally under CREW.
for s in 1 2; do
	page_step hillis-steele $s \
		'any("concurrent read" in c and "legal under crew" in c for c in dom.conflicts) and not dom.bad' \
		-- scan-hillis-steele --input "$notes"
done
# At d = 4 the cells read, x[0..3] and x[4..7], are read once each.
page_step hillis-steele 3 'dom.conflicts == ["none: no cell was read or written by two processors"]' \
	-- scan-hillis-steele --input "$notes"
# Step 0 is the memory before the first step: the input, nothing touched.
dump_dom "$tap_tmp/hillis-steele.html" 0 >"$tap_tmp/hs0.dom"
check "hillis-steele, step 0: the input, no cell read or written" python3 -c '
import re, sys
d = open(sys.argv[1]).read()
assert "data-step=\"0\"" in d, "no step 0"
assert not re.search(r"class=\"cell [^\"]*(read|written)", d), "cells marked"
vals = re.findall(r"<span class=\"val\">([^<]*)</span>", d)
assert vals == "3 1 7 0 4 1 6 3".split(), vals
' "$tap_tmp/hs0.dom"

# Pick a leader under crcw-arbitrary: four writers of y[0], the winner the
# seed's; the page names the winner that pram run --json reports.
winner_is='any("crcw-arbitrary kept p%d" % [a for a in st["accesses"] if a["kind"] == "write"][0]["winner"] in c for c in dom.conflicts)'
page_step leader 2 "$winner_is" -- leader-crcw --input "$flags" --seed 2
page_step leader-seed5 2 "$winner_is" -- leader-crcw --input "$flags" --seed 5
page_step leader-priority 2 'any("lowest id wins, p1" in c for c in dom.conflicts)' \
	-- leader-crcw --input "$flags" --model crcw-priority

# max-crcw under CREW, counting its violations: the concurrent writes of
# loser[] are marked as violations of crew.
page_step max-crew 2 \
	'any("crew forbids concurrent writes" in c for c in dom.conflicts) and ("loser", 0) in dom.bad' \
	-- max-crcw --input "$notes" --model crew --conflicts count

# One processor reading a cell twice is no concurrent read: max-crcw on one
# element, whose processor (0, 0) reads x[0] as x[i] and as x[j].
echo 5 >"$tap_tmp/one.txt"
page_step max-one 2 'dom.conflicts == ["none: no cell was read or written by two processors"]' \
	-- max-crcw --input "$tap_tmp/one.txt"

# Past the recorder's limit the page keeps the steps before it and says so.
run_pram run max-crcw --n 300 --html "$tap_tmp/big.html"
expect_in "the page shows the steps before the limit" "$err" "a page past the limit says so"
check "and holds the steps before it, with the note" python3 -c '
import json, re, sys
d = open(sys.argv[1]).read()
data = json.loads(re.search(r"<script type=\"application/json\" id=\"pram-data\">(.*?)</script>", d, re.S).group(1))
assert data["shown"] == 1 and data["nsteps"] == 3 and len(data["steps"]) == 1, (data["shown"], data["nsteps"])
assert "limit of 200000 recorded accesses" in data["truncated"], data["truncated"]
' "$tap_tmp/big.html"
run_pram run scan-blelloch --n 2000 --html "$tap_tmp/x.html"
expect_rc 2 "--html refuses n > 1024"
expect_in "--html is for small inputs" "$err" "and says why"
run_pram run scan-blelloch --n 8 --html "$tap_tmp/no/such/dir/x.html"
expect_rc 1 "--html into a folder that does not exist fails"
expect_in "cannot create it" "$err" "naming the file"
check "the page needs no network" sh -c "! grep -E -q '(src|href)=\"(https?:)?//' '$tap_tmp/hillis-steele.html'"

done_testing
