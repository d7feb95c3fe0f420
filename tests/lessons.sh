#!/bin/sh
# lessons.sh - pram lessons and pram lesson: the list (text and JSON) and
# one lesson printed, on the fixture tree tests/lessons/ and on the real
# lessons/ (every lesson.md there well formed, with its 'Where the source
# slips' section, every live example exiting 0), the errors (an unknown
# lesson, a malformed lesson.md, a failing or hanging example), and the
# course site of pram lessons --html loaded in headless Chromium: the index
# links every lesson page, a lesson page holds its example's output and the
# figure of its report, the step-through page draws its steps.
. "$top_srcdir/tests/tap.sh"

fixture="$top_srcdir/tests/lessons"
json_get() { # file python-expression over j -> stdout
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# ---- the fixture tree -------------------------------------------------
export PRAM_LESSONS_DIR="$fixture"
run_pram lessons
expect_rc 0 "pram lessons lists the fixture's lessons"
expect_in " 1  01-scan                    Scans for the test" "$out" "lesson 1: number, folder, title"
expect_in " 2  02-models                  Models for the test" "$out" "lesson 2"
expect_in "exercise scan-fixture: An inclusive scan in place" "$out" "the exercise, with its title"

run_pram lessons --json
expect_rc 0 "pram lessons --json"
printf '%s' "$out" >"$tap_tmp/list.json"
check "the JSON: two lessons, their goals and exercises" python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
ls = j["lessons"]
assert [l["number"] for l in ls] == [1, 2], ls
assert [l["folder"] for l in ls] == ["01-scan", "02-models"]
assert ls[0]["goal"] == "see the *inclusive* scan of `8` numbers, step by step.", ls[0]["goal"]
assert ls[0]["error"] is None and ls[0]["examples"] == {"live": 1, "html": 0, "report": 0}
assert ls[1]["examples"] == {"live": 0, "html": 1, "report": 1}, ls[1]["examples"]
ex = ls[0]["exercises"]
assert [(e["name"], e["file"], e["contract"], e["starter"]) for e in ex] == \
    [("scan-fixture", "scan.c", "pram-inplace", "starter/scan.c")], ex
assert ls[1]["exercises"] == []
' "$tap_tmp/list.json"

run_pram lesson 1
expect_rc 0 "pram lesson 1"
expect_in "1. Scans for the test
=====================" "$out" "the title, underlined"
expect_in "    \$ pram run scan-hillis-steele --input example.txt --trace" "$out" "the live example's command"
expect_in "    output: 3 4 11 11 15 16 22 25" "$out" "and its output under it (run in the lesson's folder)"
expect_in "      x          3     4    11    11    15    16    22    25" "$out" "with its trace"
expect_in "  n   W(n)  D(n)
  --  ----  ----
  8   17    3
  16  49    4" "$out" "the table aligned, the markers dropped"
expect_in "    int x = a < b && c > d;" "$out" "a code block indented"
expect_in "    check:  pram check scan-fixture scan.c" "$out" "the exercise's check command"
check "no escape sequences when stdout is no terminal" sh -c "! grep -q \"\$(printf '\\033')\" '$tap_tmp/out'"
check "the exercises come before the questions" python3 -c '
import sys
t = open(sys.argv[1]).read()
assert t.index("pram check scan-fixture") < t.index("Questions\n---"), "order"
' "$tap_tmp/out"
cp "$tap_tmp/out" "$tap_tmp/lesson1.out"
run_pram lesson 01-scan
check "pram lesson 01-scan is pram lesson 1" cmp "$tap_tmp/out" "$tap_tmp/lesson1.out"

run_pram lesson 2
expect_rc 0 "pram lesson 2"
expect_in "    \$ pram report reduce --sizes 2^4..2^8
    (a figure: pram lessons --html DIR draws it)" "$out" "a report block is shown, not run"
expect_in "output: 7" "$out" "a pram html block runs as a live example"
check "nothing was written into the lesson's folder" test ! -e "$fixture/02-models/report"

run_pram lesson 7
expect_rc 2 "an unknown lesson is a usage error"
expect_in "no lesson '7'" "$err" "it says so"
expect_in "   1  01-scan
   2  02-models" "$err" "and lists the lessons"
run_pram lesson
expect_rc 2 "pram lesson without a lesson"

# ---- broken lessons -----------------------------------------------------
mkbroken() { # folder name -> a copy of the fixture's lesson 1 in $tap_tmp/$1
	rm -rf "$tap_tmp/$1"
	mkdir -p "$tap_tmp/$1/01-scan"
	cp "$fixture/01-scan/lesson.md" "$fixture/01-scan/example.txt" "$tap_tmp/$1/01-scan/"
}
mkbroken nogoal
sed -i 's/^Goal: /The goal: /' "$tap_tmp/nogoal/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/nogoal" run_pram lessons
expect_rc 1 "pram lessons fails on a malformed lesson.md"
expect_in "01-scan/lesson.md:3: a paragraph starting 'Goal:' must follow the title" "$out" "naming file:line"
PRAM_LESSONS_DIR="$tap_tmp/nogoal" run_pram lesson 1
expect_rc 1 "pram lesson on it fails"
expect_in "lesson.md:3: a paragraph starting 'Goal:'" "$err" "with file:line"

mkbroken unclosed
printf '\n```pram\npram list\n' >>"$tap_tmp/unclosed/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/unclosed" run_pram lesson 1
expect_rc 1 "an unclosed code block"
expect_in "lesson.md:37: the code block opened here is never closed" "$err" "at the line it opens"

mkbroken number
sed -i '1s/.*/# 4. Scans/' "$tap_tmp/number/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/number" run_pram lesson 1
expect_in "lesson.md:1: the title's number is 4, the folder 01-scan says 1" "$err" "a title's number that is not the folder's"

mkbroken noquestions
sed -i 's/^## Questions/## Talk/' "$tap_tmp/noquestions/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/noquestions" run_pram lesson 1
expect_in "no '## Questions' section" "$err" "a missing section"

mkbroken twolines
printf '\n```pram\npram list\npram list\n```\n' >>"$tap_tmp/twolines/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/twolines" run_pram lesson 1
expect_in "lesson.md:38: a pram block holds one command line" "$err" "a pram block of two lines"

mkbroken failing
sed -i 's/^pram run scan-hillis-steele .*/pram run no-such-algorithm --n 8/' "$tap_tmp/failing/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/failing" run_pram lesson 1
expect_rc 1 "a failing live example makes pram lesson fail"
expect_in "unknown algorithm 'no-such-algorithm'" "$out" "its stderr is shown under it"
expect_in "!! this example failed: exited with status 2" "$out" "with its exit status"
expect_in "Why does the scan need log n steps?" "$out" "and the rest of the lesson is printed"
expect_in "1 example failed: $tap_tmp/failing/01-scan/lesson.md:10" "$err" "the end says which, file:line"

# An example meant to show a model's violations exits 1 and passes; exit 1
# without the --model it names, or for another reason, does not.
mkbroken violation
sed -i 's/^pram run scan-hillis-steele .*/pram run scan-hillis-steele --input example.txt --model erew --conflicts count/' \
	"$tap_tmp/violation/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/violation" run_pram lesson 1
expect_rc 0 "an example showing the violations of the model it names passes"
expect_in "erew forbids concurrent reads" "$out" "its violations are shown"
expect_in "(exit status 1: the violations of the model it names, as meant)" "$out" "and said to be meant"
mkbroken exit1
sed -i 's/^pram run scan-hillis-steele .*/pram run max-crcw --n 5000 --model crcw-common/' \
	"$tap_tmp/exit1/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/exit1" run_pram lesson 1
expect_rc 1 "an example exiting 1 for another reason fails, --model or not"
expect_in "!! this example failed: exited with status 1" "$out" "with its status"

mkbroken hanging
sed -i 's/^pram run scan-hillis-steele .*/pram run scan-hillis-steele --n 2^25/' "$tap_tmp/hanging/01-scan/lesson.md"
t0=$(date +%s)
PRAM_LESSONS_DIR="$tap_tmp/hanging" run_pram lesson 1 --time-limit 1
t1=$(date +%s)
expect_rc 1 "an example past the time limit fails"
expect_in "!! this example failed: ran past its time limit and was stopped" "$out" "it is stopped and said so"
check "within the limit, not after the run" test $((t1 - t0)) -lt 15

mkbroken badreport
printf '\n```pram report\npram report no-such-algorithm --sizes 2^4..2^6\n```\n' >>"$tap_tmp/badreport/01-scan/lesson.md"
PRAM_LESSONS_DIR="$tap_tmp/badreport" run_pram lessons --html "$tap_tmp/badreport-site"
expect_rc 0 "a figure that cannot be made leaves the site written"
expect_in "lesson.md:37: figure skipped: pram report exited with status 2" "$err" "and is said to be skipped, with its line"
check "the page says so" grep -q "The figure was not made: pram report exited with status 2" \
	"$tap_tmp/badreport-site/01-scan/index.html"

# ---- the real lessons ---------------------------------------------------
export PRAM_LESSONS_DIR="$top_srcdir/lessons"
run_pram lessons --json
expect_rc 0 "pram lessons on lessons/: every lesson.md well formed"
printf '%s' "$out" >"$tap_tmp/real.json"
check "every NN-topic folder of lessons/ is listed" python3 -c '
import json, os, re, sys
j = json.load(open(sys.argv[1]))
want = sorted(d for d in os.listdir(sys.argv[2]) if re.match(r"\d\d-", d))
got = [l["folder"] for l in j["lessons"]]
assert got == want, (got, want)
for l in j["lessons"]:
    assert l["error"] is None, l["error"]
    if l["text"]:
        assert l["title"] and l["goal"], l["folder"]
    for e in l["exercises"]:
        assert e["error"] is None and e["file"], e
' "$tap_tmp/real.json" "$top_srcdir/lessons"
check "every lesson.md of lessons/ has a 'Where the source slips' section of bullets, after Background, before Questions" python3 -c '
import os, re, sys
top = sys.argv[1]
for d in sorted(os.listdir(top)):
    p = os.path.join(top, d, "lesson.md")
    if not re.match(r"\d\d-", d) or not os.path.exists(p):
        continue
    heads = [l.rstrip("\n") for l in open(p) if l.startswith("## ")]
    s = "## Where the source slips"
    assert heads.count(s) == 1, (d, heads)
    assert heads.index("## Background") < heads.index(s) < heads.index("## Questions"), (d, heads)
    body = open(p).read().split(s + "\n", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"^- \S", body, re.M), (d, "no bullet in the section")
' "$top_srcdir/lessons"
texts=$(json_get "$tap_tmp/real.json" '" ".join(str(l["number"]) for l in j["lessons"] if l["text"])')
if [ -z "$texts" ]; then
	tap_result 0 "lessons/ has no lesson.md yet: no live example to run # SKIP no lesson text"
fi
for n in $texts; do
	run_pram lesson "$n"
	expect_rc 0 "pram lesson $n: every live example exits 0"
	case "$out" in
	*"!! this example failed"*) tap_result 1 "lesson $n: no example failed" "$(printf '%s' "$out" | grep -B3 '!! this')" ;;
	*) tap_result 0 "lesson $n: no example failed" ;;
	esac
done

run_pram lessons --html "$tap_tmp/real-site"
expect_rc 0 "pram lessons --html on lessons/: every example made"
if [ -n "${GNUPLOT:-}" ]; then
	case "$err" in
	*"figure skipped"*) tap_result 1 "and every figure drawn" "$err" ;;
	*) tap_result 0 "and every figure drawn" ;;
	esac
fi
check "a page for every lesson of lessons/" python3 -c '
import json, os, sys
j = json.load(open(sys.argv[1]))
for l in j["lessons"]:
    assert os.path.getsize(os.path.join(sys.argv[2], l["folder"], "index.html")) > 0, l["folder"]
' "$tap_tmp/real.json" "$tap_tmp/real-site"

# ---- the course site ----------------------------------------------------
export PRAM_LESSONS_DIR="$fixture"
site="$tap_tmp/site"
run_pram lessons --html "$site"
expect_rc 0 "pram lessons --html writes the fixture's site"
expect_in "2 lesson pages written to" "$out" "and says where"
check "the site needs no network" sh -c "! grep -rE -q '(src|href)=\"(https?:)?//' '$site'"
check "the lesson's markup is escaped" grep -q 'Markup such as &lt;script&gt;alert(1)&lt;/script&gt;' "$site/01-scan/index.html"
check "the starter is copied beside the page" cmp "$site/01-scan/starter/scan.c" "$fixture/01-scan/starter/scan.c"
run_pram lessons --html "$site/index.html/x"
expect_rc 1 "--html into a path that cannot be a folder fails"

find_browser
dump_dom() { # page -> stdout
	bflags="--no-sandbox --disable-gpu --no-first-run --user-data-dir=$tap_tmp/profile"
	case "$(basename "$browser")" in
	chromium) bflags="--headless $bflags" ;;
	esac
	# shellcheck disable=SC2086
	timeout 60 "$browser" $bflags --dump-dom "file://$1" 2>"$tap_tmp/browser.err"
}
if [ -z "$browser" ]; then
	tap_result 0 "the site in a browser # SKIP no headless browser (chromium-headless-shell or chromium) installed"
	done_testing
	exit $?
fi

dump_dom "$site/index.html" >"$tap_tmp/index.dom"
check "the index links every lesson page, and each page is there" python3 -c '
import json, os, sys
from html.parser import HTMLParser
class P(HTMLParser):
    links = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and "lesson" in (a.get("class") or "").split():
            self.links.append(a["href"])
p = P()
p.feed(open(sys.argv[1]).read())
j = json.load(open(sys.argv[2]))
want = [l["folder"] + "/index.html" for l in j["lessons"]]
assert p.links == want, (p.links, want)
for h in p.links:
    assert os.path.getsize(os.path.join(sys.argv[3], h)) > 0, h
' "$tap_tmp/index.dom" "$tap_tmp/list.json" "$site"

dump_dom "$site/01-scan/index.html" >"$tap_tmp/l1.dom"
check "lesson 1's page: the example's output, rendered" python3 -c '
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    outs, cur, tds, intd, ems = [], None, [], False, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "pre" and "out" in (a.get("class") or "").split():
            self.cur = ""
        if tag == "td": self.intd = True
        if tag == "em": self.ems.append("")
    def handle_endtag(self, tag):
        if tag == "pre" and self.cur is not None:
            self.outs.append(self.cur); self.cur = None
        if tag == "td": self.intd = False
    def handle_data(self, d):
        if self.cur is not None: self.cur += d
        if self.intd: self.tds.append(d)
        if self.ems and self.ems[-1] == "": self.ems[-1] = d
p = P()
p.feed(open(sys.argv[1]).read())
assert len(p.outs) == 1 and "output: 3 4 11 11 15 16 22 25" in p.outs[0], p.outs
assert p.tds[:3] == ["8", "17", "3"], p.tds
assert "inclusive" in p.ems, p.ems
' "$tap_tmp/l1.dom"

dump_dom "$site/02-models/index.html" >"$tap_tmp/l2.dom"
check "lesson 2's page: the report's figure, an <img> of a file on disk" python3 -c '
import os, sys
from html.parser import HTMLParser
class P(HTMLParser):
    imgs, runs = [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "img": self.imgs.append(a["src"])
        if tag == "a" and a.get("href", "").startswith("run-"): self.runs.append(a["href"])
p = P()
p.feed(open(sys.argv[1]).read())
assert len(p.imgs) == 1, p.imgs
f = os.path.join(sys.argv[2], p.imgs[0])
assert os.path.getsize(f) > 0 and b"<svg" in open(f, "rb").read(2000), f
assert p.runs == ["run-3.html"], p.runs
' "$tap_tmp/l2.dom" "$site/02-models"

dump_dom "$site/02-models/run-3.html#step=2" >"$tap_tmp/run.dom"
check "the step-through page loads and draws step 2 of leader-crcw" python3 -c '
import re, sys
d = open(sys.argv[1]).read()
m = re.search(r"<[^>]*id=\"status\"[^>]*>", d)
assert m, "no #status: the page script did not run"
assert "data-step=\"2\"" in m.group(0) and "data-work=\"8\"" in m.group(0), m.group(0)
assert re.search(r"class=\"cell [^\"]*written", d), "no written cell"
' "$tap_tmp/run.dom"

done_testing
