#!/usr/bin/env python3
"""Property test of ferric-fuse on random DAGs of ferric ops.

Generates random functions of ferric ops (unary, binary, cmp+select, casts,
broadcasts, scalar and splat operands, hand-written ferric.fused ops and
ferric.reduce barriers) over small static shapes, runs `ferric-opt
--ferric-fuse` on many functions per invocation, and checks for each
function that

  * ferric-opt succeeds (so the verifier accepts the fused IR),
  * the signature is unchanged (every original result is still produced),
  * no elementwise op stays outside a kernel although its only consumer is
    a fusible op over the same iteration space (a missed fusion), and
  * the fused function computes the same values as the unfused one, as
    evaluated by the small interpreter below, which reads the generic form
    of both the unfused ferric ops and the ferric.fused bodies.

Values are computed in Python doubles. Explicit narrowing (ferric.cast,
arith.truncf) and f16/bf16 transcendental ops (computed in f32 and
narrowed back) round to the target type; constants round to their type.

On a failure the script prints the seed, what failed, and a reduced
function (results dropped and producers cut into arguments while the
failure persists), with the IR ferric-opt made of it.

Standard library only.
"""

import argparse
import functools
import itertools
import math
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

# ===----------------------------------------------------------------------===
# Floating-point helpers
# ===----------------------------------------------------------------------===

NAN = float("nan")
INF = float("inf")

# (precision bits including the implicit one, min normal exponent, max exp)
FORMATS = {
    "f16": (11, -14, 15),
    "bf16": (8, -126, 127),
    "f32": (24, -126, 127),
}
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def round_to(x, t):
    """Rounds the double x to type t (round to nearest even)."""
    if t == "f64" or t == "i1" or math.isnan(x) or math.isinf(x) or x == 0.0:
        return x
    p, emin, emax = FORMATS[t]
    e = math.frexp(x)[1] - 1
    e = max(e, emin)
    q = math.ldexp(1.0, e - p + 1)
    r = round(x / q) * q
    largest = math.ldexp(2.0 - math.ldexp(1.0, 1 - p), emax)
    if abs(r) > largest:
        return math.copysign(INF, x)
    if r == 0.0:
        return math.copysign(0.0, x)
    return r


def from_bits(bits, t):
    if t == "f64":
        return struct.unpack(">d", bits.to_bytes(8, "big"))[0]
    if t == "f32":
        return struct.unpack(">f", bits.to_bytes(4, "big"))[0]
    if t == "f16":
        return struct.unpack(">e", bits.to_bytes(2, "big"))[0]
    if t == "bf16":
        return struct.unpack(">f", (bits << 16).to_bytes(4, "big"))[0]
    raise ValueError(t)


def guard(fn):
    """Makes a math function total: NaN on a domain error, inf on overflow."""

    def wrapped(*args):
        try:
            return fn(*args)
        except (ValueError, ZeroDivisionError):
            return NAN
        except OverflowError:
            return INF

    return wrapped


def fdiv(a, b):
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return NAN
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -INF if neg else INF
    return a / b


def fexp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def flog(x):
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    return math.log(x)


def fsqrt(x):
    if math.isnan(x) or x < 0:
        return NAN
    return math.sqrt(x)


def frsqrt(x):
    return fdiv(1.0, fsqrt(x))


def fpow(a, b):
    if math.isnan(a) or math.isnan(b):
        return 1.0 if b == 0 else NAN
    try:
        return math.pow(a, b)
    except ValueError:
        if a == 0.0:
            return INF
        return NAN
    except OverflowError:
        return INF


def fmaximum(a, b):
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0.0:
        return a if math.copysign(1.0, a) > 0 else b
    return a if a > b else b


def fminimum(a, b):
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0.0:
        return a if math.copysign(1.0, a) < 0 else b
    return a if a < b else b


def fmul(a, b):
    try:
        return a * b
    except OverflowError:
        return INF


def fadd(a, b):
    return a + b


CMPF = {  # arith.cmpf predicate number -> function
    0: lambda a, b: False,
    1: lambda a, b: a == b,
    2: lambda a, b: a > b,
    3: lambda a, b: a >= b,
    4: lambda a, b: a < b,
    5: lambda a, b: a <= b,
    6: lambda a, b: not math.isnan(a) and not math.isnan(b) and a != b,
    7: lambda a, b: not math.isnan(a) and not math.isnan(b),
    8: lambda a, b: math.isnan(a) or math.isnan(b) or a == b,
    9: lambda a, b: math.isnan(a) or math.isnan(b) or a > b,
    10: lambda a, b: math.isnan(a) or math.isnan(b) or a >= b,
    11: lambda a, b: math.isnan(a) or math.isnan(b) or a < b,
    12: lambda a, b: math.isnan(a) or math.isnan(b) or a <= b,
    13: lambda a, b: math.isnan(a) or math.isnan(b) or a != b,
    14: lambda a, b: math.isnan(a) or math.isnan(b),
    15: lambda a, b: True,
}
FERRIC_CMP = {"lt": 4, "le": 5, "gt": 2, "ge": 3, "eq": 1, "ne": 13}

# ===----------------------------------------------------------------------===
# Types and the generic-form parser
# ===----------------------------------------------------------------------===


class TensorType:
    def __init__(self, shape, elem):
        self.shape = tuple(shape)
        self.elem = elem

    def __eq__(self, other):
        return (isinstance(other, TensorType) and self.shape == other.shape
                and self.elem == other.elem)

    def __hash__(self):
        return hash((self.shape, self.elem))

    def __repr__(self):
        return "tensor<%s>" % "x".join(
            [str(d) for d in self.shape] + [self.elem])


@functools.lru_cache(maxsize=None)
def parse_type(s):
    s = s.strip()
    if s.startswith("tensor<"):
        inner = s[len("tensor<"):-1]
        parts = inner.split("x")
        dims = []
        for p in parts[:-1]:
            dims.append(None if p == "?" else int(p))
        return TensorType(dims, parts[-1])
    return s


@functools.lru_cache(maxsize=None)
def split_top(s, sep=","):
    """Splits s at top-level separators (outside <>, (), [], {}); returns a
    tuple (results are cached)."""
    out, depth, cur = [], 0, []
    for i, ch in enumerate(s):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i and s[i - 1] == "-"):
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return tuple(out)


def parse_type_list(s):
    s = s.strip()
    if s.startswith("(") and s.endswith(")"):
        s = s[1:-1]
    return tuple(parse_type(t) for t in split_top(s)) if s.strip() else ()


@functools.lru_cache(maxsize=None)
def parse_fn_type(s):
    """'(A, B) -> (C, D)' or '(A) -> C' -> ([A, B], [C, D])."""
    depth = 0
    for i, ch in enumerate(s):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "-" and depth == 0 and s[i + 1] == ">":
            return parse_type_list(s[:i]), parse_type_list(s[i + 2:])
    raise ValueError("not a function type: " + s)


def parse_map(s):
    """'affine_map<(d0, d1) -> (d1)>' -> (2, [1])."""
    m = re.match(r"affine_map<\(([^)]*)\)\s*->\s*\(([^)]*)\)>", s.strip())
    if not m:
        raise ValueError("cannot parse map " + s)
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    res = [r.strip() for r in m.group(2).split(",") if r.strip()]
    return len(dims), [dims.index(r) for r in res]


class Op:
    def __init__(self, name, results, operands, attrs, types):
        self.name = name
        self.results = results
        self.operands = operands
        self.attrs = attrs
        self.in_types, self.out_types = types
        self.block_args = []
        self.body = []


OP_RE = re.compile(
    r'^(?:(%[\w]+)(?::(\d+))? = )?"([\w.]+)"\((.*?)\)'
    r'(?: <\{(.*)\}>)?(?: (\(\{))?(?: : (.*))?$')


@functools.lru_cache(maxsize=None)
def split_attrs(s):
    """'a = 1, b' -> (('a', '1'), ('b', True))."""
    out = []
    for part in split_top(s):
        if "=" not in part:
            out.append((part.strip(), True))
            continue
        k, v = part.split("=", 1)
        out.append((k.strip(), v.strip()))
    return tuple(out)


def parse_attrs(s, aliases):
    attrs = {}
    if not s:
        return attrs
    for k, v in split_attrs(s):
        if v is not True and "#map" in v:
            v = re.sub(r"#map\d*\b", lambda m: aliases.get(m.group(0),
                                                          m.group(0)), v)
        attrs[k] = v
    return attrs


def parse_module(text):
    """Parses generic-form MLIR into {name: (function_type, args, ops)}."""
    aliases = {}
    funcs = {}
    stack = []  # ops whose region is open
    top = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line[0] == "#":
            m = re.match(r"^(#\w+) = (.*)$", line)
            aliases[m.group(1)] = m.group(2)
            continue
        if line.startswith("^bb"):
            args = re.findall(r"(%\w+): ([^,()]+(?:<[^>]*>)?)",
                              line[line.index("(") + 1:line.rindex(")")])
            stack[-1].block_args = [(a, parse_type(t)) for a, t in args]
            continue
        if line.startswith("})"):
            op = stack.pop()
            m = re.match(r"^\}\) : (.*)$", line)
            if m and op.name != "builtin.module":
                op.in_types, op.out_types = parse_fn_type(m.group(1))
            continue
        m = OP_RE.match(line)
        if not m:
            raise ValueError("cannot parse line: " + line)
        res, count, name, operands, attrs, region, types = m.groups()
        results = []
        if res:
            results = ([res] if not count else
                       ["%s#%d" % (res, i) for i in range(int(count))])
        ops_ = [o.strip() for o in operands.split(",") if o.strip()]
        op = Op(name, results, ops_, parse_attrs(attrs, aliases),
                parse_fn_type(types) if types else ([], []))
        if stack:
            stack[-1].body.append(op)
        else:
            top.append(op)
        if region:
            stack.append(op)
    for mod in top:
        for f in mod.body:
            if f.name != "func.func":
                continue
            fname = re.match(r'"(.*)"', f.attrs["sym_name"]).group(1)
            funcs[fname] = (f.attrs["function_type"], f.block_args, f.body)
    return funcs


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
            c1 = cst(0.044715, ct)
            c2 = cst(0.79788456080286535588, ct)

            def gelu(x):
                x3 = fmul(fmul(x, x), x)
                poly = x + fmul(c1, x3)
                inner = math.tanh(fmul(c2, poly))
                return fmul(fmul(half, x), one + inner)
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


# ===----------------------------------------------------------------------===
# The generator
# ===----------------------------------------------------------------------===

UNARY = ["neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "relu",
         "sigmoid", "silu", "gelu", "gelu exact"]
BINARY = ["add", "sub", "mul", "div", "max", "min", "pow"]
PREDS = ["lt", "le", "gt", "ge", "eq", "ne"]
REDUCE_KINDS = ["sum", "max", "min", "mean"]


def ttext(shape, elem):
    return "tensor<%s>" % "x".join(
        ["?" if d is None else str(d) for d in shape] + [elem])


class GenOp:
    """One generated statement: `text` defines `defs` from `uses`."""

    def __init__(self, text, defs, uses, types):
        self.text = text
        self.defs = defs
        self.uses = uses
        self.types = types  # name -> type text of each def


class Function:
    def __init__(self, name):
        self.name = name
        self.args = []  # (name, type text, (shape, elem) or elem)
        self.ops = []
        self.results = []  # value names
        self.types = {}  # value name -> type text

    def text(self, name=None):
        name = name or self.name
        args = ", ".join("%s: %s" % (a, t) for a, t, _ in self.args)
        rtypes = ", ".join(self.types[r] for r in self.results)
        lines = ["func.func @%s(%s) -> (%s) {" % (name, args, rtypes)]
        for op in self.ops:
            lines.append("  " + op.text)
        lines.append("  return %s : %s" % (", ".join(self.results), rtypes))
        lines.append("}")
        return "\n".join(lines)


def arg_data(rng, kind):
    """Input data: multiples of 1/8 in [-3, 3], exact in every type.
    `kind` is "f32s" (a scalar), ("index", n) or (run-time shape, elem)."""
    if kind == "f32s":
        return rng.randint(-24, 24) / 8.0
    if kind[0] == "index":
        return kind[1]
    shape, elem = kind
    n = numel(shape)
    if elem == "i1":
        return Tensor(shape, [rng.random() < 0.5 for _ in range(n)])
    return Tensor(shape, [rng.randint(-24, 24) / 8.0 for _ in range(n)])


class Generator:
    max_ops = 18

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.counter = 0
        self.f = Function("f%d" % seed)
        self.pool = {}  # (shape, elem) -> [names]
        self.uses = {}

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def add_arg(self, shape, elem, kind=None):
        """Adds an argument: a tensor of `shape` (a type shape) or, with
        shape None, a scalar of type `elem` described by `kind`."""
        name = "%%arg%d" % len(self.f.args)
        t = ttext(shape, elem) if shape is not None else elem
        if kind is None:
            kind = (self.runtime(shape), elem)
        self.f.args.append((name, t, kind))
        self.f.types[name] = t
        if shape is not None:
            self.pool.setdefault((shape, elem), []).append(name)
        return name

    def add_value(self, name, shape, elem):
        self.f.types[name] = ttext(shape, elem)
        self.pool.setdefault((shape, elem), []).append(name)

    def emit(self, text, defs, uses):
        self.f.ops.append(GenOp(text, defs, uses, {}))
        for u in uses:
            self.uses[u] = self.uses.get(u, 0) + 1

    def pick(self, key, other=None):
        """A value of type `key`, mostly a recent one (chains), at times an
        older one (fan-out, diamonds); avoids `other` where it can."""
        names = self.pool[key]
        if other is not None and len(names) > 1 and self.rng.random() < 0.85:
            names = [n for n in names if n != other]
        r = self.rng.random()
        if r < 0.5:
            return names[-1]
        if r < 0.75 and len(names) > 1:
            return names[-2]
        return self.rng.choice(names)

    def keys(self, elems=None, shapes=None):
        return [k for k, v in self.pool.items() if v and
                (elems is None or k[1] in elems) and
                (shapes is None or k[0] in shapes)]

    def pick_key(self, elems=None):
        keys = self.keys(elems)
        if not keys:
            return None
        main = [k for k in keys if k[0] == self.space]
        if main and self.rng.random() < 0.7:
            return self.rng.choice(main)
        return self.rng.choice(keys)

    def scalar_operand(self, elem):
        """A scalar operand of type `elem`: the f32 argument or a constant."""
        rng = self.rng
        if elem == "f32" and self.scalar_arg and rng.random() < 0.5:
            return self.scalar_arg
        name = self.fresh()
        val = rng.choice([0.5, 2.0, -1.5, 0.125, 3.0, -0.25, 1.0, 0.0])
        self.emit("%s = arith.constant %r : %s" % (name, val, elem), [name],
                  [])
        return name

    def runtime(self, shape):
        """The run-time shape of a type shape: dynamic dims have size R."""
        return tuple(self.dyn_size if d is None else d for d in shape)

    def size_operand(self):
        """An index value holding the run-time size of the dynamic dims:
        a tensor.dim of a space argument or an index argument."""
        if self.size_value:
            return self.size_value
        if self.rng.random() < 0.5:
            c, n = self.fresh(), self.fresh()
            src = self.space_args[0]
            self.emit("%s = arith.constant 0 : index" % c, [c], [])
            self.emit("%s = tensor.dim %s, %s : %s" %
                      (n, src, c, self.f.types[src]), [n], [src, c])
            self.f.types[n] = "index"
            self.size_value = n
        else:
            self.size_value = self.add_arg(None, "index",
                                           ("index", self.dyn_size))
        return self.size_value

    def splat_operand(self, shape, elem):
        if None in shape:
            return None
        name = self.fresh()
        val = self.rng.choice([0.5, 2.0, -1.5, 0.75, 1.0])
        self.emit("%s = arith.constant dense<%r> : %s" %
                  (name, val, ttext(shape, elem)), [name], [])
        self.f.types[name] = ttext(shape, elem)
        return name

    def gen_unary(self):
        key = self.pick_key(FLOAT_TYPES)
        x = self.pick(key)
        op = self.rng.choice(UNARY)
        name = self.fresh()
        attr = ""
        if op == "gelu exact":
            op, attr = "gelu", " exact"
        self.emit("%s = ferric.%s %s%s : %s" % (name, op, x, attr,
                                                ttext(*key)), [name], [x])
        self.add_value(name, *key)

    def gen_binary(self):
        rng = self.rng
        key = self.pick_key(FLOAT_TYPES)
        shape, elem = key
        op = rng.choice(BINARY)
        a = self.pick(key)
        r = rng.random()
        if r < 0.2:
            b = self.scalar_operand(elem)
            bt = elem
        elif r < 0.3 and None not in shape:
            b = self.splat_operand(shape, elem)
            bt = ttext(*key)
        else:
            b = self.pick(key, a)
            bt = ttext(*key)
        uses = [a, b]
        types = ttext(*key) if bt == ttext(*key) else "%s, %s" % (
            ttext(*key), bt)
        if rng.random() < 0.3 and bt != ttext(*key):
            a, b = b, a
            types = "%s, %s" % (bt, ttext(*key))
        name = self.fresh()
        self.emit("%s = ferric.%s %s, %s : %s" % (name, op, a, b, types),
                  [name], uses)
        self.add_value(name, *key)

    def gen_cmp_select(self):
        rng = self.rng
        key = self.pick_key(FLOAT_TYPES)
        shape, elem = key
        a = self.pick(key)
        if rng.random() < 0.3:
            b, types = self.scalar_operand(elem), "%s, %s" % (ttext(*key),
                                                              elem)
        else:
            b, types = self.pick(key, a), ttext(*key)
        c = self.fresh()
        self.emit("%s = ferric.cmp %s, %s, %s : %s" %
                  (c, rng.choice(PREDS), a, b, types), [c], [a, b])
        self.add_value(c, shape, "i1")
        if rng.random() < 0.15:
            return  # the i1 tensor stays for casts, broadcasts, results
        t = self.pick(key)
        if rng.random() < 0.3:
            f, ftypes = self.scalar_operand(elem), "%s, %s" % (ttext(*key),
                                                               elem)
        else:
            f, ftypes = self.pick(key, t), ttext(*key)
        name = self.fresh()
        self.emit("%s = ferric.select %s, %s, %s : %s, %s" %
                  (name, c, t, f, ttext(shape, "i1"), ftypes), [name],
                  [c, t, f])
        self.add_value(name, *key)

    def gen_cast(self):
        rng = self.rng
        key = self.pick_key()
        shape, elem = key
        x = self.pick(key)
        dst = rng.choice([t for t in FLOAT_TYPES if t != elem])
        # Most functions compute in f32; casts mostly go out and come back.
        if elem != "f32" and rng.random() < 0.6:
            dst = "f32"
        name = self.fresh()
        self.emit("%s = ferric.cast %s : %s to %s" %
                  (name, x, ttext(*key), ttext(shape, dst)), [name], [x])
        self.add_value(name, shape, dst)

    def gen_broadcast(self):
        rng = self.rng
        options = []
        for (shape, elem), names in self.pool.items():
            if not names:
                continue
            for target, dims in self.broadcasts.get(shape, []):
                options.append(((shape, elem), target, dims))
        if not options:
            return self.gen_unary()
        key, target, dims = rng.choice(options)
        x = self.pick(key)
        sizes = [self.size_operand() for d in dims if target[d] is None]
        name = self.fresh()
        self.emit("%s = ferric.broadcast %s dims [%s]%s : %s -> %s" %
                  (name, x, ", ".join(map(str, dims)),
                   " sizes(%s)" % ", ".join(sizes) if sizes else "",
                   ttext(*key), ttext(target, key[1])), [name], [x] + sizes)
        self.add_value(name, target, key[1])

    def gen_reduce(self):
        rng = self.rng
        keys = self.keys(FLOAT_TYPES, [self.space])
        if not keys:
            return self.gen_unary()
        key = rng.choice(keys)
        x = self.pick(key)
        rank = len(self.space)
        dims = [rng.randrange(rank)]
        if rank > 1 and rng.random() < 0.2:
            dims = list(range(rank))
        keep = rng.random() < 0.3
        shape = tuple(1 if d in dims else self.space[d] for d in range(rank)
                      if keep or d not in dims)
        name = self.fresh()
        self.emit("%s = ferric.reduce %s %s dims [%s]%s : %s -> %s" %
                  (name, rng.choice(REDUCE_KINDS), x,
                   ", ".join(map(str, dims)), " keepdim" if keep else "",
                   ttext(*key), ttext(shape, key[1])), [name], [x])
        self.add_value(name, shape, key[1])

    def gen_fused(self):
        """A hand-written ferric.fused over the main space, reading tensors
        of the space (identity or, when square, transposed), a row through
        a broadcast map, splats and scalars."""
        rng = self.rng
        space = self.space
        rank = len(space)
        elem = "f32"
        key = (space, elem)
        if not self.pool.get(key):
            return self.gen_unary()
        ins, types, maps = [], [], []
        ident = "affine_map<(%s) -> (%s)>" % (
            ", ".join("d%d" % i for i in range(rank)),
            ", ".join("d%d" % i for i in range(rank)))
        dims = ", ".join("d%d" % i for i in range(rank))
        for i in range(rng.randint(1, 3)):
            r = rng.random()
            if r < 0.5 or (i == 0 and None in space):
                ins.append(self.pick(key))
                types.append(ttext(*key))
                maps.append(ident)
            elif r < 0.65 and rank == 2 and space[0] == space[1]:
                ins.append(self.pick(key))
                types.append(ttext(*key))
                maps.append("affine_map<(d0, d1) -> (d1, d0)>")
            elif r < 0.8 and rank == 2 and self.pool.get(
                    ((space[1],), elem)):
                ins.append(self.pick(((space[1],), elem)))
                types.append(ttext((space[1],), elem))
                maps.append("affine_map<(d0, d1) -> (d1)>")
            elif r < 0.9 and None not in space:
                ins.append(self.splat_operand(space, elem))
                types.append(ttext(*key))
                maps.append(ident)
            else:
                ins.append(self.scalar_operand(elem))
                types.append(elem)
                maps.append("affine_map<(%s) -> ()>" % dims)
        nres = 2 if rng.random() < 0.3 else 1
        args = ["%%b%d" % i for i in range(len(ins))]
        body = []
        vals = list(args)
        for k in range(rng.randint(1, 3)):
            v = "%%t%d" % k
            a, b = rng.choice(vals), rng.choice(vals)
            body.append("%s = arith.%s %s, %s : f32" %
                        (v, rng.choice(["addf", "mulf", "subf",
                                        "maximumf"]), a, b))
            vals.append(v)
        yields = [vals[-1]] if nres == 1 else [vals[-1], rng.choice(vals)]
        base = self.fresh()
        res_text = base if nres == 1 else "%s:%d" % (base, nres)
        text = "%s = ferric.fused ins(%s : %s) -> %s attributes " \
               "{indexing_maps = [%s]} { ^bb0(%s): %s ferric.yield %s : %s }" % (
                   res_text, ", ".join(ins), ", ".join(types),
                   ", ".join([ttext(*key)] * nres), ", ".join(maps),
                   ", ".join("%s: %s" % (a, "f32") for a in args),
                   " ".join(body), ", ".join(yields),
                   ", ".join(["f32"] * nres))
        results = [base] if nres == 1 else ["%s#%d" % (base, i)
                                            for i in range(nres)]
        self.emit(text, results, list(ins))
        for r in results:
            self.add_value(r, *key)

    def generate(self):
        rng = self.rng
        f = self.f
        two_d = rng.random() < 0.7
        dynamic = rng.random() < 0.25
        self.size_value = None
        self.space_args = []
        if two_d:
            self.space = rng.choice([(2, 3), (2, 3), (3, 2), (2, 2)])
            self.dyn_size = self.space[0]
            if dynamic:
                self.space = (None, self.space[1])
            rows, cols = self.space
            self.broadcasts = {(): [((cols,), [0]), (self.space, [0, 1])]}
            self.broadcasts.setdefault((cols,), []).append((self.space, [0]))
            self.broadcasts.setdefault((rows,), []).append((self.space, [1]))
        else:
            self.space = (rng.choice([3, 4]),)
            self.dyn_size = self.space[0]
            if dynamic:
                self.space = (None,)
            self.broadcasts = {(): [(self.space, [0])]}
        add_arg = self.add_arg
        for _ in range(rng.randint(1, 3)):
            self.space_args.append(add_arg(self.space, "f32"))
        if rng.random() < 0.2:
            add_arg(self.space, rng.choice(["f16", "bf16", "f64"]))
        if two_d and rng.random() < 0.5:
            add_arg((self.space[1],), "f32")
        if two_d and rng.random() < 0.3:
            add_arg((self.space[0],), "f32")
        if rng.random() < 0.15:
            add_arg((), "f32")
        self.scalar_arg = None
        if rng.random() < 0.4:
            self.scalar_arg = add_arg(None, "f32", "f32s")
        # Ops.
        gens = [(self.gen_unary, 25), (self.gen_binary, 30),
                (self.gen_cmp_select, 8), (self.gen_cast, 8),
                (self.gen_broadcast, 10), (self.gen_reduce, 5),
                (self.gen_fused, 5)]
        total = sum(w for _, w in gens)
        for _ in range(rng.randint(2, self.max_ops)):
            r = rng.uniform(0, total)
            for g, w in gens:
                r -= w
                if r <= 0:
                    g()
                    break
        # Results: the unused values, and some used ones (fan-out).
        defined = [d for op in f.ops for d in op.defs
                   if f.types.get(d, "").startswith("tensor") and
                   "arith.constant" not in op.text]
        if not defined:
            self.gen_unary()
            defined = [f.ops[-1].defs[0]]
        sinks = [d for d in defined if not self.uses.get(d)]
        results = sinks[-3:] if sinks else [defined[-1]]
        for d in defined:
            if d not in results and rng.random() < 0.15:
                results.append(d)
        rng.shuffle(results)
        f.results = results[:4]
        return f


def arg_values(func, seed):
    rng = random.Random(seed * 7919 + 1)
    return [arg_data(rng, kind) for _, _, kind in func.args]


# ===----------------------------------------------------------------------===
# Driver
# ===----------------------------------------------------------------------===


def run_opt(opt, text, extra, generic=True):
    return run_opts(opt, text, [extra], generic)[0]


def run_opts(opt, text, extras, generic=True):
    """Runs ferric-opt on `text` once per list of extra arguments, all at
    the same time; returns (returncode, stdout, stderr) of each."""
    return finish_opts(start_opts(opt, text, extras, generic))


def start_opts(opt, text, extras, generic=True):
    """Starts the runs of run_opts; finish_opts waits for them."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    procs = []
    for extra in extras:
        o = tempfile.TemporaryFile("w+")
        e = tempfile.TemporaryFile("w+")
        cmd = [opt, path] + (["--mlir-print-op-generic"]
                             if generic else []) + extra
        procs.append((subprocess.Popen(cmd, stdout=o, stderr=e, text=True),
                      o, e))
    return path, procs


def finish_opts(handle):
    path, procs = handle
    outs = []
    for p, o, e in procs:
        p.wait()
        o.seek(0)
        e.seek(0)
        outs.append((p.returncode, o.read(), e.read()))
        o.close()
        e.close()
    os.unlink(path)
    return outs


def check_one(name, ref_funcs, fused_funcs, args, checks):
    """Returns None or a description of the failure of function `name`."""
    if name not in fused_funcs:
        return "function missing after ferric-fuse"
    ref, got = ref_funcs[name], fused_funcs[name]
    if ref[0] != got[0]:
        return "signature changed: %s became %s" % (ref[0], got[0])
    try:
        expected = run_function(ref, args)
    except Exception as e:  # noqa: BLE001 - report, don't crash
        return "interpreter error on the unfused IR: %r" % e
    try:
        actual = run_function(got, args)
    except Exception as e:  # noqa: BLE001
        return "interpreter error on the fused IR: %r" % e
    mismatch = compare(expected, actual)
    if mismatch:
        return "wrong value: " + mismatch
    if checks["missed"]:
        missed = missed_fusions(got)
        if missed:
            return "missed fusion: " + "; ".join(missed)
    for op in got[2]:
        if checks["all_fused"] and op.name.startswith("ferric.") and \
                op.name not in ("ferric.fused", "ferric.broadcast",
                                "ferric.reduce"):
            return "min-ops=1 left %s %s unfused" % (op.name,
                                                     op.results[0])
        limit = checks["max_inputs"]
        if op.name == "ferric.fused" and limit >= 3 and \
                len(op.operands) > limit:
            return "a ferric.fused reads %d inputs, more than max-inputs" \
                   % len(op.operands)
        # A lone op (not fused) binds at most 4 buffers: the bound is on
        # what fusion builds.
        limit = checks["max_buffers"]
        buffers = len(op.operands) + len(op.results)
        if op.name == "ferric.fused" and limit >= 4 and buffers > limit:
            return "a ferric.fused binds %d buffers, more than max-buffers" \
                   % buffers
    return None


def check_single(opt, func, args, pass_opt, checks):
    """Runs the whole check on one function; returns the failure or None."""
    text = func.text()
    rc, ref_out, err = run_opt(opt, text, [])
    if rc != 0:
        return "invalid input (generator bug): " + err.strip()
    rc, out, err = run_opt(opt, text, [pass_opt])
    if rc != 0:
        return "ferric-opt --ferric-fuse failed: " + err.strip()
    return check_one(func.name, parse_module(ref_out), parse_module(out),
                     args, checks)


def kind_of(failure):
    return failure.split(":", 1)[0]


def reduce_failure(opt, func, args, failure, pass_opt, checks,
                   budget=150):
    """Greedily shrinks `func` while it fails the same way: drops results,
    removes dead ops, and cuts producers into new arguments (carrying the
    value the producer computed)."""
    kind = kind_of(failure)
    calls = [0]

    def fails(f, a):
        if calls[0] >= budget:
            return None
        calls[0] += 1
        r = check_single(opt, f, a, pass_opt, checks)
        return r if r and kind_of(r) == kind else None

    def dce(f):
        live = set(f.results)
        kept = []
        for op in reversed(f.ops):
            if any(d in live for d in op.defs):
                kept.append(op)
                live.update(op.uses)
        f.ops = list(reversed(kept))
        return f

    def copy(f):
        g = Function(f.name)
        g.args = list(f.args)
        g.ops = list(f.ops)
        g.results = list(f.results)
        g.types = dict(f.types)
        return g

    changed = True
    while changed and calls[0] < budget:
        changed = False
        # Drop results.
        for r in list(func.results):
            if len(func.results) == 1:
                break
            g = copy(func)
            g.results.remove(r)
            dce(g)
            res = fails(g, args)
            if res:
                func, failure, changed = g, res, True
        # Cut producers into arguments (those that define one value).
        try:
            env_funcs = parse_module(run_opt(opt, func.text(), [])[1])
            _, block_args, ops = env_funcs[func.name]
        except Exception:  # noqa: BLE001
            break
        values = evaluate_named(env_funcs[func.name], args, func)
        for i, op in enumerate(list(func.ops)):
            if len(op.defs) != 1 or "arith.constant" in op.text:
                continue
            d = op.defs[0]
            if d not in values or d.startswith("%arg"):
                continue
            g = copy(func)
            new = "%%cut%d" % len(g.args)
            g.args.append((new, g.types[d], None))
            g.ops = [o for o in g.ops if o is not op]
            g.ops = [GenOp(re.sub(re.escape(d) + r"\b", new, o.text),
                           o.defs, [new if u == d else u for u in o.uses],
                           {}) for o in g.ops]
            g.results = [new if r == d else r for r in g.results]
            g.types[new] = g.types[d]
            dce(g)
            a = list(args) + [values[d]]
            res = fails(g, a)
            if res:
                func, args, failure, changed = g, a, res, True
                break
    # Drop the arguments nothing uses.
    used = {u for op in func.ops for u in op.uses} | set(func.results)
    keep = [i for i, (a, _, _) in enumerate(func.args) if a in used]
    if len(keep) < len(func.args):
        g = copy(func)
        g.args = [func.args[i] for i in keep]
        a = [args[i] for i in keep]
        res = fails(g, a)
        if res:
            func, args, failure = g, a, res
    return func, args, failure


def evaluate_named(parsed, args, func):
    """Values of the generated names, by running the unfused function with
    every op's result returned."""
    env = {}
    run_function(parsed, args, env)
    out = {}
    # The parsed generic form renames values; map them back by position.
    gen_defs = [d for op in func.ops for d in op.defs]
    parsed_defs = [r for op in parsed[2] if op.name != "func.return"
                   for r in op.results]
    if len(gen_defs) == len(parsed_defs):
        for g, p in zip(gen_defs, parsed_defs):
            out[g] = env[p]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ferric-opt", required=True)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--pass-options", default="",
                    help="options of ferric-fuse, e.g. 'recompute-cheap'")
    ap.add_argument("--no-missed-check", action="store_true",
                    help="skip the missed-fusion check")
    ap.add_argument("--no-determinism-check", action="store_true",
                    help="run ferric-opt once per batch, not twice")
    ap.add_argument("--dump", help="write the generated module here")
    ap.add_argument("--generate-only", action="store_true",
                    help="with --dump: only write the module, check nothing")
    ap.add_argument("--max-failures", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=Generator.max_ops,
                    help="most ops a generated function has")
    args = ap.parse_args()

    pass_opt = "--ferric-fuse" + (
        "=%s" % args.pass_options if args.pass_options else "")
    options = dict(o.split("=", 1) if "=" in o else (o, "true")
                   for o in args.pass_options.split())
    checks = {
        # Limits legitimately keep producers out of their consumer's group.
        "missed": not args.no_missed_check and "max-inputs" not in options
        and "max-ops" not in options and "max-buffers" not in options,
        "all_fused": options.get("min-ops") == "1" and
        "max-inputs" not in options and "max-buffers" not in options,
        "max_inputs": int(options.get("max-inputs", 0)),
        "max_buffers": int(options.get("max-buffers", 0)),
    }
    seeds = list(range(args.first_seed, args.first_seed + args.count))
    Generator.max_ops = args.max_ops
    if args.generate_only:
        if not args.dump:
            ap.error("--generate-only needs --dump")
        with open(args.dump, "w") as f:
            f.write("\n\n".join(Generator(s).generate().text()
                                 for s in seeds) + "\n")
        return 0
    failures = 0
    checked = 0
    stats = {"fused": 0, "ops": 0}
    dumped = []
    def start_batch(start):
        """Generates a batch and starts ferric-opt on it: the unfused
        module, the fused one and, to check determinism, the fused one
        again (other addresses, other thread interleaving)."""
        batch = seeds[start:start + args.batch]
        funcs = {}
        for s in batch:
            funcs[s] = Generator(s).generate()
        module = "\n\n".join(f.text() for f in funcs.values())
        if args.dump:
            dumped.append(module)
        return batch, funcs, start_opts(
            args.ferric_opt, module, [[], [pass_opt]] +
            ([] if args.no_determinism_check else [[pass_opt]]))

    starts = list(range(0, len(seeds), args.batch))
    pending = start_batch(starts[0]) if starts else None
    for i in range(len(starts)):
        batch, funcs, handle = pending
        # ferric-opt works on the next batch while this one is checked.
        pending = start_batch(starts[i + 1]) if i + 1 < len(starts) else None
        runs = finish_opts(handle)
        rc, ref_out, err = runs[0]
        if rc != 0:
            print("error: the generated module does not parse:\n" + err)
            return 1
        rc, out, err = runs[1]
        if rc == 0 and not args.no_determinism_check:
            rc2, out2, _ = runs[2]
            if rc2 != 0 or out2 != out:
                print("FAIL: ferric-opt %s is not deterministic on seeds "
                      "%d..%d" % (pass_opt, batch[0], batch[-1]))
                failures += 1
        ref_funcs = parse_module(ref_out)
        fused_funcs = parse_module(out) if rc == 0 else {}
        for s, f in funcs.items():
            vals = arg_values(f, s)
            if rc == 0:
                failure = check_one(f.name, ref_funcs, fused_funcs, vals,
                                    checks)
            else:
                failure = check_single(args.ferric_opt, f, vals, pass_opt,
                                       checks)
            checked += 1
            if rc == 0 and f.name in fused_funcs:
                stats["fused"] += sum(op.name == "ferric.fused"
                                      for op in fused_funcs[f.name][2])
                stats["ops"] += len(f.ops)
            if not failure:
                continue
            failures += 1
            if failures > args.max_failures:
                continue
            small, small_args, small_failure = reduce_failure(
                args.ferric_opt, f, vals, failure, pass_opt, checks)
            print("FAIL: seed %d: %s" % (s, failure))
            print("reduced (%s):" % small_failure)
            print(small.text())
            print("arguments:")
            for (a, t, _), v in zip(small.args, small_args):
                print("  %s: %s = %s" % (a, t, v.data if isinstance(
                    v, Tensor) else v))
            _, fused, ferr = run_opt(args.ferric_opt, small.text(),
                                     [pass_opt], generic=False)
            print("ferric-opt %s gives:" % pass_opt)
            print(fused if fused.strip() else ferr)
            print("reproduce: %s %s --count 1 --first-seed %d%s" % (
                os.path.basename(sys.argv[0]), "--ferric-opt ferric-opt", s,
                (" --pass-options '%s'" % args.pass_options)
                if args.pass_options else ""))
            sys.stdout.flush()
        if rc != 0 and failures == 0:
            print("error: ferric-opt failed on the batch but on no single "
                  "function:\n" + err)
            return 1
    if args.dump:
        with open(args.dump, "w") as f:
            f.write("\n\n".join(dumped) + "\n")
    print("checked %d functions (%d generated ops, %d ferric.fused after "
          "fusion), %d failed" % (checked, stats["ops"], stats["fused"],
                                  failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
