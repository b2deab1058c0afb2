"""Data into :class:`ferric.Tensor`: numpy and Python data, DLPack
producers (torch, CuPy, JAX) and the CUDA array interface, with no copy
where the memory allows (the layout rules are in ``ferric.tensor``'s module
comment; split from there, and every name here is importable from there
too).
"""

import numpy as np

from . import _capi, _dlpack
from ._buffers import (_ITEMSIZE, _STORAGE, _TargetBuffer, _aligned,
                       _dlpack_stream, _host_view, _same_stream, synchronize)
from ._dtypes import (BF16Array, DTypeError, FerricError, ShapeError,
                      to_host_array)
from .tensor import DeviceError, Tensor, _check_device


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

