"""The memory and CUDA streams behind a :class:`ferric.Tensor`.

Buffers from the runtime's allocator, the events that say when a
``stream=`` call's results are ready, numpy views over host memory, and
CUstream handles (split from ``ferric.tensor``; every name here is
importable from there too).
"""

import ctypes

import numpy as np

from . import _capi

_ITEMSIZE = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1}
_STORAGE = {"f16": np.float16, "bf16": np.uint16, "f32": np.float32,
            "f64": np.float64, "i1": np.bool_}


class _TargetBuffer:
    """A buffer from ferric_target_alloc, freed with the last reference."""

    def __init__(self, device, nbytes):
        p = ctypes.c_void_p()
        _capi._check(_capi._target_alloc(device.encode(), nbytes,
                                         ctypes.byref(p)))
        self.device, self.ptr = device, p.value

    def __del__(self):
        if getattr(self, "ptr", None) and _capi._target_free is not None:
            _capi._target_free(self.device.encode(), self.ptr)
            self.ptr = None


class _Event:
    """A CUDA event after the work that made some results: the one
    ferric_run_device_on_stream_event recorded, which the results' block
    (`_results`) destroys, so this object keeps them alive and has no
    finalizer (a Python __del__ per call cost the fast path a frame)."""

    @classmethod
    def of_results(cls, ptr, owner):
        e = cls.__new__(cls)
        e.ptr, e._results = ptr, owner
        return e

    def synchronize(self):
        _capi._check(_capi._event_sync(b"cuda", self.ptr))


class _RecordedEvent(_Event):
    """An event recorded on a stream right after a stream= call (by a
    library without ferric_run_device_on_stream_event): the results are
    ready when it is, even after the stream is destroyed (a CuPy stream dies
    with its Python object). Destroyed with this object."""

    def __init__(self, stream):
        p = ctypes.c_void_p()
        _capi._check(_capi._event_record(b"cuda", stream or None,
                                         ctypes.byref(p)))
        self.ptr = p.value

    def __del__(self):
        if getattr(self, "ptr", None) and _capi._event_destroy is not None:
            _capi._event_destroy(b"cuda", self.ptr)
            self.ptr = None


class _DeviceResults:
    """The results of one ferric_run_device, freed with the last tensor."""

    def __init__(self, tensors, n):
        self._tensors, self._n = tensors, n

    def __del__(self):
        if _capi._device_tensors_free is not None:
            _capi._device_tensors_free(self._tensors, self._n)


class _HostView:
    def __init__(self, owner, address, shape, storage):
        self.owner = owner
        self.__array_interface__ = {"version": 3, "shape": shape,
                                    "typestr": np.dtype(storage).str,
                                    "data": (address, False)}


def _host_view(owner, address, shape, dtype):
    if not address or 0 in shape:
        return np.zeros(shape, _STORAGE[dtype])
    return np.asarray(_HostView(owner, address, tuple(shape),
                                _STORAGE[dtype]))


_LAZY_HOST = object()


def _aligned(arr):
    return arr.size == 0 or arr.ctypes.data % 16 == 0



def stream_handle(stream):
    """A CUstream address from an int, a torch.cuda.Stream (``cuda_stream``)
    or a CuPy stream (``ptr``); None stays None."""
    if stream is None or isinstance(stream, int):
        return stream
    for attr in ("cuda_stream", "ptr"):
        if hasattr(stream, attr):
            return int(getattr(stream, attr))
    raise TypeError("stream= takes a CUDA stream handle (int), a "
                    "torch.cuda.Stream or a CuPy stream, got %s"
                    % type(stream).__name__)


def synchronize(device, stream=None):
    """Waits for `stream` (None: the legacy default stream) on `device`."""
    _capi._check(_capi._target_sync(device.encode(), stream_handle(stream)))


def _same_stream(a, b):
    """Whether CUstream handles `a` and `b` name one stream (DLPack's 1 is
    the legacy default stream, handle 0)."""
    return (a or 1) == (b or 1)


def _dlpack_stream(handle):
    """The DLPack `stream=` value for CUstream `handle` (0, the legacy
    default stream, is spelled 1 in DLPack)."""
    return 1 if not handle else handle
