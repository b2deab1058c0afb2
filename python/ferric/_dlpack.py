"""DLPack in pure Python (ctypes): export a buffer as a ``dltensor`` capsule
and import one from any object with ``__dlpack__``.

The structs follow dlpack.h (v0.8, the ABI torch 1.13, numpy >= 1.22 and
CuPy speak): DLTensor, DLManagedTensor and its deleter. A capsule that is
never consumed calls the deleter from its destructor, as the protocol asks.
"""

import ctypes
import threading

from ._dtypes import DTypeError, ShapeError

KDL_CPU = 1
KDL_CUDA = 2
KDL_CUDA_HOST = 3

# ferric dtype <-> (DLDataTypeCode, bits): kDLInt 0, kDLUInt 1, kDLFloat 2,
# kDLBfloat 4, kDLBool 6 (numpy and torch export bool as kDLBool or
# kDLUInt 8; both are read as i1).
_TO_DL = {"f16": (2, 16), "bf16": (4, 16), "f32": (2, 32), "f64": (2, 64),
          "i1": (6, 8)}
_FROM_DL = {(2, 16): "f16", (4, 16): "bf16", (2, 32): "f32", (2, 64): "f64",
            (6, 8): "i1", (1, 1): "i1"}
_DL_NAMES = {0: "int", 1: "uint", 2: "float", 4: "bfloat", 5: "complex",
             6: "bool"}


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


_DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor),
                            ("manager_ctx", ctypes.c_void_p),
                            ("deleter", _DELETER)]

_api = ctypes.pythonapi
_CAPSULE_DTOR = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_api.PyCapsule_New.restype = ctypes.py_object
_api.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                               _CAPSULE_DTOR]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_SetName.restype = ctypes.c_int
_api.PyCapsule_SetName.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_IsValid.restype = ctypes.c_int
_api.PyCapsule_IsValid.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
# The destructor sees a borrowed PyObject*; GetPointer on it by address.
_get_pointer_raw = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p,
                                     ctypes.c_char_p)(
    ("PyCapsule_GetPointer", _api))

# Capsule names must outlive the capsules: module-level buffers.
_NAME = ctypes.create_string_buffer(b"dltensor")
_USED = ctypes.create_string_buffer(b"used_dltensor")

# Exported tensors alive in consumers: managed-struct address -> what keeps
# the memory and the structs alive until the consumer calls the deleter.
_live = {}
_live_lock = threading.Lock()


def _release(managed_ptr):
    address = ctypes.cast(managed_ptr, ctypes.c_void_p).value
    with _live_lock:
        entry = _live.pop(address, None)
    # Dropped outside the lock: the owner may hold other exports (a torch
    # tensor over a ferric buffer, itself exported) whose capsule
    # destructors or deleters release them on this thread. Dropping it
    # under the (non-reentrant) lock deadlocked torch.compile's backward on
    # CUDA under torch 2.11.
    del entry


_deleter = _DELETER(_release)


def _capsule_destructor(capsule):
    # Consumed capsules are renamed "used_dltensor": the consumer owns them.
    if _api.PyCapsule_IsValid(capsule, _NAME):
        managed = _get_pointer_raw(capsule, _NAME)
        if managed:
            _release(ctypes.cast(managed, ctypes.POINTER(DLManagedTensor)))


_capsule_dtor = _CAPSULE_DTOR(_capsule_destructor)


def export(owner, data, shape, dtype, device_type, device_id=0):
    """A ``dltensor`` capsule over `data` (an address) that keeps `owner`
    alive until the consumer is done with it: the C extension's
    (python/csrc/dlexport.c) where it is built, else :func:`export_ctypes`
    (the same capsule, ~15 us more per export)."""
    c = _c_export()
    if c is not None:
        code, bits = _TO_DL[dtype]
        return c(owner, data, shape, code, bits, device_type, device_id)
    return export_ctypes(owner, data, shape, dtype, device_type, device_id)


_C_EXPORT = []


def _c_export():
    if not _C_EXPORT:
        from . import _capi  # (imports this module: resolved at first use)
        _C_EXPORT.append(getattr(_capi._fastcall, "dlpack_export", None))
    return _C_EXPORT[0]


def export_ctypes(owner, data, shape, dtype, device_type, device_id=0):
    """:func:`export` in ctypes (the `_live` table holds what each capsule
    keeps alive until its deleter runs)."""
    code, bits = _TO_DL[dtype]
    rank = len(shape)
    shape_arr = (ctypes.c_int64 * max(rank, 1))(*shape)
    managed = DLManagedTensor()
    t = managed.dl_tensor
    t.data = data
    t.device = DLDevice(device_type, device_id)
    t.ndim = rank
    t.dtype = DLDataType(code, bits, 1)
    t.shape = shape_arr
    t.strides = None  # compact row-major
    t.byte_offset = 0
    managed.manager_ctx = None
    managed.deleter = _deleter
    address = ctypes.addressof(managed)
    with _live_lock:
        _live[address] = (owner, managed, shape_arr)
    return _api.PyCapsule_New(address, _NAME, _capsule_dtor)


class Imported:
    """A consumed DLManagedTensor: its fields, and the deleter call when
    this object dies (the memory then goes back to the producer)."""

    def __init__(self, capsule):
        address = _api.PyCapsule_GetPointer(capsule, _NAME)
        if not address:
            raise ValueError("not a dltensor capsule")
        self._managed = ctypes.cast(address,
                                    ctypes.POINTER(DLManagedTensor))
        _api.PyCapsule_SetName(capsule, _USED)
        t = self._managed.contents.dl_tensor
        self.device_type = t.device.device_type
        self.device_id = t.device.device_id
        self.shape = tuple(int(t.shape[k]) for k in range(t.ndim))
        self.strides = (None if not t.strides else
                        tuple(int(t.strides[k]) for k in range(t.ndim)))
        key = (t.dtype.code, t.dtype.bits)
        if t.dtype.lanes != 1 or key not in _FROM_DL:
            raise DTypeError(
                "DLPack dtype %s%d (lanes %d) is not supported by ferric "
                "(supported: float16, bfloat16, float32, float64, bool)"
                % (_DL_NAMES.get(t.dtype.code, "code%d" % t.dtype.code),
                   t.dtype.bits, t.dtype.lanes))
        self.dtype = _FROM_DL[key]
        self.data = (t.data or 0) + t.byte_offset

    def contiguous(self):
        """Whether the strides are compact row-major (dims of size 1 may
        have any stride)."""
        if self.strides is None:
            return True
        expected = 1
        for d, s in zip(reversed(self.shape), reversed(self.strides)):
            if d != 1 and s != expected:
                return False
            expected *= d
        return True

    def check_contiguous(self, what):
        if not self.contiguous():
            raise ShapeError(
                "%s is not contiguous (shape %s, strides %s in elements); "
                "ferric reads dense row-major buffers: pass x.contiguous() "
                "(torch) or a copy" % (what, self.shape, self.strides))

    def __del__(self):
        m = getattr(self, "_managed", None)
        if m is not None and m.contents.deleter:
            m.contents.deleter(m)
            self._managed = None
