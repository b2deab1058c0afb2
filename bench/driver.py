#!/usr/bin/env python3
"""Ferric vs PyTorch eager vs torch.compile on one GPU, in one process run.

Runs on the GPU machine (python3 with torch; ferric-run from the static
pack on PATH). For every workload in bench/workloads (ferric IR with the
element type written as T) and every size and dtype: Ferric's
`ferric-run --bench` (CUDA-event time per call, and host wall time per call
with the synchronize), torch eager and torch.compile timed with CUDA events
(median of ITERS after warm-up), and the device-to-device copy bandwidth as
the limit. Prints one markdown table; --json writes the raw numbers.

Times: 'us' columns are per-call GPU time between CUDA events around one
call (kernel time plus launch gaps inside the call); 'wall' is host time per
call including the synchronize.

torch.compile is asked for static shapes (dynamic=False) and may recompile
for every shape and dtype: by default a second size of the same workload
gets a dynamic-shape kernel (automatic dynamic shapes), which was up to
3.5x slower than the static one (softmax over 262144, f32, 2^28, H100:
4420 vs 1245 us), so tables before 2026-12-05 compared Ferric at the second
size with torch.compile's dynamic kernel.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import torch._dynamo
import torch.nn.functional as F

from workload_ir import size_letters, static_dims, typed as typed_ir

# One static recompilation per shape and dtype, never a fallback to eager.
for _limit in ("recompile_limit", "cache_size_limit"):
    if hasattr(torch._dynamo.config, _limit):
        setattr(torch._dynamo.config, _limit, 256)

HERE = os.path.dirname(os.path.abspath(__file__))
ITERS = 50
WARMUP = 10


def twins():
    def swiglu(a, b):
        return F.silu(a) * b

    def gelu_tanh(x):
        return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))

    def chain(a, b, c):
        return torch.relu(a * b + c) * torch.sigmoid(c) - a

    def bias_residual_act(x, bias, res):
        return F.gelu(x + bias + res, approximate="tanh")

    def row_scale(x, s):
        return x * s

    def long_chain(a, b, c):
        t = torch.tanh(a * b + c) * 0.5 - a
        t = torch.sigmoid(t.abs() + b) * c
        t = torch.minimum(torch.maximum(t, a), b)
        t = c / (torch.exp(-t) + 0.5)
        t = torch.relu(t)
        t = t * t + a
        return F.silu(t) * b

    def rmsnorm(x, g):
        return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + 1e-6) * g

    def softmax(x):
        return torch.softmax(x, -1)

    def log_softmax(x):
        return torch.log_softmax(x, -1)

    def layernorm(x, g, b):
        mu = x.mean(-1, keepdim=True)
        d = x - mu
        return d * torch.rsqrt((d * d).mean(-1, keepdim=True) + 1e-5) * g + b

    def residual_rmsnorm(x, r, g):
        h = x + r
        return h * torch.rsqrt((h * h).mean(-1, keepdim=True) + 1e-6) * g, h

    def matmul(a, b):
        return a @ b

    # Issue 41: per-row statistics (the output is the statistic itself),
    # spelled as the ferric programs spell them.
    def row_var(x):
        d = x - x.mean(-1, keepdim=True)
        return (d * d).mean(-1)

    def row_std(x):
        return row_var(x).sqrt()

    def row_var_mean(x):
        mu = x.mean(-1, keepdim=True)
        d = x - mu
        return (d * d).mean(-1), mu.squeeze(-1)

    def bias_gelu(x, bias):
        return F.gelu(x + bias, approximate="tanh")

    def softmax_temp(x):
        return torch.softmax(x / 0.7, -1)

    def masked_softmax(x, mask):
        return torch.softmax(x + mask, -1)

    rows = lambda n, m: max(1, n // m)

    square = lambda n: int(math.isqrt(n))
    return {
        "swiglu": (swiglu, lambda n: [(n,), (n,)]),
        "gelu_tanh": (gelu_tanh, lambda n: [(n,)]),
        "chain": (chain, lambda n: [(n,), (n,), (n,)]),
        "bias_residual_act": (bias_residual_act,
                              lambda n: [(n // 1024, 1024), (1024,), (n // 1024, 1024)]),
        "row_scale": (row_scale, lambda n: [(n // 1024, 1024), (1024,)]),
        "long_chain": (long_chain, lambda n: [(n,), (n,), (n,)]),
        "rmsnorm": (rmsnorm, lambda n: [(n // 1024, 1024), (1024,)]),
        "softmax": (softmax, lambda n: [(n // 1024, 1024)]),
        "log_softmax": (log_softmax, lambda n: [(rows(n, 1024), 1024)]),
        "layernorm": (layernorm,
                      lambda n: [(rows(n, 4096), 4096), (4096,), (4096,)]),
        "residual_rmsnorm": (residual_rmsnorm,
                             lambda n: [(rows(n, 4096), 4096)] * 2 + [(4096,)]),
        # The TOSA twins of softmax, rmsnorm and layernorm, as an exporter
        # writes them (mul by reciprocal, sums times 1/n), imported by
        # ferric-run with ferric-import-tosa (docs/Import.md).
        "tosa_softmax": (softmax, lambda n: [(n // 1024, 1024)]),
        "tosa_rmsnorm": (rmsnorm, lambda n: [(n // 1024, 1024), (1024,)]),
        "tosa_layernorm": (layernorm,
                           lambda n: [(rows(n, 4096), 4096), (4096,), (4096,)]),
        # silu(a) * b as a * sigmoid(a) * b, over n elements (R = n).
        "tosa_swiglu": (swiglu, lambda n: [(n,), (n,)]),
        # Softmax over rows of 32 to 524288 elements (the row schedules;
        # 50257, 128256, 152064, 256000 and 262144: the GPT-2, Llama 3,
        # Qwen 2, Gemma 2 and Gemma 3 vocabularies; 40960: the longest f32
        # row of one block; 524288: the longest cluster row).
        **{f"softmax_{m}": (softmax, lambda n, m=m: [(rows(n, m), m)])
           for m in (32, 128, 1024, 4096, 32000, 40960, 50257, 128256,
                     131072, 152064, 256000, 262144, 524288)},
        # LayerNorm and RMSNorm (with gamma/beta) over rows of 768, 16384
        # and 32000.
        **{f"layernorm_{m}": (layernorm,
                              lambda n, m=m: [(rows(n, m), m), (m,), (m,)])
           for m in (768, 16384, 32000)},
        **{f"rmsnorm_{m}": (rmsnorm, lambda n, m=m: [(rows(n, m), m), (m,)])
           for m in (768, 4096, 16384, 32000)},
        # Column and full reductions (issue 13): wide and 8-column sums/max,
        # full sum and mean; one small output each (OUTPUT_ELEMENTS).
        **{f"column_{k}{sfx}": (lambda x, k=k: getattr(torch, "amax" if k == "max" else k)(x, 0),
                                lambda n, c=c: [(rows(n, c), c)])
           for k in ("sum", "max") for sfx, c in (("", 4096), ("_8", 8))},
        "full_sum": (lambda x: x.sum(), lambda n: [(n,)]),
        "full_mean": (lambda x: x.mean(), lambda n: [(n,)]),
        # Issue 41 (ISSUE41 below): row variance, std and var + mean over
        # rows of 768-11008; bias + tanh-GELU over rows of 4096 and 11008;
        # column max over 1024 columns; softmax(x / 0.7) over 128256;
        # log-softmax over 50257; attention softmax with a mask shared
        # across batch and 16 heads ([b, 16, s, s] + [s, s]); the mean over
        # the middle dim of [b, 512, 1024].
        **{f"row_var_{m}": (row_var, lambda n, m=m: [(rows(n, m), m)])
           for m in (768, 1000, 4096, 11008)},
        **{f"row_std_{m}": (row_std, lambda n, m=m: [(rows(n, m), m)])
           for m in (1000, 4096)},
        **{f"row_var_mean_{m}": (row_var_mean, lambda n, m=m: [(rows(n, m), m)])
           for m in (1000, 4096)},
        **{f"bias_gelu_{m}": (bias_gelu, lambda n, m=m: [(rows(n, m), m), (m,)])
           for m in (4096, 11008)},
        "column_max_1024": (lambda x: torch.amax(x, 0),
                            lambda n: [(rows(n, 1024), 1024)]),
        "softmax_temp_128256": (softmax_temp,
                                lambda n: [(rows(n, 128256), 128256)]),
        "log_softmax_50257": (log_softmax, lambda n: [(rows(n, 50257), 50257)]),
        **{f"masked_softmax_{s}": (masked_softmax,
                                   lambda n, s=s: [(rows(n, 16 * s * s), 16, s, s),
                                                   (s, s)])
           for s in (128, 512)},
        "middle_mean": (lambda x: x.mean(1),
                        lambda n: [(rows(n, 512 * 1024), 512, 1024)]),
        # n elements per operand: a sqrt(n) x sqrt(n) matmul (compute-bound;
        # its GB/s and % copy BW columns mean nothing).
        "matmul": (matmul, lambda n: [(square(n), square(n))] * 2),
    }


def gemm_twins():
    """Matmul workloads: torch twin, input shapes and FLOPs of an (m, k, n)."""
    def gemm(a, b):
        return a @ b

    def gemm_bias_gelu(x, w, bias):
        return F.gelu(x @ w + bias, approximate="tanh")

    def gemm_bias_relu_residual(x, w, bias, res):
        return torch.relu(x @ w + bias) + res

    def gemm_swiglu(x, w1, w3):
        return F.silu(x @ w1) * (x @ w3)

    def gemm_batched(a, b):
        return torch.bmm(a, b)

    mm = lambda m, k, n: 2 * m * k * n
    return {
        "gemm": (gemm, lambda m, k, n: [(m, k), (k, n)], mm),
        "gemm_bias_gelu": (gemm_bias_gelu,
                           lambda m, k, n: [(m, k), (k, n), (n,)], mm),
        # The TOSA twin of gemm_bias_gelu (issue 37): a batch-of-one
        # tosa.matmul, the bias row added, GELU's tanh form in TOSA ops;
        # static M, K, N, one program a shape.
        "tosa_gelu_linear": (gemm_bias_gelu,
                             lambda m, k, n: [(m, k), (k, n), (n,)], mm),
        "gemm_bias_relu_residual": (gemm_bias_relu_residual,
                                    lambda m, k, n: [(m, k), (k, n), (n,), (m, n)],
                                    mm),
        "gemm_swiglu": (gemm_swiglu, lambda m, k, n: [(m, k), (k, n), (k, n)],
                        lambda m, k, n: 2 * mm(m, k, n)),
        # GEMM_BATCH products of (m, k, n) each.
        "gemm_batched": (gemm_batched,
                         lambda m, k, n: [(GEMM_BATCH, m, k), (GEMM_BATCH, k, n)],
                         lambda m, k, n: GEMM_BATCH * mm(m, k, n)),
    }


GEMM = ["gemm", "gemm_bias_gelu", "gemm_bias_relu_residual", "gemm_swiglu",
        "gemm_batched"]
GEMM_BATCH = 8


# Elementwise and reduction workloads: the default set and the geomean.
MEMORY_BOUND = ["swiglu", "gelu_tanh", "chain", "bias_residual_act",
                "row_scale", "long_chain", "rmsnorm", "softmax"]

# The row-reduction workloads (issue 13): not in the default set, so the
# default geomean stays comparable; run them with --workloads=...,
# e.g. --ferric-options="reduction={row-group-block-elements=2048 row-group-producers=1}".
ROWS = ["log_softmax", "layernorm", "residual_rmsnorm", "softmax_32",
        "softmax_128", "softmax_1024", "softmax_4096", "softmax_32000",
        "softmax_40960", "softmax_50257", "softmax_128256", "softmax_131072",
        "softmax_152064", "softmax_256000", "softmax_262144", "softmax_524288", "layernorm_768",
        "layernorm_16384", "layernorm_32000", "rmsnorm_768", "rmsnorm_4096",
        "rmsnorm_16384", "rmsnorm_32000"]


# The TOSA twins (issue 37): --workloads=tosa runs each next to its ferric
# program (the GELU-linear pair in the matmul table, at --gemm-shapes).
TOSA = ["softmax", "tosa_softmax", "rmsnorm", "tosa_rmsnorm", "layernorm",
        "tosa_layernorm", "swiglu", "tosa_swiglu", "gemm_bias_gelu",
        "tosa_gelu_linear"]

# The column and full reductions (issue 13), not in the default set either.
COLFULL = ["column_sum", "column_max", "column_sum_8", "column_max_8",
           "full_sum", "full_mean"]

# The benchmark table of issue 13 (--workloads=issue13): softmax over rows
# of 32 to 131072, LayerNorm and RMSNorm over 768, 4096 and 16384,
# residual add + RMSNorm, log-softmax, column and full reductions.
ISSUE13 = ["softmax_32", "softmax_128", "softmax_1024", "softmax_4096",
           "softmax_32000", "softmax_131072", "layernorm_768", "layernorm",
           "layernorm_16384", "rmsnorm_768", "rmsnorm_4096", "rmsnorm_16384",
           "residual_rmsnorm", "log_softmax"] + COLFULL

# The shapes issue 41 found still losing, and their neighbours
# (--workloads=issue41): the issue's rows are row_var_1000 f32,
# bias_gelu_11008 f16, column_max_1024 f16, softmax_temp_128256 bf16,
# masked_softmax_* f16, log_softmax_50257 f32 and middle_mean bf16.
ROW_STATS = ["row_var_768", "row_var_1000", "row_var_4096", "row_var_11008",
             "row_std_1000", "row_std_4096", "row_var_mean_1000",
             "row_var_mean_4096"]
# The issue's seven first (a run cut by --deadline-s keeps them), then the
# neighbours.
ISSUE41_ROWS = ["row_var_1000", "bias_gelu_11008", "column_max_1024",
                "softmax_temp_128256", "masked_softmax_512",
                "log_softmax_50257", "middle_mean"]
ISSUE41 = (ISSUE41_ROWS + [w for w in ROW_STATS if w not in ISSUE41_ROWS]
           + ["bias_gelu_4096", "masked_softmax_128"])

# Output elements of the workloads whose outputs are not one of the size of
# their first input (the bytes of '% copy BW': each input read once, each output
# written once).
OUTPUT_ELEMENTS = {
    **{n: (lambda shapes: shapes[0][1]) for n in COLFULL if n.startswith("column")},
    "full_sum": lambda shapes: 1,
    "full_mean": lambda shapes: 1,
    # Two results: the normalized rows and the new residual.
    "residual_rmsnorm": lambda shapes: 2 * shapes[0][0] * shapes[0][1],
    # One statistic per row (var and mean: two).
    **{n: (lambda shapes: shapes[0][0]) for n in ROW_STATS},
    **{n: (lambda shapes: 2 * shapes[0][0]) for n in ROW_STATS
       if n.startswith("row_var_mean")},
    "column_max_1024": lambda shapes: shapes[0][1],
    "middle_mean": lambda shapes: shapes[0][0] * shapes[0][2],
}


TORCH_DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def time_events(fn, iters=ITERS, warmup=WARMUP):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times, walls = [], []
    for _ in range(iters):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        t0 = time.perf_counter()
        s.record()
        fn()
        e.record()
        e.synchronize()
        walls.append((time.perf_counter() - t0) * 1e6)
        times.append(s.elapsed_time(e) * 1e3)
    return statistics.median(times), statistics.median(walls)


def copy_bandwidth():
    n = 1 << 28
    x = torch.empty(n, dtype=torch.float32, device="cuda").uniform_(-1, 1)
    y = torch.empty_like(x)
    us, _ = time_events(lambda: y.copy_(x), iters=20)
    return 2 * n * 4 / us / 1e3  # GB/s, read + write


def run_ferric(ferric_run, program, shapes, dtype, iters, options=""):
    args = [ferric_run, program, "--target=cuda", f"--bench={iters}",
            f"--warmup={WARMUP}"]
    if options:
        args.append("--pipeline-options=" + options)
    for shp in shapes:
        args.append("--input=rand:" + "x".join(str(d) for d in shp) + "x" + dtype)
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": (out.stderr or out.stdout).strip().splitlines()[-1:]}
    line = [l for l in out.stdout.splitlines() if l.startswith("bench:")][0]
    get = lambda pat: float(re.search(pat, line).group(1))
    return {
        "us": get(r"([\d.]+) us/call device"),
        "wall": get(r"median ([\d.]+) us/call wall"),
        "launches": int(get(r"(\d+) launches/call")),
        "compile_s": get(r"compile ([\d.]+) s"),
        "cache_hit": "cache hit" in line,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ferric-run", default="ferric-run")
    ap.add_argument("--sizes", default="10,16,20,24,28", help="log2 sizes")
    ap.add_argument("--dtypes", default="f32,f16,bf16")
    ap.add_argument("--workloads", default=",".join(MEMORY_BOUND),
                    help="comma-separated; also 'matmul', 'gemm' for all "
                         "of " + ",".join(GEMM) + ", 'colfull' for all of "
                         + ",".join(COLFULL) + ", 'issue13' for the "
                         "reduction table of issue 13, 'issue41' for the "
                         "shapes of issue 41 (" + ",".join(ISSUE41) + "), "
                         "'tosa' for the TOSA twins of issue 37 next to "
                         "their ferric programs (" + ",".join(TOSA) + "), "
                         "'default' for the default set")
    ap.add_argument("--gemm-shapes",
                    default="512x512x512,1024x1024x1024,4096x4096x4096,"
                            "16x4096x4096",
                    help="MxKxN shapes of the gemm* workloads")
    ap.add_argument("--json")
    ap.add_argument("--jsonl",
                    help="also append each row to this file as it is "
                         "measured (a run cut short keeps its rows)")
    ap.add_argument("--deadline-s", type=float, default=0,
                    help="start no new (workload, dtype, size) row after "
                         "this many seconds from the start; the rows left "
                         "out are listed after the table (0: no limit)")
    ap.add_argument("--ferric-options", default="",
                    help="extra ferric-lower-to-nvvm options")
    ap.add_argument("--compare-options", action="append", default=[],
                    help="also time Ferric with these ferric-lower-to-nvvm "
                         "options on the same inputs' shapes; repeatable "
                         "(row field alts: [{options, us}], the first also "
                         "as alt_us, alt_options; printed after the table)")
    args = ap.parse_args()
    start = time.monotonic()
    skipped = []
    torch.manual_seed(0)
    bw = copy_bandwidth()
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"copy bandwidth {bw:.0f} GB/s (read+write)", flush=True)
    tmp = tempfile.mkdtemp()
    rows = []
    tw = twins()
    names = []
    for name in args.workloads.split(","):
        names += (GEMM if name == "gemm" else
                  COLFULL if name == "colfull" else
                  ISSUE13 if name == "issue13" else
                  ISSUE41 if name == "issue41" else
                  MEMORY_BOUND if name == "default" else
                  TOSA if name == "tosa" else [name])
    # Once each ("gemm" already holds the other gemm workloads), in order.
    names = list(dict.fromkeys(names))
    gemm_rows = []
    matmuls = gemm_twins()
    for name in [n for n in names if n in matmuls]:
        gemm_rows += run_gemm(args, tmp, name)
    for name in [n for n in names if n not in matmuls]:
        fn, shapes_of = tw[name]
        compiled = torch.compile(fn, dynamic=False)
        src = open(os.path.join(HERE, "workloads", name + ".mlir")).read()
        for dt in args.dtypes.split(","):
            prog = os.path.join(tmp, f"{name}_{dt}.mlir")
            typed = typed_ir(src, dt)
            with open(prog, "w") as f:
                f.write(typed)
            for lg in [int(s) for s in args.sizes.split(",")]:
                if args.deadline_s and time.monotonic() - start > args.deadline_s:
                    skipped.append(f"{name} 2^{lg} {dt}")
                    continue
                n = 1 << lg
                shapes = shapes_of(n)
                if "R" in size_letters(typed):
                    # Static rows R, the first input's first dim (the TOSA
                    # twins; tosa-to-linalg broadcasts dynamic dims with
                    # run-time checks): one program a size.
                    prog = os.path.join(tmp, f"{name}_{dt}_{lg}.mlir")
                    with open(prog, "w") as f:
                        f.write(static_dims(typed, {"R": shapes[0][0]}))
                tdt = TORCH_DTYPES[dt]
                ins = [torch.empty(s, dtype=tdt, device="cuda").uniform_(-1, 1) for s in shapes]
                outs = (OUTPUT_ELEMENTS[name](shapes) if name in OUTPUT_ELEMENTS
                        else ins[0].numel())
                nbytes = (sum(t.numel() * t.element_size() for t in ins)
                          + outs * ins[0].element_size())
                eager_us, eager_wall = time_events(lambda: fn(*ins))
                try:
                    compiled(*ins)
                    comp_us, comp_wall = time_events(lambda: compiled(*ins))
                except Exception as e:  # noqa: BLE001 - report, keep going
                    comp_us = comp_wall = float("nan")
                    print(f"torch.compile failed for {name} {dt}: {e}", file=sys.stderr)
                fr = run_ferric(args.ferric_run, prog, shapes, dt, ITERS,
                                args.ferric_options)
                row = dict(workload=name, log2=lg, dtype=dt, bytes=nbytes,
                           eager_us=eager_us, eager_wall=eager_wall,
                           compile_us=comp_us, compile_wall=comp_wall, **fr)
                for opts in args.compare_options:
                    alt = run_ferric(args.ferric_run, prog, shapes, dt, ITERS,
                                     opts)
                    entry = dict(options=opts, us=alt.get("us", float("nan")))
                    if "error" in alt:
                        entry["error"] = alt["error"]
                    row.setdefault("alts", []).append(entry)
                if "alts" in row:
                    row["alt_us"] = row["alts"][0]["us"]
                    row["alt_options"] = row["alts"][0]["options"]
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
                if args.jsonl:
                    with open(args.jsonl, "a") as f:
                        f.write(json.dumps(row) + "\n")
                del ins
                torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"copy_gbs": bw, "rows": rows, "gemm_rows": gemm_rows},
                      f, indent=1)
    if rows:
        print_table(rows, bw)
    for r in rows:
        for alt in r.get("alts", []) if "us" in r else []:
            if "error" in alt:
                print(f"{r['workload']} 2^{r['log2']} {r['dtype']}: with "
                      f"'{alt['options']}' ferric-run failed: "
                      f"{' '.join(alt['error'])}")
                continue
            print(f"{r['workload']} 2^{r['log2']} {r['dtype']}: {r['us']} us, "
                  f"with '{alt['options']}' {alt['us']} us "
                  f"({alt['us'] / r['us']:.2f}x the time)")
    if gemm_rows:
        print_gemm_table(gemm_rows)
    if skipped:
        print(f"\nnot run (past --deadline-s={args.deadline_s:g}): "
              + ", ".join(skipped))


def write_program(tmp, name, dt, dims=None):
    """The workload with element type `dt` (and its size letters set to
    `dims`, e.g. {'M': 512, 'K': 512, 'N': 512}) in a file of `tmp`."""
    src = typed_ir(
        open(os.path.join(HERE, "workloads", name + ".mlir")).read(), dt)
    tag = "".join(f"_{d}{v}" for d, v in (dims or {}).items())
    prog = os.path.join(tmp, f"{name}_{dt}{tag}.mlir")
    with open(prog, "w") as f:
        f.write(static_dims(src, dims) if dims else src)
    return prog


def run_gemm(args, tmp, name):
    """One row per (dtype, shape): Ferric, eager and compile, in us and
    TFLOP/s. f32 stays IEEE on all three (no TF32 in torch either)."""
    torch.backends.cuda.matmul.allow_tf32 = False
    fn, shapes_of, flops_of = gemm_twins()[name]
    compiled = torch.compile(fn, dynamic=False)
    rows = []
    for dt in args.dtypes.split(","):
        prog = generic = write_program(tmp, name, dt)
        for shape in args.gemm_shapes.split(","):
            m, k, n = (int(v) for v in shape.split("x"))
            if size_letters(open(generic).read()):
                # Static M, K, N (the TOSA twin): one program a shape.
                prog = write_program(tmp, name, dt, {"M": m, "K": k, "N": n})
            shapes = shapes_of(m, k, n)
            tdt = TORCH_DTYPES[dt]
            ins = [torch.empty(s, dtype=tdt, device="cuda").uniform_(-1, 1)
                   for s in shapes]
            eager_us, _ = time_events(lambda: fn(*ins))
            try:
                compiled(*ins)
                comp_us, _ = time_events(lambda: compiled(*ins))
            except Exception as e:  # noqa: BLE001 - report, keep going
                comp_us = float("nan")
                print(f"torch.compile failed for {name} {dt}: {e}", file=sys.stderr)
            fr = run_ferric(args.ferric_run, prog, shapes, dt, ITERS,
                            args.ferric_options)
            row = dict(workload=name, shape=shape, dtype=dt,
                       flops=flops_of(m, k, n), eager_us=eager_us,
                       compile_us=comp_us, **fr)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
            del ins
            torch.cuda.empty_cache()
    return rows


def print_gemm_table(rows):
    print("\n| workload | M x K x N | dtype | Ferric us | Ferric TFLOP/s | eager us |"
          " eager TFLOP/s | compile us | compile TFLOP/s | Ferric/eager | Ferric/compile |"
          " launches |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    tf = lambda r, us: r["flops"] / us / 1e6
    for r in rows:
        if "error" in r:
            print(f"| {r['workload']} | {r['shape']} | {r['dtype']} | error: {r['error']} |")
            continue
        print(f"| {r['workload']} | {r['shape']} | {r['dtype']} | {r['us']:.1f} | "
              f"{tf(r, r['us']):.1f} | {r['eager_us']:.1f} | {tf(r, r['eager_us']):.1f} | "
              f"{r['compile_us']:.1f} | {tf(r, r['compile_us']):.1f} | "
              f"{r['eager_us'] / r['us']:.2f} | {r['compile_us'] / r['us']:.2f} | "
              f"{r['launches']} |")


def print_table(rows, bw):
    print("\n| workload | n | dtype | Ferric us | Ferric GB/s | % copy BW | eager us | compile us |"
          " Ferric/compile speed-up | Ferric/eager speed-up | launches | Ferric wall us | eager wall us | compile wall us | Ferric compile s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    sp_c, sp_e = [], []
    for r in rows:
        if "error" in r:
            print(f"| {r['workload']} | 2^{r['log2']} | {r['dtype']} | error: {r['error']} |")
            continue
        gbs = r["bytes"] / r["us"] / 1e3
        c = r["compile_us"] / r["us"]
        e = r["eager_us"] / r["us"]
        if r["log2"] >= 20:
            if not math.isnan(c):
                sp_c.append(c)
            sp_e.append(e)
        print(f"| {r['workload']} | 2^{r['log2']} | {r['dtype']} | {r['us']:.1f} | {gbs:.0f} | "
              f"{100 * gbs / bw:.0f}% | {r['eager_us']:.1f} | {r['compile_us']:.1f} | {c:.2f} | {e:.2f} | "
              f"{r['launches']} | {r['wall']:.1f} | {r['eager_wall']:.1f} | {r['compile_wall']:.1f} | "
              f"{r['compile_s']:.2f} |")
    g = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")
    print(f"\ngeomean speed-up for sizes >= 2^20: vs torch.compile {g(sp_c):.3f}, vs eager {g(sp_e):.3f}")


if __name__ == "__main__":
    main()
