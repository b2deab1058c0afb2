"""Per-dtype generation of elementwise-<dtype>.mlir (driven by
gen_all_elementwise.py)."""
import os
import sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ftest import *
from refops import *

nan = float('nan'); inf = float('inf')
U = [-1.75, -1.25, -0.5, -0.0, 0.0, 0.75, 2.0, 5.5]
P = [-1.0, 0.0, 0.25, 0.5, 2.0, 3.0, 10.0, 100.0]
A = [-3.5, -1.25, -0.5, 0.0, 0.75, 2.0, 5.5, nan]
B = [2.0, -4.0, 0.25, -0.0, 0.75, -3.0, 1.5, 1.0]
PB = [2.0, -2.0, 0.5, 9.0, 0.0, -0.5, 1.5, nan]
PE = [3.0, 3.0, -2.0, 0.5, 0.0, 2.0, 2.5, 0.0]
C = [1, 0, 1, 0, 1, 1, 0, 0]
S = 1.5
UNARY = ['neg', 'abs', 'exp', 'tanh', 'relu', 'sigmoid', 'silu', 'gelu', 'gelu_exact']
UNARY_POS = ['log', 'sqrt', 'rsqrt']
BIN = ['add', 'sub', 'mul', 'div', 'max', 'min']
PREDS = ['lt', 'le', 'gt', 'ge', 'eq', 'ne']

def compute_type(dt):
    return 'f32' if dt in ('f16', 'bf16') else dt

def uref(op, x, dt):
    ct = compute_type(dt)
    widened = op in WIDENED_UNARY
    exact = op in EXACT_UNARY
    eps = 2.0**-24 if ct == 'f32' else 2.0**-53
    if exact:
        return stable(unary(op, x, Noise()), dt)
    return stable(unary(op, x, Noise()), dt, lambda: unary(op, x, Noise(eps)))

def bref(op, a, b, dt):
    if op in EXACT_BINARY:
        return stable(binary(op, a, b, Noise()), dt)
    ct = compute_type(dt)
    eps = 2.0**-24 if ct == 'f32' else 2.0**-53
    return stable(binary(op, a, b, Noise()), dt, lambda: binary(op, a, b, Noise(eps)))

def gen(dt, extras_funcs='', extras=None):
    T = dt
    t8 = f'tensor<8x{T}>'
    i8 = 'tensor<8xi1>'
    funcs = []
    un = '\n'.join(f'  %{i} = ferric.{op.replace("_exact", "")} %x{" exact" if op.endswith("_exact") else ""} : {t8}' for i, op in enumerate(UNARY))
    funcs.append(f'''// Every unary op.
func.func @unary(%x: {t8}) -> ({", ".join([t8] * len(UNARY))}) {{
{un}
  return {", ".join(f"%{i}" for i in range(len(UNARY)))} : {", ".join([t8] * len(UNARY))}
}}''')
    un = '\n'.join(f'  %{i} = ferric.{op} %x : {t8}' for i, op in enumerate(UNARY_POS))
    funcs.append(f'''// log, sqrt, rsqrt: 0 and a negative input give infinities and NaN.
func.func @unary_pos(%x: {t8}) -> ({", ".join([t8] * len(UNARY_POS))}) {{
{un}
  return {", ".join(f"%{i}" for i in range(len(UNARY_POS)))} : {", ".join([t8] * len(UNARY_POS))}
}}''')
    bn = '\n'.join(f'  %{i} = ferric.{op} %a, %b : {t8}' for i, op in enumerate(BIN))
    funcs.append(f'''// Binary ops, tensor-tensor. max/min propagate NaN and order -0 < +0.
func.func @binary(%a: {t8}, %b: {t8}) -> ({", ".join([t8] * len(BIN))}) {{
{bn}
  return {", ".join(f"%{i}" for i in range(len(BIN)))} : {", ".join([t8] * len(BIN))}
}}''')
    bn = '\n'.join(f'  %{i} = ferric.{op} %a, %s : {t8}, {T}' for i, op in enumerate(BIN))
    funcs.append(f'''// Binary ops, tensor-scalar.
func.func @binary_scalar(%a: {t8}, %s: {T}) -> ({", ".join([t8] * len(BIN))}) {{
{bn}
  return {", ".join(f"%{i}" for i in range(len(BIN)))} : {", ".join([t8] * len(BIN))}
}}''')
    funcs.append(f'''// Scalar on the left: s - a, s / a.
func.func @scalar_binary(%s: {T}, %a: {t8}) -> ({t8}, {t8}) {{
  %0 = ferric.sub %s, %a : {T}, {t8}
  %1 = ferric.div %s, %a : {T}, {t8}
  return %0, %1 : {t8}, {t8}
}}''')
    funcs.append(f'''// pow: tensor-tensor, tensor^scalar, scalar^tensor.
func.func @powers(%a: {t8}, %b: {t8}, %e: {T}, %base: {T}, %x: {t8}) -> ({t8}, {t8}, {t8}) {{
  %0 = ferric.pow %a, %b : {t8}
  %1 = ferric.pow %x, %e : {t8}, {T}
  %2 = ferric.pow %base, %x : {T}, {t8}
  return %0, %1, %2 : {t8}, {t8}, {t8}
}}''')
    cm = '\n'.join(f'  %{i} = ferric.cmp {p}, %a, %b : {t8}' for i, p in enumerate(PREDS))
    cs = '\n'.join(f'  %{i + 6} = ferric.cmp {p}, %a, %s : {t8}, {T}' for i, p in enumerate(PREDS))
    funcs.append(f'''// Every predicate, tensor-tensor and tensor-scalar; NaN compares false
// except for ne.
func.func @cmp(%a: {t8}, %b: {t8}, %s: {T}) -> ({", ".join([i8] * 12)}) {{
{cm}
{cs}
  return {", ".join(f"%{i}" for i in range(12))} : {", ".join([i8] * 12)}
}}''')
    funcs.append(f'''// select with tensor and scalar values, and a condition computed in the
// same function (cmp feeding select fuses).
func.func @select(%c: {i8}, %a: {t8}, %b: {t8}, %s: {T}) -> ({t8}, {t8}, {t8}, {t8}) {{
  %0 = ferric.select %c, %a, %b : {i8}, {t8}
  %1 = ferric.select %c, %a, %s : {i8}, {t8}, {T}
  %2 = ferric.select %c, %s, %b : {i8}, {T}, {t8}
  %m = ferric.cmp gt, %a, %b : {t8}
  %3 = ferric.select %m, %a, %b : {i8}, {t8}
  return %0, %1, %2, %3 : {t8}, {t8}, {t8}, {t8}
}}''')
    M = Main()
    u, ut = M.const(U, dt)
    r = M.call('unary', [(u, ut)], [t8] * len(UNARY))
    for i, op in enumerate(UNARY):
        ref, ok = uref(op, np.array(U), dt)
        M.print(f'{op}_{dt}', r[i], ref, ok, dt, [8])
    p, pt = M.const(P, dt)
    r = M.call('unary_pos', [(p, pt)], [t8] * 3)
    for i, op in enumerate(UNARY_POS):
        ref, ok = uref(op, np.array(P), dt)
        M.print(f'{op}_{dt}', r[i], ref, ok, dt, [8])
    a, at = M.const(A, dt)
    b, bt = M.const(B, dt)
    r = M.call('binary', [(a, at), (b, bt)], [t8] * len(BIN))
    for i, op in enumerate(BIN):
        ref, ok = bref(op, np.array(A), np.array(B), dt)
        M.print(f'{op}_{dt}', r[i], ref, ok, dt, [8])
    s, st = M.scalar(S, dt)
    r = M.call('binary_scalar', [(a, at), (s, st)], [t8] * len(BIN))
    for i, op in enumerate(BIN):
        ref, ok = bref(op, np.array(A), np.full(8, S), dt)
        M.print(f'{op}_scalar_{dt}', r[i], ref, ok, dt, [8])
    r = M.call('scalar_binary', [(s, st), (a, at)], [t8] * 2)
    for i, op in enumerate(['sub', 'div']):
        ref, ok = bref(op, np.full(8, S), np.array(A), dt)
        M.print(f'scalar_{op}_{dt}', r[i], ref, ok, dt, [8])
    pb, pbt = M.const(PB, dt)
    pe, pet = M.const(PE, dt)
    e2, e2t = M.scalar(2.0, dt)
    r = M.call('powers', [(pb, pbt), (pe, pet), (e2, e2t), (e2, e2t), (b, bt)], [t8] * 3)
    for i, (x, y) in enumerate([(PB, PE), (B, [2.0] * 8), ([2.0] * 8, B)]):
        ref, ok = bref('pow', np.array(x), np.array(y), dt)
        M.print(f'pow{i}_{dt}', r[i], ref, ok, dt, [8])
    s2, s2t = M.scalar(0.75, dt)
    r = M.call('cmp', [(a, at), (b, bt), (s2, s2t)], [i8] * 12)
    for i, pr in enumerate(PREDS):
        ref, ok = stable(cmp(pr, A, B), 'i1')
        M.print(f'cmp_{pr}_{dt}', r[i], ref, ok, 'i1', [8])
    for i, pr in enumerate(PREDS):
        ref, ok = stable(cmp(pr, A, [0.75] * 8), 'i1')
        M.print(f'cmp_{pr}_scalar_{dt}', r[i + 6], ref, ok, 'i1', [8])
    c, ct = M.const(C, 'i1')
    r = M.call('select', [(c, ct), (a, at), (b, bt), (s, st)], [t8] * 4)
    cb = np.array(C, bool)
    An, Bn = np.array(A), np.array(B)
    for i, ref in enumerate([np.where(cb, An, Bn), np.where(cb, An, S), np.where(cb, S, Bn),
                             np.where(An > Bn, An, Bn)]):
        ref, ok = stable(ref, dt)
        M.print(f'select{i}_{dt}', r[i], ref, ok, dt, [8])
    if extras:
        extras(M, funcs)
    return funcs, M

def write(path, dt, header, funcs, M, banner=''):
    out = [header.rstrip(), '', banner]
    out += [f + '\n' for f in funcs]
    out.append(M.text())
    out.append('\n'.join(M.checks))
    open(path, 'w').write('\n'.join(out) + '\n')
