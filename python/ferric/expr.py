"""Expressions over input tensors (:class:`E`) and their translation to
ferric IR.

An :class:`E` is a node of a DAG: an input, a scalar constant or an op
applied to other nodes. It has no shape or dtype of its own; those come from
the arrays a compiled function is called with, and :func:`emit`
(:mod:`ferric._emit`) turns the DAG into one ``func.func`` of ferric ops for
a given input signature, with numpy broadcasting made explicit as
``ferric.broadcast`` ops.
"""

import numbers

import numpy as np

from ._dtypes import BF16Array, DTypeError, is_float, normalize_dtype
# Re-exported: other modules and users import these from ferric.expr.
from ._emit import Emitted, emit  # noqa: F401
from ._graph import (BINARY_OPS, CMP_PREDICATES, REDUCE_KINDS,  # noqa: F401
                     UNARY_OPS, input_nodes, max_input_index)


def _wrap(x, what="operand"):
    if isinstance(x, E):
        return x
    if isinstance(x, (numbers.Real, np.floating, np.integer)) and \
            not isinstance(x, (bool, np.bool_)):
        return E.scalar(x)
    if isinstance(x, (np.ndarray, BF16Array)):
        raise TypeError("a numpy array cannot be part of an expression; pass "
                        "it as an input (E.input(i)) instead")
    raise TypeError("unsupported %s of type %s in a ferric expression"
                    % (what, type(x).__name__))


def _is_int(x):
    return isinstance(x, numbers.Integral) and \
        not isinstance(x, (bool, np.bool_))


def cast_dtype(dtype):
    """The dtype a cast goes to, normalized ("f32", ...); only floats."""
    dtype = normalize_dtype(dtype)
    if not is_float(dtype):
        raise DTypeError("cast goes to a float dtype (f16, bf16, f32, "
                         "f64), not %s" % dtype)
    return dtype


def _reduce_args(label, dims, keepdim, dim, axis, keepdims):
    """(dims tuple or None, keepdim, the argument's name) from ferric's
    ``dims=``/``keepdim=``, torch's ``dim=``/``keepdim=`` or numpy's
    ``axis=``/``keepdims=``. Ranges and negative dims are checked when the
    rank is known (emission)."""
    given = [(n, v) for n, v in (("dims", dims), ("dim", dim),
                                 ("axis", axis)) if v is not None]
    if len(given) > 1:
        raise ValueError("%s(): give the dims once, not both %s= and %s="
                         % (label, given[0][0], given[1][0]))
    name, value = given[0] if given else ("dims", None)
    keeps = [(n, v) for n, v in (("keepdim", keepdim),
                                 ("keepdims", keepdims)) if v is not None]
    if len(keeps) > 1:
        raise ValueError("%s(): give keepdim= or keepdims=, not both" % label)
    keep = bool(keeps[0][1]) if keeps else False
    if value is None:
        return None, keep, name
    if _is_int(value):
        return (int(value),), keep, name
    if not isinstance(value, (tuple, list)) or \
            not all(_is_int(d) for d in value):
        bad = value if not isinstance(value, (tuple, list)) else next(
            d for d in value if not _is_int(d))
        raise TypeError("%s(): %s= must be an int or a tuple/list of ints, "
                        "got %s" % (label, name, type(bad).__name__))
    out = tuple(int(d) for d in value)
    if len(set(out)) != len(out):
        twice = next(d for d in out if out.count(d) > 1)
        raise ValueError("%s(): %s= names dim %d twice" % (label, name, twice))
    return out, keep, name


class E:
    """An elementwise/tensor expression over input tensors.

    Build one from ``E.input(i)`` and ``E.scalar(x)`` with the methods below
    or Python operators, then evaluate it with :func:`ferric.eval` or compile
    it with :func:`ferric.compile`::

        gate = E.input(0).silu() * E.input(1)     # SwiGLU
        out = ferric.eval([a, b], gate)

    Operators: ``+ - * / ** @``, unary ``-``, ``abs()``, and comparisons
    ``< <= > >= == !=``, which give masks (i1 tensors) for
    :func:`ferric.where`. Python numbers mix in as scalars of the tensor's
    dtype. Tensors of different shapes broadcast by numpy's rules.
    """

    # `_functions`: the compiled functions ferric.eval made for this root.
    __slots__ = ("op", "args", "attrs", "_functions", "__weakref__")
    # Keep numpy from treating an E as an array (np.float32(2) * e).
    __array_ufunc__ = None

    def __init__(self, op, args=(), **attrs):
        self.op = op
        self.args = tuple(args)
        self.attrs = attrs
        self._functions = None

    # Leaves.
    @staticmethod
    def input(index, shape=None, dtype=None):
        """Input tensor `index`. `shape` (None entries: any size) and `dtype`
        optionally declare what it must be; calls with other arrays raise
        before compiling, and ``.mlir()`` needs no example inputs."""
        if not isinstance(index, numbers.Integral) or index < 0:
            raise ValueError("input index must be a non-negative int")
        if shape is not None:
            shape = tuple(None if d is None else int(d) for d in shape)
        if dtype is not None:
            dtype = normalize_dtype(dtype)
        return E("input", index=int(index), shape=shape, dtype=dtype)

    @staticmethod
    def scalar(value, dtype=None):
        """A constant. Without `dtype` it takes the dtype of the tensor it
        meets (like numpy's Python scalars)."""
        if dtype is not None:
            dtype = normalize_dtype(dtype)
            if not is_float(dtype):
                raise DTypeError("a scalar must have a float dtype")
        return E("scalar", value=float(value), dtype=dtype)

    # Unary ops.
    def _unary(self, op, **attrs):
        return E(op, (self,), **attrs)

    def neg(self):
        """``-x``."""
        return self._unary("neg")

    def abs(self):
        """``|x|``."""
        return self._unary("abs")

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("log")

    def sqrt(self):
        return self._unary("sqrt")

    def rsqrt(self):
        """``1 / sqrt(x)``."""
        return self._unary("rsqrt")

    def tanh(self):
        return self._unary("tanh")

    def relu(self):
        """``max(x, 0)``."""
        return self._unary("relu")

    def sigmoid(self):
        """``1 / (1 + exp(-x))``."""
        return self._unary("sigmoid")

    def silu(self):
        """``x / (1 + exp(-x))`` (swish)."""
        return self._unary("silu")

    def gelu(self, exact=False):
        """GELU: the tanh approximation, or the erf form with
        ``exact=True``."""
        return self._unary("gelu", exact=bool(exact))

    def sin(self):
        return self._unary("sin")

    def cos(self):
        return self._unary("cos")

    def erf(self):
        return self._unary("erf")

    def log1p(self):
        """``log(1 + x)``, accurate for tiny x."""
        return self._unary("log1p")

    def expm1(self):
        """``exp(x) - 1``, accurate for tiny x."""
        return self._unary("expm1")

    def floor(self):
        return self._unary("floor")

    def ceil(self):
        return self._unary("ceil")

    def round(self):
        """Round to the nearest integer, halfway cases to even (as
        ``torch.round`` and ``numpy.round``: ``round(2.5) = 2``)."""
        return self._unary("round")

    def sign(self):
        """1 for x > 0, -1 for x < 0, x itself for +-0 and NaN."""
        return self._unary("sign")

    def reciprocal(self):
        """``1 / x``."""
        return self._unary("reciprocal")

    def clamp(self, min=None, max=None):
        """``minimum(maximum(x, min), max)`` (NaN-propagating, as
        ``torch.clamp``); either bound may be None, an expression or a
        number."""
        if min is None and max is None:
            raise ValueError("clamp() needs at least one of min and max")
        if min is None:
            return self._binary("min", max)
        if max is None:
            return self._binary("max", min)
        return E("clamp", (self, _wrap(min), _wrap(max)))

    clip = clamp

    # Binary ops (tensor or scalar operands).
    def _binary(self, op, other):
        return E(op, (self, _wrap(other)))

    def add(self, other):
        return self._binary("add", other)

    def sub(self, other):
        return self._binary("sub", other)

    def mul(self, other):
        return self._binary("mul", other)

    def div(self, other):
        return self._binary("div", other)

    def max(self, other):
        """Elementwise maximum (NaN-propagating); see :meth:`amax` for the
        reduction."""
        return self._binary("max", other)

    def min(self, other):
        """Elementwise minimum (NaN-propagating); see :meth:`amin`."""
        return self._binary("min", other)

    def pow(self, other):
        return self._binary("pow", other)

    # Comparisons -> masks.
    def _cmp(self, pred, other):
        return E("cmp", (self, _wrap(other)), predicate=pred)

    def lt(self, other):
        return self._cmp("lt", other)

    def le(self, other):
        return self._cmp("le", other)

    def gt(self, other):
        return self._cmp("gt", other)

    def ge(self, other):
        return self._cmp("ge", other)

    def eq(self, other):
        return self._cmp("eq", other)

    def ne(self, other):
        return self._cmp("ne", other)

    def where(self, if_true, if_false):
        """``if_true`` where this mask is true, else ``if_false``."""
        return where(self, if_true, if_false)

    def cast(self, dtype):
        """Converts to a float dtype (``np.float16``, ``"bf16"``, ...); a
        mask becomes 0.0/1.0."""
        return E("cast", (self,), dtype=cast_dtype(dtype))

    # Reductions (fusion barriers). Each takes the dims as ferric's
    # `dims`/`keepdim`, torch's `dim`/`keepdim` or numpy's `axis`/`keepdims`.
    def _reduce(self, kind, label, dims, keepdim, dim, axis, keepdims):
        dims, keep, name = _reduce_args(label, dims, keepdim, dim, axis,
                                        keepdims)
        return E("reduce", (self,), kind=kind, dims=dims, keepdim=keep,
                 dims_arg=name)

    def sum(self, dims=None, keepdim=None, *, dim=None, axis=None,
            keepdims=None):
        """Sum over `dims` (an int, a tuple/list of ints, negative ones
        counting from the end, or None for all); `dim=`/`axis=` and
        `keepdims=` are accepted too. `keepdim` keeps reduced dims as 1."""
        return self._reduce("sum", "sum", dims, keepdim, dim, axis, keepdims)

    def mean(self, dims=None, keepdim=None, *, dim=None, axis=None,
             keepdims=None):
        """Mean over `dims`, spelled as for :meth:`sum`."""
        return self._reduce("mean", "mean", dims, keepdim, dim, axis,
                            keepdims)

    def amax(self, dims=None, keepdim=None, *, dim=None, axis=None,
             keepdims=None):
        """Maximum over `dims`, spelled as for :meth:`sum` (the reduction;
        :meth:`max` is elementwise)."""
        return self._reduce("max", "amax", dims, keepdim, dim, axis,
                            keepdims)

    def amin(self, dims=None, keepdim=None, *, dim=None, axis=None,
             keepdims=None):
        """Minimum over `dims`, spelled as for :meth:`sum`."""
        return self._reduce("min", "amin", dims, keepdim, dim, axis,
                            keepdims)

    def squeeze(self, dims):
        """This tensor without its size-1 dims `dims` (an int or a
        tuple/list of ints, negative ones counting from the end): a view,
        nothing copied. A dim whose size is not 1 is an error when the
        expression is compiled."""
        dims = (dims,) if _is_int(dims) else dims
        if not isinstance(dims, (tuple, list)) or not dims or \
                not all(_is_int(d) for d in dims):
            raise TypeError("squeeze(): dims must be an int or a non-empty "
                            "tuple/list of ints, got %r" % (dims,))
        return E("squeeze", (self,), dims=tuple(int(d) for d in dims))

    def matmul(self, other, transpose_a=False, transpose_b=False):
        """Matrix product: ``MxK @ KxN`` or batched ``BxMxK @ BxKxN``.

        ``transpose_a=True`` reads this operand transposed (stored ``KxM``),
        ``transpose_b=True`` the other one (stored ``NxK``), without a
        copy: ``x.matmul(w, transpose_b=True)`` is ``x @ w.T``, a linear
        layer with torch's weight layout."""
        if not isinstance(other, E):
            raise TypeError("matmul needs a tensor expression")
        attrs = {}
        if transpose_a:
            attrs["transpose_a"] = True
        if transpose_b:
            attrs["transpose_b"] = True
        return E("matmul", (self, other), **attrs)

    # Python operators.
    def __add__(self, o):
        return self.add(o)

    def __radd__(self, o):
        return E("add", (_wrap(o), self))

    def __sub__(self, o):
        return self.sub(o)

    def __rsub__(self, o):
        return E("sub", (_wrap(o), self))

    def __mul__(self, o):
        return self.mul(o)

    def __rmul__(self, o):
        return E("mul", (_wrap(o), self))

    def __truediv__(self, o):
        return self.div(o)

    def __rtruediv__(self, o):
        return E("div", (_wrap(o), self))

    def __pow__(self, o):
        return self.pow(o)

    def __rpow__(self, o):
        return E("pow", (_wrap(o), self))

    def __matmul__(self, o):
        return self.matmul(o)

    def __neg__(self):
        return self.neg()

    def __pos__(self):
        return self

    def __abs__(self):
        return self.abs()

    def _cmp_operand(self, o):
        return isinstance(o, E) or (
            isinstance(o, (numbers.Real, np.floating, np.integer))
            and not isinstance(o, (bool, np.bool_)))

    def __lt__(self, o):
        return self.lt(o) if self._cmp_operand(o) else NotImplemented

    def __le__(self, o):
        return self.le(o) if self._cmp_operand(o) else NotImplemented

    def __gt__(self, o):
        return self.gt(o) if self._cmp_operand(o) else NotImplemented

    def __ge__(self, o):
        return self.ge(o) if self._cmp_operand(o) else NotImplemented

    def __eq__(self, o):
        return self.eq(o) if self._cmp_operand(o) else NotImplemented

    def __ne__(self, o):
        return self.ne(o) if self._cmp_operand(o) else NotImplemented

    # `==` builds a mask, so hash by identity.
    __hash__ = object.__hash__

    def __bool__(self):
        raise TypeError("a ferric expression has no truth value (it is "
                        "computed later); use ferric.where(mask, a, b) "
                        "for a choice")

    def __repr__(self):
        if self.op == "input":
            return "E.input(%d)" % self.attrs["index"]
        if self.op == "scalar":
            return "E.scalar(%r)" % self.attrs["value"]
        inner = ", ".join(repr(a) for a in self.args)
        extra = "".join(", %s=%r" % kv for kv in sorted(self.attrs.items()))
        return "E.%s(%s%s)" % (self.op, inner, extra)

    # Convenience.
    def compile(self, **kwargs):
        """``ferric.compile(self, **kwargs)``."""
        from .api import compile as _compile
        return _compile(self, **kwargs)

    def mlir(self, *inputs, **kwargs):
        """The ferric IR for `inputs` (arrays or :func:`ferric.spec`)."""
        return self.compile(**kwargs).mlir(*inputs)

    def report(self, *inputs, **kwargs):
        """ferric-fuse's report on :meth:`mlir`."""
        return self.compile(**kwargs).report(*inputs)

    def wgsl(self, *inputs, **kwargs):
        """The WGSL compute shaders for `inputs` (arrays or
        :func:`ferric.spec`, static shapes) and their JSON launch manifest,
        to ship to a browser or any WebGPU runtime (docs/WGSL.md). Needs no
        GPU, node or Dawn."""
        kwargs.setdefault("target", "webgpu")
        return self.compile(**kwargs).wgsl(*inputs)


def where(mask, if_true, if_false):
    """Elementwise ``if_true if mask else if_false``; `mask` is a comparison
    result, the values are expressions or numbers. Broadcasts like numpy."""
    if not isinstance(mask, E):
        raise TypeError("where() needs a mask expression (a comparison)")
    return E("select", (mask, _wrap(if_true), _wrap(if_false)))

