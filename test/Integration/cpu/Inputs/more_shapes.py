"""gen_more.py's generators of broadcast.mlir and dynamic-shapes.mlir.
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from ftest import *
from refops import *
from more_common import *


# ---------------------------------------------------------------- broadcast
def gen_broadcast():
    funcs = []
    M = Main()
    R = np.array([1.0, -2.0, 0.5, 4.0]); Cc = np.array([10.0, -20.0, 30.0])
    X = np.arange(12, dtype=np.float64).reshape(3, 4) - 5.5
    funcs.append('''// Materialized broadcasts (a lone ferric.broadcast stays a linalg.broadcast
// even when fusing): a row, a column, two added dims around the input, and
// an i1 tensor.
func.func @materialized(%row: tensor<4xf32>, %col: tensor<3xf32>, %m: tensor<4xi1>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4x3xf32>, tensor<2x4xi1>) {
  %0 = ferric.broadcast %row dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %1 = ferric.broadcast %col dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %2 = ferric.broadcast %row dims [0, 2] : tensor<4xf32> -> tensor<2x4x3xf32>
  %3 = ferric.broadcast %m dims [0] : tensor<4xi1> -> tensor<2x4xi1>
  return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4x3xf32>, tensor<2x4xi1>
}''')
    r_, rt = M.const(R, 'f32'); c_, ct = M.const(Cc, 'f32'); mm, mt = M.const([1, 0, 0, 1], 'i1')
    r = M.call('materialized', [(r_, rt), (c_, ct), (mm, mt)],
               ['tensor<3x4xf32>', 'tensor<3x4xf32>', 'tensor<2x4x3xf32>', 'tensor<2x4xi1>'])
    refs = [('bcast_row', np.broadcast_to(R, (3, 4)), 'f32', [3, 4]),
            ('bcast_col', np.broadcast_to(Cc[:, None], (3, 4)), 'f32', [3, 4]),
            ('bcast_0_2', np.broadcast_to(R[None, :, None], (2, 4, 3)), 'f32', [2, 4, 3]),
            ('bcast_i1', np.broadcast_to(np.array([1.0, 0, 0, 1]), (2, 4)), 'i1', [2, 4])]
    for i, (name, ref, dt, shape) in enumerate(refs):
        ref, ok = stable(np.array(ref), dt)
        M.print(name, r[i], ref, ok, dt, shape)

    funcs.append('''// Broadcasts consumed by elementwise ops: folded into the fused kernel's
// indexing maps (row, column, and a 3-D input read through dims (d0, d2)).
func.func @folded(%x: tensor<3x4xf32>, %row: tensor<4xf32>, %col: tensor<3xf32>, %y: tensor<2x3x4xf32>, %p: tensor<2x4xf32>)
    -> (tensor<3x4xf32>, tensor<2x3x4xf32>) {
  %r = ferric.broadcast %row dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %c = ferric.broadcast %col dims [1] : tensor<3xf32> -> tensor<3x4xf32>
  %0 = ferric.mul %x, %r : tensor<3x4xf32>
  %1 = ferric.sub %0, %c : tensor<3x4xf32>
  %pb = ferric.broadcast %p dims [1] : tensor<2x4xf32> -> tensor<2x3x4xf32>
  %2 = ferric.add %y, %pb : tensor<2x3x4xf32>
  %3 = ferric.max %2, %pb : tensor<2x3x4xf32>
  return %1, %3 : tensor<3x4xf32>, tensor<2x3x4xf32>
}''')
    Y = np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 0.25 - 3
    P = np.array([[1.0, -1.0, 2.0, 0.0], [-3.0, 0.5, 0.25, 5.0]])
    x, xt = M.const(X, 'f32'); y, yt = M.const(Y, 'f32'); p, pt = M.const(P, 'f32')
    r = M.call('folded', [(x, xt), (r_, rt), (c_, ct), (y, yt), (p, pt)], ['tensor<3x4xf32>', 'tensor<2x3x4xf32>'])
    refs = [('folded_row_col', X * R - Cc[:, None], [3, 4]),
            ('folded_3d', np.maximum(Y + P[:, None, :], np.broadcast_to(P[:, None, :], (2, 3, 4))), [2, 3, 4])]
    for i, (name, ref, shape) in enumerate(refs):
        ref, ok = stable(ref, 'f32')
        M.print(name, r[i], ref, ok, 'f32', shape)

    funcs.append('''// Dynamic: the added dim's size is an operand, the kept dim is dynamic too.
func.func @dynamic(%row: tensor<?xf32>, %x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %s = ferric.add %x, %b : tensor<?x?xf32>
  return %b, %s : tensor<?x?xf32>, tensor<?x?xf32>
}''')
    rd, rdt = M.const(R, 'f32', dyn=[0]); xd, xdt = M.const(X, 'f32', dyn=[0, 1])
    r = M.call('dynamic', [(rd, rdt), (xd, xdt)], ['tensor<?x?xf32>'] * 2)
    for i, (name, ref) in enumerate([('bcast_dyn', np.broadcast_to(R, (3, 4))), ('bcast_dyn_add', X + R)]):
        ref, ok = stable(np.array(ref), 'f32')
        M.print(name, r[i], ref, ok, 'f32', [None, None])
    funcs.append('''// A rank-0 tensor broadcast to every dim, consumed by a chain (read through
// the map (d0, d1) -> () when fused), and returned as is.
func.func @from_rank0(%s: tensor<f32>, %x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %b = ferric.broadcast %s dims [0, 1] : tensor<f32> -> tensor<3x4xf32>
  %0 = ferric.mul %x, %b : tensor<3x4xf32>
  %1 = ferric.add %0, %b : tensor<3x4xf32>
  return %b, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}''')
    s0, s0t = M.const(np.array(-2.5), 'f32')
    r = M.call('from_rank0', [(s0, s0t), (x, xt)], ['tensor<3x4xf32>'] * 2)
    for i, (name, ref) in enumerate([('bcast_rank0', np.full((3, 4), -2.5)), ('bcast_rank0_chain', X * -2.5 - 2.5)]):
        ref, ok = stable(ref, 'f32')
        M.print(name, r[i], ref, ok, 'f32', [3, 4])

    hdr = RUN2 + '''
// ferric.broadcast on the CPU: materialized on its own, folded into fused
// kernels as an indexing map when consumed by elementwise ops, static and
// dynamic. Expected values (numpy broadcasting) are exact.
'''
    write('broadcast.mlir', hdr, funcs, M)


# ---------------------------------------------------------------- dynamic
def gen_dynamic():
    funcs = []
    M = Main()
    A = np.array([[-2.0, -0.5, 0.0, 1.25], [3.0, -4.5, 0.75, 6.0]])
    Bv = np.array([[1.5, -1.0, 2.0, 0.5], [-0.25, 2.0, -3.0, 1.0]])
    funcs.append('''// SwiGLU with every dim dynamic.
func.func @swiglu_dyn(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = ferric.silu %a : tensor<?x?xf32>
  %r = ferric.mul %s, %b : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}''')
    a, at = M.const(A, 'f32', dyn=[0, 1]); b, bt = M.const(Bv, 'f32', dyn=[0, 1])
    r = M.call('swiglu_dyn', [(a, at), (b, bt)], ['tensor<?x?xf32>'])
    f = lambda N: N.n(unary('silu', A, N) * Bv)
    ref, ok = stable(f(Noise()), 'f32', lambda: f(Noise(2.0**-24)))
    M.print('swiglu_dyn', r[0], ref, ok, 'f32', [None, None])

    # The same function called with two different shapes.
    A2 = np.array([[1.0], [-1.0], [2.5]]); B2 = np.array([[2.0], [4.0], [-1.0]])
    a2, a2t = M.const(A2, 'f32', dyn=[0, 1]); b2, b2t = M.const(B2, 'f32', dyn=[0, 1])
    r = M.call('swiglu_dyn', [(a2, a2t), (b2, b2t)], ['tensor<?x?xf32>'])
    f = lambda N: N.n(unary('silu', A2, N) * B2)
    ref, ok = stable(f(Noise()), 'f32', lambda: f(Noise(2.0**-24)))
    M.print('swiglu_dyn_3x1', r[0], ref, ok, 'f32', [None, None])

    funcs.append('''// Partly dynamic f64 with scalars, cmp/select with a scalar, a cast to f16.
func.func @mixed(%x: tensor<2x?xf64>, %s: f64, %t: f64) -> (tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xf16>) {
  %0 = ferric.mul %x, %s : tensor<2x?xf64>, f64
  %1 = ferric.add %0, %t : tensor<2x?xf64>, f64
  %m = ferric.cmp ge, %1, %t : tensor<2x?xf64>, f64
  %2 = ferric.select %m, %1, %s : tensor<2x?xi1>, tensor<2x?xf64>, f64
  %3 = ferric.cast %2 : tensor<2x?xf64> to tensor<2x?xf16>
  return %1, %2, %3 : tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xf16>
}''')
    x, xt = M.const(A, 'f64', dyn=[1]); s, st = M.scalar(-3.0, 'f64'); t, tt = M.scalar(0.5, 'f64')
    r = M.call('mixed', [(x, xt), (s, st), (t, tt)], ['tensor<2x?xf64>', 'tensor<2x?xf64>', 'tensor<2x?xf16>'])
    v1 = A * -3.0 + 0.5; v2 = np.where(v1 >= 0.5, v1, -3.0)
    for i, (name, ref, dt) in enumerate([('mixed_affine', v1, 'f64'), ('mixed_select', v2, 'f64'), ('mixed_cast', v2, 'f16')]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, [2, None])

    funcs.append('''// Empty tensors: elementwise ops on a 2x0 tensor, then reductions over the
// empty dim: sum 0, max -inf, min +inf, mean 0/0 = NaN.
func.func @empty(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %e = ferric.exp %x : tensor<?x?xf32>
  %y = ferric.mul %e, %x : tensor<?x?xf32>
  %0 = ferric.reduce sum %y dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %1 = ferric.reduce max %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %2 = ferric.reduce min %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %3 = ferric.reduce mean %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}''')
    e, et = M.const(np.zeros((2, 0)), 'f32', dyn=[0, 1])
    r = M.call('empty', [(e, et)], ['tensor<?xf32>'] * 4)
    for i, (name, v) in enumerate([('empty_sum', 0.0), ('empty_max', -np.inf), ('empty_min', np.inf), ('empty_mean', np.nan)]):
        ref, ok = stable(np.full(2, v), 'f32')
        M.print(name, r[i], ref, ok, 'f32', [None])
    funcs.append('''// Odd corners: keepdim with a leading reduced dim and a dynamic kept dim
// (one expand_shape group), select between two scalars, a ferric.fused with
// no inputs, a matmul whose only dynamic dim is K, an f16 mean with keepdim.
func.func @corners(%x: tensor<?x?x3xf32>, %c: tensor<?xi1>, %a: tensor<2x?xf32>, %b: tensor<?x2xf32>)
    -> (tensor<1x?x1xf32>, tensor<?xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<?x1x3xf16>) {
  %0 = ferric.reduce sum %x dims [0, 2] keepdim : tensor<?x?x3xf32> -> tensor<1x?x1xf32>
  %s1 = arith.constant 1.5 : f32
  %s2 = arith.constant -2.0 : f32
  %1 = ferric.select %c, %s1, %s2 : tensor<?xi1>, f32, f32
  %2 = ferric.fused -> tensor<4xf32> {
    %k = arith.constant 7.0 : f32
    ferric.yield %k : f32
  }
  %3 = ferric.matmul %a, %b : tensor<2x?xf32>, tensor<?x2xf32> -> tensor<2x2xf32>
  %h = ferric.cast %x : tensor<?x?x3xf32> to tensor<?x?x3xf16>
  %4 = ferric.reduce mean %h dims [1] keepdim : tensor<?x?x3xf16> -> tensor<?x1x3xf16>
  return %0, %1, %2, %3, %4 : tensor<1x?x1xf32>, tensor<?xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<?x1x3xf16>
}''')
    X3 = np.arange(1, 13, dtype=np.float64).reshape(2, 2, 3)
    CC = [1, 0, 1]
    AA = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]); BB = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    x3, x3t = M.const(X3, 'f32', dyn=[0, 1]); cc, cct = M.const(CC, 'i1', dyn=[0])
    aa, aat = M.const(AA, 'f32', dyn=[1]); bb, bbt = M.const(BB, 'f32', dyn=[0])
    r = M.call('corners', [(x3, x3t), (cc, cct), (aa, aat), (bb, bbt)],
               ['tensor<1x?x1xf32>', 'tensor<?xf32>', 'tensor<4xf32>', 'tensor<2x2xf32>', 'tensor<?x1x3xf16>'])
    for i, (name, ref, dt, shape, pshape) in enumerate([
            ('corner_keepdim', X3.sum((0, 2), keepdims=True), 'f32', [1, 2, 1], [1, None, 1]),
            ('corner_select', np.where(np.array(CC, bool), 1.5, -2.0), 'f32', [3], [None]),
            ('corner_no_inputs', np.full(4, 7.0), 'f32', [4], [4]),
            ('corner_matmul_k', AA @ BB, 'f32', [2, 2], [2, 2]),
            ('corner_mean_f16', X3.mean(1, keepdims=True), 'f16', [2, 1, 3], [None, 1, 3])]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, pshape)

    hdr = RUN2 + '''
// Dynamic shapes on the CPU: constants are tensor.cast to dynamic types
// before the call, so sizes are only known at run time; one function is
// called with two shapes; empty tensors. Expected values: numpy, float64,
// rounded once to the result type (silu checked stable under 2-ulp
// perturbation of each f32 step).
'''
    write('dynamic-shapes.mlir', hdr, funcs, M)
