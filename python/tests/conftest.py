"""Shared fixtures of the ferric package tests.

The tests use a private kernel cache ($XDG_CACHE_HOME/ferric) so that cache
statistics start from a known state and nothing is left in the user's cache.
"""

import os
import shutil
import tempfile

import numpy as np
import pytest

_cache_dir = tempfile.mkdtemp(prefix="ferric-pytest-cache-")
os.environ["XDG_CACHE_HOME"] = _cache_dir

import ferric  # noqa: E402  (after XDG_CACHE_HOME is set)


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_cache_dir, ignore_errors=True)


@pytest.fixture
def rng():
    return np.random.default_rng(1234)


# Tolerances by result dtype, for results compared with a float64 numpy
# reference computed from the same (already rounded) inputs.
#  - f64: libm-quality results are within a few ULP (2.2e-16 each).
#  - f32: correctly rounded ops (+ - * / sqrt, ...) are within 0.5 ULP
#    (6e-8); transcendental functions come from libm/libdevice within a few
#    ULP, so 1e-6 relative covers them with margin.
#  - f16: every op computes in f32 and rounds once, so results are within
#    0.5 ULP of f16 (4.9e-4 relative) plus the tiny f32 error: 1e-3.
#  - bf16: likewise 0.5 ULP of bf16 is 3.9e-3 relative: 1e-2.
# The absolute parts only matter near zero, where the relative error of a
# formula with cancellation (GELU's 1 + tanh(z) for negative x) is large
# but its absolute error stays at |x| times the f32/f64 epsilon.
RTOL = {"f64": 1e-13, "f32": 1e-6, "f16": 1e-3, "bf16": 1e-2}
ATOL = {"f64": 1e-15, "f32": 1e-6, "f16": 1e-6, "bf16": 1e-5}
# f32 ops that are correctly rounded: within 0.5 ULP, so 1.2e-7 (1 ULP) is
# a strict bound.
EXACT_F32_RTOL = 1.2e-7

NUMPY_DTYPE = {"f16": np.float16, "f32": np.float32, "f64": np.float64}


def make_input(values, dtype):
    """`values` (float64) as a ferric input of `dtype`, and the float64
    values it actually holds (after rounding)."""
    if dtype == "bf16":
        x = ferric.bf16(values)
        return x, np.asarray(x, dtype=np.float64)
    x = np.asarray(values).astype(NUMPY_DTYPE[dtype])
    return x, x.astype(np.float64)


def assert_close(got, ref, rtol, atol=0.0, what=""):
    got = np.asarray(got, dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    assert got.shape == ref.shape, "%s: shape %s != %s" % (
        what, got.shape, ref.shape)
    err = np.abs(got - ref)
    bound = atol + rtol * np.abs(ref)
    bad = ~((err <= bound) | (np.isnan(got) & np.isnan(ref)))
    if bad.any():
        i = np.unravel_index(np.argmax(np.where(bad, err - bound, -np.inf)),
                             got.shape)
        raise AssertionError(
            "%s: %d of %d elements off (rtol %g, atol %g); worst at %s: got "
            "%r, expected %r" % (what, bad.sum(), bad.size, rtol, atol, i,
                                 got[i], ref[i]))
