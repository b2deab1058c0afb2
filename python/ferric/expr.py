"""Expressions over input tensors (:class:`E`) and their translation to
ferric IR.

An :class:`E` is a node of a DAG: an input, a scalar constant or an op
applied to other nodes. It has no shape or dtype of its own; those come from
the arrays a compiled function is called with, and :func:`emit` turns the DAG
into one ``func.func`` of ferric ops for a given input signature, with numpy
broadcasting made explicit as ``ferric.broadcast`` ops.
"""

import math
import numbers

import numpy as np

from ._dtypes import (BF16Array, DTypeError, FerricError, ShapeError, bf16,
                      is_float, normalize_dtype)

UNARY_OPS = ("neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "relu",
             "sigmoid", "silu", "gelu")
BINARY_OPS = ("add", "sub", "mul", "div", "max", "min", "pow")
CMP_PREDICATES = ("lt", "le", "gt", "ge", "eq", "ne")
REDUCE_KINDS = ("sum", "mean", "max", "min")


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


def _dims_arg(dims):
    if dims is None:
        return None
    if isinstance(dims, numbers.Integral):
        return (int(dims),)
    return tuple(int(d) for d in dims)


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
        dtype = normalize_dtype(dtype)
        if not is_float(dtype):
            raise DTypeError("cast goes to a float dtype (f16, bf16, f32, "
                             "f64), not %s" % dtype)
        return E("cast", (self,), dtype=dtype)

    # Reductions (fusion barriers).
    def _reduce(self, kind, dims, keepdim):
        return E("reduce", (self,), kind=kind, dims=_dims_arg(dims),
                 keepdim=bool(keepdim))

    def sum(self, dims=None, keepdim=False):
        """Sum over `dims` (an int, a sequence, or None for all)."""
        return self._reduce("sum", dims, keepdim)

    def mean(self, dims=None, keepdim=False):
        return self._reduce("mean", dims, keepdim)

    def amax(self, dims=None, keepdim=False):
        """Maximum over `dims` (the reduction; :meth:`max` is
        elementwise)."""
        return self._reduce("max", dims, keepdim)

    def amin(self, dims=None, keepdim=False):
        return self._reduce("min", dims, keepdim)

    def matmul(self, other):
        """Matrix product: ``MxK @ KxN`` or batched ``BxMxK @ BxKxN``."""
        if not isinstance(other, E):
            raise TypeError("matmul needs a tensor expression")
        return E("matmul", (self, other))

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


def where(mask, if_true, if_false):
    """Elementwise ``if_true if mask else if_false``; `mask` is a comparison
    result, the values are expressions or numbers. Broadcasts like numpy."""
    if not isinstance(mask, E):
        raise TypeError("where() needs a mask expression (a comparison)")
    return E("select", (mask, _wrap(if_true), _wrap(if_false)))


def max_input_index(roots):
    """The largest input index used under `roots` (-1 if none)."""
    best = -1
    for node in _topo(roots):
        if node.op == "input":
            best = max(best, node.attrs["index"])
    return best


def input_nodes(roots):
    return [n for n in _topo(roots) if n.op == "input"]


def _topo(roots):
    """The nodes under `roots`, each after its operands (iterative, so deep
    expressions do not hit the recursion limit)."""
    order, seen = [], set()
    stack = [(r, False) for r in reversed(roots)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for a in reversed(node.args):
            if id(a) not in seen:
                stack.append((a, False))
    return order


#
# Emission
#

class _Value:
    """An SSA tensor value of the function being emitted.

    `src[k]` says where dim k's size can be read: (argument value, dim). A
    size read from an argument never ties kernels together, where a
    `tensor.dim` of an intermediate value would keep ferric-fuse from
    fusing its producer with its other users.
    """

    __slots__ = ("name", "dtype", "shape", "arg", "src")

    def __init__(self, name, dtype, shape, arg=None, src=None):
        self.name = name
        self.dtype = dtype
        self.shape = tuple(shape)
        self.arg = arg  # the input index, for function arguments
        self.src = tuple(src) if src is not None else tuple(
            (self, k) for k in range(len(self.shape)))


class _Scalar:
    """A constant not yet materialized (its dtype may still be open)."""

    __slots__ = ("value", "dtype")

    def __init__(self, value, dtype):
        self.value = value
        self.dtype = dtype


def _round_to(value, dtype):
    if dtype == "f16":
        return float(np.float16(value))
    if dtype == "f32":
        return float(np.float32(value))
    if dtype == "bf16":
        return float(bf16(np.float64(value)).to_float32())
    return float(value)


# dtype -> (float type, same-size unsigned type, hex digits).
_HEX_BITS = {"f16": (np.float16, np.uint16, 4),
             "f32": (np.float32, np.uint32, 8),
             "f64": (np.float64, np.uint64, 16)}


def _float_literal(value, dtype):
    """`value` (already rounded to `dtype`) as an MLIR float literal."""
    if math.isfinite(value):
        text = repr(float(value))
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + (e + exponent if e else "")
    if dtype == "bf16":
        bits = int(bf16(np.float64(value)).bits)
        return "0x%04X" % bits
    ftype, utype, digits = _HEX_BITS[dtype]
    bits = int(np.array(value, ftype).view(utype))
    return "0x%0*X" % (digits, bits)


def _gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi)
                                    * (x + 0.044715 * x ** 3)))


def _fold_unary(op, x, exact=False):
    with np.errstate(all="ignore"):
        x = np.float64(x)
        table = {
            "neg": lambda: -x, "abs": lambda: abs(x), "exp": lambda: np.exp(x),
            "log": lambda: np.log(x), "sqrt": lambda: np.sqrt(x),
            "rsqrt": lambda: 1.0 / np.sqrt(x), "tanh": lambda: np.tanh(x),
            "relu": lambda: np.maximum(x, 0.0),
            "sigmoid": lambda: 1.0 / (1.0 + np.exp(-x)),
            "silu": lambda: x / (1.0 + np.exp(-x)),
            "gelu": lambda: (0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))
                             if exact else _gelu_tanh(x)),
        }
        return float(table[op]())


def _fold_binary(op, a, b):
    with np.errstate(all="ignore"):
        a, b = np.float64(a), np.float64(b)
        table = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
                 "div": np.divide, "max": np.maximum, "min": np.minimum,
                 "pow": np.power}
        return float(table[op](a, b))


def _fmt_shape(shape):
    return "(" + ", ".join(str(d) for d in shape) + \
        ("," if len(shape) == 1 else "") + ")"


class _Emitter:
    """Builds the text of one ferric function for concrete input types.

    `static`: write every dim as a number (the SPIR-V pipeline needs static
    shapes); otherwise dims of size 1 are static and all others dynamic
    (`?`), so one compiled function serves every shape with the same
    pattern of 1s.
    """

    def __init__(self, arg_types, static):
        self.arg_types = arg_types
        self.static = static
        self.lines = []
        self.counter = 0
        self.consts = {}
        self.index_consts = {}
        self.dims = {}
        self.args = [_Value("%%arg%d" % i, dt, shape, arg=i)
                     for i, (dt, shape) in enumerate(arg_types)]
        # Extra arguments: (input index, squeezed positions) -> _Value.
        self.extra_args = {}

    # Types and names.
    def ty(self, dtype, shape):
        dims = "".join(
            (str(d) if self.static or d == 1 else "?") + "x" for d in shape)
        return "tensor<%s%s>" % (dims, dtype)

    def vty(self, v):
        return self.ty(v.dtype, v.shape) if isinstance(v, _Value) else v.dtype

    def fresh(self):
        self.counter += 1
        return "%%%d" % (self.counter - 1)

    def line(self, text):
        self.lines.append("  " + text)

    def constant(self, value, dtype):
        value = _round_to(value, dtype)
        key = (dtype, np.float64(value).tobytes())
        if key not in self.consts:
            name = "%%cst_%d" % len(self.consts)
            self.line("%s = arith.constant %s : %s"
                      % (name, _float_literal(value, dtype), dtype))
            self.consts[key] = name
        return self.consts[key]

    def operand(self, v, dtype):
        """SSA name of `v`, materializing a scalar as `dtype`."""
        if isinstance(v, _Scalar):
            return self.constant(v.value, dtype)
        return v.name

    def index(self, k):
        if k not in self.index_consts:
            name = "%%c%d" % k
            self.line("%s = arith.constant %d : index" % (name, k))
            self.index_consts[k] = name
        return self.index_consts[k]

    def dim(self, v, k):
        """An index value holding the size of dim `k` of `v`."""
        v, k = v.src[k]
        key = (v.name, k)
        if key not in self.dims:
            c = self.index(k)
            name = self.fresh()
            self.line("%s = tensor.dim %s, %s : %s"
                      % (name, v.name, c, self.vty(v)))
            self.dims[key] = name
        return self.dims[key]

    # Broadcasting.
    def common_shape(self, op, values):
        shapes = [v.shape for v in values if isinstance(v, _Value)]
        rank = max(len(s) for s in shapes)
        out = []
        for k in range(rank):
            size = 1
            for s in shapes:
                j = k - (rank - len(s))
                if j < 0 or s[j] == 1:
                    continue
                if size != 1 and s[j] != size:
                    raise ShapeError(
                        "'%s': shapes %s cannot be broadcast together"
                        % (op, " and ".join(_fmt_shape(s) for s in shapes)))
                size = s[j]
            out.append(size)
        return tuple(out)

    def broadcast_to(self, v, shape, peers):
        rank, vrank = len(shape), len(v.shape)
        lead = rank - vrank
        expand = [j for j, d in enumerate(v.shape)
                  if d == 1 and shape[lead + j] != 1]
        dims = sorted(list(range(lead)) + [lead + j for j in expand])
        if not dims:
            return v
        src = self.squeeze(v, expand) if expand else v
        sizes = []
        where = list(v.src[j - lead] if j >= lead else None
                     for j in range(rank))
        for d in dims:
            for p in peers:
                j = d - (rank - len(p.shape))
                if j >= 0 and p.shape[j] == shape[d]:
                    where[d] = p.src[j]
                    break
            if self.static or shape[d] == 1:
                continue
            if where[d] is None:  # cannot happen: some operand has the size
                raise FerricError("internal error: no size for dim %d" % d)
            sizes.append(self.dim(_Value("", "", (), src=[where[d]]), 0))
        name = self.fresh()
        sizes_text = " sizes(%s)" % ", ".join(sizes) if sizes else ""
        self.line("%s = ferric.broadcast %s dims [%s]%s : %s -> %s"
                  % (name, src.name, ", ".join(str(d) for d in dims),
                     sizes_text, self.vty(src), self.ty(v.dtype, shape)))
        return _Value(name, v.dtype, shape, src=where)

    def squeeze(self, v, positions):
        """`v` without its size-1 dims at `positions`."""
        shape = tuple(d for j, d in enumerate(v.shape) if j not in positions)
        if v.arg is not None:
            # An input: the caller passes it again, reshaped (no copy).
            key = (v.arg, tuple(positions))
            if key not in self.extra_args:
                i = len(self.args) + len(self.extra_args)
                self.extra_args[key] = _Value("%%arg%d" % i, v.dtype, shape,
                                              arg=None)
            return self.extra_args[key]
        # Each removed dim joins the group of the kept dim before it (or
        # the first kept dim's, for leading ones).
        kept = [j for j in range(len(v.shape)) if j not in positions]
        groups = {k: [k] for k in kept}
        for j in positions:
            if kept:
                before = [k for k in kept if k < j]
                groups[before[-1] if before else kept[0]].append(j)
        groups = [sorted(groups[k]) for k in kept]
        name = self.fresh()
        reassoc = ", ".join("[%s]" % ", ".join(str(j) for j in g)
                            for g in groups)
        self.line("%s = tensor.collapse_shape %s [%s] : %s into %s"
                  % (name, v.name, reassoc, self.vty(v),
                     self.ty(v.dtype, shape)))
        return _Value(name, v.dtype, shape, src=[v.src[j] for j in kept])

    def broadcast_all(self, op, values):
        tensors = [v for v in values if isinstance(v, _Value)]
        if not tensors:
            return values, None
        shape = self.common_shape(op, tensors)
        return [self.broadcast_to(v, shape, tensors)
                if isinstance(v, _Value) else v for v in values], shape

    # Dtypes.
    @staticmethod
    def float_dtype(op, values):
        dts = {v.dtype for v in values if isinstance(v, _Value)}
        sdts = {v.dtype for v in values
                if isinstance(v, _Scalar) and v.dtype}
        if "i1" in dts:
            raise DTypeError("'%s' needs float operands, got a mask (i1); "
                             "use .cast(dtype) or ferric.where()" % op)
        if len(dts) > 1:
            raise DTypeError("'%s': operand dtypes differ (%s); convert one "
                             "with .cast()" % (op, " and ".join(sorted(dts))))
        if dts:
            return dts.pop()
        if len(sdts) > 1:
            raise DTypeError("'%s': scalar dtypes differ (%s)"
                             % (op, " and ".join(sorted(sdts))))
        return sdts.pop() if sdts else None

    # Ops.
    def visit(self, node, vals):
        op, a = node.op, [vals[id(x)] for x in node.args]
        if op == "input":
            return self.args[node.attrs["index"]]
        if op == "scalar":
            return _Scalar(node.attrs["value"], node.attrs["dtype"])
        if op in UNARY_OPS:
            x = a[0]
            if isinstance(x, _Scalar):
                return _Scalar(_fold_unary(op, x.value, **node.attrs),
                               x.dtype)
            self.float_dtype(op, [x])
            name = self.fresh()
            exact = " exact" if node.attrs.get("exact") else ""
            self.line("%s = ferric.%s %s%s : %s"
                      % (name, op, x.name, exact, self.vty(x)))
            return _Value(name, x.dtype, x.shape, src=x.src)
        if op in BINARY_OPS or op == "cmp":
            label = node.attrs.get("predicate", op)
            dtype = self.float_dtype(label, a)
            if all(isinstance(x, _Scalar) for x in a):
                if op == "cmp":
                    raise FerricError("a comparison needs a tensor operand")
                return _Scalar(_fold_binary(op, a[0].value, a[1].value),
                               dtype)
            (x, y), shape = self.broadcast_all(label, a)
            src = (x if isinstance(x, _Value) else y).src
            name = self.fresh()
            types = ", ".join(self.vty(v) if isinstance(v, _Value) else dtype
                              for v in (x, y))
            if op == "cmp":
                self.line("%s = ferric.cmp %s, %s, %s : %s"
                          % (name, label, self.operand(x, dtype),
                             self.operand(y, dtype), types))
                return _Value(name, "i1", shape, src=src)
            self.line("%s = ferric.%s %s, %s : %s"
                      % (name, op, self.operand(x, dtype),
                         self.operand(y, dtype), types))
            return _Value(name, dtype, shape, src=src)
        if op == "select":
            cond, t, f = a
            if not isinstance(cond, _Value) or cond.dtype != "i1":
                raise DTypeError("where(): the condition must be a mask "
                                 "(a comparison), not %s"
                                 % (cond.dtype if isinstance(cond, _Value)
                                    else "a scalar"))
            dtype = self.float_dtype("select", [t, f]) or "f32"
            (c, t, f), shape = self.broadcast_all("select", [cond, t, f])
            name = self.fresh()
            types = ", ".join(self.vty(v) if isinstance(v, _Value) else dtype
                              for v in (t, f))
            self.line("%s = ferric.select %s, %s, %s : %s, %s"
                      % (name, c.name, self.operand(t, dtype),
                         self.operand(f, dtype), self.vty(c), types))
            return _Value(name, dtype, shape, src=c.src)
        if op == "cast":
            x, dtype = a[0], node.attrs["dtype"]
            if isinstance(x, _Scalar):
                return _Scalar(_round_to(x.value, dtype), dtype)
            if x.dtype == dtype:
                return x
            name = self.fresh()
            self.line("%s = ferric.cast %s : %s to %s"
                      % (name, x.name, self.vty(x),
                         self.ty(dtype, x.shape)))
            return _Value(name, dtype, x.shape, src=x.src)
        if op == "reduce":
            return self.reduce(node, a[0])
        if op == "matmul":
            return self.matmul(a[0], a[1])
        raise FerricError("unknown op '%s'" % op)

    def reduce(self, node, x):
        kind = node.attrs["kind"]
        label = {"max": "amax", "min": "amin"}.get(kind, kind)
        if not isinstance(x, _Value):
            raise ShapeError("%s() needs a tensor, not a constant" % label)
        self.float_dtype(label, [x])
        rank = len(x.shape)
        dims = node.attrs["dims"]
        dims = range(rank) if dims is None else dims
        norm = set()
        for d in dims:
            if not -rank <= d < rank:
                raise ShapeError("%s(): dim %d is out of range for shape %s"
                                 % (label, d, _fmt_shape(x.shape)))
            norm.add(d % rank)
        dims = sorted(norm)
        if not dims:
            return x
        keep = node.attrs["keepdim"]
        shape = tuple(1 if k in norm else d for k, d in enumerate(x.shape)
                      if keep or k not in norm)
        src = [None if k in norm else x.src[k] for k in range(rank)
               if keep or k not in norm]
        name = self.fresh()
        self.line("%s = ferric.reduce %s %s dims [%s]%s : %s -> %s"
                  % (name, kind, x.name, ", ".join(str(d) for d in dims),
                     " keepdim" if keep else "", self.vty(x),
                     self.ty(x.dtype, shape)))
        return _Value(name, x.dtype, shape, src=src)

    def matmul(self, x, y):
        if not isinstance(x, _Value) or not isinstance(y, _Value):
            raise ShapeError("matmul needs two tensors")
        dtype = self.float_dtype("matmul", [x, y])
        if len(x.shape) not in (2, 3) or len(x.shape) != len(y.shape):
            raise ShapeError("matmul takes two 2-D or two 3-D (batched) "
                             "tensors, got shapes %s and %s"
                             % (_fmt_shape(x.shape), _fmt_shape(y.shape)))
        if x.shape[-1] != y.shape[-2] or x.shape[:-2] != y.shape[:-2]:
            raise ShapeError("matmul: shapes %s and %s do not fit (K or the "
                             "batch differs)"
                             % (_fmt_shape(x.shape), _fmt_shape(y.shape)))
        shape = x.shape[:-1] + (y.shape[-1],)
        name = self.fresh()
        self.line("%s = ferric.matmul %s, %s : %s, %s -> %s"
                  % (name, x.name, y.name, self.vty(x), self.vty(y),
                     self.ty(dtype, shape)))
        return _Value(name, dtype, shape, src=x.src[:-1] + y.src[-1:])


class Emitted:
    """The text of a function and how to call it: ``plan`` lists, per
    argument, ``(input index, squeezed positions or None)``."""

    def __init__(self, ir, entry, plan, result_types):
        self.ir = ir
        self.entry = entry
        self.plan = plan
        self.result_types = result_types


def emit(roots, arg_types, name, static):
    """ferric IR for a function `name` computing `roots` from inputs of
    `arg_types` ((dtype, shape) per input)."""
    em = _Emitter(arg_types, static)
    vals = {}
    for node in _topo(roots):
        if node.op == "input" and node.attrs["index"] >= len(arg_types):
            raise ShapeError("the expression uses input %d but only %d "
                             "inputs were given"
                             % (node.attrs["index"], len(arg_types)))
        vals[id(node)] = em.visit(node, vals)
    results = []
    for i, r in enumerate(roots):
        v = vals[id(r)]
        if not isinstance(v, _Value):
            raise ShapeError("result %d is a constant; a result must depend "
                             "on an input tensor" % i)
        results.append(v)
    params = [(v.name, em.vty(v)) for v in em.args]
    plan = [(i, None) for i in range(len(em.args))]
    for (i, positions), v in em.extra_args.items():
        params.append((v.name, em.vty(v)))
        plan.append((i, positions))
    rtypes = [em.vty(v) for v in results]
    header = "func.func @%s(%s) -> %s {" % (
        name, ", ".join("%s: %s" % p for p in params),
        rtypes[0] if len(rtypes) == 1 else "(%s)" % ", ".join(rtypes))
    body = em.lines + ["  return %s : %s" % (
        ", ".join(v.name for v in results), ", ".join(rtypes))]
    ir = "\n".join([header] + body + ["}", ""])
    return Emitted(ir, name, plan, [(v.dtype, v.shape) for v in results])
