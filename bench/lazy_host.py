#!/usr/bin/env python3
"""Host cost of ferric's lazy mode and host transfers against torch (issue
40), all in one process on the same data:

  1. recording: per-op host cost of recording elementwise ops on small
     tensors in ``ferric.lazy()`` (a repeated sequence, the steady state)
     against torch eager's dispatch of the same ops (on CUDA the host time
     until the calls return; the device runs behind);
  2. the LLaMA MLP half-block (residual add, f32 RMSNorm, gate/up/down
     matmuls, SiLU gate: 15 recorded ops) at --tokens rows, bf16 and f32:
     torch eager, torch.compile (torch 2.x only), ferric.jit (traced once,
     called on ferric Tensors), ferric.lazy (first call, with compiling,
     and steady state: recording and flush separately), kernels per call;
  3. the numpy round trip (numpy in, SwiGLU on the device, numpy out) and
     the transfers alone at 2^10, 2^20, 2^24 f32 elements, ferric
     (ferric.eval with numpy; asarray(device=) + .numpy()) against torch
     (from_numpy().cuda() ... .cpu().numpy()).

Writes lazy_host.json and lazy_host.md into --out. On the GPU machine (C API
pack from scripts/build-static.sh unpacked into /tmp/capi):

    FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python \\
        python3 bench/lazy_host.py --target cuda --out /tmp/lazy-host

Here (CPU target, torch 1.13 on the CPU, small matrices):

    PYTHONPATH=python FERRIC_LIB_DIR=build/lib python3 bench/lazy_host.py \\
        --target cpu --hidden 256 --inter 512 --tokens 1,16,256 --out /tmp/lh
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

import ferric
from ferric import E

import timing  # bench/timing.py

try:
    import torch
except ImportError:
    torch = None


def median_us(fn, iters, sync):
    return timing.median_us(fn, iters, sync, warmup=3)


def half_block(x, res, g, w_gate, w_up, w_down, dt):
    """15 ops on Tensors, torch tensors and E alike (`dt`: the storage
    dtype's cast argument)."""
    h = x + res
    hf = h.cast("f32") if hasattr(h, "cast") else h.float()
    inv = ((hf * hf).mean(-1, keepdim=True) + 1e-6).rsqrt()
    gf = g.cast("f32") if hasattr(g, "cast") else g.float()
    n = hf * inv * gf
    n = n.cast(dt) if hasattr(n, "cast") else n.to(dt)
    a = (n @ w_gate).silu() if hasattr(n, "cast") else \
        torch.nn.functional.silu(n @ w_gate)
    return h, (a * (n @ w_up)) @ w_down


def torch_sync(target):
    if target == "cuda":
        return torch.cuda.synchronize
    return lambda: None


def lazy_recorder(x, y, k, cfg, read=True):
    """A callable that records `z = z * y + 1.0` k times in ferric.lazy(cfg)
    and returns the recording's host time per op (us); the flush at the
    context's exit and, with `read`, the read of z are not timed."""
    def record():
        lz = ferric.lazy(cfg)
        lz.__enter__()
        t0 = time.perf_counter()
        z = x
        for _ in range(k):
            z = z * y + 1.0
        t1 = time.perf_counter()
        lz.__exit__(None, None, None)
        if read:
            z.numpy()
        return (t1 - t0) * 1e6 / (2 * k)
    return record


def torch_dispatcher(tx, ty, k, sync):
    """The same ops in torch eager: dispatch time per op (us), between two
    `sync()` calls that are not timed."""
    def dispatch():
        sync()
        t0 = time.perf_counter()
        z = tx
        for _ in range(k):
            z = z * ty + 1.0
        t1 = time.perf_counter()
        sync()
        return (t1 - t0) * 1e6 / (2 * k)
    return dispatch


def recording(args, rows):
    """Per-op host cost of recording vs torch eager dispatch."""
    k = args.record_ops // 2
    x0 = np.linspace(-1, 1, args.record_n).astype(np.float32)
    y0 = np.full(args.record_n, 0.999, np.float32)
    x, y = (ferric.asarray(v, device=args.target) for v in (x0, y0))
    cfg = ferric.FusionConfig(max_fusion_ops=args.record_ops + 1)
    ferric_record = lazy_recorder(x, y, k, cfg)
    for _ in range(5):
        ferric_record()
    f_us = statistics.median(ferric_record() for _ in range(args.iters))
    row = {"case": "record %d ops on %d elements" % (2 * k, args.record_n),
           "ferric_lazy_record_us_per_op": f_us}
    if torch is not None:
        dev = "cuda" if args.target == "cuda" else "cpu"
        tx, ty = (torch.from_numpy(v).to(dev) for v in (x0, y0))
        torch_eager = torch_dispatcher(tx, ty, k, torch_sync(args.target))
        for _ in range(5):
            torch_eager()
        t_us = statistics.median(torch_eager() for _ in range(args.iters))
        row["torch_eager_dispatch_us_per_op"] = t_us
        row["ratio_ferric_over_torch"] = f_us / t_us
    rows.append(row)


def block_inputs(args, tokens, dtype, rng):
    h, i = args.hidden, args.inter
    scale = 1 / np.sqrt(h)
    data = [rng.standard_normal((tokens, h)).astype(np.float32),
            rng.standard_normal((tokens, h)).astype(np.float32),
            1 + 0.1 * rng.standard_normal(h).astype(np.float32),
            (rng.standard_normal((h, i)) * scale).astype(np.float32),
            (rng.standard_normal((h, i)) * scale).astype(np.float32),
            (rng.standard_normal((i, h)) / np.sqrt(i)).astype(np.float32)]
    fx = [ferric.asarray(d, device=args.target, dtype=dtype) for d in data]
    tx = None
    if torch is not None:
        dev = "cuda" if args.target == "cuda" else "cpu"
        tdt = torch.bfloat16 if dtype == "bf16" else torch.float32
        tx = [torch.from_numpy(d).to(dev).to(tdt) for d in data]
    return fx, tx


def block_row(args, tokens, dtype, rows):
    rng = np.random.default_rng(tokens)
    fx, tx = block_inputs(args, tokens, dtype, rng)
    row = {"case": "half-block %d tokens %s" % (tokens, dtype),
           "tokens": tokens, "dtype": dtype, "hidden": args.hidden,
           "inter": args.inter}
    nosync = lambda: None  # noqa: E731 (ferric's calls are synchronous)

    # ferric.lazy: the first call compiles; then recording and flush.
    def lazy_call():
        with ferric.lazy():
            return half_block(*fx, dt=dtype)

    ferric.reset_fusion_stats()
    t0 = time.perf_counter()
    h, y = lazy_call()
    row["ferric_lazy_first_us"] = (time.perf_counter() - t0) * 1e6
    st = ferric.fusion_stats()
    row["lazy_ops_per_call"] = st.ops_recorded
    row["lazy_kernels_per_call"] = st.kernels_launched / max(st.flushes, 1)
    row["lazy_flushes_per_call"] = st.flushes
    row["ferric_lazy_us"] = median_us(lazy_call, args.iters, nosync)
    rec, flush = [], []
    for _ in range(args.iters):
        lz = ferric.lazy()
        lz.__enter__()
        t0 = time.perf_counter()
        out = half_block(*fx, dt=dtype)
        t1 = time.perf_counter()
        lz.__exit__(None, None, None)
        t2 = time.perf_counter()
        rec.append((t1 - t0) * 1e6)
        flush.append((t2 - t1) * 1e6)
        del out
    row["ferric_lazy_record_us"] = statistics.median(rec)
    row["ferric_lazy_flush_us"] = statistics.median(flush)
    st = ferric.fusion_stats()
    row["lazy_cache_hits"], row["lazy_cache_misses"] = st.cache_hits, \
        st.cache_misses

    # ferric.jit: traced once, called on Tensors (the C fast path).
    def traced(x, res, g, w_gate, w_up, w_down):
        return half_block(x, res, g, w_gate, w_up, w_down, dtype)

    jit = ferric.jit(traced, target=args.target)
    t0 = time.perf_counter()
    jh, jy = jit(*fx)
    row["ferric_jit_first_us"] = (time.perf_counter() - t0) * 1e6
    row["ferric_jit_us"] = median_us(lambda: jit(*fx), args.iters, nosync)
    row["jit_kernels_per_call"] = jit.executable(*fx).launches_per_call
    row["lazy_vs_jit"] = row["ferric_lazy_us"] / row["ferric_jit_us"]
    np_y = y.numpy()
    np_jy = jy.numpy()
    row["max_abs_diff_lazy_vs_jit"] = float(np.max(np.abs(
        np.asarray(np_y, np.float32) - np.asarray(np_jy, np.float32))))

    if tx is not None:
        sync = torch_sync(args.target)
        tdt = tx[0].dtype

        def eager():
            return half_block(*tx, dt=tdt)

        row["torch_eager_us"] = median_us(eager, args.iters, sync)
        row["lazy_vs_eager"] = row["ferric_lazy_us"] / row["torch_eager_us"]
        ty = eager()[1].float().cpu().numpy()
        row["max_abs_diff_lazy_vs_torch"] = float(np.max(np.abs(
            np.asarray(np_y, np.float32) - ty)))
        if args.compile and hasattr(torch, "compile"):
            try:
                comp = torch.compile(eager)
                t0 = time.perf_counter()
                comp()
                sync()
                row["torch_compile_first_us"] = \
                    (time.perf_counter() - t0) * 1e6
                row["torch_compile_us"] = median_us(comp, args.iters, sync)
            except Exception as e:  # report, keep the other columns
                row["torch_compile_error"] = str(e).splitlines()[0][:200]
    rows.append(row)


def round_trip(args, n, rows):
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    gate = E.input(0).silu() * E.input(1)
    f = ferric.compile(gate, target=args.target)
    f(a, b)
    iters = max(3, min(args.iters, int(2e8 // (n * 4 * 8)) + 3))
    row = {"case": "numpy round trip 2^%d f32" % int(np.log2(n)),
           "elements": n,
           "ferric_swiglu_numpy_us": median_us(lambda: f(a, b), iters,
                                               lambda: None),
           "ferric_copy_in_out_us": median_us(
               lambda: ferric.asarray(a, device=args.target).numpy(), iters,
               lambda: None)}
    if torch is not None and args.target == "cuda":
        def torch_swiglu():
            ta = torch.from_numpy(a).cuda()
            tb = torch.from_numpy(b).cuda()
            return (torch.nn.functional.silu(ta) * tb).cpu().numpy()

        row["torch_swiglu_numpy_us"] = median_us(torch_swiglu, iters,
                                                 torch.cuda.synchronize)
        row["torch_copy_in_out_us"] = median_us(
            lambda: torch.from_numpy(a).cuda().cpu().numpy(), iters,
            torch.cuda.synchronize)
        row["ferric_over_torch_swiglu"] = row["ferric_swiglu_numpy_us"] / \
            row["torch_swiglu_numpy_us"]
        row["ferric_over_torch_copy"] = row["ferric_copy_in_out_us"] / \
            row["torch_copy_in_out_us"]
    rows.append(row)


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return "%.3g" % v if abs(v) < 10 else "%.0f" % v
    return str(v)


def markdown(meta, rows):
    lines = ["# bench/lazy_host.py", "",
             " ".join("%s=%s" % kv for kv in meta.items()), ""]
    rec = [r for r in rows if r["case"].startswith("record")]
    blocks = [r for r in rows if r["case"].startswith("half-block")]
    trips = [r for r in rows if r["case"].startswith("numpy")]
    for title, table, cols in (
            ("Recording cost per op (us)", rec,
             ["case", "ferric_lazy_record_us_per_op",
              "torch_eager_dispatch_us_per_op", "ratio_ferric_over_torch"]),
            ("LLaMA MLP half-block (us per call)", blocks,
             ["tokens", "dtype", "torch_eager_us", "torch_compile_us",
              "ferric_jit_us", "ferric_lazy_first_us", "ferric_lazy_us",
              "ferric_lazy_record_us", "ferric_lazy_flush_us",
              "lazy_vs_jit", "lazy_vs_eager", "lazy_kernels_per_call",
              "jit_kernels_per_call", "lazy_ops_per_call"]),
            ("numpy round trip (us)", trips,
             ["elements", "ferric_swiglu_numpy_us", "torch_swiglu_numpy_us",
              "ferric_over_torch_swiglu", "ferric_copy_in_out_us",
              "torch_copy_in_out_us", "ferric_over_torch_copy"])):
        if not table:
            continue
        lines += ["## " + title, "", "| " + " | ".join(cols) + " |",
                  "|" + "---|" * len(cols)]
        for r in table:
            lines.append("| " + " | ".join(fmt(r.get(c)) for c in cols)
                         + " |")
        lines.append("")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--target", default="cuda", choices=("cpu", "cuda"))
    p.add_argument("--out", required=True, help="directory for the results")
    p.add_argument("--tokens", default="1,16,256,4096")
    p.add_argument("--dtypes", default="bf16,f32")
    p.add_argument("--hidden", type=int, default=4096)
    p.add_argument("--inter", type=int, default=11008)
    p.add_argument("--iters", type=int, default=30)
    p.add_argument("--record-ops", type=int, default=100)
    p.add_argument("--record-n", type=int, default=1024)
    p.add_argument("--round-trip", default="10,20,24",
                   help="log2 sizes of the numpy round trip ('' skips)")
    p.add_argument("--no-compile", dest="compile", action="store_false",
                   help="skip torch.compile")
    p.add_argument("--skip", default="", help="comma list of parts to skip: "
                   "record,block,trip")
    args = p.parse_args()
    if not ferric.target_available(args.target):
        sys.exit("bench/lazy_host.py: target %s: %s" % (
            args.target, ferric.target_unavailable_reason(args.target)))
    os.makedirs(args.out, exist_ok=True)
    skip = set(filter(None, args.skip.split(",")))
    meta = {"target": args.target, "python": platform.python_version(),
            "torch": torch.__version__ if torch is not None else None,
            "host": platform.node()}
    if torch is not None and args.target == "cuda":
        meta["device"] = torch.cuda.get_device_name()
    rows = []
    started = time.perf_counter()
    if "record" not in skip:
        recording(args, rows)
        print(json.dumps(rows[-1]), flush=True)
    if "block" not in skip:
        for dtype in filter(None, args.dtypes.split(",")):
            for tokens in (int(t) for t in args.tokens.split(",")):
                block_row(args, tokens, dtype, rows)
                print(json.dumps(rows[-1]), flush=True)
    if "trip" not in skip:
        for k in (int(v) for v in args.round_trip.split(",") if v):
            round_trip(args, 1 << k, rows)
            print(json.dumps(rows[-1]), flush=True)
    meta["seconds"] = round(time.perf_counter() - started, 1)
    with open(os.path.join(args.out, "lazy_host.json"), "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1)
    md = markdown(meta, rows)
    with open(os.path.join(args.out, "lazy_host.md"), "w") as f:
        f.write(md + "\n")
    print(md)


if __name__ == "__main__":
    main()
