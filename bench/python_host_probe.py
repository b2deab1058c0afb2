#!/usr/bin/env python3
"""Where the host time of a one-op ferric call on device data goes (issue
15), on the CUDA target, against torch eager in the same process.

Times, per call, the host loop of 20000 calls (best of 5, each followed by
one synchronization): `f(a, b, stream=s)` through the C fast path (with a
torch.cuda.Stream and with an int handle), torch's `ta + tb` on the same
memory, the C API call alone through ctypes (ferric_run_device_on_stream_event
and the results' free) and an empty ctypes call; then ferric's call and
torch's add in alternating batches, with the median ratio (the GPU
machine's host speed varies by tens of percent from run to run). With FERRIC_CUDA_PROFILE=1
the CUDA runtime prints each driver call's count and time at exit.

    FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python \\
        python3 bench/python_host_probe.py
"""

import statistics
import time

import torch

import ferric
from ferric import _capi
from ferric import tensor as ft


def batch(fn, n):
    """us per call of the host loop of `n` calls (then synchronized)."""
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    t1 = time.perf_counter()
    torch.cuda.synchronize()
    return (t1 - t0) / n * 1e6


def loop(fn, n=20000):
    return min(batch(fn, n) for _ in range(5))


def paired(f, g, n=5000, rounds=20):
    """Batches of `f` and `g` alternated: the median of each and of their
    ratio per round (the host's speed drifts by tens of percent between
    runs; alternating keeps both under the same conditions)."""
    fs, gs = [], []
    for _ in range(rounds):
        fs.append(batch(f, n))
        gs.append(batch(g, n))
    ratios = sorted(a / b for a, b in zip(fs, gs))
    return (statistics.median(fs), statistics.median(gs),
            statistics.median(ratios), ratios[0], ratios[-1])


def main():
    ta = torch.randn(1024, device="cuda")
    tb = torch.randn(1024, device="cuda")
    a, b = ferric.asarray(ta), ferric.asarray(tb)  # the same memory
    s = torch.cuda.current_stream()
    handle = s.cuda_stream
    f = ferric.jit(lambda x, y: x + y, target="cuda")
    for _ in range(100):
        f(a, b, stream=s)
    torch.cuda.synchronize()
    print("C fast path loaded: %s" % (_capi._fastcall is not None))
    print("ferric f(a, b, stream=torch stream)  %.2f us"
          % loop(lambda: f(a, b, stream=s)))
    print("ferric f(a, b, stream=int handle)    %.2f us"
          % loop(lambda: f(a, b, stream=handle)))
    print("torch ta + tb                        %.2f us"
          % loop(lambda: ta + tb))
    exe = next(iter(f._fast.values())).exe
    frame = ft._frame(exe)
    for view, t in zip(frame.views, (a, b)):
        view.data = t._ptr

    def c_api():
        _capi._run_device_on_stream_event(
            exe._handle, frame.arr, 2, handle, frame.out_ref, frame.nout_ref,
            frame.ready_ref)
        _capi._device_tensors_free(frame.out, frame.nout.value)

    print("C API call + free through ctypes     %.2f us" % loop(c_api))
    print("paired, 20 rounds of 5000 calls each: ferric %.2f us, torch "
          "%.2f us, ferric/torch median %.3f (range %.3f-%.3f)"
          % paired(lambda: f(a, b, stream=s), lambda: ta + tb))
    print("empty ctypes call                    %.2f us"
          % loop(lambda: _capi._device_tensors_free(frame.out, 0)))


if __name__ == "__main__":
    main()
