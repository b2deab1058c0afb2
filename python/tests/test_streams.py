"""``stream=``: compiled calls queued on the caller's CUDA stream without a
host wait (C API ferric_run_device_on_stream), and how their results order
with the host, other streams and stream-less calls.

The CUDA tests run on a GPU machine (the lead's H200 run); here only the
error paths of the C API and the stream-handle rules run."""

import ctypes

import numpy as np
import pytest

import ferric
from ferric import E, _capi
from ferric import tensor as ft

try:
    import torch
except ImportError:
    torch = None

needs_cuda = pytest.mark.skipif(not ferric.target_available("cuda"),
                                reason="no CUDA here")
needs_torch_cuda = pytest.mark.skipif(
    torch is None or not torch.cuda.is_available(),
    reason="no torch with CUDA here")


def test_run_device_on_stream_is_in_the_library():
    assert hasattr(_capi._lib, "ferric_run_device_on_stream")
    assert _capi._run_device_on_stream is not None


def test_run_device_on_stream_refuses_the_cpu_target():
    f = ferric.compile(E.input(0) + 1.0)
    f(np.zeros(4, np.float32))
    exe = f.executable()
    t = ferric.asarray(np.zeros(4, np.float32))
    arr = (_capi._Tensor * 1)()
    shape = (ctypes.c_int64 * 1)(4)
    arr[0].dtype, arr[0].rank, arr[0].shape = 2, 1, shape
    arr[0].data = t.data_ptr()
    out = ctypes.POINTER(_capi._Tensor)()
    nout = ctypes.c_size_t(9)
    status = _capi._run_device_on_stream(exe._handle, arr, 1, None,
                                         ctypes.byref(out),
                                         ctypes.byref(nout))
    assert status == 5  # FERRIC_ERROR_UNSUPPORTED
    assert b"streams are CUDA's; this executable is for cpu" in \
        _capi._last_error()
    assert nout.value == 0 and not out


def test_stream_handles():
    assert ft.stream_handle(0) == 0
    assert ft._same_stream(0, 1) and ft._same_stream(1, 0)
    assert not ft._same_stream(0, 1234)
    assert ft._dlpack_stream(0) == 1 and ft._dlpack_stream(77) == 77

    class CupyLike:
        ptr = 4321
    assert ft.stream_handle(CupyLike()) == 4321


def test_a_host_tensor_has_no_stream():
    t = ferric.asarray(np.ones(4, np.float32))
    assert t._cuda_stream is None
    y = ferric.compile(E.input(0) * 2.0)(t)
    assert y._cuda_stream is None


# --- CUDA -----------------------------------------------------------------

def _busy(stream, ms=200):
    """Queues about `ms` milliseconds of device work on the torch stream."""
    with torch.cuda.stream(stream):
        torch.cuda._sleep(int(ms * 1e6))  # ~1 GHz+ clocks: >= ms


@needs_cuda
@needs_torch_cuda
def test_stream_call_does_not_wait_on_the_host():
    s = torch.cuda.Stream()
    f = ferric.compile(E.input(0) * 2.0 + 1.0, target="cuda")
    x = ferric.asarray(np.arange(1024, dtype=np.float32), device="cuda")
    f(x, stream=s)  # compiled and warm
    s.synchronize()
    _busy(s)
    y = f(x, stream=s)
    # Queued behind the sleep: the call returned while s is still busy.
    assert not s.query(), "the call waited for its stream on the host"
    assert y._cuda_stream == s.cuda_stream
    assert y.__cuda_array_interface__["stream"] == s.cuda_stream
    # Reading it waits for s.
    np.testing.assert_array_equal(y.numpy(), np.arange(1024) * 2.0 + 1.0)
    assert s.query()


@needs_cuda
@needs_torch_cuda
def test_stream_call_runs_after_torch_work_on_that_stream():
    s = torch.cuda.Stream()
    f = ferric.compile(E.input(0) * 2.0, target="cuda")
    with torch.cuda.stream(s):
        x = torch.ones(1 << 22, device="cuda")
        torch.cuda._sleep(int(50e6))
        x.mul_(3.0)  # queued on s, after the sleep
        out = f(x, stream=s)  # a torch tensor: imported for s
        z = torch.from_dlpack(out)  # consumer on s: no wait needed
        w = z + 1.0
    s.synchronize()
    assert w.eq(7.0).all().item()


@needs_cuda
@needs_torch_cuda
def test_stream_results_feed_calls_on_the_same_and_other_streams():
    s = torch.cuda.Stream()
    f = ferric.compile(E.input(0) + 1.0, target="cuda")
    g = ferric.compile(E.input(0) * 10.0, target="cuda")
    x = ferric.asarray(np.zeros(4096, np.float32), device="cuda")
    f(x, stream=s)
    g(x)
    s.synchronize()
    _busy(s)
    a = f(x, stream=s.cuda_stream)  # an int handle
    b = f(a, stream=s)  # same stream: queued, no wait
    assert not s.query()
    c = g(b)  # stream=None: waits for s first, then runs synchronously
    assert s.query()
    np.testing.assert_array_equal(c.numpy(), np.full(4096, 20.0, np.float32))


@needs_cuda
@needs_torch_cuda
def test_stream_call_on_the_legacy_default_stream():
    f = ferric.compile(E.input(0) - 1.0, target="cuda")
    x = torch.full((1000,), 5.0, device="cuda")
    y = f(x, stream=0)  # the legacy default stream, where torch ran
    torch.testing.assert_close(torch.from_dlpack(y),
                               torch.full((1000,), 4.0, device="cuda"))


@needs_cuda
@needs_torch_cuda
def test_memory_freed_after_a_stream_call_is_not_reused_too_early():
    # Results freed at once while their stream is still busy: the caching
    # allocator must not hand their blocks to the runtime's own stream
    # before s got there.
    s = torch.cuda.Stream()
    f = ferric.compile(E.input(0) * 3.0, target="cuda")
    g = ferric.compile(E.input(0) + 5.0, target="cuda")
    n = 1 << 20
    x = ferric.asarray(np.ones(n, np.float32), device="cuda")
    f(x, stream=s)
    g(x)
    s.synchronize()
    _busy(s)
    for _ in range(4):
        f(x, stream=s)  # results (3.0) dropped at once, written later
    y = g(x)  # stream=None: may get one of those blocks (same size)
    # Had y's block been handed out before s got past f's writes, they
    # would land in y once s runs.
    s.synchronize()
    np.testing.assert_array_equal(y.numpy(), np.full(n, 6.0, np.float32))
    last = f(x, stream=s)
    np.testing.assert_array_equal(last.numpy(), np.full(n, 3.0, np.float32))


@needs_cuda
def test_stream_call_with_numpy_inputs_is_a_host_call():
    # Nothing on the device: numpy in, numpy out, complete on return.
    f = ferric.compile(E.input(0) + 1.0, target="cuda")
    y = f(np.zeros(8, np.float32), stream=0)
    assert isinstance(y, np.ndarray)
    np.testing.assert_array_equal(y, np.ones(8, np.float32))
