#!/usr/bin/env python3
"""Host overhead of compiled calls on device-resident data (issue 15):
``ferric.jit`` on ferric.Tensors vs torch eager on the same tensors, for a
one-op call and a 5-op chain, and the same chain in lazy mode with its
FusionStats. Prints medians in microseconds per call (wall time, the call
plus its synchronization).

    PYTHONPATH=python FERRIC_LIB_DIR=build/lib python3 \\
        python/examples/device_overhead.py [--target cpu|cuda|vulkan]
        [--n 1024] [--iters 2000]
"""

import argparse
import statistics
import sys
import time

import numpy as np

import ferric

try:
    import torch
except ImportError:
    torch = None


def median_us(fn, iters, sync):
    for _ in range(max(iters // 10, 5)):
        fn()
    sync()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default="cpu",
                        choices=["cpu", "cuda", "vulkan"])
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--iters", type=int, default=2000)
    args = parser.parse_args()
    if not ferric.target_available(args.target):
        print("%s is not available here: %s"
              % (args.target, ferric.target_unavailable_reason(args.target)))
        return 0

    rng = np.random.default_rng(0)
    a_np = rng.standard_normal(args.n).astype(np.float32)
    b_np = rng.standard_normal(args.n).astype(np.float32)
    a = ferric.asarray(a_np, device=args.target)
    b = ferric.asarray(b_np, device=args.target)

    one = ferric.jit(lambda x, y: x + y, target=args.target)
    chain = ferric.jit(lambda x, y: ((x * y + 1.0).exp() - y).silu() * x,
                       target=args.target)
    rows = [("ferric.jit 1 op", median_us(lambda: one(a, b), args.iters,
                                          lambda: None)),
            ("ferric.jit 5 ops", median_us(lambda: chain(a, b), args.iters,
                                           lambda: None))]

    def lazy_chain():
        with ferric.lazy():
            (((a * b + 1.0).exp() - b).silu() * a).data_ptr()

    lazy_chain()
    ferric.reset_fusion_stats()
    rows.append(("ferric.lazy 5 ops", median_us(lazy_chain, args.iters,
                                                lambda: None)))
    stats = ferric.fusion_stats()

    tdev = "cuda" if args.target == "cuda" else "cpu"
    if torch is not None and (tdev == "cpu" or torch.cuda.is_available()):
        ta = torch.from_numpy(a_np).to(tdev)
        tb = torch.from_numpy(b_np).to(tdev)
        tsync = torch.cuda.synchronize if tdev == "cuda" else (lambda: None)
        silu = torch.nn.functional.silu
        rows.append(("torch eager 1 op", median_us(lambda: ta + tb,
                                                   args.iters, tsync)))
        rows.append(("torch eager 5 ops", median_us(
            lambda: silu((ta * tb + 1.0).exp() - tb) * ta, args.iters,
            tsync)))
    for name, us in rows:
        print("%-20s %10.1f us/call" % (name, us))
    print("lazy: %d flushes, %d kernels launched, %d launches saved, "
          "%d cache hits over %d calls"
          % (stats.flushes, stats.kernels_launched, stats.launches_saved,
             stats.cache_hits, args.iters + max(args.iters // 10, 5)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
