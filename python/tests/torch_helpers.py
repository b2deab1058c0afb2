"""Shared helpers of the ferric.torch tests (CPU target, torch 1.13 here)."""

import pytest

torch = pytest.importorskip("torch")

from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

import ferric.torch as ft  # noqa: E402

TOL = {torch.float32: (1e-5, 1e-6), torch.float64: (1e-12, 1e-12),
       torch.float16: (2e-3, 1e-3), torch.bfloat16: (2e-2, 1e-2)}


def assert_close(got, want, dtype=None):
    dtype = dtype or want.dtype
    rtol, atol = TOL.get(dtype, (0, 0))
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    torch.testing.assert_close(got, want, rtol=rtol, atol=atol)


def compile_fn(fn, *inputs, min_ops=1):
    """`fn` traced by make_fx and compiled through ferric on the CPU."""
    gm = make_fx(fn, decomposition_table=ft.decompositions())(*inputs)
    return ft.compile_fx(gm, list(inputs), target="cpu", min_ops=min_ops)


def ferric_ran(compiled):
    """The partitions of the last signature, all of which compiled and ran
    through ferric."""
    report = compiled.report
    assert report is not None
    for p in report.partitions:
        assert p.fallback is None, p
    return report.partitions
