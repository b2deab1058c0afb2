"""Translation of an expression DAG (:class:`ferric.E` nodes) to the text of
one ``func.func`` of ferric ops for a given input signature, with numpy
broadcasting made explicit as ``ferric.broadcast`` ops.
"""

import math

import numpy as np

from ._dtypes import DTypeError, FerricError, ShapeError, bf16
from ._graph import BINARY_OPS, UNARY_OPS, topo


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
            "sin": lambda: np.sin(x), "cos": lambda: np.cos(x),
            "erf": lambda: math.erf(x) if not np.isnan(x) else x,
            "log1p": lambda: np.log1p(x), "expm1": lambda: np.expm1(x),
            "floor": lambda: np.floor(x), "ceil": lambda: np.ceil(x),
            "round": lambda: np.round(x),  # ties to even, like ferric.round
            "sign": lambda: 1.0 if x > 0 else -1.0 if x < 0 else x,
            "reciprocal": lambda: np.divide(1.0, x),
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

    `static`: True writes every dim as a number (the SPIR-V pipeline needs
    static shapes); False makes dims of size 1 static and all others
    dynamic (`?`), so one compiled function serves every shape with the
    same pattern of 1s; a set of sizes makes dims of those sizes static as
    well (the row lengths of reductions, see api.Function._emit).
    """

    def __init__(self, arg_types, static):
        self.arg_types = arg_types
        self.static = static is True
        self.static_sizes = frozenset(static) if not isinstance(
            static, bool) else frozenset()
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
            (str(d) if self.fixed(d) else "?") + "x" for d in shape)
        return "tensor<%s%s>" % (dims, dtype)

    def fixed(self, size):
        """Whether a dim of `size` is written as a number."""
        return self.static or size == 1 or size in self.static_sizes

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
            if self.fixed(shape[d]):
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
        if op == "clamp":
            return self.clamp(a)
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
        if op == "squeeze":
            return self.squeeze_dims(a[0], node.attrs["dims"])
        if op == "matmul":
            return self.matmul(a[0], a[1],
                               node.attrs.get("transpose_a", False),
                               node.attrs.get("transpose_b", False))
        raise FerricError("unknown op '%s'" % op)

    def clamp(self, a):
        """ferric.clamp when the value is a tensor; else max then min (the
        same math), which take a scalar on either side."""
        dtype = self.float_dtype("clamp", a)
        (x, lo, hi), shape = self.broadcast_all("clamp", a)

        def binary(op, u, v):
            if isinstance(u, _Scalar) and isinstance(v, _Scalar):
                return _Scalar(_fold_binary(op, u.value, v.value), dtype)
            return self.binary(op, u, v, dtype, shape)
        if not isinstance(x, _Value):
            return binary("min", binary("max", x, lo), hi)
        name = self.fresh()
        types = self.vty(x)
        if any(not isinstance(v, _Value) for v in (lo, hi)):
            types += ", " + ", ".join(
                self.vty(v) if isinstance(v, _Value) else dtype
                for v in (lo, hi))
        self.line("%s = ferric.clamp %s, %s, %s : %s"
                  % (name, x.name, self.operand(lo, dtype),
                     self.operand(hi, dtype), types))
        return _Value(name, dtype, shape, src=x.src)

    def binary(self, op, x, y, dtype, shape):
        """`op` on two broadcast operands (at least one of them a tensor)."""
        src = (x if isinstance(x, _Value) else y).src
        name = self.fresh()
        types = ", ".join(self.vty(v) if isinstance(v, _Value) else dtype
                          for v in (x, y))
        self.line("%s = ferric.%s %s, %s : %s"
                  % (name, op, self.operand(x, dtype),
                     self.operand(y, dtype), types))
        return _Value(name, dtype, shape, src=src)

    def reduce(self, node, x):
        kind = node.attrs["kind"]
        label = {"max": "amax", "min": "amin"}.get(kind, kind)
        if not isinstance(x, _Value):
            raise ShapeError("%s() needs a tensor, not a constant" % label)
        self.float_dtype(label, [x])
        rank = len(x.shape)
        dims = node.attrs["dims"]
        dims = range(rank) if dims is None else dims
        # The spelling the caller used (dims=, dim= or axis=), for messages.
        arg = node.attrs.get("dims_arg", "dims")
        norm = set()
        for d in dims:
            if not -rank <= d < rank:
                valid = ("valid: %d to %d" % (-rank, rank - 1) if rank
                         else "a 0-d tensor has no dims")
                raise ShapeError("%s(): in %s=, dim %d is out of range for "
                                 "shape %s (%s)"
                                 % (label, arg, d, _fmt_shape(x.shape), valid))
            if d % rank in norm:
                raise ShapeError("%s(): %s= names dim %d twice (shape %s)"
                                 % (label, arg, d % rank,
                                    _fmt_shape(x.shape)))
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

    def squeeze_dims(self, x, dims):
        """E.squeeze: `x` without its size-1 dims `dims`."""
        if not isinstance(x, _Value):
            raise ShapeError("squeeze needs a tensor, not a scalar")
        rank = len(x.shape)
        positions = set()
        for d in dims:
            if not -rank <= d < rank:
                raise ShapeError("squeeze: dim %d is out of range for a "
                                 "tensor of shape %s" % (d,
                                                         _fmt_shape(x.shape)))
            if x.shape[d % rank] != 1:
                raise ShapeError("squeeze: dim %d of shape %s is not of "
                                 "size 1" % (d, _fmt_shape(x.shape)))
            positions.add(d % rank)
        return self.squeeze(x, sorted(positions))

    def matmul(self, x, y, transpose_a=False, transpose_b=False):
        if not isinstance(x, _Value) or not isinstance(y, _Value):
            raise ShapeError("matmul needs two tensors")
        dtype = self.float_dtype("matmul", [x, y])
        if len(x.shape) not in (2, 3) or len(x.shape) != len(y.shape):
            raise ShapeError("matmul takes two 2-D or two 3-D (batched) "
                             "tensors, got shapes %s and %s"
                             % (_fmt_shape(x.shape), _fmt_shape(y.shape)))
        # The dims of the stored operands that hold M, K (x) and K, N (y).
        xm, xk = (-1, -2) if transpose_a else (-2, -1)
        yk, yn = (-1, -2) if transpose_b else (-2, -1)
        flags = [f for f, on in (("transpose_a", transpose_a),
                                 ("transpose_b", transpose_b)) if on]
        if x.shape[xk] != y.shape[yk] or x.shape[:-2] != y.shape[:-2]:
            raise ShapeError("matmul: shapes %s and %s do not fit (K or the "
                             "batch differs%s)"
                             % (_fmt_shape(x.shape), _fmt_shape(y.shape),
                                "; with " + " and ".join(flags)
                                if flags else ""))
        shape = x.shape[:-2] + (x.shape[xm], y.shape[yn])
        name = self.fresh()
        keywords = "".join(
            " " + kw for kw, on in (("transpose_lhs", transpose_a),
                                    ("transpose_rhs", transpose_b)) if on)
        self.line("%s = ferric.matmul %s, %s%s : %s, %s -> %s"
                  % (name, x.name, y.name, keywords, self.vty(x),
                     self.vty(y), self.ty(dtype, shape)))
        src = x.src[:-2] + (x.src[xm], y.src[yn])
        return _Value(name, dtype, shape, src=src)


def plan_arguments(plan, values):
    """The arguments of a function emitted with `plan` (Emitted.plan) from
    its inputs `values` (arrays or Tensors: anything with ``shape`` and
    ``reshape``): each input, and again without the size-1 dims at the
    squeezed positions where the plan says so (no copy)."""
    out = []
    for i, positions in plan:
        v = values[i]
        if positions is not None:
            v = v.reshape(tuple(d for j, d in enumerate(v.shape)
                                if j not in positions))
        out.append(v)
    return out


class Emitted:
    """The text of a function and how to call it: ``plan`` lists, per
    argument, ``(input index, squeezed positions or None)``
    (see :func:`plan_arguments`)."""

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
    for node in topo(roots):
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
