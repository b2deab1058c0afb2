"""The fuzzer's own numpy model of Ferric's semantics.

Every value is held in float64. An op computes its exact float64 result
from operands that already hold values of their element type, and rounds
it once (round to nearest even, directly from float64) to its element
type. That is what Ferric promises: basic arithmetic is correctly rounded
in the element type, transcendental functions may carry a few ULPs of
error in their compute type (f32 for f16 and bf16), sums accumulate in f32
for f16/bf16 (f64 for f64).

Tolerances come from the op chain itself: the program is evaluated once
exactly and several times with each op's result perturbed by the error the
target may make on it (`op_error`), before rounding. The spread of the
perturbed runs around the exact one is how far a correct implementation
can land; elements whose class (NaN, +inf, -inf, mask value) changes under
perturbation are ill-conditioned and are not checked.
"""
import math

import numpy as np

DTYPES = ('f16', 'bf16', 'f32', 'f64')
# Unit roundoff of each type's significand (the relative error of one
# correctly rounded operation) and its largest finite value.
EPS = {'f16': 2.0**-11, 'bf16': 2.0**-8, 'f32': 2.0**-24, 'f64': 2.0**-53}
FMAX = {'f16': 65504.0, 'bf16': 3.3895313892515355e38,
        'f32': 3.4028234663852886e38, 'f64': 1.7976931348623157e308}
TINY = {'f16': 2.0**-24, 'bf16': 2.0**-133, 'f32': 2.0**-149,
        'f64': 5e-324}  # smallest subnormal
NORM_MIN = {'f16': 2.0**-14, 'bf16': 2.0**-126, 'f32': 2.0**-126,
            'f64': 2.0**-1022}


def compute_type(dt):
    """The type transcendental functions and accumulations compute in."""
    return 'f32' if dt in ('f16', 'bf16') else dt


# ------------------------------------------------------------------ rounding

def _f64_to_f32_odd(x):
    """float64 -> float32 with round-to-odd, so that a second rounding to a
    narrower type is correct (bf16 has 16 fewer significand bits)."""
    x = np.atleast_1d(np.asarray(x, np.float64))
    with np.errstate(over='ignore', invalid='ignore'):
        f = x.astype(np.float32)
    inexact = np.isfinite(x) & (f.astype(np.float64) != x)
    # Truncate toward zero where rounding went away from zero.
    away = inexact & (np.abs(f.astype(np.float64)) > np.abs(x))
    t = np.where(away, np.nextafter(f, np.float32(0)), f)
    bits = t.astype(np.float32).view(np.uint32).copy()
    bits = np.where(inexact, bits | np.uint32(1), bits).astype(np.uint32)
    return bits.view(np.float32)


def f32_bits_to_bf16(bits):
    """Rounds float32 bit patterns to bf16 bit patterns (nearest even)."""
    bits = np.atleast_1d(np.asarray(bits, np.uint32)).astype(np.uint64)
    u = np.uint64
    nan = ((bits & u(0x7F800000)) == u(0x7F800000)) & ((bits & u(0x7FFFFF)) != 0)
    lsb = (bits >> u(16)) & u(1)
    r = (bits + u(0x7FFF) + lsb) >> u(16)
    r = np.where(nan, ((bits >> u(16)) | u(0x40)) & u(0xFFFF), r)
    return r.astype(np.uint16)


def to_bf16_bits(x):
    return f32_bits_to_bf16(_f64_to_f32_odd(x).view(np.uint32))


def bf16_bits_to_f64(bits):
    b = np.atleast_1d(np.asarray(bits, np.uint16)).astype(np.uint32) << np.uint32(16)
    return b.view(np.float32).astype(np.float64)


def rnd(x, dt):
    """Rounds float64 values to `dt` once (nearest even), back as float64."""
    x = np.asarray(x, np.float64)
    with np.errstate(over='ignore', invalid='ignore'):
        if dt == 'f64':
            return x.copy()
        if dt == 'f32':
            return x.astype(np.float32).astype(np.float64)
        if dt == 'f16':
            return x.astype(np.float16).astype(np.float64)
        if dt == 'bf16':
            return bf16_bits_to_f64(to_bf16_bits(x)).reshape(x.shape)
        if dt == 'i1':
            return (x != 0).astype(np.float64)
    raise ValueError(dt)


def ulp(x, dt):
    """Spacing of `dt` at |x| (its subnormal spacing near zero)."""
    a = np.abs(np.asarray(x, np.float64))
    p = {'f16': 11, 'bf16': 8, 'f32': 24, 'f64': 53}[dt]
    with np.errstate(divide='ignore', invalid='ignore'):
        e = np.floor(np.log2(np.where(a > 0, a, 1.0)))
    e = np.maximum(e, math.log2(NORM_MIN[dt]))
    return np.where(np.isfinite(a), 2.0**(e - (p - 1)), 0.0)


def to_npy_array(x, dt):
    """The array ferric-run reads for a tensor of `dt` (bf16 as raw <u2)."""
    x = np.asarray(x, np.float64)
    if dt == 'f16':
        return x.astype('<f2')
    if dt == 'f32':
        return x.astype('<f4')
    if dt == 'f64':
        return x.astype('<f8')
    if dt == 'bf16':
        return to_bf16_bits(x).reshape(x.shape).astype('<u2')
    if dt == 'i1':
        return x != 0
    raise ValueError(dt)


def from_npy_array(a, dt):
    if dt == 'bf16':
        if a.dtype != np.uint16:
            raise ValueError(f'bf16 result stored as {a.dtype}, not uint16')
        return bf16_bits_to_f64(a).reshape(a.shape)
    if dt == 'i1':
        if a.dtype != np.bool_:
            raise ValueError(f'i1 result stored as {a.dtype}, not bool')
        return a.astype(np.float64)
    want = {'f16': np.float16, 'f32': np.float32, 'f64': np.float64}[dt]
    if a.dtype != want:
        raise ValueError(f'{dt} result stored as {a.dtype}')
    return a.astype(np.float64)


# ------------------------------------------------------------ op semantics

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _minimum(x, y):
    """IEEE 754-2019 minimum (arith.minimumf): NaN propagates and -0 is
    below +0 (numpy's minimum returns either zero)."""
    with np.errstate(all='ignore'):
        zeros = (x == 0) & (y == 0)
        return np.where(zeros, np.where(np.signbit(x) | np.signbit(y), -0.0,
                                        0.0), np.minimum(x, y))


def _maximum(x, y):
    """IEEE 754-2019 maximum (arith.maximumf): +0 is above -0."""
    with np.errstate(all='ignore'):
        zeros = (x == 0) & (y == 0)
        return np.where(zeros, np.where(np.signbit(x) & np.signbit(y), -0.0,
                                        0.0), np.maximum(x, y))


def reduce_extremum(kind, x, axis, keepdims):
    """max/min over `axis` with the zero order of _maximum/_minimum."""
    f = np.max if kind == 'max' else np.min
    with np.errstate(all='ignore'):
        m = f(x, axis=axis, keepdims=keepdims)
        neg = (x == 0) & np.signbit(x)
        pos = (x == 0) & ~np.signbit(x)
        if kind == 'max':
            z = np.where(np.any(pos, axis=axis, keepdims=keepdims), 0.0, -0.0)
        else:
            z = np.where(np.any(neg, axis=axis, keepdims=keepdims), -0.0, 0.0)
        return np.where(m == 0, z, m)


def _pow(x, y):
    # numpy's float64 power follows C's pow for the special cases.
    return np.power(x, y)


UNARY = {
    'neg': lambda x: -x,
    'abs': np.abs,
    'exp': np.exp,
    'log': np.log,
    'sqrt': np.sqrt,
    'rsqrt': lambda x: 1.0 / np.sqrt(x),
    'tanh': np.tanh,
    'relu': lambda x: np.maximum(x, 0.0),
    'sigmoid': lambda x: 1.0 / (1.0 + np.exp(-x)),
    'silu': lambda x: x * (1.0 / (1.0 + np.exp(-x))),
    'gelu': lambda x: (0.5 * x) * (1.0 + np.tanh(
        0.79788456080286535588 * (x + 0.044715 * (x * x * x)))),
    'gelu_exact': lambda x: (0.5 * x) * (1.0 + _erf(x * 0.70710678118654752440)),
    'sin': np.sin,
    'cos': np.cos,
    'erf': _erf,
    'log1p': np.log1p,
    'expm1': np.expm1,
    'floor': np.floor,
    'ceil': np.ceil,
    'round': np.rint,  # ties to even
    'sign': lambda x: np.where(x > 0, 1.0, np.where(x < 0, -1.0, x)),
    'reciprocal': lambda x: 1.0 / x,
}
# Exact in every type: their results are integers, +-1 or the input.
EXACT_UNARY = {'neg', 'abs', 'relu', 'floor', 'ceil', 'round', 'sign'}
# Where ferric-legalize-math-for-spirv's sin and cos stop reducing the
# argument themselves and use the driver's (Vulkan bounds neither).
VULKAN_SINCOS_LIMIT = 102900.0
BINARY = {
    'add': np.add, 'sub': np.subtract, 'mul': np.multiply,
    'div': np.divide, 'max': _maximum, 'min': _minimum, 'pow': _pow,
}
CMP = {
    'lt': np.less, 'le': np.less_equal, 'gt': np.greater,
    'ge': np.greater_equal, 'eq': np.equal, 'ne': np.not_equal,
}
TRANSCENDENTAL = {'exp', 'log', 'tanh', 'sigmoid', 'silu', 'gelu',
                  'gelu_exact', 'pow', 'rsqrt', 'sin', 'cos', 'erf', 'log1p',
                  'expm1'}


def op_error(kind, dt, target, x=None):
    """(relative, absolute) error a correct target may add to one op's
    float64 result before it is rounded to `dt`."""
    ct = compute_type(dt)
    if kind in ('neg', 'abs', 'relu', 'max', 'min', 'select', 'cast', 'add',
                'sub', 'mul'):
        return 0.0, 0.0
    u = EPS[ct]
    if target == 'vulkan':
        # Vulkan's precision rules (Vulkan spec, "Precision and Operation of
        # SPIR-V Instructions"): division 2.5 ULP, sqrt/inversesqrt 2-3 ULP,
        # exp (3 + 2|x|) ULP, log 3 ULP or 2^-21 absolute, tanh and pow
        # inherited from their exp/log formulas.
        if kind in ('div', 'sqrt', 'rsqrt'):
            return 6 * u, 0.0
        if kind == 'exp':
            return 4 * u * (3 + 2 * np.abs(x) if x is not None else 8), 0.0
        if kind == 'expm1':
            # exp(x) - 1 with GLSL's exp for |x| >= 1 (a series below).
            grow = 4 * u * (3 + 2 * np.abs(x) if x is not None else 8)
            return np.maximum(2.0**-16, grow), 2.0**-20
        return 2.0**-16, 2.0**-20
    if kind in ('div', 'sqrt'):
        return (0.0 if target == 'cpu' else 2 * u), 0.0
    if target == 'cuda' and kind == 'exp' and ct == 'f32':
        # ferric-approx-exp, on by default in the NVVM pipeline:
        # ex2.approx(x * log2(e)), within 2 ULPs plus the rounding of
        # x * log2(e), |x| * 2^-24 relative (docs/TargetSupport.md); |x| up
        # to 104 (the smallest subnormal's) where x is not known.
        ax = np.abs(x) if x is not None else 104.0
        return u * (8 + 2 * ax), 4 * TINY[ct]
    if kind == 'tanh_epilogue':
        # The tanh of a GELU in a cuBLASLt epilogue (CUDA): not documented;
        # 12 f32 ULPs measured, allowed as Vulkan's approximate tanh.
        return 2.0**-16, 2.0**-20
    # libm (CPU) and libdevice (CUDA) are within a few ULPs, also for
    # results in the subnormal range.
    return 8 * u, 4 * TINY[ct]
