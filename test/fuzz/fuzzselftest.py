"""Checks the fuzzer's own model against known values (run by
test/fuzz/fuzz-selftest.test): rounding, special values and tolerances."""
import math
import sys

import numpy as np

import fuzzeval
import fuzzgen
import fuzzmodel as M

FAILS = []


def check(name, got, want):
    g, w = np.asarray(got, np.float64), np.asarray(want, np.float64)
    if g.shape != w.shape or not np.array_equal(g, w, equal_nan=True) or \
            not np.array_equal(np.signbit(g) & ~np.isnan(g),
                               np.signbit(w) & ~np.isnan(w)):
        FAILS.append(f'{name}: got {g!r}, want {w!r}')


def main():
    # Rounding is direct from f64, to nearest even, keeping subnormals.
    check('bf16 no double rounding', M.rnd(-5.140625236, 'bf16'), -5.15625)
    check('f16 no double rounding', M.rnd(1 + 2**-11 + 2**-30, 'f16'),
          1.0009765625)
    check('bf16 tie to even', M.rnd([1 + 2**-8, 1 + 3 * 2**-8], 'bf16'),
          [1.0, 1 + 2**-6])
    check('bf16 subnormal kept', M.rnd(2.0**-130, 'bf16'), 2.0**-130)
    check('bf16 smallest subnormal', M.rnd([2.0**-133, 2.0**-134,
                                           1.5 * 2.0**-134], 'bf16'),
          [2.0**-133, 0.0, 2.0**-133])
    check('bf16 overflow', M.rnd([3.4e38, -1e39, 3.39e38], 'bf16'),
          [np.inf, -np.inf, 3.3895313892515355e38])
    check('bf16 nan', M.rnd(np.nan, 'bf16'), np.nan)
    check('bf16 -0', M.rnd(-0.0, 'bf16'), -0.0)
    check('f16 overflow', M.rnd([65520.0, 65519.0], 'f16'), [np.inf, 65504.0])
    check('f32 subnormal', M.rnd(2.0**-149 * 3, 'f32'), 2.0**-149 * 3)
    check('bf16 npy bits', M.to_npy_array(np.array([1.0, -2.0, np.inf]), 'bf16'
                                          ).view(np.uint16),
          np.array([0x3F80, 0xC000, 0x7F80], np.uint16))
    # pow follows C: pow(0,0)=1, pow(-1,0.5)=nan, pow(0,-1)=inf,
    # pow(nan,1)=nan, pow(1,inf)=1, pow(nan,0)=1, pow(-1,inf)=1.
    with np.errstate(all='ignore'):
        check('pow specials', M.BINARY['pow'](
            np.array([0.0, -1.0, 0.0, np.nan, 1.0, np.nan, -1.0, -0.0]),
            np.array([0.0, 0.5, -1.0, 1.0, np.inf, 0.0, np.inf, -1.0])),
            [1.0, np.nan, np.inf, np.nan, 1.0, 1.0, 1.0, -np.inf])
        check('max/min propagate nan', [M.BINARY['max'](np.nan, 1.0),
                                        M.BINARY['min'](1.0, np.nan)],
              [np.nan, np.nan])
        check('x - x of inf', M.BINARY['sub'](np.inf, np.inf), np.nan)
        check('cmp ne nan', M.CMP['ne'](np.nan, np.nan), True)
        check('cmp eq nan', M.CMP['eq'](np.nan, np.nan), False)
    # A one-op program: exact where the op is correctly rounded, a tolerance
    # where the target may err, unchecked where the class is ill-conditioned.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (4,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([1.0, 2.0**-126, np.inf, 88.72283935546875])
    e = fuzzgen.Val('e', 'f32', (4,), (False,))
    s = fuzzgen.Val('s', 'f32', (4,), (False,))
    p.ops = [fuzzgen.Op('binary', s, [a, a], op='sub'),
             fuzzgen.Op('unary', e, [a], op='exp')]
    p.results = [s, e]
    (sv, stol, schk), (ev, etol, echk) = fuzzeval.expected(p, 'cpu', 0)
    check('x - x', sv, [0.0, 0.0, np.nan, 0.0])
    check('x - x exact', stol, [0.0] * 4)
    check('exp value', ev[:3], [M.rnd(math.e, 'f32'), 1.0, np.inf])
    if not (etol[0] > 0 and etol[0] < 1e-5):
        FAILS.append(f'exp tolerance {etol[0]} not a few f32 ULPs')
    check('exp near overflow unchecked', echk, [True, True, True, False])
    bad = fuzzeval.compare(np.array([0.0, 0.0, 0.0, 0.0]), sv, stol, schk, 'f32')
    check('inf - inf = 0 is caught', [len(bad)], [1])
    # pow of a negative base and an exponent near an integer (a computed
    # exponent may land on it): unchecked; far from one: NaN, checked.
    p = fuzzgen.Program()
    x = fuzzgen.Val('x', 'f32', (3,), (False,))
    y = fuzzgen.Val('y', 'f32', (3,), (False,))
    z = fuzzgen.Val('z', 'f32', (3,), (False,))
    p.args, p.base = [x, y], x
    p.inputs['x'] = np.array([-5.0, -5.0, 2.0])
    p.inputs['y'] = np.array([-2.384185791015625e-07, 0.5, -2.384185791015625e-07])
    p.ops = [fuzzgen.Op('binary', z, [x, y], op='pow')]
    p.results = [z]
    ((zv, ztol, zchk),) = fuzzeval.expected(p, 'vulkan', 0)
    check('pow negative base near-integer exponent', zchk,
          [False, True, True])
    check('pow negative base value', zv[:2], [np.nan, np.nan])
    # sigmoid(-0.01171875) in bf16 is 0.4970703460, 3.4e-8 above the
    # midpoint between two bf16 values: its exp and its division may each
    # err by a few f32 ULPs on Vulkan, so it is not exact there, also as the
    # second transcendental op of a program (the bit runs used to perturb
    # that op's exp down and division up, never the other way round).
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'bf16', (1,), (False,))
    e = fuzzgen.Val('e', 'bf16', (1,), (False,))
    g = fuzzgen.Val('g', 'bf16', (1,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([-0.01171875])
    p.ops = [fuzzgen.Op('unary', e, [a], op='exp'),
             fuzzgen.Op('unary', g, [a], op='sigmoid')]
    p.results = [e, g]
    (_, (gv, gtol, gchk)) = fuzzeval.expected(p, 'vulkan', 0)
    if not (gtol[0] > 0 or not gchk[0]):
        FAILS.append(f'sigmoid near a bf16 midpoint is exact on vulkan: '
                     f'{gv[0]} +- {gtol[0]}')
    # On CUDA an add may be contracted into an fma (a perturbation scaled
    # by the operands): with an infinite operand the sum stays inf, in
    # every run (the exact run used to make it NaN: cuda program 80107 at
    # seed 20261205 wanted NaN for inf + inf).
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (3,), (False,))
    s = fuzzgen.Val('s', 'f32', (3,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([np.inf, -np.inf, 1.5])
    p.ops = [fuzzgen.Op('binary', s, [a, a], op='add')]
    p.results = [s]
    ((sv, stol, schk),) = fuzzeval.expected(p, 'cuda', 0)
    check('cuda inf + inf', sv, [np.inf, -np.inf, 3.0])
    check('cuda inf + inf checked', schk, [True, True, True])
    # A GELU of a matmul product on CUDA may be cuBLASLt's epilogue, whose
    # tanh is less accurate (cuda program 80365 at seed 20261205: gelu of
    # -3.375 was -0.00099738 where Ferric's is -0.00099507).
    p = fuzzgen.Program()
    x = fuzzgen.Val('x', 'f32', (1, 1), (False, False))
    w = fuzzgen.Val('w', 'f32', (1, 1), (False, False))
    m = fuzzgen.Val('m', 'f32', (1, 1), (False, False))
    g = fuzzgen.Val('g', 'f32', (1, 1), (False, False))
    p.args, p.base = [x, w], x
    p.inputs['x'] = np.array([[-3.375]])
    p.inputs['w'] = np.array([[1.0]])
    p.ops = [fuzzgen.Op('matmul', m, [x, w]),
             fuzzgen.Op('unary', g, [m], op='gelu')]
    p.results = [g]
    ((gv, gtol, gchk),) = fuzzeval.expected(p, 'cuda', 0)
    bad = fuzzeval.compare(np.array([[-0.0009973794221878052]]), gv, gtol,
                           gchk, 'f32')
    check('cuda epilogue gelu tolerance', [len(bad)], [0])
    ((cv, ctol, cchk),) = fuzzeval.expected(p, 'cpu', 0)
    bad = fuzzeval.compare(np.array([[-0.0009973794221878052]]), cv, ctol,
                           cchk, 'f32')
    check('cpu gelu of a product stays tight', [len(bad)], [1])
    # CUDA's exp is ex2.approx(x * log2(e)) (ferric-approx-exp): its error
    # grows with |x| (the rounding of x * log2(e)); exp(-80) 70 units of
    # 2^-24 off is within it on CUDA, not on the CPU.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (1,), (False,))
    e = fuzzgen.Val('e', 'f32', (1,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([-80.0])
    p.ops = [fuzzgen.Op('unary', e, [a], op='exp')]
    p.results = [e]
    approx = np.array([np.float32(np.exp(-80.0) * (1 + 70 * 2.0**-24))])
    ((ev, etol, echk),) = fuzzeval.expected(p, 'cuda', 0)
    check('cuda approximate exp tolerance',
          [len(fuzzeval.compare(approx, ev, etol, echk, 'f32'))], [0])
    ((ev, etol, echk),) = fuzzeval.expected(p, 'cpu', 0)
    check('cpu exp stays tight',
          [len(fuzzeval.compare(approx, ev, etol, echk, 'f32'))], [1])
    # min/max order -0 below +0 (arith.minimumf; numpy's minimum returns
    # either: cuda program 81443 at seed 20261205, rsqrt(min(-0, 0)) =
    # -inf was "want inf"), elementwise and in reductions.
    check('min zeros', M.BINARY['min'](np.array([-0.0, 0.0, 0.0]),
                                       np.array([0.0, -0.0, 0.0])),
          [-0.0, -0.0, 0.0])
    check('max zeros', M.BINARY['max'](np.array([-0.0, 0.0, -0.0]),
                                       np.array([0.0, -0.0, -0.0])),
          [0.0, 0.0, -0.0])
    check('min nan', M.BINARY['min'](np.array([np.nan]), np.array([1.0])),
          [np.nan])
    check('reduce min zeros', M.reduce_extremum(
        'min', np.array([[0.0, -0.0], [0.0, 0.0]]), (1,), False), [-0.0, 0.0])
    check('reduce max zeros', M.reduce_extremum(
        'max', np.array([[0.0, -0.0], [-0.0, -0.0], [1.0, -0.0]]), (1,),
        False), [0.0, -0.0, 1.0])
    # On Vulkan a compare may flush a subnormal operand (vulkan program
    # 17356 at seed 20261205: tanh(x / y) < x / y was true for x / y =
    # -3.5e-44): such elements are not checked; normal ones are.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (2,), (False,))
    b = fuzzgen.Val('b', 'f32', (2,), (False,))
    q = fuzzgen.Val('q', 'f32', (2,), (False,))
    t = fuzzgen.Val('t', 'f32', (2,), (False,))
    c = fuzzgen.Val('c', 'i1', (2,), (False,))
    p.args, p.base = [a, b], a
    p.inputs['a'] = np.array([-3.5032461608120427e-44, 0.5])
    p.inputs['b'] = np.array([1.0, 1.0])
    p.ops = [fuzzgen.Op('binary', q, [a, b], op='div'),
             fuzzgen.Op('unary', t, [q], op='tanh'),
             fuzzgen.Op('cmp', c, [t, q], pred='lt')]
    p.results = [c]
    ((cv, ctol, cchk),) = fuzzeval.expected(p, 'vulkan', 0)
    check('vulkan compare of a subnormal unchecked', cchk, [False, True])
    # A tanh within its error of -1 may be -1: gelu(-5) in f16 may be 0 on
    # Vulkan (tanh(-4) = -1 there), so gelu(-5) != -0 is not checked
    # (vulkan program 20945 at seed 20261205); gelu(-1) != -0 is.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f16', (2,), (False,))
    g = fuzzgen.Val('g', 'f16', (2,), (False,))
    z = fuzzgen.Val('z', 'f16', (), ())
    c = fuzzgen.Val('c', 'i1', (2,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([-5.0, -1.0])
    p.ops = [fuzzgen.Op('unary', g, [a], op='gelu'),
             fuzzgen.Op('const', z, [], value=-0.0),
             fuzzgen.Op('cmp', c, [g, z], pred='ne')]
    p.results = [c]
    ((cv, ctol, cchk),) = fuzzeval.expected(p, 'vulkan', 0)
    check('gelu landing on 0 unchecked', cchk, [False, True])
    # A matmul product in the subnormal range is within the rounding of its
    # k products and sums, absolute there (cpu program 85768 at seed
    # 20261205: -9.95e-44 where the exact run gives -1.01e-43).
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (1, 2), (False, False))
    w = fuzzgen.Val('w', 'f32', (2, 1), (False, False))
    m = fuzzgen.Val('m', 'f32', (1, 1), (False, False))
    p.args, p.base = [a, w], a
    p.inputs['a'] = np.array([[2.0**-70, 0.75]])
    p.inputs['w'] = np.array([[2.0**-76], [2.0**-144]])
    p.ops = [fuzzgen.Op('matmul', m, [a, w])]
    p.results = [m]
    ((mv, mtol, mchk),) = fuzzeval.expected(p, 'cpu', 0)
    check('subnormal matmul within its roundings',
          bool(mchk[0, 0] and mtol[0, 0] >= 2.0**-149), True)
    # Every SSA name is defined once (the dim-index constants were %c<d>,
    # like scalar constants: seed 20261205, cpu program 9657 redefined %c2).
    import re
    space = fuzzgen.Space('cpu')
    for i in list(range(9600, 9700)):
        text = fuzzgen.Gen(np.random.default_rng([20261205, i]),
                           space).generate(8).mlir()
        names = re.findall(r'^\s*%(\w+) =', text, re.M)
        if len(names) != len(set(names)):
            FAILS.append(f'program {i} defines an SSA name twice:\n{text}')
            break
    # The ops real models need: round is ties to even, sign keeps +-0 and
    # NaN, clamp propagates NaN and gives hi for lo > hi, all exact.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (6,), (False,))
    lo = fuzzgen.Val('lo', 'f32', (6,), (False,))
    r = fuzzgen.Val('r', 'f32', (6,), (False,))
    sg = fuzzgen.Val('sg', 'f32', (6,), (False,))
    c = fuzzgen.Val('c', 'f32', (6,), (False,))
    hi = fuzzgen.Val('hi', 'f32', scalar=True)
    p.args, p.base = [a, lo], a
    p.inputs['a'] = np.array([2.5, -0.5, -0.0, np.nan, 1.5, 7.0])
    p.inputs['lo'] = np.array([0.0, 0.0, 0.0, 0.0, 3.0, np.nan])
    p.ops = [fuzzgen.Op('unary', r, [a], op='round'),
             fuzzgen.Op('unary', sg, [a], op='sign'),
             fuzzgen.Op('const', hi, [], value=2.0),
             fuzzgen.Op('clamp', c, [a, lo, hi])]
    p.results = [r, sg, c]
    (rv, rtol, _), (sv, stol, _), (cv, ctol, _) = fuzzeval.expected(
        p, 'cpu', 0)
    check('round ties to even', rv, [2.0, -0.0, -0.0, np.nan, 2.0, 7.0])
    check('sign keeps zeros and NaN', sv, [1.0, -1.0, -0.0, np.nan, 1.0, 1.0])
    check('clamp', cv, [2.0, 0.0, 0.0, np.nan, 2.0, np.nan])
    check('exact ops have no tolerance', [rtol.max(), stol.max(), ctol.max()],
          [0.0, 0.0, 0.0])
    check('clamp text', [fuzzgen.op_text(p.ops[3]) ==
                         '%c = ferric.clamp %a, %lo, %hi : tensor<6xf32>, '
                         'tensor<6xf32>, f32'], [True])
    # Vulkan's sin and cos are Ferric's own below |x| = 102900 (checked),
    # the driver's above (not checked); CPU checks both.
    p = fuzzgen.Program()
    a = fuzzgen.Val('a', 'f32', (2,), (False,))
    s = fuzzgen.Val('s', 'f32', (2,), (False,))
    p.args, p.base = [a], a
    p.inputs['a'] = np.array([1e5, 2e5])
    p.ops = [fuzzgen.Op('unary', s, [a], op='sin')]
    p.results = [s]
    ((_, _, vchk),) = fuzzeval.expected(p, 'vulkan', 0)
    ((_, _, cchk),) = fuzzeval.expected(p, 'cpu', 0)
    check('vulkan sin checked below the limit only', vchk, [True, False])
    check('cpu sin checked', cchk, [True, True])
    # The printer writes what the parser reads.
    check('const hex', [fuzzgen.const_text(math.inf, 'bf16') == '0x7F80'], [True])
    for f in FAILS:
        print('FAIL:', f)
    print('self-test:', 'FAILED' if FAILS else 'passed')
    return 1 if FAILS else 0


if __name__ == '__main__':
    sys.exit(main())
