"""ctypes bindings of libFerricCAPI.so (include/FerricDialect/CAPI/Ferric.h).

This module loads the library, declares the C signatures and wraps a compiled
module in :class:`Executable`. Everything above it (expressions, tracing,
``ferric.compile``) is pure Python.
"""

import ctypes
import os
import sys
import threading
from collections import namedtuple

import numpy as np

from ._dtypes import (BF16Array, FerricError, dtype_code, dtype_from_code,
                      to_host_array)

CAPI_VERSION = 1

STATUS_NAMES = {
    0: "ok",
    1: "invalid argument",
    2: "compile error",
    3: "run error",
    4: "target unavailable",
    5: "unsupported",
}

_LIB_NAME = "libFerricCAPI.so"


class TargetError(FerricError, ValueError):
    """An unknown target, or one that cannot run on this machine."""


class _Tensor(ctypes.Structure):
    _fields_ = [
        ("dtype", ctypes.c_int),
        ("rank", ctypes.c_int64),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("data", ctypes.c_void_p),
    ]


class _ValueInfo(ctypes.Structure):
    _fields_ = [
        ("dtype", ctypes.c_int),
        ("is_tensor", ctypes.c_int),
        ("rank", ctypes.c_int64),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
    ]


ValueInfo = namedtuple("ValueInfo", "dtype shape is_tensor")
ValueInfo.__doc__ = """An entry argument or result: dtype name ("f32", ...),
shape (a tuple with -1 for dynamic dims) and whether it is a tensor."""

CacheStats = namedtuple("CacheStats", "hits misses exe_hits exe_misses")
CacheStats.__doc__ = """Cache statistics of this process.

hits, misses: the kernel cache of the C library (the numbers ``ferric-run
--bench`` prints as "cache: N hits, M misses"): a hit reuses a lowered module
from memory or $XDG_CACHE_HOME/ferric and only JIT-compiles it.
exe_hits, exe_misses: the Python package's cache of ready executables: a hit
reuses a compiled executable without calling the C library at all."""


def _candidate_dirs():
    """Where to look for libFerricCAPI.so, in order."""
    env = os.environ.get("FERRIC_LIB_DIR")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    # The source tree: python/ferric -> build/lib.
    yield os.path.join(here, os.pardir, os.pardir, "build", "lib")
    # An install tree: <prefix>/lib/pythonX.Y/site-packages/ferric or
    # <prefix>/python/ferric, with the library in <prefix>/lib.
    for up in (4, 2):
        yield os.path.join(here, *([os.pardir] * up), "lib")
    yield os.path.join(sys.prefix, "lib")


def _load():
    tried = []
    for d in _candidate_dirs():
        path = os.path.normpath(os.path.join(d, _LIB_NAME))
        if path in tried:
            continue
        tried.append(path)
        if os.path.exists(path):
            return ctypes.CDLL(path)
    try:  # The dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache).
        return ctypes.CDLL(_LIB_NAME)
    except OSError:
        pass
    raise ImportError(
        "ferric: cannot find %s; build it (ninja -C build FerricCAPI) or set "
        "FERRIC_LIB_DIR to its directory. Looked in: %s"
        % (_LIB_NAME, ", ".join(tried)))


_lib = _load()


def _load_fastcall():
    """The C fast path of device calls (python/csrc/fastcall.c), built
    beside the library; None without it or with FERRIC_FASTCALL=0 (every
    call then runs in Python)."""
    if os.environ.get("FERRIC_FASTCALL", "1") == "0":
        return None
    libdir = os.path.dirname(_lib._name)  # "" if the loader found it
    path = os.path.join(os.path.abspath(libdir), "_ferric_fastcall.abi3.so")
    if not libdir or not os.path.exists(path):
        return None
    import importlib.util
    try:
        spec = importlib.util.spec_from_file_location("_ferric_fastcall",
                                                      path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ImportError:
        return None
    return module


_fastcall = _load_fastcall()


def _declare(name, restype, *argtypes):
    fn = getattr(_lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


_c = ctypes
_P = ctypes.POINTER
_capi_version = _declare("ferric_capi_version", _c.c_int)
_last_error = _declare("ferric_last_error", _c.c_char_p)
_string_free = _declare("ferric_string_free", None, _c.c_void_p)
_compile = _declare("ferric_compile", _c.c_int, _c.c_char_p, _c.c_char_p,
                    _c.c_char_p, _c.c_char_p, _P(_c.c_void_p))
_exe_free = _declare("ferric_executable_free", None, _c.c_void_p)
_exe_entry = _declare("ferric_executable_entry", _c.c_char_p, _c.c_void_p)
_exe_target = _declare("ferric_executable_target", _c.c_char_p, _c.c_void_p)
_exe_num_args = _declare("ferric_executable_num_args", _c.c_size_t,
                         _c.c_void_p)
_exe_num_results = _declare("ferric_executable_num_results", _c.c_size_t,
                            _c.c_void_p)
_exe_arg_info = _declare("ferric_executable_arg_info", _c.c_int, _c.c_void_p,
                         _c.c_size_t, _P(_ValueInfo))
_exe_result_info = _declare("ferric_executable_result_info", _c.c_int,
                            _c.c_void_p, _c.c_size_t, _P(_ValueInfo))
_exe_stats = _declare("ferric_executable_stats", None, _c.c_void_p,
                      _P(_c.c_double), _P(_c.c_int), _P(_c.c_uint),
                      _P(_c.c_uint))
_exe_lowered = _declare("ferric_executable_lowered_ir", _c.c_int,
                        _c.c_void_p, _P(_c.c_void_p))
_exe_remarks = _declare("ferric_executable_remarks", _c.c_int,
                        _c.c_void_p, _P(_c.c_void_p)) \
    if hasattr(_lib, "ferric_executable_remarks") else None
_run = _declare("ferric_run", _c.c_int, _c.c_void_p, _P(_Tensor),
                _c.c_size_t, _P(_P(_Tensor)), _P(_c.c_size_t))
_tensors_free = _declare("ferric_tensors_free", None, _P(_Tensor),
                         _c.c_size_t)
_bench = _declare("ferric_bench", _c.c_int, _c.c_void_p, _P(_Tensor),
                  _c.c_size_t, _c.c_uint, _c.c_uint, _P(_c.c_double),
                  _P(_c.c_double), _P(_c.c_double))
_run_device = _declare("ferric_run_device", _c.c_int, _c.c_void_p,
                       _P(_Tensor), _c.c_size_t, _P(_P(_Tensor)),
                       _P(_c.c_size_t))
# (Optional, so that an older library still loads: stream= then says so.)
_run_device_on_stream = _declare(
    "ferric_run_device_on_stream", _c.c_int, _c.c_void_p, _P(_Tensor),
    _c.c_size_t, _c.c_void_p, _P(_P(_Tensor)), _P(_c.c_size_t)) \
    if hasattr(_lib, "ferric_run_device_on_stream") else None
_run_device_on_stream_event = _declare(
    "ferric_run_device_on_stream_event", _c.c_int, _c.c_void_p, _P(_Tensor),
    _c.c_size_t, _c.c_void_p, _P(_P(_Tensor)), _P(_c.c_size_t),
    _P(_c.c_void_p)) \
    if hasattr(_lib, "ferric_run_device_on_stream_event") else None
_device_tensors_free = _declare("ferric_device_tensors_free", None,
                                _P(_Tensor), _c.c_size_t)
_target_alloc = _declare("ferric_target_alloc", _c.c_int, _c.c_char_p,
                         _c.c_size_t, _P(_c.c_void_p))
_target_free = _declare("ferric_target_free", None, _c.c_char_p,
                        _c.c_void_p)
_target_copy = _declare("ferric_target_copy", _c.c_int, _c.c_char_p,
                        _c.c_void_p, _c.c_void_p, _c.c_size_t)
# Host <-> device with pinned staging (optional: an older library copies
# with ferric_target_copy).
_target_copy_host = _declare(
    "ferric_target_copy_host", _c.c_int, _c.c_char_p, _c.c_void_p,
    _c.c_void_p, _c.c_size_t, _c.c_int) \
    if hasattr(_lib, "ferric_target_copy_host") else None


def copy_host(target, dst, src, nbytes, to_target):
    """Copies `nbytes` between host memory and `target`'s memory (see
    ferric_target_copy_host); raises the library's error."""
    if _target_copy_host is not None:
        _check(_target_copy_host(target, dst, src, nbytes, int(to_target)))
    else:
        _check(_target_copy(target, dst, src, nbytes))


_target_sync = _declare("ferric_target_synchronize", _c.c_int, _c.c_char_p,
                        _c.c_void_p)
_event_record = _declare("ferric_target_event_record", _c.c_int,
                         _c.c_char_p, _c.c_void_p, _P(_c.c_void_p))
_event_sync = _declare("ferric_target_event_synchronize", _c.c_int,
                       _c.c_char_p, _c.c_void_p)
_event_destroy = _declare("ferric_target_event_destroy", None, _c.c_char_p,
                          _c.c_void_p)
_fusion_report = _declare("ferric_fusion_report", _c.c_int, _c.c_char_p,
                          _P(_c.c_void_p))
_cache_stats = _declare("ferric_cache_stats", None, _P(_c.c_uint),
                        _P(_c.c_uint))
_target_available = _declare("ferric_target_available", _c.c_int,
                             _c.c_char_p, _P(_c.c_void_p))
_emit_wgsl = _declare("ferric_emit_wgsl", _c.c_int, _c.c_char_p, _c.c_char_p,
                      _c.c_char_p, _P(_c.c_void_p))

if _capi_version() != CAPI_VERSION:
    raise ImportError("ferric: %s has C API version %d, this package needs %d"
                      % (_lib._name, _capi_version(), CAPI_VERSION))

TARGETS = ("cpu", "cuda", "vulkan", "webgpu")


def _take_string(ptr):
    """Copies and frees a string the library returned."""
    if not ptr.value:
        return ""
    try:
        return ctypes.string_at(ptr.value).decode("utf-8", "replace")
    finally:
        _string_free(ptr)


def _check(status):
    if status != 0:
        message = _last_error().decode("utf-8", "replace")
        if status == 4:
            raise TargetError(message, status=status)
        raise FerricError(message, status=status)


def _c_text(text, what):
    """`text` encoded for the C API, which reads up to the first NUL: text
    with a NUL in it would be cut there without a word. bytes are taken as
    UTF-8 (``open(path, "rb").read()`` works)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FerricError("%s is bytes that are not UTF-8 (at offset %d)"
                              % (what, e.start), status=1) from None
    if not isinstance(text, str):
        raise TypeError("%s must be a str (or UTF-8 bytes), not %s"
                        % (what, type(text).__name__))
    if "\0" in text:
        raise FerricError("%s has a NUL character at offset %d; the C API "
                          "reads text only up to the first NUL"
                          % (what, text.index("\0")),
                          status=1)  # FERRIC_ERROR_INVALID_ARGUMENT
    return text.encode()


def check_target(target):
    """Raises TargetError for a name that is not a ferric target."""
    if target not in TARGETS:
        raise TargetError("unknown target '%s' (expected cpu, cuda, vulkan "
                          "or webgpu)"
                          % (target,))
    return target


def target_available(target):
    """``(available, why)``: whether `target` can run here and, if not, the
    runtime's one-line reason (the message ferric-run prints)."""
    why = ctypes.c_void_p()
    ok = bool(_target_available(str(target).encode(), ctypes.byref(why)))
    return ok, _take_string(why)


def emit_wgsl(ir, entry=None, pipeline=None):
    """The WGSL of the kernels of `entry` in the ferric IR text `ir` (static
    shapes) and their JSON launch manifest, as ferric-translate
    --mlir-to-wgsl prints them."""
    out = ctypes.c_void_p()
    _check(_emit_wgsl(_c_text(ir, "the IR text"),
                      entry.encode() if entry else None,
                      pipeline.encode() if pipeline else None,
                      ctypes.byref(out)))
    return _take_string(out)


def fusion_report(ir):
    """ferric-fuse's report on the IR text `ir`: ferric IR, or a TOSA or
    linalg module, which is imported first (as Executable imports it) and
    whose report begins with the raise's section (the linalg ops raised and
    left, and why each left one stays), as `ferric-run --fuse-report`."""
    out = ctypes.c_void_p()
    _check(_fusion_report(_c_text(ir, "the IR text"), ctypes.byref(out)))
    return _take_string(out)


_exe_stats_lock = threading.Lock()
_exe_counts = {"hits": 0, "misses": 0}


def _count_exe(hit):
    with _exe_stats_lock:
        _exe_counts["hits" if hit else "misses"] += 1


def cache_stats():
    """The process's :class:`CacheStats`."""
    hits, misses = ctypes.c_uint(), ctypes.c_uint()
    _cache_stats(ctypes.byref(hits), ctypes.byref(misses))
    with _exe_stats_lock:
        fast = _fastcall.hits() if _fastcall is not None else 0
        return CacheStats(hits.value, misses.value,
                          _exe_counts["hits"] + fast, _exe_counts["misses"])


def _options_string(fuse=True, cache=True, pipeline=None, fuse_report=None,
                    promote_f64=False, name=None):
    parts = []
    if not fuse:
        parts.append("fuse=0")
    if not cache:
        parts.append("cache=0")
    if promote_f64:
        parts.append("promote-f64=1")
    if pipeline:
        parts.append("pipeline='%s'" % pipeline)
    if fuse_report:
        parts.append("fuse-report='%s'" % fuse_report)
    if name:
        parts.append("name='%s'" % name)
    return " ".join(parts)


class Executable:
    """A compiled ferric module with one entry function (the C API's
    ``ferric_executable``).

    ``Executable(ir, entry=None, target="cpu", options=None, name=None)``
    compiles the ferric IR text `ir`; `options` is the C API's option
    string (e.g. ``"fuse=0 pipeline='block-size=128'"``) and `name` the
    buffer name error locations show (ferric-run shows the file name).
    Calling it runs the entry on numpy arrays (host memory) and returns a
    list of numpy arrays.
    """

    def __init__(self, ir, entry=None, target="cpu", options=None,
                 name=None):
        check_target(target)
        self._handle = None
        if name:
            options = ((options + " ") if options else "") + \
                _options_string(name=name)
        handle = ctypes.c_void_p()
        _check(_compile(_c_text(ir, "the IR text"),
                        _c_text(entry, "the entry name") if entry else None,
                        target.encode(),
                        _c_text(options, "the options") if options else None,
                        ctypes.byref(handle)))
        self._handle = handle
        self.ir = ir
        self.target = target
        self.entry = _exe_entry(handle).decode()
        self.args = [self._info(_exe_arg_info, i)
                     for i in range(_exe_num_args(handle))]
        self.results = [self._info(_exe_result_info, i)
                        for i in range(_exe_num_results(handle))]
        secs, hit = ctypes.c_double(), ctypes.c_int()
        kernels, launches = ctypes.c_uint(), ctypes.c_uint()
        _exe_stats(handle, ctypes.byref(secs), ctypes.byref(hit),
                   ctypes.byref(kernels), ctypes.byref(launches))
        self.compile_seconds = secs.value
        self.cache_hit = bool(hit.value)
        self.kernels = kernels.value
        self.launches_per_call = launches.value

    def _info(self, fn, i):
        v = _ValueInfo()
        _check(fn(self._handle, i, ctypes.byref(v)))
        shape = tuple(v.shape[k] for k in range(v.rank))
        return ValueInfo(dtype_from_code(v.dtype), shape, bool(v.is_tensor))

    def __del__(self):
        if getattr(self, "_handle", None):
            _exe_free(self._handle)
            self._handle = None

    @property
    def remarks(self):
        """The compile remarks (a list of strings; e.g. why a matmul runs on
        the tiled kernel where the CUDA runtime cannot open cuBLASLt)."""
        if _exe_remarks is None:
            return []
        out = ctypes.c_void_p()
        _check(_exe_remarks(self._handle, ctypes.byref(out)))
        return _take_string(out).splitlines()

    def lowered_ir(self):
        """The lowered module (LLVM dialect with embedded kernels)."""
        out = ctypes.c_void_p()
        _check(_exe_lowered(self._handle, ctypes.byref(out)))
        return _take_string(out)

    def _pack(self, inputs):
        if len(inputs) != len(self.args):
            raise FerricError("@%s takes %d arguments, got %d inputs"
                              % (self.entry, len(self.args), len(inputs)))
        keep = []
        tensors = (_Tensor * max(len(inputs), 1))()
        for i, (x, info) in enumerate(zip(inputs, self.args)):
            arr, dt = to_host_array(x, "input %d" % i, want=info.dtype)
            shape = (ctypes.c_int64 * max(arr.ndim, 1))(*arr.shape)
            keep.append((arr, shape))
            tensors[i].dtype = dtype_code(dt)
            tensors[i].rank = arr.ndim
            tensors[i].shape = shape
            tensors[i].data = arr.ctypes.data if arr.size else None
        return tensors, keep

    def _run_arrays(self, arrays):
        """run() on C-contiguous float ndarrays in native byte order whose
        dtypes and shapes match the entry's arguments (ferric.Function's
        numpy fast path has checked that): no conversion, no checks here
        (the library checks the signature again)."""
        n = len(arrays)
        tensors = (_Tensor * max(n, 1))()
        shapes = []
        for i, a in enumerate(arrays):
            t = tensors[i]
            t.dtype = _FLOAT_CODES[a.dtype]
            t.rank = a.ndim
            t.shape = shape = (ctypes.c_int64 * max(a.ndim, 1))(*a.shape)
            shapes.append(shape)
            t.data = a.ctypes.data if a.size else None
        out = ctypes.POINTER(_Tensor)()
        nout = ctypes.c_size_t()
        _check(_run(self._handle, tensors, n, ctypes.byref(out),
                    ctypes.byref(nout)))
        del shapes
        owner = _Results(out, nout.value)
        return [_to_numpy(out[i], owner) for i in range(nout.value)]

    def run(self, *inputs):
        """Runs the entry once; returns the results as a list of numpy arrays
        (bool for i1, :class:`ferric.BF16Array` for bf16)."""
        tensors, keep = self._pack(inputs)
        out = ctypes.POINTER(_Tensor)()
        nout = ctypes.c_size_t()
        _check(_run(self._handle, tensors, len(inputs), ctypes.byref(out),
                    ctypes.byref(nout)))
        del keep
        owner = _Results(out, nout.value)
        return [_to_numpy(out[i], owner) for i in range(nout.value)]

    __call__ = run

    def bench(self, *inputs, iterations=100, warmup=10):
        """Times `iterations` calls after `warmup` untimed ones; returns a
        dict of microseconds per call: median_wall_us, min_wall_us and
        median_device_us (0 on the CPU). `iterations` must be 1 to 2**31 - 1
        and `warmup` 0 to 2**31 - 1 (ctypes wrapped -1 to 2**32 - 1)."""
        for name, value, low in (("iterations", iterations, 1),
                                 ("warmup", warmup, 0)):
            if isinstance(value, bool) or not isinstance(
                    value, (int, np.integer)) or not low <= value < 2**31:
                raise ValueError("bench(%s=%r): expected an integer from %d "
                                 "to %d" % (name, value, low, 2**31 - 1))
        tensors, keep = self._pack(inputs)
        med, low, dev = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
        _check(_bench(self._handle, tensors, len(inputs), iterations, warmup,
                      ctypes.byref(med), ctypes.byref(low), ctypes.byref(dev)))
        del keep
        return {"median_wall_us": med.value, "min_wall_us": low.value,
                "median_device_us": dev.value}

    def __repr__(self):
        sig = ", ".join(_fmt_info(a) for a in self.args)
        res = ", ".join(_fmt_info(r) for r in self.results)
        return "<ferric.Executable @%s(%s) -> (%s) on %s>" % (
            self.entry, sig, res, self.target)


def _fmt_info(v):
    if not v.is_tensor:
        return v.dtype
    dims = "".join(("?" if d < 0 else str(d)) + "x" for d in v.shape)
    return "tensor<%s%s>" % (dims, v.dtype)


class _Results:
    """Owns the results of one ferric_run; frees them when the last array
    made from them is gone."""

    def __init__(self, tensors, n):
        self._tensors, self._n = tensors, n

    def __del__(self):
        if _tensors_free is not None:  # (None at interpreter exit)
            _tensors_free(self._tensors, self._n)


class _View:
    """A result buffer as numpy sees it; keeps its owner alive."""

    def __init__(self, owner, address, shape, typestr):
        self.owner = owner
        self.__array_interface__ = {"version": 3, "shape": shape,
                                    "typestr": typestr,
                                    "data": (address, False)}


_STORAGE = {"f16": np.dtype(np.float16), "bf16": np.dtype(np.uint16),
            "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
            "i1": np.dtype(np.bool_)}


_FLOAT_CODES = {np.dtype(np.float16): dtype_code("f16"),
                np.dtype(np.float32): dtype_code("f32"),
                np.dtype(np.float64): dtype_code("f64")}


def _to_numpy(t, owner):
    """Result `t` as a numpy array over the library's buffer (no copy)."""
    dt = dtype_from_code(t.dtype)
    shape = tuple(t.shape[k] for k in range(t.rank))
    storage = _STORAGE[dt]
    if not t.data or 0 in shape:
        arr = np.zeros(shape, storage)
    else:
        arr = np.asarray(_View(owner, t.data, shape, storage.str))
    return BF16Array(arr) if dt == "bf16" else arr


__all__ = ["Executable", "FerricError", "TargetError",
           "CacheStats", "ValueInfo", "cache_stats", "target_available",
           "fusion_report", "check_target", "TARGETS"]
