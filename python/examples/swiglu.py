#!/usr/bin/env python3
"""The SwiGLU gate, `silu(a) * b`, from Python: one fused kernel, checked
against numpy.

    PYTHONPATH=python FERRIC_LIB_DIR=build/lib python3 \\
        python/examples/swiglu.py [--target cpu|cuda|vulkan] [--n N]
"""

import argparse
import sys
import time

import numpy as np

import ferric
from ferric import E


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default="cpu",
                        choices=["cpu", "cuda", "vulkan"])
    parser.add_argument("--n", type=int, default=1 << 20)
    args = parser.parse_args()
    if not ferric.target_available(args.target):
        print("%s is not available here: %s"
              % (args.target, ferric.target_unavailable_reason(args.target)))
        return 0

    rng = np.random.default_rng(0)
    a = rng.standard_normal(args.n).astype(np.float32)
    b = rng.standard_normal(args.n).astype(np.float32)

    # Build the expression, then evaluate it on the inputs.
    gate = E.input(0).silu() * E.input(1)
    start = time.perf_counter()
    out = ferric.eval([a, b], gate, target=args.target)
    first = time.perf_counter() - start
    start = time.perf_counter()
    out = ferric.eval([a, b], gate, target=args.target)
    again = time.perf_counter() - start

    a64 = a.astype(np.float64)
    ref = a64 / (1.0 + np.exp(-a64)) * b
    err = np.max(np.abs(out - ref) / np.maximum(np.abs(ref), 1e-30))
    print(gate.mlir(a, b, target=args.target))
    print(gate.report(a, b, target=args.target))
    print("n = %d on %s: first call %.3f s (compile + run), second %.3f s; "
          "max relative error vs float64 numpy %.2g"
          % (args.n, args.target, first, again, err))
    print(ferric.cache_stats())
    ok = np.allclose(out, ref, rtol=1e-6, atol=1e-7)
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
