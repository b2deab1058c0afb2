"""Helpers to write Ferric CPU execution tests: MLIR constants, a @main that
calls the functions under test and prints every result, and FileCheck lines
with expected values computed independently with numpy (float64 math,
rounded once to the result type, checked to be stable under small errors)."""
import math, os, random, struct
import numpy as np
np.random.seed(0)

U = {'f32': 2.0**-24, 'f64': 2.0**-53, 'f16': 2.0**-24, 'bf16': 2.0**-24}

def f32(x):
    return np.asarray(x, dtype=np.float64).astype(np.float32).astype(np.float64)

def bf16_round(x):
    a = np.atleast_1d(np.asarray(x, dtype=np.float64)).astype(np.float32).ravel()
    bits = a.view(np.uint32).astype(np.uint64)
    out = np.empty_like(bits)
    for i, b in enumerate(bits):
        b = int(b)
        if (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF):  # nan
            out[i] = (b | 0x400000) & 0xFFFF0000
            continue
        lsb = (b >> 16) & 1
        out[i] = ((b + 0x7FFF + lsb) >> 16) << 16
    r = out.astype(np.uint32).view(np.float32).astype(np.float64)
    return r.reshape(np.shape(x)) if np.ndim(x) else r[0]

def round_to(x, dt):
    """Rounds exact values to dt the way the CPU code does (f16/bf16 results
    are produced from f32)."""
    x = np.asarray(x, dtype=np.float64)
    if dt == 'f64':
        return x.copy()
    if dt == 'f32':
        return f32(x)
    if dt == 'f16':
        return f32(x).astype(np.float16).astype(np.float64)
    if dt == 'bf16':
        return bf16_round(f32(x))
    if dt == 'i1':
        return x.astype(bool).astype(np.float64)
    raise ValueError(dt)

def mlir_type(dt):
    return dt

def fmt_elem(v, dt):
    v = float(v)
    if dt == 'i1':
        return 'true' if v else 'false'
    if math.isnan(v):
        return {'f32': '0x7FC00000', 'f64': '0x7FF8000000000000',
                'f16': '0x7E00', 'bf16': '0x7FC0'}[dt]
    if math.isinf(v):
        pos = {'f32': '0x7F800000', 'f64': '0x7FF0000000000000',
               'f16': '0x7C00', 'bf16': '0x7F80'}[dt]
        neg = {'f32': '0xFF800000', 'f64': '0xFFF0000000000000',
               'f16': '0xFC00', 'bf16': '0xFF80'}[dt]
        return pos if v > 0 else neg
    s = repr(v)
    if 'e' in s and '.' not in s.split('e')[0]:
        m, e = s.split('e')
        s = m + '.0e' + e
    if 'e' not in s and '.' not in s:
        s += '.0'
    return s

def dense(a, dt):
    a = np.asarray(a, dtype=np.float64)
    r = round_to(a, dt) if dt != 'i1' else a
    same = np.array_equal(r, a, equal_nan=True) or dt == 'i1'
    assert same, f'input not representable in {dt}: {a} vs {r}'
    if a.size == 0:
        return 'dense<>'
    def rec(x):
        if x.ndim == 0:
            return fmt_elem(x, dt)
        return '[' + ', '.join(rec(y) for y in x) + ']'
    return 'dense<' + rec(a) + '>'

def ttype(shape, dt):
    return 'tensor<' + ''.join(('?' if s is None else str(s)) + 'x' for s in shape) + dt + '>'

def cfmt(v):
    """printMemref's rendering of one value (std::cout default: %g)."""
    v = float(v)
    if math.isnan(v):
        return '{{-?nan}}'
    return '%g' % v

def stable(exact, dt, noisy=None, trials=300):
    """Exact reference rounded to dt, and whether its printed form survives
    `noisy()` (the same formula with every primitive result perturbed by a
    few ulps of the compute type)."""
    ref = round_to(exact, dt)
    if noisy is None:
        return ref, np.ones(np.shape(ref), dtype=bool)
    refs = np.vectorize(cfmt, otypes=[object])(ref)
    seen = np.empty(np.shape(ref), dtype=object)
    for idx in np.ndindex(*np.shape(ref)):
        seen[idx] = {refs[idx]}
    for _ in range(trials):
        alt = round_to(noisy(), dt)
        alts = np.vectorize(cfmt, otypes=[object])(alt)
        for idx in np.ndindex(*np.shape(ref)):
            seen[idx].add(alts[idx])
    return ref, seen

UNSTABLE = []

def check_lines(marker, ref, ok, dt):
    ref = np.asarray(ref, dtype=np.float64)
    shape = ref.shape
    rank = len(shape)
    lines = ['// CHECK: {{^}}' + marker + '{{$}}',
             '// CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = %d offset = 0 sizes = [%s] strides = [%s] data =' % (
                 rank, ', '.join(str(s) for s in shape),
                 ', '.join(str(int(np.prod(shape[i + 1:]))) for i in range(rank)))]
    def val(idx):
        o = ok[idx]
        if o is True or o is np.True_ or (isinstance(o, set) and len(o) == 1):
            return cfmt(ref[idx])
        alts = sorted(o)
        if len(alts) > 3:
            # Keep the common leading digits; require at least 4 significant.
            pre = os.path.commonprefix(alts)
            sig = len([c for c in pre.lstrip('-0.') if c.isdigit()])
            if sig < 4 or 'e' in ''.join(alts):
                raise AssertionError(f'{marker}: unstable value at {idx}: {ref[idx]} {alts}')
            UNSTABLE.append((marker, idx, pre + '*'))
            return pre + '{{[0-9]*}}'
        UNSTABLE.append((marker, idx, alts))
        return '{{(' + '|'.join(a.replace('.', '\\.').replace('+', '\\+') for a in alts) + ')}}'

    if rank == 0:
        lines.append('// CHECK-NEXT: [' + val(()) + ']')
        return lines
    rows = list(np.ndindex(*shape[:-1])) if rank > 1 else [()]
    for ri, row in enumerate(rows):
        opening = 1
        for d in range(len(row) - 1, -1, -1):
            if row[d] == 0:
                opening += 1
            else:
                break
        closing = 1
        for d in range(len(row) - 1, -1, -1):
            if row[d] == shape[d] - 1:
                closing += 1
            else:
                break
        body = ', '.join(val(row + (j,)) for j in range(shape[-1]))
        op = '[' if opening == 1 else '{{' + '\\[' * opening + '}}'
        s = op + body + ']' * closing
        if ri != len(rows) - 1:
            s += ','
        lines.append('// CHECK-NEXT: ' + s)
    return lines


class Main:
    """Builds @main: constants, calls, prints; and the CHECK lines."""
    def __init__(self):
        self.body = []
        self.checks = []
        self.n = 0
        self.consts = {}

    def tmp(self):
        self.n += 1
        return f'%v{self.n}'

    def const(self, a, dt, shape=None, dyn=None):
        """A tensor constant; `dyn` casts it to a type with those dims dynamic."""
        a = np.asarray(a, dtype=np.float64)
        shape = a.shape if shape is None else shape
        t = ttype(shape, dt)
        v = self.tmp()
        self.body.append(f'  {v} = arith.constant {dense(a, dt)} : {t}')
        if dyn:
            dshape = [None if i in dyn else s for i, s in enumerate(shape)]
            dt_ = ttype(dshape, dt)
            w = self.tmp()
            self.body.append(f'  {w} = tensor.cast {v} : {t} to {dt_}')
            return w, dt_
        return v, t

    def scalar(self, x, dt):
        v = self.tmp()
        self.body.append(f'  {v} = arith.constant {fmt_elem(x, dt)} : {dt}')
        return v, dt

    def call(self, fn, args, result_types):
        """args: list of (value, type). Returns list of (value, type)."""
        ins = ', '.join(a for a, _ in args)
        ity = ', '.join(t for _, t in args)
        oty = ', '.join(result_types)
        if len(result_types) == 1:
            v = self.tmp()
            self.body.append(f'  {v} = call @{fn}({ins}) : ({ity}) -> {oty}')
            return [(v, result_types[0])]
        v = self.tmp()
        self.body.append(f'  {v}:{len(result_types)} = call @{fn}({ins}) : ({ity}) -> ({oty})')
        return [(f'{v}#{i}', t) for i, t in enumerate(result_types)]

    def print(self, marker, value, ref, ok, dt, shape):
        v, t = value
        self.body.append(f'  vector.print str "{marker}\\n"')
        mshape = ''.join(('?' if s is None else str(s)) + 'x' for s in shape)
        if dt in ('f16', 'bf16', 'i1'):
            w = self.tmp()
            t32 = t.replace(dt + '>', 'f32>')
            self.body.append(f'  {w} = ferric.cast {v} : {t} to {t32}')
            v, t, pdt = w, t32, 'f32'
        else:
            pdt = dt
        m = self.tmp()
        self.body.append(f'  {m} = bufferization.to_buffer {v} : {t} to memref<{mshape}{pdt}>')
        u = self.tmp()
        self.body.append(f'  {u} = memref.cast {m} : memref<{mshape}{pdt}> to memref<*x{pdt}>')
        fn = 'printMemrefF32' if pdt == 'f32' else 'printMemrefF64'
        self.body.append(f'  call @{fn}({u}) : (memref<*x{pdt}>) -> ()')
        self.checks += check_lines(marker, ref, ok, dt)

    def text(self):
        out = ['func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}',
               'func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}',
               '',
               'func.func @main() {']
        out += self.body
        out += ['  return', '}']
        return '\n'.join(out) + '\n'


class Noise:
    """Primitive ops on float64 arrays; with `eps` set, each result is
    perturbed by up to `k` ulps of the compute type (relative `eps`)."""
    def __init__(self, eps=0.0, k=2):
        self.eps = eps
        self.k = k
    def n(self, x):
        x = np.asarray(x, dtype=np.float64)
        if not self.eps:
            return x
        r = np.random.uniform(-self.k, self.k, size=x.shape)
        return x * (1 + r * self.eps)
