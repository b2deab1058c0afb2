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

import numpy as np

from . import _capi, _dlpack
from ._buffers import (_ITEMSIZE, _LAZY_HOST, _STORAGE, _host_view,
                       _same_stream, synchronize)
from ._dtypes import (BF16Array, DTypeError, FerricError,  # noqa: F401
                      ShapeError, to_host_array)
from .expr import _reduce_args as reduce_args
from .expr import cast_dtype

DEVICES = ("cpu", "cuda", "vulkan", "webgpu")


class DeviceError(FerricError, ValueError):
    """Tensors on different devices, or a device that is not a target."""


def _check_device(device):
    if device not in DEVICES:
        raise DeviceError("unknown device '%s' (expected cpu, cuda, vulkan "
                          "or webgpu)" % (device,))
    return device


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
        t.shape, t.dtype, t.device = tuple(map(int, shape)), dtype, \
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


# The rest of this module's names live by concept in these modules, and
# stay importable from here (they need Tensor, defined above).
from ._buffers import (_DeviceResults, _Event, _HostView,  # noqa: E402,F401
                       _RecordedEvent, _TargetBuffer, _aligned,
                       _dlpack_stream, stream_handle)
from ._asarray import (_CAI_TYPES, _CAIOwner,  # noqa: E402,F401
                       _cuda_copy, _from_cuda_array_interface, _from_dlpack,
                       _from_host_array, _has_cai, asarray, import_tensor,
                       is_tensor_like)
from ._run import (_DTYPE_CODE, _OUT_PTR, _OWN_MEMORY,  # noqa: E402,F401
                   _Frame, _foreign_owners, _frame, _new_tensor,
                   _result_fields, fastcall_add, run_device)
