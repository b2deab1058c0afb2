"""``ferric.compile``, ``ferric.jit`` and ``ferric.eval``: from expressions
and traced Python functions to compiled executables, with caches."""

import collections
import collections.abc
import functools
import inspect
import re
import threading

import numpy as np

from . import _capi
from ._capi import Executable, check_target, fusion_report
from ._dtypes import (BF16Array, DTypeError, ShapeError,
                      normalize_dtype, to_host_array)
from . import tensor as _tensor
from ._emit import plan_arguments
from ._graph import topo
from .expr import E, emit, input_nodes, max_input_index

TensorSpec = collections.namedtuple("TensorSpec", "shape dtype")
TensorSpec.__doc__ = """An input's shape and dtype, where an example array
would do (``f.mlir(ferric.spec((4, 8), np.float32))``)."""


def spec(shape, dtype="f32"):
    """A :class:`TensorSpec` (shape, ferric dtype name). Dims are integers
    >= 0 (a -1 was accepted and failed later inside the emitted IR)."""
    try:
        dims = tuple(shape)
    except TypeError:
        raise ShapeError("ferric.spec: shape must be a tuple of dims, got %r"
                         % (shape,)) from None
    for k, d in enumerate(dims):
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)) \
                or d < 0:
            raise ShapeError("ferric.spec: dim %d is %r; dims must be "
                             "integers >= 0" % (k, d))
    return TensorSpec(tuple(int(d) for d in dims), normalize_dtype(dtype))


# Executables by (ir, entry, target, options), shared by every Function.
_EXE_CACHE_SIZE = 256
_exe_cache = collections.OrderedDict()
_exe_lock = threading.Lock()
_generation = [0]


def clear_cache():
    """Forgets every compiled executable this package holds (the C
    library's kernel cache stays, so compiling again is a kernel-cache hit
    that only JIT-compiles)."""
    with _exe_lock:
        _exe_cache.clear()
        _generation[0] += 1
        if _capi._fastcall is not None:
            _capi._fastcall.bump()
    from . import _lazy  # (it imports this module's dependencies)
    _lazy.clear_caches()


def _executable(ir, entry, target, options):
    key = (ir, entry, target, options)
    with _exe_lock:
        exe = _exe_cache.get(key)
        if exe is not None:
            _exe_cache.move_to_end(key)
            _capi._count_exe(True)
            return exe
    exe = Executable(ir, entry=entry, target=target, options=options)
    _capi._count_exe(False)
    with _exe_lock:
        _exe_cache[key] = exe
        while len(_exe_cache) > _EXE_CACHE_SIZE:
            _exe_cache.popitem(last=False)
    return exe


def _symbol(name):
    name = re.sub(r"[^A-Za-z0-9_]", "_", name or "")
    return name if re.match(r"[A-Za-z_]", name) else "f_" + name


def _input_type(x, i, want):
    """(ferric dtype, shape) of input `i`; `want` is the declared dtype."""
    if isinstance(x, TensorSpec):
        return normalize_dtype(x.dtype), tuple(x.shape)
    if isinstance(x, BF16Array):
        return "bf16", x.shape
    if isinstance(x, _tensor.Tensor):
        return x.dtype, x.shape
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        raise DTypeError("input %d is a %s; pass a numpy array (ferric takes "
                         "the dtype from it)" % (i, type(x).__name__))
    npd = np.dtype(dtype)
    if not npd.isnative:  # converted by to_host_array (a byte-swapped copy)
        npd = npd.newbyteorder("=")
    if npd == np.uint16 and want == "bf16":
        return "bf16", tuple(np.shape(x))
    try:
        return normalize_dtype(npd), tuple(np.shape(x))
    except DTypeError:
        hint = ("; wrap bf16 bit patterns with ferric.bf16(bits) or declare "
                "E.input(%d, dtype='bf16')" % i if npd == np.uint16 else "")
        raise DTypeError("input %d has dtype %s, which ferric does not "
                         "support (supported: float16, float32, float64, "
                         "bool, or bf16 via ferric.bf16(...))%s"
                         % (i, npd.name, hint)) from None


# The dtypes whose arrays the C API reads as they are: to_host_array
# returns such an array itself when it is C-contiguous (bool is left out: its
# bytes may need a copy; uint16 may be bf16 bits).
_NUMPY_AS_IS = frozenset(np.dtype(t) for t in (np.float16, np.float32,
                                                np.float64))
_ndarray = np.ndarray


def _numpy_key(inputs):
    """The numpy fast path's key of `inputs` ((dtype, shape) of each), or
    None unless each is an ndarray the C API takes as it is."""
    key = []
    for x in inputs:
        if type(x) is not _ndarray:
            return None
        dt = x.dtype
        if dt not in _NUMPY_AS_IS or not x.flags.c_contiguous:
            return None
        key.append(dt)
        key.append(x.shape)
    return tuple(key)


class _Compiled:
    __slots__ = ("emitted", "exe", "direct")

    def __init__(self, emitted, exe):
        self.emitted = emitted
        self.exe = exe
        # The inputs are the entry's arguments as they are (no input passed
        # twice or reshaped): the device fast path hands them over.
        self.direct = all(i == k and p is None
                          for k, (i, p) in enumerate(emitted.plan)) and \
            len(emitted.plan) == len(exe.args)


# With the C fast path (python/csrc/fastcall.c), Function is a FastCall:
# calling one runs the C path and falls back to Function._call.
_FASTCALL = _capi._fastcall is not None
_FunctionBase = _capi._fastcall.FastCall if _FASTCALL else object


class Function(_FunctionBase):
    """A compiled ferric function: call it with numpy arrays.

    Made by :func:`compile` / :func:`jit`. Each new combination of input
    shapes and dtypes is translated to ferric IR and compiled once (CPU and
    CUDA emit dynamic dims, so shapes that differ only in sizes other than 1
    share one executable, except that on CUDA a function with a reduction
    keeps the sizes of its inputs' last dims static, the row lengths its
    kernels are chosen for; Vulkan emits static shapes); later calls with
    the same signature reuse it.
    """

    def __init__(self, fn, target="cpu", fuse=True, pipeline=None,
                 cache=True, name=None, num_inputs=None):
        self.target = check_target(target)
        if _FASTCALL:
            _FunctionBase.__init__(self, self.target)
        self._fn = fn
        self._options = _capi._options_string(fuse=fuse, cache=cache,
                                              pipeline=pipeline)
        self._pipeline = pipeline
        self._by_signature = {}
        # Device calls by (shape, dtype) of each input Tensor, filled once
        # a signature was checked and compiled: a hit skips tracing checks,
        # signature building and planning.
        self._fast = {}
        # Host calls by (dtype, shape) of each input ndarray, for float
        # arrays in the C API's layout as they are (C-contiguous, native
        # byte order) whose signature was checked and compiled: a hit skips
        # the signature, the conversions and the planning (most of a small
        # numpy call's host time).
        self._numpy_fast = {}
        # The same in C (the FastCall base, if built): it runs such calls
        # before any Python runs, and sends the rest to _call.
        self._generation = _generation[0]
        self._last_signature = None
        self._lock = threading.Lock()
        if isinstance(fn, E):
            self._roots, self._single = [fn], True
        elif isinstance(fn, (list, tuple)) and fn and \
                all(isinstance(r, E) for r in fn):
            self._roots, self._single = list(fn), False
        elif callable(fn):
            self._roots = None
            functools.update_wrapper(self, fn)
        else:
            raise TypeError("ferric.compile takes an expression (ferric.E), "
                            "a list of them, or a function of E values")
        if self._roots is not None:
            used = max_input_index(self._roots) + 1
            self._num_inputs = used if num_inputs is None else num_inputs
            if self._num_inputs < used:
                raise ShapeError("the expression uses input %d but only %d "
                                 "inputs were declared"
                                 % (used - 1, self._num_inputs))
            self._name = _symbol(name or "expr")
        else:
            self._name = _symbol(name or getattr(fn, "__name__", "fn"))
            self._num_inputs = None

    # Tracing.
    def _trace(self):
        if self._roots is not None:
            return
        params = inspect.signature(self._fn).parameters.values()
        kinds = (inspect.Parameter.POSITIONAL_ONLY,
                 inspect.Parameter.POSITIONAL_OR_KEYWORD)
        if any(p.kind not in kinds and p.default is p.empty for p in params):
            raise TypeError("ferric.jit traces functions of positional "
                            "parameters only")
        n = sum(1 for p in params if p.kind in kinds and p.default is p.empty)
        out = self._fn(*[E.input(i) for i in range(n)])
        if isinstance(out, E):
            roots, single = [out], True
        elif isinstance(out, (tuple, list)) and out and \
                all(isinstance(r, E) for r in out):
            roots, single = list(out), False
        else:
            raise TypeError("%s must return a ferric expression or a tuple of "
                            "them, got %s" % (self._name, type(out).__name__))
        self._roots, self._single, self._num_inputs = roots, single, n

    # Signatures.
    def _signature(self, inputs):
        """(dtype, shape) per input, checked against declared inputs."""
        self._trace()
        if len(inputs) != self._num_inputs:
            raise TypeError("%s takes %d inputs, got %d"
                            % (self._name, self._num_inputs, len(inputs)))
        declared = {}
        for node in input_nodes(self._roots):
            declared.setdefault(node.attrs["index"], []).append(node)
        out = []
        for i, x in enumerate(inputs):
            decl = declared.get(i, [])
            want = next((n.attrs["dtype"] for n in decl if n.attrs["dtype"]),
                        None)
            dt, shape = _input_type(x, i, want)
            for n in decl:
                if n.attrs["dtype"] and n.attrs["dtype"] != dt:
                    raise DTypeError("input %d has dtype %s but E.input(%d) "
                                     "declares %s"
                                     % (i, dt, i, n.attrs["dtype"]))
                s = n.attrs["shape"]
                if s is not None and (len(s) != len(shape) or any(
                        w is not None and w != g for w, g in zip(s, shape))):
                    raise ShapeError(
                        "input %d has shape %s but E.input(%d) declares %s"
                        % (i, tuple(shape), i,
                           tuple("?" if w is None else w for w in s)))
            out.append((dt, tuple(int(d) for d in shape)))
        return tuple(out)

    def _declared_signature(self):
        self._trace()
        sig = []
        by_index = {n.attrs["index"]: n for n in input_nodes(self._roots)}
        for i in range(self._num_inputs):
            n = by_index.get(i)
            if n is None or n.attrs["dtype"] is None or n.attrs["shape"] is \
                    None or None in n.attrs["shape"]:
                return None
            sig.append((n.attrs["dtype"], n.attrs["shape"]))
        return tuple(sig)

    def _compiled(self, sig):
        if self._generation != _generation[0]:
            self._by_signature.clear()
            self._fast.clear()
            self._numpy_fast.clear()
            if _FASTCALL:
                self._fastcall_clear()
            self._generation = _generation[0]
        hit = self._by_signature.get(sig)
        if hit is not None:
            _capi._count_exe(True)
            return hit
        emitted = self._emit(sig)
        exe = _executable(emitted.ir, emitted.entry, self.target,
                          self._options)
        compiled = _Compiled(emitted, exe)
        self._by_signature[sig] = compiled
        return compiled

    def _emit(self, sig):
        static = self.target in ("vulkan", "webgpu")
        if self.target == "cuda" and any(n.op == "reduce"
                                         for n in topo(self._roots)):
            # Row lengths static: the reduction writer then picks the
            # schedule measured for that length (16-byte loads, the team
            # and cluster shape; bench/RESULTS.md) instead of the widest
            # dynamic-length variant the host would pick among. Other
            # sizes stay dynamic, so new batch sizes reuse the executable.
            static = frozenset(shape[-1] for _, shape in sig if shape)
        return emit(self._roots, list(sig), self._name, static=static)

    def _sig_for(self, inputs):
        if inputs:
            return self._signature(inputs)
        sig = self._last_signature or self._declared_signature()
        if sig is None:
            raise ShapeError("pass example inputs (arrays or "
                             "ferric.spec(shape, dtype)) to see the IR; the "
                             "inputs' shapes and dtypes are not declared")
        return sig

    # Public API. Calling a Function runs _call (through the C fast path's
    # FastCall.__call__ when it is built).
    def _call(self, *inputs, stream=None):
        if stream is not None:
            if self.target != "cuda":
                raise ValueError("stream= is for the cuda target (this "
                                 "function runs on %s)" % self.target)
            stream = _tensor.stream_handle(stream)
        # The fast path: computed Tensors on the target, a signature seen
        # before.
        fast = self._fast
        if fast and self._generation == _generation[0]:
            key = []
            target = self.target
            for x in inputs:
                if type(x) is not _tensor.Tensor or x.device != target or \
                        x._node is not None:
                    break
                key.append(x.shape)
                key.append(x.dtype)
            else:
                compiled = fast.get(tuple(key))
                if compiled is not None:
                    _capi._count_exe(True)
                    results = _tensor.run_device(compiled.exe, inputs,
                                                 stream)
                    return results[0] if self._single else tuple(results)
        numpy_fast = self._numpy_fast
        if numpy_fast and self._generation == _generation[0]:
            key = _numpy_key(inputs)
            hit = numpy_fast.get(key) if key is not None else None
            if hit is not None:
                compiled, sig = hit
                _capi._count_exe(True)
                self._last_signature = sig
                results = compiled.exe._run_arrays(inputs)
                return results[0] if self._single else tuple(results)
        if any(_tensor.is_tensor_like(x) for x in inputs):
            return self._call_on_device(inputs, stream)
        sig = self._signature(inputs)
        with self._lock:
            compiled = self._compiled(sig)
            self._last_signature = sig
            if compiled.direct:
                key = _numpy_key(inputs)
                if key is not None:
                    numpy_fast[key] = (compiled, sig)
        arrays = [to_host_array(x, "input %d" % i, want=sig[i][0])[0]
                  for i, x in enumerate(inputs)]
        plan = compiled.emitted.plan
        args = [BF16Array(a) if sig[i][0] == "bf16" else a
                for a, (i, _) in zip(plan_arguments(plan, arrays), plan)]
        results = compiled.exe.run(*args)
        return results[0] if self._single else tuple(results)

    def _call_on_device(self, inputs, stream=None):
        """The device path: inputs become Tensors on the target's device
        (numpy inputs are copied there; Tensors and DLPack tensors on
        another device are refused) and the results stay there. With
        `stream` (a CUstream handle) the call is queued on it (see
        :meth:`__call__`)."""
        device = self.target
        tensors = []
        for i, x in enumerate(inputs):
            if isinstance(x, _tensor.Tensor):
                t = x
            elif _tensor.is_tensor_like(x):
                t = _tensor.import_tensor(x, stream)
                if t.device == "cpu" and device in ("vulkan", "webgpu"):
                    t = t.to(device)  # both host memory: no copy
            else:
                t = _tensor.asarray(x, device=device)
            if t.device != device:
                raise _tensor.DeviceError(
                    "input %d is on %s but %s runs on %s; move it with "
                    ".to(%r) (ferric does not copy between devices "
                    "implicitly)" % (i, t.device, self._name, device, device))
            tensors.append(t)
        sig = self._signature(tensors)
        with self._lock:
            compiled = self._compiled(sig)
            self._last_signature = sig
            if compiled.direct:
                key = tuple(x for t in tensors for x in (t.shape, t.dtype))
                if _FASTCALL and key not in self._fast:
                    _tensor.fastcall_add(self, key, compiled.exe,
                                         self._single)
                self._fast[key] = compiled
        results = _tensor.run_device(
            compiled.exe, plan_arguments(compiled.emitted.plan, tensors),
            stream)
        return results[0] if self._single else tuple(results)

    def mlir(self, *inputs):
        """The ferric IR for `inputs` (arrays or :func:`spec`; by default
        the last call's or the declared signature)."""
        return self._emit(self._sig_for(inputs)).ir

    def report(self, *inputs):
        """ferric-fuse's fusion report on :meth:`mlir`."""
        return fusion_report(self.mlir(*inputs))

    def wgsl(self, *inputs):
        """The WGSL compute shaders for `inputs` (static shapes) and their
        JSON launch manifest: one shader per fused kernel, each after a
        ``// ----- <kernel>.wgsl`` line, the manifest last (docs/WGSL.md).
        Uses this function's `pipeline` options when its target is webgpu;
        needs no GPU."""
        sig = self._sig_for(inputs)
        emitted = emit(self._roots, list(sig), self._name, static=True)
        return _capi.emit_wgsl(emitted.ir, emitted.entry,
                               self._pipeline if self.target == "webgpu"
                               else None)

    def executable(self, *inputs):
        """The :class:`ferric.Executable` for `inputs` (compiling it if
        needed), e.g. for ``.lowered_ir()`` or ``.bench()``."""
        sig = self._sig_for(inputs)
        with self._lock:
            return self._compiled(sig).exe

    def __repr__(self):
        return "<ferric.Function %s on %s>" % (self._name, self.target)


if not _FASTCALL:
    Function.__call__ = Function._call


def compile(fn, target="cpu", fuse=True, pipeline=None, cache=True,
            name=None):
    """Compiles `fn` for `target` ("cpu", "cuda", "vulkan" or "webgpu").

    `fn` is an expression (:class:`E`), a list of expressions (several
    results), or a Python function of E values (traced once). Returns a
    :class:`Function`: call it with numpy arrays; it returns an array (a
    tuple for several results). Called with :class:`ferric.Tensor` (or
    torch/CuPy) inputs it runs on them where they are and returns Tensors
    on the target's device; ``stream=`` (CUDA) queues the call on the
    caller's stream without a host wait (see python/README.md).
    `fuse=False` skips ferric-fuse; `pipeline` passes options to the
    target's pipeline (e.g. "block-size=128"); `cache=False` bypasses the
    kernel cache."""
    return Function(fn, target=target, fuse=fuse, pipeline=pipeline,
                    cache=cache, name=name)


def jit(fn=None, **kwargs):
    """Decorator form of :func:`compile`: ``@ferric.jit`` or
    ``@ferric.jit(target="vulkan")``. The function is traced over
    :class:`E` values, one per positional parameter, into one ferric
    function; returning a tuple gives several results."""
    if fn is None:
        return lambda f: Function(f, **kwargs)
    return Function(fn, **kwargs)


def eval(inputs, expr, target="cpu", stream=None, **kwargs):
    """Evaluates `expr` (an :class:`E` or a list of them) on `inputs` (a
    sequence of numpy arrays or Tensors, input i being ``E.input(i)``).
    Compiled once per expression and signature. `stream`: as for a
    :class:`Function` call."""
    # One array is not a list of inputs: list() would iterate its rows (or
    # fail on a 0-d array) and run the expression on each as an input.
    if isinstance(inputs, (np.ndarray, np.generic, BF16Array, str, bytes)) \
            or _tensor.is_tensor_like(inputs) \
            or not isinstance(inputs, collections.abc.Iterable):
        raise TypeError("ferric.eval takes a list (or tuple) of inputs, got "
                        "a %s; pass [x] for one input"
                        % type(inputs).__name__)
    inputs = list(inputs)
    roots = expr if isinstance(expr, E) else tuple(expr)
    # An input the expression does not use would be ignored without a word.
    used = max_input_index(
        [expr] if isinstance(expr, E) else list(roots)) + 1
    if len(inputs) > used:
        raise TypeError("ferric.eval got %d inputs but the expression uses "
                        "%s; input %d would be ignored"
                        % (len(inputs),
                           "no input" if used == 0 else
                           "input 0" if used == 1 else
                           "inputs 0 to %d" % (used - 1), used))
    key = (target, len(inputs), tuple(sorted(kwargs.items())))
    anchor = expr if isinstance(expr, E) else expr[0]
    if anchor._functions is None:
        anchor._functions = {}
    per_expr = anchor._functions
    fn = per_expr.get(key)
    if fn is None or (not isinstance(expr, E) and (
            len(fn._roots) != len(roots)
            or any(a is not b for a, b in zip(fn._roots, roots)))):
        fn = Function(roots, target=target, num_inputs=len(inputs), **kwargs)
        per_expr[key] = fn
    return fn(*inputs, stream=stream)
