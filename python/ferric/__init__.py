"""ferric: compile elementwise/tensor expressions with the Ferric compiler.

A Python front end over libFerricCAPI.so (the C API of Ferric's
compile-and-run engine, the one behind ``ferric-run``)::

    import numpy as np
    import ferric
    from ferric import E

    a = np.random.rand(1024).astype(np.float32)
    b = np.random.rand(1024).astype(np.float32)
    gate = E.input(0).silu() * E.input(1)        # SwiGLU: one fused kernel
    out = ferric.eval([a, b], gate)

    @ferric.jit(target="cpu")
    def swiglu(x, y):
        return x.silu() * y

    out = swiglu(a, b)
    print(swiglu.mlir(), swiglu.report())

See python/README.md.
"""

from ._capi import (TARGETS, CacheStats, Executable, TargetError, ValueInfo,
                    cache_stats, fusion_report)
from ._capi import target_available as _target_available
from ._dtypes import (BF16Array, DTypeError, FerricError, ShapeError, bf16,
                      normalize_dtype)
from .api import (Function, TensorSpec, clear_cache, compile, eval, jit,
                  spec)
from .expr import E
from .expr import where as _expr_where
from ._lazy import (FusionConfig, FusionStats, fusion_stats, lazy,
                   reset_fusion_stats, sync)
from .tensor import DeviceError, Tensor, asarray
from .tensor import where as _tensor_where


def where(mask, if_true, if_false):
    """Elementwise ``if_true if mask else if_false``: on expressions (E) it
    builds an expression; on :class:`ferric.Tensor` it computes (or, in
    lazy mode, records) the result."""
    if any(isinstance(x, Tensor) for x in (mask, if_true, if_false)):
        return _tensor_where(mask, if_true, if_false)
    return _expr_where(mask, if_true, if_false)

__version__ = "0.1.0"


def target_available(target):
    """True if `target` ("cpu", "cuda", "vulkan", "webgpu") can run here."""
    return _target_available(target)[0]


def target_unavailable_reason(target):
    """Why `target` cannot run here ("" if it can)."""
    return _target_available(target)[1]


# `compile` and `eval` stay out of __all__ so that `from ferric import *`
# does not shadow the builtins; use them as ferric.compile / ferric.eval.
__all__ = [
    "E", "where", "jit", "Function", "Executable",
    "spec", "TensorSpec", "bf16", "BF16Array", "cache_stats", "CacheStats",
    "clear_cache", "fusion_report", "target_available",
    "target_unavailable_reason", "FerricError", "DTypeError", "ShapeError",
    "TargetError", "ValueInfo", "TARGETS", "normalize_dtype",
    "Tensor", "asarray", "DeviceError", "lazy", "sync", "FusionConfig",
    "FusionStats", "fusion_stats", "reset_fusion_stats",
]
