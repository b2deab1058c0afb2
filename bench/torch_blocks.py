#!/usr/bin/env python3
"""torch.compile(backend="ferric") on transformer blocks (issue 38), against
torch eager and torch.compile (inductor) in the same process.

Blocks (bf16 by default):
  llama  RMSNorm, q/k/v/o projections, RoPE, scaled_dot_product_attention
         (left to torch), SwiGLU MLP, residuals;
  gpt2   LayerNorm, fused qkv projection with bias, SDPA, GELU (tanh) MLP
         with biases, residuals.
Per block, token count (1, 16, 4096 by default: decode and prefill/training
sizes) and mode (fwd: forward under no_grad; train: forward + backward):
median time per call (CUDA events), kernels launched per call (CUDA
kernels the profiler sees, cuBLAS and ferric's own launches included),
compile time (first call), and the largest error against eager.

Writes DIR/torch_blocks.json and DIR/torch_blocks.md. On the GPU machine
(torch >= 2 with CUDA), from the C API pack:

    FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python \\
        python3 bench/torch_blocks.py --out /tmp/out

--device cpu --dtype f32 --tokens 4 --hidden 64 runs a smoke version here
(torch 1.13: no torch.compile, so ferric goes through aot_module).
"""

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
import traceback

import torch
import torch.nn.functional as F
from torch import nn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import ferric.torch as ft  # noqa: E402


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        h = x.float()
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * h.to(x.dtype)


def _attention(q, k, v, is_causal=False):
    # torch < 2 has no scaled_dot_product_attention (smoke runs here).
    s = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    if is_causal:
        t = q.shape[-2]
        mask = torch.ones(t, t, dtype=torch.bool, device=q.device).triu(1)
        s = s.masked_fill(mask, float("-inf"))
    return torch.softmax(s, -1) @ v


sdpa = getattr(F, "scaled_dot_product_attention", _attention)


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class LlamaBlock(nn.Module):
    def __init__(self, d, heads, mlp):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.norm1, self.norm2 = RMSNorm(d), RMSNorm(d)
        self.q, self.k, self.v, self.o = (nn.Linear(d, d, bias=False)
                                          for _ in range(4))
        self.gate = nn.Linear(d, mlp, bias=False)
        self.up = nn.Linear(d, mlp, bias=False)
        self.down = nn.Linear(mlp, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, d = x.shape
        h = self.norm1(x)
        q, k, v = (p(h).view(b, t, self.heads, self.hd).transpose(1, 2)
                   for p in (self.q, self.k, self.v))
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        a = sdpa(q, k, v, is_causal=t > 1)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
        h = self.norm2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class GPT2Block(nn.Module):
    def __init__(self, d, heads, mlp):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.fc = nn.Linear(d, mlp)
        self.out = nn.Linear(mlp, d)

    def forward(self, x, cos=None, sin=None):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, self.hd).transpose(1, 2)
                   for z in (q, k, v))
        a = sdpa(q, k, v, is_causal=t > 1)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


def rope(t, hd, device, dtype):
    inv = 1.0 / (10000 ** (torch.arange(0, hd, 2, device=device).float()
                           / hd))
    ang = torch.outer(torch.arange(t, device=device).float(), inv)
    ang = torch.cat((ang, ang), dim=-1)
    return ang.cos().to(dtype), ang.sin().to(dtype)


def sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


def timed(fn, device, iters, warmup=3):
    for _ in range(warmup):
        fn()
    sync(device)
    times = []
    for _ in range(iters):
        if device == "cuda":
            s, e = (torch.cuda.Event(enable_timing=True) for _ in range(2))
            s.record()
            fn()
            e.record()
            torch.cuda.synchronize()
            times.append(s.elapsed_time(e) * 1e3)
        else:
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(times)


def count_kernels(fn, device, table=None):
    """Kernels one steady-state call launches (CUDA); with `table`, a file
    that gets the call's kernels by device time and its host ops by CPU
    time (torch.profiler's tables): which kernel or which host step a slow
    row spends its time in."""
    if device != "cuda":
        return None
    from torch.profiler import ProfilerActivity, profile
    sync(device)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]
                 if table else [ProfilerActivity.CUDA]) as prof:
        fn()
        sync(device)
    if table:
        averages = prof.key_averages()
        with open(table, "w") as f:
            for key in ("cuda_time_total", "self_cpu_time_total"):
                f.write("by %s\n%s\n\n" % (key, averages.table(
                    sort_by=key, row_limit=30, max_name_column_width=70)))
    return sum(1 for e in prof.events()
               if str(getattr(e, "device_type", "")).endswith("CUDA"))


def profile_steps(step, device, args, name):
    """cProfile of --profile steady-state calls: where the host time of a
    call goes (the partitions' Python glue, ferric's call, torch's ops).
    Written to DIR/profile-NAME.txt, by own time and by cumulative time."""
    import cProfile
    import io
    import pstats
    sync(device)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(args.profile):
        step()
    sync(device)
    prof.disable()
    text = io.StringIO()
    stats = pstats.Stats(prof, stream=text)
    text.write("%d calls of %s\n" % (args.profile, name))
    stats.sort_stats("tottime").print_stats(40)
    stats.sort_stats("cumulative").print_stats(40)
    with open(os.path.join(args.out, "profile-%s.txt" % name), "w") as f:
        f.write(text.getvalue())


def make_step(model, x, cos, sin, train):
    if not train:
        def step():
            with torch.no_grad():
                return model(x, cos, sin)
        return step

    def step():
        out = model(x, cos, sin)
        out.float().pow(2).mean().backward()
        return out
    return step


def compiled(model, how):
    """(callable, the ferric Backend or aot_module whose graphs explain
    what ferric did, or None)."""
    if how == "eager":
        return model, None
    if how == "inductor":
        return torch.compile(model, backend="inductor"), None
    options = {"matmul": False} if how == "ferric-nomm" else {}
    if hasattr(torch, "compile") and hasattr(torch, "_dynamo"):
        be = ft.backend(**options)
        return torch.compile(model, backend=be), be
    m = ft.aot_module(model, **options)  # torch 1.13 smoke runs
    return m, m


def explain(how, source):
    """Partitions and fallbacks of the graphs ferric compiled, printed (the
    log keeps them) and summed up for the row."""
    graphs = source.graphs if hasattr(source, "graphs") else \
        source.ferric_graphs
    reports = [r for g in graphs for r in g.reports]
    print("%s explain:\n%s" % (how, "\n".join(
        line for r in reports for line in r.lines())), flush=True)
    return {how + "_graphs": len(reports),
            how + "_partitions": sum(len(r.partitions) for r in reports),
            how + "_fell_back": sum(len(r.fell_back) for r in reports)}


def run_case(args, kind, tokens, train, device, dtype):
    torch.manual_seed(0)
    cls = LlamaBlock if kind == "llama" else GPT2Block
    base = cls(args.hidden, args.heads, args.mlp).to(device, dtype)
    hd = args.hidden // args.heads
    cos, sin = rope(tokens, hd, device, dtype)
    x0 = torch.randn(1, tokens, args.hidden, device=device, dtype=dtype)
    row = {"block": kind, "tokens": tokens,
           "mode": "train" if train else "fwd"}
    ref = None
    for how in args.backends:
        if how == "inductor" and not hasattr(torch, "compile"):
            continue
        if hasattr(torch, "_dynamo"):
            torch._dynamo.reset()
        x = x0.clone().requires_grad_(train)
        try:
            model, source = compiled(base, how)
            step = make_step(model, x, cos, sin, train)
            t0 = time.perf_counter()
            out = step()
            sync(device)
            row[how + "_compile_s"] = round(time.perf_counter() - t0, 3)
            out = out.detach().float()
            if how == "eager":
                ref = out
            elif ref is not None:
                scale = ref.abs().max().item() or 1.0
                row[how + "_max_rel_err"] = float(
                    (out - ref).abs().max().item() / scale)
            row[how + "_us"] = round(timed(step, device, args.iters), 2)
            row[how + "_kernels"] = count_kernels(
                step, device, os.path.join(args.out, "kernels-%s-%d-%s-%s.txt"
                                           % (kind, tokens, row["mode"], how))
                if args.profile else None)
            if args.profile and how.startswith("ferric"):
                profile_steps(step, device, args, "%s-%d-%s-%s" % (
                    kind, tokens, row["mode"], how))
            if source is not None:
                row.update(explain(how, source))
        except Exception as e:  # noqa: BLE001 - keep the other rows
            row[how + "_error"] = "%s: %s" % (type(e).__name__,
                                               str(e).splitlines()[0][:200]
                                               if str(e) else "")
            traceback.print_exc()
        base.zero_grad(set_to_none=True)
    return row


def markdown(rows, meta):
    cols = [("block", "block"), ("tokens", "tokens"), ("mode", "mode")]
    for how in ("eager", "inductor", "ferric", "ferric-nomm"):
        cols += [(how + "_us", how + " us"), (how + "_kernels",
                                             how + " kernels")]
    cols += [("ferric_vs_eager", "ferric/eager speedup"),
             ("ferric_vs_inductor", "ferric/inductor speedup"),
             ("inductor_compile_s", "inductor compile s"),
             ("ferric_compile_s", "ferric compile s"),
             ("ferric_max_rel_err", "ferric max rel err")]
    out = ["# torch_blocks (%s)" % meta, "",
           "| " + " | ".join(c[1] for c in cols) + " |",
           "|" + "---|" * len(cols)]
    for r in rows:
        r = dict(r)
        for other in ("eager", "inductor"):
            if r.get("ferric_us") and r.get(other + "_us"):
                r["ferric_vs_" + other] = round(
                    r[other + "_us"] / r["ferric_us"], 3)
        out.append("| " + " | ".join(
            "%.3g" % r[k] if isinstance(r.get(k), float) and
            k.endswith("err") else str(r.get(k, "-")) for k, _ in cols)
            + " |")
    errors = [(r["block"], r["tokens"], r["mode"], k, v) for r in rows
              for k, v in r.items() if k.endswith("_error")]
    if errors:
        out += ["", "Errors:"] + ["- %s %s %s %s: %s" % e for e in errors]
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=".", help="directory for JSON + table")
    p.add_argument("--device", default="cuda")
    p.add_argument("--dtype", default="bf16", choices=["bf16", "f16", "f32"])
    p.add_argument("--blocks", default="llama,gpt2")
    p.add_argument("--tokens", default="1,16,4096")
    p.add_argument("--modes", default="fwd,train")
    p.add_argument("--backends", default="eager,inductor,ferric",
                   help="of eager, inductor, ferric, ferric-nomm (ferric "
                   "with every matmul left to torch)")
    p.add_argument("--hidden", type=int, default=2048)
    p.add_argument("--heads", type=int, default=16)
    p.add_argument("--mlp", type=int, default=5632)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="also cProfile N steady-state calls of each ferric "
                   "case (DIR/profile-*.txt; with FERRIC_CUDA_PROFILE=1 the "
                   "driver calls too, on stderr at exit)")
    p.add_argument("--budget-s", type=float, default=280.0,
                   help="skip the cases left after this many seconds")
    args = p.parse_args()
    args.backends = args.backends.split(",")
    dtype = {"bf16": torch.bfloat16, "f16": torch.float16,
             "f32": torch.float32}[args.dtype]
    os.makedirs(args.out, exist_ok=True)
    start = time.perf_counter()
    rows = []
    meta = "%s, torch %s, %s, hidden %d, heads %d, mlp %d" % (
        torch.cuda.get_device_name() if args.device == "cuda" else
        platform.processor() or "cpu", torch.__version__, args.dtype,
        args.hidden, args.heads, args.mlp)
    # Token counts outermost: a run cut by --budget-s still has each block
    # at the first sizes listed.
    for tokens in (int(t) for t in args.tokens.split(",")):
        for kind in args.blocks.split(","):
            for mode in args.modes.split(","):
                if time.perf_counter() - start > args.budget_s:
                    rows.append({"block": kind, "tokens": tokens,
                                 "mode": mode, "skipped": "time budget"})
                    continue
                row = run_case(args, kind, tokens, mode == "train",
                               args.device, dtype)
                rows.append(row)
                print(json.dumps(row), flush=True)
                with open(os.path.join(args.out, "torch_blocks.json"),
                          "w") as f:
                    json.dump({"meta": meta, "rows": rows}, f, indent=1)
    table = markdown(rows, meta)
    with open(os.path.join(args.out, "torch_blocks.md"), "w") as f:
        f.write(table)
    print(table)
    print("total %.1f s" % (time.perf_counter() - start))


if __name__ == "__main__":
    main()
