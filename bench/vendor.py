#!/usr/bin/env python3
"""vendor.py - what a Python user gets: PyTorch's and CuPy's calls for the
primitives pramsim's tuned kernels compete with, on an NVIDIA GPU, timed
with CUDA events.

    python3 bench/vendor.py [log2 n] [reps]     (default 28 and 20)

These are not the vendor libraries' own figures: the wrappers choose their
own types and kernels (CuPy's sum and cumsum of uint32 accumulate in uint64,
torch.sort of int32 also returns int64 indices, torch.bincount is not CUB's
histogram). bench/vendor.cu calls CUB and cuSPARSE directly; compare with
that. Prints CSV: id,what,n,median_ms,min_ms,max_ms,gb_per_s,note, the note
saying what the row is (bench/table.py reads the rows it compares by id).
GB/s counts bytes read plus bytes written. Needs PyTorch with CUDA; CuPy
when present.
"""
import statistics
import sys

import torch


def timed(fn, reps):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times), min(times), max(times)


def main():
    logn = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    n = 1 << logn
    g = torch.Generator(device="cuda").manual_seed(1)
    xi = torch.randint(0, 100, (n,), dtype=torch.int32, device="cuda", generator=g)
    xf = torch.rand(n, dtype=torch.float32, device="cuda", generator=g)
    torch_note = "what a Python user gets: PyTorch's own kernel; not CUB"
    cupy_note = ("what a Python user gets: CuPy's wrapper; not a direct CUB call "
                 "(its uint32 sum and cumsum accumulate in uint64)")
    rows = [
        ("torch sum int32", lambda: torch.sum(xi, dtype=torch.int32), 4 * n + 4),
        ("torch max float32", lambda: torch.max(xf), 4 * n + 4),
        ("torch cumsum float32 (inclusive scan)", lambda: torch.cumsum(xf, 0), 8 * n),
        ("torch cumsum int32 (inclusive scan)",
         lambda: torch.cumsum(xi, 0, dtype=torch.int32), 8 * n),
        ("torch copy", lambda: xf.clone(), 8 * n),
    ]
    rows = [(name, fn, nbytes, torch_note) for name, fn, nbytes in rows]
    # The summed-area table of a square image (n a power of 4) as a Python
    # user writes it: two cumsum calls, along the rows and then the columns.
    # Its bytes are the compulsory ones, one read and one write of the
    # image, as pram bench counts sat's; the two calls move twice that.
    if logn % 2 == 0:
        side = 1 << (logn // 2)
        img = xf.view(side, side)
        rows.append((f"torch cumsum twice float32 (summed-area table {side} x {side})",
                     lambda: torch.cumsum(torch.cumsum(img, 1), 0), 8 * n, torch_note))
    # Segmented sum over 1024-element segments, and compaction of the
    # elements whose mask is set (one in two).
    lengths = torch.full((n // 1024,), 1024, dtype=torch.int64, device="cuda")
    rows.append(("torch segment_reduce sum float32 (1024-element segments)",
                 lambda: torch.segment_reduce(xf, "sum", lengths=lengths),
                 4 * n + 4 * (n // 1024), torch_note))
    mask = xi < 50
    rows.append(("torch masked_select float32 (compaction, half kept)",
                 lambda: torch.masked_select(xf, mask), 4 * n + n + 2 * n, torch_note))
    try:
        import cupy

        ci = cupy.asarray(xi)
        cf = cupy.asarray(xf)
        rows.append(("cupy sum int32", lambda: ci.sum(dtype=cupy.int32), 4 * n + 4, cupy_note))
        rows.append(("cupy max float32", lambda: cf.max(), 4 * n + 4, cupy_note))
        rows.append(("cupy cumsum float32", lambda: cupy.cumsum(cf), 8 * n, cupy_note))
    except ImportError:
        pass
    print("id,what,n,median_ms,min_ms,max_ms,gb_per_s,note")
    for name, fn, nbytes, note in rows:
        med, lo, hi = timed(fn, reps)
        ident = "torch_sat" if "summed-area" in name else ""
        print(f"{ident},{name},{n},{med:.4f},{lo:.4f},{hi:.4f},"
              f"{nbytes / (med * 1e-3) / 1e9:.1f},{note}")


if __name__ == "__main__":
    main()
