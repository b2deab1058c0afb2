#!/usr/bin/env python3
"""Reductions at the shapes users have: Ferric vs torch eager / torch.compile.

Runs on the GPU machine like bench/driver.py (whose timing helpers it uses):
for each case, a Ferric program written here for its shape (static shapes,
so each case is the program a user would write), `ferric-run --bench` on
CUDA, and the torch twin on tensors of the same shape and dtype, eager and
compiled, timed with CUDA events (median of 50). Prints a markdown table;
--json writes the raw numbers. Losing rows stay in the table.

  python3 bench/reduce_shapes.py --ferric-run /tmp/ferric-gpu/bin/ferric-run
"""
import argparse
import json
import os
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from driver import TORCH_DTYPES, run_ferric, time_events  # noqa: E402


def ty(shape, dt):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dt + ">"


def full_sumsq(shape, dt):
    t, s = ty(shape, dt), ty([], dt)
    dims = ", ".join(str(i) for i in range(len(shape)))
    ir = (f"func.func @f(%x: {t}) -> {s} {{\n"
          f"  %q = ferric.mul %x, %x : {t}\n"
          f"  %r = ferric.reduce sum %q dims [{dims}] : {t} -> {s}\n"
          f"  return %r : {s}\n}}\n")
    return ir, lambda x: (x * x).sum()


def col_sum(shape, dt):
    t, o = ty(shape, dt), ty(shape[1:], dt)
    ir = (f"func.func @f(%x: {t}) -> {o} {{\n"
          f"  %r = ferric.reduce sum %x dims [0] : {t} -> {o}\n"
          f"  return %r : {o}\n}}\n")
    return ir, lambda x: x.sum(0)


def row_sum(shape, dt):
    t, o = ty(shape, dt), ty(shape[:-1], dt)
    ir = (f"func.func @f(%x: {t}) -> {o} {{\n"
          f"  %r = ferric.reduce sum %x dims [{len(shape) - 1}] : {t} -> {o}\n"
          f"  return %r : {o}\n}}\n")
    return ir, lambda x: x.sum(-1)


def softmax(shape, dt):
    t, r = ty(shape, dt), ty(shape[:-1], dt)
    d = len(shape) - 1
    ir = (f"func.func @f(%x: {t}) -> {t} {{\n"
          f"  %m = ferric.reduce max %x dims [{d}] : {t} -> {r}\n"
          f"  %mb = ferric.broadcast %m dims [{d}] : {r} -> {t}\n"
          f"  %s = ferric.sub %x, %mb : {t}\n"
          f"  %e = ferric.exp %s : {t}\n"
          f"  %z = ferric.reduce sum %e dims [{d}] : {t} -> {r}\n"
          f"  %zb = ferric.broadcast %z dims [{d}] : {r} -> {t}\n"
          f"  %y = ferric.div %e, %zb : {t}\n"
          f"  return %y : {t}\n}}\n")
    return ir, lambda x: torch.softmax(x, -1)


CASES = [
    ("full sum of squares", full_sumsq, [1 << 28], "f32"),
    ("full sum of squares", full_sumsq, [1 << 24], "f32"),
    ("full sum of squares", full_sumsq, [4096, 4096], "bf16"),
    ("column sum", col_sum, [16384, 8192], "f32"),
    ("column sum", col_sum, [8, 100000], "f32"),
    ("column sum", col_sum, [100000, 8], "f32"),
    ("column sum", col_sum, [4096, 4096], "bf16"),
    # Few columns: the column-narrow schedules.
    ("column sum", col_sum, [100000, 8], "bf16"),
    ("column sum", col_sum, [1 << 20, 4], "f32"),
    ("column sum", col_sum, [1 << 24, 16], "f32"),
    ("column sum", col_sum, [1 << 24, 16], "bf16"),
    ("row sum", row_sum, [32768, 4096], "f32"),
    ("row sum", row_sum, [4096, 32000], "f32"),
    ("softmax", softmax, [4096, 32000], "f32"),
    ("softmax", softmax, [1 << 20, 128], "f32"),
    ("softmax", softmax, [32768, 4096], "bf16"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ferric-run", default="ferric-run")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--json")
    ap.add_argument("--filter", default="",
                    help="comma-separated case names to run (default: all)")
    args = ap.parse_args()
    rows = []
    tmp = tempfile.mkdtemp()
    wanted = [w for w in args.filter.split(",") if w]
    for name, make, shape, dt in CASES:
        if wanted and name not in wanted:
            continue
        ir, twin = make(shape, dt)
        path = os.path.join(tmp, f"case{len(rows)}.mlir")
        with open(path, "w") as f:
            f.write(ir)
        fer = run_ferric(args.ferric_run, path, [shape], dt, args.iters)
        x = torch.rand(shape, dtype=TORCH_DTYPES[dt], device="cuda")
        eager, _ = time_events(lambda: twin(x), iters=args.iters)
        compiled = torch.compile(twin)
        comp, _ = time_events(lambda: compiled(x), iters=args.iters)
        rows.append({"case": name, "shape": shape, "dtype": dt,
                     "ferric": fer, "eager_us": eager, "compile_us": comp})
        f_us = fer.get("us")
        print(f"| {name} | {'x'.join(map(str, shape))} | {dt} | "
              f"{f_us if f_us is not None else fer.get('error')} | "
              f"{eager:.1f} | {comp:.1f} | "
              f"{(comp / f_us) if f_us else float('nan'):.2f} | "
              f"{fer.get('launches', '-')} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    print("| case | shape | dtype | Ferric us | eager us | compile us | "
          "compile/Ferric | launches |")
    print("|---|---|---|---|---|---|---|---|")
    main()
