"""The ops real models need (sin, cos, erf, log1p, expm1, floor, ceil,
round, sign, reciprocal, clamp): E methods, Tensor methods and the IR they
emit, against numpy, on every dtype and target that runs here."""

import math

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import ATOL, RTOL, assert_close, make_input

DTYPES = ["f16", "bf16", "f32", "f64"]
_erf = np.vectorize(math.erf)
inf, nan = np.inf, np.nan

vulkan = pytest.mark.skipif(
    not ferric.target_available("vulkan"),
    reason="vulkan: %s" % ferric.target_unavailable_reason("vulkan"))
cuda = pytest.mark.skipif(
    not ferric.target_available("cuda"),
    reason="cuda: %s" % ferric.target_unavailable_reason("cuda"))


def _sign(x):
    return np.where(x > 0, 1.0, np.where(x < 0, -1.0, x))


def _transcendental(x):
    return {"sin": np.sin(x), "cos": np.cos(x), "erf": _erf(x),
            "log1p": np.log1p(np.abs(x)), "expm1": np.expm1(x)}


def _exact(x):
    return {"floor": np.floor(x), "ceil": np.ceil(x), "round": np.rint(x),
            "sign": _sign(x)}


@pytest.mark.parametrize("dt", DTYPES)
def test_unary_ops_against_numpy(dt, rng):
    # Halves and integers for the rounding ops, tiny values for log1p and
    # expm1, and random values.
    # (No zero: assert_close calls inf - inf a mismatch, and 1 / 0 is.)
    v = np.concatenate([rng.uniform(-6, 6, 245),
                        np.arange(-4.5, 4.6, 1.0),  # every half, +-0.5 too
                        [-3.0, 2.0, 3e-5, -3e-5]])  # 1/x fits f16
    x, xr = make_input(v, dt)

    @ferric.jit(target="cpu")
    def ops(x):
        return (x.sin(), x.cos(), x.erf(), x.abs().log1p(), x.expm1(),
                x.floor(), x.ceil(), x.round(), x.sign(), x.reciprocal())

    got = ops(x)
    refs = dict(_transcendental(xr))
    refs.update(_exact(xr))
    refs["reciprocal"] = 1 / xr
    for (name, ref), g in zip(refs.items(), got):
        if name in ("floor", "ceil", "round", "sign"):
            # Exact in every dtype: integers (or +-1) of the input's type.
            assert_close(g, ref, 0, 0, what="%s %s" % (dt, name))
        elif name == "reciprocal":
            ref = np.asarray(make_input(ref, dt)[1])
            assert_close(g, ref, RTOL[dt], ATOL[dt], what=dt + " reciprocal")
        else:
            assert_close(g, ref, RTOL[dt], ATOL[dt], what="%s %s" % (dt, name))
        assert getattr(g, "dtype", None) == getattr(x, "dtype")


def test_round_is_half_to_even_and_sign_keeps_zeros_and_nan():
    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, -0.0, 0.0, nan, -inf, 3.0],
                 np.float32)
    r, s = ferric.eval([x], [E.input(0).round(), E.input(0).sign()],
                       target="cpu")
    np.testing.assert_array_equal(r, np.round(x))  # numpy: ties to even
    np.testing.assert_array_equal(np.signbit(r), np.signbit(np.round(x)))
    np.testing.assert_array_equal(
        s, np.array([1, 1, 1, -1, -1, -0.0, 0, nan, -1, 1], np.float32))
    assert np.signbit(s[5]) and not np.signbit(s[6])


def test_log1p_expm1_tiny_values_keep_their_digits():
    x = np.array([1e-10, -1e-10, 1e-30, 3e-8], np.float32)
    l1p, em1 = ferric.eval([x], [E.input(0).log1p(), E.input(0).expm1()],
                           target="cpu")
    xd = x.astype(np.float64)
    # Within 2 ULPs (log(1 + x) would give 0, exp(x) - 1 about 1e-7 off).
    assert_close(l1p, np.log1p(xd), 2.4e-7)
    assert_close(em1, np.expm1(xd), 2.4e-7)


@pytest.mark.parametrize("dt", DTYPES)
def test_clamp_bounds_tensors_scalars_and_one_sided(dt, rng):
    v = rng.uniform(-3, 3, (4, 33))
    x, xr = make_input(v, dt)
    lo, lor = make_input(rng.uniform(-2, 0, (4, 33)), dt)
    hi, hir = make_input(rng.uniform(0, 2, (4, 33)), dt)
    row, rowr = make_input(rng.uniform(0.5, 1, 33), dt)

    def r(c):
        return float(np.asarray(make_input(np.float64(c), dt)[1]))

    @ferric.jit(target="cpu")
    def clamps(x, lo, hi, row):
        return (x.clamp(lo, hi), x.clamp(-1.25, 0.75), x.clamp(lo, 0.5),
                x.clamp(min=0.25), x.clamp(max=-0.5), x.clip(-row, row))

    got = clamps(x, lo, hi, row)
    refs = [np.minimum(np.maximum(xr, lor), hir),
            np.minimum(np.maximum(xr, r(-1.25)), r(0.75)),
            np.minimum(np.maximum(xr, lor), r(0.5)),
            np.maximum(xr, r(0.25)), np.minimum(xr, r(-0.5)),
            np.minimum(np.maximum(xr, -rowr), rowr)]
    for i, (g, ref) in enumerate(zip(got, refs)):
        assert_close(g, ref, 0, 0, what="%s clamp %d" % (dt, i))


def test_clamp_ir_nan_and_inverted_bounds():
    f = ferric.compile(lambda x, lo: x.clamp(lo, 1.0))
    text = f.mlir(ferric.spec((8,), "f32"), ferric.spec((8,), "f32"))
    line = [t for t in text.splitlines() if "ferric.clamp" in t]
    assert len(line) == 1 and "ferric.clamp %arg0, %arg1, %" in line[0]
    assert line[0].endswith("xf32>, f32"), line[0]  # a scalar hi
    x = np.array([nan, 0.5, 3, -3, 0.2, inf, -inf, 0], np.float32)
    lo = np.array([0, 0, 0, 0, 2, 0, 0, nan], np.float32)
    got = f(x, lo)
    # NaN propagates (torch.clamp); lo > hi gives hi.
    np.testing.assert_array_equal(
        got, np.array([nan, 0.5, 1, 0, 1, 1, 0, nan], np.float32))


def test_clamp_of_a_scalar_broadcasts_over_tensor_bounds():
    f = ferric.compile(lambda lo, hi: E.scalar(0.5).clamp(lo, hi))
    lo = np.array([0, 0.75, -1], np.float32)
    hi = np.array([1, 1, 0.25], np.float32)
    np.testing.assert_array_equal(f(lo, hi), np.array([0.5, 0.75, 0.25],
                                                      np.float32))
    assert "ferric.clamp" not in f.mlir(lo, hi)  # max then min


def test_clamp_needs_a_bound():
    with pytest.raises(ValueError, match="at least one of min and max"):
        E.input(0).clamp()


def test_scalar_subexpressions_fold():
    e = E.input(0) * E.scalar(0.5).sin() + E.scalar(2.5).round() + \
        E.scalar(-0.0).sign() + E.scalar(4.0).reciprocal() + \
        E.scalar(3.0).clamp(0.0, 1.0)
    text = e.mlir(ferric.spec((4,), "f32"))
    for op in ("sin", "round", "sign", "reciprocal", "clamp"):
        assert "ferric." + op not in text
    x = np.ones(4, np.float32)
    got = ferric.eval([x], e, target="cpu")
    want = np.float32(math.sin(0.5)) + 2.0 + 0.25 + 1.0
    assert_close(got, np.full(4, want), 1e-6)


def test_ir_names_each_op():
    x = E.input(0)
    e = (x.sin() + x.cos() + x.erf() + x.log1p() + x.expm1() + x.floor()
         + x.ceil() + x.round() + x.sign() + x.reciprocal())
    text = e.mlir(ferric.spec((8,), "f32"))
    for op in ("sin", "cos", "erf", "log1p", "expm1", "floor", "ceil",
               "round", "sign", "reciprocal"):
        assert "= ferric.%s %%" % op in text, op


def test_tensor_methods_eager_and_lazy():
    a = np.array([0.5, 1.5, -2.5, 3.0], np.float32)
    t = ferric.asarray(a)
    np.testing.assert_array_equal(np.asarray(t.round()), np.round(a))
    np.testing.assert_array_equal(np.asarray(t.clamp(0.0, 2.0)),
                                  np.clip(a, 0, 2))
    np.testing.assert_array_equal(np.asarray(t.clamp(max=1.0)),
                                  np.minimum(a, 1))
    with ferric.lazy():
        u = (t.sin() * t.sin() + t.cos() * t.cos()).clamp(min=t.sign())
        v = t.reciprocal().floor()
    assert_close(np.asarray(u), np.maximum(1.0, _sign(a)), 1e-6)
    np.testing.assert_array_equal(np.asarray(v), np.floor(1 / a))


def _matches_numpy_on(target, dt, n, rng, min_rtol=0.0, min_atol=0.0):
    """The new ops on `n` random values (and a few edge cases) in one
    kernel on `target`, against numpy: rounding ops exactly, the others
    within the dtype's tolerances (at least `min_rtol`, `min_atol`)."""
    v = np.concatenate([rng.uniform(-6, 6, n), [2.5, -0.5, 1e-7]])
    x, xr = make_input(v, dt)

    @ferric.jit(target=target)
    def ops(x):
        return (x.sin(), x.cos(), x.erf(), x.abs().log1p(), x.expm1(),
                x.floor(), x.ceil(), x.round(), x.sign(),
                x.clamp(-1.0, 1.0))

    got = ops(x)
    refs = list(_transcendental(xr).values()) + \
        list(_exact(xr).values()) + [np.clip(xr, -1, 1)]
    for i, (g, ref) in enumerate(zip(got, refs)):
        exact = i >= 5
        assert_close(np.asarray(g), ref,
                     0 if exact else max(RTOL[dt], min_rtol),
                     0 if exact else max(ATOL[dt], min_atol),
                     what="%s %s result %d" % (target, dt, i))


@vulkan
@pytest.mark.parametrize("dt", ["f32", "f16", "bf16"])
def test_vulkan_matches_numpy(dt, rng):
    _matches_numpy_on("vulkan", dt, 117, rng, min_rtol=4e-6, min_atol=1e-6)


@cuda
@pytest.mark.parametrize("dt", ["f32", "f16", "bf16", "f64"])
def test_cuda_matches_numpy(dt, rng):
    _matches_numpy_on("cuda", dt, 1021, rng)


def test_squeeze_drops_size_one_dims_without_a_copy():
    a = np.random.default_rng(7).random((1, 1, 4, 5)).astype(np.float32)
    w = np.random.default_rng(8).random((5, 3)).astype(np.float32)
    # Of an intermediate value: a collapse_shape in the IR, no copy.
    e = (E.input(0) * 2.0).squeeze((0, -3)).matmul(E.input(1))
    assert_close(ferric.eval([a, w], e), (a[0, 0] * 2.0) @ w, RTOL["f32"],
                 ATOL["f32"])
    assert "tensor.collapse_shape" in ferric.compile(e).mlir(a, w)
    # Of an input: the caller passes it again, viewed.
    e = E.input(0).squeeze(0).squeeze(0).matmul(E.input(1))
    assert_close(ferric.eval([a, w], e), a[0, 0] @ w, RTOL["f32"], ATOL["f32"])


def test_squeeze_errors():
    a = np.ones((1, 4), np.float32)
    with pytest.raises(ferric.ShapeError, match="dim 1 of shape"):
        ferric.eval([a], E.input(0).squeeze(1))
    with pytest.raises(ferric.ShapeError, match="out of range"):
        ferric.eval([a], E.input(0).squeeze(-3))
    with pytest.raises(ferric.ShapeError, match="not a scalar"):
        ferric.eval([a], E.input(0) + E.scalar(1.0).squeeze(0))
    for bad in ("x", (), [0.5], True):
        with pytest.raises(TypeError, match="squeeze"):
            E.input(0).squeeze(bad)


def _squeeze_then_matmul_on(target):
    a = np.random.default_rng(9).random((1, 1, 6, 5)).astype(np.float32)
    w = np.random.default_rng(10).random((5, 3)).astype(np.float32)
    e = (E.input(0) * 2.0).squeeze((0, 1)).matmul(E.input(1)).tanh()
    got = ferric.compile(e, target=target)(a, w)
    assert_close(got, np.tanh((a[0, 0] * 2.0) @ w), 1e-5, 1e-6, target)


@vulkan
def test_squeeze_then_matmul_on_vulkan():
    _squeeze_then_matmul_on("vulkan")


@cuda
def test_squeeze_then_matmul_on_cuda():
    _squeeze_then_matmul_on("cuda")
