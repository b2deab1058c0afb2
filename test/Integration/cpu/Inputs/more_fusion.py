"""gen_more.py's generators of fusion.mlir and multi-output.mlir.
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from ftest import *
from refops import *
from more_common import *


# ---------------------------------------------------------------- fusion
def gen_fusion():
    funcs = []
    M = Main()
    def emit(name, ref_fn, dt, shape, pshape=None, r=None):
        eps = 2.0**-53 if dt == 'f64' else 2.0**-24
        ref, ok = stable(ref_fn(Noise()), dt, lambda: ref_fn(Noise(eps)))
        M.print(name, r, ref, ok, dt, pshape or shape)

    A = np.array([[-2.0, -0.5, 0.0, 1.25], [3.0, -4.5, 0.75, 6.0]])
    Bv = np.array([[1.5, -1.0, 2.0, 0.5], [-0.25, 2.0, -3.0, 1.0]])
    funcs.append('''// SwiGLU gate: silu(a) * b, one kernel when fused.
func.func @swiglu(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = ferric.silu %a : tensor<2x4xf32>
  %r = ferric.mul %s, %b : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}''')
    a, at = M.const(A, 'f32'); b, bt = M.const(Bv, 'f32')
    r = M.call('swiglu', [(a, at), (b, bt)], ['tensor<2x4xf32>'])
    emit('swiglu', lambda N: N.n(unary('silu', A, N) * Bv), 'f32', [2, 4], r=r[0])

    X = np.array([[0.5, -1.0, 2.0, -0.25], [1.5, 0.0, -2.0, 3.0], [-0.75, 0.25, 1.0, -1.5]])
    BI = np.array([0.25, -0.5, 0.0, 1.0])
    RES = np.array([[1.0, 2.0, -1.0, 0.5], [0.0, -0.25, 0.75, 2.0], [3.0, -3.0, 0.125, 1.0]])
    funcs.append('''// bias (broadcast row) + tanh-GELU + residual: the broadcast folds into the
// kernel's indexing map.
func.func @bias_gelu_residual(%x: tensor<3x4xf32>, %bias: tensor<4xf32>, %res: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %b = ferric.broadcast %bias dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %0 = ferric.add %x, %b : tensor<3x4xf32>
  %1 = ferric.gelu %0 : tensor<3x4xf32>
  %2 = ferric.add %1, %res : tensor<3x4xf32>
  return %2 : tensor<3x4xf32>
}''')
    x, xt = M.const(X, 'f32'); bi, bit = M.const(BI, 'f32'); rs, rst = M.const(RES, 'f32')
    r = M.call('bias_gelu_residual', [(x, xt), (bi, bit), (rs, rst)], ['tensor<3x4xf32>'])
    emit('bias_gelu_residual', lambda N: N.n(unary('gelu', X + BI, N) + RES), 'f32', [3, 4], r=r[0])

    funcs.append('''// Row softmax: reduce max, broadcast, exp, reduce sum, broadcast, divide.
// Reductions are fusion barriers; the elementwise parts around them fuse.
func.func @softmax(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %m = ferric.reduce max %x dims [1] : tensor<3x4xf32> -> tensor<3xf32>
  %mb = ferric.broadcast %m dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %d = ferric.sub %x, %mb : tensor<3x4xf32>
  %e = ferric.exp %d : tensor<3x4xf32>
  %s = ferric.reduce sum %e dims [1] : tensor<3x4xf32> -> tensor<3xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %y = ferric.div %e, %sb : tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}''')
    r = M.call('softmax', [(x, xt)], ['tensor<3x4xf32>'])
    def softmax(N):
        m = X.max(1, keepdims=True)
        e = N.n(np.exp(N.n(X - m)))
        s = N.n(N.n(N.n(e[:, 0:1] + e[:, 1:2]) + e[:, 2:3]) + e[:, 3:4])
        return N.n(e / s)
    emit('softmax', softmax, 'f32', [3, 4], r=r[0])

    G = np.array([1.5, 0.5, -1.0, 2.0]); BE = np.array([0.0, 0.25, -0.5, 1.0])
    funcs.append('''// Layer norm over the last dim: mean, centre, variance, rsqrt(var + eps),
// scale and shift (gamma, beta broadcast along rows).
func.func @layernorm(%x: tensor<3x4xf32>, %gamma: tensor<4xf32>, %beta: tensor<4xf32>) -> tensor<3x4xf32> {
  %eps = arith.constant 1.0e-05 : f32
  %mean = ferric.reduce mean %x dims [1] : tensor<3x4xf32> -> tensor<3xf32>
  %mb = ferric.broadcast %mean dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %c = ferric.sub %x, %mb : tensor<3x4xf32>
  %sq = ferric.mul %c, %c : tensor<3x4xf32>
  %var = ferric.reduce mean %sq dims [1] : tensor<3x4xf32> -> tensor<3xf32>
  %ve = ferric.add %var, %eps : tensor<3xf32>, f32
  %rs = ferric.rsqrt %ve : tensor<3xf32>
  %rb = ferric.broadcast %rs dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %n = ferric.mul %c, %rb : tensor<3x4xf32>
  %g = ferric.broadcast %gamma dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %b = ferric.broadcast %beta dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %s = ferric.mul %n, %g : tensor<3x4xf32>
  %y = ferric.add %s, %b : tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}''')
    g, gt = M.const(G, 'f32'); be, bet = M.const(BE, 'f32')
    r = M.call('layernorm', [(x, xt), (g, gt), (be, bet)], ['tensor<3x4xf32>'])
    def layernorm(N):
        mean = N.n(X.sum(1, keepdims=True) / 4)
        c = N.n(X - mean)
        var = N.n(N.n((c * c).sum(1, keepdims=True)) / 4)
        rs = N.n(1.0 / N.n(np.sqrt(N.n(var + f32(1e-5)))))
        return N.n(N.n(N.n(c * rs) * G) + BE)
    emit('layernorm', layernorm, 'f32', [3, 4], r=r[0])

    funcs.append('''// Leaky ReLU through cmp + select with scalars, and a clamp through
// max/min with scalars.
func.func @leaky_clamp(%x: tensor<3x4xf32>, %zero: f32, %slope: f32, %lo: f32, %hi: f32)
    -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %p = ferric.cmp gt, %x, %zero : tensor<3x4xf32>, f32
  %s = ferric.mul %x, %slope : tensor<3x4xf32>, f32
  %l = ferric.select %p, %x, %s : tensor<3x4xi1>, tensor<3x4xf32>
  %m = ferric.max %x, %lo : tensor<3x4xf32>, f32
  %c = ferric.min %m, %hi : tensor<3x4xf32>, f32
  return %l, %c : tensor<3x4xf32>, tensor<3x4xf32>
}''')
    z, zt = M.scalar(0.0, 'f32'); sl, slt = M.scalar(0.125, 'f32')
    lo, lot = M.scalar(-1.0, 'f32'); hi, hit = M.scalar(1.5, 'f32')
    r = M.call('leaky_clamp', [(x, xt), (z, zt), (sl, slt), (lo, lot), (hi, hit)], ['tensor<3x4xf32>'] * 2)
    emit('leaky_relu', lambda N: np.where(X > 0, X, X * 0.125), 'f32', [3, 4], r=r[0])
    emit('clamp', lambda N: np.minimum(np.maximum(X, -1.0), 1.5), 'f32', [3, 4], r=r[1])

    H = np.array([-2.0, -0.5, 0.0, 1.25, 3.0, -4.5, 0.75, 6.0])
    HB = np.array([1.5, -1.0, 2.0, 0.5, -0.25, 2.0, -3.0, 1.0])
    for dt in ('f16', 'bf16'):
        funcs.append(f'''// SwiGLU on {dt}: silu computes in f32 and rounds to {dt}, the product
// is a {dt} multiply (rounded again).
func.func @swiglu_{dt}(%a: tensor<8x{dt}>, %b: tensor<8x{dt}>) -> tensor<8x{dt}> {{
  %s = ferric.silu %a : tensor<8x{dt}>
  %r = ferric.mul %s, %b : tensor<8x{dt}>
  return %r : tensor<8x{dt}>
}}''')
        h, ht = M.const(H, dt); hb, hbt = M.const(HB, dt)
        r = M.call(f'swiglu_{dt}', [(h, ht), (hb, hbt)], [f'tensor<8x{dt}>'])
        emit(f'swiglu_{dt}', lambda N, dt=dt: round_to(unary('silu', H, N), dt) * HB, dt, [8], r=r[0])

    funcs.append('''// An f64 chain: exact GELU of x * w, and (x * w + 2^-30) - x * w, which is
// exactly 2^-30 in f64 (in f32 the offset would vanish next to |x * w| >= 1).
func.func @gelu_f64(%x: tensor<8xf64>, %w: f64, %c: f64) -> (tensor<8xf64>, tensor<8xf64>) {
  %0 = ferric.mul %x, %w : tensor<8xf64>, f64
  %1 = ferric.add %0, %c : tensor<8xf64>, f64
  %2 = ferric.gelu %0 exact : tensor<8xf64>
  %3 = ferric.sub %1, %0 : tensor<8xf64>
  return %2, %3 : tensor<8xf64>, tensor<8xf64>
}''')
    h, ht = M.const(H, 'f64'); w, wt = M.scalar(0.5, 'f64'); c, ct = M.scalar(2.0**-30, 'f64')
    r = M.call('gelu_f64', [(h, ht), (w, wt), (c, ct)], ['tensor<8xf64>'] * 2)
    emit('gelu_f64', lambda N: unary('gelu_exact', H * 0.5, N), 'f64', [8], r=r[0])
    emit('offset_f64', lambda N: (H * 0.5 + 2.0**-30) - H * 0.5, 'f64', [8], r=r[1])

    hdr = RUN2 + '''
// Elementwise chains on the CPU, fused (default) and unfused (fuse=false):
// both runs must print the same values. Broadcasts fold into fused kernels;
// reductions and matmul are barriers.
//
// Expected values: numpy, float64, rounded once to the result type. Where a
// transcendental function is involved, the formula was also evaluated with
// every elementary step perturbed by up to 2 ulps of the compute type; where
// that changes the printed 6 significant digits the CHECK accepts the printed
// alternatives ({{(a|b)}}).
'''
    write('fusion.mlir', hdr, funcs, M)


# ---------------------------------------------------------------- multi-output
def gen_multi():
    funcs = []
    M = Main()
    A = np.array([[-2.0, -0.5, 0.0, 1.25], [3.0, -4.5, 0.75, 6.0]])
    Bv = np.array([[1.5, -1.0, 2.0, 0.5], [-0.25, 2.0, -3.0, 1.0]])
    funcs.append('''// Intermediate values that escape: fused, the group yields several results
// (multi-output kernel); unfused, each op is its own kernel.
func.func @escaping(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xi1>, tensor<2x4xf32>) {
  %0 = ferric.add %a, %b : tensor<2x4xf32>
  %1 = ferric.mul %0, %a : tensor<2x4xf32>
  %2 = ferric.cmp lt, %1, %b : tensor<2x4xf32>
  %3 = ferric.select %2, %0, %1 : tensor<2x4xi1>, tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xi1>, tensor<2x4xf32>
}''')
    a, at = M.const(A, 'f32'); b, bt = M.const(Bv, 'f32')
    r = M.call('escaping', [(a, at), (b, bt)], ['tensor<2x4xf32>', 'tensor<2x4xf32>', 'tensor<2x4xi1>', 'tensor<2x4xf32>'])
    s0 = A + Bv; s1 = s0 * A; s2 = (s1 < Bv).astype(float); s3 = np.where(s1 < Bv, s0, s1)
    for i, (name, ref, dt) in enumerate([('esc_add', s0, 'f32'), ('esc_mul', s1, 'f32'), ('esc_cmp', s2, 'i1'), ('esc_select', s3, 'f32')]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, [2, 4])

    funcs.append('''// A hand-written ferric.fused with explicit indexing maps (a broadcast row,
// a transposed input, a scalar) and two results of different element types.
func.func @explicit(%row: tensor<4xf32>, %t: tensor<4x2xf32>, %x: tensor<2x4xf32>, %s: f32)
    -> (tensor<2x4xf32>, tensor<2x4xi1>) {
  %r:2 = ferric.fused ins(%row, %t, %x, %s : tensor<4xf32>, tensor<4x2xf32>, tensor<2x4xf32>, f32)
      -> tensor<2x4xf32>, tensor<2x4xi1> attributes {indexing_maps = [
        affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>,
        affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>]} {
  ^bb0(%a: f32, %b: f32, %c: f32, %k: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %0, %c : f32
    %2 = arith.mulf %1, %k : f32
    %3 = arith.cmpf oge, %2, %c : f32
    ferric.yield %2, %3 : f32, i1
  }
  return %r#0, %r#1 : tensor<2x4xf32>, tensor<2x4xi1>
}''')
    R = np.array([1.0, -2.0, 0.5, 4.0]); TT = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25], [-2.0, 8.0]])
    r_, rt = M.const(R, 'f32'); t_, tt = M.const(TT, 'f32'); s, st = M.scalar(-1.5, 'f32')
    r = M.call('explicit', [(r_, rt), (t_, tt), (a, at), (s, st)], ['tensor<2x4xf32>', 'tensor<2x4xi1>'])
    v = (R[None, :] * TT.T + A) * -1.5
    for i, (name, ref, dt) in enumerate([('explicit_f32', v, 'f32'), ('explicit_i1', (v >= A).astype(float), 'i1')]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, [2, 4])

    funcs.append('''// Multi-output on dynamic shapes and f16.
func.func @escaping_f16(%a: tensor<?xf16>, %b: tensor<?xf16>) -> (tensor<?xf16>, tensor<?xf16>) {
  %0 = ferric.tanh %a : tensor<?xf16>
  %1 = ferric.mul %0, %b : tensor<?xf16>
  return %0, %1 : tensor<?xf16>, tensor<?xf16>
}''')
    H = A.reshape(8); HB = Bv.reshape(8)
    h, ht = M.const(H, 'f16', dyn=[0]); hb, hbt = M.const(HB, 'f16', dyn=[0])
    r = M.call('escaping_f16', [(h, ht), (hb, hbt)], ['tensor<?xf16>'] * 2)
    th = lambda N: unary('tanh', H, N)
    ref, ok = stable(th(Noise()), 'f16', lambda: th(Noise(2.0**-24)))
    M.print('esc_tanh_f16', r[0], ref, ok, 'f16', [None])
    ref2, ok2 = stable(ref * HB, 'f16')
    M.print('esc_mul_f16', r[1], ref2, ok2, 'f16', [None])
    hdr = RUN2 + '''
// Kernels with several results on the CPU: intermediates that escape a fused
// group, and a hand-written ferric.fused with explicit indexing maps and
// results of two element types. Expected values: numpy, float64, rounded once
// to the result type (exact here except tanh, checked stable under 2-ulp
// perturbation of f32).
'''
    write('multi-output.mlir', hdr, funcs, M)
