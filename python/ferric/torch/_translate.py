"""FX partition (ATen ops) -> ferric expression (:class:`ferric.E`) roots.

The expression builder already writes numpy broadcasting as
``ferric.broadcast``, picks scalar dtypes and checks shapes, so a partition
is translated op by op into ``E`` nodes and compiled through the package's
own path (:class:`ferric.Function`: one executable per input signature).

Each value keeps two shapes: ``t``, what torch computes, and ``s``, what the
ferric expression computes. They differ only by broadcasting (an ``expand``
or leading size-1 dims cost nothing in ferric), so ``s`` always broadcasts
to ``t`` (:func:`broadcasts_to`); a partition result whose ``s`` is smaller
is expanded to ``t`` on the torch side.
"""

import numbers
import operator

import torch

from ..expr import E
from ._meta import FERRIC_DTYPE, node_meta
from ._support import (BINARY, CAST, COMPARE, COMPOSED, IDENTITY, MATMUL,
                       REDUCE, SELECT, TRANSPOSE, UNARY, VIEW, broadcasts_to,
                       has_method, matmul_operands, op_name,
                       promoted_dtype,
                       reads_as_matmul_operand, reduce_dims,
                       swapped_layout, swapped_source)


class Untranslatable(Exception):
    """The partition cannot be written in ferric after all (its shapes do
    not fit what the support table assumed). `node`: the name of the node
    that could not be translated, when one is to blame (the partitioner
    then leaves that node to eager and partitions again), else None (the
    partition runs eagerly)."""

    def __init__(self, message, node=None):
        super().__init__(message)
        self.node = node


class Value:
    __slots__ = ("e", "s", "t", "dtype", "keepdim_alt", "swapped")

    def __init__(self, e, s, t, dtype, keepdim_alt=None, swapped=False):
        self.e, self.s, self.t, self.dtype = e, tuple(s), tuple(t), dtype
        # For a keepdim=False reduction: the same reduction with keepdim,
        # which an unsqueeze of the reduced dim turns into.
        self.keepdim_alt = keepdim_alt
        # A transposed view (t / transpose / permute of the last two dims):
        # `e` computes the source as stored, which only a matmul reads (with
        # its transpose flag); `s` and `t` are the transposed shape.
        self.swapped = swapped


def _bcast(*shapes):
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for k in range(rank):
        size = 1
        for s in shapes:
            j = k - (rank - len(s))
            if j >= 0 and s[j] != 1:
                size = s[j]
        out.append(size)
    return tuple(out)


def _viewed_shape(node, shape):
    """The shape every user of placeholder `node` views it as, when all
    are views that only drop its leading size-1 dims, else `shape`."""
    wanted = set()
    for user in node.users:
        meta = node_meta(user)
        if op_name(user.target) not in VIEW or meta is None or \
                user.args[0] is not node or meta.shape is None:
            return shape
        wanted.add(tuple(meta.shape))
    if len(wanted) == 1:
        (t,) = wanted
        if _leading_ones(shape, t) is not None:
            return t
    return shape


class Translator:
    def __init__(self, gm):
        self.gm = gm
        self.env = {}
        self.inputs = []  # placeholder nodes, in order
        # Inputs laid out as a transpose of a contiguous tensor (a t(W)
        # made outside the partition) that only matmuls read: the partition
        # passes their transpose (W, contiguous: no copy) and the matmuls
        # read it with the transpose flag.
        self.swapped_inputs = []
        # Inputs with leading size-1 dims that every user views away (the
        # (1, T, H) -> (T, H) before a linear layer), by index: the
        # partition passes them so viewed (no copy), so no squeeze is
        # emitted on an argument.
        self.viewed_inputs = {}

    def run(self):
        """(E roots, [(s, t, dtype, eager strides)] per result)."""
        outputs = None
        for node in self.gm.graph.nodes:
            if node.op == "placeholder":
                meta = node_meta(node)
                if meta is None or not hasattr(meta, "shape") or \
                        meta.shape is None:
                    raise Untranslatable("input %s is not a tensor of known "
                                         "shape" % node.name)
                swapped = swapped_layout(meta) and node.users and all(
                    reads_as_matmul_operand(u, node) for u in node.users)
                if swapped:
                    self.swapped_inputs.append(len(self.inputs))
                shape = tuple(meta.shape)
                if not swapped:
                    shape = _viewed_shape(node, shape)
                    if shape != tuple(meta.shape):
                        self.viewed_inputs[len(self.inputs)] = shape
                self.env[node] = Value(E.input(len(self.inputs)),
                                       shape, meta.shape, meta.dtype,
                                       swapped=bool(swapped))
                self.inputs.append(node)
            elif node.op == "call_function":
                try:
                    self.env[node] = self.call(node)
                except Untranslatable as e:
                    raise Untranslatable(str(e), e.node or node.name) from e
            elif node.op == "output":
                outputs = node.args[0]
            else:
                raise Untranslatable("%s node in a partition" % node.op)
        if isinstance(outputs, torch.fx.Node):
            outputs = (outputs,)
        values = [self.env[o] for o in outputs]
        if any(v.swapped for v in values):
            raise Untranslatable("a transposed view as a partition result")
        strides = [node_meta(o).stride for o in outputs]
        return ([v.e for v in values],
                [(v.s, v.t, v.dtype, st) for v, st in zip(values, strides)])

    # Operands.
    def arg(self, a, swapped_ok=False):
        if isinstance(a, torch.fx.Node):
            v = self.env[a]
            if v.swapped and not swapped_ok:
                raise Untranslatable("a transposed view read by %s"
                                     % ", ".join(u.name for u in a.users))
            return v
        if isinstance(a, bool):
            return float(a)
        if isinstance(a, numbers.Real):
            return float(a)
        raise Untranslatable("operand %r" % (a,))

    @staticmethod
    def expr(v):
        return v.e if isinstance(v, Value) else v

    def out_meta(self, node):
        meta = node_meta(node)
        return meta.shape, meta.dtype

    def elementwise(self, node, e, operands):
        shapes = [v.s for v in operands if isinstance(v, Value)]
        t, dtype = self.out_meta(node)
        return Value(e, _bcast(*shapes), t, dtype)

    def call(self, node):
        if node.target is operator.getitem:
            raise Untranslatable("getitem")
        name = op_name(node.target)
        args = list(node.args)
        kw = node.kwargs
        if name in UNARY:
            x = self.arg(args[0])
            if name == "gelu":
                e = x.e.gelu(exact=kw.get("approximate", "none") == "none")
            else:
                e = getattr(x.e, UNARY[name])()
            return self.elementwise(node, e, [x])
        if name in COMPOSED:
            return self.composed(node, name, args, kw)
        if name in BINARY:
            return self.binary(node, name, args, kw)
        if name in COMPARE:
            a, b = self.promote(node, name, self.arg(args[0]),
                                self.arg(args[1]))
            e = getattr(E.scalar(a) if not isinstance(a, Value) else a.e,
                        COMPARE[name])(self.expr(b))
            return self.elementwise(node, e, [a, b])
        if name in SELECT:
            if name == "where":
                c, a, b = (self.arg(x) for x in args[:3])
            else:  # masked_fill(x, mask, value)
                b, c, a = (self.arg(x) for x in args[:3])
            a, b = self.promote(node, name, a, b)
            return self.elementwise(node, c.e.where(self.expr(a),
                                                    self.expr(b)), [c, a, b])
        if name in CAST:
            return self.cast(node, args, kw)
        if name in IDENTITY:
            x = self.arg(args[0])
            return Value(x.e, x.s, self.out_meta(node)[0], x.dtype)
        if name in REDUCE:
            return self.reduce(node, name, args, kw)
        if name in MATMUL:
            return self.matmul(node, name, args, kw)
        if name in VIEW:
            return self.view(node, args)
        if name in TRANSPOSE and swapped_source(node) is not None:
            x = self.arg(args[0])
            t, dtype = self.out_meta(node)
            if x.s != x.t:
                raise Untranslatable("transpose of a broadcast value")
            return Value(x.e, t, t, dtype, swapped=True)
        raise Untranslatable("aten.%s" % name)

    def composed(self, node, name, args, kw):
        x = self.arg(args[0])
        if name == "reciprocal":
            e = x.e.reciprocal() if has_method("reciprocal") else 1.0 / x.e
            return self.elementwise(node, e, [x])
        lo = args[1] if len(args) > 1 else kw.get("min")
        hi = args[2] if len(args) > 2 else kw.get("max")
        if name == "clamp_max":
            lo, hi = None, lo
        lo = None if lo is None else self.arg(lo)
        hi = None if hi is None else self.arg(hi)
        if has_method("clamp") and isinstance(lo, float) and \
                isinstance(hi, float):
            e = x.e.clamp(lo, hi)
        else:
            # NaN-propagating max/min: clamp(NaN) stays NaN, as in torch.
            e = x.e
            if lo is not None:
                e = e.max(self.expr(lo))
            if hi is not None:
                e = e.min(self.expr(hi))
        return self.elementwise(node, e, [x, lo, hi])

    def promote(self, node, name, *operands):
        """`operands` cast up to the dtype torch computes `node` in, where
        their float dtypes differ (the support table let only widening
        through)."""
        dtypes = {v.dtype for v in operands if isinstance(v, Value)}
        if len(dtypes) < 2:
            return operands
        target = promoted_dtype(name, node)
        if target is None:
            raise Untranslatable("mixed dtypes")
        return tuple(
            Value(v.e.cast(FERRIC_DTYPE[target]), v.s, v.t, target)
            if isinstance(v, Value) and v.dtype != target else v
            for v in operands)

    def binary(self, node, name, args, kw):
        a, b = self.promote(node, name, self.arg(args[0]),
                            self.arg(args[1]))
        alpha = kw.get("alpha", args[2] if len(args) > 2 else 1)
        if name == "rsub":  # other - alpha * self
            a, b = b, a
            if alpha != 1:
                b_e = self.expr(b) * float(alpha)
                return self.elementwise(node, _lhs(a) - b_e, [a, b])
        elif alpha != 1 and name in ("add", "sub"):
            b_e = self.expr(b) * float(alpha)
            return self.elementwise(
                node, getattr(_lhs(a), name)(b_e), [a, b])
        if name == "pow" and not isinstance(b, Value):
            e = _pow_scalar(_lhs(a), b)
        else:
            e = getattr(_lhs(a), BINARY[name])(self.expr(b))
        return self.elementwise(node, e, [a, b])

    def cast(self, node, args, kw):
        x = self.arg(args[0])
        t, dtype = self.out_meta(node)
        if dtype is torch.bool:
            e = x.e.ne(0.0) if x.dtype is not torch.bool else x.e
        elif dtype == x.dtype:
            e = x.e
        else:
            e = x.e.cast(FERRIC_DTYPE[dtype])
        return Value(e, x.s, t, dtype)

    def reduce(self, node, name, args, kw):
        x = self.arg(args[0])
        # s may differ from t by leading size-1 dims only (a view that added
        # or dropped them); a reduction over a broadcast would need the
        # broadcast materialized.
        off = len(x.s) - len(x.t)
        if x.s[max(off, 0):] != x.t[max(-off, 0):] or \
                any(d != 1 for d in x.s[:max(off, 0)] + x.t[:max(-off, 0)]):
            raise Untranslatable("reduction of a broadcast value")
        dims, keep = reduce_dims(node, len(x.t))
        dims = {d + off for d in dims if d + off >= 0}
        e_in = x.e
        want = kw.get("dtype")
        if want is not None and want != x.dtype:
            e_in = e_in.cast(FERRIC_DTYPE[want])
        t, dtype = self.out_meta(node)
        method = getattr(e_in, REDUCE[name])
        if not dims:  # only size-1 dims: nothing to reduce
            return Value(e_in, x.s, t, dtype)
        e = method(tuple(sorted(dims)), keepdim=keep)
        kept = tuple(1 if k in dims else n for k, n in enumerate(x.s))
        s = kept if keep else tuple(n for k, n in enumerate(x.s)
                                    if k not in dims)
        alt = None
        if not keep:
            alt = (method(tuple(sorted(dims)), keepdim=True), kept)
        return Value(e, s, t, dtype, keepdim_alt=alt)

    def matmul(self, node, name, args, kw):
        ops = [self.arg(a, swapped_ok=True)
               for a in matmul_operands(name, node)]
        a, b = (_exact(v) for v in ops)
        e = a.matmul(b, transpose_a=ops[0].swapped,
                     transpose_b=ops[1].swapped)
        t, dtype = self.out_meta(node)
        if name == "addmm":
            bias = self.arg(args[0])
            alpha, beta = kw.get("alpha", 1), kw.get("beta", 1)
            if alpha != 1:
                e = e * float(alpha)
            b = bias.e if beta == 1 else bias.e * float(beta)
            return Value(b + e, _bcast(bias.s, t), t, dtype)
        return Value(e, t, t, dtype)

    def view(self, node, args):
        x = self.arg(args[0])
        t, dtype = self.out_meta(node)
        if broadcasts_to(x.s, t):
            return Value(x.e, x.s, t, dtype)
        if x.keepdim_alt is not None and broadcasts_to(x.keepdim_alt[1], t):
            return Value(x.keepdim_alt[0], x.keepdim_alt[1], t, dtype)
        raise Untranslatable("reshape %s -> %s" % (x.s, t))


def _leading_ones(s, t):
    """How many leading size-1 dims `s` has beyond `t` when that is all
    that differs (a view like (1, T, H) -> (T, H)), else None."""
    k = len(s) - len(t)
    if k > 0 and all(d == 1 for d in s[:k]) and tuple(s[k:]) == tuple(t):
        return k
    return None


def _exact(v):
    """`v`'s expression with torch's shape `t` exactly (a matmul operand):
    leading size-1 dims squeezed away; a real broadcast is untranslatable
    (it would have to be materialized)."""
    if v.s == v.t:
        return v.e
    k = _leading_ones(v.s, v.t)
    if k is None:
        raise Untranslatable("matmul of a broadcast value (%s read as %s)"
                             % (v.s, v.t))
    return v.e.squeeze(tuple(range(k)))


def _lhs(a):
    return a.e if isinstance(a, Value) else E.scalar(a)


def _pow_scalar(x, p):
    # Small integer powers as products: exact, and defined for negative
    # bases whatever way the target computes pow.
    if p == 1.0:
        return x
    if p == 2.0:
        return x * x
    if p == 3.0:
        return x * x * x
    if p == 0.5:
        return x.sqrt()
    if p == -0.5:
        return x.rsqrt()
    if p == -1.0:
        return 1.0 / x
    return x.pow(p)
