#!/usr/bin/env python3
"""Host overhead of the Python package on device data (issue 15), against
torch eager and torch.compile in the same process, on the same tensors.

Rows:
  - one op (x + y) and a five-op chain (silu((x*y + 1).exp() - y) * x) on
    --n elements (1K by default): ``ferric.jit`` on ferric Tensors vs torch
    eager, timed two ways:
      sync      each call followed by a device synchronization (ferric's
                default path is synchronous; torch gets
                torch.cuda.synchronize()), median of single calls;
      pipelined --batch calls back to back, then one synchronization, per
                call: ferric with stream= (queued on torch's current stream,
                no host wait), torch eager as is. This is the per-op host
                cost a training loop sees.
  - a transformer-block tail in lazy mode: h = x + residual;
    y = silu(rmsnorm(h) * w) * up on [--rows, --cols] (bf16 by default,
    RMSNorm computed in f32), vs torch eager and torch.compile; with the
    lazy FusionStats (flushes, kernels launched, launches saved).

Prints a table and writes JSON (--json). On the GPU machine, from the C API
pack (scripts/build-static.sh makes build-static/ferric-capi-pack.tar.xz):

    mkdir -p /tmp/capi && tar -C /tmp/capi -xJf ferric-capi-pack.tar.xz
    FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python \\
        python3 bench/python_overhead.py --json out.json

--target cpu runs the same rows here (torch on the CPU; no stream= rows).
"""

import argparse
import json
import platform
import sys
import time

import numpy as np

import ferric

from timing import median_us  # bench/timing.py

try:
    import torch
except ImportError:
    torch = None


def _pipelined_us(fn, batch, repeats, sync):
    """(us per call with the final synchronization, us per call of the host
    loop alone): when the first is much larger, the device, not the host,
    sets the pace."""
    for _ in range(max(batch // 10, 10)):
        fn()
    sync()
    per_call, host = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        t1 = time.perf_counter()
        sync()
        per_call.append((time.perf_counter() - t0) * 1e6 / batch)
        host.append((t1 - t0) * 1e6 / batch)
    return min(per_call), min(host)


def _chain(x, y):
    return ((x * y + 1.0).exp() - y).silu() * x


def small_calls(args, rows):
    dev = args.target
    rng = np.random.default_rng(0)
    a_np = rng.standard_normal(args.n).astype(np.float32)
    b_np = rng.standard_normal(args.n).astype(np.float32)
    use_torch = torch is not None and (dev == "cpu" or
                                       torch.cuda.is_available())
    tdev = "cuda" if dev == "cuda" else "cpu"
    if use_torch:
        ta = torch.from_numpy(a_np).to(tdev)
        tb = torch.from_numpy(b_np).to(tdev)
        a, b = ferric.asarray(ta), ferric.asarray(tb)  # the same memory
        tsync = torch.cuda.synchronize if tdev == "cuda" else (lambda: None)
    else:
        a = ferric.asarray(a_np, device=dev)
        b = ferric.asarray(b_np, device=dev)
        tsync = None

    def fsync():
        if dev == "cuda":
            ferric.tensor.synchronize("cuda", 0)

    one = ferric.jit(lambda x, y: x + y, target=dev)
    five = ferric.jit(_chain, target=dev)
    np.testing.assert_allclose(five(a, b).numpy(),
                               _chain_np(a_np, b_np), rtol=2e-5, atol=1e-6)
    silu = None
    if use_torch:
        silu = torch.nn.functional.silu

        def t_one():
            return ta + tb

        def t_five():
            return silu((ta * tb + 1.0).exp() - tb) * ta

    for ops, f, tf in ((1, one, use_torch and t_one),
                       (5, five, use_torch and t_five)):
        name = "%d op%s, %d elements" % (ops, "" if ops == 1 else "s",
                                         args.n)
        row = {"case": name, "ops": ops, "elements": args.n,
               "ferric_sync_us": median_us(lambda: f(a, b), args.iters,
                                            fsync)}
        if tf:
            row["torch_eager_sync_us"] = median_us(tf, args.iters, tsync)
        if dev == "cuda" and use_torch:
            s = torch.cuda.current_stream()
            row["ferric_pipelined_us"], row["ferric_host_us"] = \
                _pipelined_us(lambda: f(a, b, stream=s), args.batch, 5, tsync)
            row["torch_eager_pipelined_us"], row["torch_eager_host_us"] = \
                _pipelined_us(tf, args.batch, 5, tsync)
        elif tf:
            row["ferric_pipelined_us"], row["ferric_host_us"] = \
                _pipelined_us(lambda: f(a, b), args.batch, 5, fsync)
            row["torch_eager_pipelined_us"], row["torch_eager_host_us"] = \
                _pipelined_us(tf, args.batch, 5, tsync)
        rows.append(row)


def _chain_np(a, b):
    v = np.exp(a.astype(np.float64) * b + 1.0) - b
    return v / (1 + np.exp(-v)) * a


def _tail_torch(x, res, w, up, eps):
    h = x + res
    hf = h.float()
    n = hf * torch.rsqrt((hf * hf).mean(-1, keepdim=True) + eps)
    y = torch.nn.functional.silu(n * w.float()) * up.float()
    return h, y.to(x.dtype)


def lazy_tail(args, rows):
    dev = args.target
    if torch is None or (dev == "cuda" and not torch.cuda.is_available()):
        print("lazy tail: needs torch (with CUDA for --target cuda); skipped")
        return
    tdev = "cuda" if dev == "cuda" else "cpu"
    tdt = {"bf16": torch.bfloat16, "f16": torch.float16,
           "f32": torch.float32}[args.dtype]
    g = torch.Generator(device="cpu").manual_seed(0)
    shape = (args.rows, args.cols)
    x, res, up = (torch.randn(shape, generator=g).to(tdev, tdt)
                  for _ in range(3))
    w = torch.randn(args.cols, generator=g).to(tdev, tdt)
    eps = 1e-6
    fx, fres, fw, fup = (ferric.asarray(t) for t in (x, res, w, up))

    def record_tail(x, res, w, up):
        # Recorded in a function: its temporaries (hf, inv) die when it
        # returns, so h and y alone are results of the flush (a tensor
        # still referenced at the flush is one).
        h = x + res
        hf = h.cast("f32")
        inv = ((hf * hf).mean(-1, keepdim=True) + eps).rsqrt()
        y = ((hf * inv * w.cast("f32")).silu() * up.cast("f32")) \
            .cast(args.dtype)
        return h, y

    def ferric_tail():
        with ferric.lazy():
            h, y = record_tail(fx, fres, fw, fup)
        return h, y  # leaving the block flushed: one fused run

    tsync = torch.cuda.synchronize if tdev == "cuda" else (lambda: None)
    h, y = ferric_tail()
    th, ty = _tail_torch(x, res, w, up, eps)
    err = (torch.from_dlpack(y).float() - ty.float()).abs().max().item()
    herr = (torch.from_dlpack(h).float() - th.float()).abs().max().item()
    ferric.reset_fusion_stats()
    iters = args.tail_iters
    row = {"case": "lazy tail %dx%d %s" % (args.rows, args.cols, args.dtype),
           "rows": args.rows, "cols": args.cols, "dtype": args.dtype,
           "ferric_lazy_us": median_us(ferric_tail, iters, tsync)}
    st = ferric.fusion_stats()
    calls = iters + max(iters // 10, 10)
    row.update({"flushes_per_call": st.flushes / calls,
                "kernels_per_call": st.kernels_launched / calls,
                "launches_saved_per_call": st.launches_saved / calls,
                "ops_per_call": st.ops_recorded / calls,
                "cache_hits": st.cache_hits, "cache_misses": st.cache_misses,
                "max_abs_err_y_vs_torch": err, "max_abs_err_h": herr})
    row["torch_eager_us"] = median_us(
        lambda: _tail_torch(x, res, w, up, eps), iters, tsync)
    try:
        compiled = torch.compile(_tail_torch)
        compiled(x, res, w, up, eps)
        row["torch_compile_us"] = median_us(
            lambda: compiled(x, res, w, up, eps), iters, tsync)
    except Exception as e:  # no compiler toolchain, old torch, ...
        row["torch_compile_error"] = "%s: %s" % (type(e).__name__,
                                                 str(e).splitlines()[0]
                                                 if str(e) else "")
    rows.append(row)


def _fmt(v):
    return "%10.1f" % v if isinstance(v, float) else "%10s" % ("-" if v is
                                                              None else v)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--target", default="cuda", choices=["cpu", "cuda"])
    p.add_argument("--n", type=int, default=1024)
    p.add_argument("--iters", type=int, default=2000)
    p.add_argument("--batch", type=int, default=2000)
    p.add_argument("--rows", type=int, default=4096)
    p.add_argument("--cols", type=int, default=4096)
    p.add_argument("--dtype", default="bf16", choices=["bf16", "f16", "f32"])
    p.add_argument("--tail-iters", type=int, default=50)
    p.add_argument("--skip-tail", action="store_true")
    p.add_argument("--json", help="write the rows here")
    args = p.parse_args()
    if not ferric.target_available(args.target):
        print("%s is not available here: %s" % (
            args.target, ferric.target_unavailable_reason(args.target)))
        return 1
    rows = []
    small_calls(args, rows)
    if not args.skip_tail:
        lazy_tail(args, rows)

    print("%-28s %10s %10s %10s %10s %10s %10s" % (
        "case (us per call)", "ferric", "torch", "ferric", "torch", "ferric",
        "torch"))
    print("%-28s %10s %10s %10s %10s %10s %10s" % (
        "", "sync", "sync", "pipelined", "pipelined", "host loop",
        "host loop"))
    for r in rows:
        if "ferric_sync_us" in r:
            print("%-28s %s %s %s %s %s %s" % (
                r["case"], _fmt(r["ferric_sync_us"]),
                _fmt(r.get("torch_eager_sync_us")),
                _fmt(r.get("ferric_pipelined_us")),
                _fmt(r.get("torch_eager_pipelined_us")),
                _fmt(r.get("ferric_host_us")),
                _fmt(r.get("torch_eager_host_us"))))
    for r in rows:
        if "ferric_lazy_us" in r:
            print("%s: ferric lazy %.1f us, torch eager %.1f us, "
                  "torch.compile %s us; per call: %.1f flushes, %.1f "
                  "kernels, %.1f launches saved, %.0f ops; max |y - torch| "
                  "%.3g" % (r["case"], r["ferric_lazy_us"],
                            r["torch_eager_us"],
                            ("%.1f" % r["torch_compile_us"])
                            if "torch_compile_us" in r else
                            "n/a (%s)" % r.get("torch_compile_error"),
                            r["flushes_per_call"], r["kernels_per_call"],
                            r["launches_saved_per_call"], r["ops_per_call"],
                            r["max_abs_err_y_vs_torch"]))
    if args.json:
        meta = {"target": args.target, "python": platform.python_version(),
                "torch": getattr(torch, "__version__", None),
                "host": platform.node(),
                "device": (torch.cuda.get_device_name()
                           if torch is not None and args.target == "cuda"
                           else platform.processor())}
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
        print("wrote", args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
