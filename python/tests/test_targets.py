"""GPU targets: Vulkan and CUDA (skipped where the target cannot run)."""

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import make_input, assert_close

vulkan = pytest.mark.skipif(
    not ferric.target_available("vulkan"),
    reason="vulkan: %s" % ferric.target_unavailable_reason("vulkan"))
cuda = pytest.mark.skipif(
    not ferric.target_available("cuda"),
    reason="cuda: %s" % ferric.target_unavailable_reason("cuda"))


def _silu(x):
    return x / (1 + np.exp(-x))


@vulkan
def test_swiglu_vulkan_eval_style(rng):
    a = rng.standard_normal(4096).astype(np.float32)
    b = rng.standard_normal(4096).astype(np.float32)
    out = ferric.eval([a, b], E.input(0).silu() * E.input(1),
                      target="vulkan")
    assert_close(out, _silu(a.astype(np.float64)) * b, 1e-6, 1e-7)


@vulkan
def test_vulkan_static_shapes_and_multiple_results(rng):
    @ferric.jit(target="vulkan")
    def gate(a, b):
        s = a.silu()
        return s * b, s

    for n in (64, 100):  # a new static shape compiles again
        a = rng.standard_normal(n).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        r, s = gate(a, b)
        assert_close(r, _silu(a.astype(np.float64)) * b, 1e-6, 1e-7)
        assert_close(s, _silu(a.astype(np.float64)), 1e-6, 1e-7)
        assert "tensor<%dxf32>" % n in gate.mlir(a, b)


@vulkan
def test_vulkan_reduction_and_intermediate_size_one_broadcast(rng):
    # A reduce, then its keepdim result (an intermediate value) broadcast
    # back through tensor.collapse_shape.
    f = ferric.compile(lambda x: x - x.amax(dims=1, keepdim=True),
                       target="vulkan")
    x = rng.standard_normal((37, 65)).astype(np.float32)
    np.testing.assert_array_equal(f(x), x - x.max(axis=1, keepdims=True))


@vulkan
def test_vulkan_f16(rng):
    a = rng.standard_normal(255).astype(np.float16)
    out = ferric.compile(lambda a: a * 2.0, target="vulkan")(a)
    np.testing.assert_array_equal(out, a * np.float16(2))


@vulkan
def test_vulkan_bf16(rng):
    # bf16 buffers are 16-bit words, the arithmetic runs in f32 and rounds
    # to bf16 after each op, as on the CPU.
    x, _ = make_input(rng.standard_normal(1000), "bf16")
    y, _ = make_input(rng.standard_normal(1000), "bf16")
    f = lambda a, b: a.silu() * b
    got = ferric.compile(f, target="vulkan")(x, y)
    want = ferric.compile(f, target="cpu")(x, y)
    np.testing.assert_array_equal(np.asarray(got, np.float32),
                                  np.asarray(want, np.float32))


@vulkan
def test_vulkan_mask_result(rng):
    a = rng.standard_normal(1000).astype(np.float32)
    f = ferric.compile(lambda x: x > 0.0, target="vulkan")
    np.testing.assert_array_equal(f(a), a > 0)


@cuda
def test_swiglu_cuda_eval_style(rng):
    a = rng.standard_normal(100003).astype(np.float32)
    b = rng.standard_normal(100003).astype(np.float32)
    out = ferric.eval([a, b], E.input(0).silu() * E.input(1), target="cuda")
    assert_close(out, _silu(a.astype(np.float64)) * b, 1e-6, 1e-7)


@cuda
def test_cuda_dtypes_broadcast_and_reductions(rng):
    @ferric.jit(target="cuda")
    def block(x, bias, gamma):
        h = (x + bias).gelu()
        inv = ((h * h).mean(dims=1, keepdim=True) + 1e-6).rsqrt()
        return h * inv * gamma

    for dt, rtol in ((np.float32, 1e-5), (np.float16, 1e-2)):
        x = rng.standard_normal((16, 512)).astype(dt)
        bias = rng.standard_normal(512).astype(dt)
        gamma = rng.standard_normal(512).astype(dt)
        xr, br, gr = (v.astype(np.float64) for v in (x, bias, gamma))
        h = 0.5 * (xr + br) * (1 + np.tanh(np.sqrt(2 / np.pi) * (
            (xr + br) + 0.044715 * (xr + br) ** 3)))
        ref = h / np.sqrt((h * h).mean(1, keepdims=True) + 1e-6) * gr
        assert_close(block(x, bias, gamma), ref, rtol, rtol)


@cuda
def test_cuda_dynamic_shapes_share_an_executable(rng):
    f = ferric.compile(lambda a: a.exp(), target="cuda")
    f(np.zeros(10, np.float32))
    before = ferric.cache_stats()
    f(np.zeros(1000, np.float32))
    after = ferric.cache_stats()
    assert after.exe_hits == before.exe_hits + 1
    assert after.misses == before.misses
