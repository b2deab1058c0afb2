#!/usr/bin/env python3
"""Checks bench workloads without a GPU, and counts their CUDA kernels.

For each workload (bench/workloads/NAME.mlir, element type T) and dtype:
`ferric-run --check` (against the unfused program in f64) on the targets
given, with every dynamic dim of the inputs set to a small count (3, or 1
where one leading index holds more than 2^20 elements) and the size letters
of the static TOSA workloads (R rows, a matmul's M, K, N) set as --dims says,
and `ferric-opt --ferric-lower-to-nvvm=format=isa`: the number of
`gpu.launch_func` sites in @main (kernels a call can launch; the host may
pick among variants; "+ N cuBLASLt" when it calls cuBLASLt), plus the
schedule remarks of ferric-reduction-to-gpu. Group names: issue13, issue41,
tosa (driver.py's lists).

  python3 bench/check_workloads.py --build build --workloads=issue41 \
      --targets=cpu,vulkan

Needs CUDA_HOME (ptxas) for the kernel count; no torch.
"""
import argparse
import ast
import math
import os
import re
import subprocess
import sys
import tempfile

from workload_ir import static_dims, typed as typed_ir

HERE = os.path.dirname(os.path.abspath(__file__))

def driver_list(name):
    """A workload list of bench/driver.py (ISSUE41, ROW_STATS, ...), read
    from its source: importing driver.py needs torch with torch._dynamo."""
    tree = ast.parse(open(os.path.join(HERE, "driver.py")).read())
    env = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.isupper()):
            try:
                exec(compile(ast.Module([node], []), "driver.py", "exec"), env)
            except Exception:  # noqa: BLE001 - lists only; skip the rest
                pass
    return env[name]


def typed(name, dt, dims=None):
    src = open(os.path.join(HERE, "workloads", name + ".mlir")).read()
    return static_dims(typed_ir(src, dt), dims or {})


def input_shapes(ir):
    """The argument shapes of @main with each '?' set to a small count."""
    sig = re.search(r"func\.func @main\((.*?)\)\s*->", ir, re.S).group(1)
    shapes = []
    for dims, dt in re.findall(r"tensor<([0-9?x]*?)x?(f32|f16|bf16)>", sig):
        ds = dims.split("x") if dims else []
        static = math.prod(int(d) for d in ds if d != "?")
        k = "1" if static > (1 << 20) else "3"
        shapes.append("x".join(k if d == "?" else d for d in ds) + "x" + dt)
    return shapes


def check(ferric_run, prog, shapes, target):
    args = [ferric_run, prog, f"--target={target}", "--check", "--seed=41"]
    args += ["--input=rand:" + s for s in shapes]
    out = subprocess.run(args, capture_output=True, text=True)
    last = (out.stdout + out.stderr).strip().splitlines()[-1:]
    return out.returncode, " ".join(last)


def kernels(ferric_opt, prog):
    # ferric-opt, unlike ferric-run, imports only when asked.
    tosa = ["--ferric-import-tosa"] if "tosa." in open(prog).read() else []
    out = subprocess.run(
        [ferric_opt, prog] + tosa + ["--ferric-lower-to-nvvm=format=isa",
                                     "--remarks-filter=ferric-reduction-to-gpu"],
        capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1:]
    main = out.stdout[out.stdout.index("llvm.func @main("):]
    main = main[:main.index("\n  }\n")] if "\n  }\n" in main else main
    remarks = re.findall(r'Remark="([^"]*)"', out.stderr)
    n = str(main.count("gpu.launch_func"))
    blas = main.count("llvm.call @mgpuCublasLtMatmul(")
    return n + (f" + {blas} cuBLASLt" if blas else ""), remarks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--workloads", default="issue41")
    ap.add_argument("--dtypes", default="f32,bf16,f16")
    ap.add_argument("--targets", default="cpu")
    ap.add_argument("--dims", default="R=3,M=16,K=32,N=64",
                    help="the static sizes of the TOSA workloads' letters")
    args = ap.parse_args()
    dims = {d: int(v) for d, v in
            (kv.split("=") for kv in args.dims.split(",") if kv)}
    names = []
    for w in args.workloads.split(","):
        names += (driver_list(w.upper()) if w in ("issue41", "issue13", "tosa")
                  else [w])
    run = os.path.join(args.build, "bin", "ferric-run")
    opt = os.path.join(args.build, "bin", "ferric-opt")
    tmp = tempfile.mkdtemp()
    failed = 0
    print("| workload | dtype | inputs | " + " | ".join(
        f"--check {t}" for t in args.targets.split(",")) +
        " | CUDA launch sites | schedule remarks |")
    print("|---|---|---|" + "---|" * len(args.targets.split(",")) + "---|---|")
    for name in names:
        for dt in args.dtypes.split(","):
            ir = typed(name, dt, dims)
            prog = os.path.join(tmp, f"{name}_{dt}.mlir")
            with open(prog, "w") as f:
                f.write(ir)
            shapes = input_shapes(ir)
            cells = []
            for t in args.targets.split(","):
                rc, msg = check(run, prog, shapes, t)
                failed += rc != 0
                cells.append("ok" if rc == 0 else f"FAIL ({msg})")
            n, remarks = kernels(opt, prog)
            failed += n is None
            print(f"| {name} | {dt} | {', '.join(shapes)} | "
                  + " | ".join(cells) + f" | {n if n is not None else remarks} | "
                  + ("; ".join(dict.fromkeys(remarks)) if n is not None else "")
                  + " |", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
