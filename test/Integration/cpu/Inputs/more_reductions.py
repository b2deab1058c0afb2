"""gen_more.py's generators of reduce.mlir and matmul.mlir.
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from ftest import *
from refops import *
from more_common import *

# ---------------------------------------------------------------- reduce
def gen_reduce():
    funcs = []
    M = Main()
    X = np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 0.5 - 5.0   # -5 .. 6.5
    Xn = -np.abs(X) - 1.0                                             # all negative
    Xp = np.abs(X) + 1.0                                              # all positive
    t = T([2, 3, 4], 'f32')
    cases = []  # (fname, kind, dims, keepdim, input name, out shape)
    specs = [('sum', [2]), ('sum', [0]), ('sum', [1]), ('sum', [0, 2]), ('sum', [0, 1, 2]),
             ('mean', [2]), ('mean', [0, 2]), ('mean', [1]),
             ('max', [2]), ('max', [0, 1]), ('min', [1]), ('min', [0, 1, 2])]
    body = []
    rtypes = []
    refs = []
    for i, (kind, dims) in enumerate(specs):
        for keep in (False, True):
            shape = [s if d not in dims else 1 for d, s in enumerate([2, 3, 4]) if keep or d not in dims]
            src = {'sum': '%x', 'mean': '%x', 'max': '%neg', 'min': '%pos'}[kind]
            ref_in = {'sum': X, 'mean': X, 'max': Xn, 'min': Xp}[kind]
            rt = T(shape, 'f32')
            body.append(f'  %r{len(rtypes)} = ferric.reduce {kind} {src} dims [{", ".join(map(str, dims))}]{" keepdim" if keep else ""} : {t} -> {rt}')
            fn = {'sum': np.sum, 'mean': np.mean, 'max': np.max, 'min': np.min}[kind]
            refs.append((f'{kind}_{"_".join(map(str, dims))}{"_keep" if keep else ""}',
                         fn(ref_in, axis=tuple(dims), keepdims=keep).reshape(shape), shape))
            rtypes.append(rt)
    funcs.append(f'''// sum and mean of -5 .. 6.5 (exact in f32; mean divides once), max of
// all-negative values and min of all-positive ones (so a 0 identity would
// show), over every kind of dims list, with and without keepdim.
func.func @reductions(%x: {t}, %neg: {t}, %pos: {t}) -> ({", ".join(rtypes)}) {{
{chr(10).join(body)}
  return {", ".join(f"%r{i}" for i in range(len(rtypes)))} : {", ".join(rtypes)}
}}''')
    x, xt = M.const(X, 'f32'); n, nt = M.const(Xn, 'f32'); p, pt = M.const(Xp, 'f32')
    r = M.call('reductions', [(x, xt), (n, nt), (p, pt)], rtypes)
    for i, (name, ref, shape) in enumerate(refs):
        ref, ok = stable(ref, 'f32')
        M.print(name, r[i], ref, ok, 'f32', shape)

    # Accumulation width: f16 sums accumulate in f32 (2048 + 1 + 1 + 1 + 1 =
    # 2052; an f16 accumulator stays at 2048 since 2049 rounds to even), bf16
    # the same at 256. mean of f16 divides in f32. max propagates NaN.
    funcs.append('''// f16 and bf16 accumulate in f32 and round once at the end: in f16,
// 2048 + 1 rounds back to 2048, so an f16 accumulator would give 2048, not
// 2052 (bf16: 256 vs 260). NaN propagates through max and min.
func.func @narrow(%h: tensor<2x5xf16>, %b: tensor<2x5xbf16>, %n: tensor<2x4xf32>)
    -> (tensor<2xf16>, tensor<2xbf16>, tensor<2x1xf16>, tensor<1x5xbf16>, tensor<2xf32>, tensor<4xf32>) {
  %0 = ferric.reduce sum %h dims [1] : tensor<2x5xf16> -> tensor<2xf16>
  %1 = ferric.reduce sum %b dims [1] : tensor<2x5xbf16> -> tensor<2xbf16>
  %2 = ferric.reduce mean %h dims [1] keepdim : tensor<2x5xf16> -> tensor<2x1xf16>
  %3 = ferric.reduce max %b dims [0] keepdim : tensor<2x5xbf16> -> tensor<1x5xbf16>
  %4 = ferric.reduce max %n dims [1] : tensor<2x4xf32> -> tensor<2xf32>
  %5 = ferric.reduce min %n dims [0] : tensor<2x4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf16>, tensor<2xbf16>, tensor<2x1xf16>, tensor<1x5xbf16>, tensor<2xf32>, tensor<4xf32>
}''')
    H = np.array([[2048, 1, 1, 1, 1], [0.5, 0.25, -3, 1000, 7]], np.float64)
    Bb = np.array([[256, 1, 1, 1, 1], [-0.5, 3, 96, -200, 7]], np.float64)
    NN = np.array([[1, float('nan'), 3, 2], [-1, -2, -3, -4]], np.float64)
    h, ht = M.const(H, 'f16'); b, bt = M.const(Bb, 'bf16'); nn, nnt = M.const(NN, 'f32')
    r = M.call('narrow', [(h, ht), (b, bt), (nn, nnt)],
               ['tensor<2xf16>', 'tensor<2xbf16>', 'tensor<2x1xf16>', 'tensor<1x5xbf16>', 'tensor<2xf32>', 'tensor<4xf32>'])
    refs = [('sum_f16', H.sum(1), 'f16', [2]), ('sum_bf16', Bb.sum(1), 'bf16', [2]),
            ('mean_f16_keep', (H.sum(1) / 5).reshape(2, 1), 'f16', [2, 1]),
            ('max_bf16_keep', Bb.max(0).reshape(1, 5), 'bf16', [1, 5]),
            ('max_nan', maximumf(maximumf(NN[:, 0], NN[:, 1]), maximumf(NN[:, 2], NN[:, 3])), 'f32', [2]),
            ('min_nan', minimumf(NN[0], NN[1]), 'f32', [4])]
    for i, (name, ref, dt, shape) in enumerate(refs):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, shape)

    funcs.append('''// f64 reductions over values from 1e-300 to 1e300 (f32 would overflow and
// flush them); sums are taken in row order, as the loops do.
func.func @wide(%d: tensor<3x4xf64>) -> (tensor<3xf64>, tensor<4xf64>, tensor<1x1xf64>) {
  %0 = ferric.reduce sum %d dims [1] : tensor<3x4xf64> -> tensor<3xf64>
  %1 = ferric.reduce mean %d dims [0] : tensor<3x4xf64> -> tensor<4xf64>
  %2 = ferric.reduce max %d dims [0, 1] keepdim : tensor<3x4xf64> -> tensor<1x1xf64>
  return %0, %1, %2 : tensor<3xf64>, tensor<4xf64>, tensor<1x1xf64>
}''')
    D = np.array([[1e-10, 1.0, 1e10, 3.0], [-2.5, 0.125, 7.0, 1e-300], [1e300, -1.0, 2.0, 0.0]])
    d, dtt = M.const(D, 'f64')
    r = M.call('wide', [(d, dtt)], ['tensor<3xf64>', 'tensor<4xf64>', 'tensor<1x1xf64>'])
    # Sequential sums (the CPU loop order); these are checked stable anyway.
    s0 = np.array([((D[i, 0] + D[i, 1]) + D[i, 2]) + D[i, 3] for i in range(3)])
    s1 = np.array([((D[0, j] + D[1, j]) + D[2, j]) / 3 for j in range(4)])
    for i, (name, ref, shape) in enumerate([('sum_f64', s0, [3]), ('mean_f64', s1, [4]),
                                            ('max_f64_keep', np.array([[D.max()]]), [1, 1])]):
        ref, ok = stable(ref, 'f64', lambda ref=ref: Noise(2.0**-53).n(ref))
        M.print(name, r[i], ref, ok, 'f64', shape)

    funcs.append('''// Dynamic shapes: the accumulator is sized by tensor.dim, mean divides by
// the runtime count.
func.func @dynamic(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x1xf32>, tensor<1x?xf32>) {
  %0 = ferric.reduce sum %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %1 = ferric.reduce mean %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %2 = ferric.reduce max %x dims [0] keepdim : tensor<?x?xf32> -> tensor<1x?xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<?x1xf32>, tensor<1x?xf32>
}''')
    Y = np.array([[1, 2, 3], [4, 5, 6.5], [-7, 8, 9], [10, -11, 0.25]], np.float64)
    y, yt = M.const(Y, 'f32', dyn=[0, 1])
    r = M.call('dynamic', [(y, yt)], ['tensor<?xf32>', 'tensor<?x1xf32>', 'tensor<1x?xf32>'])
    for i, (name, ref, shape, pshape) in enumerate([
            ('sum_dyn', Y.sum(0), [3], [None]), ('mean_dyn_keep', Y.mean(1, keepdims=True), [4, 1], [None, 1]),
            ('max_dyn_keep', Y.max(0, keepdims=True), [1, 3], [1, None])]):
        ref, ok = stable(ref, 'f32')
        M.print(name, r[i], ref, ok, 'f32', pshape)
    hdr = RUN2 + '''
// ferric.reduce on the CPU: sum, mean, max, min over every kind of dims
// list, with and without keepdim; f16/bf16 accumulation in f32; f64; NaN;
// dynamic shapes. Inputs are chosen so that sums are exact in the result
// type regardless of the summation order, so the expected values (numpy,
// float64, rounded once to the result type) are exact; means divide once.
'''
    write('reduce.mlir', hdr, funcs, M)


# ---------------------------------------------------------------- matmul
def gen_matmul():
    funcs = []
    M = Main()
    A = np.array([[1, 2, -3], [0.5, -1, 4]], np.float64)
    Bm = np.array([[2, 0, -1, 1], [1, 3, 0.25, -2], [-1, 1, 2, 0.5]], np.float64)
    BA = np.arange(12, dtype=np.float64).reshape(2, 2, 3) - 4
    BB = np.arange(12, dtype=np.float64).reshape(2, 3, 2) * 0.5 - 1
    funcs.append('''// 2-D and batched matmul on f32 and f64 (small integers and halves: the
// products are exact).
func.func @mm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %ba: tensor<2x2x3xf32>, %bb: tensor<2x3x2xf32>,
              %da: tensor<2x3xf64>, %db: tensor<3x4xf64>)
    -> (tensor<2x4xf32>, tensor<2x2x2xf32>, tensor<2x4xf64>) {
  %0 = ferric.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  %1 = ferric.matmul %ba, %bb : tensor<2x2x3xf32>, tensor<2x3x2xf32> -> tensor<2x2x2xf32>
  %2 = ferric.matmul %da, %db : tensor<2x3xf64>, tensor<3x4xf64> -> tensor<2x4xf64>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x2x2xf32>, tensor<2x4xf64>
}''')
    a, at = M.const(A, 'f32'); b, bt = M.const(Bm, 'f32')
    ba, bat = M.const(BA, 'f32'); bb, bbt = M.const(BB, 'f32')
    da, dat = M.const(A, 'f64'); db, dbt = M.const(Bm, 'f64')
    r = M.call('mm', [(a, at), (b, bt), (ba, bat), (bb, bbt), (da, dat), (db, dbt)],
               ['tensor<2x4xf32>', 'tensor<2x2x2xf32>', 'tensor<2x4xf64>'])
    for i, (name, ref, dt, shape) in enumerate([('matmul_f32', A @ Bm, 'f32', [2, 4]),
                                                ('batch_matmul_f32', BA @ BB, 'f32', [2, 2, 2]),
                                                ('matmul_f64', A @ Bm, 'f64', [2, 4])]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, shape)

    funcs.append('''// f16 and bf16 accumulate in f32: 2048 + 1 + 1 + 1 + 1 is 2052 (an f16
// accumulator would stay at 2048); bf16: 256 + 4 x 1 is 260.
func.func @mm_narrow(%a: tensor<2x5xf16>, %b: tensor<5x2xf16>, %c: tensor<2x2x5xbf16>, %d: tensor<2x5x1xbf16>)
    -> (tensor<2x2xf16>, tensor<2x2x1xbf16>) {
  %0 = ferric.matmul %a, %b : tensor<2x5xf16>, tensor<5x2xf16> -> tensor<2x2xf16>
  %1 = ferric.matmul %c, %d : tensor<2x2x5xbf16>, tensor<2x5x1xbf16> -> tensor<2x2x1xbf16>
  return %0, %1 : tensor<2x2xf16>, tensor<2x2x1xbf16>
}''')
    H = np.array([[2048, 1, 1, 1, 1], [0.5, -2, 3, 0.25, 1]], np.float64)
    HB = np.array([[1, 0], [1, 1], [1, 2], [1, -1], [1, 0.5]], np.float64)
    C = np.array([[[256, 1, 1, 1, 1], [1, 2, 3, 4, 5]], [[-1, 0.5, 0.25, 8, 16], [100, 100, 100, 100, 100]]], np.float64)
    D = np.array([[[1], [1], [1], [1], [1]], [[2], [-1], [4], [0.5], [0.25]]], np.float64)
    h, ht = M.const(H, 'f16'); hb, hbt = M.const(HB, 'f16'); c, ct = M.const(C, 'bf16'); d, dt_ = M.const(D, 'bf16')
    r = M.call('mm_narrow', [(h, ht), (hb, hbt), (c, ct), (d, dt_)], ['tensor<2x2xf16>', 'tensor<2x2x1xbf16>'])
    for i, (name, ref, dt, shape) in enumerate([('matmul_f16', H @ HB, 'f16', [2, 2]),
                                                ('batch_matmul_bf16', C @ D, 'bf16', [2, 2, 1])]):
        ref, ok = stable(ref, dt)
        M.print(name, r[i], ref, ok, dt, shape)

    funcs.append('''// Dynamic M, K, N (and batch): sizes come from the operands at run time.
func.func @mm_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x2x3xf32>, %d: tensor<?x3x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x2x?xf32>) {
  %0 = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = ferric.matmul %c, %d : tensor<?x2x3xf32>, tensor<?x3x?xf32> -> tensor<?x2x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x2x?xf32>
}''')
    a2, a2t = M.const(A, 'f32', dyn=[0, 1]); b2, b2t = M.const(Bm, 'f32', dyn=[0, 1])
    c2, c2t = M.const(BA, 'f32', dyn=[0]); d2, d2t = M.const(BB, 'f32', dyn=[0, 2])
    r = M.call('mm_dynamic', [(a2, a2t), (b2, b2t), (c2, c2t), (d2, d2t)], ['tensor<?x?xf32>', 'tensor<?x2x?xf32>'])
    for i, (name, ref, shape) in enumerate([('matmul_dyn', A @ Bm, [None, None]), ('batch_matmul_dyn', BA @ BB, [None, 2, None])]):
        ref1, ok = stable(ref, 'f32')
        M.print(name, r[i], ref1, ok, 'f32', shape)

    funcs.append('''// A matmul feeding an elementwise epilogue (bias + relu): the epilogue fuses,
// the matmul stays a barrier.
func.func @mm_epilogue(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %bias: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = ferric.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  %1 = ferric.broadcast %bias dims [0] : tensor<4xf32> -> tensor<2x4xf32>
  %2 = ferric.add %0, %1 : tensor<2x4xf32>
  %3 = ferric.relu %2 : tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}''')
    BI = np.array([1, -2, 0.5, 3], np.float64)
    bi, bit = M.const(BI, 'f32')
    r = M.call('mm_epilogue', [(a, at), (b, bt), (bi, bit)], ['tensor<2x4xf32>'])
    ref, ok = stable(np.maximum(A @ Bm + BI, 0), 'f32')
    M.print('matmul_epilogue', r[0], ref, ok, 'f32', [2, 4])
    hdr = RUN2 + '''
// ferric.matmul on the CPU: 2-D and batched, f32/f64, f16/bf16 with f32
// accumulation, dynamic shapes, and an elementwise epilogue. Inputs are small
// integers and halves so every product and sum is exact: the expected values
// (numpy, float64, rounded once to the result type) are exact.
'''
    write('matmul.mlir', hdr, funcs, M)
