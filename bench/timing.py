"""Host timing shared by the Python benchmarks in bench/ (run as scripts,
so they import this file as a top-level module)."""

import statistics
import time


def median_us(fn, iters, sync, warmup=None):
    """The median wall time of one `fn()` followed by `sync()`, in
    microseconds, over `iters` calls after `warmup` unmeasured ones and a
    sync (default: a tenth of `iters`, at least 10)."""
    if warmup is None:
        warmup = max(iters // 10, 10)
    for _ in range(warmup):
        fn()
    sync()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(times)
