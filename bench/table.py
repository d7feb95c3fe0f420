#!/usr/bin/env python3
"""table.py - pramsim's kernels against CUB and cuSPARSE, one table.

    python3 bench/table.py CUB_CSV OUT_PREFIX [PYTHON_CSV] BENCH_JSON ...

CUB_CSV is bench/vendor.cu's output; PYTHON_CSV (a name ending in .csv)
bench/vendor.py's, whose rows with an id join the table (the summed-area
table as two torch.cumsum calls: no vendor library has one); each
BENCH_JSON is one `pram bench --json` run (their options differ:
--exclusive, --flags every:1024, ...).
Writes OUT_PREFIX.csv and OUT_PREFIX.md: for each size and primitive, our
fastest verified kernel for it and CUB's (or cuSPARSE's) call, their median
times and bandwidths, the ratio of the times (ours over CUB's: above 1, we
are slower) and each as a fraction of its own copy (ours: pram bench's copy
kernel in the same run; CUB's: cudaMemcpy device to device at the largest
size). A primitive we have no algorithm for yet gets "-" for ours.

Bandwidths count what each side must read and write, and the two sides do
not always move the same bytes (CUB's scan by key reads a key array where
our segmented scan reads packed flags): compare the times.
"""
import csv
import json
import sys

# (primitive, CUB's row id (or a tuple of the ids of its routes to the same
# answer, the fastest checked one taken), what ours is: algorithm and the
# options of its run, or None where we have no algorithm yet). An option "type" (default
# "int") picks the run's data type, "params" the values of the
# algorithm's own parameters, as pram bench's JSON gives them, and "label"
# what the table adds to our kernel's name.
PRIMITIVES = [
    ("copy", "copy", "copy"),
    ("reduce (sum u32)", "reduce", dict(algorithm="reduce", inclusive=False, flags=None)),
    ("inclusive scan (sum u32)", "scan_inclusive",
     dict(algorithm="scan-blelloch", inclusive=True, flags=None)),
    ("exclusive scan (sum u32)", "scan_exclusive",
     dict(algorithm="scan-blelloch", inclusive=False, flags=None)),
    # CUB takes the segments by offsets; so does ours with --segments
    # offsets. Our flags (the PRAM program's form) against CUB's offsets,
    # an extra row.
    ("segmented reduce, 1024-element segments given by offsets", "segmented_reduce",
     dict(algorithm="reduce-segmented", flags="every:1024", params=dict(segments="offsets"),
          label="--segments offsets")),
    ("extra: segmented reduce, 1024-element segments, our flags against CUB's offsets",
     "segmented_reduce",
     dict(algorithm="reduce-segmented", flags="every:1024", params=dict(segments="flags"))),
    ("scan by key (key array) vs segmented scan (flags), 1024-element segments",
     "scan_by_key", dict(algorithm="scan-segmented", inclusive=True, flags="every:1024")),
    ("scan by key (computed keys) vs segmented scan (flags), 1024-element segments",
     "scan_by_key_computed",
     dict(algorithm="scan-segmented", inclusive=True, flags="every:1024")),
    # CUB's two fair routes to the same top-byte bins: the fastest of
    # them is the row's; the 64-bit levels, CUB's slow path, an extra row.
    ("256-bin histogram, uniform keys", ("histogram", "histogram_top_byte"),
     dict(algorithm="histogram-atomic", params=dict(bins=256, dist="uniform"))),
    ("256-bin histogram, all-equal keys", ("histogram_equal", "histogram_equal_top_byte"),
     dict(algorithm="histogram-atomic", params=dict(bins=256, dist="equal"))),
    ("256-bin histogram, float samples", "histogram_float",
     dict(algorithm="histogram-atomic", type="float", params=dict(bins=256, dist="uniform"))),
    ("extra: 256-bin histogram, uniform keys, against CUB's 64-bit levels (its slow path)",
     "histogram_wide_levels",
     dict(algorithm="histogram-atomic", params=dict(bins=256, dist="uniform"))),
    ("select (predicate) vs compact (flags), half kept", "select_if",
     dict(algorithm="compact", flags="random:2")),
    ("select (flags) vs compact (flags), half kept", "select_flagged",
     dict(algorithm="compact", flags="random:2")),
    ("radix sort, keys u32 (all 32 bits)", "sort_keys",
     dict(algorithm="radix-sort", params={"pairs": "no", "key-range": 2**32})),
    ("radix sort, pairs u32/u32 (all 32 bits)", "sort_pairs",
     dict(algorithm="radix-sort", params={"pairs": "yes", "key-range": 2**32})),
    ("radix sort, keys with their input indices (all 32 bits, the indices made)", None,
     dict(algorithm="radix-sort", params={"pairs": "index", "key-range": 2**32})),
    ("SpMV CSR, banded", "spmv_banded",
     dict(algorithm="spmv-csr", type="float", params=dict(dist="band"))),
    ("SpMV CSR, uniform random", "spmv_uniform",
     dict(algorithm="spmv-csr", type="float", params=dict(dist="uniform"))),
    ("SpMV CSR, power law", "spmv_power_law",
     dict(algorithm="spmv-csr", type="float", params=dict(dist="power-law"))),
    ("summed-area table, float, square image", "torch_sat",
     dict(algorithm="sat", type="float", params=dict(table="plain"))),
    # No vendor call: our own figures beside the rest.
    ("split by bit 0 (radix sort's step)", None, dict(algorithm="split")),
    ("line of sight (angles, max-scan, test; doubles)", None,
     dict(algorithm="line-of-sight")),
    ("partitioned reduction by jump flooding", None, dict(algorithm="jfa-reduce")),
    ("segmented reduction as a matrix product, 16-element segments", None,
     dict(algorithm="reduce-matrix")),
    ("partition offsets by a histopyramid", None, dict(algorithm="partition-offsets")),
]


# The SpMV rows whose columns are random and whose number of rows m at n
# non-zeros both sides share (4 a row; the two power-law generators draw
# different row counts, so that row is left out).
SECTOR_ROWS = {
    "SpMV CSR, uniform random": lambda n: n // 4,
}


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def read_cub(path):
    rows = {}
    try:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r.get("id"):
                    rows[(r["id"], int(r["n"]))] = r
    except (OSError, KeyError, ValueError) as e:
        print(f"table.py: {path}: {e}; CUB's columns stay empty", file=sys.stderr)
    return rows


def read_bench(paths):
    """Every result of every run, each with its run's copy."""
    results, copies = [], []
    for p in paths:
        try:
            with open(p) as f:
                run = json.load(f)
        except (OSError, ValueError) as e:
            print(f"table.py: {p}: {e}", file=sys.stderr)
            continue
        copies.append(run["copy"])
        for r in run.get("results", []):
            if "time_ms" in r:
                results.append(r)
    return results, copies


def vendor_for(cid, n, cub):
    """CUB's row for id cid (or the fastest checked of a tuple of ids) at n."""
    if cid is None:
        return None
    ids = cid if isinstance(cid, tuple) else (cid,)
    rows = [cub[(i, n)] for i in ids if (i, n) in cub and num(cub[(i, n)].get("median_ms"))]
    good = [c for c in rows if c.get("checked", "").startswith("ok")]
    if not good and not rows:
        return cub.get((ids[0], n))
    return min(good or rows, key=lambda c: num(c["median_ms"]))


def ours_for(sel, n, results, copies):
    """Our fastest verified result for selector sel at size n, or None."""
    if sel == "copy":
        for c in copies:
            if c["n"] == n and c.get("verified"):
                return dict(name="copy kernel (uint4)", ms=c["time_ms"]["median"],
                            gbs=c["gb_per_s"], frac=1.0, verified=True)
        return None
    best = None
    want = dict(sel)
    want_type = want.pop("type", "int")
    want_params = want.pop("params", {})
    label = want.pop("label", None)
    for r in results:
        if r["n"] != n or r["type"] != want_type or r["op"] != "sum":
            continue
        if any(r.get(k) != v for k, v in want.items()):
            continue
        if any(r.get("params", {}).get(k) != v for k, v in want_params.items()):
            continue
        if not r["verified"]:
            continue
        if best is None or r["time_ms"]["median"] < best["time_ms"]["median"]:
            best = r
    if best is None:
        return None
    how = f', {label}' if label else ''
    return dict(name=f'{best["algorithm"]} ({best["variant"]}{how})', ms=best["time_ms"]["median"],
                gbs=best["gb_per_s"], frac=best["fraction_of_copy"], verified=True,
                passes=best.get("passes"), pass_ms=best.get("pass_ms"),
                pass_frac=best.get("pass_fraction_of_copy"))


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    cub = read_cub(sys.argv[1])
    prefix = sys.argv[2]
    rest = sys.argv[3:]
    for p in [a for a in rest if a.endswith(".csv")]:
        cub.update(read_cub(p))
    results, copies = read_bench([a for a in rest if not a.endswith(".csv")])
    sizes = sorted({n for _, n in cub} | {r["n"] for r in results})
    largest = max((n for i, n in cub if i == "copy" and num(cub[(i, n)]["gb_per_s"])),
                  default=None)
    cub_copy = num(cub[("copy", largest)]["gb_per_s"]) if largest else None

    head = ["primitive", "n", "ours", "ours_ms", "ours_gb_per_s", "ours_of_copy", "cub",
            "cub_ms", "cub_gb_per_s", "cub_of_copy", "cub_checked", "ratio_ours_over_cub"]
    rows, pass_rows = [], []
    for n in sizes:
        for prim, cid, sel in PRIMITIVES:
            c = vendor_for(cid, n, cub)
            o = ours_for(sel, n, results, copies) if sel else None
            if c is None and o is None:
                continue
            if o and o.get("passes"):
                pass_rows.append((prim, n, o["name"], o["passes"], o["pass_ms"], o["pass_frac"]))
            cms, cgbs = (num(c["median_ms"]), num(c["gb_per_s"])) if c else (None, None)
            rows.append([
                prim, n,
                o["name"] if o else "-",
                o["ms"] if o else None,
                o["gbs"] if o else None,
                o["frac"] if o else None,
                c["what"] if c else "-",
                cms, cgbs,
                cgbs / cub_copy if cgbs and cub_copy else None,
                c.get("checked") or "-" if c else "-",
                o["ms"] / cms if o and cms else None,
            ])

    with open(prefix + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        for r in rows:
            w.writerow([fmt(v, ".4f") if isinstance(v, float) else ("-" if v is None else v)
                        for v in r])

    with open(prefix + ".md", "w") as f:
        f.write("# pramsim's kernels against CUB and cuSPARSE\n\n"
                "Medians of timed runs after a warm-up, both sides' runs back to back: B "
                "at a time behind a kernel that holds the queue until the host has launched "
                "all B, each run the batch's time over B, the gaps between launches included "
                "(ours: OpenCL events, `pram bench --batch B`; CUB and cuSPARSE: CUDA events "
                "around the batch, `bench/vendor.cu`, whose `alone_ms` in cub.csv is one call "
                "between events, the host's launch included; the summed-area table's two "
                "torch.cumsum calls: CUDA events around one call, `bench/vendor.py`). "
                "GB/s counts the bytes each "
                "side must read and write; ratio is our time over the vendor's (above 1: we are "
                "slower); of copy divides a bandwidth by its own copy's (ours: `pram bench`'s "
                "copy kernel in the same run; CUB's: cudaMemcpy device to device at n = "
                f"{largest if largest else '(none)'}). \"-\": no algorithm of ours yet, or no "
                "figure.\n")
        for n in sizes:
            f.write(f"\n## n = {n}\n\n")
            f.write("| primitive | ours | ms | GB/s | of copy | vendor | ms | GB/s "
                    "| of copy | ratio |\n")
            f.write("| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n")
            for r in rows:
                if r[1] != n:
                    continue
                chk = str(r[10])
                ok = ("" if chk == "-" or chk.startswith("ok")
                      else " (skipped)" if chk.startswith("skipped") else " (check FAILED)")
                f.write(f"| {r[0]} | {r[2]} | {fmt(r[3], '.4f')} | {fmt(r[4], '.1f')} | "
                        f"{fmt(r[5], '.2f')} | {r[6]}{ok} | {fmt(r[7], '.4f')} | "
                        f"{fmt(r[8], '.1f')} | {fmt(r[9], '.2f')} | {fmt(r[11], '.2f')} |\n")
            passes = [r for r in pass_rows if r[1] == n]
            if passes:
                f.write("\nAlgorithms of several passes over the data: the time a pass (the "
                        "median divided by the passes), and our copy of the n elements' time over "
                        "it (above 1: a pass is faster than a copy).\n\n"
                        "| primitive | ours | passes | ms a pass | copy over a pass |\n"
                        "| --- | --- | ---: | ---: | ---: |\n")
                for prim, _, name, k, ms, frac in passes:
                    f.write(f"| {prim} | {name} | {k} | {fmt(ms, '.4f')} | "
                            f"{fmt(frac, '.2f')} |\n")
            sector_rows = [r for r in rows if r[1] == n and r[0] in SECTOR_ROWS]
            if sector_rows:
                f.write("\nSpMV with random columns, counting 32-byte sectors: each gather of x "
                        "costs a sector, so the memory moves 40 bytes a non-zero (value, column, "
                        "the sector) plus 8 a row (row start, y), whatever the compulsory count "
                        "says.\n\n| primitive | ours sector GB/s | vendor sector GB/s |\n"
                        "| --- | ---: | ---: |\n")
                for r in sector_rows:
                    m = SECTOR_ROWS[r[0]](n)
                    sb = 40 * n + 8 * m + 4
                    f.write(f"| {r[0]} | {fmt(sb / r[3] / 1e6 if r[3] else None, '.1f')} | "
                            f"{fmt(sb / r[7] / 1e6 if r[7] else None, '.1f')} |\n")
    print(f"table.py: {len(rows)} rows in {prefix}.csv and {prefix}.md")


if __name__ == "__main__":
    main()
