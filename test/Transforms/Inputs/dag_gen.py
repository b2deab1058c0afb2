"""The generator of random_dags.py: random functions of ferric ops over small
static shapes, from a seed.
"""

import random

from dag_floats import FLOAT_TYPES
from dag_interp import numel, Tensor

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
