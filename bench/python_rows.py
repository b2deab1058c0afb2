#!/usr/bin/env python3
"""Row reductions called from Python on device data: ``ferric.jit`` on torch
tensors against torch eager and torch.compile on the same tensors, and the
same function compiled with every dim dynamic (what ``ferric.jit`` emitted
on CUDA before it kept row lengths static), so that one run shows what the
static row length buys.

Cases: softmax over [R, C] and RMSNorm with a weight over [R, C], C in
--cols (1024, 4096, 32000 and 50257 by default), R = --elements / C, in
f32 and bf16. Times are the median of --iters calls, each between two CUDA
events on torch's current stream (ferric runs there with ``stream=``);
--target cpu times the CPU path with the wall clock instead (a smoke test
of the script: torch on the CPU).

On the GPU machine, from the C API pack:

    mkdir -p /tmp/capi && tar -C /tmp/capi -xJf ferric-capi-pack.tar.xz
    FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python \\
        python3 bench/python_rows.py --json out.json
"""

import argparse
import json
import statistics
import sys
import time

import ferric
from ferric import tensor as _tensor
from ferric._emit import plan_arguments
from ferric.expr import emit

try:
    import torch
except ImportError:
    torch = None


def f_softmax(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def f_rmsnorm(x, w):
    return x * (x * x).mean(-1, keepdim=True).rsqrt() * w


def t_softmax(x):
    return torch.softmax(x, -1)


def t_rmsnorm(x, w):
    return x * torch.rsqrt((x * x).mean(-1, keepdim=True)) * w


CASES = {"softmax": (f_softmax, t_softmax, 1),
         "rmsnorm": (f_rmsnorm, t_rmsnorm, 2)}


def _timer(target, iters):
    if target == "cuda":
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)

        def one(fn):
            start.record()
            fn()
            end.record()
            end.synchronize()
            return start.elapsed_time(end) * 1e3
    else:
        def one(fn):
            t0 = time.perf_counter()
            fn()
            return (time.perf_counter() - t0) * 1e6

    def median_us(fn):
        for _ in range(max(iters // 5, 3)):
            fn()
        return statistics.median(one(fn) for _ in range(iters))
    return median_us


def _all_dynamic(jitted, tensors, stream):
    """`jitted` compiled for `tensors` with every dim but 1s dynamic: a
    callable running it on them (the emission ferric.jit used on CUDA
    before row lengths were kept static)."""
    sig = jitted._signature(tensors)
    emitted = emit(jitted._roots, list(sig), "dyn", static=False)
    exe = ferric.Executable(emitted.ir, emitted.entry,
                            target=jitted.target)
    args = plan_arguments(emitted.plan, tensors)
    return lambda: _tensor.run_device(exe, args, stream)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--target", default="cuda", choices=["cpu", "cuda"])
    p.add_argument("--elements", type=int, default=1 << 26)
    p.add_argument("--cols", default="1024,4096,32000,50257")
    p.add_argument("--dtypes", default="f32,bf16")
    p.add_argument("--cases", default="softmax,rmsnorm")
    p.add_argument("--iters", type=int, default=30)
    p.add_argument("--no-compile", action="store_true",
                   help="skip torch.compile")
    p.add_argument("--json", help="write the rows here")
    args = p.parse_args()
    if torch is None:
        print("needs torch")
        return 1
    if not ferric.target_available(args.target):
        print("%s is not available here: %s" % (
            args.target, ferric.target_unavailable_reason(args.target)))
        return 1
    dev = args.target
    median_us = _timer(dev, args.iters)
    stream = torch.cuda.current_stream().cuda_stream if dev == "cuda" \
        else None
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16}
    g = torch.Generator(device="cpu").manual_seed(0)
    rows = []
    print("%-8s %-5s %-14s %10s %10s %10s %10s %10s" % (
        "case", "dtype", "shape", "ferric", "all-dyn", "eager", "compile",
        "max|d|"))
    for case in args.cases.split(","):
        ffn, tfn, nin = CASES[case]
        for dt in args.dtypes.split(","):
            for c in (int(v) for v in args.cols.split(",")):
                r = max(1, args.elements // c)
                x = torch.randn((r, c), generator=g).to(dev, tdt[dt])
                w = torch.randn((c,), generator=g).to(dev, tdt[dt])
                tins = [x, w][:nin]
                fins = [ferric.asarray(t) for t in tins]
                jitted = ferric.jit(ffn, target=dev)
                kw = {"stream": stream} if stream is not None else {}
                call = (lambda: jitted(*fins, **kw))
                out = call()
                ref = tfn(*tins)
                diff = (torch.from_dlpack(out).float() - ref.float()) \
                    .abs().max().item()
                row = {"case": case, "dtype": dt, "rows": r, "cols": c,
                       "ferric_us": median_us(call),
                       "ferric_all_dynamic_us": median_us(
                           _all_dynamic(jitted, fins, stream)),
                       "eager_us": median_us(lambda: tfn(*tins)),
                       "max_abs_diff": diff}
                if not args.no_compile:
                    try:
                        comp = torch.compile(tfn, dynamic=False)
                        comp(*tins)
                        row["compile_us"] = median_us(lambda: comp(*tins))
                    except Exception as e:  # noqa: BLE001 - report it
                        row["compile_error"] = type(e).__name__
                rows.append(row)
                print("%-8s %-5s %-14s %10.1f %10.1f %10.1f %10s %10.3g" % (
                    case, dt, "%dx%d" % (r, c), row["ferric_us"],
                    row["ferric_all_dynamic_us"], row["eager_us"],
                    "%.1f" % row["compile_us"] if "compile_us" in row
                    else "-", diff), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"target": dev, "rows": rows,
                       "device": torch.cuda.get_device_name()
                       if dev == "cuda" else "cpu"}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
