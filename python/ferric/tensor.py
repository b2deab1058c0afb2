"""``ferric.Tensor``: an array that lives where a target's code reads it.

Devices: ``"cpu"`` and ``"vulkan"`` tensors are host memory (Vulkan's
runtime copies host buffers to the GPU around each launch), ``"cuda"``
tensors are device memory from the CUDA runtime's caching allocator. Host
tensors share their buffer with numpy (``.numpy()`` is a view, no copy), and
every tensor speaks DLPack both ways, so torch and CuPy tensors come in and
go out without copies where the memory allows.

Layout: ferric reads dense, row-major, 16-byte aligned buffers. With
``copy=None`` (the default, as in the array API), :func:`asarray` copies a
host input that is not (non-contiguous, negative strides, unaligned) and
refuses a non-contiguous CUDA input (there is no strided device copy here:
call ``.contiguous()`` first); ``copy=False`` refuses instead of copying.
"""

import ctypes
import threading

import numpy as np

from . import _capi, _dlpack
from ._dtypes import (BF16Array, DTypeError, FerricError, ShapeError,
                      to_host_array)
from .expr import _reduce_args as reduce_args
from .expr import cast_dtype

DEVICES = ("cpu", "cuda", "vulkan", "webgpu")
_ITEMSIZE = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1}
_STORAGE = {"f16": np.float16, "bf16": np.uint16, "f32": np.float32,
            "f64": np.float64, "i1": np.bool_}


class DeviceError(FerricError, ValueError):
    """Tensors on different devices, or a device that is not a target."""


def _check_device(device):
    if device not in DEVICES:
        raise DeviceError("unknown device '%s' (expected cpu, cuda, vulkan "
                          "or webgpu)" % (device,))
    return device


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


class Tensor:
    """A dense row-major array on a device (see the module comment).

    ``shape`` (tuple), ``dtype`` ("f16", "bf16", "f32", "f64", "i1"),
    ``device`` ("cpu", "cuda", "vulkan"). Make one with
    :func:`ferric.asarray`; compiled functions return them when given them.
    """

    __array_priority__ = 10.0

    # The numpy view of a host tensor's buffer (None on CUDA). Results of
    # compiled calls make it on first use: building it costs more than the
    # rest of a small call's Python side.
    @property
    def _host(self):
        h = self._host_arr
        if h is _LAZY_HOST:
            h = self._host_arr = _host_view(self._owner, self._ptr,
                                            self.shape, self.dtype)
        return h

    @_host.setter
    def _host(self, value):
        self._host_arr = value

    def __init__(self, *a, **k):
        raise TypeError("make a ferric.Tensor with ferric.asarray(x, "
                        "device=...)")

    @classmethod
    def _make(cls, owner, ptr, shape, dtype, device, host=None):
        t = object.__new__(cls)
        t._owner, t._ptr, t._host = owner, ptr, host
        t.shape, t.dtype, t.device = tuple(int(d) for d in shape), dtype, \
            device
        t._node = t._stream = t._error = None
        t._order = 0
        # The CUDA stream a stream= call queued this tensor's data on
        # (None: ready for any stream; see _wait), and the _Event recorded
        # there after the call.
        t._cuda_stream = t._cuda_ready = None
        return t

    # Lazy mode (ferric._lazy): a pending tensor has a recorded op (its
    # position in `_stream`, in `_node`) and no memory until the flush.
    def _fail(self, error):
        self._error, self._node, self._stream = error, None, None

    @property
    def is_pending(self):
        """True while the tensor is recorded but not computed yet."""
        return self._node is not None

    def _ready(self):
        if self._error is not None:
            raise self._error
        if self._node is not None:
            lazy = _lazy_module()
            if lazy._state.streams.get(self.device) is not self._stream:
                raise FerricError(
                    "this tensor is pending in another thread's lazy stream; "
                    "call ferric.sync() on that thread first")
            self._stream.flush()
        return self

    def _wait(self, stream=None):
        """Makes the data usable on `stream` (a handle; None: the host and
        the runtime's own stream): a tensor computed by a stream= call on
        another stream waits for that stream first (a host wait)."""
        s = self._cuda_stream
        if s is not None and (stream is None or
                              not _same_stream(s, stream)):
            # The event, not the stream: its owner may have destroyed it.
            if self._cuda_ready is not None:
                self._cuda_ready.synchronize()
            else:
                synchronize("cuda", s)
            self._cuda_stream = self._cuda_ready = None
        return self

    # Properties.
    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def nbytes(self):
        return self.size * _ITEMSIZE[self.dtype]

    def data_ptr(self):
        """The address of the first element (device memory on CUDA). A
        result of a ``stream=`` call is ready only when that stream gets
        there: order other work after it yourself."""
        self._ready()
        return self._ptr or 0

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __repr__(self):
        return "<ferric.Tensor shape=%s dtype=%s device=%s>" % (
            self.shape, self.dtype, self.device)

    # To numpy.
    def _storage(self):
        """The elements as a numpy array in the C API's storage (uint16
        for bf16): the shared buffer on the host, a copy from CUDA."""
        self._ready()
        if self._host is not None:
            return self._host
        self._wait()
        out = np.empty(self.shape, _STORAGE[self.dtype])
        if self.nbytes:
            _capi.copy_host(b"cuda", out.ctypes.data, self._ptr, self.nbytes,
                            False)
        return out

    def numpy(self):
        """The values as numpy (a :class:`ferric.BF16Array` for bf16). On
        the host this shares the buffer (writes are visible both ways);
        from CUDA it is a copy."""
        arr = self._storage()
        return BF16Array(arr) if self.dtype == "bf16" else arr

    def __array__(self, dtype=None, copy=None):
        arr = self.numpy()
        arr = np.asarray(arr)
        return arr if dtype is None else arr.astype(dtype)

    def item(self):
        if self.size != 1:
            raise ValueError("only one-element tensors can be converted to "
                             "Python scalars")
        return np.asarray(self).reshape(()).item()

    def __float__(self):
        return float(self.item())

    def __bool__(self):
        return bool(self.item())

    # Moving and reshaping.
    def to(self, device):
        """This tensor on `device` (itself when already there)."""
        return asarray(self, device=device)

    def reshape(self, *shape):
        """A tensor over the same buffer with another shape."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = tuple(int(d) for d in shape)
        self._ready()
        if int(np.prod(shape, dtype=np.int64)) != self.size or \
                any(d < 0 for d in shape):
            raise ValueError("cannot reshape %s into %s" % (self.shape,
                                                           shape))
        host = None if self._host is None else self._host.reshape(shape)
        t = Tensor._make(self._owner, self._ptr, shape, self.dtype,
                         self.device, host)
        t._cuda_stream, t._cuda_ready = self._cuda_stream, self._cuda_ready
        return t

    # Operations: recorded in lazy mode, run at once otherwise (see
    # ferric._lazy.record; the methods are made below the class).
    def cast(self, dtype):
        attrs = _CAST_ATTRS.get(dtype) if type(dtype) is str else None
        if attrs is None:
            attrs = (("dtype", cast_dtype(dtype)),)
            if type(dtype) is str:
                _CAST_ATTRS[dtype] = attrs
        return _record("cast", attrs, (self,))

    def gelu(self, exact=False):
        return _record("gelu", (("exact", bool(exact)),), (self,))

    def _reduce(self, kind, label, dim, keepdim):
        # The checked attributes of the common spellings (one int dim or
        # None) are memoized: checking them costs more than recording.
        key = (kind, label, dim, keepdim) if type(dim) in (int, type(None)) \
            and type(keepdim) is bool else None
        attrs = _REDUCE_ATTRS.get(key) if key is not None else None
        if attrs is None:
            dims, keep, name = reduce_args(label, None, keepdim, dim, None,
                                           None)
            attrs = (("kind", kind), ("dims", dims), ("keepdim", keep),
                     ("dims_arg", name))
            if key is not None:
                _REDUCE_ATTRS[key] = attrs
        return _record("reduce", attrs, (self,))

    def sum(self, dim=None, keepdim=False):
        return self._reduce("sum", "sum", dim, keepdim)

    def mean(self, dim=None, keepdim=False):
        return self._reduce("mean", "mean", dim, keepdim)

    def max(self, dim=None, keepdim=False):
        """The reduction (as torch's ``t.max(dim)`` values; elementwise
        max is :meth:`maximum`)."""
        return self._reduce("max", "amax", dim, keepdim)

    def min(self, dim=None, keepdim=False):
        return self._reduce("min", "amin", dim, keepdim)

    def __matmul__(self, o):
        if not isinstance(o, Tensor):
            o = _operand(self, o)
            if o is NotImplemented or not isinstance(o, Tensor):
                raise TypeError("matmul needs a tensor expression")
        return _record("matmul", (), (self, o))

    matmul = __matmul__

    # DLPack and the CUDA array interface.
    def __dlpack_device__(self):
        if self.device == "cuda":
            return (_dlpack.KDL_CUDA, 0)
        return (_dlpack.KDL_CPU, 0)

    def __dlpack__(self, stream=None, max_version=None, dl_device=None,
                   copy=None):
        # DLPack 1.0 consumers pass max_version (and may pass dl_device,
        # copy): ferric hands out the unversioned capsule, which the spec
        # allows, in place only.
        if dl_device is not None and tuple(dl_device) != \
                self.__dlpack_device__():
            raise BufferError("ferric exports a %s tensor in place only "
                              "(dl_device=%r)" % (self.device, dl_device))
        if copy:
            raise BufferError("ferric exports in place only (copy=True)")
        # Calls without stream= are complete when they return (the runner
        # synchronizes), so any consumer stream already sees their data. A
        # stream= result is ready on its own stream; a consumer on another
        # stream (DLPack: None or 1 is the legacy default stream) gets it
        # after a host wait for that stream.
        self._ready()
        if self._cuda_stream is not None and stream != -1:
            self._wait(1 if stream is None else stream)
        return _dlpack.export(self, self.data_ptr(), self.shape, self.dtype,
                              *self.__dlpack_device__())

    @property
    def __cuda_array_interface__(self):
        if self.device != "cuda":
            raise AttributeError("__cuda_array_interface__ is only defined "
                                 "for CUDA tensors (this one is on %s)"
                                 % self.device)
        self._ready()
        if self.dtype == "bf16":
            raise AttributeError("the CUDA array interface has no bfloat16;"
                                 " use __dlpack__")
        # "stream": where a consumer must synchronize first (the stream= call
        # that made the data; 1 is the legacy default stream, 0 is not
        # allowed), None when the data are ready.
        s = self._cuda_stream
        return {"version": 3, "shape": self.shape,
                "typestr": np.dtype(_STORAGE[self.dtype]).str,
                "data": (self.data_ptr(), False), "strides": None,
                "stream": None if s is None else (s or 1)}


_REDUCE_ATTRS = {}
_CAST_ATTRS = {}  # dtype name -> cast attributes (as for _REDUCE_ATTRS)


def _operand(self, o):
    """`o` as an operand of an op on `self`: a Tensor or a Python number
    as is, numpy or DLPack data copied to self's device; NotImplemented
    for anything else."""
    if isinstance(o, Tensor) or (isinstance(o, (int, float)) and
                                 not isinstance(o, bool)):
        return o
    if is_tensor_like(o) or isinstance(o, np.ndarray):
        return asarray(o, device=self.device)
    return NotImplemented


def _binary(op, attrs=(), swap=False):
    def method(self, o):
        kind = type(o)
        if kind is not Tensor and kind is not float and kind is not int:
            o = _operand(self, o)
            if o is NotImplemented:
                return o
        return _record(op, attrs, (o, self) if swap else (self, o))
    return method


def _unary(op):
    def method(self):
        return _record(op, (), (self,))
    method.__name__ = op
    method.__doc__ = "Elementwise %s (recorded in lazy mode)." % op
    return method


for _name, _op, _swap in (("add", "add", False), ("radd", "add", True),
                          ("sub", "sub", False), ("rsub", "sub", True),
                          ("mul", "mul", False), ("rmul", "mul", True),
                          ("truediv", "div", False), ("rtruediv", "div", True),
                          ("pow", "pow", False)):
    setattr(Tensor, "__%s__" % _name, _binary(_op, swap=_swap))
for _name in ("lt", "le", "gt", "ge"):
    setattr(Tensor, "__%s__" % _name, _binary("cmp", (("predicate", _name),)))
Tensor.maximum = _binary("max")
Tensor.minimum = _binary("min")
for _name in ("exp", "log", "sqrt", "rsqrt", "tanh", "relu", "sigmoid",
              "silu", "neg", "abs", "sin", "cos", "erf", "log1p", "expm1",
              "floor", "ceil", "round", "sign", "reciprocal"):
    setattr(Tensor, _name, _unary(_name))
Tensor.__neg__ = _unary("neg")
Tensor.__abs__ = _unary("abs")
del _name, _op, _swap


def _clamp(self, min=None, max=None):
    """Elementwise clamp into [min, max] (either may be None; recorded in
    lazy mode), as :meth:`ferric.E.clamp`."""
    if min is None and max is None:
        raise ValueError("clamp() needs at least one of min and max")
    if min is None:
        return self.minimum(max)
    if max is None:
        return self.maximum(min)
    lo, hi = _operand(self, min), _operand(self, max)
    if lo is NotImplemented or hi is NotImplemented:
        raise TypeError("clamp() bounds must be Tensors, arrays or numbers")
    return _record("clamp", (), (self, lo, hi))


Tensor.clamp = Tensor.clip = _clamp


def _lazy_module():
    """ferric._lazy (imported on first use: it imports this module)."""
    global _lazy
    if _lazy is None:
        from . import _lazy as module
        _lazy = module
    return _lazy


_lazy = None


def _record(op, attrs, operands):
    """ferric._lazy.record (which puts itself here when imported)."""
    return _lazy_module().record(op, attrs, operands)


def where(mask, if_true, if_false):
    """Elementwise select on Tensors (recorded in lazy mode)."""
    if not isinstance(mask, Tensor):
        raise TypeError("where() needs a mask expression (a comparison)")
    ops = [asarray(o, device=mask.device) if isinstance(o, np.ndarray)
           else o for o in (mask, if_true, if_false)]
    return _record("select", (), tuple(ops))


def _from_host_array(arr, dtype, device, copy):
    """A tensor on `device` holding the numpy array `arr` (storage
    dtype)."""
    if device == "cuda":
        buf = _TargetBuffer("cuda", arr.nbytes)
        src = np.ascontiguousarray(arr)
        if arr.nbytes:
            _capi.copy_host(b"cuda", buf.ptr, src.ctypes.data, arr.nbytes,
                            True)
        return Tensor._make(buf, buf.ptr, arr.shape, dtype, "cuda")
    dense = arr.flags.c_contiguous and _aligned(arr)
    if not dense or copy:
        if copy is False:
            raise FerricError(
                "asarray(copy=False): the input is not a dense, 16-byte "
                "aligned row-major buffer (strides %s), so ferric would "
                "have to copy it" % (arr.strides,))
        fresh = _TargetBuffer(device, arr.nbytes)
        view = _host_view(fresh, fresh.ptr, arr.shape, dtype)
        view[...] = arr
        return Tensor._make(fresh, fresh.ptr, arr.shape, dtype, device,
                            view)
    return Tensor._make(arr, arr.ctypes.data if arr.size else 0, arr.shape,
                        dtype, device, arr)


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


def _from_dlpack(x, device, copy, what, stream=None):
    src_type, _ = x.__dlpack_device__()
    if src_type == _dlpack.KDL_CUDA and stream is not None:
        # A stream= call: the producer orders its work before `stream`
        # (on the device, no host wait), and the call runs on `stream`.
        capsule = x.__dlpack__(stream=_dlpack_stream(stream))
    elif src_type == _dlpack.KDL_CUDA:
        # DLPack's stream 1 is CUDA's legacy default stream: the producer
        # makes it wait for its own work, and waiting for it here orders
        # that work before ferric's (which runs on the runtime's stream).
        capsule = x.__dlpack__(stream=1)
        synchronize("cuda", None)
    else:
        capsule = x.__dlpack__()
    imp = _dlpack.Imported(capsule)
    if imp.device_type in (_dlpack.KDL_CPU, _dlpack.KDL_CUDA_HOST):
        if imp.contiguous():
            arr = _host_view(imp, imp.data, imp.shape, imp.dtype)
        else:  # a strided numpy view over the producer's memory
            itemsize = _ITEMSIZE[imp.dtype]
            arr = np.lib.stride_tricks.as_strided(
                _host_view(imp, imp.data, (1,), imp.dtype),
                imp.shape, tuple(s * itemsize for s in imp.strides))
        return _from_host_array(arr, imp.dtype, device or "cpu", copy)
    if imp.device_type != _dlpack.KDL_CUDA:
        raise DeviceError("%s is on DLPack device type %d; ferric takes CPU "
                          "and CUDA memory" % (what, imp.device_type))
    imp.check_contiguous(what)
    device = device or "cuda"
    nbytes = int(np.prod(imp.shape, dtype=np.int64)) * _ITEMSIZE[imp.dtype]
    if device != "cuda":
        out = np.empty(imp.shape, _STORAGE[imp.dtype])
        if nbytes:
            _capi.copy_host(b"cuda", out.ctypes.data, imp.data, nbytes,
                            False)
        return _from_host_array(out, imp.dtype, device, None)
    if imp.data % 16 or copy:
        if copy is False:
            raise FerricError("asarray(copy=False): %s is not 16-byte "
                              "aligned" % what)
        buf = _TargetBuffer("cuda", nbytes)
        _capi._check(_capi._target_copy(b"cuda", buf.ptr, imp.data, nbytes))
        return Tensor._make(buf, buf.ptr, imp.shape, imp.dtype, "cuda")
    return Tensor._make(imp, imp.data, imp.shape, imp.dtype, "cuda")


def asarray(x, device=None, dtype=None, copy=None):
    """`x` as a :class:`Tensor` on `device` (default: where `x` is; numpy
    and Python data go to "cpu").

    `x` may be a Tensor, a numpy array (or anything numpy converts), a
    :class:`ferric.BF16Array`, or any object with ``__dlpack__`` (torch,
    CuPy, JAX). No copy is made when the memory is already on the device in
    ferric's layout; `copy=True` always copies, `copy=False` raises where a
    copy would be needed. `dtype` converts host data first (e.g. "bf16"
    rounds floats to bf16).
    """
    if device is not None:
        _check_device(device)
    if isinstance(x, Tensor):
        x._ready()
        if dtype is not None and dtype != x.dtype:
            raise DTypeError("asarray cannot convert a %s tensor to %s; "
                             "use a compiled cast" % (x.dtype, dtype))
        if device is None or device == x.device:
            if not copy:
                return x
            return _from_host_array(x._storage(), x.dtype, x.device, True) \
                if x.device != "cuda" else _cuda_copy(x)
        if x.device == "cuda" or device == "cuda":
            return _from_host_array(x._storage(), x.dtype, device,
                                    copy if x.device == "cuda" else None)
        # cpu <-> vulkan or webgpu: all host memory, so share the buffer.
        return Tensor._make(x._owner, x._ptr, x.shape, x.dtype, device,
                            x._host) if not copy else \
            _from_host_array(x._host, x.dtype, device, True)
    if type(x).__name__ == "PyCapsule":
        raise TypeError(
            "ferric.asarray got a raw DLPack capsule; pass the object that "
            "made it (a torch tensor, a CuPy or JAX array: anything with "
            "__dlpack__), which says its device and keeps the memory alive")
    if hasattr(x, "__dlpack__") and not isinstance(x, (np.ndarray,
                                                       np.generic)):
        if dtype is not None:
            raise DTypeError("asarray(dtype=...) converts host data only; "
                             "convert the %s first" % type(x).__name__)
        return _from_dlpack(x, device, copy, "the %s" % type(x).__name__)
    if not isinstance(x, (np.ndarray, np.generic, BF16Array)) and \
            _has_cai(x):
        if dtype is not None:
            raise DTypeError("asarray(dtype=...) converts host data only; "
                             "convert the %s first" % type(x).__name__)
        return _from_cuda_array_interface(x, device, copy,
                                          "the %s" % type(x).__name__)
    if dtype is not None:
        from ._dtypes import bf16, normalize_dtype, numpy_dtype
        dtype = normalize_dtype(dtype)
        if dtype == "bf16" and not isinstance(x, BF16Array):
            x = bf16(x)
        elif dtype != "bf16":
            x = np.asarray(x).astype(numpy_dtype(dtype), copy=False)
    if not isinstance(x, (np.ndarray, BF16Array)):
        x = np.asarray(x)
    if copy is False and isinstance(x, np.ndarray) and not (
            x.flags.c_contiguous and _aligned(x)):
        raise FerricError(
            "asarray(copy=False): the input is not a dense, 16-byte aligned "
            "row-major buffer (strides %s), so ferric would have to copy it"
            % (x.strides,))
    # (A C-contiguous array comes back as itself: its buffer is shared.)
    arr, name = to_host_array(x, "the input", want=dtype)
    return _from_host_array(arr, name, device or "cpu", copy)


# __cuda_array_interface__ typestrs ferric takes (little-endian; "|b1" is
# numpy's bool). bf16 has no typestr: it comes through DLPack only.
_CAI_TYPES = {"<f2": "f16", "<f4": "f32", "<f8": "f64", "|b1": "i1",
              "<b1": "i1"}


class _CAIOwner:
    """Keeps the producer of a CUDA-array-interface import alive."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj


def _from_cuda_array_interface(x, device, copy, what, stream=None):
    """A CUDA tensor over the memory `x` describes with
    ``__cuda_array_interface__`` (version 2 or 3: numba, CuPy, PyTorch),
    without a copy. Its "stream" entry, where the producer's work may still
    be pending, is waited for: on the host, or (for a stream= call, by
    running on that stream) not at all when it is the call's stream."""
    cai = x.__cuda_array_interface__
    if device not in (None, "cuda"):
        raise DeviceError("%s is CUDA memory (__cuda_array_interface__); "
                          "import it on cuda and move it with .to(%r)"
                          % (what, device))
    typestr = cai.get("typestr")
    dtype = _CAI_TYPES.get(typestr)
    if dtype is None:
        raise DTypeError("%s has __cuda_array_interface__ typestr %r, which "
                         "ferric does not support (supported: float16, "
                         "float32, float64, bool)" % (what, typestr))
    shape = tuple(int(d) for d in cai["shape"])
    strides = cai.get("strides")
    if strides is not None:
        expected, dense = _ITEMSIZE[dtype], True
        for d, st in zip(reversed(shape), reversed(tuple(strides))):
            if d > 1 and st != expected:
                dense = False
            expected *= max(d, 1)
        if not dense:
            raise ShapeError("%s is not a dense row-major CUDA buffer "
                             "(strides %s); call .copy() or "
                             ".contiguous() on it first"
                             % (what, tuple(strides)))
    if cai.get("mask") is not None:
        raise FerricError("%s has a mask in __cuda_array_interface__; "
                          "ferric takes plain arrays" % what)
    ptr, _readonly = cai["data"]
    ptr = int(ptr or 0)
    producer = cai.get("stream")
    if producer is not None and (stream is None or
                                 not _same_stream(producer, stream)):
        # 1 and 2 are CU_STREAM_LEGACY and CU_STREAM_PER_THREAD, which
        # the driver takes as handles too.
        synchronize("cuda", int(producer))
    nbytes = int(np.prod(shape, dtype=np.int64)) * _ITEMSIZE[dtype]
    if (ptr % 16 and nbytes) or copy:
        if copy is False:
            raise FerricError("asarray(copy=False): %s is not 16-byte "
                              "aligned" % what)
        buf = _TargetBuffer("cuda", nbytes)
        if nbytes:
            _capi._check(_capi._target_copy(b"cuda", buf.ptr, ptr, nbytes))
        return Tensor._make(buf, buf.ptr, shape, dtype, "cuda")
    return Tensor._make(_CAIOwner(x), ptr, shape, dtype, "cuda")


def _has_cai(x):
    try:
        return hasattr(x, "__cuda_array_interface__")
    except Exception:  # a property that raises: not CUDA memory
        return False


def import_tensor(x, stream=None):
    """A DLPack producer (torch, CuPy) as a Tensor where it lives, for a
    compiled call; with `stream` (a CUstream handle) the producer orders
    its work before that stream instead of ferric waiting on the host."""
    what = "the %s" % type(x).__name__
    if not hasattr(x, "__dlpack__") and _has_cai(x):
        return _from_cuda_array_interface(x, None, None, what, stream)
    return _from_dlpack(x, None, None, what, stream)


def _cuda_copy(x):
    x._wait()
    buf = _TargetBuffer("cuda", x.nbytes)
    if x.nbytes:
        _capi._check(_capi._target_copy(b"cuda", buf.ptr, x.data_ptr(),
                                        x.nbytes))
    return Tensor._make(buf, buf.ptr, x.shape, x.dtype, "cuda")


def is_tensor_like(x):
    """Whether `x` should take the device path of a compiled function: a
    Tensor, or a DLPack producer that is not numpy (torch, CuPy)."""
    if isinstance(x, Tensor):
        return True
    if isinstance(x, (np.ndarray, np.generic, BF16Array)):
        return False
    return hasattr(x, "__dlpack__") or _has_cai(x)


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
