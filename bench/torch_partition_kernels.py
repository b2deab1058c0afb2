#!/usr/bin/env python3
"""Kernels per ferric partition of the transformer blocks of
torch_blocks.py, counted in the lowered CUDA IR without a GPU (issue 38).

Each block is traced and partitioned through ``ferric.torch.aot_module`` on
the CPU (torch 1.13 here), then every ferric partition is compiled again
for the CUDA target with cuBLASLt on (the GPU machine's choice) and its
host code is read: ``gpu.launch_func`` ops (Ferric kernels) and
``mgpuCublasLtMatmul`` calls. Nothing runs on a device; the fake CUDA
driver only lets the runtime load:

    FERRIC_CUDA_DRIVER=build/lib/libferric_fake_cuda.so PYTHONPATH=python \\
    FERRIC_LIB_DIR=build/lib python3 bench/torch_partition_kernels.py

It found GPT-2's LayerNorm + QKV linear partition lowered to 10 kernels +
cuBLASLt (now 1 + cuBLASLt; bench/RESULTS.md, issue 38).
"""

import argparse
import os
import re
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ferric  # noqa: E402
import ferric.torch as ft  # noqa: E402
from ferric.api import Function  # noqa: E402
from ferric.torch._partition import FerricPartition  # noqa: E402
import torch_blocks as tb  # noqa: E402


def block(kind, tokens, dtype, hidden, heads, mlp, train):
    """The block (seeded) and its inputs (x, cos, sin) on the CPU."""
    torch.manual_seed(0)
    cls = tb.LlamaBlock if kind == "llama" else tb.GPT2Block
    model = cls(hidden, heads, mlp).to(dtype)
    cos, sin = tb.rope(tokens, hidden // heads, "cpu", dtype)
    x = torch.randn(1, tokens, hidden).to(dtype).requires_grad_(train)
    return model, x, cos, sin


def partitions(kind, tokens, dtype, hidden, heads, mlp, train):
    model, x, cos, sin = block(kind, tokens, dtype, hidden, heads, mlp, train)
    compiled = ft.aot_module(model)
    if train:  # forward and backward graphs
        compiled(x, cos, sin).float().pow(2).mean().backward()
    else:
        with torch.no_grad():
            compiled(x, cos, sin)
    found = []
    for graph in compiled.ferric_graphs:
        for gm, _ in graph.by_signature.values():
            found += [(graph.kind, m) for m in gm.modules()
                      if isinstance(m, FerricPartition)]
    return found


def explain(kind, tokens, dtype, hidden, heads, mlp, train):
    """ferric.torch.explain of the block (forward and backward if
    `train`), for the CUDA target."""
    model, x, cos, sin = block(kind, tokens, dtype, hidden, heads, mlp, train)
    return ft.explain(model, x, cos, sin, backward=train, target="cuda")


def cuda_counts(kind, part, dump=None):
    """(Ferric kernels, cuBLASLt calls) of the partition's CUDA build;
    `dump`: a directory that gets its ferric IR (KIND-NAME.mlir, KIND the
    graph's: forward, backward)."""
    f = part.function
    sig = f._last_signature
    fn = Function(f._roots, target="cuda", num_inputs=len(sig),
                  name=f._name, pipeline="cublaslt=true")
    specs = [ferric.spec(shape, dt) for dt, shape in sig]
    if dump:
        with open(os.path.join(dump, "%s-%s.mlir" % (kind, f._name)),
                  "w") as out:
            out.write(fn.mlir(*specs))
    ir = fn.executable(*specs).lowered_ir()
    return (ir.count("gpu.launch_func"),
            len(re.findall(r"call @mgpuCublasLtMatmul\b", ir)))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--blocks", default="gpt2,llama")
    p.add_argument("--tokens", default="1,16")
    p.add_argument("--dtypes", default="f32,bf16")
    p.add_argument("--modes", default="fwd", help="fwd,train")
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--mlp", type=int, default=512)
    p.add_argument("--dump", help="directory for each partition's ferric IR "
                   "(DIR/BLOCK-MODE-DTYPE-TOKENS/GRAPH-NAME.mlir)")
    p.add_argument("--explain", action="store_true",
                   help="after each case's row, ferric.torch.explain's "
                   "report (backward too for train): the ops that fell "
                   "back and why")
    args = p.parse_args()
    dtypes = {"f32": torch.float32, "bf16": torch.bfloat16}
    print("| block | mode | dtype | tokens | partitions | ferric kernels | "
          "cuBLASLt calls | per partition (kernels+cuBLASLt) |")
    print("|---|---|---|---|---|---|---|---|")
    cases = [(k, m, d, t) for k in args.blocks.split(",")
             for m in args.modes.split(",") for d in args.dtypes.split(",")
             for t in map(int, args.tokens.split(","))]
    for kind, mode, dname, tokens in cases:
        parts = partitions(kind, tokens, dtypes[dname], args.hidden,
                           args.heads, args.mlp, mode == "train")
        dump = None
        if args.dump:
            dump = os.path.join(args.dump, "%s-%s-%s-%d" % (
                kind, mode, dname, tokens))
            os.makedirs(dump, exist_ok=True)
        counts = [cuda_counts(k, q, dump) for k, q in parts
                  if q.function is not None]
        eager = len(parts) - len(counts)
        print("| %s | %s | %s | %d | %d%s | %d | %d | %s |" % (
            kind, mode, dname, tokens, len(parts),
            " (%d eager)" % eager if eager else "",
            sum(k for k, _ in counts), sum(c for _, c in counts),
            " ".join("%d+%d" % c for c in counts)), flush=True)
        if args.explain:
            print("\n```\n%s\n```\n" % explain(
                kind, tokens, dtypes[dname], args.hidden, args.heads,
                args.mlp, mode == "train"), flush=True)


if __name__ == "__main__":
    main()
