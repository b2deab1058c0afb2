"""What Ferric takes from an ATen graph: the op table and the
``OperatorSupport`` the partitioner asks.

Each table maps an ATen op (its overload packet's name) to the ferric
expression method that computes it. A method that :class:`ferric.E` does not
have yet is *pending*: the op falls back to eager with that reason, and it
becomes supported by itself once the package grows the method (the ops of
issue 37 are listed so: sin, cos, erf, ...), so a new dialect op is one line
here at most.
"""

import numbers

import torch
from torch.fx.passes.operator_support import OperatorSupportBase

from ..expr import E
from ._meta import FERRIC_DTYPE, FLOAT_DTYPES, Meta, node_meta

# aten name -> E method.
UNARY = {
    "neg": "neg", "abs": "abs", "exp": "exp", "log": "log", "sqrt": "sqrt",
    "rsqrt": "rsqrt", "tanh": "tanh", "relu": "relu", "sigmoid": "sigmoid",
    "silu": "silu", "gelu": "gelu",
    # Issue 37 (pending until E has them). torch.round rounds half to
    # even: E.round must too (else map "round" to the method that does).
    "sin": "sin", "cos": "cos", "erf": "erf", "log1p": "log1p",
    "expm1": "expm1", "floor": "floor", "ceil": "ceil", "round": "round",
    "sign": "sign",
}
# Native where E has the method, else composed of ops ferric has.
COMPOSED = {"reciprocal": "reciprocal", "clamp": "clamp",
            "clamp_min": "clamp", "clamp_max": "clamp"}
BINARY = {"add": "add", "sub": "sub", "mul": "mul", "div": "div",
          "maximum": "max", "minimum": "min", "pow": "pow", "rsub": "sub"}
COMPARE = {"lt": "lt", "le": "le", "gt": "gt", "ge": "ge", "eq": "eq",
           "ne": "ne"}
SELECT = ("where", "masked_fill")
CAST = ("_to_copy", "convert_element_type", "to")
IDENTITY = ("clone", "alias", "detach", "lift_fresh_copy")
REDUCE = {"sum": "sum", "mean": "mean", "amax": "amax", "amin": "amin"}
MATMUL = ("mm", "bmm", "addmm", "matmul")
# Views that swap the last two dims (a linear layer's ``t(W)``): a matmul
# reads such an operand with ferric.matmul's transpose flag, no copy.
TRANSPOSE = ("t", "transpose", "permute")
# Shape ops that only change how a value is broadcast (see _translate).
VIEW = ("expand", "unsqueeze", "view", "reshape", "_unsafe_view", "squeeze")
# Views: no kernel in eager, not counted as launches.
NO_LAUNCH = ("expand", "unsqueeze", "view", "reshape", "_unsafe_view",
             "squeeze", "alias", "detach", "t", "transpose", "permute",
             "slice", "select", "_reshape_alias", "as_strided", "split",
             "split_with_sizes", "unbind", "view_as", "narrow", "diagonal",
             "unfold", "sym_size", "prims.broadcast_in_dim")


def op_name(target):
    """The overload packet's name of an ATen op ("prims.<name>" for other
    namespaces, except prims.convert_element_type), else None."""
    if isinstance(target, torch._ops.OpOverload):
        packet = target.overloadpacket
    elif isinstance(target, torch._ops.OpOverloadPacket):
        packet = target
    else:
        return None
    name = packet.__name__
    namespace = getattr(packet, "_qualified_op_name", "aten::").split(":")[0]
    if namespace == "aten" or name == "convert_element_type":
        return name
    return "%s.%s" % (namespace, name)


def has_method(name):
    return callable(getattr(E, name, None))


def pending_ops():
    """Table entries waiting for a ferric op (E method) that is missing."""
    return sorted(k for k, m in UNARY.items() if not has_method(m))


def supported_ops():
    """Every ATen op name the table takes now."""
    names = [k for k, m in UNARY.items() if has_method(m)]
    names += list(COMPOSED) + list(BINARY) + list(COMPARE) + list(SELECT)
    names += list(CAST) + list(IDENTITY) + list(REDUCE) + list(MATMUL)
    names += list(VIEW) + list(TRANSPOSE)
    return sorted(set(names))


def _strip(shape):
    k = 0
    while k < len(shape) and shape[k] == 1:
        k += 1
    return shape[k:]


def broadcasts_to(s, t):
    """Whether a value of shape `s` (leading size-1 dims ignored) stands
    for one of shape `t` under numpy broadcasting (trailing alignment)."""
    s = _strip(tuple(s))
    if len(s) > len(t):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(s), reversed(t)))


def _reduced_shape(name, node):
    """(input shape with reduced dims kept as 1) for a keepdim=False
    reduction, or None."""
    meta = node_meta(node.args[0]) if node.args else None
    if name not in REDUCE or meta is None or meta.shape is None:
        return None
    dims, keep = reduce_dims(node, len(meta.shape))
    if keep:
        return None
    return tuple(1 if k in dims else d for k, d in enumerate(meta.shape))


def reduce_dims(node, rank):
    """(set of reduced dims, keepdim) of a sum/mean/amax/amin node."""
    args, kw = node.args, node.kwargs
    dims = args[1] if len(args) > 1 else kw.get("dim")
    keep = args[2] if len(args) > 2 else kw.get("keepdim", False)
    if dims is None or (isinstance(dims, (list, tuple)) and not dims):
        dims = range(rank)
    elif isinstance(dims, numbers.Integral):
        dims = [dims]
    return {int(d) % rank for d in dims} if rank else set(), bool(keep)


def matmul_operands(name, node):
    """The operand nodes (or values) of a mm / bmm / matmul / addmm node."""
    return node.args[1:3] if name == "addmm" else node.args[:2]


def reads_as_matmul_operand(user, node):
    """Whether `user` reads `node` only as a matmul operand (a mm / bmm /
    matmul / addmm call, and not as addmm's bias)."""
    name = op_name(user.target) if user.op == "call_function" else None
    return name in MATMUL and node in matmul_operands(name, user) and \
        not (name == "addmm" and user.args[0] is node)


def swapped_source(node):
    """The node `node` transposes, if it is a ``t`` / ``transpose`` /
    ``permute`` that swaps the last two dims of a contiguous 2-D or 3-D
    tensor and does nothing else; else None."""
    if not isinstance(node, torch.fx.Node) or node.op != "call_function":
        return None
    name = op_name(node.target)
    if name not in TRANSPOSE or not node.args or \
            not isinstance(node.args[0], torch.fx.Node):
        return None
    src = node.args[0]
    meta = node_meta(src)
    if meta is None or not hasattr(meta, "shape") or meta.shape is None or \
            len(meta.shape) not in (2, 3) or meta.stride is None or \
            not meta.contiguous:
        return None
    rank = len(meta.shape)
    args = list(node.args[1:])
    if name == "t":
        ok = rank == 2
    elif name == "transpose":
        ok = len(args) == 2 and all(
            isinstance(d, numbers.Integral) for d in args) and \
            sorted(int(d) % rank for d in args) == [rank - 2, rank - 1]
    else:
        perm = args[0] if args else node.kwargs.get("dims")
        ok = isinstance(perm, (list, tuple)) and len(perm) == rank and \
            all(isinstance(d, numbers.Integral) for d in perm) and \
            [int(d) % rank for d in perm] == \
            list(range(rank - 2)) + [rank - 1, rank - 2]
    return src if ok else None


def swapped_layout(meta):
    """Whether a value of `meta` is laid out as the transpose of its last
    two dims of a contiguous 2-D or 3-D tensor (and is not contiguous
    itself): a ``t(W)`` made outside the partition, which the partition
    takes as ``W`` (a free view) with the transpose flag."""
    if meta is None or not hasattr(meta, "shape") or meta.shape is None or \
            meta.stride is None or len(meta.shape) not in (2, 3) or \
            meta.contiguous:
        return False
    swap = lambda t: tuple(t[:-2]) + (t[-1], t[-2])  # noqa: E731
    return Meta(swap(meta.shape), meta.dtype, swap(meta.stride)).contiguous


def _tensor_args(node):
    out = []
    for a in list(node.args) + list(node.kwargs.values()):
        if isinstance(a, torch.fx.Node):
            out.append(a)
        elif isinstance(a, (list, tuple)):
            out.extend(x for x in a if isinstance(x, torch.fx.Node))
    return out


def promoted_dtype(name, node):
    """The float dtype torch computes an elementwise op of operands of
    several float dtypes in (bf16 - f32 -> f32), when each operand only
    widens to it (each is cast up to it, as torch's promotion does), else
    None. (A 0-dim f32 operand of a bf16 op gives a bf16 result that torch
    computes with the f32 value: not a widening, left to eager.)"""
    if name not in BINARY and name not in COMPARE and name not in SELECT:
        return None
    metas = [node_meta(a) for a in _tensor_args(node)]
    dtypes = [m.dtype for m in metas
              if getattr(m, "dtype", None) in FLOAT_DTYPES]
    if not dtypes:
        return None
    if name in COMPARE and any(m.shape is None or len(m.shape) == 0
                               for m in metas):
        # (A 0-dim operand does not decide a comparison's dtype in torch.)
        return None
    target = dtypes[0]
    for d in dtypes[1:]:
        target = torch.promote_types(target, d)
    if name not in COMPARE and getattr(node_meta(node), "dtype",
                                       None) != target:
        return None
    return target


class FerricSupport(OperatorSupportBase):
    """The partitioner's question, "can Ferric compute this node?", and
    :meth:`reason` saying why not. `matmul=False` leaves matmuls to
    torch."""

    def __init__(self, matmul=True):
        super().__init__()
        self.matmul = matmul
        # Nodes (by name) a partition could not be translated with, and
        # why: left to eager when the graph is partitioned again.
        self.refused = {}

    def is_node_supported(self, submodules, node):
        return node.op == "call_function" and self.reason(node) is None

    def reason(self, node):
        """None if Ferric takes `node`, else why not (one line)."""
        if node.name in self.refused:
            return self.refused[node.name]
        name = op_name(node.target)
        if name is None:
            return "not an ATen op (%s)" % getattr(node.target, "__name__",
                                                    node.target)
        why = self._op_reason(name, node)
        if why:
            return why
        return self._dtype_reason(name, node)

    def _op_reason(self, name, node):
        if name in UNARY:
            if not has_method(UNARY[name]):
                return "pending: ferric has no '%s' op yet" % UNARY[name]
            if name == "gelu" and node.kwargs.get(
                    "approximate", "none") not in ("none", "tanh"):
                return "gelu approximation %r" % node.kwargs["approximate"]
            return None
        if name in COMPOSED or name in COMPARE or name in IDENTITY:
            return None
        if name in BINARY:
            if name == "div" and node.kwargs.get("rounding_mode"):
                return "div with rounding_mode"
            return None
        if name in SELECT:
            return None
        if name in CAST:
            return self._cast_reason(node)
        if name in REDUCE:
            if node.kwargs.get("dtype") is not None and \
                    node.kwargs["dtype"] not in FLOAT_DTYPES:
                return "reduction to a non-float dtype"
            return None
        if name in MATMUL:
            if not self.matmul:
                return "matmul left to torch (matmul=False)"
            return self._matmul_reason(name, node)
        if name in VIEW:
            return self._view_reason(node)
        if name in TRANSPOSE:
            return self._transpose_reason(node)
        return "no ferric op for aten.%s" % name

    @staticmethod
    def _cast_reason(node):
        kw = dict(node.kwargs)
        if node.target is torch.ops.prims.convert_element_type.default or \
                len(node.args) > 1:
            return None
        for k in ("device", "pin_memory", "non_blocking"):
            if kw.get(k) not in (None, False):
                return "%s= in a copy" % k
        if kw.get("layout") not in (None, torch.strided):
            return "a copy to another layout"
        return None

    def _transpose_reason(self, node):
        # Only as a matmul operand, where ferric.matmul's transpose flag
        # reads the source as it is stored; anything else would need the
        # transpose copied.
        if swapped_source(node) is None:
            return ("%s that is not a swap of the last two dims of a "
                    "contiguous 2-D or 3-D tensor" % op_name(node.target))
        for user in node.users:
            if not self.matmul or not reads_as_matmul_operand(user, node):
                return ("transposed view read by something other than a "
                        "matmul operand (%s)" % user.name)
            if self.reason(user) is not None:
                return "transposed view read by a matmul ferric does not " \
                    "take (%s)" % user.name
        return None

    @staticmethod
    def _matmul_reason(name, node):
        operands = matmul_operands(name, node)
        for a in operands:
            meta = node_meta(a) if isinstance(a, torch.fx.Node) else None
            if meta is None or meta.shape is None:
                return "matmul operand without a known shape"
            if len(meta.shape) not in (2, 3):
                return "matmul of rank %d" % len(meta.shape)
            if not meta.contiguous and swapped_source(a) is None and \
                    not swapped_layout(meta):
                # A t / transpose / permute of the last two dims of a
                # contiguous tensor is read with the transpose flag;
                # another layout would need a copy.
                return "matmul of a non-contiguous (transposed) operand " \
                    "that is not a last-two-dims swap of a contiguous tensor"
        ranks = {len(node_meta(a).shape) for a in operands}
        if len(ranks) != 1:
            return "matmul of mixed ranks"
        if name == "addmm":
            beta = node.kwargs.get("beta", 1)
            alpha = node.kwargs.get("alpha", 1)
            if not isinstance(beta, numbers.Real) or \
                    not isinstance(alpha, numbers.Real):
                return "addmm with tensor beta/alpha"
        return None

    @staticmethod
    def _view_reason(node):
        src = node.args[0] if node.args else None
        m_in = node_meta(src) if isinstance(src, torch.fx.Node) else None
        m_out = node_meta(node)
        if m_in is None or m_out is None or m_in.shape is None or \
                m_out.shape is None:
            return "shape op without known shapes"
        if broadcasts_to(m_in.shape, m_out.shape):
            return None
        reduced = _reduced_shape(op_name(src.target), src) \
            if src.op == "call_function" else None
        if reduced is not None and tuple(m_out.shape) == reduced:
            return None
        return ("reshape %s -> %s moves data ferric would have to copy (it "
                "reads broadcasts, leading size-1 dims and unsqueezes of a "
                "reduced dim)" % (tuple(m_in.shape), tuple(m_out.shape)))

    @staticmethod
    def _dtype_reason(name, node):
        metas = []
        for a in _tensor_args(node):
            m = node_meta(a)
            if not hasattr(m, "dtype"):
                return "operand %s without tensor metadata" % a.name
            metas.append(("operand", m))
        out = node_meta(node)
        if isinstance(out, tuple) or out is None:
            return "result is not one tensor"
        metas.append(("result", out))
        if name not in VIEW + TRANSPOSE and out.shape is not None and \
                out.stride is not None and not out.contiguous:
            # Eager keeps a strided operand's layout (TensorIterator), and
            # later ops may read the result through those strides; ferric
            # writes row-major, so the result would need one more copy.
            return "eager result is strided %s (ferric writes row-major)" \
                % (tuple(out.stride),)
        for what, m in metas:
            if m.dtype not in FERRIC_DTYPE:
                return "%s dtype %s" % (what, str(m.dtype).replace(
                    "torch.", ""))
            if m.shape is None:
                return "symbolic sizes"
        bools = [w for w, m in metas if m.dtype is torch.bool]
        if bools and name not in CAST + VIEW + IDENTITY:
            # Masks only feed where() and casts, and only comparisons make
            # them: ferric has no arithmetic or logic on i1.
            ok = {"result"} if name in COMPARE else set()
            if name in SELECT:
                ok = {"operand"} if bools.count("operand") == 1 else set()
            if any(w not in ok for w in bools):
                return "bool %s of aten.%s (ferric has no mask arithmetic)" \
                    % (next(w for w in bools if w not in ok), name)
        floats = {m.dtype for w, m in metas if m.dtype in FLOAT_DTYPES}
        converts = name in CAST or (name in REDUCE and
                                    node.kwargs.get("dtype") is not None)
        if not converts and len(floats) > 1 and \
                promoted_dtype(name, node) is None:
            return "mixed dtypes (%s)" % ", ".join(
                sorted(str(d).replace("torch.", "") for d in floats))
        for a in list(node.args) + list(node.kwargs.values()):
            if isinstance(a, numbers.Number) and not isinstance(
                    a, numbers.Real):
                return "complex scalar"
            if type(a).__name__ in ("SymInt", "SymFloat"):
                return "symbolic scalar"
        return None
