"""Shapes the C API refuses before using them (issue 16): through ctypes, as
a hostile caller would fill a ferric_tensor. A rank of 2**62 used to be read
as rank 0 and a [2**62] f32 input (2**64 bytes, wrapping to 0) segfaulted.
The gtest unittests/CAPI/FerricCAPIShapesTest.cpp covers the same checks
from C."""

import ctypes

import numpy as np
import pytest

import ferric
from ferric import _capi

lib = _capi._lib

EXP = """func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""


@pytest.fixture
def exe():
    handle = ctypes.c_void_p()
    assert lib.ferric_compile(EXP.encode(), None, b"cpu", b"cache=0",
                              ctypes.byref(handle)) == 0
    yield handle
    lib.ferric_executable_free(handle)


def _run(exe, rank, dims, data):
    shape = (ctypes.c_int64 * max(len(dims), 1))(*dims)
    t = (_capi._Tensor * 1)(_capi._Tensor(2, rank, shape, data))
    out, nout = ctypes.POINTER(_capi._Tensor)(), ctypes.c_size_t()
    status = lib.ferric_run(exe, t, 1, ctypes.byref(out), ctypes.byref(nout))
    message = lib.ferric_last_error().decode()
    if status == 0:
        lib.ferric_tensors_free(out, nout)
    return status, message


@pytest.mark.parametrize("rank, dims, data, message", [
    (2**62, [4], True,
     "input 0 has rank 4611686018427387904; the rank must be 0 to 64"),
    (65, [1] * 65, True, "input 0 has rank 65; the rank must be 0 to 64"),
    (-1, [4], True, "input 0 has rank -1; the rank must be 0 to 64"),
    (1, [-4], True, "input 0 dim 0 is -4; dims must be >= 0"),
    (1, [2**62], False, "input 0 is too large: 4611686018427387904 "
                        "elements of f32 overflow a 64-bit byte size"),
    (2, [2**32, 2**32], False, "input 0 has too many elements: the product "
                               "of its dims overflows 64 bits"),
])
def test_refused_shapes(exe, rank, dims, data, message):
    buf = np.zeros(16, np.float32)
    status, got = _run(exe, rank, dims, buf.ctypes.data if data else None)
    assert (status, got) == (1, message)


def test_valid_shape_runs(exe):
    buf = np.zeros(16, np.float32)
    assert _run(exe, 1, [16], buf.ctypes.data) == (0, "")

