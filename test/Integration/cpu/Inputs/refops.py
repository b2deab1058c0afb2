"""Reference semantics of the ferric elementwise ops in numpy float64 (with
optional per-step perturbation, see ftest.Noise), used to compute the
expected values of the CPU execution tests."""
import math
import numpy as np
from ftest import Noise

verf = np.vectorize(math.erf, otypes=[np.float64])

def maximumf(a, b):
    a = np.asarray(a, np.float64); b = np.asarray(b, np.float64)
    r = np.where(a > b, a, b)
    both0 = (a == 0) & (b == 0)
    r = np.where(both0, np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0), r)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r)

def minimumf(a, b):
    a = np.asarray(a, np.float64); b = np.asarray(b, np.float64)
    r = np.where(a < b, a, b)
    both0 = (a == 0) & (b == 0)
    r = np.where(both0, np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0), r)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r)

def sigmoid(x, N):
    return N.n(1.0 / N.n(1.0 + N.n(np.exp(-x))))

def unary(op, x, N):
    x = np.asarray(x, np.float64)
    with np.errstate(all='ignore'):
        if op == 'neg': return -x
        if op == 'abs': return np.abs(x)
        if op == 'exp': return N.n(np.exp(x))
        if op == 'log': return N.n(np.log(x))
        if op == 'sqrt': return np.sqrt(x)
        if op == 'rsqrt': return N.n(1.0 / N.n(np.sqrt(x)))
        if op == 'tanh': return N.n(np.tanh(x))
        if op == 'relu': return maximumf(x, np.zeros_like(x))
        if op == 'sigmoid': return sigmoid(x, N)
        if op == 'silu': return N.n(x * sigmoid(x, N))
        if op == 'gelu':
            x3 = N.n(N.n(x * x) * x)
            p = N.n(x + N.n(0.044715 * x3))
            t = N.n(np.tanh(N.n(0.79788456080286535588 * p)))
            return N.n(N.n(0.5 * x) * N.n(1.0 + t))
        if op == 'gelu_exact':
            e = N.n(verf(N.n(x * 0.70710678118654752440)))
            return N.n(N.n(0.5 * x) * N.n(1.0 + e))
    raise ValueError(op)

def binary(op, a, b, N):
    a = np.asarray(a, np.float64); b = np.asarray(b, np.float64)
    with np.errstate(all='ignore'):
        if op == 'add': return a + b
        if op == 'sub': return a - b
        if op == 'mul': return a * b
        if op == 'div': return a / b
        if op == 'max': return maximumf(a, b)
        if op == 'min': return minimumf(a, b)
        if op == 'pow': return N.n(np.power(a, b))
    raise ValueError(op)

def cmp(pred, a, b):
    a = np.asarray(a, np.float64); b = np.asarray(b, np.float64)
    with np.errstate(all='ignore'):
        return {'lt': a < b, 'le': a <= b, 'gt': a > b, 'ge': a >= b,
                'eq': a == b, 'ne': a != b}[pred].astype(np.float64)

EXACT_UNARY = {'neg', 'abs', 'sqrt', 'relu'}
EXACT_BINARY = {'add', 'sub', 'mul', 'div', 'max', 'min'}
WIDENED_UNARY = {'exp', 'log', 'sqrt', 'rsqrt', 'tanh', 'sigmoid', 'silu', 'gelu', 'gelu_exact'}
