"""The interpreter of random_dags.py: evaluates parsed ferric ops and
ferric.fused bodies in Python doubles, compares results, finds missed
fusions.
"""

import itertools
import math
import re

from dag_floats import (CMPF, fadd, fdiv, FERRIC_CMP, fexp, flog, fmaximum,
                        fminimum, fmul, fpow, from_bits, frsqrt, fsqrt,
                        round_to, WIDTH)
from dag_ir import parse_map, split_top, TensorType

# ===----------------------------------------------------------------------===
# The interpreter
# ===----------------------------------------------------------------------===


class Tensor:
    __slots__ = ("shape", "data")

    def __init__(self, shape, data):
        self.shape = tuple(shape)
        self.data = data


def strides(shape):
    s, out = 1, []
    for d in reversed(shape):
        out.append(s)
        s *= d
    return list(reversed(out))


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def elem_type(t):
    return t.elem if isinstance(t, TensorType) else t


def convert(x, src, dst):
    """ScalarEmitter::convert: i1 -> 0/1, widening exact, else narrowing."""
    if src == dst:
        return x
    if src == "i1":
        return 1.0 if x else 0.0
    if WIDTH[src] < WIDTH[dst]:
        return x
    return round_to(x, dst)


def cst(v, t):
    return round_to(v, t)


def ferric_scalar_fn(op):
    """The scalar function of an unfused elementwise ferric op, as the
    ScalarMath expansion computes it (narrow types widened to f32 for
    transcendental functions and rounded back)."""
    name = op.name[len("ferric."):]
    t = elem_type(op.out_types[0])
    narrow = t in ("f16", "bf16")
    ct = "f32" if narrow else t

    def widened(fn):
        if narrow:
            return lambda *a: round_to(fn(*a), t)
        return fn

    one = cst(1.0, ct)

    def sigmoid(x):
        return fdiv(one, one + fexp(-x))

    if name == "neg":
        return lambda x: -x
    if name == "abs":
        return abs
    if name == "exp":
        return widened(fexp)
    if name == "log":
        return widened(flog)
    if name == "sqrt":
        return widened(fsqrt)
    if name == "rsqrt":
        return widened(frsqrt)
    if name == "tanh":
        return widened(math.tanh)
    if name == "relu":
        return lambda x: fmaximum(x, 0.0)
    if name == "sigmoid":
        return widened(sigmoid)
    if name == "silu":
        return widened(lambda x: fmul(x, sigmoid(x)))
    if name == "gelu":
        half = cst(0.5, ct)
        if op.attrs.get("exact"):
            k = cst(0.70710678118654752440, ct)

            def gelu(x):
                inner = math.erf(fmul(x, k))
                return fmul(fmul(half, x), one + inner)
        else:
            # x / (1 + exp(x (k1 + k2 x^2))), k1 = -2 sqrt(2/pi), k2 =
            # 0.044715 k1: ScalarMath's tanh form.
            k1d = -2.0 * 0.79788456080286535588
            k1, k2 = cst(k1d, ct), cst(0.044715 * k1d, ct)

            def gelu(x):
                inner = fadd(k1, fmul(k2, fmul(x, x)))
                return fdiv(x, fadd(one, fexp(fmul(x, inner))))
        return widened(gelu)
    if name == "add":
        return fadd
    if name == "sub":
        return lambda a, b: a - b
    if name == "mul":
        return fmul
    if name == "div":
        return fdiv
    if name == "max":
        return fmaximum
    if name == "min":
        return fminimum
    if name == "pow":
        return widened(fpow)
    if name == "cmp":
        m = re.search(r"cmp_predicate (\w+)", op.attrs["predicate"])
        return CMPF[FERRIC_CMP[m.group(1)]]
    if name == "select":
        return lambda c, a, b: a if c else b
    if name == "cast":
        src = elem_type(op.in_types[0])
        return lambda x: convert(x, src, t)
    raise NotImplementedError(op.name)


def parse_scalar_attr(v):
    """'1.5e+00 : f32', '0x7FC00000 : f32', 'true', '2 : i64'."""
    v = v.strip()
    if v in ("true", "false"):
        return v == "true", "i1"
    val, t = [x.strip() for x in v.rsplit(":", 1)]
    if val.startswith("0x"):
        return from_bits(int(val, 16), t), t
    if t == "index" or (t.startswith("i") and t != "i1"):
        return int(val), t
    if val in ("true", "false"):
        return val == "true", t
    return round_to(float(val), t), t


def constant_value(op):
    v = op.attrs["value"]
    t = op.out_types[0]
    if isinstance(t, TensorType):
        m = re.match(r"dense<(.*)> : tensor<.*>$", v)
        inner = m.group(1).strip()
        if inner.startswith("["):
            flat = re.findall(r"[^\[\],\s]+", inner)
            data = [parse_scalar_attr(x + " : " + t.elem)[0] for x in flat]
        else:
            data = [parse_scalar_attr(inner + " : " + t.elem)[0]] * numel(
                t.shape)
        return Tensor(t.shape, data)
    return parse_scalar_attr(v)[0]


SCALAR_OPS = {
    "arith.addf": fadd,
    "arith.subf": lambda a, b: a - b,
    "arith.mulf": fmul,
    "arith.divf": fdiv,
    "arith.negf": lambda a: -a,
    "arith.maximumf": fmaximum,
    "arith.minimumf": fminimum,
    "arith.select": lambda c, a, b: a if c else b,
    "arith.extf": lambda a: a,
    "arith.uitofp": lambda c: 1.0 if c else 0.0,
    "math.exp": fexp,
    "math.log": flog,
    "math.sqrt": fsqrt,
    "math.rsqrt": frsqrt,
    "math.tanh": math.tanh,
    "math.absf": abs,
    "math.powf": fpow,
    "math.erf": math.erf,
}


def compile_body(op):
    """Turns a ferric.fused body into a list of (fn, operand names, result
    names) steps and the yielded names."""
    steps = []
    yielded = None
    for inner in op.body:
        if inner.name == "ferric.yield":
            yielded = inner.operands
            continue
        if inner.name == "arith.constant":
            val = constant_value(inner)
            steps.append((lambda v=val: v, [], inner.results))
            continue
        if inner.name == "arith.cmpf":
            pred = int(inner.attrs["predicate"].split(":")[0])
            steps.append((CMPF[pred], inner.operands, inner.results))
            continue
        if inner.name == "arith.truncf":
            t = inner.out_types[0]
            steps.append((lambda x, t=t: round_to(x, t), inner.operands,
                          inner.results))
            continue
        fn = SCALAR_OPS.get(inner.name)
        if fn is None:
            raise NotImplementedError("body op " + inner.name)
        steps.append((fn, inner.operands, inner.results))
    return steps, yielded


def eval_fused(op, inputs):
    static = op.out_types[0].shape
    maps_attr = op.attrs.get("indexing_maps")
    rank = len(static)
    if maps_attr:
        maps = [parse_map(s)[1] for s in split_top(maps_attr.strip()[1:-1])]
    else:
        maps = [list(range(rank)) if isinstance(t, TensorType) else []
                for t in op.in_types]
    # The iteration space: static sizes, or the size of an input dim read
    # through the dim (all inputs that read a dim must agree).
    out_shape = list(static)
    for v, m in zip(inputs, maps):
        if isinstance(v, Tensor):
            for k, d in enumerate(m):
                if out_shape[d] is None:
                    out_shape[d] = v.shape[k]
                elif out_shape[d] != v.shape[k]:
                    raise ValueError("input shape %s disagrees with the "
                                     "iteration space %s" % (v.shape,
                                                             out_shape))
    if None in out_shape:
        raise ValueError("unsized iteration dim")
    steps, yielded = compile_body(op)
    arg_names = [a for a, _ in op.block_args]
    outs = [[] for _ in op.out_types]
    readers = []
    for v, m, t in zip(inputs, maps, op.in_types):
        if isinstance(t, TensorType):
            st = strides(v.shape)
            readers.append((v.data, [(d, s) for d, s in zip(m, st)]))
        else:
            readers.append((v, None))
    for idx in itertools.product(*[range(d) for d in out_shape]):
        env = {}
        for name, (v, acc) in zip(arg_names, readers):
            if acc is None:
                env[name] = v
            else:
                env[name] = v[sum(idx[d] * s for d, s in acc)]
        for fn, operands, results in steps:
            env[results[0]] = fn(*[env[o] for o in operands])
        for k, y in enumerate(yielded):
            outs[k].append(env[y])
    return [Tensor(out_shape, o) for o in outs]


def eval_elementwise(op, args):
    fn = ferric_scalar_fn(op)
    shapes = [a.shape for a in args if isinstance(a, Tensor)]
    if any(sh != shapes[0] for sh in shapes):
        raise ValueError("operand shapes differ at run time: %s" % shapes)
    shape = shapes[0]
    n = numel(shape)
    cols = [a.data if isinstance(a, Tensor) else [a] * n for a in args]
    return Tensor(shape, [fn(*vals) for vals in zip(*cols)])


def dims_attr(op):
    m = re.match(r"array<i64(?::\s*(.*))?>", op.attrs["dims"])
    return [int(x) for x in (m.group(1) or "").split(",") if x.strip()]


def eval_broadcast(op, x, sizes):
    added = dims_attr(op)
    shape = list(op.out_types[0].shape)
    kept = [d for d in range(len(shape)) if d not in added]
    sizes = list(sizes)
    for d in range(len(shape)):
        if d in added and shape[d] is None:
            shape[d] = sizes.pop(0)
    for d, s in zip(kept, x.shape):
        shape[d] = s
    st = strides(x.shape)
    data = []
    for idx in itertools.product(*[range(d) for d in shape]):
        data.append(x.data[sum(idx[d] * s for d, s in zip(kept, st))])
    return Tensor(shape, data)


def eval_reduce(op, x):
    dims = dims_attr(op)
    kind = re.search(r"reduce_kind (\w+)", op.attrs["kind"]).group(1)
    keep = op.attrs.get("keepdim")
    shape = [1 if d in dims else x.shape[d] for d in range(len(x.shape))
             if keep or d not in dims]
    kept = [d for d in range(len(x.shape)) if d not in dims]
    acc = {}
    st = strides(x.shape)
    for idx in itertools.product(*[range(d) for d in x.shape]):
        key = tuple(idx[d] for d in kept)
        v = x.data[sum(i * s for i, s in zip(idx, st))]
        if key not in acc:
            acc[key] = v
        elif kind in ("sum", "mean"):
            acc[key] = acc[key] + v
        elif kind == "max":
            acc[key] = fmaximum(acc[key], v)
        else:
            acc[key] = fminimum(acc[key], v)
    count = numel([x.shape[d] for d in dims])
    data = []
    for key in itertools.product(*[range(x.shape[d]) for d in kept]):
        v = acc[key]
        data.append(v / count if kind == "mean" else v)
    return Tensor(shape, data)


def eval_op(op, vals):
    """The results of one op of a function body."""
    name = op.name
    if name == "arith.constant":
        return [constant_value(op)]
    if name == "tensor.dim":
        return [vals[0].shape[vals[1]]]
    if name == "ferric.fused":
        return eval_fused(op, vals)
    if name == "ferric.broadcast":
        return [eval_broadcast(op, vals[0], vals[1:])]
    if name == "ferric.reduce":
        return [eval_reduce(op, vals[0])]
    if name.startswith("ferric."):
        return [eval_elementwise(op, vals)]
    raise NotImplementedError(name)


def run_function(func, args, env=None):
    """Runs `func` on `args`; returns its results. Every value computed is
    left in `env` if one is given."""
    _, block_args, ops = func
    if env is None:
        env = {}
    for (name, _), v in zip(block_args, args):
        env[name] = v
    for op in ops:
        if op.name == "func.return":
            return [env[o] for o in op.operands]
        res = eval_op(op, [env[o] for o in op.operands])
        for r, v in zip(op.results, res):
            env[r] = v
    raise ValueError("function without return")


def close(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if a == b:
        return True
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def compare(ref, got):
    """First mismatch between two result lists, or None."""
    if len(ref) != len(got):
        return "%d results, expected %d" % (len(got), len(ref))
    for i, (r, g) in enumerate(zip(ref, got)):
        if not isinstance(r, Tensor) or not isinstance(g, Tensor):
            if not close(r, g):
                return "result %d: %r, expected %r" % (i, g, r)
            continue
        if r.shape != g.shape:
            return "result %d has shape %s, expected %s" % (i, g.shape,
                                                            r.shape)
        for k, (x, y) in enumerate(zip(r.data, g.data)):
            if not close(x, y):
                return "result %d element %d: %r, expected %r" % (i, k, y, x)
    return None


def missed_fusions(func):
    """Elementwise ops left outside a kernel whose only consumer is one
    fusible op over the same iteration space that reads them point by
    point: the greedy rule fuses those (no limits are set)."""
    _, _, ops = func
    users = {}
    for op in ops:
        for k, o in enumerate(op.operands):
            users.setdefault(o, []).append((op, k))
    out = []

    def reads_point_by_point(u, value):
        """`u` reads `value` at the iteration point (identity map)."""
        if u.name != "ferric.fused" or not u.attrs.get("indexing_maps"):
            return True
        maps = split_top(u.attrs["indexing_maps"].strip()[1:-1])
        return all(parse_map(maps[k])[1] == list(range(len(
            u.out_types[0].shape))) for k, o in enumerate(u.operands)
            if o == value)

    for op in ops:
        # A broadcast with static added dims is folded into each fusible
        # consumer that reads it point by point.
        if op.name == "ferric.broadcast" and len(op.operands) == 1:
            for u, _ in users.get(op.results[0], []):
                if u.name.startswith("ferric.") and u.name not in (
                        "ferric.broadcast", "ferric.reduce",
                        "ferric.matmul") and reads_point_by_point(
                            u, op.results[0]):
                    out.append("%s %s stays materialized for %s" % (
                        op.name, op.results[0], u.name))
                    break
            continue
        if not op.name.startswith("ferric.") or op.name in (
                "ferric.fused", "ferric.broadcast", "ferric.reduce",
                "ferric.matmul"):
            continue
        us = users.get(op.results[0], [])
        consumers = {id(u): u for u, _ in us}
        if len(consumers) != 1:
            continue
        u = us[0][0]
        if u.name in ("func.return", "ferric.broadcast", "ferric.reduce"):
            continue
        if not u.name.startswith("ferric."):
            continue
        if u.out_types[0].shape != op.out_types[0].shape or \
                not reads_point_by_point(u, op.results[0]):
            continue
        out.append("%s %s has only the consumer %s" % (
            op.name, op.results[0], u.name))
    return out
