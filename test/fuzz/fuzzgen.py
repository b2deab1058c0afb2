"""Random Ferric programs: generation, MLIR text and the float64 model run.

A program is one public function over tensors of one iteration shape (the
"base" shape, rank 0-3, static or dynamic dims), plus broadcast sources
(the base shape with leading, trailing or all dims removed), matmul weights
and masks. Ops are drawn over every elementwise op, casts, cmp/select, clamp,
reductions (first, last, all or some dims, with and without keepdim; the
result is returned or broadcast back, a keepdim one also numpy-style:
elementwise ops on it, a collapse_shape dropping the kept dims, a
broadcast back), matmul, scalar constants and scalar
arguments. Values are reused, so subexpressions are shared.
"""
import math

import numpy as np

import fuzzmodel as M

UNARY_OPS = ['neg', 'abs', 'exp', 'log', 'sqrt', 'rsqrt', 'tanh', 'relu',
             'sigmoid', 'silu', 'gelu', 'gelu_exact', 'sin', 'cos', 'erf',
             'log1p', 'expm1', 'floor', 'ceil', 'round', 'sign', 'reciprocal']
BINARY_OPS = ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow']
CMP_PREDS = ['lt', 'le', 'gt', 'ge', 'eq', 'ne']
REDUCE_KINDS = ['sum', 'mean', 'max', 'min']
SIZES = [1, 2, 3, 4, 5, 7, 8, 13, 16, 0]
SIZE_W = [6, 6, 6, 3, 5, 5, 2, 3, 2, 1]
# Scalar constants: exact in every type, plus the special values.
CONSTS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -2.5, 0.25, 100.0, 0.125,
          math.inf, -math.inf, math.nan]


class Val:
    def __init__(self, name, dt, shape=(), dyn=(), scalar=False):
        self.name, self.dt, self.scalar = name, dt, scalar
        self.shape, self.dyn = tuple(shape), tuple(dyn)

    def type(self):
        if self.scalar:
            return self.dt
        dims = ''.join(('?' if d else str(s)) + 'x'
                       for s, d in zip(self.shape, self.dyn))
        return f'tensor<{dims}{self.dt}>'

    def same_type(self, o):
        return self.type() == o.type()


class Op:
    def __init__(self, kind, res, args, **attrs):
        self.kind, self.res, self.args, self.attrs = kind, res, list(args), attrs


class Program:
    def __init__(self):
        self.args = []      # Val
        self.inputs = {}    # arg name -> float64 array (or float for scalars)
        self.ops = []       # Op, in order
        self.results = []   # Val
        self.base = None    # a base-shape tensor arg (tensor.dim source)

    # ------------------------------------------------------------ text
    def mlir(self):
        fn_args = ', '.join(f'%{a.name}: {a.type()}' for a in self.args)
        rtypes = ', '.join(r.type() for r in self.results)
        lines = [f'func.func @fuzz({fn_args}) -> ({rtypes}) {{']
        dims_needed = sorted({d for op in self.ops if op.kind == 'bcast'
                              for d in op.attrs['dyn_sizes']})
        # %idx<d>: no fresh() prefix (scalar constants are %c<n>).
        for d in dims_needed:
            lines.append(f'  %idx{d} = arith.constant {d} : index')
            lines.append(f'  %n{d} = tensor.dim %{self.base.name}, %idx{d} : '
                         f'{self.base.type()}')
        for op in self.ops:
            lines.append('  ' + op_text(op))
        lines.append('  return ' + ', '.join('%' + r.name for r in self.results)
                     + ' : ' + rtypes)
        lines.append('}')
        return '\n'.join(lines) + '\n'

    def uses(self):
        used = {r.name for r in self.results}
        for op in reversed(self.ops):
            if op.res.name in used:
                used.update(a.name for a in op.args)
                if op.kind == 'bcast' and op.attrs['dyn_sizes']:
                    used.add(self.base.name)
        return used

    def dce(self):
        used = self.uses()
        self.ops = [op for op in self.ops if op.res.name in used]
        self.args = [a for a in self.args if a.name in used]
        self.inputs = {k: v for k, v in self.inputs.items() if k in used}


def const_text(v, dt):
    if math.isnan(v) or math.isinf(v):
        hexes = {'f16': ('0x7C00', '0xFC00', '0x7E00'),
                 'bf16': ('0x7F80', '0xFF80', '0x7FC0'),
                 'f32': ('0x7F800000', '0xFF800000', '0x7FC00000'),
                 'f64': ('0x7FF0000000000000', '0xFFF0000000000000',
                         '0x7FF8000000000000')}[dt]
        return hexes[2] if math.isnan(v) else hexes[0 if v > 0 else 1]
    return repr(float(v))


def op_text(op):
    r, a = op.res, op.args
    k = op.kind
    if k == 'const':
        return f'%{r.name} = arith.constant {const_text(op.attrs["value"], r.dt)} : {r.dt}'
    if k == 'unary':
        name = op.attrs['op']
        if name == 'gelu_exact':
            return f'%{r.name} = ferric.gelu %{a[0].name} exact : {r.type()}'
        return f'%{r.name} = ferric.{name} %{a[0].name} : {r.type()}'

    def types(vals):
        ts = [v.type() for v in vals]
        return ts[0] if all(t == ts[0] for t in ts) else ', '.join(ts)
    if k == 'binary':
        return (f'%{r.name} = ferric.{op.attrs["op"]} %{a[0].name}, %{a[1].name}'
                f' : {types(a)}')
    if k == 'cmp':
        return (f'%{r.name} = ferric.cmp {op.attrs["pred"]}, %{a[0].name}, '
                f'%{a[1].name} : {types(a)}')
    if k == 'clamp':
        return (f'%{r.name} = ferric.clamp %{a[0].name}, %{a[1].name}, '
                f'%{a[2].name} : {types(a)}')
    if k == 'select':
        return (f'%{r.name} = ferric.select %{a[0].name}, %{a[1].name}, '
                f'%{a[2].name} : {a[0].type()}, {types(a[1:])}')
    if k == 'cast':
        return f'%{r.name} = ferric.cast %{a[0].name} : {a[0].type()} to {r.type()}'
    if k == 'bcast':
        dims = ', '.join(map(str, op.attrs['dims']))
        sizes = op.attrs['dyn_sizes']
        st = (' sizes(' + ', '.join(f'%n{d}' for d in sizes) + ')') if sizes else ''
        return (f'%{r.name} = ferric.broadcast %{a[0].name} dims [{dims}]{st} : '
                f'{a[0].type()} -> {r.type()}')
    if k == 'reduce':
        dims = ', '.join(map(str, op.attrs['dims']))
        kd = ' keepdim' if op.attrs['keepdim'] else ''
        return (f'%{r.name} = ferric.reduce {op.attrs["rkind"]} %{a[0].name} '
                f'dims [{dims}]{kd} : {a[0].type()} -> {r.type()}')
    if k == 'collapse':
        groups = ', '.join('[' + ', '.join(map(str, g)) + ']'
                           for g in op.attrs['groups'])
        return (f'%{r.name} = tensor.collapse_shape %{a[0].name} [{groups}] : '
                f'{a[0].type()} into {r.type()}')
    if k == 'matmul':
        return (f'%{r.name} = ferric.matmul %{a[0].name}, %{a[1].name} : '
                f'{a[0].type()}, {a[1].type()} -> {r.type()}')
    raise ValueError(k)


# -------------------------------------------------------------- generation

class Space:
    """What a target's programs may contain (see EXPECTED_REJECTIONS)."""

    def __init__(self, target):
        self.target = target
        # The Vulkan runner takes no scalar arguments (documented limit).
        self.scalar_args = target != 'vulkan'
        self.unary = list(UNARY_OPS)
        self.binary = list(BINARY_OPS)
        self.dtypes = list(M.DTYPES)
        self.exclude = set()  # (op, dtype) pairs kept out, see ferric_fuzz
        # Documented rejections (docs/TargetSupport.md): generated rarely, so
        # that most programs test something else.
        self.limits = set()
        if target == 'vulkan':
            self.limits = {(op, 'f64') for op in VULKAN_NO_F64}


# Ops whose scalar math uses a GLSL.std.450 function that has no 64-bit
# form on Vulkan.
VULKAN_NO_F64 = ['exp', 'log', 'tanh', 'sigmoid', 'silu', 'gelu',
                 'gelu_exact', 'pow', 'sin', 'cos', 'erf', 'log1p', 'expm1']


def gen_input(rng, shape, dt, special):
    n = int(np.prod(shape)) if shape else 1
    if dt == 'i1':
        return rng.integers(0, 2, n).astype(np.float64).reshape(shape)
    v = rng.integers(-32, 33, n) / 8.0
    scale = rng.choice([1.0, 1.0, 1.0, 0.25, 4.0, 2.0**-6])
    v = v * scale
    if special:
        sub = M.TINY[dt] * rng.integers(1, 64, n)
        big = M.rnd(M.FMAX[dt] * rng.uniform(0.3, 1.0, n), dt)
        tiny = M.NORM_MIN[dt] * rng.choice([1.0, 1.5, 3.0], n)
        specials = np.stack([np.zeros(n), -np.zeros(n), np.full(n, np.inf),
                             np.full(n, -np.inf), np.full(n, np.nan), sub, -sub,
                             big, -big, tiny, -tiny])
        pick = rng.integers(0, specials.shape[0], n)
        sp = specials[pick, np.arange(n)]
        mask = rng.random(n) < 0.3
        v = np.where(mask, sp, v)
    v = M.rnd(v, dt)
    return v.reshape(shape) if shape else np.float64(v[0])


class Gen:
    def __init__(self, rng, space):
        self.rng, self.space = rng, space
        self.p = Program()
        self.n = 0
        self.base_pool = []    # float tensors of the base shape
        self.masks = []        # i1 tensors of the base shape
        self.scalars = []      # scalar Vals by dtype
        self.others = []       # returnable values of other shapes
        self.const_vals = {}   # constant scalar name -> value

    def fresh(self, prefix='v'):
        self.n += 1
        return f'{prefix}{self.n}'

    def choice(self, seq):
        return seq[int(self.rng.integers(0, len(seq)))]

    def add_op(self, kind, res, args, **attrs):
        self.p.ops.append(Op(kind, res, args, **attrs))
        return res

    def add_arg(self, val):
        self.p.args.append(val)
        self.p.inputs[val.name] = gen_input(self.rng, val.shape, val.dt,
                                            self.special)
        return val

    def base_val(self, name, dt):
        return Val(name, dt, self.shape, self.dyn)

    def allowed(self, op, dt):
        if (op, dt) in self.space.exclude:
            return False
        if (op, dt) in self.space.limits:
            return self.rng.random() < 0.1
        return True

    def pick_base(self, dt=None):
        cands = [v for v in self.base_pool if dt is None or v.dt == dt]
        if not cands:
            return None
        # Favour recent values (chains), sometimes any (sharing).
        if self.rng.random() < 0.6:
            return cands[-1 - int(self.rng.integers(0, min(3, len(cands))))]
        return self.choice(cands)

    def scalar(self, dt):
        cands = [s for s in self.scalars if s.dt == dt]
        if cands and self.rng.random() < 0.4:
            return self.choice(cands)
        if self.space.scalar_args and self.rng.random() < 0.25:
            s = Val(self.fresh('s'), dt, scalar=True)
            self.p.args.append(s)
            v = self.choice(CONSTS[:11])
            self.p.inputs[s.name] = np.float64(v)
        else:
            s = Val(self.fresh('c'), dt, scalar=True)
            consts = CONSTS if self.special else CONSTS[:11]
            self.const_vals[s.name] = self.choice(consts)
            self.add_op('const', s, [], value=self.const_vals[s.name])
        self.scalars.append(s)
        return s

    def cast_to(self, v, dt):
        if not self.allowed('cast', (v.dt, dt)):
            return None
        r = self.base_val(self.fresh(), dt)
        self.add_op('cast', r, [v])
        self.base_pool.append(r)
        return r

    def generate(self, max_ops):
        rng = self.rng
        rank = int(self.choice([0, 1, 1, 2, 2, 2, 3, 3]))
        sizes = SIZES if rank < 3 else SIZES[:6]
        w = np.array(SIZE_W[:len(sizes)], float)
        self.shape = tuple(int(rng.choice(sizes, p=w / w.sum()))
                           for _ in range(rank))
        dynamic = rng.random() < 0.5
        self.dyn = tuple(bool(dynamic and rng.random() < 0.6) for _ in range(rank))
        self.special = rng.random() < 0.4
        dts = self.space.dtypes
        self.main = self.choice(dts)
        nbase = int(rng.integers(1, 4))
        for i in range(nbase):
            dt = self.main if i == 0 or rng.random() < 0.7 else self.choice(dts)
            v = self.add_arg(self.base_val(self.fresh('a'), dt))
            self.base_pool.append(v)
            if i == 0:
                self.p.base = v
        if rng.random() < 0.15:
            self.masks.append(self.add_arg(self.base_val(self.fresh('m'), 'i1')))
        if rank > 0 and rng.random() < 0.4:
            self.broadcast_arg()
        elif rank == 0 and rng.random() < 0.2:
            self.broadcast_arg()
        nops = int(rng.integers(1, max_ops + 1))
        for _ in range(nops):
            self.one_op(rank)
        self.pick_results()
        self.p.dce()
        return self.p

    def broadcast_arg(self):
        rank = len(self.shape)
        how = self.choice(['lead', 'trail', 'all', 'some'])
        if rank == 0:
            added = []
        elif how == 'lead':
            added = [0]
        elif how == 'trail':
            added = [rank - 1]
        elif how == 'all':
            added = list(range(rank))
        else:
            added = sorted(set(int(d) for d in
                               self.rng.integers(0, rank, int(self.rng.integers(1, rank + 1)))))
        kept = [d for d in range(rank) if d not in added]
        dt = self.main if self.rng.random() < 0.8 else self.choice(self.space.dtypes)
        src = self.add_arg(Val(self.fresh('b'), dt, [self.shape[d] for d in kept],
                               [self.dyn[d] for d in kept]))
        self.broadcast(src, added)

    def broadcast(self, src, added):
        r = self.base_val(self.fresh(), src.dt)
        self.add_op('bcast', r, [src], dims=added,
                    dyn_sizes=[d for d in added if self.dyn[d]])
        (self.masks if src.dt == 'i1' else self.base_pool).append(r)
        return r

    def one_op(self, rank):
        rng = self.rng
        kinds = ['unary'] * 30 + ['binary'] * 30 + ['cmp'] * 7 + ['select'] * 7 \
            + ['cast'] * 8 + ['clamp'] * 4
        if rank > 0:
            kinds += ['reduce'] * 9
        if rank >= 2:
            kinds += ['matmul'] * 4
        kind = self.choice(kinds)
        x = self.pick_base()
        if x is None:
            return
        if kind == 'unary':
            op = self.choice(self.space.unary)
            if not self.allowed(op, x.dt):
                return
            r = self.base_val(self.fresh(), x.dt)
            self.add_op('unary', r, [x], op=op)
            self.base_pool.append(r)
        elif kind in ('binary', 'cmp'):
            op = self.choice(self.space.binary) if kind == 'binary' else \
                self.choice(CMP_PREDS)
            if kind == 'binary' and not self.allowed(op, x.dt):
                return
            y = self.other_operand(x)
            if y is None:
                return
            a, b = (x, y) if not y.scalar or rng.random() < 0.75 else (y, x)
            if (kind == 'binary' and op in ('mul', 'div') and
                    self.const_vals.get(y.name) == 0.0 and
                    ('mul/div', 'const 0') in self.space.exclude):
                return
            if kind == 'binary':
                r = self.base_val(self.fresh(), x.dt)
                self.add_op('binary', r, [a, b], op=op)
                self.base_pool.append(r)
            else:
                r = self.base_val(self.fresh(), 'i1')
                self.add_op('cmp', r, [a, b], pred=op)
                self.masks.append(r)
        elif kind == 'select':
            if not self.allowed('select', x.dt):
                return
            if not self.masks:
                y = self.other_operand(x)
                if y is None:
                    return
                m = self.base_val(self.fresh(), 'i1')
                self.add_op('cmp', m, [x, y], pred=self.choice(CMP_PREDS))
                self.masks.append(m)
            m = self.choice(self.masks)
            y = self.other_operand(x)
            if y is None:
                return
            a, b = (x, y) if rng.random() < 0.5 else (y, x)
            r = self.base_val(self.fresh(), x.dt)
            self.add_op('select', r, [m, a, b])
            self.base_pool.append(r)
        elif kind == 'clamp':
            if not self.allowed('clamp', x.dt):
                return
            lo, hi = self.other_operand(x), self.other_operand(x)
            if lo is None or hi is None:
                return
            r = self.base_val(self.fresh(), x.dt)
            self.add_op('clamp', r, [x, lo, hi])
            self.base_pool.append(r)
        elif kind == 'cast':
            src = x
            if self.masks and rng.random() < 0.3:
                src = self.choice(self.masks)
            to = self.choice([d for d in self.space.dtypes if d != src.dt])
            self.cast_to(src, to)
        elif kind == 'reduce':
            self.reduce(x, rank)
        elif kind == 'matmul':
            if not self.allowed('matmul', x.dt):
                return
            n = self.shape[-1]
            wshape = list(self.shape[:-2]) + [n, n]
            wdyn = list(self.dyn[:-2]) + [self.dyn[-1], self.dyn[-1]]
            w = self.add_arg(Val(self.fresh('w'), x.dt, wshape, wdyn))
            r = self.base_val(self.fresh(), x.dt)
            self.add_op('matmul', r, [x, w])
            self.base_pool.append(r)

    def other_operand(self, x):
        rng = self.rng
        u = rng.random()
        if u < 0.15:
            return x
        if u < 0.4:
            return self.scalar(x.dt)
        y = self.pick_base(x.dt)
        if y is None or y is x:
            other = self.pick_base()
            if other is not None and other.dt != x.dt:
                y = self.cast_to(other, x.dt)
        return y if y is not None else x

    def reduce(self, x, rank):
        rng = self.rng
        how = self.choice(['last', 'first', 'all', 'some'])
        dims = {'last': [rank - 1], 'first': [0], 'all': list(range(rank))}.get(
            how) or sorted(set(int(d) for d in rng.integers(0, rank, 2)))
        keep = rng.random() < 0.3
        rk = self.choice(REDUCE_KINDS)
        if not self.allowed('reduce_' + rk, x.dt):
            return
        if keep:
            shape = [1 if d in dims else s for d, s in enumerate(self.shape)]
            dyn = [False if d in dims else y for d, y in enumerate(self.dyn)]
        else:
            shape = [s for d, s in enumerate(self.shape) if d not in dims]
            dyn = [y for d, y in enumerate(self.dyn) if d not in dims]
        r = Val(self.fresh('r'), x.dt, shape, dyn)
        self.add_op('reduce', r, [x], rkind=rk, dims=dims, keepdim=keep)
        if not keep and rng.random() < 0.65:
            self.broadcast(r, dims)
        elif keep and rng.random() < 0.7:
            self.keepdim_broadcast(r, dims)
        else:
            self.others.append(r)

    def keepdim_broadcast(self, r, dims):
        """numpy-style use of a keepdim result (what the Python package
        records): elementwise ops on it, a collapse_shape that drops the
        kept dims, a broadcast back to the full shape."""
        rng = self.rng
        v = r
        for _ in range(int(rng.integers(0, 3))):
            op = self.choice(self.space.unary)
            if not self.allowed(op, v.dt):
                break
            u = Val(self.fresh(), v.dt, v.shape, v.dyn)
            self.add_op('unary', u, [v], op=op)
            v = u
        kept = [d for d in range(len(v.shape)) if d not in dims]
        groups = {k: [k] for k in kept}
        for d in dims:
            if kept:
                before = [k for k in kept if k < d]
                groups[before[-1] if before else kept[0]].append(d)
        c = Val(self.fresh('c'), v.dt, [v.shape[k] for k in kept],
                [v.dyn[k] for k in kept])
        self.add_op('collapse', c, [v],
                    groups=[sorted(groups[k]) for k in kept])
        if v is not r and rng.random() < 0.3:
            self.others.append(v)
        self.broadcast(c, dims)

    def pick_results(self):
        rng = self.rng
        res = []
        cands = self.base_pool + self.masks
        created = [v for v in cands if v.name not in self.p.inputs]
        if created:
            res.append(created[-1])
        for _ in range(int(rng.integers(0, 3))):
            res.append(self.choice(cands))
        res += [o for o in self.others if rng.random() < 0.8]
        if not res:
            res.append(self.p.base)
        self.p.results = res
