#!/usr/bin/env python3
"""Compile-time benchmark (no GPU needed).

1. Fusion time: ferric-fuse on generated graphs of 1k, 10k and 100k ferric
   ops (a random DAG where each op reads one or two of the last 16 values),
   timed by MLIR's own pass timer (--mlir-timing) so parsing and printing
   are excluded.
2. ferric IR -> fatbin per kernel: the NVVM pipeline (ptxas and fatbinary
   through MLIR's serializer) on the shipped workloads, whole-process wall
   time and the pipeline's own time.
3. Huge graphs end to end on the CPU target (issue 42): an elementwise
   chain of N ops (test/Integration/cpu/Inputs/gen_chain.py) compiled and
   run by `ferric-run --target=cpu`, fused and with --no-fuse, the child's
   user + system CPU seconds (the machine's load does not count) and wall
   time, and how much each step of N multiplies the CPU time (linear: by
   the step's factor).

  python3 bench/compile_time.py --ferric-opt build/bin/ferric-opt
  python3 bench/compile_time.py --parts=chains --ferric-run build/bin/ferric-run
"""
import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
UNARY = ["neg", "abs", "exp", "tanh", "relu", "sigmoid", "silu"]
BINARY = ["add", "sub", "mul", "max", "min"]


def graph(n, seed=0):
    rnd = random.Random(seed)
    t = "tensor<1024xf32>"
    lines = [f"func.func @g(%a: {t}, %b: {t}, %c: {t}) -> {t} {{"]
    vals = ["%a", "%b", "%c"]
    for i in range(n):
        if rnd.random() < 0.4:
            op = rnd.choice(UNARY)
            lines.append(f"  %v{i} = ferric.{op} {rnd.choice(vals[-16:])} : {t}")
        else:
            op = rnd.choice(BINARY)
            x, y = rnd.choice(vals[-16:]), rnd.choice(vals[-16:])
            lines.append(f"  %v{i} = ferric.{op} {x}, {y} : {t}")
        vals.append(f"%v{i}")
    lines.append(f"  return {vals[-1]} : {t}\n}}")
    return "\n".join(lines) + "\n"


def pass_time(out, name):
    m = re.search(r"([\d.]+) \([ \d.]+%\)\s+" + re.escape(name), out)
    return float(m.group(1)) if m else float("nan")


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def chains(args, tmp):
    """Part 3: chains of N ops through ferric-run --target=cpu."""
    gen = os.path.join(HERE, "..", "test", "Integration", "cpu", "Inputs",
                       "gen_chain.py")
    print("| chain ops | mode | CPU s (user+sys) | wall s | x previous N | CPU x |")
    print("|---|---|---|---|---|---|")
    for mode, sizes in (("fused", args.chains),
                        ("--no-fuse", args.unfused_chains)):
        prev = None
        for n in [int(v) for v in sizes.split(",") if v]:
            path = os.path.join(tmp, f"chain{n}.mlir")
            with open(path, "w") as f:
                subprocess.run([sys.executable, gen, str(n)], stdout=f,
                               check=True)
            cmd = [args.ferric_run, path, "--target=cpu",
                   "--input=randn:1000xf32", "--input=randn:1000xf32"]
            if mode != "fused":
                cmd.append("--no-fuse")
            c0, t0 = child_cpu(), time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True)
            wall, cpu = time.perf_counter() - t0, child_cpu() - c0
            if out.returncode:
                print(out.stderr, file=sys.stderr)
                return 1
            grow = ("%.1f | %.2f" % (n / prev[0], cpu / prev[1])) if prev \
                else " | "
            print(f"| {n} | {mode} | {cpu:.2f} | {wall:.2f} | {grow} |")
            prev = (n, cpu)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ferric-opt", default="build/bin/ferric-opt")
    ap.add_argument("--ferric-run", default="build/bin/ferric-run")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--parts", default="fuse,nvvm",
                    help="comma list of fuse, nvvm, chains")
    ap.add_argument("--chains", default="6000,12000,24000,100000",
                    help="chain lengths compiled fused (part chains)")
    ap.add_argument("--unfused-chains", default="1500,3000,6000",
                    help="chain lengths compiled with --no-fuse")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    parts = args.parts.split(",")
    if "chains" in parts and chains(args, tmp):
        return 1
    if "fuse" in parts and fuse_times(args, tmp):
        return 1
    if "nvvm" in parts:
        nvvm_times(args, tmp)
    return 0


def fuse_times(args, tmp):
    """Part 1: ferric-fuse on random DAGs."""
    print("| ops | ferric-fuse pass time (s) | whole ferric-opt run (s) | kernels after |")
    print("|---|---|---|---|")
    for n in [int(s) for s in args.sizes.split(",")]:
        path = os.path.join(tmp, f"g{n}.mlir")
        with open(path, "w") as f:
            f.write(graph(n))
        t0 = time.perf_counter()
        out = subprocess.run([args.ferric_opt, path, "--ferric-fuse=report=-",
                              "--mlir-timing", "--mlir-disable-threading",
                              "-o", os.devnull], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if out.returncode:
            print(out.stderr, file=sys.stderr)
            return 1
        kernels = re.search(r"kernel launches: \d+ -> (\d+)", out.stdout).group(1)
        print(f"| {n} | {pass_time(out.stderr, 'FerricFuse'):.3f} | {wall:.2f} | {kernels} |")
    return 0


def nvvm_times(args, tmp):
    """Part 2: ferric IR -> fatbin through the NVVM pipeline."""
    print("\n| workload (f32) | ferric IR -> fatbin, whole process (s) | pipeline time (s) |")
    print("|---|---|---|")
    env = dict(os.environ, CUDA_HOME=os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    for name in ["swiglu", "gelu_tanh", "chain", "long_chain"]:
        src = open(os.path.join(HERE, "workloads", name + ".mlir")).read()
        path = os.path.join(tmp, name + ".mlir")
        with open(path, "w") as f:
            f.write(re.sub(r"\bT\b", "f32", src).replace("xT>", "xf32>"))
        t0 = time.perf_counter()
        out = subprocess.run([args.ferric_opt, path, "--ferric-lower-to-nvvm",
                              "--mlir-timing", "-o", os.devnull],
                             capture_output=True, text=True, env=env)
        wall = time.perf_counter() - t0
        total = re.search(r"([\d.]+) \(100.0%\)\s+Total", out.stderr)
        print(f"| {name} | {wall:.3f} | {float(total.group(1)) if total else float('nan'):.3f} |")


if __name__ == "__main__":
    sys.exit(main())
