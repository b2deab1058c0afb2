"""Floating-point helpers of random_dags.py: rounding to f16/bf16/f32,
the arithmetic of the interpreter in Python doubles, cmpf predicates.
"""

import math
import struct

# ===----------------------------------------------------------------------===
# Floating-point helpers
# ===----------------------------------------------------------------------===

NAN = float("nan")
INF = float("inf")

# (precision bits including the implicit one, min normal exponent, max exp)
FORMATS = {
    "f16": (11, -14, 15),
    "bf16": (8, -126, 127),
    "f32": (24, -126, 127),
}
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def round_to(x, t):
    """Rounds the double x to type t (round to nearest even)."""
    if t == "f64" or t == "i1" or math.isnan(x) or math.isinf(x) or x == 0.0:
        return x
    p, emin, emax = FORMATS[t]
    e = math.frexp(x)[1] - 1
    e = max(e, emin)
    q = math.ldexp(1.0, e - p + 1)
    r = round(x / q) * q
    largest = math.ldexp(2.0 - math.ldexp(1.0, 1 - p), emax)
    if abs(r) > largest:
        return math.copysign(INF, x)
    if r == 0.0:
        return math.copysign(0.0, x)
    return r


def from_bits(bits, t):
    if t == "f64":
        return struct.unpack(">d", bits.to_bytes(8, "big"))[0]
    if t == "f32":
        return struct.unpack(">f", bits.to_bytes(4, "big"))[0]
    if t == "f16":
        return struct.unpack(">e", bits.to_bytes(2, "big"))[0]
    if t == "bf16":
        return struct.unpack(">f", (bits << 16).to_bytes(4, "big"))[0]
    raise ValueError(t)


def guard(fn):
    """Makes a math function total: NaN on a domain error, inf on overflow."""

    def wrapped(*args):
        try:
            return fn(*args)
        except (ValueError, ZeroDivisionError):
            return NAN
        except OverflowError:
            return INF

    return wrapped


def fdiv(a, b):
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return NAN
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -INF if neg else INF
    return a / b


def fexp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def flog(x):
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    return math.log(x)


def fsqrt(x):
    if math.isnan(x) or x < 0:
        return NAN
    return math.sqrt(x)


def frsqrt(x):
    return fdiv(1.0, fsqrt(x))


def fpow(a, b):
    if math.isnan(a) or math.isnan(b):
        return 1.0 if b == 0 else NAN
    try:
        return math.pow(a, b)
    except ValueError:
        if a == 0.0:
            return INF
        return NAN
    except OverflowError:
        return INF


def fmaximum(a, b):
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0.0:
        return a if math.copysign(1.0, a) > 0 else b
    return a if a > b else b


def fminimum(a, b):
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0.0:
        return a if math.copysign(1.0, a) < 0 else b
    return a if a < b else b


def fmul(a, b):
    try:
        return a * b
    except OverflowError:
        return INF


def fadd(a, b):
    return a + b


CMPF = {  # arith.cmpf predicate number -> function
    0: lambda a, b: False,
    1: lambda a, b: a == b,
    2: lambda a, b: a > b,
    3: lambda a, b: a >= b,
    4: lambda a, b: a < b,
    5: lambda a, b: a <= b,
    6: lambda a, b: not math.isnan(a) and not math.isnan(b) and a != b,
    7: lambda a, b: not math.isnan(a) and not math.isnan(b),
    8: lambda a, b: math.isnan(a) or math.isnan(b) or a == b,
    9: lambda a, b: math.isnan(a) or math.isnan(b) or a > b,
    10: lambda a, b: math.isnan(a) or math.isnan(b) or a >= b,
    11: lambda a, b: math.isnan(a) or math.isnan(b) or a < b,
    12: lambda a, b: math.isnan(a) or math.isnan(b) or a <= b,
    13: lambda a, b: math.isnan(a) or math.isnan(b) or a != b,
    14: lambda a, b: math.isnan(a) or math.isnan(b),
    15: lambda a, b: True,
}
FERRIC_CMP = {"lt": 4, "le": 5, "gt": 2, "ge": 3, "eq": 1, "ne": 13}
