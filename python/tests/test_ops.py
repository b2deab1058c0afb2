"""Every ferric op against numpy, on random inputs, for every dtype."""

import math

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import (ATOL, EXACT_F32_RTOL, RTOL, assert_close,
                      make_input)

DTYPES = ["f16", "bf16", "f32", "f64"]
# Unit roundoff of the accumulator of sums and matmuls: f16 and bf16
# accumulate in f32.
ACC_U = {"f16": 2.0 ** -24, "bf16": 2.0 ** -24, "f32": 2.0 ** -24,
         "f64": 2.0 ** -53}
# Half an ULP of the result type, relative.
HALF_ULP = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8, "f32": 2.0 ** -24,
            "f64": 2.0 ** -53}

_erf = np.vectorize(math.erf)


def _gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi)
                                  * (x + 0.044715 * x ** 3)))


def _rounded(v, dt):
    """The Python scalar `v` as the dtype rounds it (what a scalar operand
    becomes)."""
    return float(np.asarray(make_input(np.float64(v), dt)[1]))


# Ops whose f32 results are correctly rounded (checked to 1 ULP).
_EXACT = {"neg", "abs", "relu", "sqrt", "add", "sub", "mul", "div", "max",
          "min", "add_s", "rsub_s", "mul_s", "rdiv_s", "max_s", "min_s"}


def _check(name, got, ref, dt):
    rtol = EXACT_F32_RTOL if dt == "f32" and name in _EXACT else RTOL[dt]
    assert_close(got, ref, rtol, ATOL[dt], what="%s %s" % (dt, name))


@pytest.fixture
def data(rng):
    # An odd number of elements exercises the vectorized kernels' tails.
    x = rng.uniform(-4, 4, (3, 257))
    p = rng.uniform(0.05, 5, (3, 257))  # for log, sqrt, rsqrt, pow, div
    return x, p


@pytest.mark.parametrize("dt", DTYPES)
def test_unary_ops(dt, data):
    x, p = make_input(data[0], dt)
    q, pr = make_input(data[1], dt)

    @ferric.jit
    def unary(x, p):
        return (x.neg(), x.abs(), x.exp(), x.tanh(), x.relu(), x.sigmoid(),
                x.silu(), x.gelu(), x.gelu(exact=True), p.log(), p.sqrt(),
                p.rsqrt(), -x, abs(x))

    got = unary(x, q)
    refs = {
        "neg": -p, "abs": np.abs(p), "exp": np.exp(p), "tanh": np.tanh(p),
        "relu": np.maximum(p, 0), "sigmoid": 1 / (1 + np.exp(-p)),
        "silu": p / (1 + np.exp(-p)), "gelu": _gelu_tanh(p),
        "gelu_exact": 0.5 * p * (1 + _erf(p / math.sqrt(2))),
        "log": np.log(pr), "sqrt": np.sqrt(pr), "rsqrt": 1 / np.sqrt(pr),
        "-x": -p, "abs()": np.abs(p),
    }
    assert len(got) == len(refs)
    for (name, ref), g in zip(refs.items(), got):
        _check(name, g, ref, dt)
    # Results come back in the input's dtype.
    assert all(getattr(g, "dtype", None) == getattr(x, "dtype") for g in got)


@pytest.mark.parametrize("dt", DTYPES)
def test_binary_ops_and_scalars(dt, data):
    a, ar = make_input(data[0], dt)
    b, br = make_input(data[1], dt)

    @ferric.jit
    def binary(a, b):
        return (a + b, a - b, a * b, a / b, a.max(b), a.min(b), b.pow(a),
                a + 1.5, 2.0 - a, a * 0.1, 1 / b, a.max(0.25), a.min(-0.5),
                b ** 2, 2 ** a, a.add(b).mul(E.scalar(0.5)))

    got = binary(a, b)

    def r(v):
        return _rounded(v, dt)

    refs = {
        "add": ar + br, "sub": ar - br, "mul": ar * br, "div": ar / br,
        "max": np.maximum(ar, br), "min": np.minimum(ar, br),
        "pow": br ** ar, "add_s": ar + r(1.5), "rsub_s": r(2.0) - ar,
        "mul_s": ar * r(0.1), "rdiv_s": r(1) / br,
        "max_s": np.maximum(ar, r(0.25)), "min_s": np.minimum(ar, r(-0.5)),
        "pow_s": br ** 2, "rpow_s": 2.0 ** ar,
        # (a + b) is rounded to the dtype before the multiply.
        "chain": np.asarray(make_input(ar + br, dt)[1]) * 0.5,
    }
    assert len(got) == len(refs)
    for (name, ref), g in zip(refs.items(), got):
        _check(name, g, ref, dt)


@pytest.mark.parametrize("dt", DTYPES)
def test_comparisons_and_where(dt, data, rng):
    a, ar = make_input(data[0], dt)
    b, br = make_input(rng.uniform(-4, 4, data[0].shape), dt)
    # Some equal elements, so that eq/le/ge see both outcomes.
    if dt == "bf16":
        b.bits[:, ::5] = a.bits[:, ::5]
    else:
        b[:, ::5] = a[:, ::5]
    br = np.asarray(b, dtype=np.float64)

    @ferric.jit
    def compare(a, b):
        return (a < b, a <= b, a > b, a >= b, a == b, a != b, a > 0.5,
                ferric.where(a > b, a, b * 2.0),
                ferric.where(a < 0.0, 0.0, a), (a >= b).cast(a_dtype))

    a_dtype = "bf16" if dt == "bf16" else a.dtype
    got = compare(a, b)
    masks = [ar < br, ar <= br, ar > br, ar >= br, ar == br, ar != br,
             ar > 0.5]
    for i, (g, ref) in enumerate(zip(got[:7], masks)):
        assert g.dtype == np.bool_
        np.testing.assert_array_equal(g, ref, err_msg="mask %d" % i)
    # Selections and casts of masks are exact.
    np.testing.assert_array_equal(np.asarray(got[7], np.float64),
                                  np.where(ar > br, ar, br * 2))
    np.testing.assert_array_equal(np.asarray(got[8], np.float64),
                                  np.where(ar < 0, 0, ar))
    np.testing.assert_array_equal(np.asarray(got[9], np.float64),
                                  (ar >= br).astype(np.float64))


@pytest.mark.parametrize("dt", DTYPES)
def test_reductions(dt, rng):
    x, xr = make_input(rng.uniform(-1, 1, (4, 6, 129)), dt)

    @ferric.jit
    def reduce(x):
        return (x.sum(2), x.mean(dims=(0, 2)), x.amax(1, keepdim=True),
                x.amin(dims=-1), x.sum(), x.mean(dims=[1], keepdim=True))

    got = reduce(x)
    # Recursive summation of n terms errs by at most (n - 1) u sum|x| in
    # the accumulator, plus the final rounding to the result type.
    for name, g, ref, dims, mean in [
            ("sum", got[0], xr.sum(2), (2,), False),
            ("mean", got[1], xr.mean((0, 2)), (0, 2), True),
            ("sum all", got[4], xr.sum(), (0, 1, 2), False),
            ("mean keepdim", got[5], xr.mean(1, keepdims=True), (1,), True)]:
        n = int(np.prod([xr.shape[d] for d in dims]))
        mag = np.abs(xr).sum(axis=dims, keepdims=name.endswith("keepdim"))
        if mean:
            mag = mag / n
        g = np.asarray(g, np.float64)
        assert g.shape == ref.shape, name
        bound = HALF_ULP[dt] * np.abs(ref) + n * ACC_U[dt] * mag
        assert np.all(np.abs(g - ref) <= bound), "%s %s" % (dt, name)
    # max and min are exact.
    np.testing.assert_array_equal(np.asarray(got[2], np.float64),
                                  xr.max(1, keepdims=True))
    np.testing.assert_array_equal(np.asarray(got[3], np.float64), xr.min(-1))


@pytest.mark.parametrize("dt", DTYPES)
def test_matmul(dt, rng):
    a, ar = make_input(rng.uniform(-1, 1, (5, 70)), dt)
    b, br = make_input(rng.uniform(-1, 1, (70, 3)), dt)
    c, cr = make_input(rng.uniform(-1, 1, (2, 4, 9)), dt)
    d, dr = make_input(rng.uniform(-1, 1, (2, 9, 6)), dt)
    f = ferric.compile(lambda a, b, c, d: (a @ b, c.matmul(d)))
    got2, got3 = f(a, b, c, d)
    for g, x, y, k in [(got2, ar, br, 70), (got3, cr, dr, 9)]:
        ref = x @ y
        bound = HALF_ULP[dt] * np.abs(ref) + k * ACC_U[dt] * (
            np.abs(x) @ np.abs(y))
        g = np.asarray(g, np.float64)
        assert g.shape == ref.shape
        assert np.all(np.abs(g - ref) <= bound), dt


@pytest.mark.parametrize("dt", DTYPES)
def test_matmul_transposed(dt, rng):
    # Each operand given stored transposed (a as K x M, b as N x K) and
    # read with the flag: the same product as numpy's, at odd sizes that
    # cross the GPU kernel's 16 x 16 tiles, 2-D and batched.
    def swap(t):
        return np.ascontiguousarray(np.swapaxes(t, -1, -2))

    f = ferric.compile(lambda a, at, b, bt: (
        a.matmul(bt, transpose_b=True), at.matmul(b, transpose_a=True),
        at.matmul(bt, transpose_a=True, transpose_b=True)))
    for sa, sb in [((37, 29), (29, 19)), ((3, 5, 33), (3, 33, 17))]:
        x, y = rng.uniform(-1, 1, sa), rng.uniform(-1, 1, sb)
        (a, ar), (at, _) = make_input(x, dt), make_input(swap(x), dt)
        (b, br), (bt, _) = make_input(y, dt), make_input(swap(y), dt)
        k = sa[-1]
        ref = ar @ br
        bound = HALF_ULP[dt] * np.abs(ref) + k * ACC_U[dt] * (
            np.abs(ar) @ np.abs(br))
        for g in f(a, at, b, bt):
            g = np.asarray(g, np.float64)
            assert g.shape == ref.shape
            assert np.all(np.abs(g - ref) <= bound), dt


def test_matmul_transposed_shape_errors_name_the_flags():
    a = np.ones((4, 8), np.float32)
    w = np.ones((16, 8), np.float32)
    ok = ferric.compile(lambda a, w: a.matmul(w, transpose_b=True))
    assert np.asarray(ok(a, w)).shape == (4, 16)
    bad = ferric.compile(lambda a, w: a.matmul(w, transpose_a=True))
    with pytest.raises(ferric.ShapeError, match="with transpose_a"):
        bad(a, w)
    plain = ferric.compile(lambda a, w: a @ w)
    with pytest.raises(ferric.ShapeError, match=r"do not fit \(K or the "
                       r"batch differs\)"):
        plain(a, w)


def test_casts_round_to_nearest_even(rng):
    # Values with many significant bits, some huge (overflow to inf in f16).
    v = np.concatenate([rng.standard_normal(500) * 100,
                        [70000.0, -1e6, 1e-8, 0.0, -0.0, np.inf, -np.inf]])
    x64 = v.astype(np.float64)
    x32 = v.astype(np.float32)

    @ferric.jit
    def casts(x32, x64):
        return (x32.cast(np.float16), x32.cast("bf16"), x32.cast("f64"),
                x64.cast(np.float32), x64.cast("f16"),
                x32.cast("f16").cast("f32"))

    with np.errstate(over="ignore"):
        h, b, d, s, h64, back = casts(x32, x64)
        np.testing.assert_array_equal(h, x32.astype(np.float16))
        np.testing.assert_array_equal(b.bits, ferric.bf16(x32).bits)
        np.testing.assert_array_equal(d, x32.astype(np.float64))
        np.testing.assert_array_equal(s, x64.astype(np.float32))
        # numpy also rounds float64 -> float16 directly (no double
        # rounding through float32).
        np.testing.assert_array_equal(h64, x64.astype(np.float16))
        np.testing.assert_array_equal(
            back, x32.astype(np.float16).astype(np.float32))


def test_nan_propagation():
    x = np.array([1.0, np.nan, -2.0, np.nan], np.float32)
    y = np.array([np.nan, 3.0, 0.5, np.nan], np.float32)
    mx, mn, lt, ne = ferric.compile(
        lambda a, b: (a.max(b), a.min(b), a < b, a != b))(x, y)
    # max/min propagate NaN (like np.maximum/np.minimum); comparisons with
    # NaN are false except !=.
    np.testing.assert_array_equal(mx, np.maximum(x, y))
    np.testing.assert_array_equal(mn, np.minimum(x, y))
    np.testing.assert_array_equal(lt, x < y)
    np.testing.assert_array_equal(ne, x != y)


def test_scalar_subexpressions_fold():
    # Constants combine in Python (float64) before they meet a tensor.
    x = np.linspace(-1, 1, 11).astype(np.float64)
    e = E.input(0) * (E.scalar(2.0) + 1.0).exp() - E.scalar(4.0).sqrt()
    assert_close(ferric.eval([x], e), x * math.exp(3.0) - 2.0, 1e-15)
    assert "arith.constant" in e.mlir(x)
