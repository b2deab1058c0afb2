"""Runs a fuzz program through the float64 model, exactly and perturbed, and
derives per-element expected values, tolerances and "not checked" masks."""
import numpy as np

import fuzzmodel as M


class Noise:
    """Exact (sign 0), all-up (+1), all-down (-1), bit-pattern or
    random-sign runs. In bit run k, the n-th perturbed op gets the sign of
    bit k of n, or its opposite (`invert`): any two ops are perturbed the
    same way in some run and in opposite ways, either way round, in others,
    so errors that cancel for one pattern add up in another (op n up and op
    n + 1 down differs from n down and n + 1 up: sigmoid's exp and division
    pull its result the same way only in one of them)."""

    def __init__(self, mode, rng=None, bit=0, invert=False):
        self.mode, self.rng, self.bit, self.count = mode, rng, bit, 0
        self.invert = invert

    def sign(self, shape):
        self.count += 1
        if self.mode == 'exact':
            return 0.0
        if self.mode == 'plus':
            return 1.0
        if self.mode == 'minus':
            return -1.0
        if self.mode == 'bits':
            up = bool((self.count >> self.bit) & 1) != self.invert
            return 1.0 if up else -1.0
        return self.rng.choice([-1.0, 1.0], size=np.shape(shape))


class Evaluator:
    def __init__(self, target, noise):
        self.target, self.noise = target, noise
        self.epilogue = False

    def perturb(self, kind, dt, r, x=None):
        rel, ab = M.op_error(kind, dt, self.target, x)
        s = self.noise.sign(r)
        if np.isscalar(rel) and rel == 0.0 and ab == 0.0:
            return r
        if self.noise.mode == 'exact':
            return r
        with np.errstate(all='ignore'):
            p = r * (1.0 + s * rel) + s * ab
            # Special results (inf, NaN) stay as computed, and so do results
            # an unbounded error cannot apply to (exp(-inf) = 0).
            return np.where(~np.isfinite(r) | np.isnan(p), r, p)

    def step(self, kind, dt, ct, r, x=None, at=None):
        """One scalar op computed in `ct`: perturbed, rounded to ct. `at`
        computes the op exactly at another value of `x`."""
        v = M.rnd(self.perturb(kind, dt, r, x), ct)
        if kind in ('tanh', 'tanh_epilogue') and self.noise.mode == 'plus':
            # A tanh within its error of +-1 may be exactly +-1 (Vulkan's
            # tanh(-4) is -1, so gelu(-5) = 0 where it is -2.3e-7: vulkan
            # program 20945 at seed 20261205); this run takes +-1.
            rel, ab = M.op_error(kind, dt, self.target, x)
            with np.errstate(all='ignore'):
                near = np.abs(1.0 - np.abs(r)) <= rel * np.abs(r) + ab
            v = np.where(near & np.isfinite(r), np.sign(r), v)
        if self.target == 'vulkan' and x is not None and \
                self.noise.mode != 'exact':
            # The device need not keep subnormals (lavapipe reports
            # shaderDenormPreserveFloat32 = false and flushes them to zero:
            # log(2^-145) = -88.03, log(1e-39) = -inf): results of subnormal
            # inputs are not checked. One run takes the flushed input (its
            # result may be what the exact run gets for the subnormal, NaN
            # say, so that NaN alone would not mark it), the others NaN.
            with np.errstate(all='ignore'):
                sub = (np.abs(x) < M.NORM_MIN[ct]) & (x != 0)
                if at is not None and self.noise.mode == 'plus' and \
                        np.any(sub):
                    flushed = M.rnd(at(np.copysign(0.0, x)), ct)
                else:
                    flushed = np.nan
            v = np.where(sub, flushed, v)
        return v

    def unary(self, op, x, dt):
        ct = M.compute_type(dt)
        f = M.UNARY
        with np.errstate(all='ignore'):
            if op in M.EXACT_UNARY:
                return M.rnd(f[op](x), dt)
            if op == 'reciprocal':  # a division in the element type
                return M.rnd(self.perturb('div', dt, f[op](x)), dt)
            if op in ('exp', 'log', 'sqrt', 'rsqrt', 'tanh', 'sin', 'cos',
                      'erf', 'log1p', 'expm1'):
                v = self.step(op, dt, ct, f[op](x), x, f[op])
                if op in ('sin', 'cos') and self.target == 'vulkan' and \
                        self.noise.mode != 'exact':
                    v = np.where(np.abs(x) >= M.VULKAN_SINCOS_LIMIT, np.nan,
                                 v)
                return M.rnd(v, dt)
            c = lambda v: M.rnd(np.float64(v), ct)
            if op in ('sigmoid', 'silu'):
                e = self.step('exp', dt, ct, np.exp(-x), -x, np.exp)
                a = M.rnd(c(1.0) + e, ct)
                s = self.step('div', dt, ct, c(1.0) / a)
                if op == 'silu':
                    s = M.rnd(x * s, ct)
                return M.rnd(s, dt)
            if op == 'gelu':
                x3 = M.rnd(M.rnd(x * x, ct) * x, ct)
                poly = M.rnd(x + M.rnd(c(0.044715) * x3, ct), ct)
                arg = M.rnd(c(0.79788456080286535588) * poly, ct)
                inner = self.step('tanh_epilogue' if self.epilogue else
                                  'tanh', dt, ct, np.tanh(arg), arg, np.tanh)
            else:  # gelu_exact
                sc = M.rnd(x * c(0.70710678118654752440), ct)
                inner = self.step('tanh', dt, ct, M._erf(sc), sc, M._erf)
            hx = M.rnd(c(0.5) * x, ct)
            return M.rnd(M.rnd(hx * M.rnd(c(1.0) + inner, ct), ct), dt)

    def binary(self, op, a, b, dt):
        with np.errstate(all='ignore'):
            if op == 'pow' and self.noise.mode == 'plus':
                # A computed exponent may land on an integer that its exact
                # value is only near (in f32, tanh(-8.4) may be -1, so
                # gelu(-5) may be 0 where it is -2e-7), and a negative
                # base's NaN becomes a number: such elements are not
                # checked (this run takes the integer).
                near = (a < 0) & np.isfinite(b) & (
                    np.abs(b - np.round(b)) <= 2.0**-12 * np.maximum(
                        1.0, np.abs(b)))
                b = np.where(near, np.round(b), b)
            r = M.BINARY[op](a, b)
            if op == 'pow':
                ct = M.compute_type(dt)
                v = self.step('pow', dt, ct, r, a,
                              lambda a0: M.BINARY['pow'](a0, b))
                if self.target == 'vulkan' and self.noise.mode != 'exact':
                    # GLSL's Pow is exp2(y * log2(x)): its error grows with
                    # the exponent it computes.
                    t = np.abs(b * np.log2(np.abs(a)))
                    extra = np.where(np.isfinite(t), t, 0.0) * 2.0**-20
                    v = M.rnd(v * (1.0 + self.noise.sign(v) * extra), ct)
                return M.rnd(v, dt)
            if self.target == 'cuda' and op in ('add', 'sub'):
                # NVPTX contracts a*b+c into an fma by default: one rounding
                # of a product is skipped, an error of up to half an ULP of
                # the operands.
                # (Infinite operands leave the result as computed: the
                # exact run's sign 0 times inf was NaN, so inf + inf was
                # "want NaN"; cuda program 80107 at seed 20261205.)
                s = self.noise.sign(r)
                t = M.EPS[dt] * (np.abs(a) + np.abs(b))
                r = r + s * np.where(np.isfinite(t), t, 0.0)
            if op == 'div':
                r = self.perturb('div', dt, r)
            return M.rnd(r, dt)

    def reduce(self, kind, x, dims, keep, dt):
        ax = tuple(dims)
        n = int(np.prod([x.shape[d] for d in dims])) if x.ndim else 1
        acc = M.compute_type(dt)
        with np.errstate(all='ignore'):
            if kind in ('max', 'min'):
                if n == 0:
                    shape = [1 if d in dims else s for d, s in enumerate(x.shape)]
                    if not keep:
                        shape = [s for d, s in enumerate(x.shape) if d not in dims]
                    return np.full(shape, -np.inf if kind == 'max' else np.inf)
                return M.rnd(M.reduce_extremum(kind, x, ax, keep), dt)
            s = np.sum(x, axis=ax, keepdims=keep)
            mag = np.sum(np.abs(x), axis=ax, keepdims=keep)
            sign = self.noise.sign(s)
            err = _sum_error(acc, n, mag)
            s = s + sign * np.where(np.isfinite(err), err, 0.0)
            # A sum whose partial sums may overflow the accumulator depends on
            # the order: poison the perturbed runs so it is not checked.
            if self.noise.mode != 'exact':
                s = np.where(mag > M.FMAX[acc] / 4, np.nan, s)
            if kind == 'mean':
                s = s / n if n else s * np.nan
            return M.rnd(M.rnd(s, acc), dt)

    def matmul(self, a, b, dt):
        acc = M.compute_type(dt)
        k = a.shape[-1]
        with np.errstate(all='ignore'):
            r = np.matmul(a, b)
            mag = np.matmul(np.abs(a), np.abs(b))
            err = _sum_error(acc, 2 * k, mag)
            r = r + self.noise.sign(r) * np.where(np.isfinite(err), err, 0.0)
            if self.noise.mode != 'exact':
                r = np.where(mag > M.FMAX[acc] / 4, np.nan, r)
            return M.rnd(M.rnd(r, acc), dt)

    def run(self, prog):
        env = {}
        # Matmul products, and those plus a bias (CUDA): a GELU of one may
        # run in cuBLASLt's epilogue, whose tanh is less accurate than
        # Ferric's (gelu(-3.375) in f32 was 2.3e-6 off, 12 ULPs of its
        # tanh: cuda program 80365 at seed 20261205).
        products = set()
        for a in prog.args:
            env[a.name] = np.asarray(prog.inputs[a.name], np.float64)
        for op in prog.ops:
            r, args = op.res, [env[a.name] for a in op.args]
            k = op.kind
            if k == 'matmul' or (k == 'binary' and op.attrs['op'] == 'add' and
                                 any(a.name in products for a in op.args)):
                products.add(r.name)
            if k == 'const':
                v = np.float64(op.attrs['value'])
            elif k == 'unary':
                self.epilogue = self.target == 'cuda' and \
                    op.args[0].name in products
                v = self.unary(op.attrs['op'], args[0], r.dt)
                self.epilogue = False
            elif k == 'binary':
                v = self.binary(op.attrs['op'], args[0], args[1], r.dt)
            elif k == 'cmp':
                with np.errstate(all='ignore'):
                    v = M.CMP[op.attrs['pred']](args[0], args[1]).astype(np.float64)
                    if self.target == 'vulkan' and \
                            self.noise.mode in ('plus', 'minus'):
                        # The device may flush a subnormal operand of the
                        # compare alone (vulkan program 17356 at seed
                        # 20261205: tanh(x) < x was true for x = -3.5e-44):
                        # true in one run, false in the other, so the
                        # element is not checked.
                        ct = M.compute_type(op.args[0].dt)
                        sub = np.zeros(np.shape(v), bool)
                        for x in args:
                            sub = sub | ((np.abs(x) < M.NORM_MIN[ct]) &
                                         (x != 0))
                        v = np.where(sub, 1.0 if self.noise.mode == 'plus'
                                     else 0.0, v)
            elif k == 'select':
                v = np.where(args[0] != 0, args[1], args[2])
            elif k == 'clamp':
                v = M._minimum(M._maximum(args[0], args[1]), args[2])
            elif k == 'cast':
                v = M.rnd(args[0], r.dt)
            elif k == 'bcast':
                x = args[0]
                for d in op.attrs['dims']:
                    x = np.expand_dims(x, d)
                v = np.broadcast_to(x, r.shape).copy()
            elif k == 'collapse':
                v = args[0].reshape(r.shape)
            elif k == 'reduce':
                v = self.reduce(op.attrs['rkind'], args[0], op.attrs['dims'],
                                op.attrs['keepdim'], r.dt)
            elif k == 'matmul':
                v = self.matmul(args[0], args[1], r.dt)
            else:
                raise ValueError(k)
            v = np.asarray(v, np.float64)
            if not r.scalar:
                v = np.broadcast_to(v, r.shape).copy()
            env[r.name] = v
        return [env[r.name] for r in prog.results]


def _sum_error(acc, n, mag):
    """The error bound of n roundings in `acc` summing to magnitude `mag`:
    relative (EPS each) and, where partial sums or products are subnormal,
    absolute (half the smallest subnormal each): f32 matmul results of
    1e-43 were one subnormal ULP from the exact run on the CPU (cpu
    programs 67773 and 85768 at seed 20261205)."""
    return M.EPS[acc] * max(n, 1) * mag + max(n, 1) * M.TINY[acc]


def _cls(v):
    return np.where(np.isnan(v), 1, np.where(v == np.inf, 2,
                                             np.where(v == -np.inf, 3, 0)))


def expected(prog, target, seed, random_runs=4, bit_runs=6):
    """Per result: (value, tolerance, checked mask)."""
    exact = Evaluator(target, Noise('exact')).run(prog)
    rng = np.random.default_rng(seed)
    noises = [Noise('plus'), Noise('minus')] + \
        [Noise('bits', bit=k, invert=inv) for k in range(bit_runs)
         for inv in (False, True)] + \
        [Noise('rand', rng) for _ in range(random_runs)]
    noisy = [Evaluator(target, n).run(prog) for n in noises]
    out = []
    for i, (e, res) in enumerate(zip(exact, prog.results)):
        checked = np.ones(e.shape, bool)
        spread = np.zeros(e.shape)
        for n in noisy:
            v = n[i]
            if res.dt == 'i1':
                checked &= v == e
                continue
            checked &= _cls(v) == _cls(e)
            with np.errstate(invalid='ignore'):
                d = np.where(np.isfinite(v) & np.isfinite(e), np.abs(v - e), 0.0)
            spread = np.maximum(spread, d)
        with np.errstate(over='ignore'):  # a spread near the type's max
            out.append((e, 2.0 * spread, checked))
    return out


def compare(got, exp, tol, checked, dt):
    """Indices of checked elements that are outside tolerance."""
    if got.shape != exp.shape:
        return None
    if dt == 'i1':
        bad = checked & (got != exp)
    else:
        cg, ce = _cls(got), _cls(exp)
        with np.errstate(invalid='ignore'):
            far = np.abs(got - exp) > tol
        bad = checked & ((cg != ce) | ((ce == 0) & far))
    return np.argwhere(bad)
