"""Calls of compiled executables on :class:`ferric.Tensor` inputs
(``ferric_run_device`` through ctypes, and the C fast path's set-up; split
from ``ferric.tensor``, and every name here is importable from there too).
"""

import ctypes
import threading

from . import _capi
from ._buffers import (_LAZY_HOST, _DeviceResults, _Event, _RecordedEvent,
                       _TargetBuffer)
from ._asarray import asarray
from ._dtypes import FerricError
from .tensor import Tensor

_OUT_PTR = ctypes.POINTER(_capi._Tensor)
_DTYPE_CODE = {"f16": 0, "bf16": 1, "f32": 2, "f64": 3, "i1": 4}


class _Frame:
    """The ctypes structures of one executable's calls, built once per
    thread and refilled per call (building them is most of a small call's
    host time)."""

    __slots__ = ("arr", "views", "shapes", "out", "nout", "out_ref",
                 "nout_ref", "ready", "ready_ref", "static_results",
                 "filled")

    def __init__(self, exe):
        n = len(exe.args)
        self.arr = (_capi._Tensor * max(n, 1))()
        self.views = [self.arr[i] for i in range(n)]
        self.shapes = []
        for v, info in zip(self.views, exe.args):
            shape = (ctypes.c_int64 * max(len(info.shape), 1))()
            self.shapes.append(shape)
            v.dtype = _DTYPE_CODE[info.dtype]
            v.rank = len(info.shape)
            v.shape = shape
            for k, d in enumerate(info.shape):
                shape[k] = max(d, 0)
        # Per input, the shape its view holds now (static dims are filled
        # already; dynamic ones on each call that changes them).
        self.filled = [info.shape for info in exe.args]
        self.out = ctypes.POINTER(_capi._Tensor)()
        self.nout = ctypes.c_size_t()
        self.out_ref = ctypes.byref(self.out)
        self.nout_ref = ctypes.byref(self.nout)
        # The readiness event of a stream= call
        # (ferric_run_device_on_stream_event).
        self.ready = ctypes.c_void_p()
        self.ready_ref = ctypes.byref(self.ready)
        # Result shapes known from the signature need not be read back.
        self.static_results = all(
            r.is_tensor and -1 not in r.shape for r in exe.results)


def _result_fields(owner, ptr, shape, dtype, device):
    """The attributes of a computed Tensor (a call's result), by name."""
    return {"_owner": owner, "_ptr": ptr,
            "_host_arr": None if device == "cuda" else _LAZY_HOST,
            "shape": shape, "dtype": dtype, "device": device, "_node": None,
            "_stream": None, "_error": None, "_cuda_stream": None,
            "_cuda_ready": None, "_order": 0}


def _new_tensor(owner, ptr, shape, dtype, device):
    """Tensor._make for a shape that is a tuple of ints already."""
    t = object.__new__(Tensor)
    t.__dict__.update(_result_fields(owner, ptr, shape, dtype, device))
    return t


# The owners of memory from the runtime's caching allocator: the runner
# marks such an input as used by a stream= call's stream, and the allocator
# hands it out again only after the stream got past the call
# (ferric_run_device_on_stream), so freeing it early is safe.
_OWN_MEMORY = (_TargetBuffer, _DeviceResults) + (
    (_capi._fastcall.Results,) if _capi._fastcall is not None else ())


def _foreign_owners(tensors):
    """What a stream= call's results keep alive of its inputs: the owners
    of memory from elsewhere (torch, CuPy), which must stay allocated until
    the stream ran the call. Not ferric's own buffers: keeping those would
    chain every result of ``x = f(x, stream=s)`` to the one before it, and
    none would ever be freed."""
    return [t._owner for t in tensors if not isinstance(t._owner, _OWN_MEMORY)]


def fastcall_add(fast, key, exe, single):
    """Registers the executable `exe` of the signature `key` ((shape,
    dtype) of each input, flattened) with the C fast path `fast` (a
    ferric.Function, i.e. a _ferric_fastcall.FastCall): the inputs' views
    and the results' Tensor attributes, as run_device would make them."""
    views = [(_DTYPE_CODE.get(key[2 * i + 1], -1), key[2 * i])
             for i in range(len(key) // 2)]
    static = all(r.is_tensor and -1 not in r.shape for r in exe.results)
    templates = tuple(
        _result_fields(None, 0, r.shape if static else None,
                       r.dtype if static else None, exe.target)
        for r in exe.results)
    return fast._fastcall_add(key, exe, exe._handle.value, views, templates,
                              not static, single)


def _frame(exe):
    frames = exe.__dict__.get("_frames")
    if frames is None:
        frames = exe.__dict__.setdefault("_frames", {})
    key = threading.get_ident()
    f = frames.get(key)
    if f is None:
        f = frames[key] = _Frame(exe)
    return f


def run_device(exe, tensors, stream=None):
    """Runs `exe` on Tensors already on its target (ferric_run_device);
    returns the results as Tensors on that device. A result that shares an
    input's buffer is copied, so results never alias inputs.

    `stream` (CUDA only; a CUstream handle, 0 being the legacy default
    stream): the call is queued on it without a host wait
    (ferric_run_device_on_stream); the results are marked as computed on
    it (see Tensor._wait), and keep the inputs alive."""
    n = len(tensors)
    if n != len(exe.args):
        raise FerricError("@%s takes %d arguments, got %d inputs"
                          % (exe.entry, len(exe.args), n))
    frame = _frame(exe)
    inputs = set()
    filled = frame.filled
    for i, (t, v, info) in enumerate(zip(tensors, frame.views, exe.args)):
        if t._node is not None or t._error is not None:
            t._ready()
        if t._cuda_stream is not None:
            t._wait(stream)
        if t.shape != filled[i] or t.dtype != info.dtype:
            shape = frame.shapes[i]
            if t.dtype != info.dtype or len(t.shape) != len(info.shape):
                # The library says what is wrong; give it the tensor as is.
                v.dtype = _DTYPE_CODE[t.dtype]
                v.rank = len(t.shape)
                v.shape = shape = (ctypes.c_int64 * max(len(t.shape), 1))()
            for k, d in enumerate(t.shape):
                shape[k] = d
            filled[i] = t.shape
        ptr = t._ptr
        v.data = ptr or None
        if ptr:
            inputs.add(ptr)
    ready = None
    if stream is None:
        status = _capi._run_device(exe._handle, frame.arr, n, frame.out_ref,
                                   frame.nout_ref)
    elif _capi._run_device_on_stream_event is not None:
        # The call and the readiness event of its results in one C call.
        status = _capi._run_device_on_stream_event(
            exe._handle, frame.arr, n, stream or None, frame.out_ref,
            frame.nout_ref, frame.ready_ref)
        ready = frame.ready.value if status == 0 else None
    else:
        if _capi._run_device_on_stream is None:
            raise FerricError("stream=: %s has no "
                              "ferric_run_device_on_stream (rebuild it)"
                              % _capi._lib._name)
        status = _capi._run_device_on_stream(
            exe._handle, frame.arr, n, stream or None, frame.out_ref,
            frame.nout_ref)
    # A failed call may have changed dtype/rank/shape of the frame's
    # views: rebuild the frame next time.
    if status != 0:
        exe._frames.pop(threading.get_ident(), None)
        _capi._check(status)
    # A pointer object of its own: the frame's is overwritten next call.
    out, nout = _OUT_PTR.from_buffer_copy(frame.out), frame.nout.value
    owner = _DeviceResults(out, nout)
    if stream is not None:
        owner.inputs = _foreign_owners(tensors)
        ready = _RecordedEvent(stream) if ready is None else \
            _Event.of_results(ready, owner)
    device = exe.target
    results = []
    static = frame.static_results
    for i in range(nout):
        r = out[i]
        if static:
            info = exe.results[i]
            dt, shape = info.dtype, info.shape
        else:
            dt = _capi.dtype_from_code(r.dtype)
            shape = tuple(r.shape[k] for k in range(r.rank))
        ptr = r.data or 0
        t = _new_tensor(owner, ptr, shape, dt, device)
        if stream is not None:
            t._cuda_stream, t._cuda_ready = stream, ready
        if ptr and ptr in inputs:
            t = asarray(t, copy=True)  # (after waiting for `stream`)
        results.append(t)
    return results


if _capi._fastcall is not None:
    if _capi._run_device_on_stream_event is None:
        _capi._fastcall = None  # an older library: calls run in Python
    else:
        _capi._fastcall.init(
            ctypes.cast(_capi._run_device, ctypes.c_void_p).value,
            ctypes.cast(_capi._run_device_on_stream_event,
                        ctypes.c_void_p).value,
            ctypes.cast(_capi._device_tensors_free, ctypes.c_void_p).value,
            Tensor, _Event, {c: n for n, c in _DTYPE_CODE.items()},
            _capi._check, lambda t: asarray(t, copy=True), _OWN_MEMORY)
