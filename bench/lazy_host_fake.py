#!/usr/bin/env python3
"""Issue 40's host costs without a GPU: the fake CUDA driver
(runtime/cuda/test/FakeCudaDriver.cpp) runs the real host path (staged
copies are host memcpys, kernels do not run), so what is left is what the
host spends. All in one process:

  1. recording: per-op host cost of recording ``z = z * y + 1.0`` on 1024
     elements in ``ferric.lazy()`` (steady state) against torch eager's
     dispatch of the same ops on the CPU (as lazy_host.py's recording case);
  2. the LLaMA MLP half-block of lazy_host.py (15 recorded ops; small
     matrices, the kernels do not run anyway): ferric.jit against
     ferric.lazy per call, recording and flush separately;
  3. the numpy path: ``f(a, b)`` for f = silu(x) * y with numpy in and
     out, against ``asarray(a).numpy()`` and the Tensor path
     ``f(asarray(a), asarray(b)).numpy()``, at 2^10, 2^20, 2^24 f32.

    FERRIC_CUDA_DRIVER=build/lib/libferric_fake_cuda.so \\
    FERRIC_CUBLASLT=/nonexistent PYTHONPATH=python FERRIC_LIB_DIR=build/lib \\
        python3 bench/lazy_host_fake.py

Times are medians of wall time per call (microseconds); the CPU time of
the numpy calls is printed too (the build machine is shared).
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np

import ferric
from ferric import E

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lazy_host  # noqa: E402 (half_block, the recording timers)

try:
    import torch
except ImportError:
    torch = None


def recording(iters):
    k = 50
    x0 = np.linspace(-1, 1, 1024).astype(np.float32)
    y0 = np.full(1024, 0.999, np.float32)
    x, y = (ferric.asarray(v, device="cuda") for v in (x0, y0))
    cfg = ferric.FusionConfig(max_fusion_ops=2 * k + 1)
    ferric_record = lazy_host.lazy_recorder(x, y, k, cfg, read=False)
    fr, tr = [], []
    if torch is not None:
        tx, ty = torch.from_numpy(x0), torch.from_numpy(y0)
        torch_eager = lazy_host.torch_dispatcher(tx, ty, k, lambda: None)
    for i in range(iters + 5):
        f = ferric_record()
        t = torch_eager() if torch is not None else float("nan")
        if i >= 5:
            fr.append(f)
            tr.append(t)
    f, t = statistics.median(fr), statistics.median(tr)
    print("recording: ferric.lazy %.3f us/op, torch %s CPU eager %.3f us/op, "
          "ratio %.3f" % (f, torch.__version__ if torch else "-", t, f / t))


def half_block(iters, tokens, dtype, hidden=256, inter=512):
    rng = np.random.default_rng(tokens)
    data = [rng.standard_normal((tokens, hidden)).astype(np.float32),
            rng.standard_normal((tokens, hidden)).astype(np.float32),
            1 + 0.1 * rng.standard_normal(hidden).astype(np.float32),
            (rng.standard_normal((hidden, inter)) / 16).astype(np.float32),
            (rng.standard_normal((hidden, inter)) / 16).astype(np.float32),
            (rng.standard_normal((inter, hidden)) / 16).astype(np.float32)]
    fx = [ferric.asarray(d, device="cuda", dtype=dtype) for d in data]

    def lazy_call():
        with ferric.lazy():
            return lazy_host.half_block(*fx, dt=dtype)

    def traced(x, res, g, w_gate, w_up, w_down):
        return lazy_host.half_block(x, res, g, w_gate, w_up, w_down, dtype)

    jit = ferric.jit(traced, target="cuda")
    for _ in range(5):
        lazy_call()
        jit(*fx)
    lz, jt, rec, fl = [], [], [], []
    for _ in range(iters):
        t0 = time.perf_counter()
        r = lazy_call()
        t1 = time.perf_counter()
        del r
        r = jit(*fx)
        t2 = time.perf_counter()
        del r
        ctx = ferric.lazy()
        ctx.__enter__()
        t3 = time.perf_counter()
        out = lazy_host.half_block(*fx, dt=dtype)
        t4 = time.perf_counter()
        ctx.__exit__(None, None, None)
        t5 = time.perf_counter()
        del out
        lz.append(t1 - t0)
        jt.append(t2 - t1)
        rec.append(t4 - t3)
        fl.append(t5 - t4)

    def m(v):
        return statistics.median(v) * 1e6

    print("half-block %s %d tokens: jit %.1f us, lazy %.1f us (record %.1f, "
          "flush %.1f), lazy - jit %.1f us" % (dtype, tokens, m(jt), m(lz),
                                              m(rec), m(fl),
                                              m(lz) - m(jt)))


def numpy_path(log2s):
    f = ferric.compile(E.input(0).silu() * E.input(1), target="cuda")

    def med(fn, it):
        w, c = [], []
        for _ in range(it):
            t0, c0 = time.perf_counter(), time.process_time()
            fn()
            c.append(time.process_time() - c0)
            w.append(time.perf_counter() - t0)
        return statistics.median(w) * 1e6, statistics.median(c) * 1e6

    for logn in log2s:
        n = 1 << logn
        it = 300 if logn <= 12 else 40 if logn <= 20 else 9
        a = np.linspace(-1, 1, n).astype(np.float32)
        b = np.full(n, 0.5, np.float32)
        f(a, b)
        f(a, b)
        fw, fc = med(lambda: f(a, b), it)
        cw, _ = med(lambda: ferric.asarray(a, device="cuda").numpy(), it)
        tw, _ = med(lambda: f(ferric.asarray(a, device="cuda"),
                              ferric.asarray(b, device="cuda")).numpy(), it)
        print("numpy 2^%d: f(a, b) %.0f us (cpu %.0f) | asarray(a).numpy() "
              "%.0f us | Tensor path %.0f us | f / Tensor path %.2f"
              % (logn, fw, fc, cw, tw, fw / tw))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iters", type=int, default=500)
    p.add_argument("--tokens", default="1,16")
    p.add_argument("--dtypes", default="bf16,f32")
    p.add_argument("--round-trip", default="10,20,24")
    a = p.parse_args()
    if not os.environ.get("FERRIC_CUDA_DRIVER"):
        sys.exit("set FERRIC_CUDA_DRIVER to libferric_fake_cuda.so (see the "
                 "module comment)")
    recording(a.iters)
    for dtype in a.dtypes.split(","):
        for tokens in map(int, a.tokens.split(",")):
            half_block(a.iters, tokens, dtype)
    numpy_path([int(v) for v in a.round_trip.split(",") if v])


if __name__ == "__main__":
    main()
