"""numpy broadcasting, scalars and shape handling."""

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import assert_close


def test_rank_extension_uses_broadcast_ops(rng):
    x = rng.standard_normal((4, 8)).astype(np.float32)
    bias = rng.standard_normal(8).astype(np.float32)
    f = ferric.compile(lambda x, b: (x + b).relu())
    np.testing.assert_array_equal(f(x, bias), np.maximum(x + bias, 0))
    ir = f.mlir(x, bias)
    # The bias is broadcast along the added leading dim, with its size read
    # from the argument that has it.
    assert "ferric.broadcast %arg1 dims [0] sizes(" in ir
    assert "tensor.dim %arg0" in ir
    # Bias-add-ReLU is one kernel.
    assert "kernel launches: 3 -> 1" in f.report(x, bias)


def test_size_one_dims_of_inputs(rng):
    x = rng.standard_normal((4, 8)).astype(np.float32)
    col = rng.standard_normal((4, 1)).astype(np.float32)
    row = rng.standard_normal((1, 8)).astype(np.float32)
    s = np.float32(1.5) * np.ones((), np.float32)  # rank 0
    f = ferric.compile(lambda x, c, r, s: x * c + r - s)
    np.testing.assert_allclose(f(x, col, row, s), x * col + row - s,
                               rtol=1.2e-7, atol=1e-6)
    # Inputs with size-1 dims that broadcast are passed again, reshaped
    # without those dims (no copy on the Python side).
    ir = f.mlir(x, col, row, s)
    assert "%arg4: tensor<?xf32>" in ir and "%arg5: tensor<?xf32>" in ir
    assert "tensor<f32>" in ir


def test_size_one_dims_of_intermediates_softmax(rng):
    x = rng.standard_normal((5, 33)).astype(np.float32)

    @ferric.jit
    def softmax(x):
        e = (x - x.amax(dims=1, keepdim=True)).exp()
        return e / e.sum(dims=1, keepdim=True)

    e = np.exp(x - x.max(1, keepdims=True))
    assert_close(softmax(x), e / e.sum(1, keepdims=True), 1e-6, 1e-7)
    assert "tensor.collapse_shape" in softmax.mlir(x)


def test_broadcast_both_ways(rng):
    a = rng.standard_normal((3, 1)).astype(np.float64)
    b = rng.standard_normal((1, 4)).astype(np.float64)
    c = rng.standard_normal(4).astype(np.float64)
    got = ferric.compile(lambda a, b, c: ferric.where(a > b, a, c))(a, b, c)
    np.testing.assert_array_equal(got, np.where(a > b, a, c))


def test_python_and_numpy_scalars(rng):
    x = rng.standard_normal(16).astype(np.float16)
    f = ferric.compile(lambda x: (x * 3 + np.float32(0.5)) / 2.0 - 1)
    ref = ((x * np.float16(3) + np.float16(0.5)) / np.float16(2)
           - np.float16(1))
    # Each op rounds to f16 as numpy's float16 arithmetic does.
    np.testing.assert_array_equal(f(x), ref)
    assert "arith.constant 3.0 : f16" in f.mlir(x)


def test_scalar_on_the_left():
    x = np.array([0.5, 1.0, 2.0, 4.0], np.float32)
    got = ferric.compile(lambda x: (1 - x, 2 / x, 2 ** x, 3 * x, 1 + x))(x)
    for g, ref in zip(got, [1 - x, 2 / x, 2 ** x, 3 * x, 1 + x]):
        np.testing.assert_allclose(g, ref, rtol=1.2e-7)


def test_special_constants():
    x = np.array([1.0, -2.0, 0.0], np.float32)
    e = ferric.where(E.input(0) > 0, E.input(0), float("-inf")).max(
        float("nan"))
    got = ferric.eval([x], e)
    assert np.isnan(got).all()
    got = ferric.eval([x], ferric.where(E.input(0) > 0, E.input(0),
                                        float("-inf")))
    np.testing.assert_array_equal(got, [1.0, -np.inf, -np.inf])


def test_incompatible_shapes_raise_before_compiling(rng):
    f = ferric.compile(lambda a, b: a + b)
    before = ferric.cache_stats()
    with pytest.raises(ferric.ShapeError,
                       match=r"'add': shapes \(4, 8\) and \(4, 9\) cannot be "
                             r"broadcast together"):
        f(np.zeros((4, 8), np.float32), np.zeros((4, 9), np.float32))
    after = ferric.cache_stats()
    assert after.misses == before.misses and after.hits == before.hits


def test_matmul_shape_errors():
    f = ferric.compile(lambda a, b: a @ b)
    with pytest.raises(ferric.ShapeError, match=r"matmul: shapes \(2, 3\) "
                                                r"and \(4, 5\) do not fit"):
        f(np.zeros((2, 3), np.float32), np.zeros((4, 5), np.float32))
    with pytest.raises(ferric.ShapeError, match="two 2-D or two 3-D"):
        f(np.zeros(3, np.float32), np.zeros((3, 5), np.float32))


def test_reduce_dim_out_of_range():
    f = ferric.compile(lambda a: a.sum(dims=2))
    with pytest.raises(ferric.ShapeError, match=r"dim 2 is out of range for "
                                                r"shape \(2, 3\)"):
        f(np.zeros((2, 3), np.float32))


def test_dynamic_shapes_share_an_executable(rng):
    f = ferric.compile(lambda a, b: a.silu() * b)
    for n in (7, 64, 1000):
        a = rng.standard_normal(n).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        before = ferric.cache_stats()
        assert_close(f(a, b), a / (1 + np.exp(-a)) * b, 1e-6, 1e-7)
        after = ferric.cache_stats()
        if n != 7:  # same IR (tensor<?xf32>): no new compile
            assert after.exe_hits == before.exe_hits + 1
            assert after.misses == before.misses
            assert after.hits == before.hits
    # A size-1 dim is part of the signature: a new function.
    assert "tensor<1xf32>" in f.mlir(np.zeros(1, np.float32),
                                     np.zeros(1, np.float32))


def test_empty_and_rank0_tensors():
    f = ferric.compile(lambda a: a.exp() + 1.0)
    out = f(np.zeros((0, 3), np.float32))
    assert out.shape == (0, 3) and out.dtype == np.float32
    out = f(np.float64(2.0))
    assert out.shape == () and out == np.exp(2.0) + 1
